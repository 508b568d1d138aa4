// The entry `intent-core/core` for Node: core-browser.js's names, the core `.wasm` next to
// this file read and instantiated synchronously at import (as node.js does); the second
// module is never loaded.

import { readFileSync } from "node:fs";

import { loadSync, setDefaultSource } from "./load.js";

export * from "./core-exports.js";

const wasmUrl = new URL("./wasm/intent_core_wasm_bg.wasm", import.meta.url);
setDefaultSource(wasmUrl);
loadSync(readFileSync(wasmUrl));
