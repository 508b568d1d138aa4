// The package's functions and their errors in Node: inputs as text, bytes and objects;
// integers never read through a rounded number; wrong JavaScript types as typed errors;
// the wire form returned by parse; the rule checks; the declared names.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as core from "intent-core";

import { repoText } from "./repo.mjs";

const example = (file) => repoText(`examples/${file}`);
const intentText = example("intent.json");
const intentHash = core.canonicalHash(intentText);

/** Runs `fn`, which must throw an IntentCoreError; returns it. */
function thrown(fn) {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof core.IntentCoreError, `not an IntentCoreError: ${error}`);
    assert.ok(error instanceof Error);
    return error;
  }
  assert.fail("nothing was thrown");
}

function assertReason(fn, reason, path) {
  const error = thrown(fn);
  assert.deepEqual([error.reason, error.path], [reason, path], error.message);
  return error;
}

test("text, bytes and an object give the same hash", () => {
  assert.match(intentHash, /^0x[0-9a-f]{64}$/);
  assert.equal(core.canonicalHash(new TextEncoder().encode(intentText)), intentHash);
  assert.equal(core.canonicalHash(JSON.parse(intentText)), intentHash);
  assert.equal(core.canonicalHash(core.parseIntent(intentText)), intentHash);
  assert.equal(core.canonicalJson(intentText, "Intent"), core.canonicalJson(JSON.parse(intentText)));
});

test("an error carries the reason, path, kind, code, status and the service's body", () => {
  const intent = JSON.parse(intentText);
  intent.originCalls.calls[0].to = "0x1234";
  const error = assertReason(() => core.canonicalHash(intent), "INVALID_ADDRESS", "originCalls.calls[0].to");
  assert.equal(error.name, "IntentCoreError");
  assert.deepEqual([error.kind, error.code, error.status], ["InvalidArgument", 2000, 400]);
  assert.equal(error.body.cause, "INVALID_ADDRESS at originCalls.calls[0].to");
  assert.equal(error.message, error.body.msg);
  assert.equal(error.offset, null);
});

test("a JSON syntax error says its byte offset", () => {
  const error = assertReason(() => core.canonicalHash('{\n  "id": 1,\n  x\n}'), "INVALID_JSON", null);
  assert.equal(error.offset, 15);
  assert.match(error.message, /line 3 column 3/);
});

test("a number above 2^53-1 for an integer is an error, never a rounded value", () => {
  const intent = JSON.parse(intentText);
  intent.depositTransaction.amount = 2 ** 53;
  assertReason(() => core.canonicalHash(intent), "NUMBER_OUT_OF_RANGE", "depositTransaction.amount");
  intent.depositTransaction.amount = 2 ** 53 - 1;
  const safe = core.canonicalHash(intent);
  intent.depositTransaction.amount = "9007199254740991";
  assert.equal(core.canonicalHash(intent), safe);
  intent.depositTransaction.amount = 9007199254740991n;
  assert.equal(core.canonicalHash(intent), safe);
  intent.id = 2 ** 64;
  assertReason(() => core.canonicalHash(intent), "NUMBER_OUT_OF_RANGE", "id");
  intent.id = 18446744073709551615n;
  assert.equal(core.parseIntent(intent).id, 18446744073709551615n);
});

test("bigints and decimal strings keep 2^256-1 exact", () => {
  const max = 2n ** 256n - 1n;
  const intent = JSON.parse(intentText);
  intent.salt = max;
  const fromBigint = core.canonicalHash(intent);
  intent.salt = max.toString();
  assert.equal(core.canonicalHash(intent), fromBigint);
  assert.equal(core.parseIntent(intent).salt, max);
  intent.salt = max + 1n;
  assertReason(() => core.canonicalHash(intent), "NUMBER_OUT_OF_RANGE", "salt");
  intent.salt = -1n;
  assertReason(() => core.canonicalHash(intent), "INVALID_NUMBER", "salt");
});

test("a decimal field takes any finite number", () => {
  const intent = JSON.parse(intentText);
  intent.quote.fromAmountUsd = 2 ** 70;
  const text = intentText.replace(/"fromAmountUsd": [^,]+,/, `"fromAmountUsd": ${2 ** 70},`);
  assert.notEqual(text, intentText);
  assert.equal(core.canonicalHash(intent), core.canonicalHash(text));
  assert.equal(core.parseIntent(intent).quote.fromAmountUsd, 2 ** 70);
});

test("an unknown member's integer is exact: a bigint is, a number above 2^53-1 is an error", () => {
  const intent = JSON.parse(intentText);
  intent.extra = 2n ** 64n + 1n;
  const text = `${intentText.trimEnd().slice(0, -1)}, "extra": 18446744073709551617}`;
  assert.equal(core.canonicalHash(intent), core.canonicalHash(text));
  assert.equal(core.parseIntent(text).extra, 2n ** 64n + 1n);
  intent.extra = { nested: [1, 2 ** 60] };
  assertReason(() => core.canonicalHash(intent), "NUMBER_OUT_OF_RANGE", "extra.nested[1]");
});

test("wrong JavaScript types are typed errors", () => {
  const intent = JSON.parse(intentText);
  for (const [value, reason] of [
    [() => 1, "INVALID_TYPE"],
    [Symbol("x"), "INVALID_TYPE"],
    [new Map(), "INVALID_TYPE"],
    [new Uint8Array(2), "INVALID_TYPE"],
    [new Date(0), "INVALID_TYPE"],
    [NaN, "INVALID_NUMBER"],
    [Infinity, "NUMBER_OUT_OF_RANGE"],
  ]) {
    intent.originCalls.calls[0].value = value;
    assertReason(() => core.canonicalHash(intent), reason, "originCalls.calls[0].value");
  }
  for (const input of [undefined, null, 7, 7n, true, [intent], () => intent]) {
    assertReason(() => core.canonicalHash(input), "INVALID_TYPE", null);
  }
  intent.originCalls.calls[0].value = "7";
  intent.originCalls.calls = [undefined];
  assertReason(() => core.canonicalHash(intent), "INVALID_TYPE", "originCalls.calls[0]");
  // A type the schema does not take, in a well-formed value: the library's own error.
  assertReason(() => core.canonicalHash({ ...JSON.parse(intentText), intentId: 5 }), "INVALID_TYPE", "intentId");
  assert.throws(() => core.canonicalHash(intentText, "NoSuchObject"), TypeError);
  // The module still answers after every error.
  assert.equal(core.canonicalHash(intentText), intentHash);
});

test("a Date in a timestamp field is its ISO text; an invalid one is INVALID_TIMESTAMP", () => {
  const intent = JSON.parse(intentText);
  const expiresAt = new Date(intent.expiresAt);
  intent.expiresAt = expiresAt;
  assert.equal(core.canonicalHash(intent), intentHash);
  intent.expiresAt = new Date(NaN);
  assertReason(() => core.canonicalHash(intent), "INVALID_TIMESTAMP", "expiresAt");
});

test("cycles, deep nesting and exponential sharing are bounded errors", () => {
  const intent = JSON.parse(intentText);
  intent.extra = {};
  intent.extra.self = intent.extra;
  assert.equal(thrown(() => core.canonicalHash(intent)).reason, "LIMIT_EXCEEDED");
  let shared = ["x".repeat(64)];
  for (let i = 0; i < 60; i++) shared = [shared, shared];
  intent.extra = shared;
  assert.equal(thrown(() => core.canonicalHash(intent)).reason, "LIMIT_EXCEEDED");
  assert.equal(thrown(() => core.canonicalHash('{"x":'.repeat(100_000))).reason, "LIMIT_EXCEEDED");
});

test("a lone surrogate is INVALID_JSON, in text and in an object", () => {
  assertReason(() => core.canonicalHash(intentText.replace("QUOTED", "QUOTED\ud800")), "INVALID_JSON", null);
  const intent = JSON.parse(intentText);
  intent.serviceVersion = "v\udc00";
  assertReason(() => core.canonicalHash(intent), "INVALID_JSON", "serviceVersion");
});

test("parse returns the wire form: EIP-55 addresses, uints as bigints (both ways of reading)", () => {
  const lower = intentText.replace(/0x[0-9a-fA-F]{40}\b/g, (a) => a.toLowerCase());
  const intent = core.parseIntent(lower);
  assert.equal(intent.ownerAddress, JSON.parse(intentText).ownerAddress);
  assert.equal(typeof intent.salt, "bigint");
  assert.equal(intent.depositTransaction.amount, BigInt(JSON.parse(intentText).depositTransaction.amount));
  assert.equal(typeof intent.id, "number");
  assert.equal(typeof intent.originChainId, "number");
  // The same through the reader for texts with long integers or exponents (decode.js).
  const withDouble = core.parseIntent(`${lower.trim().slice(0, -1)},"x-big":1e21}`);
  assert.equal(withDouble.depositTransaction.amount, intent.depositTransaction.amount);
  assert.equal(typeof withDouble.salt, "bigint");
  assert.equal(core.canonicalHash(intent), intentHash);
  assert.deepEqual(core.parse("Intent", lower), intent);
});

test("the rule checks", () => {
  const request = JSON.parse(example("quote-request.json"));
  core.checkQuoteRequest(request);
  request.originChainId = 0;
  assertReason(() => core.checkQuoteRequest(request), "INVALID_CHAIN_ID", "originChainId");
  core.checkIntent(intentText);
  const intent = JSON.parse(intentText);
  intent.depositTransaction.toAddress = intent.ownerAddress;
  assertReason(() => core.checkIntent(intent), "INTENT_INCONSISTENT", "depositTransaction.toAddress");
  const execute = JSON.parse(example("check-execute.json"));
  core.checkExecute(execute);
  execute.request.intentId = "another";
  assertReason(() => core.checkExecute(execute), "INTENT_ID_MISMATCH", "request.intentId");
});

test("digests and recovery take intentctl's documents", () => {
  const recover = JSON.parse(example("recover.json"));
  assert.match(core.recoverSigner(recover.digest, recover.signature), /^0x[0-9a-fA-F]{40}$/);
  assert.match(core.depositIntentDigest(example("digest-intent.json")), /^0x[0-9a-f]{64}$/);
  assert.match(core.permitDigest(example("digest-permit.json")), /^0x[0-9a-f]{64}$/);
  assertReason(() => core.recoverSigner(recover.digest, "0x00"), "INVALID_SIGNATURE", "signature");
  assertReason(() => core.recoverSigner(42, recover.signature), "INVALID_HEX", "digest");
});

test("parse and check exist for every object, and every reason code is declared", () => {
  const declarations = readFileSync(new URL("generated/objects.d.ts", import.meta.resolve("intent-core")), "utf8");
  const types = readFileSync(new URL("generated/types.d.ts", import.meta.resolve("intent-core")), "utf8");
  assert.ok(core.objectNames.length >= 27);
  for (const name of core.objectNames) {
    assert.equal(typeof core[`parse${name}`], "function", name);
    assert.equal(typeof core[`check${name}`], "function", name);
    assert.match(declarations, new RegExp(`function parse${name}\\(`));
    assert.match(types, new RegExp(`export interface ${name} \\{`));
  }
  for (const code of core.reasonCodes) assert.match(types, new RegExp(`\\| "${code}"`));
});

test("text is encoded in one reused buffer: long, short, non-ASCII and oversized texts in turn hash as their bytes", () => {
  const base = intentText.trim().slice(0, -1);
  const texts = [
    `${base},"x-long":${JSON.stringify(Array(60).fill("é".repeat(1_000)))}}`, // grows the buffer past 64 KiB
    intentText,
    `${base},"x-mid":${JSON.stringify(Array(10).fill("\u{1F600}".repeat(500)))}}`,
    intentText,
  ];
  for (const text of [...texts, ...texts.reverse()]) {
    assert.equal(core.canonicalHash(text), core.canonicalHash(Buffer.from(text, "utf8")));
  }
  // Above the document size limit the text is encoded apart and refused by the library.
  const oversized = `${base},"x-huge":${JSON.stringify(Array(300).fill("a".repeat(4_000)))}}`;
  assert.equal(thrown(() => core.canonicalHash(oversized)).reason, "LIMIT_EXCEEDED");
  assert.equal(core.canonicalHash(intentText), intentHash);
});
