// The package in a page of headless Chromium (Debian's, driven by playwright-core): the
// same vectors as the Node suite, and an IntentCoreError thrown in the page. The files are
// served from the repository root by a small HTTP server on the loopback address.

import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize, sep } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

import { chromium } from "playwright-core";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json", ".wasm": "application/wasm" };

let server;
let origin;
let context;
let profile;

before(async () => {
  server = createServer((request, response) => {
    const path = normalize(join(repo, decodeURIComponent(new URL(request.url, "http://x").pathname)));
    if (!path.startsWith(repo) || path.includes(`${sep}node_modules${sep}`)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(path);
      response.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  profile = mkdtempSync(join(tmpdir(), "intent-core-chromium-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
});

after(async () => {
  await context?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (profile) rmSync(profile, { recursive: true, force: true });
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
