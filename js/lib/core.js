// The package's functions over the WebAssembly build of intent-core (docs/spec.md §13):
// inputs turned into UTF-8 JSON text (internal.js, encode.js), the library called, its
// wire JSON turned into values (decode.js). Loading the module is load.js's; the entries
// are browser.js and node.js; the dApp helpers are in helpers.js.
// The per-object parse/check functions (checkQuoteRequest and checkIntent among them)
// are generated in generated/objects.js. The objects of CORE_OBJECTS are the core
// module's (wasm/intent_core_wasm.js); every other object and checkExecute are the second
// module's, which load.js finds (extraModule) where the entry loads it.

import * as wasm from "./wasm/intent_core_wasm.js";
import { decodeDocument } from "./decode.js";
import { IntentCoreError } from "./errors.js";
import { call, jsonBytes, objectName, typedData } from "./internal.js";
import { extraModule } from "./load.js";
import { CORE_OBJECTS, OBJECTS, REASONS } from "./generated/schema.js";

export { IntentCoreError };

/** Every reason code of docs/spec.md §7, in catalogue order. */
export const reasonCodes = Object.freeze(Object.keys(REASONS));

/** The objects of docs/spec.md §2, by name. */
export const objectNames = OBJECTS;

const coreObjects = new Set(CORE_OBJECTS);

/** The module that serves the object `name`: the core one, or the second. */
function moduleOf(name) {
  return coreObjects.has(name) ? wasm : extraModule(`the object ${name}`);
}

/** The canonical hash (docs/spec.md §4) of an object, an Intent unless `object` says otherwise. */
export function canonicalHash(input, object = "Intent") {
  const name = objectName(object);
  return call(moduleOf(name).canonical_hash, name, jsonBytes(input, name));
}

/** The canonical JSON (docs/spec.md §4) of an object, an Intent unless `object` says otherwise. */
export function canonicalJson(input, object = "Intent") {
  const name = objectName(object);
  return call(moduleOf(name).canonical_json, name, jsonBytes(input, name));
}

/** Reads the object `object` and returns it in its wire form. */
export function parse(object, input) {
  const name = objectName(object);
  return decodeDocument(call(moduleOf(name).parse, name, jsonBytes(input, name)), name);
}

/** Reads the object `object` and checks the rules that concern it alone. */
export function check(object, input) {
  const name = objectName(object);
  call(moduleOf(name).check, name, jsonBytes(input, name));
}

/** The Execute rules (docs/spec.md §7) on `{intent, gasFeeOptions, request, now, committedAt?, tokenPermit?, entrypoint?}`. */
export function checkExecute(input) {
  call(extraModule("checkExecute").check_execute, jsonBytes(input, "CheckExecute"));
}

/**
 * The intent-address rules (docs/spec.md §7) on `{intent, context?}`: the intent's addresses
 * are the wallets derived from its owner and bundles, every field repeating one repeats it,
 * and the origin precondition waits for the deposit. Throws INTENT_ADDRESS_MISMATCH or
 * PRECONDITION_MISMATCH at the field (under `intent.`). Check a quote with it before
 * depositing.
 */
export function checkIntentAddresses(input) {
  call(wasm.check_intent_addresses, jsonBytes(input, "CheckAddresses"));
}

/**
 * The meta-transaction rule (docs/spec.md §7, 5.7) on `{intent, context}`: each
 * meta-transaction calls `context.guestModule` with the guest batch that runs its side's bundle.
 */
export function checkMetaTransactions(input) {
  call(wasm.check_meta_transactions, jsonBytes(input, "CheckMetaTransactions"));
}

/**
 * The intent wallet (docs/spec.md 5.6) of `{owner, bundles, context?}`: its EIP-55 `address`,
 * `imageHash` and the bundles' `payloadHashes`, in order.
 */
export function walletAddress(input) {
  return JSON.parse(call(wasm.wallet_address, jsonBytes(input, "WalletAddress")));
}

/** The deposit-intent digest (docs/spec.md §5.1) of `{intent, depositSignature, domain?}`. */
export function depositIntentDigest(input) {
  return call(wasm.deposit_intent_digest, jsonBytes(input, "IntentDigest"));
}

/**
 * The deposit intent's EIP-712 typed-data document (docs/spec.md §5.4), for a wallet's
 * eth_signTypedData_v4 or viem's signTypedData; its digest is depositIntentDigest's.
 */
export function depositIntentTypedData(input) {
  return typedData(call(wasm.deposit_intent_typed_data, jsonBytes(input, "IntentDigest")));
}

/** The permit's EIP-712 typed-data document (docs/spec.md §5.4), ERC-2612 or DAI-style. */
export function permitTypedData(input) {
  return typedData(call(wasm.permit_typed_data, jsonBytes(input, "PermitDigest")));
}

/** The ERC-2612 or DAI-style permit digest (docs/spec.md §5.2). */
export function permitDigest(input) {
  return call(wasm.permit_digest, jsonBytes(input, "PermitDigest"));
}

/** The EIP-55 address that signed `digest` with the 65-byte `signature` (docs/spec.md §5.3). */
export function recoverSigner(digest, signature) {
  return call(wasm.recover_signer, jsonBytes({ digest, signature }, "Recover"));
}
