// `npm run bench:variants` in js/ (after `npm run build`): the build choices of
// BENCHMARKS.md, "The JavaScript package", measured in one interleaved run. Each variant
// is the core module (`--features core-module`, the module every entry loads) built by
// cargo (the `wasm` profile, or that profile with one override),
// passed through wasm-bindgen as `npm run build` does, and optionally through binaryen's
// `wasm-opt` at one level; for each the script prints its size (raw, gzip -9, brotli 11),
// `canonical_hash` of the raw text per intent (the module's own export, so the
// JavaScript around it is the same for all), interleaved with the native runner
// (js/examples/native_bench.rs) and with every other variant, and start-up in a fresh
// Node process (compile the bytes, instantiate, hash one intent). Timing only: nothing is
// asserted. The variants are written to bench/variants/ (ignored by git).

import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

import { WASM_OPT_FEATURES, WASM_OPT_PASSES } from "../scripts/wasm-opt.mjs";
import { startNative, targetDirectory } from "./native.mjs";

const packageDir = fileURLToPath(new URL("../", import.meta.url));
const repo = fileURLToPath(new URL("../../", import.meta.url));
const out = join(packageDir, "bench/variants");
const corpusPath = join(repo, "benches/data/intents.jsonl");
const ROUNDS = 21;
const WARMUP = 3;

const run = (command, args, options = {}) =>
  execFileSync(command, args, { cwd: repo, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], ...options });
const cargoOutput = join(targetDirectory(), "wasm32-unknown-unknown/wasm/intent_core_wasm.wasm");
const wasmOpt = join(packageDir, "node_modules/binaryen/bin/wasm-opt");

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** Builds the crate with `config` overrides and runs wasm-bindgen: the variant's directory. */
function cargoVariant(name, config) {
  const args = ["build", "-q", "--profile", "wasm", "--locked", "--target", "wasm32-unknown-unknown", "-p", "intent-core-wasm", "--no-default-features", "--features", "core-module"];
  for (const c of config) args.push("--config", c);
  run("cargo", args, { stdio: "inherit" });
  const dir = join(out, name);
  run("wasm-bindgen", ["--target", "web", "--no-typescript", "--remove-name-section", "--remove-producers-section", "--out-dir", dir, cargoOutput], {
    stdio: "inherit",
  });
  return dir;
}

/** A variant of `from` through `wasm-opt` with `flags`. */
function optVariant(from, name, flags) {
  const dir = join(out, name);
  mkdirSync(dir);
  copyFileSync(join(from, "intent_core_wasm.js"), join(dir, "intent_core_wasm.js"));
  run(process.execPath, [wasmOpt, ...flags, ...WASM_OPT_FEATURES, join(from, "intent_core_wasm_bg.wasm"), "-o", join(dir, "intent_core_wasm_bg.wasm")], {
    stdio: "inherit",
  });
  return dir;
}

const variants = [];
// INTENT_CORE_VARIANTS_CARGO=0 skips the variants that rebuild the crate.
if (process.env.INTENT_CORE_VARIANTS_CARGO !== "0") {
  const o3 = cargoVariant("o3", ["profile.wasm.opt-level=3"]);
  variants.push(["the profile at opt-level 3, no wasm-opt", o3]);
  variants.push(["opt-level 3, wasm-opt " + WASM_OPT_PASSES.join(" "), optVariant(o3, "o3-build", WASM_OPT_PASSES)]);
  const lib3 = cargoVariant("core-o3", ["profile.wasm.package.intent-core.opt-level=3"]);
  variants.push(["library at opt-level 3 (`profile.wasm.package.intent-core.opt-level=3`), wasm-opt " + WASM_OPT_PASSES.join(" "), optVariant(lib3, "core-o3-build", WASM_OPT_PASSES)]);
  const z = cargoVariant("z", ["profile.wasm.opt-level=\"z\""]);
  variants.push(["the profile at opt-level z (keccak, sha3, alloy-primitives still 3), no wasm-opt", z]);
  variants.push(["opt-level z, wasm-opt " + WASM_OPT_PASSES.join(" "), optVariant(z, "z-build", WASM_OPT_PASSES)]);
}
// Last, so that the target directory is left as `npm run build` builds it.
const base = cargoVariant("s", []);
variants.push(["the `wasm` profile (opt-level s; keccak, sha3, alloy-primitives 3), no wasm-opt", base]);
const seen = new Set();
for (const flags of [["-Oz"], ["-Os"], ["-O3"], ["--duplicate-function-elimination", "--merge-similar-functions"], WASM_OPT_PASSES]) {
  if (seen.has(flags.join(" "))) continue;
  seen.add(flags.join(" "));
  const build = flags === WASM_OPT_PASSES ? " (the build's)" : "";
  variants.push([`the same, wasm-opt ${flags.join(" ")}${build}`, optVariant(base, `s${flags.join("").replace(/[^A-Za-z0-9]/g, "")}`, flags)]);
}

const texts = readFileSync(corpusPath, "utf8").split("\n").filter((line) => line !== "");
const inputs = texts.map((text) => new TextEncoder().encode(text));

// Each variant's glue as its own module instance (a distinct URL), loaded with its bytes.
const loaded = [];
for (const [what, dir] of variants) {
  const glue = await import(`${pathToFileURL(join(dir, "intent_core_wasm.js"))}?variant=${loaded.length}`);
  const bytes = readFileSync(join(dir, "intent_core_wasm_bg.wasm"));
  glue.initSync({ module: bytes });
  loaded.push({ what, dir, glue, bytes });
}

const native = startNative(corpusPath);
const ask = native.ask;
const nativeHashes = (await ask("hashes")).split(",");
for (const { what, glue } of loaded) {
  inputs.forEach((input, i) => {
    if (glue.canonical_hash("Intent", input) !== nativeHashes[i]) throw new Error(`${what}: intent ${i} hashes differently`);
  });
}

function pass(glue) {
  const start = process.hrtime.bigint();
  for (const input of inputs) glue.canonical_hash("Intent", input);
  return Number(process.hrtime.bigint() - start) / inputs.length;
}
const measures = [async () => Number(await ask("pass")) / inputs.length, ...loaded.map(({ glue }) => () => pass(glue))];
const samples = measures.map(() => []);
for (let round = 0; round < WARMUP + ROUNDS; round++) {
  for (let k = 0; k < measures.length; k++) {
    const m = (round + k) % measures.length;
    const perItem = await measures[m]();
    if (round >= WARMUP) samples[m].push(perItem / 1000);
  }
}
native.stop();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Start-up: a fresh process compiles the variant's bytes, instantiates them and hashes one intent.
const startupScript = (dir) =>
  `import { readFileSync } from "node:fs"; const t0 = performance.now(); const g = await import(${JSON.stringify(String(pathToFileURL(join(dir, "intent_core_wasm.js"))))}); ` +
  `g.initSync({ module: readFileSync(${JSON.stringify(join(dir, "intent_core_wasm_bg.wasm"))}) }); g.canonical_hash("Intent", new TextEncoder().encode(${JSON.stringify(texts[0])})); console.log(performance.now() - t0);`;
const startup = loaded.map(() => []);
for (let round = 0; round < 15; round++) {
  for (let k = 0; k < loaded.length; k++) {
    const v = (round + k) % loaded.length;
    startup[v].push(Number(execFileSync(process.execPath, ["--input-type=module", "-e", startupScript(loaded[v].dir)], { encoding: "utf8" }).trim()));
  }
}

const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
const brotli = (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const nativeMedian = median(samples[0]);
const fmt = (n) => n.toLocaleString("en");
let table = `Node ${process.version}, ${texts.length} intents, ${ROUNDS} interleaved rounds; native \`from_slice::<Intent>\` + \`canonical_hash\`: ${nativeMedian.toFixed(1)} µs per intent\n\n`;
table += "| variant | raw | gzip -9 | brotli 11 | `canonical_hash(text)` per intent | / native | compile + first hash, fresh process (median of 15) |\n|---|---|---|---|---|---|---|\n";
loaded.forEach(({ what, bytes }, i) => {
  const t = median(samples[i + 1]);
  table += `| ${what} | ${fmt(bytes.length)} B | ${fmt(gzip(bytes))} B | ${fmt(brotli(bytes))} B | ${t.toFixed(1)} µs | ${(t / nativeMedian).toFixed(2)}× | ${median(startup[i]).toFixed(1)} ms |\n`;
});
console.log(table);
writeFileSync(join(out, "table.md"), table);
