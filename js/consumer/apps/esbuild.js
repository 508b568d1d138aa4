// The app esbuild bundles (test/bundlers.test.mjs): esbuild does not follow
// `new URL(…, import.meta.url)`, so the app names the `.wasm` through the package's
// `intent-core/wasm` export, which esbuild's `file` loader emits and turns into its URL.
import { canonicalHash, init } from "intent-core";
import wasmUrl from "intent-core/wasm";

import text from "./intent-text.js";

init(wasmUrl).then(
  () => {
    window.__result = { hash: canonicalHash(text) };
  },
  (error) => {
    window.__result = { error: String(error) };
  },
);
