// The names of the entry `intent-core/core` (core-browser.js, core-node.js): the full
// entries' names that need no second WebAssembly module (load.js).

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
export { createClient } from "./client.js";
export * from "./generated/core-objects.js";
export { depositPermitTypedData, relayableSignature, verifyDepositSignature, ethersTypedData } from "./helpers.js";
export * from "./steps.js";
export { verifyQuote } from "./verify.js";
export { init, isLoaded } from "./load.js";
