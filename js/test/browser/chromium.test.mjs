// The package in a page of headless Chromium (test/chromium.mjs): the same vectors as the
// Node suite, an IntentCoreError thrown in the page, and verifyQuote and depositTransaction
// on the shipped example quote. The files are served from the
// repository root by a small HTTP server on the loopback address.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

import { launchChromium, serveDirectory } from "../chromium.mjs";

const repo = fileURLToPath(new URL("../../..", import.meta.url));

let server;
let origin;
let chromium;
let context;

before(async () => {
  server = await serveDirectory(repo);
  origin = server.origin;
  chromium = await launchChromium();
  context = chromium.context;
});

after(async () => {
  await chromium?.close();
  await server?.close();
});

test("every vector gives the generators' result in Chromium", async () => {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto(`${origin}/js/test/browser/page.html`);
  await page.waitForFunction(() => window.__result !== undefined, null, { timeout: 60_000 });
  const result = await page.evaluate(() => window.__result);
  assert.deepEqual(errors, []);
  assert.deepEqual(result.failures, []);
  const canonical = JSON.parse(readFileSync(join(repo, "tests/vectors/canonical.json"), "utf8"));
  const eip712 = JSON.parse(readFileSync(join(repo, "tests/vectors/eip712.json"), "utf8"));
  assert.equal(result.counts.canonical, canonical.cases.length);
  assert.equal(result.counts.eip712 + result.counts.notExpressible.length, eip712.cases.length);
  const typedData = JSON.parse(readFileSync(join(repo, "tests/vectors/typed_data.json"), "utf8"));
  assert.equal(result.counts.typedData, typedData.cases.length);
  assert.deepEqual(result.error, {
    isError: true,
    name: "IntentCoreError",
    reason: "NUMBER_OUT_OF_RANGE",
    path: "id",
    status: 400,
  });
  // verifyQuote and depositTransaction in the page, on the shipped example quote (derived
  // addresses, placeholder meta-transactions).
  assert.deepEqual(result.verdict, { ok: false, reason: "META_TRANSACTION_MISMATCH", path: "intent.originMetaTxn.contract" });
  const intent = JSON.parse(readFileSync(join(repo, "examples/intent.json"), "utf8"));
  const word = (hex) => hex.slice(2).toLowerCase().padStart(64, "0");
  assert.deepEqual(result.deposit, {
    to: intent.depositTransaction.tokenAddress,
    data: `0xa9059cbb${word(intent.originIntentAddress)}${BigInt(intent.depositTransaction.amount).toString(16).padStart(64, "0")}`,
    value: "0",
  });
});
