//! The HTTP contract in process (docs/spec.md §8, §12): tenancy, rates, waiters, stored
//! requests, races, the sweep's deletions, health and the start's store checks, through
//! the router answered by `tower::ServiceExt::oneshot` (tests/it/support/app.rs). The database
//! is `INTENT_SERVICE_TEST_DB` (a `postgres://` URL) or a fresh SQLite file.
//!
//! Over a socket, with the service's own connection loop on a loopback port (`App::serve`,
//! no process), only what is about connections and so cannot be seen through `oneshot`:
//! idle and slow connections closed by hyper's header read timeout, connections past the
//! limit waiting for a slot, a body not whole by its deadline, and a commit whose body
//! ends after the quote expired (the clock read when the body is whole).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::support::app::{read_to_close, App};
use crate::support::{
    at, base, commit_body, database, deadline, demo_quote_request, gasless_request, hash_request, quote_request,
    random_hash, Gasless, ACCESS_KEY, OPERATOR_KEY,
};
use axum::http::Method;
use intent_core::{from_slice, ServerFailure};
use intent_service::config::ServiceConfig;
use intent_service::{sweep, Service};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

#[tokio::test]
async fn another_projects_key_gets_exactly_the_answer_for_an_unknown_intent() {
    let app = App::open(&database("contract"), |c| {
        c["projects"] = json!([
            {"projectId": 42, "accessKeys": [ACCESS_KEY]},
            {"projectId": 7, "accessKeys": ["project-7-key"]}
        ])
    })
    .await;
    let ours = app.quote_with(ACCESS_KEY, &quote_request()).await;
    assert_eq!(ours.intent.project_id, 42);
    assert_eq!(app.quote_with("project-7-key", &quote_request()).await.intent.project_id, 7);
    let id = ours.intent.intent_id.as_str();
    let not_found = serde_json::to_value(ServerFailure::IntentNotFound { intent_id: id }.body()).unwrap();
    let foreign = [
        ("GetIntentReceipt", json!({"intentId": id}).to_string()),
        ("WaitIntentReceipt", json!({"intentId": id, "timeoutSeconds": 0}).to_string()),
        ("CommitIntent", commit_body(&ours)),
        ("ExecuteIntent", hash_request(id, random_hash())),
        ("GetIntent", json!({"intentId": id}).to_string()),
        (
            "AbortIntent",
            json!({"intentId": id, "chainId": ours.intent.origin_chain_id, "abortTransactionHash": random_hash().to_string()})
                .to_string(),
        ),
    ];
    for (operation, body) in foreign {
        let answer = app.call(operation, "project-7-key", &body).await;
        assert_eq!((answer.status, &answer.json()), (400, &not_found), "{operation}");
    }
    // Its own project's key, and the operator, see it.
    let answer = app.call("GetIntentReceipt", ACCESS_KEY, &json!({"intentId": id}).to_string()).await;
    assert_eq!(answer.status, 200);
    let answer = app
        .call(
        "ReportIntentOutcome",
        OPERATOR_KEY,
        &json!({
            "intentId": id,
            "outcome": "SUCCEEDED",
            "transaction": {"type": "DESTINATION", "chainId": ours.intent.destination_chain_id, "status": "SUCCEEDED"}
        })
        .to_string(),
    )
    .await;
    assert!(answer.cause().starts_with("INVALID_TRANSITION"), "{}", answer.body);
}

#[tokio::test]
async fn past_the_burst_a_key_is_rate_limited_with_retry_after() {
    let app = App::open(&database("contract"), |c| {
        c["rateLimits"] = json!({"requestsPerSecond": 1, "burst": 3, "quotesPerMinute": 2})
    })
    .await;
    let body = json!({"intentId": "0x00"}).to_string();
    for _ in 0..3 {
        assert_eq!(app.call("GetIntentReceipt", ACCESS_KEY, &body).await.cause(), "INTENT_NOT_FOUND at intentId");
    }
    let limited = app.call("GetIntentReceipt", ACCESS_KEY, &body).await;
    assert_eq!(
        (limited.status, &limited.json()["error"], &limited.json()["code"]),
        (429, &json!("RateLimited"), &json!(1007))
    );
    assert_eq!(limited.headers["retry-after"], "1");
    // Quotes have their own rate, per minute.
    app.quote_with(ACCESS_KEY, &quote_request()).await;
    app.quote_with(ACCESS_KEY, &quote_request()).await;
    let limited = app.call("QuoteIntent", ACCESS_KEY, &quote_request()).await;
    assert_eq!((limited.status, limited.cause().as_str()), (429, "RATE_LIMITED"));
    assert_eq!(limited.headers["retry-after"], "30");
}

#[tokio::test]
async fn idle_and_slow_connections_are_closed_on_time() {
    let app =
        App::open(&database("contract"), |c| c["server"] = json!({"headerTimeoutSeconds": 1, "bodyTimeoutSeconds": 1}))
            .await;
    let (addr, _stop) = app.serve().await;

    let started = Instant::now();
    let mut idle = TcpStream::connect(addr).await.unwrap();
    read_to_close(&mut idle, Duration::from_secs(5)).await.expect("an idle connection is closed");
    assert!(started.elapsed() >= Duration::from_millis(900), "closed after {:?}", started.elapsed());

    // Headers one byte every 100 ms would take 10 s: the connection is closed at 1 s.
    let mut slow = TcpStream::connect(addr).await.unwrap();
    let (mut reader, mut writer) = slow.split();
    let headers = format!("POST /rpc/Service/GetIntentReceipt HTTP/1.1\r\nHost: x\r\nX-Access-Key: {ACCESS_KEY}\r\nContent-Length: 2\r\n\r\n{{}}");
    let started = Instant::now();
    let trickle = async {
        for byte in headers.bytes() {
            if writer.write_all(&[byte]).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    let closed = async {
        let mut buffer = [0u8; 1024];
        while let Ok(n) = reader.read(&mut buffer).await {
            if n == 0 {
                break;
            }
        }
    };
    tokio::select! {
        () = trickle => panic!("the whole header was sent: the slow connection was not closed"),
        () = closed => {}
    }
    assert!(started.elapsed() < Duration::from_secs(4), "closed after {:?}", started.elapsed());
}

/// A health check that closes its connection once answered.
const HEALTHZ: &[u8] = b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";

/// A served app with one connection slot, and the connection holding it (the accept loop
/// waits for the slot until it is dropped); the app stops when the sender is dropped.
async fn one_slot_held() -> (App, SocketAddr, tokio::sync::oneshot::Sender<()>, TcpStream) {
    let app =
        App::open(&database("contract"), |c| c["server"] = json!({"maxConnections": 1, "headerTimeoutSeconds": 30}))
            .await;
    let (addr, stop) = app.serve().await;
    let holder = TcpStream::connect(addr).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    (app, addr, stop, holder)
}

#[tokio::test]
async fn connections_past_the_limit_wait_for_a_free_slot() {
    let (_app, addr, _stop, holder) = one_slot_held().await;
    let mut waiting = TcpStream::connect(addr).await.unwrap();
    waiting.write_all(HEALTHZ).await.unwrap();
    let mut buffer = [0u8; 64];
    let early = tokio::time::timeout(Duration::from_millis(700), waiting.read(&mut buffer)).await;
    assert!(early.is_err(), "answered while the only slot was taken");
    drop(holder);
    let answer = read_to_close(&mut waiting, Duration::from_secs(5)).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

/// The kernel's count of connections it could not queue for a listener's accept loop
/// (`ListenOverflows` of `/proc/net/netstat`, all listeners of the machine).
fn listen_overflows() -> u64 {
    let netstat = std::fs::read_to_string("/proc/net/netstat").expect("/proc/net/netstat (Linux)");
    let mut lines = netstat.lines().filter(|line| line.starts_with("TcpExt:"));
    let (names, values) = (lines.next().expect("TcpExt names"), lines.next().expect("TcpExt values"));
    let at = names.split_whitespace().position(|name| name == "ListenOverflows").expect("ListenOverflows");
    values.split_whitespace().nth(at).and_then(|value| value.parse().ok()).expect("a count")
}

/// 300 connections arrive while the accept loop waits for a slot (its only one held): all
/// wait in the listen backlog, none overflows it (with the standard library's backlog of
/// 128 some did, and the kernel answered them with SYN cookies), and each is answered once
/// the slot is free.
#[tokio::test]
async fn a_burst_of_connections_waits_in_the_listen_backlog() {
    let (_app, addr, _stop, holder) = one_slot_held().await;
    let overflows = listen_overflows();
    let mut waiting = Vec::new();
    for _ in 0..300 {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream.write_all(HEALTHZ).await.unwrap();
        waiting.push(stream);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(listen_overflows() - overflows, 0, "connections overflowed the listen backlog");
    drop(holder);
    for mut stream in waiting {
        let answer = read_to_close(&mut stream, Duration::from_secs(30)).await.unwrap();
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    }
}

#[tokio::test]
async fn a_body_not_whole_by_its_deadline_is_the_timeout_body() {
    let app = App::open(&database("contract"), |c| c["server"] = json!({"bodyTimeoutSeconds": 1})).await;
    let (addr, _stop) = app.serve().await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!("POST /rpc/Service/GetIntentReceipt HTTP/1.1\r\nHost: x\r\nX-Access-Key: {ACCESS_KEY}\r\nConnection: close\r\nContent-Length: 100\r\n\r\n{{\"intentId\":");
    stream.write_all(head.as_bytes()).await.unwrap();
    let started = Instant::now();
    let answer = read_to_close(&mut stream, Duration::from_secs(5)).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains(r#""error":"Timeout","code":1900"#) && answer.contains("REQUEST_TIMEOUT"), "{answer}");
    assert!(started.elapsed() >= Duration::from_millis(900));
}

#[tokio::test]
async fn a_commit_whose_body_ends_after_the_quote_expired_is_refused() {
    let app = App::open(&database("contract"), |c| c["policy"]["quoteTtlSeconds"] = json!(2)).await;
    let (addr, _stop) = app.serve().await;
    let quote = app.quote_with(ACCESS_KEY, &quote_request()).await;
    let body = commit_body(&quote);
    let (first, rest) = body.split_at(body.len() / 2);
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST /rpc/Service/CommitIntent HTTP/1.1\r\nHost: x\r\nX-Access-Key: {ACCESS_KEY}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    // Headers and half the body well within the quote's life, the rest after it.
    stream.write_all(format!("{head}{first}").as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(3200)).await;
    stream.write_all(rest.as_bytes()).await.unwrap();
    let answer = read_to_close(&mut stream, Duration::from_secs(5)).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("QUOTE_EXPIRED"), "{answer}");
}

#[tokio::test]
async fn waiters_are_bounded_per_key_and_answered_at_shutdown() {
    let app = App::open(&database("contract"), |c| c["server"] = json!({"maxWaitersPerKey": 1})).await;
    let quote = app.quote_with(ACCESS_KEY, &quote_request()).await;
    let wait =
        json!({"intentId": quote.intent.intent_id, "lastReceiptStates": ["PENDING", "PENDING"], "timeoutSeconds": 30})
            .to_string();
    let app = Arc::new(app);
    let first = tokio::spawn({
        let (app, wait) = (app.clone(), wait.clone());
        async move { app.call("WaitIntentReceipt", ACCESS_KEY, &wait).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let second = app.call("WaitIntentReceipt", ACCESS_KEY, &wait).await;
    assert_eq!((second.status, second.cause().as_str()), (429, "RATE_LIMITED"));
    let started = Instant::now();
    app.service.app.records.shut_down();
    let first = tokio::time::timeout(Duration::from_secs(5), first).await.unwrap().unwrap();
    assert_eq!((first.status, &first.json()["intentReceipt"]["status"]), (200, &json!("QUOTED")));
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[tokio::test]
async fn unknown_members_of_an_execute_request_are_not_stored_with_the_record() {
    let app = App::open(&database("contract"), |_| {}).await;
    let quote = app.quote_with(ACCESS_KEY, &quote_request()).await;
    let id = quote.intent.intent_id.as_str();
    assert_eq!(app.call("CommitIntent", ACCESS_KEY, &commit_body(&quote)).await.status, 200);
    let mut request: Value = serde_json::from_str(&hash_request(id, random_hash())).unwrap();
    for i in 0..20_000 {
        request[format!("x-padding-{i}")] = json!(i);
    }
    let body = request.to_string();
    assert!(body.len() > 400_000);
    let answer = app.call("ExecuteIntent", ACCESS_KEY, &body).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let stored = app.service.app.records.store().load(id).await.unwrap().unwrap();
    assert!(!stored.state.contains("x-padding-"), "{} bytes stored", stored.state.len());
    assert!(stored.state.len() < 64 * 1024, "{} bytes stored", stored.state.len());
    // The same request again is still a replay.
    assert_eq!(app.call("ExecuteIntent", ACCESS_KEY, &body).await.status, 200);
}

#[tokio::test]
async fn unknown_members_inside_the_selected_fee_option_are_not_stored_with_the_record() {
    let app = App::open(&database("contract"), |_| {}).await;
    let t = base();
    let quote = app.committed(t, &demo_quote_request()).await;
    let id = quote.intent.intent_id.as_str();
    let signed: Value = serde_json::from_str(&gasless_request(&quote, Gasless::PermitOnly, deadline(t))).unwrap();
    // 55,000 members no schema names, nested in the option the client selected: 0.59 MB,
    // within the 1 MiB body limit.
    let padded = |tag: &str| {
        let mut request = signed.clone();
        let option = request["depositSignature"]["selectedGasFeeOption"].as_object_mut().unwrap();
        for i in 0..55_000 {
            option.insert(format!("{tag}{i}"), json!(0));
        }
        request.to_string()
    };
    let body = padded("x");
    assert!(body.len() > 550_000 && body.len() < 1 << 20, "{} bytes", body.len());
    let answer = app.rpc("ExecuteIntent", at(t, 2), &body).await;
    assert_eq!((answer.status, &answer.json()["intentStatus"]), (200, &json!("EXECUTING")), "{}", answer.body);
    let stored = app.service.app.records.store().load(id).await.unwrap().unwrap();
    assert!(stored.state.len() < 64 * 1024, "{} bytes stored", stored.state.len());
    let state: Value = serde_json::from_str(&stored.state).unwrap();
    assert_eq!(state["executeRequest"], signed, "stored: the request's known members, exactly");
    // The same request again, with or without other unknown members, is a replay.
    for again in [body, padded("y"), signed.to_string()] {
        let answer = app.rpc("ExecuteIntent", at(t, 3), &again).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    assert_eq!(app.stored(id).await, (2, "EXECUTING".to_owned()));
}

#[tokio::test]
async fn a_deposit_hash_is_deposit_unverified_unless_the_configuration_accepts_it() {
    // The shipped configuration's chains have no node: without `acceptUnverifiedDeposits` a hash proves nothing.
    let strict = App::open(&database("contract"), |config| {
        config.as_object_mut().unwrap().remove("acceptUnverifiedDeposits");
    })
    .await;
    // The shipped configuration states it (it has no node), and the same request passes.
    let shipped = App::open(&database("contract"), |_| {}).await;
    for (app, expected) in [(strict, Some("DEPOSIT_UNVERIFIED at depositTransactionHash")), (shipped, None)] {
        let quoted = app.quote_with(ACCESS_KEY, &quote_request()).await;
        let id = quoted.intent.intent_id.as_str();
        assert_eq!(app.call("CommitIntent", ACCESS_KEY, &commit_body(&quoted)).await.status, 200);
        let answer = app.call("ExecuteIntent", ACCESS_KEY, &hash_request(id, random_hash())).await;
        match expected {
            Some(cause) => {
                assert_eq!((answer.status, answer.cause().as_str()), (401, cause), "{}", answer.body)
            }
            None => assert_eq!(answer.status, 200, "{}", answer.body),
        }
    }
}

#[tokio::test]
async fn a_waiter_sees_another_instances_change() {
    let db = database("two-instances");
    let (one, other) = (App::open(&db, |_| {}).await, App::open(&db, |_| {}).await);
    let quote = one.quote_with(ACCESS_KEY, &quote_request()).await;
    let id = quote.intent.intent_id.clone();
    assert_eq!(one.call("CommitIntent", ACCESS_KEY, &commit_body(&quote)).await.status, 200);
    let wait = json!({"intentId": id, "lastReceiptStates": ["PENDING", "PENDING"], "timeoutSeconds": 20}).to_string();
    let waiter = tokio::spawn(async move { one.call("WaitIntentReceipt", ACCESS_KEY, &wait).await });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let started = Instant::now();
    assert_eq!(other.call("ExecuteIntent", ACCESS_KEY, &hash_request(&id, random_hash())).await.status, 200);
    let answer = tokio::time::timeout(Duration::from_secs(5), waiter).await.expect("woken").unwrap();
    assert_eq!(answer.json()["intentReceipt"]["status"], "EXECUTING", "{}", answer.body);
    assert!(started.elapsed() < Duration::from_secs(2), "woken after {:?}", started.elapsed());
}

#[tokio::test]
async fn expired_quotes_are_deleted_after_their_grace() {
    let app = App::open(&database("contract"), |c| {
        c["policy"]["quoteTtlSeconds"] = json!(1);
        // Longer than any other test here keeps an expired quote (on a shared PostgreSQL
        // database this sweep sees their records too).
        c["server"] = json!({"abandonedQuoteGraceSeconds": 5});
    })
    .await;
    let quote = app.quote_with(ACCESS_KEY, &quote_request()).await;
    let id = quote.intent.intent_id.as_str();
    let sweep = tokio::spawn(sweep::run(app.service.app.records.clone(), app.service.limits.quote_grace));
    let started = Instant::now();
    while app.service.app.records.store().load(id).await.unwrap().is_some() {
        assert!(started.elapsed() < Duration::from_secs(15), "the expired quote is still stored");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    sweep.abort();
    // Not before its expiry plus the grace (the quote expired 1 s after it was made).
    assert!(started.elapsed() >= Duration::from_secs(5), "deleted after {:?}", started.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_loser_of_a_race_is_never_told_the_clock_went_backwards() {
    let app = Arc::new(App::open(&database("contract"), |_| {}).await);
    let mut causes = Vec::new();
    for _ in 0..20 {
        let quote = app.quote_with(ACCESS_KEY, &quote_request()).await;
        let committed = app.call("CommitIntent", ACCESS_KEY, &commit_body(&quote)).await;
        assert_eq!(committed.status, 200, "{}", committed.body);
        let racers: Vec<_> = (0..2)
            .map(|_| {
                let (app, body) = (app.clone(), hash_request(&quote.intent.intent_id, random_hash()));
                tokio::spawn(async move { app.call("ExecuteIntent", ACCESS_KEY, &body).await })
            })
            .collect();
        let mut won = 0;
        for racer in racers {
            let answer = racer.await.unwrap();
            if answer.status == 200 {
                won += 1;
            } else {
                causes.push(answer.cause().to_owned());
            }
        }
        assert_eq!(won, 1, "{causes:?}");
    }
    assert!(causes.iter().all(|cause| cause.starts_with("INVALID_TRANSITION")), "{causes:?}");
}

#[tokio::test]
async fn a_database_that_cannot_be_written_fails_at_start_naming_its_path() {
    let config = ServiceConfig::load(None).unwrap();
    let missing = crate::support::scratch().join("no-such-directory/intents.db");
    let url = format!("sqlite://{}", missing.display());
    let error = Service::open(config.clone(), &url, &[], &[], false).await.err().unwrap().to_string();
    assert!(error.contains(&missing.display().to_string()) && error.contains("does not exist"), "{error}");

    let file = crate::support::sqlite_file("read-only");
    Service::open(config.clone(), &file, &[], &[], false).await.unwrap().app.records.store().close().await;
    let error = Service::open(config, &format!("{file}?mode=ro"), &[], &[], false).await.err().unwrap().to_string();
    let path = file.strip_prefix("sqlite://").unwrap();
    assert!(error.contains(path) && error.contains("cannot be opened for writing"), "{error}");
}

#[tokio::test]
async fn healthz_answers_whether_the_store_accepts_a_write() {
    let app = App::open(&database("contract"), |_| {}).await;
    let health = || async {
        let reply = app.request(Method::GET, "/healthz", &[], b"").await;
        (reply.status, reply.body)
    };
    let (status, body) = health().await;
    assert_eq!((status, body.lines().next()), (200, Some("ok")));
    // The shipped configuration has no node: each chain says its facts are the configured ones.
    assert!(body.contains("chain 42161: no node (no rpcUrl): configured facts"), "{body}");
    app.service.app.records.store().close().await;
    let (status, body) = health().await;
    assert_eq!(status, 500);
    assert!(body.contains(r#""error":"Unexpected","code":2001"#), "{body}");
}

/// The body of a ReportIntentOutcome with a transaction of `kind` on `chain`.
fn outcome(id: &str, outcome: &str, kind: &str, chain: u64, status: &str) -> String {
    let transaction =
        json!({"type": kind, "chainId": chain, "status": status, "txnHash": format!("{}", random_hash())});
    json!({"intentId": id, "outcome": outcome, "reason": "reported", "transaction": transaction}).to_string()
}

#[tokio::test]
async fn a_waiter_is_woken_by_a_reported_transaction() {
    let app = Arc::new(App::open(&database("contract"), |_| {}).await);
    let quote = app.quote_with(ACCESS_KEY, &quote_request()).await;
    let id = quote.intent.intent_id.clone();
    assert_eq!(app.call("CommitIntent", ACCESS_KEY, &commit_body(&quote)).await.status, 200);
    assert_eq!(app.call("ExecuteIntent", ACCESS_KEY, &hash_request(&id, random_hash())).await.status, 200);
    let at_once = json!({"intentId": id, "timeoutSeconds": 0}).to_string();
    let seen = app.call("WaitIntentReceipt", ACCESS_KEY, &at_once).await.json();
    assert_eq!((&seen["receiptStates"], &seen["done"]), (&json!(["SENT", "PENDING"]), &json!(false)));
    let wait = json!({"intentId": id, "lastReceiptStates": seen["receiptStates"], "timeoutSeconds": 20}).to_string();
    let waiter = tokio::spawn({
        let app = app.clone();
        async move { app.call("WaitIntentReceipt", ACCESS_KEY, &wait).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!waiter.is_finished(), "the states the caller saw have not changed yet");
    let started = Instant::now();
    let report = outcome(&id, "SUCCEEDED", "DESTINATION", quote.intent.destination_chain_id, "SUCCEEDED");
    assert_eq!(app.call("ReportIntentOutcome", OPERATOR_KEY, &report).await.status, 200);
    let answer = tokio::time::timeout(Duration::from_secs(5), waiter).await.expect("woken").unwrap().json();
    assert_eq!(answer["receiptStates"], json!(["SENT", "SUCCEEDED", "SUCCEEDED"]), "{answer}");
    assert_eq!(answer["done"], true);
    let destination = &answer["intentReceipt"]["destinationTransaction"];
    assert_eq!((&destination["type"], &destination["id"]), (&json!("DESTINATION"), &json!(3)));
    let recipient = quote.intent.quote_request.destination_to_address.unwrap_or(quote.intent.owner_address);
    assert_eq!(destination["toAddress"], json!(recipient.to_string()));
    assert!(started.elapsed() < Duration::from_secs(2), "woken after {:?}", started.elapsed());
}

#[tokio::test]
async fn get_intent_answers_the_quote_and_abort_intent_aborts_only_a_committed_intent() {
    let app = App::open(&database("contract"), |_| {}).await;
    let quote = app.quote_with(ACCESS_KEY, &quote_request()).await;
    let id = quote.intent.intent_id.as_str();
    let answer = app.call("GetIntent", ACCESS_KEY, &json!({"intentId": id}).to_string()).await;
    let intent: intent_core::GetIntentResponse = from_slice(answer.body.to_string().as_bytes()).unwrap();
    assert_eq!(intent.intent, quote.intent);
    let hash = random_hash();
    let abort =
        |chain: u64| json!({"intentId": id, "chainId": chain, "abortTransactionHash": hash.to_string()}).to_string();
    // Not committed yet: the core's INVALID_TRANSITION.
    let answer = app.call("AbortIntent", ACCESS_KEY, &abort(quote.intent.origin_chain_id)).await;
    assert!(answer.cause().starts_with("INVALID_TRANSITION"), "{}", answer.body);
    assert_eq!(app.call("CommitIntent", ACCESS_KEY, &commit_body(&quote)).await.status, 200);
    let answer = app.call("AbortIntent", ACCESS_KEY, &abort(999_999)).await;
    assert_eq!((answer.status, answer.cause().as_str()), (400, "INTENT_INCONSISTENT at chainId"));
    let answer = app.call("AbortIntent", ACCESS_KEY, &abort(quote.intent.origin_chain_id)).await;
    assert_eq!((answer.status, &answer.json()), (200, &json!({"intentId": id, "status": "ABORTED"})));
    let receipt = app.call("GetIntentReceipt", ACCESS_KEY, &json!({"intentId": id}).to_string()).await.json();
    let origin = &receipt["intentReceipt"]["originTransaction"];
    assert_eq!((&origin["status"], &origin["txnHash"]), (&json!("SENT"), &json!(hash.to_string())));
    assert_eq!(receipt["intentReceipt"]["depositTransaction"]["status"], "ABORTED");
    // Aborted once: a second abort is the core's INVALID_TRANSITION, and an execute too.
    let answer = app.call("AbortIntent", ACCESS_KEY, &abort(quote.intent.origin_chain_id)).await;
    assert!(answer.cause().starts_with("INVALID_TRANSITION"), "{}", answer.body);
    let answer = app.call("ExecuteIntent", ACCESS_KEY, &hash_request(id, random_hash())).await;
    assert!(answer.cause().starts_with("INVALID_TRANSITION"), "{}", answer.body);
}

#[tokio::test]
async fn clock_ping_and_runtime_status() {
    let app = App::open(&database("contract"), |_| {}).await;
    let before = intent_core::Timestamp::now();
    let answer = app.call("Clock", ACCESS_KEY, "{}").await;
    let clock: intent_core::ClockResponse = from_slice(answer.body.to_string().as_bytes()).unwrap();
    assert!(clock.server_time >= before && clock.server_time <= intent_core::Timestamp::now());
    let answer = app.call("Clock", "", "{}").await;
    assert_eq!((answer.status, answer.cause().as_str()), (401, "ACCESS_KEY_MISSING"));

    let answer = app.call("Ping", "", "{}").await;
    assert_eq!((answer.status, &answer.json()), (200, &json!({"version": env!("CARGO_PKG_VERSION")})));

    let answer = app.call("RuntimeStatus", ACCESS_KEY, "{}").await;
    let status: intent_core::RuntimeStatusResponse = from_slice(answer.body.to_string().as_bytes()).unwrap();
    let status = status.status;
    assert!(status.health_ok, "{}", answer.body);
    assert_eq!(status.services.len(), 1);
    assert_eq!((status.services[0].name.as_str(), status.services[0].healthy), ("store", true));
    assert!(status.uptime.ends_with('s') && status.start_time <= intent_core::Timestamp::now());
}
