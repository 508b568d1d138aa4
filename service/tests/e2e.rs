//! The service end to end over real HTTP (docs/spec.md §12): the built binary on a free
//! loopback port, the database of `INTENT_SERVICE_TEST_DB` (default: a fresh SQLite file),
//! the test clock through `X-Test-Now`.

mod support;

use intent_core::{from_slice, to_string, Canonical, ErrorBody, ExecuteRequest, Reason};
use serde_json::{json, Value};
use support::*;

fn quote_request_value() -> Value {
    serde_json::from_str(&quote_request()).unwrap()
}

fn deadline(now: intent_core::Timestamp) -> u64 {
    u64::try_from(now.unix_seconds()).unwrap() + 600
}

#[test]
fn deposit_hash_mode_quote_commit_execute_receipt_outcome() {
    let server = Server::start(&database("hash-mode"));
    let t = base();
    let quote = quote(&server, t, &quote_request());
    let intent = &quote.intent;
    assert_eq!(intent.status.name(), "QUOTED");
    assert_eq!(intent.created_at, Some(t));
    assert_eq!(intent.expires_at, at(t, 300));
    assert_eq!(quote.gas_fee_options.expires_at, at(t, 300));
    assert_eq!(status(&server, t, &intent.intent_id), "QUOTED");

    server.rpc("CommitIntent", at(t, 10), &commit_body(&quote)).ok();
    assert_eq!(status(&server, at(t, 10), &intent.intent_id), "COMMITTED");

    let execute = hash_request(&intent.intent_id, random_hash());
    let reply: Value = serde_json::from_str(&server.rpc("ExecuteIntent", at(t, 20), &execute).ok()).unwrap();
    assert_eq!(reply, json!({"intentId": intent.intent_id, "intentStatus": "EXECUTING"}));

    let destination = json!({"type": "DESTINATION", "chainId": intent.destination_chain_id, "status": "SUCCEEDED"});
    let outcome = json!({"intentId": intent.intent_id, "outcome": "SUCCEEDED", "transaction": destination}).to_string();
    let receipt = server.report(at(t, 30), &outcome).json();
    assert_eq!(receipt["intentReceipt"]["status"], "SUCCEEDED");
    assert_eq!(receipt["intentReceipt"]["destinationTransaction"]["status"], "SUCCEEDED");
    assert_eq!(receipt["intentReceipt"]["depositTransaction"]["status"], "SENT");
    assert_eq!(receipt["intentReceipt"]["updatedAt"], at(t, 30).to_string());
    assert_eq!(status(&server, at(t, 40), &intent.intent_id), "SUCCEEDED");
}

#[test]
fn gasless_entrypoint_mode_with_a_real_intent_signature() {
    let server = Server::start(&database("entrypoint"));
    let t = base();
    let quote = committed(&server, t, &demo_quote_request());
    let nonce = u64::from_be_bytes(support::random_hash()[..8].try_into().unwrap()) >> 1;
    let request = gasless_request(&quote, Gasless::Entrypoint { nonce }, deadline(t));
    let reply = server.rpc("ExecuteIntent", at(t, 5), &request).json();
    assert_eq!(reply["intentStatus"], "EXECUTING", "{reply}");

    // The same signature by someone else's key is refused by the core's rules.
    let other = committed(&server, t, &demo_quote_request());
    let mut forged: ExecuteRequest =
        from_slice(gasless_request(&other, Gasless::Entrypoint { nonce: nonce + 1 }, deadline(t)).as_bytes()).unwrap();
    let signature = forged.deposit_signature.as_mut().unwrap();
    let mut bytes = signature.intent_signature.clone().unwrap().to_vec();
    bytes[10] ^= 1;
    signature.intent_signature = Some(bytes.into());
    let reply = server.rpc("ExecuteIntent", at(t, 5), &to_string(&forged));
    assert_eq!(reply.status, 401, "{}", reply.body);
    assert!(
        reply.cause().starts_with("SIGNER_MISMATCH") || reply.cause().starts_with("INVALID_SIGNATURE"),
        "{}",
        reply.body
    );
}

#[test]
fn gasless_permit_only_mode_with_a_real_permit_signature() {
    let server = Server::start(&database("permit-only"));
    let t = base();
    let quote = committed(&server, t, &demo_quote_request());
    let request = gasless_request(&quote, Gasless::PermitOnly, deadline(t));
    let reply = server.rpc("ExecuteIntent", at(t, 5), &request).json();
    assert_eq!(reply["intentStatus"], "EXECUTING", "{reply}");
}

#[test]
fn a_permit_signed_for_another_intent_is_signer_mismatch() {
    let server = Server::start(&database("permit-forged"));
    let t = base();
    // The owner's permit for intent A, offered for intent B: the permit's spender (A's
    // intent address) is not B's, so it recovers to someone other than the owner.
    let a = committed(&server, t, &demo_quote_request());
    let b = committed(&server, t, &demo_quote_request());
    let mut request: ExecuteRequest =
        from_slice(gasless_request(&a, Gasless::PermitOnly, deadline(t)).as_bytes()).unwrap();
    request.intent_id = b.intent.intent_id.clone();
    let reply = server.rpc("ExecuteIntent", at(t, 5), &to_string(&request));
    assert_eq!((reply.status, reply.cause()), (401, "SIGNER_MISMATCH at depositSignature.permitSignature".to_owned()));
    assert_eq!(status(&server, at(t, 6), &b.intent.intent_id), "COMMITTED");
}

#[test]
fn missing_unknown_and_misplaced_keys_get_the_published_bodies() {
    let server = Server::start(&database("auth"));
    type Case<'a> = (Vec<(&'a str, &'a str)>, u16, &'a str, i64, &'a str);
    let cases: [Case<'_>; 4] = [
        (vec![], 401, "Unauthorized", 1000, "ACCESS_KEY_MISSING"),
        (vec![("X-Access-Key", "")], 401, "Unauthorized", 1000, "ACCESS_KEY_MISSING"),
        (vec![("X-Access-Key", "not-a-key")], 401, "AccessKeyNotFound", 1101, "ACCESS_KEY_UNKNOWN"),
        (vec![("X-Access-Key", OPERATOR_KEY)], 403, "PermissionDenied", 1001, "PERMISSION_DENIED"),
    ];
    for (headers, status, error, code, cause) in cases {
        let reply = post(server.addr, "/rpc/Service/QuoteIntent", &headers, quote_request().as_bytes());
        assert_eq!(reply.status, status, "{}", reply.body);
        let body = reply.json();
        assert_eq!((&body["error"], &body["code"], &body["cause"]), (&json!(error), &json!(code), &json!(cause)));
    }
    // The access key is not an operator key.
    let reply = post(server.addr, "/rpc/Operator/ReportIntentOutcome", &[("X-Access-Key", ACCESS_KEY)], b"{}");
    assert_eq!((reply.status, reply.cause()), (403, "PERMISSION_DENIED".to_owned()));
    // A key given by flag is accepted beside the configuration's.
    drop(server);
    let server = Server::start_with(&database("auth-flag"), &["--access-key", "flag-key"]);
    let reply =
        post(server.addr, "/rpc/Service/QuoteIntent", &[("X-Access-Key", "flag-key")], quote_request().as_bytes());
    assert_eq!(reply.status, 200, "{}", reply.body);
}

#[test]
fn a_tampered_commit_is_intent_modified_with_the_changed_paths() {
    let server = Server::start(&database("tampered"));
    let t = base();
    let quote = quote(&server, t, &quote_request());
    let mut tampered = quote.intent.clone();
    tampered.deposit_transaction.amount += intent_core::U256::from(1);
    tampered.origin_calls.calls[0].to = intent_core::Address::ZERO;
    let reply = server.rpc("CommitIntent", at(t, 1), &format!("{{\"intent\":{}}}", to_string(&tampered)));
    assert_eq!(reply.status, 400, "{}", reply.body);
    assert_eq!(reply.cause(), "INTENT_MODIFIED at intent");
    let msg = reply.json()["msg"].as_str().unwrap().to_owned();
    assert!(msg.contains("depositTransaction.amount") && msg.contains("originCalls.calls[0].to"), "{msg}");
    assert_eq!(status(&server, at(t, 2), &quote.intent.intent_id), "QUOTED");
}

#[test]
fn a_respelled_commit_is_accepted() {
    let server = Server::start(&database("respelled"));
    let t = base();
    let quote = quote(&server, t, &quote_request());
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
    let reply = server.rpc("CommitIntent", at(t, 1), &text).json();
    assert_eq!(reply["intentId"], quote.intent.intent_id.as_str(), "{reply}");
}

#[test]
fn quote_and_execution_window_expiry_with_the_injected_clock() {
    let server = Server::start(&database("expiry"));
    let t = base();
    let quote = quote(&server, t, &quote_request());
    let reply = server.rpc("CommitIntent", at(t, 300), &commit_body(&quote));
    assert_eq!((reply.status, reply.json()["error"].clone()), (400, json!("QuoteExpired")));
    assert!(reply.cause().starts_with("QUOTE_EXPIRED"), "{}", reply.body);

    let quote = committed(&server, t, &quote_request());
    let execute = hash_request(&quote.intent.intent_id, random_hash());
    let reply = server.rpc("ExecuteIntent", at(t, 601), &execute);
    assert_eq!(reply.status, 422, "{}", reply.body);
    assert!(reply.cause().starts_with("EXECUTION_WINDOW_EXPIRED"), "{}", reply.body);
    // A COMMITTED record read after its window reads ABORTED (docs/spec.md §6).
    assert_eq!(status(&server, at(t, 601), &quote.intent.intent_id), "ABORTED");
    assert_eq!(status(&server, at(t, 600), &quote.intent.intent_id), "COMMITTED");
}

#[test]
fn replayed_commit_and_execute_are_answered_as_successes() {
    let server = Server::start(&database("replays"));
    let t = base();
    let quote = committed(&server, t, &quote_request());
    let again = server.rpc("CommitIntent", at(t, 2), &commit_body(&quote)).json();
    assert_eq!(again["intentId"], quote.intent.intent_id.as_str());
    let execute = hash_request(&quote.intent.intent_id, random_hash());
    let first = server.rpc("ExecuteIntent", at(t, 3), &execute).ok();
    let second = server.rpc("ExecuteIntent", at(t, 4), &execute).ok();
    assert_eq!(first, second);
    // A replayed commit after execution still succeeds; another execute request does not.
    server.rpc("CommitIntent", at(t, 5), &commit_body(&quote)).ok();
    let other = server.rpc("ExecuteIntent", at(t, 6), &hash_request(&quote.intent.intent_id, random_hash()));
    assert_eq!((other.status, other.cause().starts_with("INVALID_TRANSITION")), (422, true), "{}", other.body);
}

#[test]
fn the_same_deposit_proof_for_a_second_intent_is_refused() {
    let server = Server::start(&database("proof-reuse"));
    let t = base();
    let first = committed(&server, t, &quote_request());
    let second = committed(&server, t, &quote_request());
    let hash = random_hash();
    server.rpc("ExecuteIntent", at(t, 2), &hash_request(&first.intent.intent_id, hash)).ok();
    let reply = server.rpc("ExecuteIntent", at(t, 2), &hash_request(&second.intent.intent_id, hash));
    assert_eq!(reply.status, 409, "{}", reply.body);
    assert_eq!(reply.json()["error"], "RequestConflict");
    assert_eq!(reply.cause(), "DEPOSIT_PROOF_USED at depositTransactionHash");
    assert_eq!(status(&server, at(t, 3), &second.intent.intent_id), "COMMITTED");

    // The same user nonce of one owner, in entrypoint mode, too.
    let a = committed(&server, t, &demo_quote_request());
    let b = committed(&server, t, &demo_quote_request());
    let nonce = u64::from_be_bytes(random_hash()[..8].try_into().unwrap()) >> 1;
    server.rpc("ExecuteIntent", at(t, 2), &gasless_request(&a, Gasless::Entrypoint { nonce }, deadline(t))).ok();
    let reply = server.rpc("ExecuteIntent", at(t, 2), &gasless_request(&b, Gasless::Entrypoint { nonce }, deadline(t)));
    assert_eq!((reply.status, reply.cause()), (409, "DEPOSIT_PROOF_USED at depositSignature.userNonce".to_owned()));
}

#[test]
fn wait_intent_receipt_returns_on_a_change_and_after_its_time_out() {
    let server = Server::start(&database("wait"));
    let t = base();
    let quote = committed(&server, t, &quote_request());
    let id = quote.intent.intent_id.clone();
    // No lastReceiptStates: at once.
    let reply = server.rpc("WaitIntentReceipt", at(t, 2), &json!({"intentId": id}).to_string()).json();
    assert_eq!(reply["intentReceipt"]["status"], "COMMITTED");
    assert_eq!((&reply["receiptStates"], &reply["done"]), (&json!(["PENDING", "PENDING"]), &json!(false)));
    // lastReceiptStates differ: at once.
    let body = json!({"intentId": id, "lastReceiptStates": ["SENT", "PENDING"], "timeoutSeconds": 60}).to_string();
    assert_eq!(server.rpc("WaitIntentReceipt", at(t, 2), &body).json()["intentReceipt"]["status"], "COMMITTED");
    // Longer than 60 seconds is the core's NUMBER_OUT_OF_RANGE.
    let body = json!({"intentId": id, "lastReceiptStates": ["PENDING", "PENDING"], "timeoutSeconds": 61}).to_string();
    let reply = server.rpc("WaitIntentReceipt", at(t, 2), &body);
    assert_eq!((reply.status, reply.cause()), (400, "NUMBER_OUT_OF_RANGE at timeoutSeconds".to_owned()));
    // Time-out: the status did not change, and the current receipt comes back.
    let body = json!({"intentId": id, "lastReceiptStates": ["PENDING", "PENDING"], "timeoutSeconds": 1}).to_string();
    assert_eq!(server.rpc("WaitIntentReceipt", at(t, 2), &body).json()["intentReceipt"]["status"], "COMMITTED");
    // A change: the waiter returns with the new status.
    let addr = server.addr;
    let waiter = std::thread::spawn(move || {
        let now = at(t, 3).to_string();
        let body =
            json!({"intentId": id, "lastReceiptStates": ["PENDING", "PENDING"], "timeoutSeconds": 60}).to_string();
        post(
            addr,
            "/rpc/Service/WaitIntentReceipt",
            &[("X-Access-Key", ACCESS_KEY), ("X-Test-Now", &now)],
            body.as_bytes(),
        )
    });
    std::thread::sleep(std::time::Duration::from_millis(300));
    server.rpc("ExecuteIntent", at(t, 4), &hash_request(&quote.intent.intent_id, random_hash())).ok();
    let reply = waiter.join().unwrap();
    assert_eq!(reply.json()["intentReceipt"]["status"], "EXECUTING", "{}", reply.body);
    assert_eq!(reply.json()["receiptStates"], json!(["SENT", "PENDING"]), "{}", reply.body);
}

#[test]
fn operator_outcomes_and_their_errors() {
    let server = Server::start(&database("operator"));
    let t = base();
    let quote = committed(&server, t, &quote_request());
    let id = quote.intent.intent_id.as_str();
    let origin = json!({"type": "ORIGIN", "chainId": quote.intent.origin_chain_id, "status": "REVERTED"});
    let refund = json!({"type": "REFUND", "chainId": quote.intent.origin_chain_id, "status": "SUCCEEDED"});
    let report = |now, mut body: Value| {
        if body.get("transaction").is_none() {
            body["transaction"] = origin.clone();
        }
        server.report(now, &body.to_string())
    };
    // Not executing yet: the core's INVALID_TRANSITION.
    let reply = report(at(t, 2), json!({"intentId": id, "outcome": "SUCCEEDED"}));
    assert_eq!(reply.status, 422, "{}", reply.body);
    assert!(reply.cause().starts_with("INVALID_TRANSITION"));
    server.rpc("ExecuteIntent", at(t, 3), &hash_request(id, random_hash())).ok();
    // FAILED needs a reason.
    let reply = report(at(t, 4), json!({"intentId": id, "outcome": "FAILED"}));
    assert_eq!((reply.status, reply.cause()), (400, "STATUS_REASON_REQUIRED at reason".to_owned()));
    // Not an outcome.
    let reply = report(at(t, 4), json!({"intentId": id, "outcome": "COMMITTED"}));
    assert_eq!((reply.status, reply.cause()), (400, "INVALID_ENUM at outcome".to_owned()));
    // Unknown intent.
    let reply = report(at(t, 4), json!({"intentId": "0xnope", "outcome": "SUCCEEDED"}));
    assert_eq!((reply.status, reply.json()["error"].clone()), (400, json!("NotFound")));
    // Failed with a reason, then refunded.
    // A transaction on another chain than its type's, or of a type a receipt has no place for.
    let elsewhere = json!({"type": "ORIGIN", "chainId": quote.intent.destination_chain_id, "status": "REVERTED"});
    let reply = report(at(t, 4), json!({"intentId": id, "outcome": "FAILED", "reason": "r", "transaction": elsewhere}));
    assert_eq!((reply.status, reply.cause()), (400, "INTENT_INCONSISTENT at transaction.chainId".to_owned()));
    let route = json!({"type": "ROUTE", "chainId": quote.intent.origin_chain_id, "status": "REVERTED"});
    let reply = report(at(t, 4), json!({"intentId": id, "outcome": "FAILED", "reason": "r", "transaction": route}));
    assert_eq!((reply.status, reply.cause()), (400, "INVALID_ENUM at transaction.type".to_owned()));
    let reply = server.report(at(t, 4), &json!({"intentId": id, "outcome": "FAILED", "reason": "r"}).to_string());
    assert_eq!((reply.status, reply.cause()), (400, "MISSING_FIELD at transaction".to_owned()));
    let reply = report(at(t, 5), json!({"intentId": id, "outcome": "FAILED", "reason": "destination call reverted"}));
    let receipt = &reply.json()["intentReceipt"];
    assert_eq!((&receipt["status"], &receipt["originTransaction"]["status"]), (&json!("FAILED"), &json!("REVERTED")));
    let reply = report(at(t, 6), json!({"intentId": id, "outcome": "REFUNDED", "transaction": refund}));
    let receipt = &reply.json()["intentReceipt"];
    assert_eq!(
        (&receipt["status"], &receipt["refundTransaction"]["status"]),
        (&json!("REFUNDED"), &json!("SUCCEEDED"))
    );
    assert_eq!(receipt["refundTransactionId"], 5);
    // Final.
    let reply = report(at(t, 7), json!({"intentId": id, "outcome": "REFUNDED"}));
    assert_eq!(reply.status, 422);
}

#[test]
fn a_two_mib_body_is_413_and_malformed_json_is_the_librarys_error_body() {
    let server = Server::start(&database("bodies"));
    let big = format!("{{\"pad\":\"{}\"}}", "x".repeat(2 << 20));
    let reply = server.rpc("QuoteIntent", base(), &big);
    assert_eq!(reply.status, 413, "{}", reply.body);
    assert_eq!(reply.json()["error"], "PayloadTooLarge");

    for malformed in ["{\"ownerAddress\": ", "", "[1,2", "{\"ownerAddress\":\"0x12\"}"] {
        let reply = server.rpc("QuoteIntent", base(), malformed);
        let expected: ErrorBody = from_slice::<intent_core::QuoteRequest>(malformed.as_bytes()).unwrap_err().body();
        assert_eq!(reply.status, expected.status, "{malformed:?}");
        assert_eq!(reply.body, expected.to_json(), "{malformed:?}");
    }
    let reason = from_slice::<intent_core::QuoteRequest>(b"{").unwrap_err().reason();
    assert_eq!(reason, Reason::InvalidJson);
}

#[test]
fn unknown_intents_routes_and_methods_get_the_published_bodies_and_healthz_answers() {
    let server = Server::start(&database("misc"));
    let reply = server.rpc("GetIntentReceipt", base(), "{\"intentId\":\"0x00\"}");
    assert_eq!(
        (reply.status, reply.json()["error"].clone(), reply.json()["code"].clone()),
        (400, json!("NotFound"), json!(8000))
    );
    assert_eq!(reply.cause(), "INTENT_NOT_FOUND at intentId");
    let reply = server.rpc("NoSuchOperation", base(), "{}");
    assert_eq!((reply.status, reply.json()["code"].clone(), reply.cause()), (404, json!(-2), "BAD_ROUTE".to_owned()));
    let reply = request(server.addr, "GET", "/rpc/Service/QuoteIntent", &[("X-Access-Key", ACCESS_KEY)], b"");
    assert_eq!((reply.status, reply.json()["code"].clone(), reply.cause()), (405, json!(-3), "BAD_METHOD".to_owned()));
    // A token the configuration does not list is a route the quoter does not serve.
    let mut unserved = quote_request_value();
    unserved["originTokenAddress"] = json!("0x0000000000000000000000000000000000000bad");
    let reply = server.rpc("QuoteIntent", base(), &unserved.to_string());
    assert_eq!((reply.status, reply.cause()), (400, "ROUTE_NOT_SERVED at originTokenAddress".to_owned()));
    // A request the core refuses is refused before pricing.
    let mut invalid = quote_request_value();
    invalid["originChainId"] = json!(0);
    let reply = server.rpc("QuoteIntent", base(), &invalid.to_string());
    assert_eq!((reply.status, reply.cause()), (400, "INVALID_CHAIN_ID at originChainId".to_owned()));
    let reply = request(server.addr, "GET", "/healthz", &[], b"");
    assert_eq!((reply.status, reply.body.lines().next()), (200, Some("ok")));
}

#[test]
fn the_sweep_expires_a_committed_record_at_its_deadline() {
    let mut config: Value = serde_json::from_str(intent_service::config::EXAMPLE_CONFIG).unwrap();
    config["policy"]["executionWindowSeconds"] = json!(1);
    let path = scratch().join("short-window.json");
    std::fs::write(&path, config.to_string()).unwrap();
    let db = database("sweep");
    let server = Server::start_with(&db, &["--config", path.to_str().unwrap()]);
    // The sweep reads the system clock: quote and commit on it.
    let t = intent_core::Timestamp::now();
    let quote = quote(&server, t, &quote_request());
    server.rpc("CommitIntent", t, &commit_body(&quote)).ok();
    let body =
        json!({"intentId": quote.intent.intent_id, "lastReceiptStates": ["PENDING", "PENDING"], "timeoutSeconds": 10})
            .to_string();
    let reply = post(server.addr, "/rpc/Service/WaitIntentReceipt", &[("X-Access-Key", ACCESS_KEY)], body.as_bytes());
    let receipt = &reply.json()["intentReceipt"];
    assert_eq!(receipt["status"], "ABORTED", "{}", reply.body);
    assert_eq!(receipt["originTransaction"]["statusReason"], "execution window expired");
    // The receipt reads ABORTED from the window's close; the sweep then stores it so.
    let waiting = std::time::Instant::now();
    while stored(&db, &quote.intent.intent_id).1 != "ABORTED" {
        assert!(waiting.elapsed() < std::time::Duration::from_secs(30), "the sweep did not expire the record");
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!(stored(&db, &quote.intent.intent_id), (2, "ABORTED".to_owned()));
}

#[test]
fn one_structured_log_line_per_request() {
    let log = scratch().join("requests.log");
    let server = Server::start_logged(&database("log"), &log);
    let t = base();
    let quote = quote(&server, t, &quote_request());
    let reply = server.rpc("CommitIntent", at(t, 400), &commit_body(&quote));
    assert_eq!(reply.status, 400);
    assert!(server.signal("TERM").success());
    let lines: Vec<Value> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .filter(|line: &Value| line["message"] == "request")
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    let id = quote.intent.intent_id.as_str();
    let span = |i: usize| &lines[i]["span"];
    assert_eq!(
        (&span(0)["operation"], &span(0)["intentId"], &lines[0]["status"]),
        (&json!("QuoteIntent"), &json!(id), &json!(200))
    );
    assert_eq!(
        (&span(1)["operation"], &span(1)["intentId"], &lines[1]["status"]),
        (&json!("CommitIntent"), &json!(id), &json!(400))
    );
    assert!(span(1)["cause"].as_str().unwrap().starts_with("QUOTE_EXPIRED"));
    assert!(lines.iter().all(|line| line["duration_us"].is_u64()));
}

#[test]
fn graceful_shutdown_on_sigterm_finishes_the_requests_in_flight() {
    let server = Server::start(&database("shutdown"));
    let t = base();
    let quote = committed(&server, t, &quote_request());
    // A WaitIntentReceipt that is still waiting when the signal comes gets its answer.
    let (addr, id) = (server.addr, quote.intent.intent_id.clone());
    let waiter = std::thread::spawn(move || {
        let body =
            json!({"intentId": id, "lastReceiptStates": ["PENDING", "PENDING"], "timeoutSeconds": 2}).to_string();
        let now = at(t, 2).to_string();
        post(
            addr,
            "/rpc/Service/WaitIntentReceipt",
            &[("X-Access-Key", ACCESS_KEY), ("X-Test-Now", &now)],
            body.as_bytes(),
        )
    });
    std::thread::sleep(std::time::Duration::from_millis(500));
    let status = server.signal("TERM");
    assert!(status.success(), "{status:?}");
    let reply = waiter.join().unwrap();
    assert_eq!(reply.json()["intentReceipt"]["status"], "COMMITTED", "{}", reply.body);
}

#[test]
fn the_shipped_demo_quote_request_is_the_example_owned_by_the_demo_key() {
    let shipped = std::fs::read_to_string(repo().join("service/demo/quote-request.json")).unwrap_or_default();
    let shipped: Value = serde_json::from_str(&shipped).unwrap_or(Value::Null);
    let expected: Value = serde_json::from_str(&demo_quote_request()).unwrap();
    assert_eq!(shipped, expected, "demo owner {}", demo_owner());
}

/// Runs the binary with `flags` until it exits or prints `listening on`; its standard
/// output and error, and whether it exited.
fn start_output(flags: &[&str]) -> (String, String, Option<std::process::ExitStatus>) {
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_intent-service"))
        .args(flags)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > std::time::Duration::from_secs(5) {
            child.kill().unwrap();
            child.wait().unwrap();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let (mut out, mut err) = (String::new(), String::new());
    child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    (out, err, status)
}

#[test]
fn unsafe_starts_are_refused_or_warned_about_and_keys_are_never_printed() {
    let db = sqlite_file("starts");
    // The public demo keys on a non-loopback address.
    let (_, err, status) = start_output(&["--listen", "0.0.0.0:0", "--db", &db]);
    assert!(status.is_some_and(|s| !s.success()), "{err}");
    assert!(err.contains("--unsafe-allow-demo-keys"), "{err}");
    // An empty access key, from the command line or the environment.
    let (_, err, status) = start_output(&["--listen", "127.0.0.1:0", "--db", &db, "--access-key", ""]);
    assert!(status.is_some_and(|s| !s.success()) && err.contains("empty access key"), "{err}");
    // On loopback the demo keys, the shipped configuration's unverified deposit hashes and
    // the test clock are warned about, on standard output and in the JSON log, and no key
    // is printed, only fingerprints.
    let (out, err, status) = start_output(&["--listen", "127.0.0.1:0", "--db", &db, "--unsafe-test-clock"]);
    assert!(status.is_none(), "it kept running: {err}");
    assert!(out.contains("WARNING: the demo keys") && out.contains("WARNING: --unsafe-test-clock"), "{out}");
    assert!(out.contains("WARNING: acceptUnverifiedDeposits"), "{out}");
    let warnings: Vec<Value> = err
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|line| line["level"] == "WARN" && line["unsafe_setting"] == true)
        .collect();
    assert_eq!(warnings.len(), 3, "{err}");
    assert!(warnings.iter().any(|w| w["message"].as_str().is_some_and(|m| m.starts_with("acceptUnverifiedDeposits"))));
    assert!(!out.contains(ACCESS_KEY) && !out.contains(OPERATOR_KEY) && !err.contains(ACCESS_KEY), "{out}");
    assert!(out.contains(&format!("project 42 key {}", intent_service::keys::fingerprint(ACCESS_KEY))), "{out}");
}

#[test]
fn shutdown_closes_a_half_sent_request_within_its_grace() {
    let mut config: Value = serde_json::from_str(intent_service::config::EXAMPLE_CONFIG).unwrap();
    config["server"] = json!({"shutdownGraceSeconds": 1, "bodyTimeoutSeconds": 60});
    let path = scratch().join("short-grace.json");
    std::fs::write(&path, config.to_string()).unwrap();
    let server = Server::start_with(&database("grace"), &["--config", path.to_str().unwrap()]);
    let mut stream = std::net::TcpStream::connect(server.addr).unwrap();
    let head = format!(
        "POST /rpc/Service/GetIntentReceipt HTTP/1.1\r\nHost: x\r\nX-Access-Key: {ACCESS_KEY}\r\nContent-Length: 100\r\n\r\n{{\"intentId\":"
    );
    std::io::Write::write_all(&mut stream, head.as_bytes()).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    let started = std::time::Instant::now();
    let status = server.signal("TERM");
    assert!(status.success(), "{status:?}");
    // The body would have had 60 s; the grace is 1 s.
    assert!(started.elapsed() < std::time::Duration::from_secs(4), "exited after {:?}", started.elapsed());
}
