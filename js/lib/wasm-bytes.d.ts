// `intent-core/wasm-bytes` (dist/wasm-bytes.js, written by scripts/build.mjs): the package's
// core WebAssembly module as bytes, for `init(bytes)` where a bundler does not emit the `.wasm`
// (esbuild with its defaults).

/** The `.wasm` of the package, to pass to `init()`. */
declare const bytes: ArrayBuffer;
export default bytes;
