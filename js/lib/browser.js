// The package's entry for browsers and bundlers (the `browser` and `default` conditions of
// package.json): no `node:` import and no top-level await. Both `.wasm` files (the core
// module and the second one, load.js) are named with `new URL(…, import.meta.url)`, which
// Vite and webpack 5 emit as assets; loading starts at import, and `await init()` waits for
// it (or loads from the sources the page gives: esbuild's file loader,
// `intent-core/wasm-bytes` and `intent-core/wasm-extra-bytes`, a CDN, bytes). See
// README.md, "JavaScript / TypeScript". Where the bundle has no `import.meta.url`
// (esbuild's default iife format) nothing loads at import, and `init(source, extraSource)`
// needs its sources. A page that needs only the core module imports `intent-core/core`.

import { init, provideExtra, setDefaultSource } from "./load.js";
import * as extraGlue from "./wasm/intent_core_extra.js";

export * from "./core.js";
export { createClient } from "./client.js";
export * from "./generated/objects.js";
export * from "./helpers.js";
export * from "./steps.js";
export { verifyQuote } from "./verify.js";
export { init, isLoaded } from "./load.js";

/** The `.wasm` files beside this module, or null where the bundle has no `import.meta.url` (esbuild's iife). */
function besideThisModule() {
  try {
    return [new URL("./wasm/intent_core_wasm_bg.wasm", import.meta.url), new URL("./wasm/intent_core_extra_bg.wasm", import.meta.url)];
  } catch {
    return null;
  }
}

const wasmUrls = besideThisModule();
provideExtra(extraGlue, wasmUrls?.[1] ?? null);
if (wasmUrls !== null) {
  setDefaultSource(wasmUrls[0]);
  // The automatic load; its failure is reported by init(), never as an unhandled rejection.
  init().catch(() => {});
}
