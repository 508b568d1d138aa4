// The declarations of helpers.js (written by hand).

import type * as T from "./generated/types.js";
import type { Input, TypedData, TypedDataDomain, TypedDataField } from "./core.js";

/** The input of depositPermitTypedData: the permit an intent's gasless deposit needs. */
export interface DepositPermitInput {
  intent: string | T.IntentInput;
  depositSignature: T.DepositSignatureInput;
  /** `entrypoint`: the entrypoint pulls the deposit; `permitOnly`: the permit alone. */
  mode: "entrypoint" | "permitOnly";
  /** The deposit token's EIP-712 domain, exactly as the token defines it. */
  tokenDomain: T.PermitDomainInput;
  /** The owner's permit nonce at the token (the chain knows it). */
  nonce: T.IntegerInput;
}

/**
 * The EIP-712 typed-data document (docs/spec.md §5.4) of the permit a gasless deposit needs,
 * per mode, as the library's `rules::deposit_permit_typed_data` computes it.
 */
export declare function depositPermitTypedData(input: Input<DepositPermitInput>): TypedData;

/** The JSON paths at which the canonical forms of the intents `a` and `b` differ, in canonical order (at most 64). */
export declare function changedPaths(a: Input<T.IntentInput>, b: Input<T.IntentInput>): string[];

/** A 65-byte signature with `v` 27 or 28: the form contracts and relayers take. */
export declare function relayableSignature(signature: T.HexInput): T.Bytes;

/** Who signed a deposit, and whether that is the intent's owner. */
export interface DepositSigner {
  signer: T.Address;
  owner: T.Address;
  isOwner: boolean;
}

/**
 * Recovers the signer of `signature` over the deposit intent (`input` as
 * depositIntentTypedData takes it) or over the deposit permit (`input` as
 * depositPermitTypedData takes it, with `tokenDomain`), and compares it with the owner.
 */
export declare function verifyDepositSignature(
  input: T.IntentDigestInput | DepositPermitInput,
  signature: T.HexInput,
): DepositSigner;

/** A typed-data document as ethers v6 signs it: `signer.signTypedData(domain, types, message)`. */
export declare function ethersTypedData(document: TypedData): {
  domain: TypedDataDomain;
  types: Record<string, TypedDataField[]>;
  message: Record<string, string | boolean>;
};
