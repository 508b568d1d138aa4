//! The service end to end in process (docs/spec.md §12): the router answered through
//! `tower::ServiceExt::oneshot` (tests/it/support/app.rs) on the database of
//! `INTENT_SERVICE_TEST_DB` (default: a fresh SQLite file), the test clock through
//! `X-Test-Now`: every operation, both gasless modes with real signatures, keys, replays,
//! expiry, the sweep, 413 and malformed JSON. What needs a process is [`crate::process`],
//! [`crate::crash`] and [`crate::instances`]; what needs a socket, [`crate::contract`].

use std::sync::Arc;
use std::time::Duration;

use crate::support::app::App;
use crate::support::*;
use axum::http::Method;
use intent_core::{from_slice, to_string, Canonical, ErrorBody, ExecuteRequest, Reason};
use intent_service::sweep;
use serde_json::{json, Value};

fn quote_request_value() -> Value {
    serde_json::from_str(&quote_request()).unwrap()
}

#[tokio::test]
async fn deposit_hash_mode_quote_commit_execute_receipt_outcome() {
    let app = App::open(&database("hash-mode"), |_| {}).await;
    let t = base();
    let quote = app.quote(t, &quote_request()).await;
    let intent = &quote.intent;
    assert_eq!(intent.status.name(), "QUOTED");
    assert_eq!(intent.created_at, Some(t));
    assert_eq!(intent.expires_at, at(t, 300));
    assert_eq!(quote.gas_fee_options.expires_at, at(t, 300));
    assert_eq!(app.status(t, &intent.intent_id).await, "QUOTED");

    app.rpc("CommitIntent", at(t, 10), &commit_body(&quote)).await.ok();
    assert_eq!(app.status(at(t, 10), &intent.intent_id).await, "COMMITTED");

    let execute = hash_request(&intent.intent_id, random_hash());
    let reply: Value = serde_json::from_str(&app.rpc("ExecuteIntent", at(t, 20), &execute).await.ok()).unwrap();
    assert_eq!(reply, json!({"intentId": intent.intent_id, "intentStatus": "EXECUTING"}));

    let destination = json!({"type": "DESTINATION", "chainId": intent.destination_chain_id, "status": "SUCCEEDED"});
    let outcome = json!({"intentId": intent.intent_id, "outcome": "SUCCEEDED", "transaction": destination}).to_string();
    let receipt = app.report(at(t, 30), &outcome).await.json();
    assert_eq!(receipt["intentReceipt"]["status"], "SUCCEEDED");
    assert_eq!(receipt["intentReceipt"]["destinationTransaction"]["status"], "SUCCEEDED");
    assert_eq!(receipt["intentReceipt"]["depositTransaction"]["status"], "SENT");
    assert_eq!(receipt["intentReceipt"]["updatedAt"], at(t, 30).to_string());
    assert_eq!(app.status(at(t, 40), &intent.intent_id).await, "SUCCEEDED");
}

#[tokio::test]
async fn gasless_entrypoint_mode_with_a_real_intent_signature() {
    let app = App::open(&database("entrypoint"), |_| {}).await;
    let t = base();
    let quote = app.committed(t, &demo_quote_request()).await;
    let nonce = u64::from_be_bytes(crate::support::random_hash()[..8].try_into().unwrap()) >> 1;
    let request = gasless_request(&quote, Gasless::Entrypoint { nonce }, deadline(t));
    let reply = app.rpc("ExecuteIntent", at(t, 5), &request).await.json();
    assert_eq!(reply["intentStatus"], "EXECUTING", "{reply}");

    // The same signature by someone else's key is refused by the core's rules.
    let other = app.committed(t, &demo_quote_request()).await;
    let mut forged: ExecuteRequest =
        from_slice(gasless_request(&other, Gasless::Entrypoint { nonce: nonce + 1 }, deadline(t)).as_bytes()).unwrap();
    let signature = forged.deposit_signature.as_mut().unwrap();
    let mut bytes = signature.intent_signature.clone().unwrap().to_vec();
    bytes[10] ^= 1;
    signature.intent_signature = Some(bytes.into());
    let reply = app.rpc("ExecuteIntent", at(t, 5), &to_string(&forged)).await;
    assert_eq!(reply.status, 401, "{}", reply.body);
    assert!(
        reply.cause().starts_with("SIGNER_MISMATCH") || reply.cause().starts_with("INVALID_SIGNATURE"),
        "{}",
        reply.body
    );
}

#[tokio::test]
async fn gasless_permit_only_mode_with_a_real_permit_signature() {
    let app = App::open(&database("permit-only"), |_| {}).await;
    let t = base();
    let quote = app.committed(t, &demo_quote_request()).await;
    let request = gasless_request(&quote, Gasless::PermitOnly, deadline(t));
    let reply = app.rpc("ExecuteIntent", at(t, 5), &request).await.json();
    assert_eq!(reply["intentStatus"], "EXECUTING", "{reply}");
}

#[tokio::test]
async fn a_permit_signed_for_another_intent_is_signer_mismatch() {
    let app = App::open(&database("permit-forged"), |_| {}).await;
    let t = base();
    // The owner's permit for intent A, offered for intent B: the permit's spender (A's
    // intent address) is not B's, so it recovers to someone other than the owner.
    let a = app.committed(t, &demo_quote_request()).await;
    let b = app.committed(t, &demo_quote_request()).await;
    let mut request: ExecuteRequest =
        from_slice(gasless_request(&a, Gasless::PermitOnly, deadline(t)).as_bytes()).unwrap();
    request.intent_id = b.intent.intent_id.clone();
    let reply = app.rpc("ExecuteIntent", at(t, 5), &to_string(&request)).await;
    assert_eq!((reply.status, reply.cause()), (401, "SIGNER_MISMATCH at depositSignature.permitSignature".to_owned()));
    assert_eq!(app.status(at(t, 6), &b.intent.intent_id).await, "COMMITTED");
}

#[tokio::test]
async fn missing_unknown_and_misplaced_keys_get_the_published_bodies() {
    let app = App::open(&database("auth"), |_| {}).await;
    type Case<'a> = (Vec<(&'a str, &'a str)>, u16, &'a str, i64, &'a str);
    let cases: [Case<'_>; 4] = [
        (vec![], 401, "Unauthorized", 1000, "ACCESS_KEY_MISSING"),
        (vec![("X-Access-Key", "")], 401, "Unauthorized", 1000, "ACCESS_KEY_MISSING"),
        (vec![("X-Access-Key", "not-a-key")], 401, "AccessKeyNotFound", 1101, "ACCESS_KEY_UNKNOWN"),
        (vec![("X-Access-Key", OPERATOR_KEY)], 403, "PermissionDenied", 1001, "PERMISSION_DENIED"),
    ];
    for (headers, status, error, code, cause) in cases {
        let reply = app.post("/rpc/Service/QuoteIntent", &headers, quote_request().as_bytes()).await;
        assert_eq!(reply.status, status, "{}", reply.body);
        let body = reply.json();
        assert_eq!((&body["error"], &body["code"], &body["cause"]), (&json!(error), &json!(code), &json!(cause)));
    }
    // The access key is not an operator key.
    let reply = app.post("/rpc/Operator/ReportIntentOutcome", &[("X-Access-Key", ACCESS_KEY)], b"{}").await;
    assert_eq!((reply.status, reply.cause()), (403, "PERMISSION_DENIED".to_owned()));
    // A key added to the first project (as `--access-key` does: the process tests start
    // the binary with the flag) is accepted beside the configuration's.
    let app = App::open_with_keys(&database("auth-flag"), |_| {}, &["flag-key".to_owned()]).await;
    let reply = app.post("/rpc/Service/QuoteIntent", &[("X-Access-Key", "flag-key")], quote_request().as_bytes()).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
}

#[tokio::test]
async fn a_tampered_commit_is_intent_modified_with_the_changed_paths() {
    let app = App::open(&database("tampered"), |_| {}).await;
    let t = base();
    let quote = app.quote(t, &quote_request()).await;
    let mut tampered = quote.intent.clone();
    tampered.deposit_transaction.amount += intent_core::U256::from(1);
    tampered.origin_calls.calls[0].to = intent_core::Address::ZERO;
    let reply = app.rpc("CommitIntent", at(t, 1), &format!("{{\"intent\":{}}}", to_string(&tampered))).await;
    assert_eq!(reply.status, 400, "{}", reply.body);
    assert_eq!(reply.cause(), "INTENT_MODIFIED at intent");
    let msg = reply.json()["msg"].as_str().unwrap().to_owned();
    assert!(msg.contains("depositTransaction.amount") && msg.contains("originCalls.calls[0].to"), "{msg}");
    assert_eq!(app.status(at(t, 2), &quote.intent.intent_id).await, "QUOTED");
}

#[tokio::test]
async fn a_respelled_commit_is_accepted() {
    let app = App::open(&database("respelled"), |_| {}).await;
    let t = base();
    let quote = app.quote(t, &quote_request()).await;
    // Another key order, white space, lowercase addresses, numbers for uints, another offset.
    let mut intent: Value = serde_json::from_str(&to_string(&quote.intent)).unwrap();
    intent["ownerAddress"] = intent["ownerAddress"].as_str().unwrap().to_lowercase().into();
    intent["depositTransaction"]["decimals"] = json!("18");
    let expires_at = quote.intent.expires_at;
    let offset = format!("{}", intent_core::Timestamp::from_unix(expires_at.unix_seconds() + 3600, 0).unwrap());
    intent["expiresAt"] = format!("{}+01:00", offset.trim_end_matches('Z')).into();
    let mut members: Vec<(String, Value)> = intent.as_object().unwrap().clone().into_iter().collect();
    members.reverse();
    let text = format!(
        "{{ \"intent\" : {{ {} }} }}",
        members.iter().map(|(k, v)| format!("{k:?} : {v}")).collect::<Vec<_>>().join(" ,\n ")
    );
    let parsed: intent_core::CommitRequest = from_slice(text.as_bytes()).unwrap();
    assert_eq!(parsed.intent.canonical_hash(), quote.intent.canonical_hash());
    assert_ne!(to_string(&parsed.intent), text);
    let reply = app.rpc("CommitIntent", at(t, 1), &text).await.json();
    assert_eq!(reply["intentId"], quote.intent.intent_id.as_str(), "{reply}");
}

#[tokio::test]
async fn quote_and_execution_window_expiry_with_the_injected_clock() {
    let app = App::open(&database("expiry"), |_| {}).await;
    let t = base();
    let quote = app.quote(t, &quote_request()).await;
    let reply = app.rpc("CommitIntent", at(t, 300), &commit_body(&quote)).await;
    assert_eq!((reply.status, reply.json()["error"].clone()), (400, json!("QuoteExpired")));
    assert!(reply.cause().starts_with("QUOTE_EXPIRED"), "{}", reply.body);

    let quote = app.committed(t, &quote_request()).await;
    let execute = hash_request(&quote.intent.intent_id, random_hash());
    let reply = app.rpc("ExecuteIntent", at(t, 601), &execute).await;
    assert_eq!(reply.status, 422, "{}", reply.body);
    assert!(reply.cause().starts_with("EXECUTION_WINDOW_EXPIRED"), "{}", reply.body);
    // A COMMITTED record read after its window reads ABORTED (docs/spec.md §6).
    assert_eq!(app.status(at(t, 601), &quote.intent.intent_id).await, "ABORTED");
    assert_eq!(app.status(at(t, 600), &quote.intent.intent_id).await, "COMMITTED");
}

#[tokio::test]
async fn replayed_commit_and_execute_are_answered_as_successes() {
    let app = App::open(&database("replays"), |_| {}).await;
    let t = base();
    let quote = app.committed(t, &quote_request()).await;
    let again = app.rpc("CommitIntent", at(t, 2), &commit_body(&quote)).await.json();
    assert_eq!(again["intentId"], quote.intent.intent_id.as_str());
    let execute = hash_request(&quote.intent.intent_id, random_hash());
    let first = app.rpc("ExecuteIntent", at(t, 3), &execute).await.ok();
    let second = app.rpc("ExecuteIntent", at(t, 4), &execute).await.ok();
    assert_eq!(first, second);
    // A replayed commit after execution still succeeds; another execute request does not.
    app.rpc("CommitIntent", at(t, 5), &commit_body(&quote)).await.ok();
    let other = app.rpc("ExecuteIntent", at(t, 6), &hash_request(&quote.intent.intent_id, random_hash())).await;
    assert_eq!((other.status, other.cause().starts_with("INVALID_TRANSITION")), (422, true), "{}", other.body);
}

#[tokio::test]
async fn a_record_another_instance_changed_is_judged_as_stored_not_as_kept() {
    // Two instances on one database: each keeps the records it stored, and `a`'s copy of
    // this one is still QUOTED when `b` commits it.
    let db = database("kept-records");
    let (a, b) = (App::open(&db, |_| {}).await, App::open(&db, |_| {}).await);
    let t = base();
    let quote = a.quote(t, &quote_request()).await;
    let intent_id = &quote.intent.intent_id;
    b.rpc("CommitIntent", at(t, 1), &commit_body(&quote)).await.ok();
    // A commit judged on `a`'s copy would change it; its compare-and-swap loses, and the
    // stored record makes it a replay that changes nothing.
    let stored = a.stored(intent_id).await;
    a.rpc("CommitIntent", at(t, 2), &commit_body(&quote)).await.ok();
    assert_eq!(a.stored(intent_id).await, stored);
    // An execute judged on a QUOTED copy would be INVALID_TRANSITION; the stored record
    // is COMMITTED.
    let second = a.quote(t, &quote_request()).await;
    b.rpc("CommitIntent", at(t, 1), &commit_body(&second)).await.ok();
    let execute = hash_request(&second.intent.intent_id, random_hash());
    let reply = a.rpc("ExecuteIntent", at(t, 3), &execute).await;
    assert_eq!(reply.json()["intentStatus"], "EXECUTING", "{}", reply.body);
}

#[tokio::test]
async fn postgresql_compresses_a_records_quoted_part_with_lz4() {
    let Some(url) = postgres() else { return };
    let app = App::open(&url, |_| {}).await;
    let quote = app.quote(base(), &quote_request()).await;
    let compression: Option<String> =
        sqlx::query_scalar("SELECT pg_column_compression(quoted) FROM quotes WHERE intent_id = $1")
            .bind(&quote.intent.intent_id)
            .fetch_one(app.service.app.records.store().pool())
            .await
            .unwrap();
    assert_eq!(compression.as_deref(), Some("lz4"));
}

#[tokio::test]
async fn the_same_deposit_proof_for_a_second_intent_is_refused() {
    let app = App::open(&database("proof-reuse"), |_| {}).await;
    let t = base();
    let first = app.committed(t, &quote_request()).await;
    let second = app.committed(t, &quote_request()).await;
    let hash = random_hash();
    app.rpc("ExecuteIntent", at(t, 2), &hash_request(&first.intent.intent_id, hash)).await.ok();
    let reply = app.rpc("ExecuteIntent", at(t, 2), &hash_request(&second.intent.intent_id, hash)).await;
    assert_eq!(reply.status, 409, "{}", reply.body);
    assert_eq!(reply.json()["error"], "RequestConflict");
    assert_eq!(reply.cause(), "DEPOSIT_PROOF_USED at depositTransactionHash");
    assert_eq!(app.status(at(t, 3), &second.intent.intent_id).await, "COMMITTED");

    // The same user nonce of one owner, in entrypoint mode, too.
    let a = app.committed(t, &demo_quote_request()).await;
    let b = app.committed(t, &demo_quote_request()).await;
    let nonce = u64::from_be_bytes(random_hash()[..8].try_into().unwrap()) >> 1;
    app.rpc("ExecuteIntent", at(t, 2), &gasless_request(&a, Gasless::Entrypoint { nonce }, deadline(t))).await.ok();
    let reply =
        app.rpc("ExecuteIntent", at(t, 2), &gasless_request(&b, Gasless::Entrypoint { nonce }, deadline(t))).await;
    assert_eq!((reply.status, reply.cause()), (409, "DEPOSIT_PROOF_USED at depositSignature.userNonce".to_owned()));
}

#[tokio::test]
async fn wait_intent_receipt_returns_on_a_change_and_after_its_time_out() {
    let app = App::open(&database("wait"), |_| {}).await;
    let t = base();
    let quote = app.committed(t, &quote_request()).await;
    let id = quote.intent.intent_id.clone();
    // A wait of 0 seconds: at once.
    let body = json!({"intentId": id, "timeoutSeconds": 0}).to_string();
    let reply = app.rpc("WaitIntentReceipt", at(t, 2), &body).await.json();
    assert_eq!(reply["intentReceipt"]["status"], "COMMITTED");
    assert_eq!((&reply["receiptStates"], &reply["done"]), (&json!(["PENDING", "PENDING"]), &json!(false)));
    // lastReceiptStates differ: at once.
    let body = json!({"intentId": id, "lastReceiptStates": ["SENT", "PENDING"], "timeoutSeconds": 60}).to_string();
    assert_eq!(app.rpc("WaitIntentReceipt", at(t, 2), &body).await.json()["intentReceipt"]["status"], "COMMITTED");
    // Longer than 60 seconds is the core's NUMBER_OUT_OF_RANGE.
    let body = json!({"intentId": id, "lastReceiptStates": ["PENDING", "PENDING"], "timeoutSeconds": 61}).to_string();
    let reply = app.rpc("WaitIntentReceipt", at(t, 2), &body).await;
    assert_eq!((reply.status, reply.cause()), (400, "NUMBER_OUT_OF_RANGE at timeoutSeconds".to_owned()));
    // Time-out: the status did not change, and the current receipt comes back.
    let body = json!({"intentId": id, "lastReceiptStates": ["PENDING", "PENDING"], "timeoutSeconds": 1}).to_string();
    assert_eq!(app.rpc("WaitIntentReceipt", at(t, 2), &body).await.json()["intentReceipt"]["status"], "COMMITTED");
    // A change: the waiter returns with the new status.
    let app = Arc::new(app);
    let waiter = tokio::spawn({
        let app = app.clone();
        async move {
            let body =
                json!({"intentId": id, "lastReceiptStates": ["PENDING", "PENDING"], "timeoutSeconds": 60}).to_string();
            app.rpc("WaitIntentReceipt", at(t, 3), &body).await
        }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    app.rpc("ExecuteIntent", at(t, 4), &hash_request(&quote.intent.intent_id, random_hash())).await.ok();
    let reply = waiter.await.unwrap();
    assert_eq!(reply.json()["intentReceipt"]["status"], "EXECUTING", "{}", reply.body);
    assert_eq!(reply.json()["receiptStates"], json!(["SENT", "PENDING"]), "{}", reply.body);
}

#[tokio::test]
async fn operator_outcomes_and_their_errors() {
    let app = App::open(&database("operator"), |_| {}).await;
    let t = base();
    let quote = app.committed(t, &quote_request()).await;
    let id = quote.intent.intent_id.as_str();
    let origin = json!({"type": "ORIGIN", "chainId": quote.intent.origin_chain_id, "status": "REVERTED"});
    let refund = json!({"type": "REFUND", "chainId": quote.intent.origin_chain_id, "status": "SUCCEEDED"});
    let report = |now, mut body: Value| {
        if body.get("transaction").is_none() {
            body["transaction"] = origin.clone();
        }
        let app = &app;
        async move { app.report(now, &body.to_string()).await }
    };
    // Not executing yet: the core's INVALID_TRANSITION.
    let reply = report(at(t, 2), json!({"intentId": id, "outcome": "SUCCEEDED"})).await;
    assert_eq!(reply.status, 422, "{}", reply.body);
    assert!(reply.cause().starts_with("INVALID_TRANSITION"));
    app.rpc("ExecuteIntent", at(t, 3), &hash_request(id, random_hash())).await.ok();
    // FAILED needs a reason.
    let reply = report(at(t, 4), json!({"intentId": id, "outcome": "FAILED"})).await;
    assert_eq!((reply.status, reply.cause()), (400, "STATUS_REASON_REQUIRED at reason".to_owned()));
    // Not an outcome.
    let reply = report(at(t, 4), json!({"intentId": id, "outcome": "COMMITTED"})).await;
    assert_eq!((reply.status, reply.cause()), (400, "INVALID_ENUM at outcome".to_owned()));
    // Unknown intent.
    let reply = report(at(t, 4), json!({"intentId": "0xnope", "outcome": "SUCCEEDED"})).await;
    assert_eq!((reply.status, reply.json()["error"].clone()), (400, json!("NotFound")));
    // Failed with a reason, then refunded.
    // A transaction on another chain than its type's (a cross-chain intent's ROUTE is on its
    // destination chain).
    let elsewhere = json!({"type": "ORIGIN", "chainId": quote.intent.destination_chain_id, "status": "REVERTED"});
    let reply =
        report(at(t, 4), json!({"intentId": id, "outcome": "FAILED", "reason": "r", "transaction": elsewhere})).await;
    assert_eq!((reply.status, reply.cause()), (400, "INTENT_INCONSISTENT at transaction.chainId".to_owned()));
    // (A cross-chain intent's ROUTE has a place since docs/spec.md §6.9: UNKNOWN has none.)
    let unknown = json!({"type": "UNKNOWN", "chainId": quote.intent.origin_chain_id, "status": "REVERTED"});
    let reply =
        report(at(t, 4), json!({"intentId": id, "outcome": "FAILED", "reason": "r", "transaction": unknown})).await;
    assert_eq!((reply.status, reply.cause()), (400, "INVALID_ENUM at transaction.type".to_owned()));
    // A ROUTE is on the destination chain of a cross-chain intent (§6.9), never the origin's.
    let route = json!({"type": "ROUTE", "chainId": quote.intent.origin_chain_id, "status": "REVERTED"});
    let reply =
        report(at(t, 4), json!({"intentId": id, "outcome": "FAILED", "reason": "r", "transaction": route})).await;
    assert_eq!((reply.status, reply.cause()), (400, "INTENT_INCONSISTENT at transaction.chainId".to_owned()));
    let reply = app.report(at(t, 4), &json!({"intentId": id, "outcome": "FAILED", "reason": "r"}).to_string()).await;
    assert_eq!((reply.status, reply.cause()), (400, "MISSING_FIELD at transaction".to_owned()));
    let reply =
        report(at(t, 5), json!({"intentId": id, "outcome": "FAILED", "reason": "destination call reverted"})).await;
    let receipt = &reply.json()["intentReceipt"];
    assert_eq!((&receipt["status"], &receipt["originTransaction"]["status"]), (&json!("FAILED"), &json!("REVERTED")));
    let reply = report(at(t, 6), json!({"intentId": id, "outcome": "REFUNDED", "transaction": refund})).await;
    let receipt = &reply.json()["intentReceipt"];
    assert_eq!(
        (&receipt["status"], &receipt["refundTransaction"]["status"]),
        (&json!("REFUNDED"), &json!("SUCCEEDED"))
    );
    assert_eq!(receipt["refundTransactionId"], 5);
    // Final.
    let reply = report(at(t, 7), json!({"intentId": id, "outcome": "REFUNDED"})).await;
    assert_eq!(reply.status, 422);
}

#[tokio::test]
async fn a_two_mib_body_is_413_and_malformed_json_is_the_librarys_error_body() {
    let app = App::open(&database("bodies"), |_| {}).await;
    let big = format!("{{\"pad\":\"{}\"}}", "x".repeat(2 << 20));
    let reply = app.rpc("QuoteIntent", base(), &big).await;
    assert_eq!(reply.status, 413, "{}", reply.body);
    assert_eq!(reply.json()["error"], "PayloadTooLarge");

    for malformed in ["{\"ownerAddress\": ", "", "[1,2", "{\"ownerAddress\":\"0x12\"}"] {
        let reply = app.rpc("QuoteIntent", base(), malformed).await;
        let expected: ErrorBody = from_slice::<intent_core::QuoteRequest>(malformed.as_bytes()).unwrap_err().body();
        assert_eq!(reply.status, expected.status, "{malformed:?}");
        assert_eq!(reply.body, expected.to_json(), "{malformed:?}");
    }
    let reason = from_slice::<intent_core::QuoteRequest>(b"{").unwrap_err().reason();
    assert_eq!(reason, Reason::InvalidJson);
}

#[tokio::test]
async fn unknown_intents_routes_and_methods_get_the_published_bodies_and_healthz_answers() {
    let app = App::open(&database("misc"), |_| {}).await;
    let reply = app.rpc("GetIntentReceipt", base(), "{\"intentId\":\"0x00\"}").await;
    assert_eq!(
        (reply.status, reply.json()["error"].clone(), reply.json()["code"].clone()),
        (400, json!("NotFound"), json!(8000))
    );
    assert_eq!(reply.cause(), "INTENT_NOT_FOUND at intentId");
    let reply = app.rpc("NoSuchOperation", base(), "{}").await;
    assert_eq!((reply.status, reply.json()["code"].clone(), reply.cause()), (404, json!(-2), "BAD_ROUTE".to_owned()));
    let reply = app.request(Method::GET, "/rpc/Service/QuoteIntent", &[("X-Access-Key", ACCESS_KEY)], b"").await;
    assert_eq!((reply.status, reply.json()["code"].clone(), reply.cause()), (405, json!(-3), "BAD_METHOD".to_owned()));
    // A token the configuration does not list is a route the quoter does not serve.
    let mut unserved = quote_request_value();
    unserved["originTokenAddress"] = json!("0x0000000000000000000000000000000000000bad");
    let reply = app.rpc("QuoteIntent", base(), &unserved.to_string()).await;
    assert_eq!((reply.status, reply.cause()), (400, "ROUTE_NOT_SERVED at originTokenAddress".to_owned()));
    // A request the core refuses is refused before pricing.
    let mut invalid = quote_request_value();
    invalid["originChainId"] = json!(0);
    let reply = app.rpc("QuoteIntent", base(), &invalid.to_string()).await;
    assert_eq!((reply.status, reply.cause()), (400, "INVALID_CHAIN_ID at originChainId".to_owned()));
    let reply = app.request(Method::GET, "/healthz", &[], b"").await;
    assert_eq!((reply.status, reply.body.lines().next()), (200, Some("ok")));
}

#[tokio::test]
async fn the_sweep_expires_a_committed_record_at_its_deadline() {
    let app = App::open(&database("sweep"), |c| c["policy"]["executionWindowSeconds"] = json!(1)).await;
    let records = app.service.app.records.clone();
    let sweep = tokio::spawn(sweep::run(records, app.service.limits.quote_grace));
    // The sweep reads the system clock: quote and commit on it.
    let t = intent_core::Timestamp::now();
    let quote = app.quote(t, &quote_request()).await;
    app.rpc("CommitIntent", t, &commit_body(&quote)).await.ok();
    let body =
        json!({"intentId": quote.intent.intent_id, "lastReceiptStates": ["PENDING", "PENDING"], "timeoutSeconds": 10})
            .to_string();
    let reply = app.call("WaitIntentReceipt", ACCESS_KEY, &body).await;
    let receipt = &reply.json()["intentReceipt"];
    assert_eq!(receipt["status"], "ABORTED", "{}", reply.body);
    assert_eq!(receipt["originTransaction"]["statusReason"], "execution window expired");
    // The receipt reads ABORTED from the window's close; the sweep then stores it so.
    let waiting = std::time::Instant::now();
    while app.stored(&quote.intent.intent_id).await.1 != "ABORTED" {
        assert!(waiting.elapsed() < Duration::from_secs(30), "the sweep did not expire the record");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(app.stored(&quote.intent.intent_id).await, (2, "ABORTED".to_owned()));
    sweep.abort();
}

#[tokio::test]
async fn the_shipped_demo_quote_request_is_the_example_owned_by_the_demo_key() {
    let shipped = std::fs::read_to_string(repo().join("service/demo/quote-request.json")).unwrap_or_default();
    let shipped: Value = serde_json::from_str(&shipped).unwrap_or(Value::Null);
    let expected: Value = serde_json::from_str(&demo_quote_request()).unwrap();
    assert_eq!(shipped, expected, "demo owner {}", demo_owner());
}
