// The package as installed: its version is the crate's, both entries load, `init()` is
// idempotent and takes a source, the functions say when a module is not loaded, the core
// entry loads the core module only, require() works, and packing an unbuilt tree stops with
// what to do.

import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import * as core from "intent-core";

import { repoPath, repoText } from "./repo.mjs";

const require = createRequire(import.meta.url);
const manifest = require("intent-core/package.json");
const entry = fileURLToPath(import.meta.resolve("intent-core"));
const dist = dirname(entry);
const intentText = repoText("examples/intent.json");

/** Runs an ES module script in a new Node process (a fresh module graph) from this directory. */
function node(source) {
  return execFileSync(process.execPath, ["--input-type=module", "-e", source], {
    cwd: dirname(fileURLToPath(import.meta.url)),
    encoding: "utf8",
  }).trim();
}

test("the package's version is the crate's, and its name is intent-core", () => {
  const crateVersion = /^version = "([^"]+)"/m.exec(repoText("js/Cargo.toml"))[1];
  assert.equal(manifest.name, "intent-core");
  assert.equal(manifest.version, crateVersion);
});

test("Node's entry is loaded at import, and init() resolves at once, every time", async () => {
  assert.equal(core.isLoaded(), true);
  assert.equal(await core.init(), undefined);
  assert.equal(await core.init(new URL("file:///nowhere.wasm")), undefined);
});

test("require() gives the same functions", () => {
  const required = require("intent-core");
  assert.equal(required.canonicalHash(intentText), core.canonicalHash(intentText));
});

test("where Node cannot require ES modules, require() says to import() instead", () => {
  const result = spawnSync(process.execPath, ["--no-experimental-require-module", "-e", 'require("intent-core")'], {
    cwd: dirname(fileURLToPath(import.meta.url)),
    encoding: "utf8",
  });
  assert.notEqual(result.status, 0);
  assert.match(result.stderr, /Error: intent-core is an ES module, which require\(\) cannot load in this Node \(v[\d.]+\): use `await import\("intent-core"\)`/);
});

test("the browser entry says to await init() before it is loaded, and init() takes bytes", () => {
  const browser = JSON.stringify(new URL("browser.js", import.meta.resolve("intent-core")).href);
  const wasm = JSON.stringify(join(dist, "wasm", "intent_core_wasm_bg.wasm"));
  const out = node(`
    import { readFileSync } from "node:fs";
    const core = await import(${browser});
    const results = [core.isLoaded()];
    try { core.canonicalHash("{}"); } catch (e) { results.push(e.message); }
    // Node's fetch cannot read the file: URL the entry defaults to; the failure says where.
    try { await core.init(); } catch (e) { results.push(e.message.slice(0, 70)); }
    const bytes = readFileSync(${wasm});
    await Promise.all([core.init(bytes), core.init(bytes)]);
    await core.init();
    results.push(core.isLoaded(), core.canonicalHash(${JSON.stringify(intentText)}));
    console.log(JSON.stringify(results));
  `);
  assert.deepEqual(JSON.parse(out), [
    false,
    "intent-core: the WebAssembly module is not loaded yet: `await init()` first (docs/spec.md §13)",
    `intent-core: the WebAssembly module could not be loaded from ${new URL("wasm/intent_core_wasm_bg.wasm", import.meta.resolve("intent-core")).href}`.slice(0, 70),
    true,
    core.canonicalHash(intentText),
  ]);
});

test("the browser entry loads the second module with init(bytes, extraBytes), and says when it is not loaded", () => {
  const browser = JSON.stringify(new URL("browser.js", import.meta.resolve("intent-core")).href);
  const wasm = JSON.stringify(join(dist, "wasm", "intent_core_wasm_bg.wasm"));
  const extra = JSON.stringify(join(dist, "wasm", "intent_core_extra_bg.wasm"));
  const out = node(`
    import { readFileSync } from "node:fs";
    const core = await import(${browser});
    // The automatic loads fail (Node's fetch cannot read file: URLs): the core module's
    // failure rejects init(); the second module's is kept for the functions that need it.
    try { await core.init(); } catch {}
    await core.init(readFileSync(${wasm}));
    const results = [core.isLoaded(), core.canonicalHash(${JSON.stringify(intentText)})];
    try { core.checkPingResponse("{}"); } catch (e) { results.push(e.message.slice(0, 99)); }
    await core.init(undefined, readFileSync(${extra}));
    try { core.checkPingResponse("{}"); } catch (e) { results.push(e.name, e.reason); }
    console.log(JSON.stringify(results));
  `);
  assert.deepEqual(JSON.parse(out), [
    true,
    core.canonicalHash(intentText),
    "intent-core: the object PingResponse needs the second WebAssembly module, which is not loaded (its ",
    "IntentCoreError",
    "MISSING_FIELD",
  ]);
});

test("Node's entry reads the second module at its first use; intent-core/core never loads it and says where its objects are", () => {
  const out = node(`
    const core = await import("intent-core/core");
    const results = [core.isLoaded(), core.canonicalHash(${JSON.stringify(intentText)}), "changedPaths" in core, "checkExecute" in core, "parseIntentReceipt" in core, "parseIntent" in core];
    try { core.check("PingResponse", "{}"); } catch (e) { results.push(e.message); }
    const full = await import("intent-core");
    try { full.checkPingResponse("{}"); } catch (e) { results.push(e.reason); }
    console.log(JSON.stringify(results));
  `);
  assert.deepEqual(JSON.parse(out), [
    true,
    core.canonicalHash(intentText),
    false,
    false,
    false,
    true,
    'intent-core: the object PingResponse is in the package\'s second WebAssembly module, which the entry `intent-core/core` does not load: import it from "intent-core" (docs/spec.md §13)',
    "MISSING_FIELD",
  ]);
});

test("packing an unbuilt tree stops and says to build first", () => {
  const scratch = mkdtempSync(join(tmpdir(), "intent-core-pack-"));
  try {
    for (const file of ["package.json", "Cargo.toml", "scripts/prepack.mjs", "README.md", "LICENSE-MIT", "LICENSE-APACHE"]) {
      cpSync(repoPath(`js/${file}`), join(scratch, file));
    }
    const result = spawnSync(process.execPath, [join(scratch, "scripts/prepack.mjs")], { encoding: "utf8" });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /^prepack: the package is not built \(missing: dist\/browser\.js, .*\); run `npm run build` in js\/ first/);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
