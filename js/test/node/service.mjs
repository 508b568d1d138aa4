// The reference service for the suites that talk to it (client.test.mjs here, and
// test/readme/): started with README.md's own command (section "Reference service", its
// first sh block) from the repository's root, ready once it prints `listening on ADDR`,
// and stopped with SIGTERM, which must end it with status 0. `listen` sets
// INTENT_SERVICE_LISTEN (the README's command names no address): `127.0.0.1:0` takes a
// free port, so that a suite never collides with another service on 8080.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";

import { repoPath, repoText } from "./repo.mjs";

/** The lines of `markdown` from the line `heading` to the next heading of its level. */
export function section(markdown, heading) {
  const lines = markdown.split("\n");
  const start = lines.indexOf(heading);
  assert.notEqual(start, -1, `no section ${heading}`);
  const level = heading.split(" ")[0] + " ";
  const end = lines.findIndex((line, i) => i > start && line.startsWith(level));
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

/** The fenced blocks of `language` in `lines`, each as its text. */
export function blocks(lines, language) {
  const found = [];
  let inside = null;
  for (const line of lines) {
    if (inside === null && line === "```" + language) inside = [];
    else if (inside !== null && line === "```") {
      found.push(inside.join("\n") + "\n");
      inside = null;
    } else if (inside !== null) inside.push(line);
  }
  return found;
}

/** README.md's command that starts the service. */
export const serviceStart = blocks(section(repoText("README.md"), "## Reference service"), "sh")[0];

/**
 * Starts the service (README.md's command, or `command` with `env` added) and resolves
 * once it listens: `{ url, stop }`, `url` its base URL,
 * `stop()` sends SIGTERM and asserts that it exits 0.
 */
export async function startService({ listen, command = serviceStart, env = {} }) {
  const service = spawn("bash", ["-c", `exec ${command}`], {
    cwd: repoPath(""),
    env: { ...process.env, ...env, INTENT_SERVICE_LISTEN: listen },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  service.stderr.on("data", (chunk) => (stderr += chunk));
  const exit = new Promise((resolve) => service.on("exit", (code, signal) => resolve({ code, signal })));
  const address = await new Promise((resolve, reject) => {
    let stdout = "";
    service.stdout.on("data", (chunk) => {
      stdout += chunk;
      const line = stdout.split("\n").find((l) => l.startsWith("listening on "));
      if (line !== undefined) resolve(line.slice("listening on ".length));
    });
    exit.then(({ code, signal }) => reject(new Error(`the service ended (${code ?? signal}) before it listened:\n${stdout}\n${stderr}`)));
  });
  return {
    url: `http://${address}`,
    async stop() {
      if (service.exitCode !== null) return;
      service.kill("SIGTERM");
      const { code } = await exit;
      assert.equal(code, 0, `the service did not exit 0 on SIGTERM:\n${stderr}`);
    },
  };
}
