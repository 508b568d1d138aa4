// A TypeScript project compiled to CommonJS (commonjs/: `module: commonjs`) type-checks
// against the package's declarations under --strict, and its `require("intent-core")` runs
// and hashes as Node's ES module import does.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";

import { canonicalHash } from "intent-core";

import { repoPath, repoText } from "./node/repo.mjs";

const project = fileURLToPath(new URL("../commonjs/", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

after(() => rmSync(`${project}out`, { recursive: true, force: true }));

test("a CommonJS TypeScript project type-checks, requires the package and hashes as Node's import", () => {
  execFileSync(process.execPath, [tsc, "-p", `${project}tsconfig.json`], { stdio: "inherit" });
  const printed = execFileSync(process.execPath, [`${project}out/hash.js`, repoPath("examples/intent.json")], { encoding: "utf8" });
  assert.equal(printed.trim(), canonicalHash(repoText("examples/intent.json")));
});
