// `npm run build`: the package in dist/ from this repository (docs/spec.md §13).
//   1. cargo build --profile wasm --target wasm32-unknown-unknown -p intent-core-wasm, once
//      per WebAssembly module (the profile of Cargo.toml: size-optimised, link-time
//      optimised): the core module (`--features core-module`) and the second module
//      (`--features extra-module`), which only the full entries load (js/src/lib.rs says
//      what each holds)
//   2. wasm-bindgen --target web (name and producers sections removed), with the CLI of exactly the version of the wasm-bindgen
//      crate in Cargo.lock (the two must match; install it with
//      `cargo install wasm-bindgen-cli --version =X`), into dist/wasm/: intent_core_wasm*
//      (the core module) and intent_core_extra* (the second)
//   3. binaryen's wasm-opt (the pinned devDependency `binaryen`) over each module, with the
//      passes of scripts/wasm-opt.mjs (BENCHMARKS.md, "The JavaScript package", says why)
//   4. the JavaScript glue and the declarations of lib/ copied into dist/ (the entries
//      browser.js, node.js and require.cjs among them: package.json's `exports`), the
//      generated ones of lib/generated/ into dist/generated/
//   5. Node's two entries, node.js and core-node.js, bundled by esbuild (the pinned
//      devDependency): each entry one file and their shared code one chunk beside them
//      (node-shared-HASH.js), the wasm-bindgen glue of dist/wasm/ left as it is. Node loads
//      each ES module file through its loader (resolve, read, compile): 15 and 16 files
//      unbundled, 4 and 3 bundled, 6–12 ms less start-up (BENCHMARKS.md, "Run J").
//      The browser entries stay unbundled: the app's bundler bundles them.
//   6. every declaration file `X.d.ts` of dist/ again as `X.d.cts`, its relative imports
//      naming `.cjs`: the declarations TypeScript reads for `require("intent-core")` under
//      `moduleResolution: node16/nodenext` (package.json's `require` condition)
//   7. dist/wasm-bytes.js and dist/wasm-extra-bytes.js, the modules
//      `intent-core/wasm-bytes` and `intent-core/wasm-extra-bytes`: each `.wasm` as bytes in
//      a JavaScript module (base64), for bundlers that do not emit the `.wasm` by
//      themselves (esbuild with its defaults): `init(bytes, extraBytes)`
// `npm pack` afterwards makes the tarball users install (scripts/prepack.mjs checks it is complete).
// Fails loudly on any missing tool; never falls back.

import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { buildSync } from "esbuild";

import { wasmOpt } from "./wasm-opt.mjs";

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const repo = dirname(packageDir);
const dist = join(packageDir, "dist");

function run(command, args, options = {}) {
  console.log(`$ ${command} ${args.join(" ")}`);
  return execFileSync(command, args, { cwd: repo, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8", ...options });
}

/** The version of the wasm-bindgen crate in Cargo.lock. */
function lockedWasmBindgen() {
  const lock = readFileSync(join(repo, "Cargo.lock"), "utf8");
  const match = /\[\[package\]\]\nname = "wasm-bindgen"\nversion = "([^"]+)"/.exec(lock);
  if (match === null) throw new Error("build: no wasm-bindgen package in Cargo.lock");
  return match[1];
}

const version = lockedWasmBindgen();
let cli;
try {
  cli = execFileSync("wasm-bindgen", ["--version"], { encoding: "utf8" }).trim();
} catch {
  throw new Error(`build: no wasm-bindgen CLI; install it with: cargo install wasm-bindgen-cli --version =${version}`);
}
if (cli !== `wasm-bindgen ${version}`) {
  throw new Error(`build: ${cli} differs from the wasm-bindgen crate ${version} of Cargo.lock; install it with: cargo install wasm-bindgen-cli --version =${version}`);
}

const targetDir = JSON.parse(run("cargo", ["metadata", "--format-version", "1", "--no-deps"])).target_directory;
const wasmFile = join(targetDir, "wasm32-unknown-unknown", "wasm", "intent_core_wasm.wasm");

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist);
// The module's name in dist/wasm/ by the crate's feature that builds it.
const modules = [
  ["core-module", "intent_core_wasm"],
  ["extra-module", "intent_core_extra"],
];
for (const [feature, name] of modules) {
  run("cargo", ["build", "--profile", "wasm", "--locked", "--target", "wasm32-unknown-unknown", "-p", "intent-core-wasm", "--no-default-features", "--features", feature], {
    stdio: "inherit",
  });
  run(
    "wasm-bindgen",
    ["--target", "web", "--no-typescript", "--remove-name-section", "--remove-producers-section", "--out-name", name, "--out-dir", join(dist, "wasm"), wasmFile],
    { stdio: "inherit" },
  );
  wasmOpt(join(dist, "wasm", `${name}_bg.wasm`));
}
cpSync(join(packageDir, "lib"), dist, { recursive: true });

// Node's entries, bundled over the copies of lib/ (which the browser entries keep using).
// The glue stays a module of its own: its `new URL(…, import.meta.url)` names the `.wasm`
// beside it, and both entries share it with the browser entries' modules.
buildSync({
  entryPoints: ["node.js", "core-node.js"].map((entry) => join(packageDir, "lib", entry)),
  outdir: dist,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external: ["./wasm/*"],
  chunkNames: "node-shared-[hash]",
  banner: { js: "// Written by js/scripts/build.mjs: lib/'s modules of Node's entries, bundled by esbuild (docs/spec.md §13)." },
  logLevel: "warning",
});

// The CommonJS declarations: the same text, relative specifiers `./X.js` naming `./X.cjs`
// (which TypeScript resolves to `./X.d.cts`).
for (const name of readdirSync(dist, { recursive: true }).map(String).filter((n) => n.endsWith(".d.ts"))) {
  const text = readFileSync(join(dist, name), "utf8").replace(/(from\s+"\.{1,2}\/[^"]*)\.js"/g, '$1.cjs"');
  writeFileSync(join(dist, name.replace(/\.d\.ts$/, ".d.cts")), text);
}

// `intent-core/wasm-bytes` and `intent-core/wasm-extra-bytes`: each module's bytes (an
// ArrayBuffer), decoded once when imported.
for (const [file, name, what] of [
  ["wasm-bytes.js", "intent_core_wasm", "The core WebAssembly module of intent-core as bytes, for `init(bytes)`"],
  ["wasm-extra-bytes.js", "intent_core_extra", "The second WebAssembly module of intent-core as bytes, for `init(bytes, extraBytes)`"],
]) {
  const base64 = readFileSync(join(dist, "wasm", `${name}_bg.wasm`)).toString("base64");
  writeFileSync(
    join(dist, file),
    `// ${what} where a bundler does not\n` +
      "// emit the `.wasm` (esbuild with its defaults). Written by scripts/build.mjs.\n" +
      `const text = atob("${base64}");\n` +
      "const bytes = new Uint8Array(text.length);\n" +
      "for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);\n" +
      "export default bytes.buffer;\n",
  );
}
console.log(`build: ${dist}`);
