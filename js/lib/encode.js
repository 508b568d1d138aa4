// JavaScript values to JSON text for the library, with each field's kind
// (generated/schema.js) at hand, so that nothing is read through a lossy number:
// - an integer field (`uint`, `u64`, `u32`, `u8`) takes decimal digits, a bigint, or a
//   number up to 2^53-1; a number above that has already lost its exact value and is
//   NUMBER_OUT_OF_RANGE, never rounded. The same holds in members the schema does not
//   name, which are hashed with their integers exact (docs/spec.md §3, §4).
// - a decimal field takes any finite number (a `decimal` is a double anyway).
// - bigints are written as exact integer literals; a `Date` in a timestamp field as its
//   ISO text; `undefined` members are absent.
// - a function, a symbol, a class instance, a Map or a typed array is INVALID_TYPE; NaN is
//   INVALID_NUMBER and ±Infinity NUMBER_OUT_OF_RANGE; nesting above the library's limit
//   (which also stops cycles) and text above its document size are LIMIT_EXCEEDED. Work
//   and memory are bounded by the document size limit, whatever the object graph.
// Everything else (a string where an address belongs, a missing member) is left to the
// library, which says it with the same reason and path as for JSON text.

import { DOUBLES } from "./decode.js";
import { packageError } from "./errors.js";
import { FIELD_KINDS, MAX_DEPTH, MAX_DOCUMENT_BYTES } from "./generated/schema.js";

/**
 * The documents of the dApp helpers (helpers.js, js/src/helpers.rs) and the service's
 * requests that are not the core's (ReportIntentOutcome's and RetryIntent's, client.js)
 * beside the generated ones, so that their members are encoded with their kinds and errors
 * carry full paths.
 */
const KINDS = Object.freeze({
  ...FIELD_KINDS,
  DepositPermit: Object.freeze({
    depositSignature: "DepositSignature",
    intent: "Intent",
    mode: "string",
    nonce: "uint",
    tokenDomain: "PermitDomain",
  }),
  ReportIntentOutcomeRequest: Object.freeze({
    intentId: "string",
    outcome: "IntentStatus",
    reason: "string",
    transaction: "TransactionReport",
  }),
  RetryIntentRequest: Object.freeze({ depositTransactionHash: "bytes32", intentId: "string" }),
  Signature: Object.freeze({ signature: "bytes" }),
});

const INTEGER_KINDS = new Set(["uint", "u64", "u32", "u8"]);
const DECIMAL_KINDS = new Set(["decimal", "text-or-decimal"]);

/** The JSON text of `value`, an object of kind `kind` (an object or document name). */
export function encodeDocument(value, kind) {
  const writer = { parts: [], length: 0, segments: [] };
  writeValue(writer, value, kind, 1);
  return writer.parts.join("");
}

function push(writer, text) {
  writer.length += text.length;
  // UTF-16 length never exceeds the UTF-8 length, so past this the document is too long.
  if (writer.length > MAX_DOCUMENT_BYTES) {
    throw packageError("LIMIT_EXCEEDED", `limit exceeded: document size above ${MAX_DOCUMENT_BYTES}`, writer.segments);
  }
  writer.parts.push(text);
}

/**
 * `asDouble`: the member was read as a double above 2^53-1 (decode.js, DOUBLES); while it
 * still holds an integer it is written in exponent form, which the library reads as the
 * double it is (docs/spec.md §4), as the text it came from was.
 */
function writeValue(writer, value, kind, depth, asDouble = false) {
  switch (typeof value) {
    case "string":
      if (value.length > MAX_DOCUMENT_BYTES) push(writer, value); // throws LIMIT_EXCEEDED
      push(writer, JSON.stringify(value));
      return;
    case "boolean":
      push(writer, value ? "true" : "false");
      return;
    case "number":
      push(writer, asDouble && Number.isInteger(value) ? value.toExponential() : numberText(writer, value, kind));
      return;
    case "bigint":
      push(writer, value.toString());
      return;
    case "object":
      if (value === null) push(writer, "null");
      else if (Array.isArray(value)) writeArray(writer, value, kind, depth);
      else if (value instanceof Date && kind === "timestamp") writeDate(writer, value);
      else if (isPlainObject(value)) writeObject(writer, value, kind, depth);
      else throw wrongType(writer, `a ${value.constructor?.name ?? "non-plain"} object`);
      return;
    default:
      throw wrongType(writer, `a ${typeof value}`);
  }
}

function wrongType(writer, what) {
  return packageError(
    "INVALID_TYPE",
    `expected a json value (a plain object, an array, a string, a number, a bigint, a boolean or null), not ${what}`,
    writer.segments,
  );
}

function isPlainObject(value) {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function numberText(writer, value, kind) {
  if (Number.isNaN(value)) throw packageError("INVALID_NUMBER", "invalid number: not a number (NaN)", writer.segments);
  if (!Number.isFinite(value)) {
    throw packageError("NUMBER_OUT_OF_RANGE", "number out of range: not a finite number", writer.segments);
  }
  if (!DECIMAL_KINDS.has(kind) && Number.isInteger(value) && !Number.isSafeInteger(value)) {
    const what = INTEGER_KINDS.has(kind) ? "this integer" : "an integer in a member the schema does not name";
    throw packageError(
      "NUMBER_OUT_OF_RANGE",
      `number out of range: a javascript number above 2^53-1 cannot hold ${what} exactly; pass decimal digits or a bigint`,
      writer.segments,
    );
  }
  return String(value);
}

function enter(writer, depth) {
  if (depth > MAX_DEPTH) {
    throw packageError("LIMIT_EXCEEDED", `limit exceeded: nesting depth above ${MAX_DEPTH}`, writer.segments);
  }
}

function writeArray(writer, array, kind, depth) {
  enter(writer, depth);
  const elementKind = typeof kind === "string" && kind.endsWith("[]") ? kind.slice(0, -2) : null;
  push(writer, "[");
  for (let index = 0; index < array.length; index++) {
    if (index > 0) push(writer, ",");
    writer.segments.push(index);
    const element = array[index];
    if (element === undefined) throw wrongType(writer, "undefined");
    writeValue(writer, element, elementKind, depth + 1, array[DOUBLES]?.has(index) === true);
    writer.segments.pop();
  }
  push(writer, "]");
}

function writeObject(writer, object, kind, depth) {
  enter(writer, depth);
  const fields = typeof kind === "string" && Object.hasOwn(KINDS, kind) ? KINDS[kind] : null;
  push(writer, "{");
  let first = true;
  for (const key of Object.keys(object)) {
    const member = object[key];
    if (member === undefined) continue;
    if (!first) push(writer, ",");
    first = false;
    writer.segments.push(key);
    push(writer, JSON.stringify(key));
    push(writer, ":");
    const memberKind = fields !== null && Object.hasOwn(fields, key) ? fields[key] : null;
    writeValue(writer, member, memberKind, depth + 1, object[DOUBLES]?.has(key) === true);
    writer.segments.pop();
  }
  push(writer, "}");
}

function writeDate(writer, date) {
  if (Number.isNaN(date.getTime())) {
    throw packageError("INVALID_TIMESTAMP", "invalid timestamp: an invalid date", writer.segments);
  }
  push(writer, JSON.stringify(date.toISOString()));
}
