// Parsed objects hash again (docs/spec.md §13): whatever parseIntent returns, canonicalHash
// takes back and hashes to the text's hash, over the repository's corpus and over random
// intents whose unknown members hold exact integers, doubles written with exponents (at
// and above 2^53 among them), fractions and nesting. A number the caller writes into an
// object is still refused above 2^53-1.

import assert from "node:assert/strict";
import { test } from "node:test";

import * as core from "intent-core";

import { repoText } from "./repo.mjs";

const corpus = repoText("benches/data/intents.jsonl").split("\n").filter((line) => line !== "");

/** Whether `value` holds, anywhere, a number above 2^53-1 (a double the text wrote with an exponent). */
function holdsUnsafeNumber(value) {
  if (typeof value === "number") return Number.isInteger(value) && !Number.isSafeInteger(value);
  if (typeof value !== "object" || value === null) return false;
  return Object.values(value).some(holdsUnsafeNumber);
}

test("every intent of the corpus hashes the same parsed as as text", () => {
  assert.equal(corpus.length, 320);
  let withExponentDoubles = 0;
  for (const [line, text] of corpus.entries()) {
    const parsed = core.parseIntent(text);
    if (holdsUnsafeNumber(parsed)) withExponentDoubles++;
    assert.equal(core.canonicalHash(parsed), core.canonicalHash(text), `line ${line + 1}`);
    assert.equal(core.canonicalHash({ ...parsed }), core.canonicalHash(text), `line ${line + 1}, a spread copy`);
  }
  // The intents this property is about: unknown members with 1e21 and the like.
  assert.ok(withExponentDoubles >= 9, `${withExponentDoubles} intents with such doubles`);
});

/** A small deterministic generator (xorshift32), so that a failure reproduces. */
function generator(seed) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
  const pick = (items) => items[Math.floor(next() * items.length)];
  return { next, pick };
}

/** The text of a random JSON value for an unknown member: numbers in every written form. */
function randomValue(g, depth) {
  const kind = g.pick(depth > 3 ? ["number", "string", "literal"] : ["number", "number", "string", "literal", "array", "object"]);
  switch (kind) {
    case "number":
      return g.pick([
        () => `${Math.floor(g.next() * 1000)}`,
        () => `${Math.floor(g.next() * 9) + 1}e${Math.floor(g.next() * 40)}`,
        () => `-${Math.floor(g.next() * 9) + 1}.${Math.floor(g.next() * 1000)}E+${Math.floor(g.next() * 300)}`,
        () => `${Math.floor(g.next() * 9) + 1}.5e${15 + Math.floor(g.next() * 10)}`,
        () => `9007199254740993`,
        () => `${BigInt(Math.floor(g.next() * 2 ** 52)) * 10n ** 30n}`,
        () => `0.${Math.floor(g.next() * 1e6)}`,
        () => `1e-${Math.floor(g.next() * 20)}`,
      ])();
    case "string":
      return JSON.stringify(`s${Math.floor(g.next() * 1e6)}`);
    case "literal":
      return g.pick(["true", "false", "null"]);
    case "array":
      return `[${Array.from({ length: Math.floor(g.next() * 4) }, () => randomValue(g, depth + 1)).join(",")}]`;
    default:
      return `{${Array.from({ length: Math.floor(g.next() * 4) }, (_, i) => `"k${i}":${randomValue(g, depth + 1)}`).join(",")}}`;
  }
}

test("random intents with unknown members hash the same parsed as as text", () => {
  const base = repoText("examples/intent.json").trim();
  const g = generator(0x5eed);
  for (let round = 0; round < 500; round++) {
    const members = Array.from({ length: 1 + Math.floor(g.next() * 3) }, (_, i) => `"x-${round}-${i}":${randomValue(g, 0)}`);
    const text = `${base.slice(0, -1)},${members.join(",")}}`;
    const parsed = core.parseIntent(text);
    assert.equal(core.canonicalHash(parsed), core.canonicalHash(text), text.slice(base.length - 1));
  }
});

test("a number above 2^53-1 that the caller writes is still refused, beside a parsed double", () => {
  const text = `${repoText("examples/intent.json").trim().slice(0, -1)},"x-big":1e21,"x-list":[2e30]}`;
  const parsed = core.parseIntent(text);
  assert.equal(parsed["x-big"], 1e21);
  assert.equal(core.canonicalHash(parsed), core.canonicalHash(text));
  for (const [changed, path] of [
    [{ ...parsed, "x-other": 2 ** 60 }, "[\"x-other\"]"],
    [{ ...parsed, "x-list": [2 ** 60] }, "[\"x-list\"][0]"],
  ]) {
    try {
      core.canonicalHash(changed);
      assert.fail("a caller's 2^60 was taken");
    } catch (error) {
      assert.deepEqual([error.reason, error.path], ["NUMBER_OUT_OF_RANGE", path]);
    }
  }
});
