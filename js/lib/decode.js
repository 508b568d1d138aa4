// The library's wire JSON to JavaScript values, with each field's kind
// (generated/schema.js) at hand: a `uint` (written as decimal digits on the wire) becomes a
// bigint, as viem and ethers take 256-bit integers; a `u64` above 2^53-1 (and an integer
// above it in a member the schema does not name) becomes a bigint, never a rounded number;
// decimals stay numbers. JSON.parse does the work whenever no integer of 16 digits or more
// and no exponent appears outside a string.
//
// A number written with a fraction or an exponent is a double (docs/spec.md §4); when it is
// an integer above 2^53-1 (`1e21` in a member the schema does not name), the container
// records its key under DOUBLES (a non-enumerable symbol property), so that encode.js
// writes it back as a double and the parsed object hashes as its text does.

import { FIELD_KINDS } from "./generated/schema.js";

const DECIMAL_KINDS = new Set(["decimal", "text-or-decimal"]);
/** An integer literal of 16 or more digits right after `:`, `[` or `,`: possibly unsafe. */
const LONG_INTEGER = /[:[,]\s*-?\d{16}/;
/** A number with an exponent right after `:`, `[` or `,`: possibly an unsafe integer double. */
const EXPONENT = /[:[,]\s*-?\d+(?:\.\d+)?[eE]/;

/** The keys (or indices) of a container's members that were read as doubles above 2^53-1. */
export const DOUBLES = Symbol("intent-core: members read as doubles");

/** The value of `text` (JSON the library wrote), an object of kind `kind`. */
export function decodeDocument(text, kind) {
  if (!LONG_INTEGER.test(text) && !EXPONENT.test(text)) return uintsToBigInts(JSON.parse(text), kind);
  const reader = { text, at: 0, double: false };
  const value = readValue(reader, kind);
  return value;
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const STRING = /"(?:[^"\\]|\\.)*"/y;
const SPACE = /[ \t\n\r]*/y;

function skipSpace(reader) {
  SPACE.lastIndex = reader.at;
  SPACE.exec(reader.text);
  reader.at = SPACE.lastIndex;
}

function readValue(reader, kind) {
  skipSpace(reader);
  const c = reader.text[reader.at];
  if (c === "{") return readObject(reader, kind);
  if (c === "[") return readArray(reader, kind);
  if (c === '"') return kind === "uint" ? BigInt(readString(reader)) : readString(reader);
  if (c === "t") return literal(reader, "true", true);
  if (c === "f") return literal(reader, "false", false);
  if (c === "n") return literal(reader, "null", null);
  NUMBER.lastIndex = reader.at;
  const match = NUMBER.exec(reader.text);
  if (match === null) throw new SyntaxError(`intent-core: unexpected text at ${reader.at}`);
  reader.at = NUMBER.lastIndex;
  const number = Number(match[0]);
  const integer = match[1] === undefined && match[2] === undefined;
  if (integer && !Number.isSafeInteger(number) && !DECIMAL_KINDS.has(kind)) return BigInt(match[0]);
  reader.double = !integer && Number.isInteger(number) && !Number.isSafeInteger(number) && !DECIMAL_KINDS.has(kind);
  return number;
}

function literal(reader, word, value) {
  reader.at += word.length;
  return value;
}

function readString(reader) {
  STRING.lastIndex = reader.at;
  const match = STRING.exec(reader.text);
  reader.at = STRING.lastIndex;
  return JSON.parse(match[0]);
}

function readArray(reader, kind) {
  const elementKind = typeof kind === "string" && kind.endsWith("[]") ? kind.slice(0, -2) : null;
  const array = [];
  reader.at++;
  skipSpace(reader);
  if (reader.text[reader.at] === "]") {
    reader.at++;
    return array;
  }
  let doubles = null;
  for (;;) {
    reader.double = false;
    array.push(readValue(reader, elementKind));
    if (reader.double) (doubles ??= new Set()).add(array.length - 1);
    reader.double = false;
    skipSpace(reader);
    if (reader.text[reader.at] === "]") markDoubles(array, doubles);
    if (reader.text[reader.at++] === "]") return array;
  }
}

function readObject(reader, kind) {
  const fields = typeof kind === "string" && Object.hasOwn(FIELD_KINDS, kind) ? FIELD_KINDS[kind] : null;
  const object = {};
  reader.at++;
  skipSpace(reader);
  if (reader.text[reader.at] === "}") {
    reader.at++;
    return object;
  }
  let doubles = null;
  for (;;) {
    skipSpace(reader);
    const key = readString(reader);
    skipSpace(reader);
    reader.at++; // ':'
    const memberKind = fields !== null && Object.hasOwn(fields, key) ? fields[key] : null;
    reader.double = false;
    Object.defineProperty(object, key, { value: readValue(reader, memberKind), enumerable: true, writable: true, configurable: true });
    if (reader.double) (doubles ??= new Set()).add(key);
    reader.double = false;
    skipSpace(reader);
    if (reader.text[reader.at] === "}") markDoubles(object, doubles);
    if (reader.text[reader.at++] === "}") return object;
  }
}

function markDoubles(container, doubles) {
  // Enumerable, so that a spread copy (`{ ...intent, status }`) keeps it; JSON.stringify,
  // Object.keys and for-in skip symbol keys.
  if (doubles !== null) Object.defineProperty(container, DOUBLES, { value: doubles, enumerable: true });
}

/** Turns the `uint` members (decimal strings) of `value`, an object of kind `kind`, into bigints. */
function uintsToBigInts(value, kind) {
  if (typeof kind !== "string" || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    if (kind.endsWith("[]")) for (const element of value) uintsToBigInts(element, kind.slice(0, -2));
    return value;
  }
  if (!Object.hasOwn(FIELD_KINDS, kind)) return value;
  const fields = FIELD_KINDS[kind];
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(fields, key)) continue;
    const memberKind = fields[key];
    if (memberKind === "uint" && typeof value[key] === "string") value[key] = BigInt(value[key]);
    else uintsToBigInts(value[key], memberKind);
  }
  return value;
}
