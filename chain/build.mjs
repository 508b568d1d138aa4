// Compiles contracts/*.sol with the pinned solc-js (standard JSON, fixed settings) and
// prints one JSON document to standard output: {"solc": version, "contracts": {Name:
// {"abi": [...], "bytecode": "0x..."}}}. Nothing is written to disk here; the Rust harness
// (chain-tests/src/artifacts.rs) runs this when it has kept no output of these very sources,
// and deploys what it prints.
// Warnings go to standard error; any error exits non-zero with solc's messages.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const solc = require("solc");
const here = dirname(fileURLToPath(import.meta.url));

// Fixed compiler settings: the bytecode depends on nothing but the sources and this file.
const settings = {
  optimizer: { enabled: true, runs: 200 },
  // depositToIntentWithPermit takes 15 arguments: too deep for the legacy pipeline's stack.
  viaIR: true,
  evmVersion: "cancun",
  metadata: { bytecodeHash: "none" },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
};

// The contracts, the interfaces they implement (contracts/interfaces/, from which the
// Rust bindings are made) and the contracts only tests deploy (contracts/test/): each is
// compiled, so each has its ABI in the output.
const sources = {};
for (const dir of ["contracts", "contracts/interfaces", "contracts/cctp", "contracts/test"]) {
  for (const file of readdirSync(join(here, dir)).filter((name) => name.endsWith(".sol")).sort()) {
    sources[`${dir}/${file}`] = { content: readFileSync(join(here, dir, file), "utf8") };
  }
}

// Imports resolve to the pinned npm packages only (`@openzeppelin/contracts/...`).
function findImports(path) {
  if (!path.startsWith("@openzeppelin/contracts/")) {
    return { error: `import outside @openzeppelin/contracts: ${path}` };
  }
  try {
    return { contents: readFileSync(require.resolve(path), "utf8") };
  } catch (error) {
    return { error: `cannot read ${path}: ${error.message}` };
  }
}

const input = { language: "Solidity", sources, settings };
const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
const problems = output.errors ?? [];
for (const problem of problems) {
  process.stderr.write(problem.formattedMessage ?? problem.message);
}
if (problems.some((problem) => problem.severity === "error")) {
  process.exit(1);
}

const contracts = {};
for (const file of Object.keys(sources)) {
  for (const [name, compiled] of Object.entries(output.contracts[file] ?? {})) {
    contracts[name] = { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
  }
}
process.stdout.write(`${JSON.stringify({ solc: solc.version(), contracts })}\n`);
