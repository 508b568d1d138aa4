// The typed-data documents of docs/spec.md §5.4 through the package, checked three ways:
// every case of tests/vectors/typed_data.json (eth-account and viem, independent of the
// crate) gives the same document and digest; viem's hashTypedData of the package's
// documents equals the package's digests; and a signature made by viem's signTypedData
// over a package document recovers, through the package, to the signer.

import assert from "node:assert/strict";
import { test } from "node:test";

import { hashTypedData } from "viem";
import { privateKeyToAccount } from "viem/accounts";

import * as core from "intent-core";

import { walletJson } from "../vectors.mjs";
import { repoText } from "./repo.mjs";

const read = (path) => repoText(path);
const typedData = JSON.parse(read("tests/vectors/typed_data.json"));
const eip712 = JSON.parse(read("tests/vectors/eip712.json"));

test("every typed-data vector gives the generators' document and digest", () => {
  assert.equal(typedData.generators.length, 2);
  const kinds = new Set();
  for (const c of typedData.cases) {
    kinds.add(c.kind);
    let document;
    let digest;
    switch (c.kind) {
      case "intent":
        document = core.depositIntentTypedData(c.input);
        digest = core.depositIntentDigest(c.input);
        break;
      case "permit":
      case "daiPermit":
        document = core.permitTypedData(c.input);
        digest = core.permitDigest(c.input);
        break;
      case "depositPermit": {
        // The permit the rules derive from an intent, given as the permit it is.
        const { message } = JSON.parse(c.document);
        document = core.permitTypedData({ domain: c.tokenDomain, ...message });
        digest = core.permitDigest({ domain: c.tokenDomain, ...message });
        break;
      }
      default:
        assert.fail(`${c.name}: unknown kind ${c.kind}`);
    }
    assert.equal(walletJson(document), c.document, c.name);
    // chainId as viem and ethers take it: a number, a bigint only above 2^53-1.
    const chainId = JSON.parse(c.document).domain.chainId;
    const expected = chainId === undefined ? "undefined" : BigInt(chainId) <= BigInt(Number.MAX_SAFE_INTEGER) ? "number" : "bigint";
    assert.equal(typeof document.domain.chainId, expected, c.name);
    assert.equal(digest, c.digests.ethAccount, c.name);
    assert.equal(digest, c.digests.viem, c.name);
  }
  assert.deepEqual([...kinds].sort(), ["daiPermit", "depositPermit", "intent", "permit"]);
});

/** Every document the package builds from the vector files' inputs, with its digest. */
function packageDocuments() {
  const documents = [];
  for (const c of typedData.cases) {
    if (c.kind === "intent") {
      documents.push([c.name, core.depositIntentTypedData(c.input), core.depositIntentDigest(c.input)]);
    } else if (c.kind === "permit" || c.kind === "daiPermit") {
      documents.push([c.name, core.permitTypedData(c.input), core.permitDigest(c.input)]);
    }
  }
  for (const c of eip712.cases) {
    if (c.kind === "intentDocument" && !c.error) {
      documents.push([c.name, core.depositIntentTypedData(c.input), core.depositIntentDigest(c.input)]);
    } else if ((c.kind === "permit" || c.kind === "daiPermit") && !c.error) {
      const input = { domain: c.domain, ...c.message };
      documents.push([c.name, core.permitTypedData(input), core.permitDigest(input)]);
    }
  }
  return documents;
}

test("viem's hashTypedData of the package's documents equals the package's digests", () => {
  const documents = packageDocuments();
  assert.ok(documents.length >= 90, `${documents.length} documents`);
  for (const [name, document, digest] of documents) {
    assert.equal(hashTypedData(document), digest, name);
  }
});

test("a signature by viem's signTypedData over a package document recovers to the signer", async () => {
  // A fixed, public test key: never fund its address.
  const account = privateKeyToAccount(`0x${"0123456789abcdef".repeat(4)}`);
  const intentCase = typedData.cases.find((c) => c.kind === "intent");
  const input = JSON.parse(intentCase.input);
  input.intent.ownerAddress = account.address;
  const intentDocument = core.depositIntentTypedData(input);
  assert.equal(intentDocument.message.user, account.address);
  const permitInput = { ...JSON.parse(typedData.cases.find((c) => c.kind === "permit").input), owner: account.address };
  const daiInput = { ...JSON.parse(typedData.cases.find((c) => c.kind === "daiPermit").input), holder: account.address };
  for (const [document, digest] of [
    [intentDocument, core.depositIntentDigest(input)],
    [core.permitTypedData(permitInput), core.permitDigest(permitInput)],
    [core.permitTypedData(daiInput), core.permitDigest(daiInput)],
  ]) {
    const signature = await account.signTypedData(document);
    assert.equal(core.recoverSigner(digest, signature), account.address, document.primaryType);
  }
});
