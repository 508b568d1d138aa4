// intent-core for JavaScript and TypeScript (docs/spec.md §13): the declarations of both
// entries (browser.js and node.js export the same names).

export * from "./core.js";
export * from "./client.js";
export * from "./generated/objects.js";
export * from "./helpers.js";
export * from "./steps.js";
export * from "./verify.js";
export type * from "./generated/types.js";

/**
 * Loads the WebAssembly modules: the core module from `source` (a URL or its text, a
 * Request, a Response, the bytes, or a compiled module) or, without one, from the `.wasm`
 * next to the entry; outside Node also the second module (the objects of the service's
 * answers and records, changedPaths, checkExecute) from `extraSource` or the `.wasm` next
 * to the entry. Idempotent; Node's entry loads the core module at import and the second at
 * its first use, so there it resolves at once. Rejects with an Error that says where it
 * tried to load from.
 */
export declare function init(
  source?: URL | string | Request | Response | BufferSource | WebAssembly.Module,
  extraSource?: URL | string | Request | Response | BufferSource | WebAssembly.Module,
): Promise<void>;
/** Whether the module is loaded: every other function throws until it is. */
export declare function isLoaded(): boolean;
