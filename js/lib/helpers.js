// The helpers a dApp needs around signing (docs/spec.md §13): the permit a gasless deposit
// asks the owner to sign, the paths at which two objects differ, whether a deposit
// signature is the owner's, a signature in the relayable form, and a typed-data document
// in the shape ethers v6 signs. Each is the library's computation (js/src/helpers.rs,
// js/src/lib.rs) or a composition of the package's functions; nothing is hashed here.

import * as wasm from "./wasm/intent_core_wasm.js";
import { packageError } from "./errors.js";
import { depositIntentDigest, parse, permitDigest, recoverSigner } from "./core.js";
import { call, jsonBytes, typedData } from "./internal.js";
import { extraModule } from "./load.js";

/**
 * The EIP-712 typed-data document (docs/spec.md §5.4) of the permit a gasless deposit needs,
 * as the library's `rules::deposit_permit_typed_data` computes it from
 * `{intent, depositSignature, mode, tokenDomain, nonce}`: `mode` is `"entrypoint"` (spender
 * the entrypoint, deadline `depositSignature.deadline`) or `"permitOnly"` (spender the
 * origin intent address, deadline `depositSignature.permitDeadline`); the value is always
 * `depositSignature.permitAmount`.
 */
export function depositPermitTypedData(input) {
  return typedData(call(wasm.deposit_permit_typed_data, jsonBytes(input, "DepositPermit")));
}

/**
 * The JSON paths at which the canonical forms of the intents `a` and `b` differ
 * (`originCalls.calls[2].to`), in canonical order: what INTENT_MODIFIED is about. Empty
 * exactly when their canonical hashes are equal; at most 64 paths.
 */
export function changedPaths(a, b) {
  // jsonBytes reuses one buffer: the first text is copied before the second is encoded.
  return JSON.parse(call(extraModule("changedPaths").changed_paths, jsonBytes(a, "Intent").slice(), jsonBytes(b, "Intent")));
}

/** A 65-byte `r ‖ s ‖ v` signature with `v` 27 or 28 (one read with `v` 0 or 1 is rewritten). */
export function relayableSignature(signature) {
  return call(wasm.relayable_signature, jsonBytes({ signature }, "Signature"));
}

/**
 * Who signed a deposit, and whether that is the intent's owner. `input` is what
 * depositIntentTypedData takes (`{intent, depositSignature, domain?}`: the signature is over
 * the deposit intent) or what depositPermitTypedData takes (with `tokenDomain`: the
 * signature is over the permit); `signature` the 65 bytes the wallet returned.
 */
export function verifyDepositSignature(input, signature) {
  if (typeof input !== "object" || input === null || Array.isArray(input) || input instanceof Uint8Array) {
    throw packageError("INVALID_TYPE", "expected the document as an object: {intent, depositSignature, …}");
  }
  let digest;
  if (input.tokenDomain === undefined) {
    digest = depositIntentDigest(input);
  } else {
    const { message } = depositPermitTypedData(input);
    digest = permitDigest({ domain: input.tokenDomain, ...message });
  }
  const signer = recoverSigner(digest, signature);
  const owner = parse("Intent", input.intent).ownerAddress;
  return { signer, owner, isOwner: signer === owner };
}

/**
 * A typed-data document as ethers v6 signs it: `signer.signTypedData(domain, types, message)`
 * with `types` without `EIP712Domain` (ethers derives the domain's type itself and refuses
 * a document that lists it).
 */
export function ethersTypedData(document) {
  const { EIP712Domain: _, ...types } = document.types;
  return { domain: document.domain, types, message: document.message };
}
