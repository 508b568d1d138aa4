// `npm run bench` in js/ (after `npm run build`): the package's size (gzip and brotli, and
// what `intent-core/wasm-bytes`, the `.wasm` inlined as base64, ships), its start-up in Node, and its speed
// beside the same work natively (js/examples/native_bench.rs, started by this script in
// the same session) and in viem, over the benchmark corpus of benches/data/intents.jsonl
// (320 intents). Prints the Markdown tables of BENCHMARKS.md, "The JavaScript package".
// Timing only: nothing is asserted.
//
// The passes are interleaved: every round runs one pass of every measure (native, wasm,
// viem), starting at a different measure each round, so a slow phase of a shared machine
// falls on all of them alike and their ratios hold. Each figure is the median over rounds
// of the time per item of one pass (p25–p75 beside it), after warm-up rounds.

import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

import { hashTypedData, keccak256 } from "viem";

import * as core from "intent-core";

import { startNative } from "./native.mjs";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const repo = fileURLToPath(new URL("../../", import.meta.url));
const corpusPath = join(repo, "benches/data/intents.jsonl");
const ROUNDS = 21;
const WARMUP = 3;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
const brotli = (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** The JavaScript modules `entry` loads, following its relative imports (not the declarations). */
function moduleGraph(entry) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    const text = readFileSync(path, "utf8");
    for (const [, spec] of text.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+)"/g)) visit(join(path, "..", spec));
  };
  visit(join(dist, entry));
  return [...seen];
}

function size() {
  const core = readFileSync(join(dist, "wasm/intent_core_wasm_bg.wasm"));
  const extra = readFileSync(join(dist, "wasm/intent_core_extra_bg.wasm"));
  // What a page loads: an entry's modules and the .wasm files it loads (not wasm-bytes.js,
  // which a page imports instead of fetching the .wasm).
  const page = (entry, wasm) => {
    const bytes = [...moduleGraph(entry).map((p) => readFileSync(p)), ...wasm];
    const sum = (f) => bytes.reduce((total, b) => total + f(b), 0);
    return [sum((b) => b.length), sum(gzip), sum(brotli)];
  };
  const inlined = readFileSync(join(dist, "wasm-bytes.js"));
  return [
    ["the core WebAssembly module (every entry loads it)", core.length, gzip(core), brotli(core)],
    ["the second WebAssembly module (the full entry `intent-core` loads it)", extra.length, gzip(extra), brotli(extra)],
    ["the core module inlined as base64: `intent-core/wasm-bytes` (esbuild with its defaults)", inlined.length, gzip(inlined), brotli(inlined)],
    ["what a page loads with `intent-core/core`: its modules and the core .wasm", ...page("core-browser.js", [core])],
    ["what a page loads with `intent-core`: its modules and both .wasm", ...page("browser.js", [core, extra])],
  ];
}

const texts = readFileSync(corpusPath, "utf8").split("\n").filter((line) => line !== "");
// The objects a dApp holds: the wire form parseIntent returns (JSON.parse would round the
// corpus's integers above 2^53-1, which the package refuses); every one hashes again.
const objects = texts.map((text) => core.parseIntent(text));
const canonicalBytes = texts.map((text) => new TextEncoder().encode(core.canonicalJson(text)));

// Permits: one per intent, its owner and deposit token, under the token's domain.
const permits = texts.map((text) => core.parseIntent(text)).map((intent, i) => ({
  domain: { name: "USD Coin", version: "2", chainId: String(intent.originChainId), verifyingContract: intent.depositTransaction.tokenAddress },
  owner: intent.ownerAddress,
  spender: intent.originIntentAddress,
  value: intent.depositTransaction.amount,
  nonce: String(i),
  deadline: "1767225600",
}));
const permitTypedData = permits.map((p) => ({
  domain: { ...p.domain, chainId: BigInt(p.domain.chainId) },
  types: {
    Permit: [
      { name: "owner", type: "address" },
      { name: "spender", type: "address" },
      { name: "value", type: "uint256" },
      { name: "nonce", type: "uint256" },
      { name: "deadline", type: "uint256" },
    ],
  },
  primaryType: "Permit",
  message: { owner: p.owner, spender: p.spender, value: BigInt(p.value), nonce: BigInt(p.nonce), deadline: BigInt(p.deadline) },
}));
for (let i = 0; i < permits.length; i++) {
  if (core.permitDigest(permits[i]) !== hashTypedData(permitTypedData[i])) throw new Error(`permit ${i}: digests differ`);
}

// Deposit intents: one `digest intent` document per intent, with the example's deposit
// signature; viem hashes the package's typed-data document of it.
const example = JSON.parse(readFileSync(join(repo, "examples/digest-intent.json"), "utf8"));
const intentDocuments = objects.map((intent) => ({ ...example, intent }));
const intentTypedData = intentDocuments.map((d) => core.depositIntentTypedData(d));
for (let i = 0; i < intentDocuments.length; i++) {
  if (core.depositIntentDigest(intentDocuments[i]) !== hashTypedData(intentTypedData[i])) throw new Error(`intent ${i}: digests differ`);
}
const permitDocuments = permits.map((p) => core.permitTypedData(p));

// The native runner, in this session: started once, then asked for one pass per round
// between the JavaScript passes.
const native = startNative(corpusPath);
const ask = native.ask;
const nativeHashes = (await ask("hashes")).split(",");
texts.forEach((text, i) => {
  if (core.canonicalHash(text) !== nativeHashes[i]) throw new Error(`intent ${i}: native and package hashes differ`);
});

/** One pass of `fn` over `items`: nanoseconds per item. */
function pass(items, fn) {
  const start = process.hrtime.bigint();
  for (const item of items) fn(item);
  return Number(process.hrtime.bigint() - start) / items.length;
}

const measures = [
  ["native `from_slice::<Intent>` + `canonical_hash` (same session)", async () => Number(await ask("pass")) / texts.length],
  ["`canonicalHash(raw response text)`", () => pass(texts, (text) => core.canonicalHash(text))],
  [`\`canonicalHash(object returned by parseIntent)\``, () => pass(objects, (object) => core.canonicalHash(object))],
  ["viem `keccak256(canonical bytes)` alone", () => pass(canonicalBytes, (bytes) => keccak256(bytes))],
  ["`permitDigest(object)`", () => pass(permits, (p) => core.permitDigest(p))],
  ["viem `hashTypedData(permit typed data, bigints)`", () => pass(permitTypedData, (t) => hashTypedData(t))],
  ["viem `hashTypedData(permitTypedData document)`", () => pass(permitDocuments, (t) => hashTypedData(t))],
  ["`depositIntentDigest({intent, depositSignature})`: parses the whole intent", () => pass(intentDocuments, (d) => core.depositIntentDigest(d))],
  ["viem `hashTypedData(depositIntentTypedData document)`", () => pass(intentTypedData, (t) => hashTypedData(t))],
];
const samples = measures.map(() => []);
for (let round = 0; round < WARMUP + ROUNDS; round++) {
  for (let k = 0; k < measures.length; k++) {
    const m = (round + k) % measures.length;
    const perItem = await measures[m][1]();
    if (round >= WARMUP) samples[m].push(perItem / 1000);
  }
}
native.stop();

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const stats = samples.map((xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p25: quantile(sorted, 0.25), p75: quantile(sorted, 0.75) };
});
const median = (name) => stats[measures.findIndex(([n]) => n.startsWith(name))].median;

// Start-up in Node: a fresh process imports the package (Node's entries instantiate the
// core module at import) and hashes its first intent; the floors, in fresh processes taking
// turns with it, are compiling the same .wasm bytes alone and Node's first dynamic import
// of a one-line module (its ES module loader starting), given as data and as a file.
// 31 processes each: a fresh process's start-up varies by a third between runs on this
// 2-core machine even when idle, and the median of 15 moved by several milliseconds.
const STARTUP_PROCESSES = 31;
const wasmPath = join(dist, "wasm/intent_core_wasm_bg.wasm");
// The same entries unbundled, as lib/ writes them (their modules loaded one file each), in
// a copy of dist/ outside the package: what the esbuild bundle of scripts/build.mjs saves.
const unbundled = mkdtempSync(join(tmpdir(), "intent-core-unbundled-"));
cpSync(dist, unbundled, { recursive: true });
// Its package scope: without one Node would first try each file as CommonJS.
writeFileSync(join(unbundled, "package.json"), '{"type":"module"}\n');
for (const entry of ["node.js", "core-node.js"]) cpSync(fileURLToPath(new URL(`../lib/${entry}`, import.meta.url)), join(unbundled, entry));
const firstCall = (specifier) =>
  `const t0 = performance.now(); const core = await import(${JSON.stringify(specifier)}); core.canonicalHash(${JSON.stringify(texts[0])}); console.log(performance.now() - t0);`;
const startupScripts = {
  package: firstCall("intent-core"),
  coreEntry: firstCall("intent-core/core"),
  packageUnbundled: firstCall(String(pathToFileURL(join(unbundled, "node.js")))),
  coreEntryUnbundled: firstCall(String(pathToFileURL(join(unbundled, "core-node.js")))),
  floor: `import { readFileSync } from "node:fs"; const t0 = performance.now(); new WebAssembly.Module(readFileSync(${JSON.stringify(wasmPath)})); console.log(performance.now() - t0);`,
  emptyImport: `const t0 = performance.now(); await import("data:text/javascript,export default 1"); console.log(performance.now() - t0);`,
  emptyFile: `const t0 = performance.now(); await import(${JSON.stringify(String(new URL("empty.mjs", import.meta.url)))}); console.log(performance.now() - t0);`,
};
const startup = Object.fromEntries(Object.keys(startupScripts).map((which) => [which, []]));
const startupOrder = Object.keys(startup);
for (let round = 0; round < STARTUP_PROCESSES; round++) {
  for (const which of startupOrder.map((_, i) => startupOrder[(round + i) % startupOrder.length])) {
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", startupScripts[which]], {
      cwd: fileURLToPath(new URL(".", import.meta.url)),
      encoding: "utf8",
    });
    startup[which].push(Number(out.trim()));
  }
}
rmSync(unbundled, { recursive: true, force: true });
const startupMedian = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const us = (x) => `${x.toFixed(1)} µs`;
console.log(`Node ${process.version}, ${texts.length} intents of benches/data/intents.jsonl (${objects.length} as objects), ${ROUNDS} interleaved rounds\n`);
console.log("| package size | raw | gzip -9 | brotli 11 |\n|---|---|---|---|");
for (const [what, raw, gz, br] of size()) {
  console.log(`| ${what} | ${raw.toLocaleString("en")} B | ${gz.toLocaleString("en")} B | ${br.toLocaleString("en")} B |`);
}
console.log("\n| work (per item; median, p25–p75 of the rounds) | time |\n|---|---|");
measures.forEach(([what], i) => console.log(`| ${what} | ${us(stats[i].median)} (${us(stats[i].p25)}–${us(stats[i].p75)}) |`));
console.log(`\n| start-up in Node (median of ${STARTUP_PROCESSES} fresh processes each) | time |\n|---|---|`);
console.log(`| import to ready: \`await import("intent-core")\` and a first call | ${startupMedian(startup.package).toFixed(1)} ms |`);
console.log(`| import to ready: \`await import("intent-core/core")\` and a first call | ${startupMedian(startup.coreEntry).toFixed(1)} ms |`);
console.log(`| the same, the entry unbundled (lib/'s modules, one file each): \`intent-core\`; \`intent-core/core\` | ${startupMedian(startup.packageUnbundled).toFixed(1)} ms; ${startupMedian(startup.coreEntryUnbundled).toFixed(1)} ms |`);
console.log(`| floor: \`new WebAssembly.Module\` of the core module's bytes | ${startupMedian(startup.floor).toFixed(1)} ms |`);
console.log(`| floor: the first \`import()\` of a one-line ES module | ${startupMedian(startup.emptyImport).toFixed(1)} ms |`);
console.log(`| floor: the first \`import()\` of a one-line ES module file (bench/empty.mjs) | ${startupMedian(startup.emptyFile).toFixed(1)} ms |`);
const hashText = median("`canonicalHash(raw");
console.log(`\ncanonicalHash(text) / native: ${(hashText / median("native")).toFixed(2)}×`);
console.log(`viem keccak256 alone / canonicalHash(text): ${(median("viem `keccak256") / hashText).toFixed(2)}×`);
console.log(`viem hashTypedData / permitDigest: ${(median("viem `hashTypedData(permit typed data") / median("`permitDigest")).toFixed(2)}×`);
console.log(`viem hashTypedData(deposit intent document) / depositIntentDigest: ${(median("viem `hashTypedData(depositIntent") / median("`depositIntentDigest")).toFixed(2)}×`);
