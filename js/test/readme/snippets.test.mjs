// The READMEs' JavaScript and TypeScript run as written (`npm run test:readme`, .ci/run):
// README.md's TypeScript block (section "JavaScript / TypeScript") and js/README.md's
// opening flow (its install line and its JavaScript block), each copied verbatim into a
// throw-away project outside the repository that resolves `intent-core` to this package
// (built: `npm run build`) and `viem` to its pinned copy in js/node_modules. The
// TypeScript is type-checked under `tsc --strict` (the typescript of package.json),
// compiled and run against the reference service started with README.md's own command
// (section "Reference service"); js/README.md's flow runs against the local stack of
// service/README.md and the service configured for it (test/node/stack.mjs), with the
// stack's stack.json beside it, and must end SUCCEEDED. Each service is stopped with
// SIGTERM (test/node/service.mjs).

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

import { blocks, section, startService } from "../node/service.mjs";
import { startStack } from "../node/stack.mjs";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const packageDir = join(repo, "js");

/** The one block of `language` in `lines`. */
function onlyBlock(lines, language, where) {
  const found = blocks(lines, language);
  assert.equal(found.length, 1, `${where} must show one ${language} block, not ${found.length}`);
  return found[0];
}

const readme = readFileSync(join(repo, "README.md"), "utf8");
const typescript = onlyBlock(section(readme, "## JavaScript / TypeScript"), "ts", "README.md's JavaScript / TypeScript");
const packageReadme = readFileSync(join(packageDir, "README.md"), "utf8").split("\n");
// Its opening: the lines before its first section ("Example app", run by examples/app's own test).
const firstSection = packageReadme.findIndex((line) => line.startsWith("## "));
const opening = firstSection === -1 ? packageReadme : packageReadme.slice(0, firstSection);
const javascript = onlyBlock(opening, "js", "js/README.md's opening");
const install = onlyBlock(opening, "sh", "js/README.md's opening");

let service;
let project;

before(async () => {
  assert.ok(existsSync(join(packageDir, "dist", "node.js")), "the package is not built: run `npm run build` in js/ first");
  assert.ok(existsSync(join(packageDir, "node_modules", "viem")), "run `npm ci` in js/ first");

  // The throw-away project: `intent-core` is this package, `viem` js/'s pinned one.
  project = mkdtempSync(join(tmpdir(), "intent-core-readme-"));
  mkdirSync(join(project, "node_modules"));
  symlinkSync(packageDir, join(project, "node_modules", "intent-core"), "dir");
  symlinkSync(join(packageDir, "node_modules", "viem"), join(project, "node_modules", "viem"), "dir");
  writeFileSync(join(project, "package.json"), JSON.stringify({ private: true, type: "module" }));

});

after(async () => {
  await service?.stop();
  if (project !== undefined) rmSync(project, { recursive: true, force: true });
});

/** Runs the module `file` of the project with node and returns its standard output's lines. */
function run(file) {
  return execFileSync(process.execPath, [file], { cwd: project, encoding: "utf8" }).trimEnd().split("\n");
}

test("README.md's TypeScript type-checks strictly and quotes, commits, signs and executes an intent", async () => {
  // The service, as README.md starts it, on the address its examples name.
  service = await startService({ listen: "127.0.0.1:8080" });
  assert.equal(service.url, "http://127.0.0.1:8080");
  writeFileSync(join(project, "snippet.ts"), typescript);
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmitOnError: true,
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        lib: ["ES2022", "DOM"],
        types: [],
        outDir: "out",
      },
      files: ["snippet.ts"],
    }),
  );
  const tsc = join(packageDir, "node_modules", "typescript", "bin", "tsc");
  execFileSync(process.execPath, [tsc, "-p", join(project, "tsconfig.json")], { cwd: project, stdio: "inherit" });
  const [executed, refused, ...rest] = run(join("out", "snippet.js"));
  assert.match(
    executed,
    /^0x[0-9a-f]{64} 0x17c5185167401eD00cF5F5b2fc97D9BBfDb7D025 true EXECUTING$/,
  );
  assert.equal(refused, "NUMBER_OUT_OF_RANGE salt InvalidArgument");
  assert.deepEqual(rest, []);
});

test("js/README.md opens with the whole flow, which quotes, verifies, deposits and waits on the local stack as written", async () => {
  await service?.stop();
  service = undefined;
  const version = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")).version;
  assert.equal(install, `npm install ./intent-core-${version}.tgz viem\n`);
  // The title, one sentence, then the install line and the flow: under 40 lines of code.
  assert.deepEqual([packageReadme.indexOf("```sh"), packageReadme.indexOf("```js")], [4, 8]);
  const codeLines = install.trimEnd().split("\n").length + javascript.trimEnd().split("\n").length;
  assert.ok(codeLines < 40, `the flow is ${codeLines} lines`);
  // The local stack and its service, on the address the example names; its stack.json beside the example.
  const stack = await startStack({ listen: "127.0.0.1:8080" });
  try {
    copyFileSync(join(stack.dir, "stack.json"), join(project, "stack.json"));
    writeFileSync(join(project, "flow.mjs"), javascript);
    const lines = run("flow.mjs");
    assert.equal(lines.at(-1), "SUCCEEDED", lines.join("\n"));
    assert.ok(lines.includes("DEPOSIT SUCCEEDED") && lines.includes("ORIGIN SUCCEEDED"), lines.join("\n"));
  } finally {
    await stack.stop();
  }
});
