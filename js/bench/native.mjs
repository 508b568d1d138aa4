// The native runner of the benchmarks (js/examples/native_bench.rs): built in release (if
// needed) and started once over the corpus, then asked one command per line: `hashes`
// (every intent's hash, to check both sides do the same work) or `pass` (one timed pass,
// in nanoseconds). Used by bench.mjs and variants.mjs, which interleave it with their passes.

import { execFileSync, spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../../", import.meta.url));

/** The target directory cargo builds into from the repository. */
export function targetDirectory() {
  return JSON.parse(execFileSync("cargo", ["metadata", "--format-version", "1", "--no-deps"], { cwd: repo, encoding: "utf8" })).target_directory;
}

/** Starts the runner over `corpusPath`: `ask(command)` answers one line, `stop()` ends it. */
export function startNative(corpusPath) {
  execFileSync("cargo", ["build", "-q", "--release", "--locked", "-p", "intent-core-wasm", "--example", "native_bench"], {
    cwd: repo,
    stdio: "inherit",
  });
  const native = spawn(join(targetDirectory(), "release/examples/native_bench"), [corpusPath], { stdio: ["pipe", "pipe", "inherit"] });
  const answers = createInterface({ input: native.stdout })[Symbol.asyncIterator]();
  return {
    async ask(command) {
      native.stdin.write(`${command}\n`);
      const { value, done } = await answers.next();
      if (done) throw new Error("native_bench stopped");
      return value;
    },
    stop() {
      native.stdin.end();
    },
  };
}
