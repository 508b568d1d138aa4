// The app Vite and webpack 5 bundle (test/bundlers.test.mjs): the package as a dApp imports
// it, the `.wasm` found by the bundler from the package's own reference to it.
import { canonicalHash, init } from "intent-core";

import text from "./intent-text.js";

init().then(
  () => {
    window.__result = { hash: canonicalHash(text) };
  },
  (error) => {
    window.__result = { error: String(error) };
  },
);
