// The entry `intent-core/core` for browsers and bundlers: what a dApp needs before and
// while it deposits (canonical hash, digests and typed data, the quote's objects,
// verifyQuote, the viem steps, the client), over the core WebAssembly module alone (load.js):
// a page that imports it loads only that `.wasm`. The objects of the second module, changedPaths
// and checkExecute are the full entry's (`intent-core`); called here they throw and say so.
// Loading works as in browser.js: from `new URL(…, import.meta.url)` at import, or
// `init(source)` (`intent-core/wasm-bytes`) where the bundle has no `import.meta.url`.

import { init, setDefaultSource } from "./load.js";

export * from "./core-exports.js";

/** The core `.wasm` beside this module, or null where the bundle has no `import.meta.url` (esbuild's iife). */
function besideThisModule() {
  try {
    return new URL("./wasm/intent_core_wasm_bg.wasm", import.meta.url);
  } catch {
    return null;
  }
}

const wasmUrl = besideThisModule();
if (wasmUrl !== null) {
  setDefaultSource(wasmUrl);
  // The automatic load; its failure is reported by init(), never as an unhandled rejection.
  init().catch(() => {});
}
