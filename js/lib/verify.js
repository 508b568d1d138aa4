// verifyQuote (docs/spec.md §13, "Checking a quote"): what a dApp checks in a quote before
// it asks the user to sign or send anything, rule after rule, answering the first that
// fails. The wallet rules are the library's (checkIntent, checkIntentAddresses,
// checkMetaTransactions); what lives here is the comparison with the request the dApp
// sent, the reading of the same-chain bundle of docs/spec.md §12 (which call pays whom),
// the deposit, the fees' sums and the clock. Nothing is hashed here.

import { IntentCoreError } from "./errors.js";
import { check, checkIntentAddresses, checkMetaTransactions, parse } from "./core.js";

const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

/** The selectors of the calls a same-chain bundle of docs/spec.md §12 makes. */
const SELECTORS = {
  transfer: "0xa9059cbb", // transfer(address,uint256)
  approve: "0x095ea7b3", // approve(address,uint256)
  swapExactTokensForTokens: "0x38ed1739", // (uint256,uint256,address[],address,uint256)
  swapTokensForExactTokens: "0x8803dbee", // (uint256,uint256,address[],address,uint256)
  sweep: "0xb8dc491b", // sweep(address,address)
};

/** A failed rule: thrown inside verifyQuote, answered as `{ ok: false, … }`. */
class Refusal {
  constructor(reason, path, message) {
    this.reason = reason;
    this.path = path;
    this.message = message;
  }
}

const refuse = (reason, path, message) => {
  throw new Refusal(reason, path, message);
};

/** Runs a library check; its IntentCoreError becomes a Refusal with its path under `prefix`. */
function library(prefix, fn) {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof IntentCoreError)) throw error;
    const path = error.path === null ? prefix : prefix === null ? error.path : `${prefix}.${error.path}`;
    refuse(error.reason, path, error.message);
  }
}

const sameAddress = (a, b) => typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();

/** Deep equality of two wire values (bigints, numbers, strings, booleans, arrays, objects). */
function same(a, b) {
  if (typeof a === "string" && typeof b === "string") return a === b || (/^0x/i.test(a) && a.toLowerCase() === b.toLowerCase());
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (!same(a[key], b[key])) return false;
  return true;
}

/** The 32-byte words of a call's arguments (after the selector), or null when not whole words. */
function words(data) {
  const body = data.slice(10);
  if (body.length % 64 !== 0) return null;
  const out = [];
  for (let i = 0; i < body.length; i += 64) out.push(body.slice(i, i + 64));
  return out;
}

const wordAddress = (word) => (/^0{24}/.test(word) ? `0x${word.slice(24)}` : null);
const wordUint = (word) => BigInt(`0x${word}`);

/** The `address[]` at the offset in word `at`, or null when it does not fit the words. */
function wordAddresses(args, at) {
  const offset = wordUint(args[at]);
  if (offset % 32n !== 0n || offset / 32n >= BigInt(args.length)) return null;
  const start = Number(offset / 32n);
  const length = wordUint(args[start]);
  if (BigInt(start) + 1n + length > BigInt(args.length)) return null;
  const list = args.slice(start + 1, start + 1 + Number(length)).map(wordAddress);
  return list.includes(null) ? null : list;
}

/**
 * The same-chain bundle (docs/spec.md §12) answers the request: every call is one the
 * bundle table names, every one that pays pays the fee collector its service fee, the
 * recipient, or (a sweep) the owner, and one of them delivers the destination token.
 */
function checkBundle(intent, request, feeCollector, contracts, recipient) {
  const originToken = request.originTokenAddress;
  const destinationToken = request.destinationTokenAddress;
  const exactOutput = request.tradeType === "EXACT_OUTPUT" || (request.tradeType === undefined && request.destinationTokenAmount !== undefined);
  const { calls } = intent.originCalls;
  let delivers = false;
  let spender = null;
  calls.forEach((call, i) => {
    const at = `intent.originCalls.calls[${i}]`;
    const data = call.data ?? "0x";
    const value = call.value ?? 0n;
    if (call.delegateCall === true) {
      if (data.slice(0, 10) !== SELECTORS.sweep) refuse("INTENT_INCONSISTENT", `${at}.data`, "a delegate call other than the ServiceRouter's sweep");
      const router = contracts.serviceRouter ?? intent.serviceContracts.serviceRouterAddress;
      if (!sameAddress(call.to, router)) refuse("INTENT_INCONSISTENT", `${at}.to`, `a delegate call of ${call.to}, not the ServiceRouter ${router}`);
      const args = words(data);
      if (args === null || args.length !== 2 || !sameAddress(wordAddress(args[1]), intent.ownerAddress)) {
        refuse("INTENT_INCONSISTENT", `${at}.data`, "a sweep that does not pay the owner");
      }
      return;
    }
    if (request.destinationCallData !== undefined && request.destinationCallData !== "0x" && data === request.destinationCallData.toLowerCase()) {
      if (!sameAddress(call.to, recipient)) refuse("INTENT_INCONSISTENT", `${at}.to`, `the destination call goes to ${call.to}, not ${recipient}`);
      if (value !== (request.destinationCallValue ?? 0n)) refuse("INTENT_INCONSISTENT", `${at}.value`, "the destination call's value is not the request's");
      return;
    }
    if (data === "0x") {
      // A native transfer: only the recipient, with the native token as the destination token.
      if (!sameAddress(call.to, recipient) || !sameAddress(destinationToken, ZERO_ADDRESS)) {
        refuse("INTENT_INCONSISTENT", `${at}.to`, `a transfer of the native token to ${call.to}, not the recipient ${recipient}`);
      }
      delivers = true;
      return;
    }
    if (value !== 0n) refuse("INTENT_INCONSISTENT", `${at}.value`, "a token call that sends value");
    const args = words(data);
    const selector = data.slice(0, 10);
    if (args === null) refuse("INTENT_INCONSISTENT", `${at}.data`, "calldata that is not whole words");
    if (selector === SELECTORS.transfer && args.length === 2) {
      const to = wordAddress(args[0]);
      const amount = wordUint(args[1]);
      if (sameAddress(call.to, originToken) && sameAddress(to, feeCollector) && amount === intent.fees.serviceFeeTotal) return;
      if (sameAddress(call.to, destinationToken) && sameAddress(to, recipient)) {
        if (amount < intent.quote.toAmountMin) refuse("INTENT_INCONSISTENT", `${at}.data`, `a transfer of ${amount}, below toAmountMin`);
        delivers = true;
        return;
      }
      refuse("INTENT_INCONSISTENT", `${at}.data`, `a transfer to ${to} of token ${call.to}: neither the service fee to the fee collector nor the output to the recipient`);
    }
    if (selector === SELECTORS.approve && args.length === 2 && sameAddress(call.to, originToken)) {
      spender = wordAddress(args[0]);
      if (contracts.swapRouter !== undefined && !sameAddress(spender, contracts.swapRouter)) {
        refuse("INTENT_INCONSISTENT", `${at}.data`, `an approval of ${spender}, not the swap router ${contracts.swapRouter}`);
      }
      return;
    }
    if ((selector === SELECTORS.swapExactTokensForTokens || selector === SELECTORS.swapTokensForExactTokens) && args.length >= 7) {
      const path = wordAddresses(args, 2);
      if (!sameAddress(call.to, spender)) refuse("INTENT_INCONSISTENT", `${at}.to`, "a swap through another contract than the one approved");
      if (path === null || path.length < 2 || !sameAddress(path[0], originToken) || !sameAddress(path[path.length - 1], destinationToken)) {
        refuse("INTENT_INCONSISTENT", `${at}.data`, "a swap whose path is not from the origin token to the destination token");
      }
      if (!sameAddress(wordAddress(args[3]), recipient)) refuse("INTENT_INCONSISTENT", `${at}.data`, `a swap paying ${wordAddress(args[3])}, not the recipient ${recipient}`);
      const isExactOutput = selector === SELECTORS.swapTokensForExactTokens;
      if (isExactOutput !== exactOutput) refuse("INTENT_INCONSISTENT", `${at}.data`, "a swap of the other trade type");
      const out = wordUint(args[isExactOutput ? 0 : 1]);
      const least = isExactOutput ? request.destinationTokenAmount : intent.quote.toAmountMin;
      if (out < least) refuse("INTENT_INCONSISTENT", `${at}.data`, `a swap for at least ${out}, below ${least}`);
      delivers = true;
      return;
    }
    refuse("INTENT_INCONSISTENT", `${at}.data`, `a call the same-chain bundle does not make (selector ${selector})`);
  });
  if (!delivers) refuse("INTENT_INCONSISTENT", "intent.originCalls.calls", "no call delivers the destination token to the recipient");
}

/** The request's members the intent's quoteRequest must repeat, in the order checked. */
const REQUEST_MEMBERS = [
  "ownerAddress",
  "originChainId",
  "destinationChainId",
  "originTokenAddress",
  "destinationTokenAddress",
  "originTokenAmount",
  "destinationTokenAmount",
  "tradeType",
  "destinationToAddress",
  "destinationCallData",
  "destinationCallValue",
  "onlyNativeGasFee",
  "options",
];

function checkAnswersRequest(intent, request, owner, feeCollector, contracts) {
  if (!sameAddress(request.ownerAddress, owner)) refuse("INTENT_INCONSISTENT", "request.ownerAddress", `the request's owner is not ${owner}`);
  if (!sameAddress(intent.ownerAddress, owner)) refuse("INTENT_INCONSISTENT", "intent.ownerAddress", `the intent's owner ${intent.ownerAddress} is not ${owner}`);
  for (const member of REQUEST_MEMBERS) {
    if (!same(intent.quoteRequest[member], request[member])) {
      refuse("INTENT_INCONSISTENT", `intent.quoteRequest.${member}`, `the quote answers another ${member} than the request's`);
    }
  }
  const exactOutput = request.tradeType === "EXACT_OUTPUT" || (request.tradeType === undefined && request.destinationTokenAmount !== undefined);
  if (!exactOutput && intent.quote.fromAmount !== request.originTokenAmount) {
    refuse("INTENT_INCONSISTENT", "intent.quote.fromAmount", `the quote spends ${intent.quote.fromAmount}, not the request's ${request.originTokenAmount}`);
  }
  if (exactOutput && intent.quote.toAmountMin < request.destinationTokenAmount) {
    refuse("INTENT_INCONSISTENT", "intent.quote.toAmountMin", `the quote delivers at least ${intent.quote.toAmountMin}, below the request's ${request.destinationTokenAmount}`);
  }
  if (intent.originChainId === intent.destinationChainId && intent.destinationCalls === undefined) {
    checkBundle(intent, request, feeCollector, contracts, request.destinationToAddress ?? owner);
  }
}

/** The deposit transaction pays the origin intent address exactly the quoted amount. */
function checkDeposit(intent) {
  const deposit = intent.depositTransaction;
  const at = "intent.depositTransaction";
  if (!sameAddress(deposit.toAddress, intent.originIntentAddress)) refuse("DEPOSIT_MISMATCH", `${at}.toAddress`, "the deposit does not go to the origin intent address");
  if (!sameAddress(deposit.tokenAddress, intent.quoteRequest.originTokenAddress)) refuse("DEPOSIT_MISMATCH", `${at}.tokenAddress`, "the deposit is of another token than the request's");
  if (deposit.amount !== intent.quote.fromAmount) refuse("DEPOSIT_MISMATCH", `${at}.amount`, `the deposit is ${deposit.amount}, not the quoted ${intent.quote.fromAmount}`);
  if (deposit.chainId !== undefined && deposit.chainId !== intent.originChainId) refuse("DEPOSIT_MISMATCH", `${at}.chainId`, "the deposit is on another chain than the origin");
  const native = sameAddress(deposit.tokenAddress, ZERO_ADDRESS);
  // The ready-made transaction, when the quote gives one, is that payment and nothing else.
  if (deposit.to !== undefined || deposit.data !== undefined || deposit.value !== undefined) {
    const expected = depositCall(deposit, intent.originIntentAddress);
    if (!sameAddress(deposit.to, expected.to)) refuse("DEPOSIT_MISMATCH", `${at}.to`, `the deposit transaction calls ${deposit.to}, not ${expected.to}`);
    if ((deposit.data ?? "0x") !== expected.data) refuse("DEPOSIT_MISMATCH", `${at}.data`, "the deposit transaction's data is not the payment of the amount to the intent address");
    if ((deposit.value ?? 0n) !== expected.value) refuse("DEPOSIT_MISMATCH", `${at}.value`, `the deposit transaction sends ${deposit.value ?? 0n}, not ${expected.value}`);
  } else if (native && deposit.amount === 0n) {
    refuse("DEPOSIT_MISMATCH", `${at}.amount`, "a deposit of nothing");
  }
}

/** `{ to, data, value }` of the deposit: a token's transfer, or the native token sent. */
export function depositCall(deposit, originIntentAddress) {
  if (sameAddress(deposit.tokenAddress, ZERO_ADDRESS)) return { to: originIntentAddress, data: "0x", value: deposit.amount };
  const word = (hex) => hex.replace(/^0x/, "").toLowerCase().padStart(64, "0");
  return {
    to: deposit.tokenAddress,
    data: `${SELECTORS.transfer}${word(originIntentAddress)}${word(deposit.amount.toString(16))}`,
    value: 0n,
  };
}

/** The fees add up: each total is the sum of its parts, the breakdown repeats them, and they fit in the deposit. */
function checkFees(intent) {
  const fees = intent.fees;
  const sums = [
    ["totalFeeAmount", fees.totalFeeAmount, fees.serviceFeeTotal + fees.providerFeeTotal + fees.collectorFeeTotal],
    ["provider.serviceFee", fees.provider.serviceFee, fees.serviceFeeTotal],
    ["provider.quoteProviderFee", fees.provider.quoteProviderFee, fees.providerFeeTotal],
    ["provider.quoteProviderWithServiceFee", fees.provider.quoteProviderWithServiceFee, fees.provider.serviceFee + fees.provider.quoteProviderFee],
    ["provider.totalFeeAmount", fees.provider.totalFeeAmount, fees.totalFeeAmount],
  ];
  for (const [member, given, sum] of sums) {
    if (given !== sum) refuse("INTENT_INCONSISTENT", `intent.fees.${member}`, `${given} is not the sum of its parts, ${sum}`);
  }
  if (fees.serviceFeeTotal > intent.quote.fromAmount) refuse("INTENT_INCONSISTENT", "intent.fees.serviceFeeTotal", "a service fee above the deposit");
}

function timeOf(now) {
  const time = now === undefined ? Date.now() : now instanceof Date ? now.getTime() : now;
  if (typeof time === "number" && Number.isFinite(time)) return time;
  throw new TypeError("intent-core: verifyQuote's `now` is a valid Date or milliseconds since the epoch");
}

/**
 * Checks a quote before anything is signed or sent (docs/spec.md §13): `response` the
 * QuoteResponse (the service's text, its bytes, or the object), `owner` the user's address,
 * `request` the QuoteRequest sent, `contracts` the wallet contracts the dApp trusts
 * (`{factory, mainModule, mainModuleUpgradable, guestModule, creationCode?}`, with
 * `serviceRouter` and `swapRouter` checked when given), `now` a Date or milliseconds
 * (Date.now() without it). Answers `{ ok: true }` or the first rule that fails,
 * `{ ok: false, reason, path, message }`.
 */
export function verifyQuote(response, { owner, request, contracts, now } = {}) {
  if (typeof owner !== "string" || typeof contracts !== "object" || contracts === null || request === undefined) {
    throw new TypeError("intent-core: verifyQuote(response, { owner, request, contracts, now? })");
  }
  const time = timeOf(now);
  try {
    let quote;
    let asked;
    library(null, () => (quote = parse("QuoteResponse", response)));
    library("request", () => (asked = parse("QuoteRequest", request)));
    const { intent, gasFeeOptions } = quote;
    library("intent", () => check("Intent", intent));
    checkAnswersRequest(intent, asked, owner, gasFeeOptions.feeCollectorAddress, contracts);
    const { serviceRouter: _r, swapRouter: _s, ...context } = contracts;
    library(null, () => checkIntentAddresses({ intent, context }));
    library(null, () => checkMetaTransactions({ intent, context }));
    checkDeposit(intent);
    checkFees(intent);
    if (time >= Date.parse(intent.expiresAt)) refuse("QUOTE_EXPIRED", "intent.expiresAt", `the quote expired at ${intent.expiresAt}`);
    if (time >= Date.parse(gasFeeOptions.expiresAt)) refuse("FEE_OPTIONS_EXPIRED", "gasFeeOptions.expiresAt", `the gas fee options expired at ${gasFeeOptions.expiresAt}`);
    return { ok: true };
  } catch (thrown) {
    if (thrown instanceof Refusal) return { ok: false, reason: thrown.reason, path: thrown.path, message: thrown.message };
    throw thrown;
  }
}
