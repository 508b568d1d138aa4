// The dApp helpers against independent implementations: the deposit permit against the
// typed-data vectors (eth-account and viem) and viem's hashTypedData; signatures made by
// viem's signTypedData and by ethers v6 verified through the package; the relayable
// signature against viem's serializeSignature; the changed paths against the hashes.

import assert from "node:assert/strict";
import { test } from "node:test";

import { Wallet, TypedDataEncoder } from "ethers";
import { hashTypedData, parseSignature, serializeSignature } from "viem";
import { privateKeyToAccount } from "viem/accounts";

import * as core from "intent-core";

import { walletJson } from "../vectors.mjs";
import { repoText } from "./repo.mjs";

const typedData = JSON.parse(repoText("tests/vectors/typed_data.json"));
// Fixed, public test keys: never fund their addresses.
const owner = privateKeyToAccount(`0x${"0123456789abcdef".repeat(4)}`);
const stranger = privateKeyToAccount(`0x${"fedcba9876543210".repeat(4)}`);

function reason(fn) {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof core.IntentCoreError, String(error));
    return [error.reason, error.path];
  }
  assert.fail("nothing was thrown");
}

/** The depositPermitTypedData input of a depositPermit vector. */
const permitInput = (c) => ({ ...JSON.parse(c.input), mode: c.mode, tokenDomain: c.tokenDomain, nonce: c.nonce });
const depositPermitCases = typedData.cases.filter((c) => c.kind === "depositPermit");

test("depositPermitTypedData gives the generators' document in both modes, and viem hashes it to their digest", () => {
  assert.deepEqual(depositPermitCases.map((c) => c.mode).sort(), ["entrypoint", "permitOnly"]);
  for (const c of depositPermitCases) {
    const document = core.depositPermitTypedData(permitInput(c));
    assert.equal(walletJson(document), c.document, c.name);
    assert.equal(hashTypedData(document), c.digests.viem, c.name);
    assert.equal(hashTypedData(document), c.digests.ethAccount, c.name);
  }
});

test("depositPermitTypedData refuses another mode, and a permit without its amount", () => {
  const input = permitInput(depositPermitCases[0]);
  assert.deepEqual(reason(() => core.depositPermitTypedData({ ...input, mode: "gasless" })), ["INVALID_ENUM", "mode"]);
  const { permitAmount: _, ...signature } = input.depositSignature;
  assert.deepEqual(reason(() => core.depositPermitTypedData({ ...input, depositSignature: signature })), [
    "PERMIT_INCOMPLETE",
    "depositSignature.permitAmount",
  ]);
  assert.deepEqual(reason(() => core.depositPermitTypedData({ ...input, nonce: 2 ** 53 })), ["NUMBER_OUT_OF_RANGE", "nonce"]);
});

test("verifyDepositSignature names the signer of viem's signature and whether it is the owner", async () => {
  const intentInput = JSON.parse(typedData.cases.find((c) => c.kind === "intent").input);
  intentInput.intent.ownerAddress = owner.address;
  const permit = permitInput(depositPermitCases[0]);
  permit.intent.ownerAddress = owner.address;
  for (const [input, document] of [
    [intentInput, core.depositIntentTypedData(intentInput)],
    [permit, core.depositPermitTypedData(permit)],
  ]) {
    const mine = await owner.signTypedData(document);
    assert.deepEqual(core.verifyDepositSignature(input, mine), { signer: owner.address, owner: owner.address, isOwner: true });
    const theirs = await stranger.signTypedData(document);
    assert.deepEqual(core.verifyDepositSignature(input, theirs), { signer: stranger.address, owner: owner.address, isOwner: false });
  }
  assert.deepEqual(reason(() => core.verifyDepositSignature(JSON.stringify(intentInput), "0x")), ["INVALID_TYPE", null]);
});

test("ethersTypedData gives what ethers v6 hashes and signs, recovered by the package", async () => {
  const input = JSON.parse(typedData.cases.find((c) => c.kind === "intent").input);
  const wallet = new Wallet(`0x${"0123456789abcdef".repeat(4)}`);
  input.intent.ownerAddress = wallet.address;
  const document = core.depositIntentTypedData(input);
  const { domain, types, message } = core.ethersTypedData(document);
  assert.equal(types.EIP712Domain, undefined);
  assert.ok(document.types.EIP712Domain, "the document itself keeps EIP712Domain");
  assert.equal(TypedDataEncoder.hash(domain, types, message), core.depositIntentDigest(input));
  const signature = await wallet.signTypedData(domain, types, message);
  assert.deepEqual(core.verifyDepositSignature(input, signature), { signer: wallet.address, owner: wallet.address, isOwner: true });
});

test("relayableSignature writes v as 27 or 28, as viem's serializeSignature does", async () => {
  const document = core.depositIntentTypedData(JSON.parse(typedData.cases.find((c) => c.kind === "intent").input));
  let parities = new Set();
  for (let nonce = 0; parities.size < 2; nonce++) {
    const signature = await owner.signTypedData({ ...document, message: { ...document.message, nonce: String(nonce) } });
    const { r, s, yParity } = parseSignature(signature);
    parities.add(yParity);
    const compact = `${signature.slice(0, 130)}${yParity === 0 ? "00" : "01"}`;
    const expected = serializeSignature({ r, s, yParity });
    assert.equal(core.relayableSignature(compact), expected);
    assert.equal(core.relayableSignature(signature), expected);
    assert.equal(core.relayableSignature(signature.toUpperCase().replace("0X", "0x")), expected);
  }
  // s above n/2 (EIP-2) is refused with its reason, at the signature.
  const highS = `0x${"11".repeat(32)}${"ff".repeat(32)}1b`;
  assert.deepEqual(reason(() => core.relayableSignature(highS)), ["INVALID_SIGNATURE", "signature"]);
  assert.deepEqual(reason(() => core.relayableSignature("0x1234")), ["INVALID_SIGNATURE", "signature"]);
});

test("changedPaths names exactly what differs, and nothing when the hashes are equal", () => {
  const text = repoText("examples/intent.json");
  const a = core.parseIntent(text);
  assert.deepEqual(core.changedPaths(text, a), []);
  const b = structuredClone(a);
  b.originCalls.calls[0].to = "0x000000000000000000000000000000000000dEaD";
  b.fees.totalFeeUsd = 1.25;
  b["x-note"] = "added";
  assert.notEqual(core.canonicalHash(a), core.canonicalHash(b));
  assert.deepEqual(core.changedPaths(a, b), ["fees.totalFeeUsd", "originCalls.calls[0].to", '["x-note"]']);
  assert.deepEqual(reason(() => core.changedPaths(a, { ...b, ownerAddress: "0x12" })), ["INVALID_ADDRESS", "b.ownerAddress"]);
  assert.deepEqual(reason(() => core.changedPaths("{", a)), ["INVALID_JSON", "a"]);
});
