// What every function of the package does around a call into the library, shared by
// core.js and helpers.js and not exported from the package: the input as UTF-8 JSON
// text, the library's error line as an IntentCoreError, the object name checked, the
// typed-data document shaped as viem and ethers take it.

import { IntentCoreError, packageError } from "./errors.js";
import { encodeDocument } from "./encode.js";
import { isLoaded } from "./load.js";
import { OBJECTS } from "./schema.js";

const utf8 = new TextEncoder();

/** The UTF-8 JSON text of an input: text as given, bytes as given, an object encoded. */
export function jsonBytes(input, kind) {
  if (typeof input === "string") {
    if (!input.isWellFormed()) {
      throw packageError("INVALID_JSON", "invalid json: the text holds a lone surrogate, which utf-8 cannot carry");
    }
    return utf8.encode(input);
  }
  if (input instanceof Uint8Array) return input;
  if (typeof input === "object" && input !== null && !Array.isArray(input)) {
    return utf8.encode(encodeDocument(input, kind));
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
