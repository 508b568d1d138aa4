// The example app against a real stack and a real service (`npm test` here; .ci/run): the
// local stack of service/README.md and the service configured for it (js/test/node/stack.mjs),
// then js/README.md's two lines of its section "Example app", run as written from the
// repository's root (`npm ci`, `npm run build`: tsc --strict, then Vite) and from this
// directory (`npm run preview`), with DIR the stack's directory and the service's address
// the one it listens on. The page is driven in headless Chromium (js/test/chromium.mjs)
// as a user would: a swap of the stack's first token for its second on one chain, once
// with a deposit sent with the test key and once signed gasless. Each ends SUCCEEDED, the
// page shows the deposit's and the origin transaction's stages, and the balances read on
// chain here move as the quote says and as the page shows them.

import assert from "node:assert/strict";
import { execSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { erc20Abi } from "viem";

import { launchChromium } from "../../../test/chromium.mjs";
import { blocks, section } from "../../../test/node/service.mjs";
import { startStack } from "../../../test/node/stack.mjs";

const repo = fileURLToPath(new URL("../../../../", import.meta.url));
const appDir = fileURLToPath(new URL("../", import.meta.url));
const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
const commands = blocks(section(readme, "## Example app"), "sh");
assert.equal(commands.length, 1, "js/README.md's Example app shows one sh block");
const [build, serve, ...more] = commands[0].trimEnd().split("\n");
assert.deepEqual(more, [], "js/README.md's Example app: two lines, the build and the server");
/** The service's address as the README writes it, replaced by the one the test's service listens on. */
const README_SERVICE = "http://127.0.0.1:8080";

/** Starts the README's server line in this directory; resolves with `{ url, stop }` once it prints its address. */
async function startPreview(line) {
  const server = spawn("bash", ["-c", line], { cwd: appDir, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const exit = new Promise((resolve) => server.on("exit", (code, signal) => resolve({ code, signal })));
  const url = await new Promise((resolve, reject) => {
    const look = (chunk) => {
      output += chunk;
      const found = /Local:\s+(http:\/\/\S+)/.exec(output.replace(/\x1b\[[0-9;]*m/g, ""));
      if (found !== null) resolve(found[1]);
    };
    server.stdout.on("data", look);
    server.stderr.on("data", (chunk) => (output += chunk));
    exit.then(({ code, signal }) => reject(new Error(`the app's server ended (${code ?? signal}):\n${output}`)));
  });
  return {
    url,
    async stop() {
      // npm runs vite as its child: the whole group is stopped.
      process.kill(-server.pid, "SIGTERM");
      await exit;
    },
  };
}

describe("the example app on the local stack, in Chromium", () => {
  let run;
  let preview;
  let chromium;
  let page;
  const errors = [];

  const balance = (token, owner) => run.publicClient.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });

  before(async () => {
    run = await startStack();
    execSync(build, { cwd: repo, stdio: "inherit" });
    preview = await startPreview(serve.replace("DIR", run.dir).replace(README_SERVICE, run.url));
    chromium = await launchChromium();
    page = await chromium.context.newPage();
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(preview.url);
    await page.waitForSelector("#connection[data-ready=true]", { timeout: 60_000 });
  });
  after(async () => {
    await chromium?.close();
    await preview?.stop();
    await run?.stop();
  });

  /** Picks the swap, quotes it, checks the verdict, executes in `mode` and checks the page and the chain. */
  async function swap(mode) {
    const [susd, seur] = run.tokens;
    const { chainId } = run.stack.chains[0];
    await page.selectOption("#origin-chain", String(chainId));
    await page.selectOption("#origin-token", susd);
    await page.fill("#amount", "10");
    await page.selectOption("#destination-chain", String(chainId));
    await page.selectOption("#destination-token", seur);
    await page.selectOption("#mode", mode);
    await page.evaluate(() => document.getElementById("verdict").removeAttribute("data-ok"));
    await page.click("#quote");
    await page.waitForSelector("#verdict[data-ok], #error:not([hidden])", { state: "attached", timeout: 60_000 });
    assert.equal(await page.getAttribute("#verdict", "data-ok"), "true", `${await page.textContent("#verdict")} ${await page.textContent("#error")}`);
    const raw = async (list, member) => page.getAttribute(`#${list} dd[data-member=${member}]`, "data-raw");
    const intentAddress = await raw("quote-view", "originIntentAddress");
    const fromAmount = BigInt(await raw("quote-view", "fromAmount"));
    const toAmountMin = BigInt(await raw("quote-view", "toAmountMin"));
    const serviceFee = BigInt(await raw("quote-view", "serviceFeeTotal"));
    assert.equal(fromAmount, 10n * 10n ** 18n);

    const before = { susd: await balance(susd, run.owner), seur: await balance(seur, run.owner), fees: await balance(susd, run.feeCollector) };
    await page.click("#execute");
    await page.waitForSelector("#status[data-status], #error:not([hidden])", { state: "attached", timeout: 180_000 });
    const stages = await page.$$eval("#stages li", (items) => items.map((li) => [li.dataset.type, li.dataset.status, li.textContent]));
    assert.equal(await page.getAttribute("#status", "data-status"), "SUCCEEDED", `${await page.textContent("#error")}\n${stages.map((s) => s[2]).join("\n")}`);
    // The last stage shown of each transaction: the deposit's and the origin transaction's.
    const last = new Map(stages.map(([type, stage]) => [type, stage]));
    assert.deepEqual([last.get("DEPOSIT"), last.get("ORIGIN")], ["SUCCEEDED", "SUCCEEDED"], stages.map((s) => s[2]).join("\n"));

    const gasFee = BigInt(await raw("balances", "gasFee"));
    assert.equal(gasFee > 0n, mode === "gasless");
    const after = { susd: await balance(susd, run.owner), seur: await balance(seur, run.owner), fees: await balance(susd, run.feeCollector) };
    assert.equal(before.susd - after.susd, fromAmount + gasFee, "the owner paid the quoted amount (and the gas fee when gasless)");
    assert.ok(after.seur - before.seur >= toAmountMin, "the owner received at least toAmountMin");
    assert.equal(after.fees - before.fees, serviceFee + gasFee, "the fee collector received the service fee (and the gas fee)");
    assert.equal(await balance(susd, intentAddress), 0n, "nothing is left at the intent address");
    // The page shows the same balances, read through the app's own origin.
    assert.equal(await raw("balances", "origin"), `${before.susd} ${after.susd}`);
    assert.equal(await raw("balances", "destination"), `${before.seur} ${after.seur}`);
    assert.deepEqual(errors, []);
    return stages.map((s) => s[2]);
  }

  test("a swap with a deposit sent with the test key: quoted, verified, executed, each stage shown, the balances on chain", async (t) => {
    t.diagnostic((await swap("deposit")).join("; "));
  });

  test("the same swap signed gasless (the entrypoint's and the permit's typed data) and relayed by the service", async (t) => {
    t.diagnostic((await swap("gasless")).join("; "));
  });
});
