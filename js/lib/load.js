// Loading the WebAssembly modules, once each: `init(source, extraSource)` (async,
// idempotent) for any host, `loadSync(bytes)` for Node's entry, which reads the core module
// beside it at import. The package has two modules (docs/spec.md §13): the core module
// (the quote's objects, digests, typed data, the intent-address checks), which every entry
// loads, and the second module (every other object, changedPaths, checkExecute), which
// only the full entries (browser.js, node.js) know: they hand it over with provideExtra(),
// and Node's reads it at its first use. The core entry (core-entry.js) never loads it.
// What does not live here: choosing the default sources (the entries do, so that bundlers
// see each `.wasm` next to the entry) and the functions themselves (core.js).

import initCore, { initSync as initCoreSync } from "./wasm/intent_core_wasm.js";

/** A module's state: its glue's loaders, whether it is loaded, the load in progress, its default source. */
function moduleState(what, initAsync, initSync) {
  return { what, initAsync, initSync, glue: null, loaded: false, pending: null, source: null, read: null, failure: null };
}

const core = moduleState("the WebAssembly module", initCore, initCoreSync);
const extra = moduleState("the second WebAssembly module", null, null);

/** Whether the core module is loaded (the functions throw until it is). */
export function isLoaded() {
  return core.loaded;
}

/** Node's entry: compiles and instantiates the core module's `bytes` synchronously. */
export function loadSync(bytes) {
  if (!core.loaded) core.initSync({ module: bytes });
  core.loaded = true;
}

/** The entry's default source of the core module, a URL next to it. */
export function setDefaultSource(source) {
  core.source = source;
}

/**
 * A full entry: the second module's glue (`wasm/intent_core_extra.js`), its default source
 * (a URL next to the entry, or null), and in Node a function that reads its bytes, so that
 * it is compiled synchronously at its first use rather than at import.
 */
export function provideExtra(glue, source, read = null) {
  extra.glue = glue;
  extra.initAsync = glue.default;
  extra.initSync = glue.initSync;
  extra.source = source;
  extra.read = read;
}

/**
 * The second module's functions, for `what` (the function or object that needs them):
 * loaded, or read and compiled now in Node. Throws where the entry does not load it (the
 * core entry) or where it is not loaded yet.
 */
export function extraModule(what) {
  if (extra.loaded) return extra.glue;
  if (extra.glue === null) {
    throw new Error(
      `intent-core: ${what} is in the package's second WebAssembly module, which the entry \`intent-core/core\` does not load: ` +
        'import it from "intent-core" (docs/spec.md §13)',
    );
  }
  if (extra.read !== null) {
    extra.initSync({ module: extra.read() });
    extra.loaded = true;
    return extra.glue;
  }
  const failed = extra.failure === null ? "" : ` (its load failed: ${extra.failure.message})`;
  throw new Error(
    `intent-core: ${what} needs the second WebAssembly module, which is not loaded${failed}: \`await init()\` first, ` +
      "or `init(source, extraSource)` where the bundle does not emit its .wasm (docs/spec.md §13)",
    extra.failure === null ? undefined : { cause: extra.failure },
  );
}

function describe(source) {
  if (source instanceof URL || typeof source === "string") return String(source);
  return source?.constructor?.name ?? typeof source;
}

function start(module, source) {
  const attempt = Promise.resolve()
    .then(() => module.initAsync({ module_or_path: source }))
    .then(
      () => {
        module.loaded = true;
        module.pending = null;
      },
      (cause) => {
        module.pending = null;
        throw new Error(
          `intent-core: ${module.what} could not be loaded from ${describe(source)} (${cause?.message ?? cause}); ` +
            "pass its URL, a Response, its bytes (`intent-core/wasm-bytes`, `intent-core/wasm-extra-bytes`) or a WebAssembly.Module to init() (docs/spec.md §13)",
          { cause },
        );
      },
    );
  module.pending = attempt;
  return attempt;
}

/**
 * Loads `module` from `source` or its default source. Idempotent: once loaded it resolves
 * at once and ignores `source`; a load in progress is awaited, and when it fails a `source`
 * given here is tried. With `required` false, a module with no source at all is left
 * unloaded instead of failing.
 */
async function ensure(module, source, required) {
  if (module.loaded) return;
  if (module.pending !== null) {
    try {
      await module.pending;
      return;
    } catch (error) {
      // Another caller's load may have succeeded meanwhile; else only a new source helps.
      if (module.loaded) return;
      if (source === undefined) throw error;
    }
  }
  if (module.loaded) return;
  if (module.pending === null && source === undefined && module.source === null) {
    if (!required) return;
    throw new Error(
      "intent-core: no WebAssembly module to load: this bundle has no import.meta.url to find the .wasm by; " +
        "pass its URL, a Response, its bytes (`intent-core/wasm-bytes`) or a WebAssembly.Module to init() (docs/spec.md §13)",
    );
  }
  // A concurrent caller may have started the load with its source already.
  await (module.pending ?? start(module, source ?? module.source));
}

/**
 * Loads the modules: the core module from `source` (a URL or its text, a Request, a
 * Response, the bytes as a BufferSource, or a compiled WebAssembly.Module) or, without one,
 * from the `.wasm` next to the entry; in a full entry outside Node also the second module,
 * from `extraSource` or the `.wasm` next to the entry (without either it stays unloaded,
 * and the functions that need it say so). Idempotent: once loaded it resolves at once and
 * ignores the sources; a load in progress is awaited, and when it fails a source given here
 * is tried. A failure rejects with an Error that says where it loaded from; the next call
 * tries again.
 */
export async function init(source, extraSource) {
  const loads = [ensure(core, source, true)];
  if (extra.glue !== null && extra.read === null) {
    // The automatic load of the second module failing (a bundle that emitted only the core
    // `.wasm`) leaves it unloaded; the functions that need it then say why. A source given
    // here must load.
    const load = ensure(extra, extraSource, false).then(
      () => {
        extra.failure = null;
      },
      (error) => {
        if (extraSource !== undefined) throw error;
        extra.failure = error;
      },
    );
    loads.push(load);
  }
  await Promise.all(loads);
}
