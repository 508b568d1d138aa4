// The typed client of the reference service (docs/spec.md §12, §13): `createClient` gives
// one method per operation of docs/openapi.json, each a POST of the request written by the
// package's writer (encode.js: bigints and digits exact, never a rounded number) and an
// answer read by its reader (decode.js: uints as bigints, nothing rounded); every error
// body as an IntentCoreError with the published kind, code, status and cause;
// `Retry-After` honoured on 429 and 503 for a bounded number of tries; an AbortSignal on
// every call; and `waitForReceipt`, the WaitIntentReceipt loop.
// What does not live here: the objects' types (generated/types.d.ts; client.d.ts names
// them), reading and writing JSON (decode.js, encode.js) and anything computed by the
// library (core.js, helpers.js). Nothing here loads the WebAssembly module.

import { decodeDocument } from "./decode.js";
import { encodeDocument } from "./encode.js";
import { IntentCoreError, packageError } from "./errors.js";

/**
 * The service's operations (docs/openapi.json; a test compares the two): each method's
 * path, the object its request body is (null: it sends none) and the object it answers.
 */
export const operations = Object.freeze({
  quoteIntent: op("/rpc/Service/QuoteIntent", "QuoteRequest", "QuoteResponse"),
  commitIntent: op("/rpc/Service/CommitIntent", "CommitRequest", "CommitResponse"),
  executeIntent: op("/rpc/Service/ExecuteIntent", "ExecuteRequest", "ExecuteResponse"),
  retryIntent: op("/rpc/Service/RetryIntent", "RetryIntentRequest", "RetryIntentResponse"),
  getIntentReceipt: op("/rpc/Service/GetIntentReceipt", "GetIntentReceiptRequest", "GetIntentReceiptResponse"),
  waitIntentReceipt: op("/rpc/Service/WaitIntentReceipt", "WaitIntentReceiptRequest", "WaitIntentReceiptResponse"),
  getIntent: op("/rpc/Service/GetIntent", "GetIntentRequest", "GetIntentResponse"),
  searchIntents: op("/rpc/Service/SearchIntents", "SearchIntentsRequest", "SearchIntentsResponse"),
  getIntentHistory: op("/rpc/Service/GetIntentHistory", "GetIntentHistoryRequest", "GetIntentHistoryResponse"),
  abortIntent: op("/rpc/Service/AbortIntent", "AbortIntentRequest", "AbortIntentResponse"),
  clock: op("/rpc/Service/Clock", null, "ClockResponse"),
  ping: op("/rpc/Service/Ping", null, "PingResponse"),
  runtimeStatus: op("/rpc/Service/RuntimeStatus", null, "RuntimeStatusResponse"),
  reportIntentOutcome: op("/rpc/Operator/ReportIntentOutcome", "ReportIntentOutcomeRequest", "GetIntentReceiptResponse"),
  getChains: op("/rpc/Service/GetChains", "GetChainsRequest", "GetChainsResponse"),
  getTokenList: op("/rpc/Service/GetTokenList", "GetTokenListRequest", "GetTokenListResponse"),
  getTokenPrices: op("/rpc/Service/GetTokenPrices", "GetTokenPricesRequest", "GetTokenPricesResponse"),
  getExactInputRoutes: op("/rpc/Service/GetExactInputRoutes", "GetExactInputRoutesRequest", "GetExactInputRoutesResponse"),
  getExactOutputRoutes: op("/rpc/Service/GetExactOutputRoutes", "GetExactOutputRoutesRequest", "GetExactOutputRoutesResponse"),
  getProtocolContracts: op("/rpc/Service/GetProtocolContracts", "GetProtocolContractsRequest", "GetProtocolContractsResponse"),
  prepareIntentRecovery: op("/rpc/Service/PrepareIntentRecovery", "PrepareIntentRecoveryRequest", "PrepareIntentRecoveryResponse"),
  buildIntentRecoveryTransaction: op(
    "/rpc/Service/BuildIntentRecoveryTransaction",
    "BuildIntentRecoveryTransactionRequest",
    "BuildIntentRecoveryTransactionResponse",
  ),
});

function op(path, request, response) {
  return Object.freeze({ path, request, response });
}

/** The statuses whose answers say when to try again (`Retry-After`): 429 and 503. */
const RETRIED_STATUSES = new Set([429, 503]);
const DEFAULT_MAX_RETRIES = 3;
const DEFAULT_MAX_RETRY_AFTER_SECONDS = 60;
/** How much of an answer that is not the service's an Error quotes. */
const QUOTED_TEXT = 200;

/**
 * A client of the service at `baseUrl`, sending `accessKey` as `X-Access-Key` (an operator
 * key for reportIntentOutcome), through `fetch` (the global one by default). A 429 or 503
 * answer with `Retry-After` is tried again after that many seconds, at most `maxRetries`
 * times (3) and only while the wait is at most `maxRetryAfterSeconds` (60); otherwise its
 * error is thrown.
 */
export function createClient(options) {
  if (typeof options !== "object" || options === null) {
    throw new TypeError("intent-core: createClient takes { baseUrl, accessKey, fetch? }");
  }
  const { accessKey, maxRetries = DEFAULT_MAX_RETRIES, maxRetryAfterSeconds = DEFAULT_MAX_RETRY_AFTER_SECONDS } = options;
  const base = new URL(String(options.baseUrl));
  const fetchFn = options.fetch ?? globalThis.fetch;
  if (typeof fetchFn !== "function") throw new TypeError("intent-core: no fetch: pass one to createClient({ fetch })");
  if (accessKey !== undefined && typeof accessKey !== "string") throw new TypeError("intent-core: accessKey must be a string");
  if (!Number.isSafeInteger(maxRetries) || maxRetries < 0) throw new TypeError("intent-core: maxRetries must be a whole number ≥ 0");
  if (!(maxRetryAfterSeconds >= 0)) throw new TypeError("intent-core: maxRetryAfterSeconds must be a number ≥ 0");
  // Called as a plain function: a browser's fetch throws "Illegal invocation" when called
  // as a method of another object than the window.
  const transport = { base, accessKey, fetch: (url, init) => fetchFn(url, init), maxRetries, maxRetryAfterSeconds };

  const client = {};
  for (const [method, operation] of Object.entries(operations)) {
    client[method] =
      operation.request === null
        ? (callOptions) => send(transport, operation, undefined, callOptions)
        : (request, callOptions) => send(transport, operation, request, callOptions);
  }
  client.waitForReceipt = (intentId, waitOptions) => waitForReceipt(client, intentId, waitOptions);
  return Object.freeze(client);
}

/** The request's body: JSON text and bytes as given, an object written by the package's writer. */
function body(request, kind) {
  if (typeof request === "string" || request instanceof Uint8Array) return request;
  if (typeof request === "object" && request !== null && !Array.isArray(request)) return encodeDocument(request, kind);
  throw packageError(
    "INVALID_TYPE",
    `expected the ${kind} as json text, its utf-8 bytes (a Uint8Array) or an object, not ${request === null ? "null" : Array.isArray(request) ? "an array" : `a ${typeof request}`}`,
  );
}

async function send(transport, operation, request, callOptions = {}) {
  const { signal } = callOptions;
  signal?.throwIfAborted();
  const headers = { accept: "application/json" };
  if (transport.accessKey !== undefined) headers["x-access-key"] = transport.accessKey;
  const init = { method: "POST", headers, signal };
  if (operation.request !== null) {
    headers["content-type"] = "application/json";
    init.body = body(request, operation.request);
  }
  const url = new URL(operation.path.slice(1), withSlash(transport.base));
  for (let tries = 1; ; tries++) {
    const response = await transport.fetch(url, init);
    const text = await response.text();
    if (response.ok) return decodeAnswer(text, operation.response, url, response.status);
    const error = serviceError(text, url, response.status);
    const wait = RETRIED_STATUSES.has(response.status) ? retryAfterSeconds(response.headers.get("retry-after")) : null;
    if (wait === null || wait > transport.maxRetryAfterSeconds || tries > transport.maxRetries) throw error;
    await sleep(wait * 1000, signal);
  }
}

/** The base URL with a trailing slash, so that its path is kept under the operations'. */
function withSlash(base) {
  if (base.pathname.endsWith("/")) return base;
  const copy = new URL(base);
  copy.pathname += "/";
  return copy;
}

function decodeAnswer(text, kind, url, status) {
  try {
    JSON.parse(text); // the reader takes well-formed JSON only: anything else is not the service's answer
  } catch (cause) {
    throw notTheService(url, status, text, cause);
  }
  return decodeDocument(text, kind);
}

/** The error body of docs/spec.md §8 as an IntentCoreError: reason and path read from its cause. */
function serviceError(text, url, status) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw notTheService(url, status, text, cause);
  }
  if (!isErrorBody(parsed)) throw notTheService(url, status, text);
  const { error, code, msg, cause } = parsed;
  const match = /^([A-Z0-9_]+)(?: at ([^]*))?$/.exec(cause);
  return new IntentCoreError({
    error,
    code,
    msg,
    cause,
    status: parsed.status,
    reason: match === null ? cause : match[1],
    path: match === null ? null : (match[2] ?? null),
  });
}

function isErrorBody(value) {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof value.error === "string" &&
    typeof value.code === "number" &&
    typeof value.msg === "string" &&
    typeof value.cause === "string" &&
    typeof value.status === "number"
  );
}

/** An answer that is neither the operation's response nor an error body (a proxy's page, …). */
function notTheService(url, status, text, cause) {
  const quoted = text.length > QUOTED_TEXT ? `${text.slice(0, QUOTED_TEXT)}…` : text;
  return new Error(
    `intent-core: ${url} answered HTTP ${status} with neither its response nor an error body (docs/spec.md §8): ${JSON.stringify(quoted)}`,
    cause === undefined ? undefined : { cause },
  );
}

/**
 * The seconds `Retry-After` asks for: whole seconds or an HTTP date (0 once past); null
 * without the header or for one that is neither.
 */
function retryAfterSeconds(header) {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const aborted = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", aborted);
      resolve();
    }, ms);
    signal?.addEventListener("abort", aborted, { once: true });
  });
}

/**
 * WaitIntentReceipt in a loop (docs/spec.md §12): the first request asks for no wait
 * (`timeoutSeconds: 0`: the service would otherwise wait for a change from the states it
 * has when the request arrives) and answers at once; each next one sends the states last answered, so
 * the service answers at the next change (or after its wait, and then it is asked again).
 * `onUpdate` is called with the first answer and each answer whose transactions changed,
 * with the changes; resolves with the receipt once the intent is done.
 */
async function waitForReceipt(client, intentId, waitOptions = {}) {
  const { onUpdate, signal, timeoutSeconds } = waitOptions;
  let seen = null; // each transaction's status last reported, by type
  let lastReceiptStates;
  for (;;) {
    const wait = lastReceiptStates === undefined ? 0 : timeoutSeconds;
    const answer = await client.waitIntentReceipt({ intentId, lastReceiptStates, timeoutSeconds: wait }, { signal });
    const changes = changedTransactions(answer.intentReceipt, seen);
    if (seen === null || changes.length > 0 || answer.done) {
      seen = new Map(transactionsOf(answer.intentReceipt).map((t) => [t.type, t.status]));
      if (onUpdate !== undefined) await onUpdate({ ...answer, changes });
    }
    if (answer.done) return answer.intentReceipt;
    lastReceiptStates = answer.receiptStates;
  }
}

/** The receipt's transactions in the order of `receiptStates`: deposit, origin, destination, refund. */
function transactionsOf(receipt) {
  return [receipt.depositTransaction, receipt.originTransaction, receipt.destinationTransaction, receipt.refundTransaction].filter(
    (transaction) => transaction !== undefined && transaction !== null,
  );
}

/** The transactions whose status differs from the one last reported (all of them the first time). */
function changedTransactions(receipt, seen) {
  const changes = [];
  for (const transaction of transactionsOf(receipt)) {
    const previous = seen?.get(transaction.type) ?? null;
    if (previous !== transaction.status) changes.push({ transaction, previous });
  }
  return changes;
}
