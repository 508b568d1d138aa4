// The client of the service (createClient, docs/spec.md §13): its operations are
// docs/openapi.json's; against the reference service (started with README.md's command,
// service.mjs) the flow quote → commit → execute and its error paths, lossless requests
// and answers, and waitForReceipt's one request per change; with a local fetch stub only
// what the service cannot be made to answer on demand: `Retry-After` on 429 and 503, and
// aborts.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { IntentCoreError, canonicalHash, createClient } from "intent-core";

import { repoText } from "./repo.mjs";
import { startService } from "./service.mjs";

const { operations } = await import(new URL("client.js", import.meta.resolve("intent-core")));

const ACCESS_KEY = "demo-access-key"; // the shipped configuration's public demo keys
const OPERATOR_KEY = "demo-operator-key";
const quoteRequestText = repoText("examples/quote-request.json");

/** A fresh 32-byte deposit transaction hash (the demo configuration takes one on its word; each starts one intent). */
const freshHash = () => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex")}`;

/** A fetch that records every request's operation and every answer's text. */
function recordingFetch() {
  const requests = [];
  const answers = [];
  const fetchFn = async (url, init) => {
    requests.push({ operation: String(url).split("/").pop(), body: init.body, headers: init.headers, signal: init.signal });
    const response = await fetch(url, init);
    answers.push(await response.clone().text());
    return response;
  };
  return { fetch: fetchFn, requests, answers };
}

test("the client has one method per operation of docs/openapi.json, with its path and objects", () => {
  const document = JSON.parse(repoText("docs/openapi.json"));
  const name = (ref) => ref.replace("#/components/schemas/", "");
  const published = {};
  for (const [path, methods] of Object.entries(document.paths)) {
    const operation = methods.post;
    const method = operation.operationId[0].toLowerCase() + operation.operationId.slice(1);
    const request = operation.requestBody?.content["application/json"].schema.$ref;
    published[method] = {
      path,
      request: request === undefined ? null : name(request),
      response: name(operation.responses["200"].content["application/json"].schema.$ref),
    };
  }
  assert.deepEqual({ ...operations }, published);
  const client = createClient({ baseUrl: "http://127.0.0.1:1", accessKey: ACCESS_KEY });
  for (const method of Object.keys(published)) assert.equal(typeof client[method], "function", method);
  assert.equal(typeof client.waitForReceipt, "function");
});

describe("against the reference service", () => {
  let service;
  let client;
  let operator;

  before(async () => {
    service = await startService({ listen: "127.0.0.1:0" });
    client = createClient({ baseUrl: service.url, accessKey: ACCESS_KEY });
    operator = createClient({ baseUrl: service.url, accessKey: OPERATOR_KEY });
  });
  after(async () => {
    await service?.stop();
  });

  /** A quoted and committed intent. */
  async function committed() {
    const { intent } = await client.quoteIntent(quoteRequestText);
    assert.deepEqual(await client.commitIntent({ intent }), { intentId: intent.intentId });
    return intent;
  }

  /** Asserts that `promise` rejects with an IntentCoreError of exactly this body. */
  async function refused(promise, { kind, code, status, reason, path }) {
    const error = await promise.then(
      () => assert.fail("the call succeeded"),
      (thrown) => thrown,
    );
    assert.ok(error instanceof IntentCoreError, `not an IntentCoreError: ${error}`);
    assert.deepEqual(
      { kind: error.kind, code: error.code, status: error.status, reason: error.reason, path: error.path },
      { kind, code, status, reason, path },
    );
    assert.equal(error.body.cause, path === null ? reason : `${reason} at ${path}`);
    assert.equal(error.message, error.body.msg);
    return error;
  }

  test("quote → commit → execute: answers read losslessly, requests written exactly", async () => {
    const recorder = recordingFetch();
    const recording = createClient({ baseUrl: service.url, accessKey: ACCESS_KEY, fetch: recorder.fetch });
    // An unknown member above 2^64 is written exactly (§3); the shipped configuration refuses a
    // request member neither published nor specified, at its path (docs/spec.md §12).
    const big = 2n ** 64n + 1n;
    const amount = 125n * 10n ** 18n;
    await refused(recording.quoteIntent({ ...JSON.parse(quoteRequestText), originTokenAmount: amount, note: big }), {
      kind: "InvalidArgument",
      code: 2000,
      status: 400,
      reason: "MEMBER_NOT_SERVED",
      path: "note",
    });
    assert.match(recorder.requests[0].body, /"note":18446744073709551617\}$/);
    const quote = await recording.quoteIntent({ ...JSON.parse(quoteRequestText), originTokenAmount: amount });
    const text = recorder.answers[1];
    assert.equal(canonicalHash(quote, "QuoteResponse"), canonicalHash(text, "QuoteResponse"));
    assert.equal(quote.intent.quoteRequest.originTokenAmount, amount);
    assert.equal(typeof quote.intent.depositTransaction.amount, "bigint");
    assert.match(recorder.requests[1].body, /"originTokenAmount":125000000000000000000[,}]/);
    assert.equal(recorder.requests[1].headers["x-access-key"], ACCESS_KEY);

    // The decoded intent, written again, is the quoted one (else INTENT_MODIFIED).
    const { intentId } = await recording.commitIntent({ intent: quote.intent });
    assert.equal(intentId, quote.intent.intentId);
    assert.deepEqual(await recording.executeIntent({ intentId, depositTransactionHash: freshHash() }), {
      intentId,
      intentStatus: "EXECUTING",
    });
    const { intentReceipt } = await recording.getIntentReceipt({ intentId });
    assert.equal(intentReceipt.status, "EXECUTING");
    assert.equal(intentReceipt.depositTransaction.tokenAmount, quote.intent.depositTransaction.amount);
    assert.equal((await recording.getIntent({ intentId })).intent.intentId, intentId);
    assert.deepEqual(
      (await recording.searchIntents({ byIntentId: intentId })).intents.map((intent) => intent.intentId),
      [intentId],
    );
  });

  test("every error of the flow is an IntentCoreError with the published kind, code, status and cause", async () => {
    const { intent } = await client.quoteIntent(quoteRequestText);
    await refused(client.executeIntent({ intentId: intent.intentId, depositTransactionHash: freshHash() }), {
      kind: "IntentStatus",
      code: 2004,
      status: 422,
      reason: "INVALID_TRANSITION",
      path: null,
    });
    const changed = { ...intent, depositTransaction: { ...intent.depositTransaction, amount: intent.depositTransaction.amount + 1n } };
    await refused(client.commitIntent({ intent: changed }), {
      kind: "InvalidArgument",
      code: 2000,
      status: 400,
      reason: "INTENT_MODIFIED",
      path: "intent",
    });
    await client.commitIntent({ intent });
    const hash = freshHash();
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    const other = await committed();
    await refused(client.executeIntent({ intentId: other.intentId, depositTransactionHash: hash }), {
      kind: "RequestConflict",
      code: 1004,
      status: 409,
      reason: "DEPOSIT_PROOF_USED",
      path: "depositTransactionHash",
    });
    await refused(client.getIntent({ intentId: `0x${"22".repeat(32)}` }), {
      kind: "NotFound",
      code: 8000,
      status: 400,
      reason: "INTENT_NOT_FOUND",
      path: "intentId",
    });
    await refused(client.quoteIntent({ ...JSON.parse(quoteRequestText), originTokenAmount: 2n ** 256n }), {
      kind: "InvalidArgument",
      code: 2000,
      status: 400,
      reason: "NUMBER_OUT_OF_RANGE",
      path: "originTokenAmount",
    });
    await refused(client.waitIntentReceipt({ intentId: intent.intentId, timeoutSeconds: 61 }), {
      kind: "InvalidArgument",
      code: 2000,
      status: 400,
      reason: "NUMBER_OUT_OF_RANGE",
      path: "timeoutSeconds",
    });
    await refused(createClient({ baseUrl: service.url }).clock(), {
      kind: "Unauthorized",
      code: 1000,
      status: 401,
      reason: "ACCESS_KEY_MISSING",
      path: null,
    });
    await refused(createClient({ baseUrl: service.url, accessKey: "not-a-key" }).executeIntent({ intentId: intent.intentId }), {
      kind: "AccessKeyNotFound",
      code: 1101,
      status: 401,
      reason: "ACCESS_KEY_UNKNOWN",
      path: null,
    });
    await refused(
      client.reportIntentOutcome({ intentId: intent.intentId, transaction: { type: "ORIGIN", chainId: 42161, status: "SENT" } }),
      { kind: "PermissionDenied", code: 1001, status: 403, reason: "PERMISSION_DENIED", path: null },
    );
  });

  test("a number that has lost its exact value is refused before anything is sent", async () => {
    const recorder = recordingFetch();
    const recording = createClient({ baseUrl: service.url, accessKey: ACCESS_KEY, fetch: recorder.fetch });
    const error = await recording.quoteIntent({ ...JSON.parse(quoteRequestText), originTokenAmount: 2 ** 60 }).catch((e) => e);
    assert.ok(error instanceof IntentCoreError);
    assert.equal(error.reason, "NUMBER_OUT_OF_RANGE");
    assert.equal(error.path, "originTokenAmount");
    assert.equal(recorder.requests.length, 0);
  });

  test("the operations without a request body, and abort", async () => {
    assert.deepEqual(Object.keys(await client.ping()), ["version"]);
    assert.match((await client.clock()).serverTime, /^\d{4}-\d\d-\d\dT/);
    assert.equal(typeof (await client.runtimeStatus()).status.healthOK, "boolean");
    const intent = await committed();
    assert.deepEqual(
      await client.abortIntent({ intentId: intent.intentId, chainId: intent.originChainId, abortTransactionHash: freshHash() }),
      { intentId: intent.intentId, status: "ABORTED" },
    );
    const history = await client.getIntentHistory({ byOwnerAddress: intent.ownerAddress, page: { pageSize: 1 } });
    assert.equal(history.intents.length, 1);
  });

  test("waitForReceipt reports each transaction's status as it changes, one request per change", async () => {
    const recorder = recordingFetch();
    const recording = createClient({ baseUrl: service.url, accessKey: ACCESS_KEY, fetch: recorder.fetch });
    const intent = await committed();
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: freshHash() });
    const { intentId } = intent;
    const updates = [];
    const receipt = await recording.waitForReceipt(intentId, {
      async onUpdate(update) {
        updates.push(update.changes.map(({ transaction, previous }) => `${transaction.type} ${previous} → ${transaction.status}`));
        // The operator reports the next change only once this one is seen.
        if (updates.length === 1) {
          await operator.reportIntentOutcome({ intentId, transaction: { type: "ORIGIN", chainId: 42161, status: "SENT" } });
        } else if (updates.length === 2) {
          await operator.reportIntentOutcome({
            intentId,
            outcome: "SUCCEEDED",
            transaction: { type: "DESTINATION", chainId: 8453, status: "SUCCEEDED" },
          });
        }
      },
    });
    assert.deepEqual(updates, [
      ["DEPOSIT null → SENT", "ORIGIN null → PENDING"],
      ["ORIGIN PENDING → SENT"],
      ["DESTINATION null → SUCCEEDED"],
    ]);
    assert.equal(receipt.status, "SUCCEEDED");
    // One WaitIntentReceipt per change: the first without a wait, each next with the states last seen.
    const waits = recorder.requests.filter((request) => request.operation === "WaitIntentReceipt").map((request) => JSON.parse(request.body));
    assert.deepEqual(waits, [
      { intentId, timeoutSeconds: 0 },
      { intentId, lastReceiptStates: ["SENT", "PENDING"] },
      { intentId, lastReceiptStates: ["SENT", "SENT"] },
    ]);
  });

  test("an abort ends a wait the service is holding", async () => {
    const intent = await committed();
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: freshHash() });
    const controller = new AbortController();
    const reason = new Error("the user left");
    let waits = 0;
    // The first answer comes at once; the second request waits for a change that never
    // comes, and is aborted once it is on its way.
    const aborting = createClient({
      baseUrl: service.url,
      accessKey: ACCESS_KEY,
      fetch: (url, init) => {
        const answer = fetch(url, init);
        if (++waits === 2) setImmediate(() => controller.abort(reason));
        return answer;
      },
    });
    await assert.rejects(aborting.waitForReceipt(intent.intentId, { signal: controller.signal }), (error) => error === reason);
    assert.equal(waits, 2);
  });
});

describe("Retry-After and aborts (a fetch stub)", () => {
  const clock = { serverTime: "2026-01-01T00:00:00Z" };

  function errorAnswer(status, error, code, cause, headers = {}) {
    return new Response(JSON.stringify({ error, code, msg: cause.toLowerCase(), cause, status }), { status, headers });
  }
  const rateLimited = (headers) => errorAnswer(429, "RateLimited", 1007, "RATE_LIMITED", headers);
  const nodeDown = (headers) => errorAnswer(503, "ChainNodeHealth", 9001, "CHAIN_NODE_UNAVAILABLE", headers);

  /** A fetch that answers each call with the next of `answers` (the last again once used up). */
  function stub(...answers) {
    const calls = [];
    const fetchFn = async (url, init) => {
      calls.push({ url: String(url), init });
      return answers[Math.min(calls.length, answers.length) - 1]();
    };
    return { calls, client: (options = {}) => createClient({ baseUrl: "http://service.test/api", accessKey: "k", fetch: fetchFn, ...options }) };
  }

  test("429 and 503 with Retry-After are tried again, with the same request, until answered", async () => {
    const { calls, client } = stub(
      () => rateLimited({ "retry-after": "0" }),
      () => nodeDown({ "retry-after": "0" }),
      () => Response.json(clock),
    );
    const signal = new AbortController().signal;
    assert.deepEqual(await client().executeIntent({ intentId: "0x01", depositTransactionHash: `0x${"00".repeat(32)}` }, { signal }), clock);
    assert.equal(calls.length, 3);
    assert.deepEqual(new Set(calls.map((call) => call.url)), new Set(["http://service.test/api/rpc/Service/ExecuteIntent"]));
    assert.equal(new Set(calls.map((call) => call.init.body)).size, 1);
    for (const call of calls) assert.equal(call.init.signal, signal);
  });

  test("the tries are bounded: after maxRetries the last answer's error is thrown", async () => {
    const { calls, client } = stub(() => nodeDown({ "retry-after": "0" }));
    await assert.rejects(client({ maxRetries: 2 }).clock(), (error) => {
      assert.ok(error instanceof IntentCoreError);
      assert.deepEqual([error.kind, error.code, error.status, error.reason], ["ChainNodeHealth", 9001, 503, "CHAIN_NODE_UNAVAILABLE"]);
      return true;
    });
    assert.equal(calls.length, 3);
  });

  test("without Retry-After, with one above maxRetryAfterSeconds, or on another status, nothing is tried again", async () => {
    for (const answer of [
      () => rateLimited(),
      () => rateLimited({ "retry-after": "61" }),
      () => rateLimited({ "retry-after": "soon" }),
      () => errorAnswer(422, "IntentStatus", 2004, "DEPOSIT_NOT_MINED at depositTransactionHash", { "retry-after": "0" }),
    ]) {
      const { calls, client } = stub(answer);
      await assert.rejects(client().clock(), IntentCoreError);
      assert.equal(calls.length, 1);
    }
  });

  test("Retry-After's seconds are waited for before the next try", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    // Lets the stub's answer be read and the wait be scheduled (a few turns of the event loop).
    const flush = async () => {
      for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    };
    const { calls, client } = stub(() => rateLimited({ "retry-after": "2" }), () => Response.json(clock));
    const answer = client().clock();
    await flush();
    assert.equal(calls.length, 1);
    t.mock.timers.tick(1999);
    await flush();
    assert.equal(calls.length, 1);
    t.mock.timers.tick(1);
    await flush();
    assert.equal(calls.length, 2);
    assert.deepEqual(await answer, clock);
  });

  test("a Retry-After that is an HTTP date in the past is tried again at once", async () => {
    const dated = stub(() => rateLimited({ "retry-after": "Wed, 21 Oct 2015 07:28:00 GMT" }), () => Response.json(clock));
    assert.deepEqual(await dated.client().clock(), clock);
    assert.equal(dated.calls.length, 2);
  });

  test("an abort during a Retry-After wait rejects with the signal's reason and sends nothing more", async () => {
    const { calls, client } = stub(() => rateLimited({ "retry-after": "30" }), () => Response.json(clock));
    const controller = new AbortController();
    const answer = client().clock({ signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(calls.length, 1);
    const reason = new Error("stop");
    controller.abort(reason);
    await assert.rejects(answer, (error) => error === reason);
    assert.equal(calls.length, 1);
  });

  test("an aborted signal sends nothing", async () => {
    const { calls, client } = stub(() => Response.json(clock));
    await assert.rejects(client().clock({ signal: AbortSignal.abort() }), { name: "AbortError" });
    assert.equal(calls.length, 0);
  });

  test("createClient refuses options it cannot use, as TypeErrors", () => {
    assert.throws(() => createClient(), TypeError);
    assert.throws(() => createClient({ baseUrl: "not a url" }), TypeError);
    assert.throws(() => createClient({ baseUrl: "http://service.test", accessKey: 42 }), /accessKey must be a string/);
    assert.throws(() => createClient({ baseUrl: "http://service.test", maxRetries: -1 }), /maxRetries/);
    assert.throws(() => createClient({ baseUrl: "http://service.test", maxRetryAfterSeconds: Number.NaN }), /maxRetryAfterSeconds/);
  });

  test("the operator's request is written with its members' kinds: a lossy chain id is refused at its path", async () => {
    const { calls, client } = stub(() => Response.json({}));
    const report = { intentId: "0x01", transaction: { type: "ORIGIN", chainId: 2 ** 60, status: "SENT" } };
    await assert.rejects(client().reportIntentOutcome(report), { reason: "NUMBER_OUT_OF_RANGE", path: "transaction.chainId" });
    await assert.rejects(client().getIntent(42), { reason: "INVALID_TYPE", path: null });
    assert.equal(calls.length, 0);
  });

  test("an answer that is neither the response nor an error body is an Error that quotes it", async () => {
    const { client } = stub(() => new Response("<html>bad gateway</html>", { status: 502 }));
    await assert.rejects(client().clock(), (error) => {
      assert.ok(!(error instanceof IntentCoreError));
      assert.match(error.message, /answered HTTP 502 with neither its response nor an error body .*"<html>bad gateway<\/html>"/);
      assert.ok(error.cause instanceof SyntaxError);
      return true;
    });
  });
});
