// The packed package in three bundlers, as a dApp builds it: Vite, webpack 5 and esbuild
// (with its `file` loader, and with its defaults) each bundle a minimal app for the browser (no `node:` import may reach a bundle), the app
// runs in headless Chromium (test/chromium.mjs, copied here by .ci/run, as the repository's
// own browser test runs it), and its hash must be the one Node computes.

import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

import * as esbuild from "esbuild";
import { canonicalHash } from "intent-core";
import { build as viteBuild } from "vite";
import webpack from "webpack";

import { launchChromium, serveDirectory } from "./chromium.mjs";
import { repoText } from "./node/repo.mjs";

const apps = fileURLToPath(new URL("../apps/", import.meta.url));
const text = repoText("examples/intent.json");
const expected = canonicalHash(text);

let scratch;
let chromium;

before(async () => {
  writeFileSync(join(apps, "intent-text.js"), `export default ${JSON.stringify(text)};\n`);
  scratch = mkdtempSync(join(tmpdir(), "intent-core-bundles-"));
  chromium = await launchChromium();
});

after(async () => {
  await chromium?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  rmSync(join(apps, "intent-text.js"), { force: true });
});

function files(dir) {
  return readdirSync(dir, { recursive: true }).map(String);
}

/** Serves `dir` on the loopback address, opens `page` in Chromium, returns the app's result. */
async function runInChromium(dir, page) {
  const server = await serveDirectory(dir);
  try {
    const tab = await chromium.context.newPage();
    const errors = [];
    tab.on("pageerror", (error) => errors.push(String(error)));
    await tab.goto(`${server.origin}/${page}`);
    await tab.waitForFunction(() => window.__result !== undefined, null, { timeout: 60_000 });
    const result = await tab.evaluate(() => window.__result);
    await tab.close();
    return { ...result, errors };
  } finally {
    await server.close();
  }
}

/** The bundle's JavaScript must not name a `node:` module, and it must ship the `.wasm` (a file unless `inlined`). */
function assertBrowserBundle(dir, { inlined = false } = {}) {
  const names = files(dir);
  if (!inlined) assert.ok(names.some((name) => name.endsWith(".wasm")), `no .wasm emitted: ${names.join(", ")}`);
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

test("esbuild with its defaults builds the app that imports intent-core/wasm-bytes: init() without a source says to pass one, and with the bytes it hashes in Chromium as Node does", async () => {
  const out = join(scratch, "esbuild-defaults");
  await esbuild.build({ entryPoints: [join(apps, "esbuild-defaults.js")], bundle: true, outdir: out, logLevel: "warning" });
  writeFileSync(join(out, "index.html"), '<!doctype html><meta charset="utf-8"><script src="esbuild-defaults.js"></script>\n');
  assertBrowserBundle(out, { inlined: true });
  const { withoutSource, ...result } = await runInChromium(out, "index.html");
  assert.deepEqual(result, { hash: expected, errors: [] });
  assert.match(withoutSource, /^intent-core: no WebAssembly module to load: this bundle has no import\.meta\.url/);
});
