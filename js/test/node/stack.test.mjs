// verifyQuote and the viem steps (docs/spec.md §13, "Checking a quote" and "Steps") against
// real quotes: the service configured for the local stack of service/README.md (stack.mjs),
// Anvil with the wallet contracts, Uniswap V2 and the entrypoint. Each rule of verifyQuote
// is broken once in a real quote and answered with exactly its reason and path; the whole
// flow (quote → verify → deposit or sign → execute → wait) runs in hash mode and gasless,
// and the balances are read on chain. The shipped example quote (derived addresses, placeholder
// meta-transactions) is refused at its meta-transaction, and at its address once a call changes.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { decodeFunctionData, erc20Abi } from "viem";

import {
  canonicalJson,
  createClient,
  depositTransaction,
  gasFeeOption,
  gaslessExecuteRequest,
  gaslessTypedData,
  readNonce,
  readTokenDomain,
  signGasless,
  verifyQuote,
} from "intent-core";

import { repoText } from "./repo.mjs";
import { startStack } from "./stack.mjs";

const ACCESS_KEY = "demo-access-key";
const TOKEN = 10n ** 18n;

/** A copy of a wire object (bigints kept) to break one member of. */
const copy = (value) => structuredClone(value);

/** `hex` with the byte at `index` (counted from the first after `0x`) flipped. */
function flipByte(hex, index) {
  const at = 2 + index * 2;
  const byte = (parseInt(hex.slice(at, at + 2), 16) ^ 0x01).toString(16).padStart(2, "0");
  return hex.slice(0, at) + byte + hex.slice(at + 2);
}

describe("on the local stack", () => {
  let run;
  let client;
  let request;
  let quote;

  const balance = (token, owner) => run.publicClient.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
  const verify = (response, extra = {}) => verifyQuote(response, { owner: run.owner, request, contracts: run.contracts, ...extra });

  before(async () => {
    run = await startStack();
    client = createClient({ baseUrl: run.url, accessKey: ACCESS_KEY });
    const [susd, seur] = run.tokens;
    request = {
      ownerAddress: run.owner,
      originChainId: run.stack.chains[0].chainId,
      destinationChainId: run.stack.chains[0].chainId,
      originTokenAddress: susd,
      originTokenAmount: 10n * TOKEN,
      destinationTokenAddress: seur,
    };
    quote = await client.quoteIntent(request);
  });
  after(async () => {
    await run?.stop();
  });

  test("verifyQuote accepts the service's quote, from the object and from its text", () => {
    assert.deepEqual(verify(quote), { ok: true });
    assert.deepEqual(verify(canonicalJson(quote, "QuoteResponse")), { ok: true });
  });

  test("a quote with one byte of a call changed is refused", () => {
    const calls = quote.intent.originCalls.calls;
    const swap = calls.findIndex((call) => call.data?.startsWith("0x38ed1739"));
    assert.notEqual(swap, -1);
    // The recipient's last byte (argument 3 of the swap): the call pays someone else.
    const recipient = copy(quote);
    recipient.intent.originCalls.calls[swap].data = flipByte(calls[swap].data, 4 + 3 * 32 + 31);
    const refused = verify(recipient);
    assert.equal(refused.ok, false);
    assert.deepEqual([refused.reason, refused.path], ["INTENT_INCONSISTENT", `intent.originCalls.calls[${swap}].data`]);
    // The deadline's last byte (argument 4), which no bundle rule reads: the address no longer commits to the calls.
    const deadline = copy(quote);
    deadline.intent.originCalls.calls[swap].data = flipByte(calls[swap].data, 4 + 4 * 32 + 31);
    const mismatch = verify(deadline);
    assert.deepEqual([mismatch.ok, mismatch.reason, mismatch.path], [false, "INTENT_ADDRESS_MISMATCH", "intent.originIntentAddress"]);
  });

  test("each rule of verifyQuote refuses exactly its break, with its reason and path", () => {
    const cases = [
      ["the intent's owner", (q) => (q.intent.ownerAddress = run.feeCollector), {}, "INTENT_INCONSISTENT", "intent.ownerAddress"],
      ["another owner than the request's", () => {}, { owner: run.feeCollector }, "INTENT_INCONSISTENT", "request.ownerAddress"],
      ["another amount asked", (q) => (q.intent.quoteRequest.originTokenAmount = 11n * TOKEN), {}, "INTENT_INCONSISTENT", "intent.quoteRequest.originTokenAmount"],
      ["another recipient asked", (q) => (q.intent.quoteRequest.destinationToAddress = run.feeCollector), {}, "INTENT_INCONSISTENT", "intent.quoteRequest.destinationToAddress"],
      ["a trade type the request did not name", (q) => (q.intent.quoteRequest.tradeType = "EXACT_INPUT"), {}, "INTENT_INCONSISTENT", "intent.quoteRequest.tradeType"],
      ["another amount spent", (q) => (q.intent.quote.fromAmount += 1n), {}, "INTENT_INCONSISTENT", "intent.quote.fromAmount"],
      ["the intent's own rules", (q) => (q.intent.quote.toAmountMin = q.intent.quote.toAmount + 1n), {}, "INTENT_INCONSISTENT", "intent.quote.toAmountMin"],
      ["a wallet context the dApp does not trust", () => {}, { contracts: { ...run.contracts, factory: run.feeCollector } }, "INTENT_ADDRESS_MISMATCH", "intent.originIntentAddress"],
      ["another swap router", () => {}, { contracts: { ...run.contracts, swapRouter: run.feeCollector } }, "INTENT_INCONSISTENT", "intent.originCalls.calls[1].data"],
      ["another meta-transaction input", (q) => (q.intent.originMetaTxn.input = flipByte(q.intent.originMetaTxn.input, 40)), {}, "META_TRANSACTION_MISMATCH", "intent.originMetaTxn.input"],
      ["a precondition below the deposit", (q) => (q.intent.originPrecondition.minAmount -= 1n), {}, "PRECONDITION_MISMATCH", "intent.originPrecondition.minAmount"],
      ["a deposit below the quote", (q) => (q.intent.depositTransaction.amount -= 1n), {}, "DEPOSIT_MISMATCH", "intent.depositTransaction.amount"],
      ["a deposit transaction paying someone else", (q) => Object.assign(q.intent.depositTransaction, { to: q.intent.depositTransaction.tokenAddress, data: `0xa9059cbb${run.feeCollector.slice(2).toLowerCase().padStart(64, "0")}${q.intent.depositTransaction.amount.toString(16).padStart(64, "0")}` }), {}, "DEPOSIT_MISMATCH", "intent.depositTransaction.data"],
      ["fees that do not add up", (q) => (q.intent.fees.totalFeeAmount += 1n), {}, "INTENT_INCONSISTENT", "intent.fees.totalFeeAmount"],
      ["a breakdown that differs", (q) => (q.intent.fees.provider.serviceFee += 1n), {}, "INTENT_INCONSISTENT", "intent.fees.provider.serviceFee"],
      ["an expired quote", () => {}, { now: new Date(Date.parse(quote.intent.expiresAt)) }, "QUOTE_EXPIRED", "intent.expiresAt"],
      ["expired fee options", (q) => (q.gasFeeOptions.expiresAt = "2000-01-01T00:00:00Z"), {}, "FEE_OPTIONS_EXPIRED", "gasFeeOptions.expiresAt"],
      ["an unreadable quote", (q) => (q.intent.originIntentAddress = "0x12"), {}, "INVALID_ADDRESS", "intent.originIntentAddress"],
    ];
    for (const [what, breakIt, extra, reason, path] of cases) {
      const broken = copy(quote);
      breakIt(broken);
      const verdict = verify(broken, extra);
      assert.equal(verdict.ok, false, what);
      assert.deepEqual([verdict.reason, verdict.path], [reason, path], `${what}: ${verdict.message}`);
    }
    // The fee options expire with the quote here: a time just before it passes.
    assert.deepEqual(verify(quote, { now: Date.parse(quote.intent.expiresAt) - 1 }), { ok: true });
  });

  test("each step alone: the deposit transaction, the nonces and the token's domain", async () => {
    const { intent } = quote;
    const deposit = depositTransaction(intent);
    assert.equal(deposit.to, intent.depositTransaction.tokenAddress);
    assert.equal(deposit.value, 0n);
    const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data: deposit.data });
    assert.deepEqual([functionName, ...args], ["transfer", intent.originIntentAddress, intent.quote.fromAmount]);

    const [susd] = run.tokens;
    const nonces = [{ type: "function", name: "nonces", stateMutability: "view", inputs: [{ name: "owner", type: "address" }], outputs: [{ name: "", type: "uint256" }] }];
    for (const contract of [susd, intent.serviceContracts.serviceIntentEntrypointAddress]) {
      const viaViem = await run.publicClient.readContract({ address: contract, abi: nonces, functionName: "nonces", args: [run.owner] });
      assert.equal(await readNonce(run.publicClient, { contract, owner: run.owner }), viaViem);
    }
    const domain = await readTokenDomain(run.publicClient, susd);
    const { permit } = run.stack.chains[0].tokens[0];
    assert.deepEqual(domain, { name: permit.name, version: permit.version, chainId: BigInt(run.stack.chains[0].chainId), verifyingContract: susd.toLowerCase() });
    assert.equal(gasFeeOption(quote).tokenAddress, susd);
  });

  /**
   * Quotes, verifies and commits; runs `deposit` (which answers the ExecuteRequest); waits;
   * asserts the balances: the fee collector receives the service fee and `gasFee(quote)`.
   */
  async function flow(deposit, gasFee = () => 0n) {
    const [susd, seur] = run.tokens;
    const fresh = await client.quoteIntent(request);
    assert.deepEqual(verify(fresh), { ok: true });
    const { intent } = fresh;
    const { intentId } = await client.commitIntent({ intent });
    const received = await balance(seur, run.owner);
    const collected = await balance(susd, run.feeCollector);
    const executed = await client.executeIntent(await deposit(fresh));
    assert.deepEqual(executed, { intentId, intentStatus: "EXECUTING" });
    const seen = [];
    const receipt = await client.waitForReceipt(intentId, { onUpdate: ({ changes }) => seen.push(...changes.map((c) => c.transaction.type)) });
    assert.equal(receipt.status, "SUCCEEDED", JSON.stringify(receipt, (_, v) => (typeof v === "bigint" ? String(v) : v)));
    assert.ok(seen.includes("ORIGIN"));
    assert.ok((await balance(seur, run.owner)) - received >= intent.quote.toAmountMin);
    assert.equal((await balance(susd, run.feeCollector)) - collected, intent.fees.serviceFeeTotal + gasFee(fresh));
    assert.equal(await balance(susd, intent.originIntentAddress), 0n);
  }

  test("hash mode: verify, send the deposit with viem, execute, wait, balances", async () => {
    await flow(async (fresh) => {
      const hash = await run.walletClient.sendTransaction(depositTransaction(fresh.intent));
      assert.equal((await run.publicClient.waitForTransactionReceipt({ hash })).status, "success");
      return { intentId: fresh.intent.intentId, depositTransactionHash: hash };
    });
  });

  test("gasless: the intent's and the permit's typed data, signed with viem, relayed, executed, balances", async () => {
    await flow(async (fresh) => {
      const deadline = Math.floor(Date.now() / 1000) + 600;
      const typed = await gaslessTypedData(run.publicClient, fresh, { mode: "entrypointWithPermit", deadline });
      assert.ok(typed.intent !== undefined && typed.permit !== undefined);
      const account = run.walletClient.account;
      const signatures = await signGasless(typed, (document) => run.walletClient.signTypedData({ account, ...document }));
      return gaslessExecuteRequest(fresh, typed.depositSignature, signatures);
    }, (fresh) => gasFeeOption(fresh).amount); // the gas fee, paid in the deposit token through the entrypoint
  });
});

test("the shipped example quote (derived addresses, placeholder meta-transactions) is refused at its meta-transaction, and at its address with a call changed", () => {
  const intent = JSON.parse(repoText("examples/intent.json"));
  const gasFeeOptions = JSON.parse(repoText("examples/gas-fee-options.json"));
  const request = JSON.parse(repoText("examples/quote-request.json"));
  const published = {
    factory: "0xBd0F8abD58B4449B39C57Ac9D5C67433239aC447",
    mainModule: "0x53bA242E7C2501839DF2972c75075dc693176Cd0",
    mainModuleUpgradable: "0xa29874c88b8Fd557e42219B04b0CeC693e1712f5",
    guestModule: "0x9cbB2a4BD361248f5020465E1Cc1Db877F9387D8",
  };
  const options = { owner: request.ownerAddress, request, contracts: published, now: Date.parse(intent.createdAt) };
  const verdict = verifyQuote({ intent, gasFeeOptions }, options);
  assert.deepEqual([verdict.ok, verdict.reason, verdict.path], [false, "META_TRANSACTION_MISMATCH", "intent.originMetaTxn.contract"]);
  const changed = structuredClone(intent);
  changed.originCalls.calls[0].data = flipByte(changed.originCalls.calls[0].data, 20);
  const again = verifyQuote({ intent: changed, gasFeeOptions }, options);
  assert.deepEqual([again.ok, again.reason, again.path], [false, "INTENT_ADDRESS_MISMATCH", "intent.originIntentAddress"]);
  assert.notEqual(again.message, verdict.message, "the changed call no longer commits to the address");
});

test("verifyQuote answers unreadable input with its reason and path, and refuses unusable options as a programming mistake", () => {
  const request = JSON.parse(repoText("examples/quote-request.json"));
  const contracts = { factory: request.ownerAddress, mainModule: request.ownerAddress, mainModuleUpgradable: request.ownerAddress };
  const options = { owner: request.ownerAddress, request, contracts };
  assert.deepEqual(verifyQuote("{", options).reason, "INVALID_JSON");
  const badRequest = verifyQuote(repoText("examples/intent.json"), { ...options, request: { ...request, originTokenAddress: "0x12" } });
  assert.deepEqual([badRequest.ok, badRequest.reason], [false, "MISSING_FIELD"]);
  const { intent, gasFeeOptions } = { intent: JSON.parse(repoText("examples/intent.json")), gasFeeOptions: JSON.parse(repoText("examples/gas-fee-options.json")) };
  const unreadable = verifyQuote({ intent, gasFeeOptions }, { ...options, request: { ...request, originTokenAddress: "0x12" } });
  assert.deepEqual([unreadable.ok, unreadable.reason, unreadable.path], [false, "INVALID_ADDRESS", "request.originTokenAddress"]);
  assert.throws(() => verifyQuote({ intent, gasFeeOptions }, { ...options, now: new Date("not a date") }), TypeError);
  assert.throws(() => verifyQuote({ intent, gasFeeOptions }, { request, contracts }), TypeError);
});
