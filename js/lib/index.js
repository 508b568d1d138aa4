// intent-core for JavaScript and TypeScript (docs/spec.md §13): the same canonical hash,
// digests and checks as the Rust library, compiled to WebAssembly. Works in Node 20
// (ESM) and in browsers; see README.md, "JavaScript / TypeScript".

export * from "./core.js";
export * from "./objects.js";
