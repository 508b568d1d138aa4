// The declarations of the entry `intent-core/core` (core-browser.js, core-node.js): the
// names of `intent-core` that need only the core WebAssembly module. canonicalHash,
// canonicalJson, parse and check take the objects of the second module too, and throw for
// them here: the full entry `intent-core` serves them.

export {
  IntentCoreError,
  reasonCodes,
  objectNames,
  canonicalHash,
  canonicalJson,
  parse,
  check,
  checkIntentAddresses,
  checkMetaTransactions,
  walletAddress,
  depositIntentDigest,
  depositIntentTypedData,
  permitTypedData,
  permitDigest,
  recoverSigner,
} from "./core.js";
export type { Input, WalletAddress, TypedData, TypedDataDomain, TypedDataField } from "./core.js";
export * from "./client.js";
export * from "./generated/core-objects.js";
export { depositPermitTypedData, relayableSignature, verifyDepositSignature, ethersTypedData } from "./helpers.js";
export type { DepositPermitInput, DepositSigner } from "./helpers.js";
export * from "./steps.js";
export * from "./verify.js";
export type * from "./generated/types.js";

/**
 * Loads the core WebAssembly module: from `source` (a URL or its text, a Request, a
 * Response, the bytes, or a compiled module) or, without one, from the `.wasm` next to the
 * entry. Idempotent; in Node the entry loads at import, so there it resolves at once.
 */
export declare function init(
  source?: URL | string | Request | Response | BufferSource | WebAssembly.Module,
): Promise<void>;
/** Whether the module is loaded: every other function throws until it is. */
export declare function isLoaded(): boolean;
