// The declarations of steps.js (written by hand). The clients are described by the one
// method each step calls, so that viem's clients (and any other) fit without a cast.

import type * as T from "./generated/types.js";
import type { Input, TypedData } from "./core.js";

/** A client that makes an `eth_call`: viem's PublicClient fits. */
export interface CallClient {
  call(parameters: { to: `0x${string}`; data: `0x${string}` }): Promise<{ data?: `0x${string}` | undefined }>;
}

/** A hash-mode deposit as viem's `walletClient.sendTransaction` takes it. */
export interface DepositCall {
  to: T.Address;
  data: T.Bytes;
  value: bigint;
}

/** The deposit transaction of `intent`: the token's transfer (or the native amount) to the origin intent address. */
export declare function depositTransaction(intent: Input<T.IntentInput>): DepositCall;

/** The owner's `nonces(owner)` at `contract`: the entrypoint's, or an ERC-2612 token's. */
export declare function readNonce(publicClient: CallClient, at: { contract: T.HexInput; owner: T.HexInput }): Promise<bigint>;

/** The EIP-712 domain an ERC-5267 token (`eip712Domain()`) answers, with the members its fields name. */
export declare function readTokenDomain(
  publicClient: CallClient,
  token: T.HexInput,
): Promise<{ name?: string; version?: string; chainId?: bigint; verifyingContract?: T.Address; salt?: T.Bytes32 }>;

/** The fee option a gasless deposit pays with: the deposit token's, else the native one. */
export declare function gasFeeOption(quote: Input<T.QuoteResponseInput>): T.FeeOption;

/** How a gasless deposit is made (docs/spec.md §5). */
export type GaslessMode = "entrypoint" | "entrypointWithPermit" | "permitOnly";

/** What gaslessTypedData takes besides the client and the quote. */
export interface GaslessOptions {
  mode: GaslessMode;
  /** The signatures' deadline, in Unix seconds. */
  deadline: T.IntegerInput;
  /** The fee option (gasFeeOption's without it). */
  option?: T.FeeOptionInput;
  /** The entrypoint's EIP-712 names (the library's defaults without them). */
  domain?: T.EntrypointNamesStateInput;
}

/** What gaslessTypedData answers: the deposit signature without its signatures, and what to sign. */
export interface GaslessTypedData {
  depositSignature: T.DepositSignatureInput;
  /** The deposit intent's document (modes with the entrypoint). */
  intent?: TypedData;
  /** The permit's document (modes with a permit). */
  permit?: TypedData;
}

/** The typed data of a gasless deposit, with the entrypoint's and the token's nonces read through `publicClient`. */
export declare function gaslessTypedData(
  publicClient: CallClient,
  quote: Input<T.QuoteResponseInput>,
  options: GaslessOptions,
): Promise<GaslessTypedData>;

/** The signatures of a gasless deposit, relayable (`v` 27 or 28). */
export interface GaslessSignatures {
  intentSignature?: T.Bytes;
  permitSignature?: T.Bytes;
}

/** Signs gaslessTypedData's documents with `sign` (viem: `(d) => walletClient.signTypedData({ account, ...d })`). */
export declare function signGasless(
  typedData: GaslessTypedData,
  sign: (document: TypedData) => Promise<T.HexInput>,
): Promise<GaslessSignatures>;

/** The gasless ExecuteRequest of `quote`, carrying the signatures. */
export declare function gaslessExecuteRequest(
  quote: Input<T.QuoteResponseInput>,
  depositSignature: T.DepositSignatureInput,
  signatures: GaslessSignatures,
): T.ExecuteRequestInput;
