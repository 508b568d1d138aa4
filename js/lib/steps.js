// The dApp's steps between a verified quote and ExecuteIntent (docs/spec.md §13, "Steps"),
// one function per step, each usable alone, for viem's clients (ethers' through a callback):
// the deposit transaction for `walletClient.sendTransaction`; for a gasless deposit the
// nonces and the token's EIP-712 domain read through a `publicClient`'s `call`, the intent's
// and the permit's typed data, their signatures (the caller's `signTypedData`), and the
// ExecuteRequest that carries them. No viem import: the clients are parameters, the two
// reads are encoded and decoded here. What does not live here: checking the quote
// (verify.js) and the digests (the library's, core.js and helpers.js).

import { depositIntentTypedData, parse } from "./core.js";
import { depositPermitTypedData, relayableSignature } from "./helpers.js";
import { depositCall } from "./verify.js";

const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";
const NONCES = "0x7ecebe00"; // nonces(address): the entrypoint's and an ERC-2612 token's
const EIP712_DOMAIN = "0x84b0196e"; // eip712Domain(): ERC-5267

const sameAddress = (a, b) => a.toLowerCase() === b.toLowerCase();
const addressWord = (address) => address.replace(/^0x/, "").toLowerCase().padStart(64, "0");

/** The QuoteResponse (text, bytes or object) in its wire form. */
const quoteOf = (quote) => parse("QuoteResponse", quote);

/**
 * The deposit of a hash-mode intent as viem's `walletClient.sendTransaction` takes it:
 * `{ to, data, value }` (the token's `transfer` of the amount to the origin intent address,
 * or the native amount sent there). Send it from the owner on the origin chain.
 */
export function depositTransaction(intent) {
  const { depositTransaction: deposit, originIntentAddress } = parse("Intent", intent);
  return depositCall(deposit, originIntentAddress);
}

/** `eth_call` of `data` at `to`: the answer's bytes as hex (without `0x`). */
async function read(publicClient, to, data, what) {
  const { data: answer } = await publicClient.call({ to, data });
  if (typeof answer !== "string" || answer.length < 66) throw new Error(`intent-core: ${to} answered no ${what} (${answer ?? "nothing"})`);
  return answer.slice(2);
}

/** The owner's nonce at `contract` (`nonces(owner)`: the entrypoint's, or an ERC-2612 token's). */
export async function readNonce(publicClient, { contract, owner }) {
  return BigInt(`0x${(await read(publicClient, contract, `${NONCES}${addressWord(owner)}`, "nonce")).slice(0, 64)}`);
}

/**
 * The token's EIP-712 domain as its ERC-5267 `eip712Domain()` answers it: the members its
 * `fields` bits name (`name`, `version`, `chainId`, `verifyingContract`, `salt`).
 */
export async function readTokenDomain(publicClient, token) {
  const hex = await read(publicClient, token, EIP712_DOMAIN, "eip712Domain()");
  const word = (i) => hex.slice(i * 64, i * 64 + 64);
  const text = (i) => {
    const at = Number(BigInt(`0x${word(i)}`)) * 2;
    const length = Number(BigInt(`0x${hex.slice(at, at + 64)}`));
    const bytes = hex.slice(at + 64, at + 64 + length * 2).match(/../g) ?? [];
    return new TextDecoder().decode(Uint8Array.from(bytes, (b) => parseInt(b, 16)));
  };
  const fields = parseInt(word(0).slice(0, 2), 16);
  const domain = {};
  if (fields & 1) domain.name = text(1);
  if (fields & 2) domain.version = text(2);
  if (fields & 4) domain.chainId = BigInt(`0x${word(3)}`);
  if (fields & 8) domain.verifyingContract = `0x${word(4).slice(24)}`;
  if (fields & 16) domain.salt = `0x${word(5)}`;
  return domain;
}

/** The fee option a gasless deposit pays with: the one in the deposit token, else the native one. */
export function gasFeeOption(quote) {
  const { intent, gasFeeOptions } = quoteOf(quote);
  const token = intent.depositTransaction.tokenAddress;
  const option =
    gasFeeOptions.feeOptions.find((o) => sameAddress(o.tokenAddress, token)) ??
    gasFeeOptions.feeOptions.find((o) => sameAddress(o.tokenAddress, ZERO_ADDRESS));
  if (option === undefined) throw new Error("intent-core: the quote offers no fee option in the deposit token nor a native one");
  return option;
}

/**
 * The typed data a gasless deposit asks the owner to sign, with the nonces read through
 * `publicClient`: `mode` `"entrypoint"` (the intent's signature; the owner approved the
 * entrypoint), `"entrypointWithPermit"` (the intent's and the permit's, spender the
 * entrypoint) or `"permitOnly"` (the permit's, spender the origin intent address);
 * `deadline` in Unix seconds; `option` the fee option (gasFeeOption's without it);
 * `domain` the entrypoint's EIP-712 names (the library's defaults without it). Answers
 * `{ depositSignature, intent?, permit? }`: the deposit signature without its signatures,
 * and the documents to sign.
 */
export async function gaslessTypedData(publicClient, quote, { mode, deadline, option, domain } = {}) {
  if (!["entrypoint", "entrypointWithPermit", "permitOnly"].includes(mode)) {
    throw new TypeError('intent-core: gaslessTypedData\'s mode is "entrypoint", "entrypointWithPermit" or "permitOnly"');
  }
  const { intent } = quoteOf(quote);
  const selected = option ?? gasFeeOption(quote);
  const depositSignature = { selectedGasFeeOption: selected, deadline };
  const answer = { depositSignature };
  if (mode !== "entrypoint") {
    const token = intent.depositTransaction.tokenAddress;
    const feeInToken = sameAddress(selected.tokenAddress, token) ? BigInt(selected.amount) : 0n;
    depositSignature.permitDeadline = deadline;
    depositSignature.permitAmount = intent.depositTransaction.amount + feeInToken;
    const [tokenDomain, nonce] = await Promise.all([
      readTokenDomain(publicClient, token),
      readNonce(publicClient, { contract: token, owner: intent.ownerAddress }),
    ]);
    const permitMode = mode === "permitOnly" ? "permitOnly" : "entrypoint";
    answer.permit = depositPermitTypedData({ intent, depositSignature, mode: permitMode, tokenDomain, nonce });
  }
  if (mode !== "permitOnly") {
    const entrypoint = intent.serviceContracts.serviceIntentEntrypointAddress;
    if (entrypoint === "") throw new Error("intent-core: the intent names no entrypoint (serviceIntentEntrypointAddress is empty)");
    depositSignature.userNonce = await readNonce(publicClient, { contract: entrypoint, owner: intent.ownerAddress });
    answer.intent = depositIntentTypedData({ intent, depositSignature, ...(domain === undefined ? {} : { domain }) });
  }
  return answer;
}

/**
 * Signs what gaslessTypedData answered with `sign` (viem: `(document) =>
 * walletClient.signTypedData({ account, ...document })`; ethers: through `ethersTypedData`):
 * `{ intentSignature?, permitSignature? }`, each in the relayable form (`v` 27 or 28).
 */
export async function signGasless(typedData, sign) {
  const signatures = {};
  if (typedData.intent !== undefined) signatures.intentSignature = relayableSignature(await sign(typedData.intent));
  if (typedData.permit !== undefined) signatures.permitSignature = relayableSignature(await sign(typedData.permit));
  return signatures;
}

/** The gasless ExecuteRequest of `quote`: the deposit signature with the signatures signGasless answered. */
export function gaslessExecuteRequest(quote, depositSignature, signatures) {
  const { intent } = quoteOf(quote);
  return { intentId: intent.intentId, depositSignature: { ...depositSignature, ...signatures } };
}
