// binaryen's `wasm-opt` (the exactly pinned devDependency `binaryen`) as `npm run build`
// runs it over wasm-bindgen's output, and the WebAssembly features it must accept: those
// rustc emits for wasm32-unknown-unknown after wasm-bindgen (binaryen refuses a module
// that uses a feature not enabled, so a new one fails the build loudly).
// The passes are the ones BENCHMARKS.md ("The JavaScript package") measured best for the
// gzipped size without slowing the hash; `npm run bench:variants` measures the others.

import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = fileURLToPath(new URL("../", import.meta.url));

export const WASM_OPT_FEATURES = ["--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals"];

export const WASM_OPT_PASSES = ["--duplicate-function-elimination", "--merge-similar-functions"];

/** Runs wasm-opt with the build's passes over `file`, in place. */
export function wasmOpt(file) {
  const bin = join(packageDir, "node_modules/binaryen/bin/wasm-opt");
  if (!existsSync(bin)) throw new Error("build: no wasm-opt; run `npm ci` in js/ (binaryen is a devDependency)");
  const args = [...WASM_OPT_PASSES, ...WASM_OPT_FEATURES, "--strip-debug", "--strip-producers", file, "-o", file];
  console.log(`$ wasm-opt ${args.join(" ")}`);
  execFileSync(process.execPath, [bin, ...args], { stdio: "inherit" });
}
