// The whole flow in TypeScript (test/types/flow.ts, and the same text as CommonJS in
// flow.cts) type-checks under `tsc --strict` with no cast, against the built package's
// declarations (`intent-core` resolved by its own name: the .d.ts for the ES module, the
// .d.cts under the `require` condition for CommonJS, moduleResolution nodenext) and viem's.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { test } from "node:test";

import { repoPath, repoText } from "./repo.mjs";

const tsc = createRequire(repoPath("js/package.json")).resolve("typescript/bin/tsc");

test("the flow is written without a cast", () => {
  for (const file of ["flow.ts", "flow.cts"]) {
    const code = repoText(`js/test/types/${file}`).replace(/\/\/.*$/gm, "").replace(/\/\*\*[\s\S]*?\*\//g, "");
    assert.doesNotMatch(code, /\bas\s+(?!const\b)[A-Za-z{[]|<[A-Z]\w*>\s*[a-z(]|!\./, file);
  }
});

test("the flow type-checks strictly as an ES module and as CommonJS, each against its declarations", () => {
  const listed = execFileSync(process.execPath, [tsc, "-p", repoPath("js/test/types/tsconfig.json"), "--listFiles"], { encoding: "utf8" });
  const declarations = listed.split("\n").filter((file) => file.includes("/js/dist/"));
  for (const module of ["index", "verify", "steps", "client", "helpers", "core", "wasm-bytes"]) {
    assert.ok(declarations.some((file) => file.endsWith(`/dist/${module}.d.ts`)), `${module}.d.ts: ${declarations.join("\n")}`);
    assert.ok(declarations.some((file) => file.endsWith(`/dist/${module}.d.cts`)), `${module}.d.cts: ${declarations.join("\n")}`);
  }
});
