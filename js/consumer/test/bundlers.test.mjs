// The packed package in three bundlers, as a dApp builds it: Vite, webpack 5 and esbuild
// each bundle a minimal app for the browser (no `node:` import may reach a bundle), the app
// runs in headless Chromium (Debian's, driven by playwright-core, with the flags of the
// repository's own browser test), and its hash must be the one Node computes.

import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize, sep } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

import * as esbuild from "esbuild";
import { canonicalHash } from "intent-core";
import { chromium } from "playwright-core";
import { build as viteBuild } from "vite";
import webpack from "webpack";

import { repoText } from "./node/repo.mjs";

const apps = fileURLToPath(new URL("../apps/", import.meta.url));
const text = repoText("examples/intent.json");
const expected = canonicalHash(text);
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };

let scratch;
let context;
let profile;

before(async () => {
  writeFileSync(join(apps, "intent-text.js"), `export default ${JSON.stringify(text)};\n`);
  scratch = mkdtempSync(join(tmpdir(), "intent-core-bundles-"));
  profile = mkdtempSync(join(tmpdir(), "intent-core-chromium-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
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
  for (const dir of [scratch, profile]) if (dir) rmSync(dir, { recursive: true, force: true });
  rmSync(join(apps, "intent-text.js"), { force: true });
});

function files(dir) {
  return readdirSync(dir, { recursive: true }).map(String);
}

/** Serves `dir` on the loopback address, opens `page` in Chromium, returns the app's result. */
async function runInChromium(dir, page) {
  const server = createServer((request, response) => {
    const path = normalize(join(dir, decodeURIComponent(new URL(request.url, "http://x").pathname)));
    if (!path.startsWith(dir + sep)) return response.writeHead(403).end();
    try {
      const body = readFileSync(path);
      response.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const tab = await context.newPage();
    const errors = [];
    tab.on("pageerror", (error) => errors.push(String(error)));
    await tab.goto(`http://127.0.0.1:${server.address().port}/${page}`);
    await tab.waitForFunction(() => window.__result !== undefined, null, { timeout: 60_000 });
    const result = await tab.evaluate(() => window.__result);
    await tab.close();
    return { ...result, errors };
  } finally {
    // Chromium keeps its connections open after the tab is gone; close them, not wait.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** The bundle's JavaScript must not name a `node:` module, and it must ship the `.wasm`. */
function assertBrowserBundle(dir) {
  const names = files(dir);
  assert.ok(names.some((name) => name.endsWith(".wasm")), `no .wasm emitted: ${names.join(", ")}`);
  for (const name of names.filter((n) => n.endsWith(".js"))) {
    assert.doesNotMatch(readFileSync(join(dir, name), "utf8"), /["']node:/, name);
  }
}

test("Vite builds the app, and it hashes in Chromium as Node does", async () => {
  const out = join(scratch, "vite");
  await viteBuild({ root: apps, logLevel: "warn", configFile: false, build: { outDir: out, emptyOutDir: true } });
  assertBrowserBundle(out);
  assert.deepEqual(await runInChromium(out, "index.html"), { hash: expected, errors: [] });
});

test("webpack 5 builds the app, and it hashes in Chromium as Node does", async () => {
  const out = join(scratch, "webpack");
  const stats = await new Promise((resolve, reject) =>
    webpack(
      { mode: "production", target: "web", entry: join(apps, "main.js"), output: { path: out, filename: "main.js" } },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
  assert.deepEqual(stats.toJson({ all: false, errors: true }).errors, []);
  writeFileSync(join(out, "index.html"), '<!doctype html><meta charset="utf-8"><script src="main.js"></script>\n');
  assertBrowserBundle(out);
  assert.deepEqual(await runInChromium(out, "index.html"), { hash: expected, errors: [] });
});

test("esbuild builds the app with its file loader, and it hashes in Chromium as Node does", async () => {
  const out = join(scratch, "esbuild");
  await esbuild.build({
    entryPoints: [join(apps, "esbuild.js")],
    bundle: true,
    format: "esm",
    platform: "browser",
    outdir: out,
    loader: { ".wasm": "file" },
    logLevel: "warning",
  });
  writeFileSync(join(out, "index.html"), '<!doctype html><meta charset="utf-8"><script type="module" src="esbuild.js"></script>\n');
  assertBrowserBundle(out);
  assert.deepEqual(await runInChromium(out, "index.html"), { hash: expected, errors: [] });
});
