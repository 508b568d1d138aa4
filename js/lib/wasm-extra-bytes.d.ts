// `intent-core/wasm-extra-bytes` (dist/wasm-extra-bytes.js, written by scripts/build.mjs):
// the package's second WebAssembly module as bytes, for `init(bytes, extraBytes)` where a
// bundler does not emit the `.wasm` (esbuild with its defaults).

/** The second `.wasm` of the package, to pass to `init()` after the core module's bytes. */
declare const bytes: ArrayBuffer;
export default bytes;
