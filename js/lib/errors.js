// IntentCoreError: every failure of the package, with the reason code, the JSON path and
// the error body of docs/spec.md §8. Built from the library's error line (core.js), from a
// service's error body (client.js) or, for what only JavaScript can get wrong (a lossy
// number, a function, a cycle), by the encoder (encode.js) with the same kinds, codes and
// statuses (generated/schema.js).

import { REASONS } from "./generated/schema.js";

export class IntentCoreError extends Error {
  /**
   * @param {{error: string, code: number, msg: string, cause: string, status: number,
   *          reason: string, path: string | null, offset?: number}} line
   */
  constructor(line) {
    super(line.msg);
    this.name = "IntentCoreError";
    /** The stable reason code (docs/spec.md §7), e.g. `INVALID_ADDRESS`. */
    this.reason = line.reason;
    /** The JSON path of the field concerned, or `null` for the document as a whole. */
    this.path = line.path ?? null;
    /** The error kind of docs/spec.md §8, e.g. `InvalidArgument`. */
    this.kind = line.error;
    /** The kind's number, e.g. 2000. */
    this.code = line.code;
    /** The HTTP status a service answers with, e.g. 400. */
    this.status = line.status;
    /** For a JSON syntax error, the byte offset of the offending byte in the UTF-8 input. */
    this.offset = line.offset ?? null;
    /** The error body as the service sends it: `{error, code, msg, cause, status}`. */
    this.body = { error: line.error, code: line.code, msg: line.msg, cause: line.cause, status: line.status };
  }
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A path as the library writes it (`originCalls.calls[2].to`, `extra["a.b"]`). */
export function formatPath(segments) {
  let path = "";
  for (const segment of segments) {
    if (typeof segment === "number") path += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) path += path === "" ? segment : `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path === "" ? null : path;
}

/** An IntentCoreError raised in JavaScript, shaped like the library's. */
export function packageError(reason, message, segments = []) {
  const [error, code, status] = REASONS[reason];
  const path = formatPath(segments);
  const msg = path === null ? message : `${message} at ${path}`;
  const cause = path === null ? reason : `${reason} at ${path}`;
  return new IntentCoreError({ error, code, msg, cause, status, reason, path });
}
