//! The HTTP contract in process (docs/spec.md §8, §12): the router answered through
//! `tower::ServiceExt::oneshot`, and for what needs a socket (timeouts, late bodies) the
//! service's own connection loop on a loopback port. The database is
//! `INTENT_SERVICE_TEST_DB` (a `postgres://` URL) or a fresh SQLite file.

mod support;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use axum::Router;
use intent_core::{from_slice, QuoteResponse, ServerFailure};
use intent_service::config::{ServiceConfig, EXAMPLE_CONFIG};
use intent_service::{server, sweep, Service};
use serde_json::{json, Value};
use support::{commit_body, database, hash_request, quote_request, random_hash, ACCESS_KEY, OPERATOR_KEY};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

/// The service of the shipped configuration changed by `change`, on a fresh database.
async fn service(change: impl FnOnce(&mut Value)) -> Service {
    service_on(&database("contract"), change).await
}

/// [`service`] on the database `db`.
async fn service_on(db: &str, change: impl FnOnce(&mut Value)) -> Service {
    let mut config: Value = serde_json::from_str(EXAMPLE_CONFIG).unwrap();
    change(&mut config);
    let config = ServiceConfig::parse(config.to_string().as_bytes()).unwrap();
    Service::open(config, db, &[], &[], false).await.unwrap()
}

struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: Value,
}

impl Answer {
    fn cause(&self) -> &str {
        self.body["cause"].as_str().unwrap_or("")
    }
}

async fn call(router: &Router, operation: &str, key: &str, body: &str) -> Answer {
    let path = if operation == "ReportIntentOutcome" {
        format!("/rpc/Operator/{operation}")
    } else {
        format!("/rpc/Service/{operation}")
    };
    let request = Request::post(&path).header("x-access-key", key).body(Body::from(body.to_owned())).unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    support::openapi::check(&path, body.as_bytes(), status.as_u16(), &String::from_utf8_lossy(&bytes));
    Answer { status, headers, body: serde_json::from_slice(&bytes).unwrap_or(Value::Null) }
}

async fn quote(router: &Router, key: &str) -> QuoteResponse {
    let answer = call(router, "QuoteIntent", key, &quote_request()).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    from_slice(answer.body.to_string().as_bytes()).unwrap()
}

/// Serves `service` on a loopback port with its own connection loop; stops when dropped.
async fn serve(service: &Service) -> (SocketAddr, tokio::sync::oneshot::Sender<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let records = service.app.records.clone();
    let shutdown = async {
        let _ = stopped.await;
    };
    tokio::spawn(server::serve(listener, service.router(), service.limits, shutdown, move || records.shut_down()));
    (addr, stop)
}

/// Reads until the peer closes (or fails), within `limit`; what was read.
async fn read_to_close(stream: &mut TcpStream, limit: Duration) -> Result<String, &'static str> {
    let mut all = Vec::new();
    let mut buffer = [0u8; 4096];
    let read = async {
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => all.extend_from_slice(&buffer[..n]),
            }
        }
    };
    tokio::time::timeout(limit, read).await.map_err(|_| "still open")?;
    Ok(String::from_utf8_lossy(&all).into_owned())
}

#[tokio::test]
async fn another_projects_key_gets_exactly_the_answer_for_an_unknown_intent() {
    let service = service(|c| {
        c["projects"] = json!([
            {"projectId": 42, "accessKeys": [ACCESS_KEY]},
            {"projectId": 7, "accessKeys": ["project-7-key"]}
        ])
    })
    .await;
    let router = service.router();
    let ours = quote(&router, ACCESS_KEY).await;
    assert_eq!(ours.intent.project_id, 42);
    assert_eq!(quote(&router, "project-7-key").await.intent.project_id, 7);
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
        let answer = call(&router, operation, "project-7-key", &body).await;
        assert_eq!((answer.status, &answer.body), (StatusCode::BAD_REQUEST, &not_found), "{operation}");
    }
    // Its own project's key, and the operator, see it.
    let answer = call(&router, "GetIntentReceipt", ACCESS_KEY, &json!({"intentId": id}).to_string()).await;
    assert_eq!(answer.status, StatusCode::OK);
    let answer = call(
        &router,
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
    let service =
        service(|c| c["rateLimits"] = json!({"requestsPerSecond": 1, "burst": 3, "quotesPerMinute": 2})).await;
    let router = service.router();
    let body = json!({"intentId": "0x00"}).to_string();
    for _ in 0..3 {
        assert_eq!(call(&router, "GetIntentReceipt", ACCESS_KEY, &body).await.cause(), "INTENT_NOT_FOUND at intentId");
    }
    let limited = call(&router, "GetIntentReceipt", ACCESS_KEY, &body).await;
    assert_eq!(
        (limited.status, &limited.body["error"], &limited.body["code"]),
        (StatusCode::TOO_MANY_REQUESTS, &json!("RateLimited"), &json!(1007))
    );
    assert_eq!(limited.headers["retry-after"], "1");
    // Quotes have their own rate, per minute.
    quote(&router, ACCESS_KEY).await;
    quote(&router, ACCESS_KEY).await;
    let limited = call(&router, "QuoteIntent", ACCESS_KEY, &quote_request()).await;
    assert_eq!((limited.status, limited.cause()), (StatusCode::TOO_MANY_REQUESTS, "RATE_LIMITED"));
    assert_eq!(limited.headers["retry-after"], "30");
}

#[tokio::test]
async fn idle_and_slow_connections_are_closed_on_time() {
    let service = service(|c| c["server"] = json!({"headerTimeoutSeconds": 1, "bodyTimeoutSeconds": 1})).await;
    let (addr, _stop) = serve(&service).await;

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

#[tokio::test]
async fn connections_past_the_limit_wait_for_a_free_slot() {
    let service = service(|c| c["server"] = json!({"maxConnections": 1, "headerTimeoutSeconds": 30})).await;
    let (addr, _stop) = serve(&service).await;
    let holder = TcpStream::connect(addr).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut waiting = TcpStream::connect(addr).await.unwrap();
    waiting.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.unwrap();
    let mut buffer = [0u8; 64];
    let early = tokio::time::timeout(Duration::from_millis(700), waiting.read(&mut buffer)).await;
    assert!(early.is_err(), "answered while the only slot was taken");
    drop(holder);
    let answer = read_to_close(&mut waiting, Duration::from_secs(5)).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[tokio::test]
async fn a_body_not_whole_by_its_deadline_is_the_timeout_body() {
    let service = service(|c| c["server"] = json!({"bodyTimeoutSeconds": 1})).await;
    let (addr, _stop) = serve(&service).await;
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
    let service = service(|c| c["policy"]["quoteTtlSeconds"] = json!(2)).await;
    let router = service.router();
    let (addr, _stop) = serve(&service).await;
    let quote = quote(&router, ACCESS_KEY).await;
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
    let service = service(|c| c["server"] = json!({"maxWaitersPerKey": 1})).await;
    let router = service.router();
    let quote = quote(&router, ACCESS_KEY).await;
    let wait =
        json!({"intentId": quote.intent.intent_id, "lastReceiptStates": ["PENDING", "PENDING"], "timeoutSeconds": 30})
            .to_string();
    let first = tokio::spawn({
        let (router, wait) = (router.clone(), wait.clone());
        async move { call(&router, "WaitIntentReceipt", ACCESS_KEY, &wait).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let second = call(&router, "WaitIntentReceipt", ACCESS_KEY, &wait).await;
    assert_eq!((second.status, second.cause()), (StatusCode::TOO_MANY_REQUESTS, "RATE_LIMITED"));
    let started = Instant::now();
    service.app.records.shut_down();
    let first = tokio::time::timeout(Duration::from_secs(5), first).await.unwrap().unwrap();
    assert_eq!((first.status, &first.body["intentReceipt"]["status"]), (StatusCode::OK, &json!("QUOTED")));
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[tokio::test]
async fn unknown_members_of_an_execute_request_are_not_stored_with_the_record() {
    let service = service(|_| {}).await;
    let router = service.router();
    let quote = quote(&router, ACCESS_KEY).await;
    let id = quote.intent.intent_id.as_str();
    assert_eq!(call(&router, "CommitIntent", ACCESS_KEY, &commit_body(&quote)).await.status, StatusCode::OK);
    let mut request: Value = serde_json::from_str(&hash_request(id, random_hash())).unwrap();
    for i in 0..20_000 {
        request[format!("x-padding-{i}")] = json!(i);
    }
    let body = request.to_string();
    assert!(body.len() > 400_000);
    let answer = call(&router, "ExecuteIntent", ACCESS_KEY, &body).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let stored = service.app.records.store().load(id).await.unwrap().unwrap();
    assert!(!stored.state.contains("x-padding-"), "{} bytes stored", stored.state.len());
    assert!(stored.state.len() < 64 * 1024, "{} bytes stored", stored.state.len());
    // The same request again is still a replay.
    assert_eq!(call(&router, "ExecuteIntent", ACCESS_KEY, &body).await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_deposit_hash_is_deposit_unverified_unless_the_configuration_accepts_it() {
    // The shipped configuration's chains have no node: without `acceptUnverifiedDeposits` a hash proves nothing.
    let strict = service(|config| {
        config.as_object_mut().unwrap().remove("acceptUnverifiedDeposits");
    })
    .await;
    // The shipped configuration states it (it has no node), and the same request passes.
    let shipped = service(|_| {}).await;
    for (service, expected) in [(strict, Some("DEPOSIT_UNVERIFIED at depositTransactionHash")), (shipped, None)] {
        let router = service.router();
        let quoted = quote(&router, ACCESS_KEY).await;
        let id = quoted.intent.intent_id.as_str();
        assert_eq!(call(&router, "CommitIntent", ACCESS_KEY, &commit_body(&quoted)).await.status, StatusCode::OK);
        let answer = call(&router, "ExecuteIntent", ACCESS_KEY, &hash_request(id, random_hash())).await;
        match expected {
            Some(cause) => {
                assert_eq!((answer.status, answer.cause()), (StatusCode::UNAUTHORIZED, cause), "{}", answer.body)
            }
            None => assert_eq!(answer.status, StatusCode::OK, "{}", answer.body),
        }
    }
}

#[tokio::test]
async fn a_waiter_sees_another_instances_change() {
    let db = database("two-instances");
    let (one, other) = (service_on(&db, |_| {}).await, service_on(&db, |_| {}).await);
    let (one, other) = (one.router(), other.router());
    let quote = quote(&one, ACCESS_KEY).await;
    let id = quote.intent.intent_id.clone();
    assert_eq!(call(&one, "CommitIntent", ACCESS_KEY, &commit_body(&quote)).await.status, StatusCode::OK);
    let wait = json!({"intentId": id, "lastReceiptStates": ["PENDING", "PENDING"], "timeoutSeconds": 20}).to_string();
    let waiter = tokio::spawn(async move { call(&one, "WaitIntentReceipt", ACCESS_KEY, &wait).await });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let started = Instant::now();
    assert_eq!(
        call(&other, "ExecuteIntent", ACCESS_KEY, &hash_request(&id, random_hash())).await.status,
        StatusCode::OK
    );
    let answer = tokio::time::timeout(Duration::from_secs(5), waiter).await.expect("woken").unwrap();
    assert_eq!(answer.body["intentReceipt"]["status"], "EXECUTING", "{}", answer.body);
    assert!(started.elapsed() < Duration::from_secs(2), "woken after {:?}", started.elapsed());
}

#[tokio::test]
async fn expired_quotes_are_deleted_after_their_grace() {
    let service = service(|c| {
        c["policy"]["quoteTtlSeconds"] = json!(1);
        // Longer than any other test here keeps an expired quote (on a shared PostgreSQL
        // database this sweep sees their records too).
        c["server"] = json!({"abandonedQuoteGraceSeconds": 5});
    })
    .await;
    let router = service.router();
    let quote = quote(&router, ACCESS_KEY).await;
    let id = quote.intent.intent_id.as_str();
    let sweep = tokio::spawn(sweep::run(service.app.records.clone(), service.limits.quote_grace));
    let started = Instant::now();
    while service.app.records.store().load(id).await.unwrap().is_some() {
        assert!(started.elapsed() < Duration::from_secs(15), "the expired quote is still stored");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    sweep.abort();
    // Not before its expiry plus the grace (the quote expired 1 s after it was made).
    assert!(started.elapsed() >= Duration::from_secs(5), "deleted after {:?}", started.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_loser_of_a_race_is_never_told_the_clock_went_backwards() {
    let service = service(|_| {}).await;
    let router = service.router();
    let mut causes = Vec::new();
    for _ in 0..20 {
        let quote = quote(&router, ACCESS_KEY).await;
        let committed = call(&router, "CommitIntent", ACCESS_KEY, &commit_body(&quote)).await;
        assert_eq!(committed.status, StatusCode::OK, "{}", committed.body);
        let racers: Vec<_> = (0..2)
            .map(|_| {
                let (router, body) = (router.clone(), hash_request(&quote.intent.intent_id, random_hash()));
                tokio::spawn(async move { call(&router, "ExecuteIntent", ACCESS_KEY, &body).await })
            })
            .collect();
        let mut won = 0;
        for racer in racers {
            let answer = racer.await.unwrap();
            if answer.status == StatusCode::OK {
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
    let missing = support::scratch().join("no-such-directory/intents.db");
    let url = format!("sqlite://{}", missing.display());
    let error = Service::open(config.clone(), &url, &[], &[], false).await.err().unwrap().to_string();
    assert!(error.contains(&missing.display().to_string()) && error.contains("does not exist"), "{error}");

    let file = support::sqlite_file("read-only");
    Service::open(config.clone(), &file, &[], &[], false).await.unwrap().app.records.store().close().await;
    let error = Service::open(config, &format!("{file}?mode=ro"), &[], &[], false).await.err().unwrap().to_string();
    let path = file.strip_prefix("sqlite://").unwrap();
    assert!(error.contains(path) && error.contains("cannot be opened for writing"), "{error}");
}

#[tokio::test]
async fn healthz_answers_whether_the_store_accepts_a_write() {
    let service = service(|_| {}).await;
    let router = service.router();
    let health = |router: Router| async move {
        let response = router.oneshot(Request::get("/healthz").body(Body::empty()).unwrap()).await.unwrap();
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        (status, String::from_utf8_lossy(&body).into_owned())
    };
    let (status, body) = health(router.clone()).await;
    assert_eq!((status, body.lines().next()), (StatusCode::OK, Some("ok")));
    // The shipped configuration has no node: each chain says its facts are the configured ones.
    assert!(body.contains("chain 42161: no node (no rpcUrl): configured facts"), "{body}");
    service.app.records.store().close().await;
    let (status, body) = health(router).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
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
    let service = service(|_| {}).await;
    let router = service.router();
    let quote = quote(&router, ACCESS_KEY).await;
    let id = quote.intent.intent_id.clone();
    assert_eq!(call(&router, "CommitIntent", ACCESS_KEY, &commit_body(&quote)).await.status, StatusCode::OK);
    assert_eq!(
        call(&router, "ExecuteIntent", ACCESS_KEY, &hash_request(&id, random_hash())).await.status,
        StatusCode::OK
    );
    let seen = call(&router, "WaitIntentReceipt", ACCESS_KEY, &json!({"intentId": id}).to_string()).await;
    assert_eq!((&seen.body["receiptStates"], &seen.body["done"]), (&json!(["SENT", "PENDING"]), &json!(false)));
    let wait =
        json!({"intentId": id, "lastReceiptStates": seen.body["receiptStates"], "timeoutSeconds": 20}).to_string();
    let waiter = tokio::spawn({
        let router = router.clone();
        async move { call(&router, "WaitIntentReceipt", ACCESS_KEY, &wait).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!waiter.is_finished(), "the states the caller saw have not changed yet");
    let started = Instant::now();
    let report = outcome(&id, "SUCCEEDED", "DESTINATION", quote.intent.destination_chain_id, "SUCCEEDED");
    assert_eq!(call(&router, "ReportIntentOutcome", OPERATOR_KEY, &report).await.status, StatusCode::OK);
    let answer = tokio::time::timeout(Duration::from_secs(5), waiter).await.expect("woken").unwrap();
    assert_eq!(answer.body["receiptStates"], json!(["SENT", "SUCCEEDED", "SUCCEEDED"]), "{}", answer.body);
    assert_eq!(answer.body["done"], true);
    let destination = &answer.body["intentReceipt"]["destinationTransaction"];
    assert_eq!((&destination["type"], &destination["id"]), (&json!("DESTINATION"), &json!(3)));
    let recipient = quote.intent.quote_request.destination_to_address.unwrap_or(quote.intent.owner_address);
    assert_eq!(destination["toAddress"], json!(recipient.to_string()));
    assert!(started.elapsed() < Duration::from_secs(2), "woken after {:?}", started.elapsed());
}

#[tokio::test]
async fn get_intent_answers_the_quote_and_abort_intent_aborts_only_a_committed_intent() {
    let service = service(|_| {}).await;
    let router = service.router();
    let quote = quote(&router, ACCESS_KEY).await;
    let id = quote.intent.intent_id.as_str();
    let answer = call(&router, "GetIntent", ACCESS_KEY, &json!({"intentId": id}).to_string()).await;
    let intent: intent_core::GetIntentResponse = from_slice(answer.body.to_string().as_bytes()).unwrap();
    assert_eq!(intent.intent, quote.intent);
    let hash = random_hash();
    let abort =
        |chain: u64| json!({"intentId": id, "chainId": chain, "abortTransactionHash": hash.to_string()}).to_string();
    // Not committed yet: the core's INVALID_TRANSITION.
    let answer = call(&router, "AbortIntent", ACCESS_KEY, &abort(quote.intent.origin_chain_id)).await;
    assert!(answer.cause().starts_with("INVALID_TRANSITION"), "{}", answer.body);
    assert_eq!(call(&router, "CommitIntent", ACCESS_KEY, &commit_body(&quote)).await.status, StatusCode::OK);
    let answer = call(&router, "AbortIntent", ACCESS_KEY, &abort(999_999)).await;
    assert_eq!((answer.status, answer.cause()), (StatusCode::BAD_REQUEST, "INTENT_INCONSISTENT at chainId"));
    let answer = call(&router, "AbortIntent", ACCESS_KEY, &abort(quote.intent.origin_chain_id)).await;
    assert_eq!((answer.status, &answer.body), (StatusCode::OK, &json!({"intentId": id, "status": "ABORTED"})));
    let receipt = call(&router, "GetIntentReceipt", ACCESS_KEY, &json!({"intentId": id}).to_string()).await;
    let origin = &receipt.body["intentReceipt"]["originTransaction"];
    assert_eq!((&origin["status"], &origin["txnHash"]), (&json!("SENT"), &json!(hash.to_string())));
    assert_eq!(receipt.body["intentReceipt"]["depositTransaction"]["status"], "ABORTED");
    // Aborted once: a second abort is the core's INVALID_TRANSITION, and an execute too.
    let answer = call(&router, "AbortIntent", ACCESS_KEY, &abort(quote.intent.origin_chain_id)).await;
    assert!(answer.cause().starts_with("INVALID_TRANSITION"), "{}", answer.body);
    let answer = call(&router, "ExecuteIntent", ACCESS_KEY, &hash_request(id, random_hash())).await;
    assert!(answer.cause().starts_with("INVALID_TRANSITION"), "{}", answer.body);
}

#[tokio::test]
async fn clock_ping_and_runtime_status() {
    let service = service(|_| {}).await;
    let router = service.router();
    let before = intent_core::Timestamp::now();
    let answer = call(&router, "Clock", ACCESS_KEY, "{}").await;
    let clock: intent_core::ClockResponse = from_slice(answer.body.to_string().as_bytes()).unwrap();
    assert!(clock.server_time >= before && clock.server_time <= intent_core::Timestamp::now());
    let answer = call(&router, "Clock", "", "{}").await;
    assert_eq!((answer.status, answer.cause()), (StatusCode::UNAUTHORIZED, "ACCESS_KEY_MISSING"));

    let answer = call(&router, "Ping", "", "{}").await;
    assert_eq!((answer.status, &answer.body), (StatusCode::OK, &json!({"version": env!("CARGO_PKG_VERSION")})));

    let answer = call(&router, "RuntimeStatus", ACCESS_KEY, "{}").await;
    let status: intent_core::RuntimeStatusResponse = from_slice(answer.body.to_string().as_bytes()).unwrap();
    let status = status.status;
    assert!(status.health_ok, "{}", answer.body);
    assert_eq!(status.services.len(), 1);
    assert_eq!((status.services[0].name.as_str(), status.services[0].healthy), ("store", true));
    assert!(status.uptime.ends_with('s') && status.start_time <= intent_core::Timestamp::now());
}
