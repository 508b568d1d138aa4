// The package's entry for browsers and bundlers (the `browser` and `default` conditions of
// package.json): no `node:` import and no top-level await. The `.wasm` is named with
// `new URL(…, import.meta.url)`, which Vite and webpack 5 emit as an asset; loading starts
// at import, and `await init()` waits for it (or loads from a source the page gives:
// esbuild's file loader, `intent-core/wasm-bytes`, a CDN, bytes). See README.md,
// "JavaScript / TypeScript". Where the bundle has no `import.meta.url` (esbuild's default
// iife format) nothing loads at import, and `init(source)` needs its source.

import { init, setDefaultSource } from "./load.js";

export * from "./core.js";
export { createClient } from "./client.js";
export * from "./generated/objects.js";
export * from "./helpers.js";
export * from "./steps.js";
export { verifyQuote } from "./verify.js";
export { init, isLoaded } from "./load.js";

/** The `.wasm` beside this module, or null where the bundle has no `import.meta.url` (esbuild's iife). */
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
