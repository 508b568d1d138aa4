// The entry `intent-core/core` as a page that needs only the core WebAssembly module
// writes it, type-checked under `tsc --strict` with no cast (never run): its names carry
// the full entry's types, and the second module's names are not there.

import {
  canonicalHash,
  checkIntent,
  depositIntentTypedData,
  init,
  parseQuoteResponse,
  verifyQuote,
  type Intent,
  type QuoteResponse,
  type TypedData,
} from "intent-core/core";
import * as core from "intent-core/core";
import wasm from "intent-core/wasm-bytes";
import extra from "intent-core/wasm-extra-bytes";

export async function quoteHash(text: string): Promise<string> {
  await init(wasm);
  const response: QuoteResponse = parseQuoteResponse(text);
  const intent: Intent = response.intent;
  checkIntent(intent);
  const typed: (input: Parameters<typeof depositIntentTypedData>[0]) => TypedData = depositIntentTypedData;
  void typed;
  void verifyQuote;
  return canonicalHash(intent);
}

// @ts-expect-error changedPaths is the full entry's (the second module's)
void core.changedPaths;
// @ts-expect-error parseIntentReceipt is the full entry's (the second module's)
void core.parseIntentReceipt;
void extra.byteLength;
