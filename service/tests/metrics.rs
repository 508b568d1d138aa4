//! `GET /metrics` (docs/spec.md §12) in process, through the router: operator keys only,
//! and the Prometheus text of requests and latency by operation and outcome, records by
//! status, the sweep's lag, waiters open and store errors. Each test has its own SQLite
//! file, so the records counted are its own.

mod support;

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use intent_core::Timestamp;
use intent_service::config::{ServiceConfig, EXAMPLE_CONFIG};
use intent_service::Service;
use serde_json::{json, Value};
use support::{commit_body, quote_request, ACCESS_KEY, OPERATOR_KEY};
use tower::ServiceExt;

async fn service() -> Service {
    let config = ServiceConfig::parse(EXAMPLE_CONFIG.as_bytes()).unwrap();
    Service::open(config, &support::sqlite_file("metrics"), &[], &[], true).await.unwrap()
}

/// `GET /metrics` with `key`: the status and the body.
async fn scrape(router: &Router, key: Option<&str>) -> (StatusCode, String) {
    let mut request = Request::get("/metrics");
    if let Some(key) = key {
        request = request.header("x-access-key", key);
    }
    let response = router.clone().oneshot(request.body(Body::empty()).unwrap()).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

/// POST to the service's `operation` with the access key at the test clock's `now`.
async fn call(router: &Router, operation: &str, now: Timestamp, body: &str) -> (StatusCode, Value) {
    let now = now.to_string();
    let headers = [("x-access-key", ACCESS_KEY), ("x-test-now", now.as_str())];
    support::call_in_process(router, &format!("/rpc/Service/{operation}"), &headers, body).await
}

/// The value of the sample `series` (name and labels as rendered), if present.
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines().find_map(|line| line.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
}

#[tokio::test]
async fn only_an_operator_key_reads_the_metrics() {
    let service = service().await;
    let router = service.router();
    for (key, status, cause) in [
        (None, StatusCode::UNAUTHORIZED, "ACCESS_KEY_MISSING"),
        (Some("not-a-key"), StatusCode::UNAUTHORIZED, "ACCESS_KEY_UNKNOWN"),
        (Some(ACCESS_KEY), StatusCode::FORBIDDEN, "PERMISSION_DENIED"),
    ] {
        let (answered, body) = scrape(&router, key).await;
        let body: Value = serde_json::from_str(&body).unwrap();
        assert_eq!((answered, body["cause"].as_str().unwrap()), (status, cause), "{key:?}");
        assert!(!body.to_string().contains("service_"), "{body}");
    }
    let (status, text) = scrape(&router, Some(OPERATOR_KEY)).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert!(text.contains("# TYPE service_requests_total counter"), "{text}");
}

#[tokio::test]
async fn requests_are_counted_by_operation_and_outcome_with_their_latency() {
    let service = service().await;
    let router = service.router();
    let now = Timestamp::now();
    assert_eq!(call(&router, "QuoteIntent", now, &quote_request()).await.0, StatusCode::OK);
    assert_eq!(call(&router, "QuoteIntent", now, &quote_request()).await.0, StatusCode::OK);
    let unknown = json!({"intentId": format!("0x{}", "ab".repeat(32))}).to_string();
    assert_eq!(call(&router, "GetIntentReceipt", now, &unknown).await.0, StatusCode::BAD_REQUEST);
    let (_, text) = scrape(&router, Some(OPERATOR_KEY)).await;
    let ok = r#"{operation="QuoteIntent",outcome="ok"}"#;
    let not_found = r#"{operation="GetIntentReceipt",outcome="NotFound"}"#;
    assert_eq!(sample(&text, &format!("service_requests_total{ok}")), Some(2.0), "{text}");
    assert_eq!(sample(&text, &format!("service_requests_total{not_found}")), Some(1.0), "{text}");
    assert_eq!(sample(&text, &format!("service_request_duration_seconds_count{ok}")), Some(2.0), "{text}");
    let bucket = r#"service_request_duration_seconds_bucket{operation="QuoteIntent",outcome="ok",le="+Inf"}"#;
    assert_eq!(sample(&text, bucket), Some(2.0), "{text}");
    // A path no route serves is counted under one label, never under the path.
    let request = Request::post("/rpc/Service/NoSuchOperation").body(Body::empty()).unwrap();
    assert_eq!(router.clone().oneshot(request).await.unwrap().status(), StatusCode::NOT_FOUND);
    let (_, text) = scrape(&router, Some(OPERATOR_KEY)).await;
    let unmatched = r#"service_requests_total{operation="unmatched",outcome="WebrpcBadRoute"}"#;
    assert_eq!(sample(&text, unmatched), Some(1.0), "{text}");
    assert!(!text.contains("NoSuchOperation"));
}

#[tokio::test]
async fn records_by_status_and_the_sweeps_lag_are_read_from_the_store() {
    let service = service().await;
    let router = service.router();
    let (_, text) = scrape(&router, Some(OPERATOR_KEY)).await;
    assert_eq!(sample(&text, r#"service_records{status="QUOTED"}"#), Some(0.0), "{text}");
    assert_eq!(sample(&text, "service_sweep_lag_seconds"), Some(0.0), "{text}");
    // A day ago by the test clock: its execution window closed long ago, and no sweep runs.
    let then = Timestamp::now().saturating_add_seconds(-86_400);
    let (status, quote) = call(&router, "QuoteIntent", then, &quote_request()).await;
    assert_eq!(status, StatusCode::OK, "{quote}");
    let quote = intent_core::from_slice(quote.to_string().as_bytes()).unwrap();
    call(&router, "QuoteIntent", then, &quote_request()).await;
    assert_eq!(call(&router, "CommitIntent", then, &commit_body(&quote)).await.0, StatusCode::OK);
    let (_, text) = scrape(&router, Some(OPERATOR_KEY)).await;
    assert_eq!(sample(&text, r#"service_records{status="QUOTED"}"#), Some(1.0), "{text}");
    assert_eq!(sample(&text, r#"service_records{status="COMMITTED"}"#), Some(1.0), "{text}");
    let lag = sample(&text, "service_sweep_lag_seconds").unwrap();
    assert!((80_000.0..=86_400.0).contains(&lag), "{lag}");
}

#[tokio::test]
async fn waiters_open_are_counted_while_they_wait() {
    let service = service().await;
    let router = service.router();
    let now = Timestamp::now();
    let (_, quote) = call(&router, "QuoteIntent", now, &quote_request()).await;
    let at_once = json!({"intentId": quote["intent"]["intentId"], "timeoutSeconds": 0}).to_string();
    let (_, seen) = call(&router, "WaitIntentReceipt", now, &at_once).await;
    let wait =
        json!({"intentId": quote["intent"]["intentId"], "lastReceiptStates": seen["receiptStates"], "timeoutSeconds": 30})
            .to_string();
    let waiter = tokio::spawn({
        let router = router.clone();
        async move { call(&router, "WaitIntentReceipt", now, &wait).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, text) = scrape(&router, Some(OPERATOR_KEY)).await;
    assert_eq!(sample(&text, "service_waiters_open"), Some(1.0), "{text}");
    waiter.abort();
    let _ = waiter.await;
    let (_, text) = scrape(&router, Some(OPERATOR_KEY)).await;
    assert_eq!(sample(&text, "service_waiters_open"), Some(0.0), "{text}");
}

#[tokio::test]
async fn store_errors_are_counted() {
    let service = service().await;
    let router = service.router();
    let (_, text) = scrape(&router, Some(OPERATOR_KEY)).await;
    assert_eq!(sample(&text, "service_store_errors_total"), Some(0.0), "{text}");
    service.app.records.store().close().await;
    let (status, _) = call(&router, "QuoteIntent", Timestamp::now(), &quote_request()).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    // The scrape itself reads the closed store: answered as the server's fault, and counted.
    let (status, _) = scrape(&router, Some(OPERATOR_KEY)).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(
        service.app.metrics.render().lines().find_map(|l| l.strip_prefix("service_store_errors_total ")),
        Some("2")
    );
}
