// The declarations of client.js (written by hand): every request and response is the
// generated type of its object (generated/types.d.ts), as docs/openapi.json names it.

import type * as T from "./generated/types.js";
import type { Input } from "./core.js";

/** What createClient takes. */
export interface ClientOptions {
  /** The service's URL, e.g. `http://127.0.0.1:8080` (a path in it is kept: `https://host/intents/`). */
  baseUrl: string | URL;
  /** Sent as `X-Access-Key`: a project's access key, or an operator key for reportIntentOutcome. */
  accessKey?: string;
  /** The fetch to call (the global one by default). */
  fetch?: typeof globalThis.fetch;
  /** How many times a 429 or 503 answer with `Retry-After` is tried again: 3 by default. */
  maxRetries?: number;
  /** The longest `Retry-After` waited for, in seconds (60 by default); a longer one is thrown at once. */
  maxRetryAfterSeconds?: number;
}

/** What every call takes. */
export interface CallOptions {
  /** Aborts the call, its `Retry-After` waits included: it rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * ReportIntentOutcome's request (docs/spec.md §12, "Execution progress"): the service's
 * own object, not one of the library's, so the only request type written here.
 */
/** RetryIntent's request: the service's own object, like ReportIntentOutcome's. */
export interface RetryIntentRequestInput {
  intentId: string;
  /** The replacement deposit transaction on the intent's origin chain. */
  depositTransactionHash: string;
}

/** RetryIntent's answer: the intent's status after it. */
export interface RetryIntentResponse {
  intentId: string;
  intentStatus: T.IntentStatus;
}

export interface ReportIntentOutcomeRequestInput {
  intentId: string;
  /** Without it, the transaction's progress only (the intent's status unchanged). */
  outcome?: "SUCCEEDED" | "FAILED" | "REFUNDED" | null;
  /** Required with `FAILED`. */
  reason?: string | null;
  transaction: T.TransactionReportInput;
}

/** GetChains's request and answer (docs/spec.md §12, Discovery): the service's own objects. */
export interface GetChainsRequest {
  routeProvider?: string | null;
}
export interface ChainInfo {
  id: number;
  name: string;
  isTestnet: boolean;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  blockExplorer?: { name: string; url: string };
  logoUri?: string;
}
export interface GetChainsResponse {
  chains: ChainInfo[];
}
/** A token of GetTokenList and the route listings. */
export interface TokenInfo {
  chainId: number;
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  featured: boolean;
  featureIndex: number;
  logoUri?: string;
  supportsBridging?: boolean;
}
export interface TokenListResponse {
  tokens: TokenInfo[];
}
export interface GetTokenListRequest {
  chainIds: number[];
  excludeTokens?: string[] | null;
  includeAllListed?: boolean | null;
  includeExternal?: boolean | null;
  limit?: number | null;
  searchQuery?: string | null;
  tokenAddress?: string | null;
}
export interface TokenRef {
  chainId: number;
  tokenAddress: string;
  tokenSymbol?: string | null;
}
export interface GetTokenPricesRequest {
  tokens: TokenRef[];
}
export interface GetTokenPricesResponse {
  tokenPrices: { token: TokenRef; priceUsd?: number; updatedAt: string }[];
}
export interface GetExactInputRoutesRequest {
  originChainId: number;
  originTokenAddress: string;
  destinationChainId?: number | null;
  destinationTokenAddress?: string | null;
}
export interface GetExactOutputRoutesRequest {
  destinationChainId: number;
  destinationTokenAddress: string;
  originChainId?: number | null;
  originTokenAddress?: string | null;
  ownerAddress?: string | null;
}
export interface GetProtocolContractsRequest {
  chainId?: number | null;
  intentProtocol?: string | null;
}
/** A chain's intent wallet deployment (what a client checks intent addresses with). */
export interface WalletContracts {
  factory: string;
  mainModule: string;
  mainModuleUpgradable: string;
  guestModule: string;
  creationCode: string;
}
export interface GetProtocolContractsResponse {
  ServiceContracts: T.ServiceContracts;
  chains: { chainId: number; serviceContracts: T.ServiceContracts; walletContracts?: WalletContracts }[];
}

/** PrepareIntentRecovery's request and answer (docs/spec.md §12, Recovery). */
export interface PrepareIntentRecoveryRequest {
  intentId: string;
  intentAddress?: string | null;
  refundToAddress?: string | null;
  tokenAddress?: string | null;
}
export interface PrepareIntentRecoveryResponse {
  intentId: string;
  intentAddress: string;
  chainId: number;
  intentProtocol: string;
  intentSource: string;
  /** The Sequence v3 payload of calls (uints as decimal text): pass it to buildIntentRecoveryTransaction as it is. */
  payload: Record<string, unknown>;
  /** What the owner's key signs (its EIP-712 hash for the wallet). */
  payloadHash: string;
  /** The payload as EIP-712 typed data, for `eth_signTypedData_v4`. */
  typedData: { domain: Record<string, unknown>; types: Record<string, { name: string; type: string }[]>; primaryType: string; message: Record<string, unknown> };
  recoveryTokens?: {
    contractAddress: string;
    /** Decimal digits, in the token's units. */
    balance: string;
    balanceUsd: string;
    priceUsd: string;
    chainId: number;
    decimals: number;
    symbol: string;
  }[];
}
export interface BuildIntentRecoveryTransactionRequest {
  intentId: string;
  intentAddress: string;
  payload: Record<string, unknown>;
  signature: string;
  refundToAddress?: string | null;
}
/** The ready transaction: send `data` to `to` with `value` on `chainId`. */
export interface BuildIntentRecoveryTransactionResponse {
  to: string;
  data: string;
  /** Decimal digits: always "0". */
  value: string;
  chainId: number;
  intentAddress: string;
  requiresDeploy: boolean;
  payloadHash?: string;
}

/** One transaction whose status changed since the last update (`previous` null the first time). */
export interface TransactionChange {
  transaction: T.IntentTransaction;
  previous: T.TransactionStatus | null;
}

/** What waitForReceipt's `onUpdate` is called with: the answer and the transactions that changed. */
export interface ReceiptUpdate extends T.WaitIntentReceiptResponse {
  changes: TransactionChange[];
}

/** What waitForReceipt takes. */
export interface WaitOptions {
  /** Called with the first answer, each answer whose transactions changed, and the last; awaited. */
  onUpdate?: (update: ReceiptUpdate) => void | Promise<void>;
  /** Aborts the wait: it rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Each request's `timeoutSeconds` (the service's 30 without it, at most 60). */
  timeoutSeconds?: T.IntegerInput;
}

/**
 * A client of the reference service (docs/spec.md §12): one method per operation of
 * docs/openapi.json. Requests are objects (bigints and digits exact), JSON text or its
 * bytes; answers are the objects in their wire form (uints as bigints). A failure the
 * service answers is an IntentCoreError with its body's kind, code, status and cause
 * (`reason` and `path` read from the cause).
 */
export interface Client {
  quoteIntent(request: Input<T.QuoteRequestInput>, options?: CallOptions): Promise<T.QuoteResponse>;
  commitIntent(request: Input<T.CommitRequestInput>, options?: CallOptions): Promise<T.CommitResponse>;
  executeIntent(request: Input<T.ExecuteRequestInput>, options?: CallOptions): Promise<T.ExecuteResponse>;
  getIntentReceipt(request: Input<T.GetIntentReceiptRequestInput>, options?: CallOptions): Promise<T.GetIntentReceiptResponse>;
  waitIntentReceipt(request: Input<T.WaitIntentReceiptRequestInput>, options?: CallOptions): Promise<T.WaitIntentReceiptResponse>;
  getIntent(request: Input<T.GetIntentRequestInput>, options?: CallOptions): Promise<T.GetIntentResponse>;
  searchIntents(request: Input<T.SearchIntentsRequestInput>, options?: CallOptions): Promise<T.SearchIntentsResponse>;
  getIntentHistory(request: Input<T.GetIntentHistoryRequestInput>, options?: CallOptions): Promise<T.GetIntentHistoryResponse>;
  abortIntent(request: Input<T.AbortIntentRequestInput>, options?: CallOptions): Promise<T.AbortIntentResponse>;
  clock(options?: CallOptions): Promise<T.ClockResponse>;
  ping(options?: CallOptions): Promise<T.PingResponse>;
  runtimeStatus(options?: CallOptions): Promise<T.RuntimeStatusResponse>;
  /** A replacement deposit for an intent whose deposit did not succeed (docs/spec.md §12). */
  retryIntent(request: Input<RetryIntentRequestInput>, options?: CallOptions): Promise<RetryIntentResponse>;
  /** The operator's method: a client made with an operator key. */
  reportIntentOutcome(request: Input<ReportIntentOutcomeRequestInput>, options?: CallOptions): Promise<T.GetIntentReceiptResponse>;
  getChains(request: Input<GetChainsRequest>, options?: CallOptions): Promise<GetChainsResponse>;
  getTokenList(request: Input<GetTokenListRequest>, options?: CallOptions): Promise<TokenListResponse>;
  getTokenPrices(request: Input<GetTokenPricesRequest>, options?: CallOptions): Promise<GetTokenPricesResponse>;
  getExactInputRoutes(request: Input<GetExactInputRoutesRequest>, options?: CallOptions): Promise<TokenListResponse>;
  getExactOutputRoutes(request: Input<GetExactOutputRoutesRequest>, options?: CallOptions): Promise<TokenListResponse>;
  getProtocolContracts(request: Input<GetProtocolContractsRequest>, options?: CallOptions): Promise<GetProtocolContractsResponse>;
  prepareIntentRecovery(request: Input<PrepareIntentRecoveryRequest>, options?: CallOptions): Promise<PrepareIntentRecoveryResponse>;
  buildIntentRecoveryTransaction(
    request: Input<BuildIntentRecoveryTransactionRequest>,
    options?: CallOptions,
  ): Promise<BuildIntentRecoveryTransactionResponse>;
  /**
   * WaitIntentReceipt in a loop, one request per change: reports each transaction's status
   * as it changes through `onUpdate`, and resolves with the receipt once the intent is done
   * (SUCCEEDED, FAILED, ABORTED or REFUNDED).
   */
  waitForReceipt(intentId: string, options?: WaitOptions): Promise<T.IntentReceipt>;
}

/** A client of the service at `baseUrl`. */
export declare function createClient(options: ClientOptions): Client;
