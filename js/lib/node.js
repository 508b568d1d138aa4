// The package's entry for Node (the `node` condition of package.json): the core `.wasm`
// next to this file is read and instantiated synchronously at import, so every function
// works at once and `require()` of this module works where Node can require ES modules (no
// top-level await); the second `.wasm` (the objects and functions of load.js's second
// module) is read and instantiated synchronously at the first call that needs it.
// `init()` is there for code shared with browsers; it resolves at once.

import { readFileSync } from "node:fs";

import { loadSync, provideExtra, setDefaultSource } from "./load.js";
import * as extraGlue from "./wasm/intent_core_extra.js";

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
const extraUrl = new URL("./wasm/intent_core_extra_bg.wasm", import.meta.url);
provideExtra(extraGlue, extraUrl, () => readFileSync(extraUrl));
