// The app's server (`npm run dev`, `npm run preview`): the page's own origin answers
// /stack.json (the file STACK names) and forwards /service/ to the reference service at
// SERVICE and /rpc/<chainId> to that chain's node, so the page calls neither across
// origins. `npm run build` needs neither variable.

import { readFileSync } from "node:fs";

import { defineConfig, type Connect, type Plugin, type ProxyOptions } from "vite";

/** The path of the local stack's stack.json (service/README.md, "Local stack"). */
const stackPath = process.env.STACK;
/** The reference service configured for the stack. */
const service = process.env.SERVICE ?? "http://127.0.0.1:8080";

/** The members of stack.json the server reads. */
interface StackNodes {
  chains: { chainId: number; rpcUrl: string }[];
}

function proxies(): Record<string, ProxyOptions> {
  const proxy: Record<string, ProxyOptions> = {
    "/service/": { target: service, rewrite: (path) => path.slice("/service".length) },
  };
  if (stackPath === undefined) return proxy;
  const stack: StackNodes = JSON.parse(readFileSync(stackPath, "utf8"));
  for (const { chainId, rpcUrl } of stack.chains) {
    proxy[`/rpc/${chainId}`] = { target: rpcUrl, rewrite: () => new URL(rpcUrl).pathname };
  }
  return proxy;
}

/** Answers /stack.json with the file STACK names. */
const answerStack: Connect.SimpleHandleFunction = (_request, response) => {
  if (stackPath === undefined) {
    response.writeHead(404, { "content-type": "text/plain" }).end("start the server with STACK=DIR/stack.json");
    return;
  }
  response.writeHead(200, { "content-type": "application/json" }).end(readFileSync(stackPath));
};

const stackJson: Plugin = {
  name: "stack-json",
  configureServer: (server) => void server.middlewares.use("/stack.json", answerStack),
  configurePreviewServer: (server) => void server.middlewares.use("/stack.json", answerStack),
};

export default defineConfig({
  plugins: [stackJson],
  server: { proxy: proxies() },
});
