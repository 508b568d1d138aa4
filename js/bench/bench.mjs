// `npm run bench` in js/ (after `npm run build`): the package's size, and its speed beside
// viem doing the same work in the same Node process, over the benchmark corpus of
// benches/data/intents.jsonl (320 intents). Prints the Markdown tables of BENCHMARKS.md,
// "The JavaScript package". Timing only: nothing is asserted.
//
// Each figure is the median over rounds of the time per item of one pass over the corpus
// (after warm-up rounds), so a slow phase of the machine moves single rounds, not the median.

import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

import { hashTypedData, keccak256 } from "viem";

import * as core from "intent-core";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const repo = fileURLToPath(new URL("../../", import.meta.url));

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

function size() {
  const rows = [];
  let raw = 0;
  let gzip = 0;
  for (const path of files(dist).sort()) {
    if (path.endsWith(".d.ts")) continue;
    const bytes = readFileSync(path);
    const zipped = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gzip += zipped;
    if (path.endsWith(".wasm")) rows.push(["the WebAssembly module", bytes.length, zipped]);
  }
  rows.push(["what a page loads: dist/ without the declarations", raw, gzip]);
  return rows;
}

/** Median time per item, in microseconds, of `fn` over `items`. */
function time(items, fn, rounds = 15, warmup = 3) {
  const perItem = [];
  for (let round = 0; round < warmup + rounds; round++) {
    const start = process.hrtime.bigint();
    for (const item of items) fn(item);
    const elapsed = Number(process.hrtime.bigint() - start) / 1000 / items.length;
    if (round >= warmup) perItem.push(elapsed);
  }
  perItem.sort((a, b) => a - b);
  return perItem[Math.floor(perItem.length / 2)];
}

const texts = readFileSync(join(repo, "benches/data/intents.jsonl"), "utf8").split("\n").filter((line) => line !== "");
// The objects a dApp holds: the wire form parseIntent returns (JSON.parse would round the
// corpus's integers above 2^53-1, which the package refuses). An intent whose unknown
// member holds such an integer written with an exponent comes back as a number the package
// does not take back (docs/spec.md §13); those are left out of the object figure.
const objects = texts.map((text) => core.parseIntent(text)).filter((object) => {
  try {
    core.canonicalHash(object);
    return true;
  } catch {
    return false;
  }
});
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

const us = (x) => `${x.toFixed(2)} µs`;
const rows = [];
const hashText = time(texts, (text) => core.canonicalHash(text));
const hashObject = time(objects, (object) => core.canonicalHash(object));
const viemKeccak = time(canonicalBytes, (bytes) => keccak256(bytes));
const permitOurs = time(permits, (p) => core.permitDigest(p));
const permitViem = time(permitTypedData, (t) => hashTypedData(t));
const permitViemDocument = time(permitDocuments, (t) => hashTypedData(t));
const intentOurs = time(intentDocuments, (d) => core.depositIntentDigest(d));
const intentViem = time(intentTypedData, (t) => hashTypedData(t));
rows.push(["canonicalHash(raw response text)", us(hashText)]);
rows.push([`canonicalHash(object returned by parseIntent; ${objects.length} intents)`, us(hashObject)]);
rows.push(["viem keccak256(canonical bytes) alone", us(viemKeccak)]);
rows.push(["permitDigest(object)", us(permitOurs)]);
rows.push(["viem hashTypedData(permit typed data, bigints)", us(permitViem)]);
rows.push(["viem hashTypedData(permitTypedData document)", us(permitViemDocument)]);
rows.push(["depositIntentDigest({intent, depositSignature}): parses the whole intent", us(intentOurs)]);
rows.push(["viem hashTypedData(depositIntentTypedData document)", us(intentViem)]);

console.log(`Node ${process.version}, ${texts.length} intents of benches/data/intents.jsonl\n`);
console.log("| package size | raw | gzip -9 |\n|---|---|---|");
for (const [what, raw, gzip] of size()) console.log(`| ${what} | ${raw.toLocaleString("en")} B | ${gzip.toLocaleString("en")} B |`);
console.log("\n| work (per item, median of 15 passes) | time |\n|---|---|");
for (const [what, t] of rows) console.log(`| ${what} | ${t} |`);
console.log(`\nviem keccak256 alone / canonicalHash(text): ${(viemKeccak / hashText).toFixed(2)}×`);
console.log(`viem hashTypedData / permitDigest: ${(permitViem / permitOurs).toFixed(2)}×`);
console.log(`viem hashTypedData(deposit intent document) / depositIntentDigest: ${(intentViem / intentOurs).toFixed(2)}×`);
