// intent-core for JavaScript and TypeScript (docs/spec.md §13).

export * from "./core.js";
export * from "./objects.js";
export type * from "./types.js";
