// The local stack of service/README.md ("Local stack") and a service configured for it,
// for the suites that run an intent for real (stack.test.mjs): the stack started with the
// README's command as written (`DIR` a new temporary directory), ready once DIR/stack.json
// exists; the service started with the command the README gives for it, the relayer's key
// from stack.json, its SQLite database in DIR; both stopped with SIGTERM, which must end
// each with status 0. Also the viem clients of the stack's chain and its owner.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { createPublicClient, createWalletClient, defineChain, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";

import { repoPath, repoText } from "./repo.mjs";
import { blocks, section, startService } from "./service.mjs";

const localStack = blocks(section(repoText("service/README.md"), "## Local stack"), "sh");
/** The README's command that starts the stack (the second line of its first block). */
export const stackStart = localStack[0].trim().split("\n").find((line) => line.startsWith("cargo run"));
/** The README's command that starts the service for the stack, without its key line. */
export const stackService = localStack[1].trim().split("\n").at(-1).trim();

/**
 * Starts the stack and the service (on `listen`, a free port without it): `{ stack, dir, url, owner, publicClient, walletClient,
 * contracts, tokens, stop }` (`stack` is stack.json, `contracts` the wallet contracts as
 * verifyQuote takes them, `tokens` [SUSD, SEUR]).
 */
export async function startStack({ listen = "127.0.0.1:0" } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "intent-core-stack-"));
  const node = spawn("bash", ["-c", `exec ${stackStart.replace("DIR", dir)}`], { cwd: repoPath(""), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  node.stdout.on("data", (chunk) => (output += chunk));
  node.stderr.on("data", (chunk) => (output += chunk));
  const exit = new Promise((resolve) => node.on("exit", (code, signal) => resolve({ code, signal })));
  let ended = null;
  exit.then((status) => (ended = status));
  while (!existsSync(join(dir, "stack.json"))) {
    if (ended !== null) throw new Error(`the stack ended (${ended.code ?? ended.signal}) before it was ready:\n${output}`);
    await sleep(100);
  }
  const stack = JSON.parse(readFileSync(join(dir, "stack.json"), "utf8"));
  const key = (role) => stack.accounts.find((a) => a.role === role).privateKey;
  let service;
  try {
    service = await startService({
      listen,
      command: `${stackService.replaceAll("DIR", dir)} --db sqlite://${dir}/intents.db`,
      env: { INTENT_RELAYER_KEY: key("relayer") },
    });
  } catch (error) {
    node.kill("SIGTERM");
    throw error;
  }
  const [chainEntry] = stack.chains;
  const chain = defineChain({
    id: chainEntry.chainId,
    name: "local stack",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chainEntry.rpcUrl] } },
  });
  const account = privateKeyToAccount(key("owner"));
  const c = chainEntry.contracts;
  return {
    stack,
    dir,
    url: service.url,
    owner: account.address,
    feeCollector: stack.accounts.find((a) => a.role === "feeCollector").address,
    publicClient: createPublicClient({ chain, transport: http() }),
    walletClient: createWalletClient({ account, chain, transport: http() }),
    contracts: {
      factory: c.intentWalletFactory,
      mainModule: c.intentWalletMainModule,
      mainModuleUpgradable: c.intentWalletMainModuleUpgradable,
      guestModule: c.intentWalletGuest,
      serviceRouter: c.serviceRouter,
      swapRouter: c.uniswapV2Router02,
    },
    tokens: chainEntry.tokens.map((t) => t.address),
    async stop() {
      try {
        await service.stop();
      } finally {
        if (ended === null) node.kill("SIGTERM");
        const { code } = await exit;
        rmSync(dir, { recursive: true, force: true });
        assert.equal(code, 0, `the stack did not exit 0 on SIGTERM:\n${output}`);
      }
    },
  };
}
