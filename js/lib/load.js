// Loading the WebAssembly module, once: `init(source)` (async, idempotent) for any host,
// `loadSync(bytes)` for Node's entry, which reads the file beside it at import. What does
// not live here: choosing the default source (the entries browser.js and node.js do, so
// that bundlers see the `.wasm` next to the entry) and the functions themselves (core.js).

import initWasm, { initSync } from "./wasm/intent_core_wasm.js";

let loaded = false;
/** The load in progress, or null. */
let pending = null;
/** The source the entry loads from when init() is called without one. */
let defaultSource = null;

/** Whether the module is loaded (the functions throw until it is). */
export function isLoaded() {
  return loaded;
}

/** Node's entry: compiles and instantiates `bytes` synchronously. */
export function loadSync(bytes) {
  if (!loaded) initSync({ module: bytes });
  loaded = true;
}

/** The entry's default source, a URL next to it; the browser entry starts loading it at once. */
export function setDefaultSource(source) {
  defaultSource = source;
}

function describe(source) {
  if (source instanceof URL || typeof source === "string") return String(source);
  return source?.constructor?.name ?? typeof source;
}

function start(source) {
  const attempt = Promise.resolve()
    .then(() => initWasm({ module_or_path: source }))
    .then(
      () => {
        loaded = true;
        pending = null;
      },
      (cause) => {
        pending = null;
        throw new Error(
          `intent-core: the WebAssembly module could not be loaded from ${describe(source)} (${cause?.message ?? cause}); ` +
            "pass its URL, a Response, its bytes (`intent-core/wasm-bytes`) or a WebAssembly.Module to init() (docs/spec.md §13)",
          { cause },
        );
      },
    );
  pending = attempt;
  return attempt;
}

/**
 * Loads the module: from `source` (a URL or its text, a Request, a Response, the bytes as a
 * BufferSource, or a compiled WebAssembly.Module) or, without one, from the `.wasm` next to
 * the entry. Idempotent: once loaded it resolves at once and ignores `source`; a load in
 * progress is awaited, and when it fails a `source` given here is tried. A failure rejects
 * with an Error that says where it loaded from; the next call tries again.
 */
export async function init(source) {
  if (loaded) return;
  if (pending !== null) {
    try {
      await pending;
      return;
    } catch (error) {
      // Another caller's load may have succeeded meanwhile; else only a new source helps.
      if (loaded) return;
      if (source === undefined) throw error;
    }
  }
  if (loaded) return;
  if (pending === null && source === undefined && defaultSource === null) {
    throw new Error(
      "intent-core: no WebAssembly module to load: this bundle has no import.meta.url to find the .wasm by; " +
        "pass its URL, a Response, its bytes (`intent-core/wasm-bytes`) or a WebAssembly.Module to init() (docs/spec.md §13)",
    );
  }
  // A concurrent caller may have started the load with its source already.
  await (pending ?? start(source ?? defaultSource));
}
