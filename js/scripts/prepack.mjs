// `npm pack` / `npm publish` in js/ run this first: the package must be complete (built by
// `npm run build`) and carry the crate's version (js/Cargo.toml is where it is kept), or
// packing stops with what to do. An unbuilt tree never becomes a tarball of package.json alone.

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));

/** Every file an `exports` condition names, and the declarations (ES and CommonJS) of every module. */
function required() {
  const files = new Set(["README.md", "LICENSE-MIT", "LICENSE-APACHE", "dist/wasm/intent_core_wasm.js", "dist/wasm/intent_core_extra.js"]);
  const walk = (target) => {
    if (typeof target === "string") files.add(target.replace(/^\.\//, ""));
    else for (const value of Object.values(target)) walk(value);
  };
  walk(manifest.exports);
  for (const module of ["core", "core-entry", "client", "helpers", "steps", "verify", "generated/objects", "generated/core-objects", "generated/types"]) {
    files.add(`dist/${module}.d.ts`);
    files.add(`dist/${module}.d.cts`);
  }
  return [...files].sort();
}

const missing = required().filter((file) => !existsSync(join(packageDir, file)));
if (missing.length > 0) {
  console.error(`prepack: the package is not built (missing: ${missing.join(", ")}); run \`npm run build\` in js/ first (README.md, "JavaScript / TypeScript")`);
  process.exit(1);
}
const cargo = readFileSync(join(packageDir, "Cargo.toml"), "utf8");
const crateVersion = /^version = "([^"]+)"/m.exec(cargo)?.[1];
if (manifest.version !== crateVersion) {
  console.error(`prepack: package.json's version ${manifest.version} differs from js/Cargo.toml's ${crateVersion}; the crate's is the package's`);
  process.exit(1);
}
