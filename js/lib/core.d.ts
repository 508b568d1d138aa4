// The declarations of core.js (written by hand); the objects' types are generated in
// generated/types.d.ts, the per-object functions in generated/objects.d.ts.

import type * as T from "./generated/types.js";

/**
 * Every failure of the package and every error body the service answers (createClient):
 * the reason code and path, and the error body of docs/spec.md §8.
 */
export declare class IntentCoreError extends Error {
  readonly name: "IntentCoreError";
  /**
   * The stable reason code (docs/spec.md §7); from the service, also the code a server
   * failure's cause opens with (`INTENT_NOT_FOUND`, `RATE_LIMITED`, …, docs/spec.md §8).
   */
  readonly reason: T.ReasonCode | T.ServerFailureCode;
  /** The JSON path of the field concerned (`originCalls.calls[2].to`), or null for the whole document. */
  readonly path: string | null;
  /** The error kind of docs/spec.md §8 (the package itself throws only the first four). */
  readonly kind: T.ErrorKind;
  /** The kind's number: 2000, 2004, 7001, 1000, … */
  readonly code: number;
  /** The HTTP status a service answers with. */
  readonly status: number;
  /** For a JSON syntax error, the byte offset of the offending byte in the UTF-8 input; else null. */
  readonly offset: number | null;
  /** The error body as the service sends it. */
  readonly body: { error: T.ErrorKind; code: number; msg: string; cause: string; status: number };
}

/** Input of the functions: JSON text (best: the server's raw response text), its UTF-8 bytes, or an object. */
export type Input<I> = string | Uint8Array | I;

/** Every reason code of docs/spec.md §7, in catalogue order. */
export declare const reasonCodes: readonly T.ReasonCode[];
/** The objects of docs/spec.md §2, by name. */
export declare const objectNames: readonly T.ObjectName[];

/** The canonical hash (docs/spec.md §4): `0x` and 64 lowercase hex digits. An Intent unless `object` names another object. */
export declare function canonicalHash(input: Input<T.IntentInput | object>, object?: T.ObjectName): T.Bytes32;
/** The canonical JSON (docs/spec.md §4). An Intent unless `object` names another object. */
export declare function canonicalJson(input: Input<T.IntentInput | object>, object?: T.ObjectName): string;
/** Reads the object named `object` and returns it in its wire form. */
export declare function parse(object: T.ObjectName, input: Input<object>): object;
/** Reads the object named `object` and checks the rules of docs/spec.md §7 that concern it alone. */
export declare function check(object: T.ObjectName, input: Input<object>): void;
/** The Execute rules of docs/spec.md §7 (the execution window only with `committedAt`, the permit signer only with `tokenPermit`). */
export declare function checkExecute(input: Input<T.CheckExecuteInput>): void;
/**
 * The intent-address rules of docs/spec.md §7: the intent's addresses are the wallets derived
 * from its owner and bundles under `context` (the published deployment without it), every
 * field repeating one repeats it, and the origin precondition waits for the deposit.
 */
export declare function checkIntentAddresses(input: Input<T.CheckAddressesInput>): void;
/** The meta-transaction rule of docs/spec.md §7: each meta-transaction is the guest batch (5.7) that runs its side's bundle. */
export declare function checkMetaTransactions(input: Input<T.CheckMetaTransactionsInput>): void;
/** An intent wallet (docs/spec.md 5.6): its address, image hash and the bundles' payload hashes. */
export interface WalletAddress {
  /** The counterfactual address, EIP-55. */
  address: T.Address;
  /** The configuration's image hash (the CREATE2 salt). */
  imageHash: T.Bytes32;
  /** Each bundle's payload hash, in order. */
  payloadHashes: T.Bytes32[];
}
/** The intent wallet of `{owner, bundles, context?}` (docs/spec.md 5.6; the published deployment without `context`). */
export declare function walletAddress(input: Input<T.WalletAddressInput>): WalletAddress;
/** The deposit-intent digest of docs/spec.md §5.1 (`domain`: the entrypoint's EIP-712 names, defaults without it). */
export declare function depositIntentDigest(input: Input<T.IntentDigestInput>): T.Bytes32;
/** One member of an EIP-712 struct type: `{ name, type }`. */
export interface TypedDataField {
  name: string;
  type: string;
}
/** The EIP-712 domain as viem's `TypedDataDomain` declares it: exactly the fields present. */
export interface TypedDataDomain {
  name?: string;
  version?: string;
  /** A number (a bigint above 2^53-1), as viem and ethers take it. */
  chainId?: number | bigint;
  verifyingContract?: T.Address;
  salt?: T.Bytes32;
}
/**
 * An EIP-712 typed-data document (docs/spec.md §5.4) as wallets take it, and as viem's
 * `signTypedData`, `hashTypedData`, `verifyTypedData` and `recoverTypedDataAddress` take
 * it under `tsc --strict`: `EIP712Domain` lists exactly the domain fields present; uint256
 * values are decimal strings, addresses EIP-55, bytes32 lowercase hex. For ethers v6,
 * `ethersTypedData(document)` gives `(domain, types, message)` without `EIP712Domain`.
 */
export interface TypedData {
  types: { EIP712Domain: TypedDataField[]; [struct: string]: TypedDataField[] };
  primaryType: string;
  domain: TypedDataDomain;
  message: Record<string, string | boolean>;
}
/** The deposit intent's typed-data document (docs/spec.md §5.4); its digest is depositIntentDigest's. */
export declare function depositIntentTypedData(input: Input<T.IntentDigestInput>): TypedData;
/** The permit's typed-data document (docs/spec.md §5.4), ERC-2612 or DAI-style; its digest is permitDigest's. */
export declare function permitTypedData(input: Input<T.PermitDigestInput>): TypedData;
/** The ERC-2612 (`owner`, `value`, `deadline`) or DAI-style (`holder`, `expiry`, `allowed`) permit digest of docs/spec.md §5.2. */
export declare function permitDigest(input: Input<T.PermitDigestInput>): T.Bytes32;
/** The EIP-55 address whose 65-byte `r ‖ s ‖ v` signature this is over `digest` (docs/spec.md §5.3). */
export declare function recoverSigner(digest: T.HexInput, signature: T.HexInput): T.Address;
