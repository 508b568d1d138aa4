// What every function of the package does around a call into the library, shared by
// core.js and helpers.js and not exported from the package: the input as UTF-8 JSON
// text, the library's error line as an IntentCoreError, the object name checked, the
// typed-data document shaped as viem and ethers take it.

import { IntentCoreError, packageError } from "./errors.js";
import { encodeDocument } from "./encode.js";
import { isLoaded } from "./load.js";
import { MAX_DOCUMENT_BYTES, OBJECTS } from "./generated/schema.js";

const utf8 = new TextEncoder();
/**
 * Where text is encoded: `encodeInto` a buffer kept between calls is several times faster
 * than `encode`, which allocates each time (BENCHMARKS.md, "Interleaved with native"). It
 * grows to the longest text seen (at most 3 bytes per UTF-16 unit) up to three times the
 * library's document size limit; a longer text, which the library refuses, is encoded apart.
 */
let scratch = new Uint8Array(64 * 1024);

/** The UTF-8 bytes of well-formed `text`, in the scratch buffer: valid until the next call. */
function encodeText(text) {
  if (text.length > MAX_DOCUMENT_BYTES) return utf8.encode(text);
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = utf8.encodeInto(text, scratch);
  return scratch.subarray(0, written);
}

/**
 * The UTF-8 JSON text of an input: text as given, bytes as given, an object encoded. Text
 * and objects come back in a buffer that the next call reuses: pass it to the library at
 * once (copy it, `.slice()`, to hold two).
 */
export function jsonBytes(input, kind) {
  if (typeof input === "string") {
    if (!input.isWellFormed()) {
      throw packageError("INVALID_JSON", "invalid json: the text holds a lone surrogate, which utf-8 cannot carry");
    }
    return encodeText(input);
  }
  if (input instanceof Uint8Array) return input;
  if (typeof input === "object" && input !== null && !Array.isArray(input)) {
    return encodeText(encodeDocument(input, kind));
  }
  throw packageError(
    "INVALID_TYPE",
    `expected json text, its utf-8 bytes (a Uint8Array) or an object, not ${input === null ? "null" : Array.isArray(input) ? "an array" : `a ${typeof input}`}`,
  );
}

/** Calls the library; its error line becomes an IntentCoreError. */
export function call(fn, ...args) {
  if (!isLoaded()) {
    throw new Error("intent-core: the WebAssembly module is not loaded yet: `await init()` first (docs/spec.md §13)");
  }
  try {
    return fn(...args);
  } catch (thrown) {
    if (typeof thrown === "string" && thrown.startsWith("{")) throw new IntentCoreError(JSON.parse(thrown));
    throw thrown;
  }
}

export function objectName(object) {
  if (typeof object !== "string" || !OBJECTS.includes(object)) {
    throw new TypeError(`intent-core: no object named ${String(object)}; objectNames lists them`);
  }
  return object;
}

/**
 * The typed-data document the library wrote, as viem's and ethers' typed-data types take
 * it: `domain.chainId` a number (a bigint above 2^53-1); everything else as written.
 */
export function typedData(text) {
  const document = JSON.parse(text);
  const chainId = document.domain.chainId;
  if (chainId !== undefined) {
    const exact = BigInt(chainId);
    document.domain.chainId = exact <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(exact) : exact;
  }
  return document;
}
