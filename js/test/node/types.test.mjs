// The whole flow in TypeScript (test/types/flow.ts) type-checks under `tsc --strict` with
// no cast, against the built package's declarations (`intent-core` resolved by its own
// name, moduleResolution nodenext) and viem's: as an ES module against the .d.ts, and the
// same text copied as `flow.cts` (CommonJS: the `require` condition) against the .d.cts.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { test } from "node:test";

import { repoPath, repoText } from "./repo.mjs";

const tsc = createRequire(repoPath("js/package.json")).resolve("typescript/bin/tsc");
const types = repoPath("js/test/types");

/** The declaration files of the package that tsc read for the project `tsconfig`. */
function declarationsRead(tsconfig) {
  const listed = execFileSync(process.execPath, [tsc, "-p", tsconfig, "--listFiles"], { encoding: "utf8" });
  return listed.split("\n").filter((file) => file.includes("/js/dist/"));
}

const MODULES = ["index", "verify", "steps", "client", "helpers", "core", "wasm-bytes"];

test("the flow is written without a cast", () => {
  const code = repoText("js/test/types/flow.ts").replace(/\/\/.*$/gm, "").replace(/\/\*\*[\s\S]*?\*\//g, "");
  assert.doesNotMatch(code, /\bas\s+(?!const\b)[A-Za-z{[]|<[A-Z]\w*>\s*[a-z(]|!\./);
});

test("the flow type-checks strictly as an ES module, against the .d.ts of every module it imports", () => {
  const read = declarationsRead(join(types, "tsconfig.json"));
  for (const module of MODULES) assert.ok(read.some((file) => file.endsWith(`/dist/${module}.d.ts`)), `${module}.d.ts: ${read.join("\n")}`);
  assert.deepEqual(read.filter((file) => file.endsWith(".d.cts")), []);
});

test("the same flow as CommonJS type-checks strictly, against the .d.cts of every module it requires", () => {
  // Inside js/ (so that `intent-core` resolves to this package by its name, and viem from js/node_modules).
  const dir = mkdtempSync(join(types, "commonjs-"));
  try {
    copyFileSync(join(types, "flow.ts"), join(dir, "flow.cts"));
    const config = JSON.parse(repoText("js/test/types/tsconfig.json"));
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ ...config, files: ["flow.cts"] }));
    const read = declarationsRead(join(dir, "tsconfig.json"));
    for (const module of MODULES) assert.ok(read.some((file) => file.endsWith(`/dist/${module}.d.cts`)), `${module}.d.cts: ${read.join("\n")}`);
    assert.deepEqual(read.filter((file) => file.endsWith(".d.ts")), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
