// The app esbuild bundles with its defaults (test/bundlers.test.mjs: no loader, no plugin):
// esbuild does not emit the `.wasm` that `new URL(…, import.meta.url)` names, so the app
// takes the module's bytes from `intent-core/wasm-bytes`, a JavaScript module.
import { canonicalHash, init } from "intent-core";
import wasm from "intent-core/wasm-bytes";

import text from "./intent-text.js";

// In esbuild's default (iife) format there is no import.meta.url: nothing loads at import,
// and init() without a source says to pass one.
init()
  .then(
    () => "loaded without a source",
    (error) => error.message,
  )
  .then((withoutSource) =>
    init(wasm).then(
      () => {
        window.__result = { hash: canonicalHash(text), withoutSource };
      },
      (error) => {
        window.__result = { error: String(error) };
      },
    ),
  );
