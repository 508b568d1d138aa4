// The declarations of verify.js (written by hand).

import type * as T from "./generated/types.js";
import type { Input } from "./core.js";

/** The wallet contracts a dApp trusts, as verifyQuote takes them. */
export interface QuoteContracts extends T.WalletContextInput {
  /** The ServiceRouter: when given, the only contract a delegate call may call (else the intent's serviceRouterAddress). */
  serviceRouter?: T.HexInput;
  /** The swap router: when given, the only spender an approval may name. */
  swapRouter?: T.HexInput;
}

/** What verifyQuote takes besides the quote. */
export interface VerifyQuoteOptions {
  /** The user's address: the request's and the intent's owner. */
  owner: T.HexInput;
  /** The QuoteRequest that was sent. */
  request: Input<T.QuoteRequestInput>;
  /** The wallet contracts the dApp trusts (the service's configuration, checked out of band). */
  contracts: QuoteContracts;
  /** The time to judge expiry at: a Date or milliseconds since the epoch (Date.now() without it). */
  now?: Date | number;
}

/** What verifyQuote answers: `{ ok: true }`, or the first rule that fails. */
export type QuoteVerdict =
  | { ok: true }
  | {
      ok: false;
      /** The rule's reason code (docs/spec.md §7). */
      reason: T.ReasonCode;
      /** The JSON path in the QuoteResponse (`intent.originCalls.calls[2].data`), or `request.…`. */
      path: string | null;
      /** What differs, in words. */
      message: string;
    };

/**
 * Checks a quote before anything is signed or sent (docs/spec.md §13, "Checking a quote"):
 * the intent answers the request, its addresses commit to its bundles under `contracts`,
 * its meta-transactions are their guest batches, the deposit pays the origin intent
 * address exactly the quoted amount, the fees add up, and neither the quote nor its fee
 * options have expired.
 */
export declare function verifyQuote(response: Input<T.QuoteResponseInput>, options: VerifyQuoteOptions): QuoteVerdict;
