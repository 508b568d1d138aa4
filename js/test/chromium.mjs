// Headless Chromium (Debian's, driven by playwright-core) and a static file server on the
// loopback address, shared by the repository's browser suite (test/browser/) and the
// bundler apps of the packed-tarball project (consumer/test/, where .ci/run copies this file).

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize, sep } from "node:path";

import { chromium } from "playwright-core";

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json", ".wasm": "application/wasm" };

/** Chromium in a throw-away profile: `{ context, close }`. `CHROMIUM` names the executable. */
export async function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), "intent-core-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Serves the files under the directory `dir` on 127.0.0.1; paths outside it, and any under
 * node_modules, are refused. `{ origin, close }`.
 */
export async function serveDirectory(dir) {
  const root = normalize(dir).replace(/[\\/]+$/, "");
  const server = createServer((request, response) => {
    const path = normalize(join(root, decodeURIComponent(new URL(request.url, "http://x").pathname)));
    if (!path.startsWith(root + sep) || path.includes(`${sep}node_modules${sep}`)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(path);
      response.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    async close() {
      // Chromium keeps its connections open after a tab is gone; close them, not wait.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
