// Intent wallets (docs/spec.md 5.6, §7, §13): walletAddress answers what
// @0xsequence/wallet-primitives computed for every case of tests/vectors/wallet.json, and
// checkIntentAddresses accepts a quote whose addresses are the wallets of its bundles and
// refuses one with a byte of a call changed; checkMetaTransactions refuses a meta-transaction
// that does not call the guest module.

import assert from "node:assert/strict";
import { test } from "node:test";

import * as core from "intent-core";

import { repoText } from "./repo.mjs";

const vectors = JSON.parse(repoText("tests/vectors/wallet.json"));

/** The vectors' context as a document: its members, null ones left out. */
function contextDocument(context) {
  if (context === null) return undefined;
  return Object.fromEntries(Object.entries(context).filter(([, value]) => value !== null));
}

function assertReason(fn, reason, path) {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof core.IntentCoreError, `not an IntentCoreError: ${error}`);
    assert.deepEqual([error.reason, error.path], [reason, path], error.message);
    return;
  }
  assert.fail("nothing was thrown");
}

test("walletAddress is the package's for every case of the vectors", () => {
  assert.match(vectors.generator, /@0xsequence\/wallet-primitives 3\.0\.9/);
  let answered = 0;
  for (const c of vectors.cases) {
    const input = { owner: c.owner, bundles: c.bundles };
    const context = contextDocument(c.context);
    if (context !== undefined) input.context = context;
    const tooMany = c.bundles.findIndex((bundle) => bundle.calls.length > 256);
    if (tooMany >= 0) {
      // Above the default limit of 256 calls (docs/spec.md §9).
      assertReason(() => core.walletAddress(input), "LIMIT_EXCEEDED", `bundles[${tooMany}].calls`);
      continue;
    }
    assert.deepEqual(
      core.walletAddress(input),
      { address: c.address, imageHash: c.imageHash, payloadHashes: c.payloadHashes },
      c.name,
    );
    // Text gives the same answer as an object.
    assert.deepEqual(core.walletAddress(JSON.stringify(input)).address, c.address, c.name);
    answered += 1;
  }
  assert.equal(answered, 8);
  assertReason(() => core.walletAddress({ owner: vectors.cases[0].owner, bundles: [] }), "MISSING_FIELD", "bundles");
});

/** examples/intent.json with its addresses and origin precondition derived with walletAddress. */
function derivedQuote() {
  const intent = JSON.parse(repoText("examples/intent.json"));
  const bundles = [intent.originCalls, intent.destinationCalls].filter((bundle) => bundle !== undefined);
  const wallet = (chainId) =>
    core.walletAddress({ owner: intent.ownerAddress, bundles: bundles.filter((b) => b.chainId === chainId) }).address;
  const origin = wallet(intent.originChainId);
  const destination = wallet(intent.destinationChainId);
  intent.originIntentAddress = origin;
  intent.depositTransaction.toAddress = origin;
  intent.originPrecondition.ownerAddress = origin;
  intent.originPrecondition.tokenAddress = intent.depositTransaction.tokenAddress;
  intent.originPrecondition.minAmount = intent.depositTransaction.amount;
  intent.originMetaTxn.walletAddress = origin;
  intent.destinationIntentAddress = destination;
  if (intent.destinationPrecondition) intent.destinationPrecondition.ownerAddress = destination;
  if (intent.destinationMetaTxn) intent.destinationMetaTxn.walletAddress = destination;
  return intent;
}

test("checkIntentAddresses accepts the derived addresses and refuses a changed call", () => {
  const intent = derivedQuote();
  core.checkIntentAddresses({ intent });
  core.checkIntentAddresses(JSON.stringify({ intent, context: contextDocument(vectors.publishedContext) }));

  const changed = structuredClone(intent);
  const data = changed.originCalls.calls[0].data;
  const last = (parseInt(data.slice(-2), 16) ^ 1).toString(16).padStart(2, "0");
  changed.originCalls.calls[0].data = data.slice(0, -2) + last;
  assertReason(() => core.checkIntentAddresses({ intent: changed }), "INTENT_ADDRESS_MISMATCH", "intent.originIntentAddress");

  const deposit = structuredClone(intent);
  deposit.depositTransaction.toAddress = intent.ownerAddress;
  assertReason(
    () => core.checkIntentAddresses({ intent: deposit }),
    "INTENT_ADDRESS_MISMATCH",
    "intent.depositTransaction.toAddress",
  );
  const less = structuredClone(intent);
  less.originPrecondition.minAmount = "0";
  assertReason(() => core.checkIntentAddresses({ intent: less }), "PRECONDITION_MISMATCH", "intent.originPrecondition.minAmount");
});

test("checkMetaTransactions refuses a meta-transaction that does not call the guest module", () => {
  const intent = derivedQuote();
  const context = contextDocument(vectors.publishedContext);
  assertReason(() => core.checkMetaTransactions({ intent, context }), "META_TRANSACTION_MISMATCH", "intent.originMetaTxn.contract");
  const { guestModule, ...withoutGuest } = context;
  assert.ok(guestModule);
  assertReason(() => core.checkMetaTransactions({ intent, context: withoutGuest }), "MISSING_FIELD", "context.guestModule");
});
