// The package in a page of headless Chromium (test/chromium.mjs): the same vectors as the
// Node suite, and an IntentCoreError thrown in the page. The files are served from the
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
});
