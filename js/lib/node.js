// The package's entry for Node (the `node` condition of package.json): the `.wasm` next to
// this file is read and instantiated synchronously at import, so every function works at
// once and `require()` of this module works where Node can require ES modules (no
// top-level await). `init()` is there for code shared with browsers; it resolves at once.

import { readFileSync } from "node:fs";

import { loadSync, setDefaultSource } from "./load.js";

export * from "./core.js";
export { createClient } from "./client.js";
export * from "./generated/objects.js";
export * from "./helpers.js";
export * from "./steps.js";
export { verifyQuote } from "./verify.js";
export { init, isLoaded } from "./load.js";

const wasmUrl = new URL("./wasm/intent_core_wasm_bg.wasm", import.meta.url);
setDefaultSource(wasmUrl);
loadSync(readFileSync(wasmUrl));
