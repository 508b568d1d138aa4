// The package's functions over the WebAssembly build of intent-core (docs/spec.md §13):
// loading the module (Node reads the file, a browser fetches it, both next to this
// file), turning inputs into UTF-8 JSON text (encode.js), calling the library, turning its
// error lines into IntentCoreError and its wire JSON into values (decode.js).
// The per-object parse/check functions (checkQuoteRequest and checkIntent among them)
// are generated in objects.js.

import init, * as wasm from "./wasm/intent_core_wasm.js";
import { decodeDocument } from "./decode.js";
import { encodeDocument } from "./encode.js";
import { IntentCoreError, packageError } from "./errors.js";
import { OBJECTS, REASONS } from "./schema.js";

export { IntentCoreError };

const wasmUrl = new URL("./wasm/intent_core_wasm_bg.wasm", import.meta.url);
if (wasmUrl.protocol === "file:" && typeof process === "object" && process.versions?.node) {
  const { readFile } = await import("node:fs/promises");
  wasm.initSync({ module: await readFile(wasmUrl) });
} else {
  await init({ module_or_path: wasmUrl });
}

/** Every reason code of docs/spec.md §7, in catalogue order. */
export const reasonCodes = Object.freeze(Object.keys(REASONS));

/** The objects of docs/spec.md §2, by name. */
export const objectNames = OBJECTS;

const utf8 = new TextEncoder();

/** The UTF-8 JSON text of an input: text as given, bytes as given, an object encoded. */
function jsonBytes(input, kind) {
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
function call(fn, ...args) {
  try {
    return fn(...args);
  } catch (thrown) {
    if (typeof thrown === "string" && thrown.startsWith("{")) throw new IntentCoreError(JSON.parse(thrown));
    throw thrown;
  }
}

function objectName(object) {
  if (typeof object !== "string" || !OBJECTS.includes(object)) {
    throw new TypeError(`intent-core: no object named ${String(object)}; objectNames lists them`);
  }
  return object;
}

/** The canonical hash (docs/spec.md §4) of an object, an Intent unless `object` says otherwise. */
export function canonicalHash(input, object = "Intent") {
  const name = objectName(object);
  return call(wasm.canonical_hash, name, jsonBytes(input, name));
}

/** The canonical JSON (docs/spec.md §4) of an object, an Intent unless `object` says otherwise. */
export function canonicalJson(input, object = "Intent") {
  const name = objectName(object);
  return call(wasm.canonical_json, name, jsonBytes(input, name));
}

/** Reads the object `object` and returns it in its wire form. */
export function parse(object, input) {
  const name = objectName(object);
  return decodeDocument(call(wasm.parse, name, jsonBytes(input, name)), name);
}

/** Reads the object `object` and checks the rules that concern it alone. */
export function check(object, input) {
  const name = objectName(object);
  call(wasm.check, name, jsonBytes(input, name));
}

/** The Execute rules (docs/spec.md §7) on `{intent, gasFeeOptions, request, now, committedAt?, tokenPermit?, entrypoint?}`. */
export function checkExecute(input) {
  call(wasm.check_execute, jsonBytes(input, "CheckExecute"));
}

/** The deposit-intent digest (docs/spec.md §5.1) of `{intent, depositSignature, domain?}`. */
export function depositIntentDigest(input) {
  return call(wasm.deposit_intent_digest, jsonBytes(input, "IntentDigest"));
}

/**
 * The deposit intent's EIP-712 typed-data document (docs/spec.md §5.4), for a wallet's
 * eth_signTypedData_v4 or viem's signTypedData; its digest is depositIntentDigest's.
 */
export function depositIntentTypedData(input) {
  return JSON.parse(call(wasm.deposit_intent_typed_data, jsonBytes(input, "IntentDigest")));
}

/** The permit's EIP-712 typed-data document (docs/spec.md §5.4), ERC-2612 or DAI-style. */
export function permitTypedData(input) {
  return JSON.parse(call(wasm.permit_typed_data, jsonBytes(input, "PermitDigest")));
}

/** The ERC-2612 or DAI-style permit digest (docs/spec.md §5.2). */
export function permitDigest(input) {
  return call(wasm.permit_digest, jsonBytes(input, "PermitDigest"));
}

/** The EIP-55 address that signed `digest` with the 65-byte `signature` (docs/spec.md §5.3). */
export function recoverSigner(digest, signature) {
  return call(wasm.recover_signer, jsonBytes({ digest, signature }, "Recover"));
}
