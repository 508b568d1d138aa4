// A TypeScript project compiled to CommonJS (commonjs/: `module: commonjs`) type-checks
// against the package's declarations under --strict, and its `require("intent-core")` runs
// and hashes as Node's ES module import does; the same file type-checks under
// `moduleResolution: node16` and `nodenext`, where TypeScript reads the CommonJS
// declarations (`dist/index.d.cts`, the `require` condition).

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

for (const resolution of ["nodenext", "node16"]) {
  test(`the CommonJS file type-checks under --module ${resolution} --moduleResolution ${resolution}, against the .d.cts declarations`, () => {
    const listed = execFileSync(
      process.execPath,
      [tsc, "--strict", "--noEmit", "--listFiles", "--module", resolution, "--moduleResolution", resolution, "--target", "es2022", "--types", "node", "hash.ts"],
      { cwd: project, encoding: "utf8" },
    );
    const declarations = listed.split("\n").filter((file) => file.includes("/intent-core/"));
    assert.ok(declarations.some((file) => file.endsWith("/intent-core/dist/index.d.cts")), declarations.join("\n"));
    assert.deepEqual(declarations.filter((file) => file.endsWith(".d.ts")), []);
  });
}
