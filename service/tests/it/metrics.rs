//! `GET /metrics` (docs/spec.md §12) in process, through the router: operator keys only,
//! and the Prometheus text of requests and latency by operation and outcome, records by
//! status, the sweep's lag, waiters open and store errors. Each test has its own SQLite
//! file, so the records counted are its own.

use std::sync::Arc;
use std::time::Duration;

use crate::support::app::App;
use crate::support::{commit_body, quote_request, ACCESS_KEY, OPERATOR_KEY};
use axum::http::Method;
use intent_core::Timestamp;
use serde_json::{json, Value};

async fn app() -> App {
    App::open(&crate::support::sqlite_file("metrics"), |_| {}).await
}

/// `GET /metrics` with `key`: the status and the body.
async fn scrape(app: &App, key: Option<&str>) -> (u16, String) {
    let headers: Vec<(&str, &str)> = key.map(|key| ("x-access-key", key)).into_iter().collect();
    let reply = app.request(Method::GET, "/metrics", &headers, b"").await;
    (reply.status, reply.body)
}

/// POST to the service's `operation` with the access key at the test clock's `now`.
async fn call(app: &App, operation: &str, now: Timestamp, body: &str) -> (u16, Value) {
    let reply = app.rpc(operation, now, body).await;
    (reply.status, serde_json::from_str(&reply.body).unwrap_or(Value::Null))
}

/// The value of the sample `series` (name and labels as rendered), if present.
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines().find_map(|line| line.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
}

#[tokio::test]
async fn only_an_operator_key_reads_the_metrics() {
    let app = app().await;
    for (key, status, cause) in [
        (None, 401, "ACCESS_KEY_MISSING"),
        (Some("not-a-key"), 401, "ACCESS_KEY_UNKNOWN"),
        (Some(ACCESS_KEY), 403, "PERMISSION_DENIED"),
    ] {
        let (answered, body) = scrape(&app, key).await;
        let body: Value = serde_json::from_str(&body).unwrap();
        assert_eq!((answered, body["cause"].as_str().unwrap()), (status, cause), "{key:?}");
        assert!(!body.to_string().contains("service_"), "{body}");
    }
    let (status, text) = scrape(&app, Some(OPERATOR_KEY)).await;
    assert_eq!(status, 200, "{text}");
    assert!(text.contains("# TYPE service_requests_total counter"), "{text}");
}

#[tokio::test]
async fn requests_are_counted_by_operation_and_outcome_with_their_latency() {
    let app = app().await;
    let now = Timestamp::now();
    assert_eq!(call(&app, "QuoteIntent", now, &quote_request()).await.0, 200);
    assert_eq!(call(&app, "QuoteIntent", now, &quote_request()).await.0, 200);
    let unknown = json!({"intentId": format!("0x{}", "ab".repeat(32))}).to_string();
    assert_eq!(call(&app, "GetIntentReceipt", now, &unknown).await.0, 400);
    let (_, text) = scrape(&app, Some(OPERATOR_KEY)).await;
    let ok = r#"{operation="QuoteIntent",outcome="ok"}"#;
    let not_found = r#"{operation="GetIntentReceipt",outcome="NotFound"}"#;
    assert_eq!(sample(&text, &format!("service_requests_total{ok}")), Some(2.0), "{text}");
    assert_eq!(sample(&text, &format!("service_requests_total{not_found}")), Some(1.0), "{text}");
    assert_eq!(sample(&text, &format!("service_request_duration_seconds_count{ok}")), Some(2.0), "{text}");
    let bucket = r#"service_request_duration_seconds_bucket{operation="QuoteIntent",outcome="ok",le="+Inf"}"#;
    assert_eq!(sample(&text, bucket), Some(2.0), "{text}");
    // A path no route serves is counted under one label, never under the path.
    assert_eq!(app.post("/rpc/Service/NoSuchOperation", &[], b"").await.status, 404);
    let (_, text) = scrape(&app, Some(OPERATOR_KEY)).await;
    let unmatched = r#"service_requests_total{operation="unmatched",outcome="WebrpcBadRoute"}"#;
    assert_eq!(sample(&text, unmatched), Some(1.0), "{text}");
    assert!(!text.contains("NoSuchOperation"));
}

#[tokio::test]
async fn a_wrong_method_and_the_other_routes_are_counted_under_their_routes_names() {
    let app = app().await;
    let wrong = app.request(Method::GET, "/rpc/Service/QuoteIntent", &[("x-access-key", ACCESS_KEY)], b"").await;
    assert_eq!(wrong.status, 405);
    assert_eq!(app.request(Method::GET, "/healthz", &[], b"").await.status, 200);
    assert_eq!(app.request(Method::GET, "/openapi.json", &[], b"").await.status, 200);
    assert_eq!(scrape(&app, Some(OPERATOR_KEY)).await.0, 200);
    let (_, text) = scrape(&app, Some(OPERATOR_KEY)).await;
    for series in [
        r#"service_requests_total{operation="QuoteIntent",outcome="WebrpcBadMethod"}"#,
        r#"service_requests_total{operation="healthz",outcome="ok"}"#,
        r#"service_requests_total{operation="openapi",outcome="ok"}"#,
        r#"service_requests_total{operation="metrics",outcome="ok"}"#,
    ] {
        assert_eq!(sample(&text, series), Some(1.0), "{series}: {text}");
    }
}

#[tokio::test]
async fn records_by_status_and_the_sweeps_lag_are_read_from_the_store() {
    let app = app().await;
    let (_, text) = scrape(&app, Some(OPERATOR_KEY)).await;
    assert_eq!(sample(&text, r#"service_records{status="QUOTED"}"#), Some(0.0), "{text}");
    assert_eq!(sample(&text, "service_sweep_lag_seconds"), Some(0.0), "{text}");
    // A day ago by the test clock: its execution window closed long ago, and no sweep runs.
    let then = Timestamp::now().saturating_add_seconds(-86_400);
    let (status, quote) = call(&app, "QuoteIntent", then, &quote_request()).await;
    assert_eq!(status, 200, "{quote}");
    let quote = intent_core::from_slice(quote.to_string().as_bytes()).unwrap();
    call(&app, "QuoteIntent", then, &quote_request()).await;
    assert_eq!(call(&app, "CommitIntent", then, &commit_body(&quote)).await.0, 200);
    let (_, text) = scrape(&app, Some(OPERATOR_KEY)).await;
    assert_eq!(sample(&text, r#"service_records{status="QUOTED"}"#), Some(1.0), "{text}");
    assert_eq!(sample(&text, r#"service_records{status="COMMITTED"}"#), Some(1.0), "{text}");
    let lag = sample(&text, "service_sweep_lag_seconds").unwrap();
    assert!((80_000.0..=86_400.0).contains(&lag), "{lag}");
}

#[tokio::test]
async fn waiters_open_are_counted_while_they_wait() {
    let app = app().await;
    let now = Timestamp::now();
    let (_, quote) = call(&app, "QuoteIntent", now, &quote_request()).await;
    let at_once = json!({"intentId": quote["intent"]["intentId"], "timeoutSeconds": 0}).to_string();
    let (_, seen) = call(&app, "WaitIntentReceipt", now, &at_once).await;
    let wait =
        json!({"intentId": quote["intent"]["intentId"], "lastReceiptStates": seen["receiptStates"], "timeoutSeconds": 30})
            .to_string();
    let app = Arc::new(app);
    let waiter = tokio::spawn({
        let app = app.clone();
        async move { call(&app, "WaitIntentReceipt", now, &wait).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, text) = scrape(&app, Some(OPERATOR_KEY)).await;
    assert_eq!(sample(&text, "service_waiters_open"), Some(1.0), "{text}");
    waiter.abort();
    let _ = waiter.await;
    let (_, text) = scrape(&app, Some(OPERATOR_KEY)).await;
    assert_eq!(sample(&text, "service_waiters_open"), Some(0.0), "{text}");
}

#[tokio::test]
async fn store_errors_are_counted() {
    let app = app().await;
    let (_, text) = scrape(&app, Some(OPERATOR_KEY)).await;
    assert_eq!(sample(&text, "service_store_errors_total"), Some(0.0), "{text}");
    app.service.app.records.store().close().await;
    let (status, _) = call(&app, "QuoteIntent", Timestamp::now(), &quote_request()).await;
    assert_eq!(status, 500);
    // The scrape itself reads the closed store: answered as the server's fault, and counted.
    let (status, _) = scrape(&app, Some(OPERATOR_KEY)).await;
    assert_eq!(status, 500);
    assert_eq!(
        app.service.app.metrics.render().lines().find_map(|l| l.strip_prefix("service_store_errors_total ")),
        Some("2")
    );
}
