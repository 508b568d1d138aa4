//! The HTTP front: the routes of docs/spec.md §12, access keys, the clock, request bodies and
//! one structured log line per request.
//!
//! - `POST /rpc/Service/{QuoteIntent,CommitIntent,ExecuteIntent,GetIntentReceipt,WaitIntentReceipt}`
//!   with `X-Access-Key`; `POST /rpc/Operator/ReportIntentOutcome` with an operator key;
//!   `GET /healthz` without one.
//! - Keys are compared in constant time ([`subtle`]), each against every configured key.
//! - A body is read up to the core's document size limit (`Limits::max_document_bytes`)
//!   and parsed by the core; a larger one is 413, a malformed one the core's error body.
//! - "now" is the system clock through the core's one adapter, or with
//!   `--unsafe-test-clock` the `X-Test-Now` header when a request carries one.
//!
//! What an operation does is [`crate::records`]; this module only speaks HTTP.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use intent_core::{
    from_slice, CommitRequest, ExecuteRequest, GetIntentReceiptRequest, GetIntentReceiptResponse, Limits, QuoteRequest,
    ServerFailure, Timestamp, WaitIntentReceiptRequest, WaitIntentReceiptResponse, WireObject,
};
use subtle::ConstantTimeEq;

use crate::failure::{self, Failure};
use crate::outcome::ReportIntentOutcomeRequest;
use crate::records::Records;

/// The header that carries the access key.
pub const ACCESS_KEY_HEADER: &str = "x-access-key";

/// The header that carries the test clock's "now" (`--unsafe-test-clock` only).
pub const TEST_NOW_HEADER: &str = "x-test-now";

/// What the routes share.
pub struct App {
    /// The records.
    pub records: Arc<Records>,
    /// Keys accepted on the service's endpoints.
    pub access_keys: Vec<String>,
    /// Keys accepted on the operator endpoint.
    pub operator_keys: Vec<String>,
    /// Whether `X-Test-Now` is read.
    pub test_clock: bool,
}

/// The router of the whole API.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/rpc/Service/{operation}", post(service))
        .route("/rpc/Operator/{operation}", post(operator))
        .with_state(app)
}

/// Whether `presented` is one of `keys`, looking at every key whatever the answer.
fn key_matches(keys: &[String], presented: &[u8]) -> bool {
    keys.iter().fold(0u8, |found, key| found | key.as_bytes().ct_eq(presented).unwrap_u8()) == 1
}

fn authenticate(keys: &[String], headers: &HeaderMap) -> Result<(), Failure> {
    match headers.get(ACCESS_KEY_HEADER) {
        None => Err(ServerFailure::AccessKeyMissing.into()),
        Some(key) if key_matches(keys, key.as_bytes()) => Ok(()),
        Some(_) => Err(ServerFailure::AccessKeyUnknown.into()),
    }
}

/// "now" for a request: `X-Test-Now` under the test clock, else the system clock.
fn request_now(app: &App, headers: &HeaderMap) -> Result<Timestamp, Failure> {
    match headers.get(TEST_NOW_HEADER).filter(|_| app.test_clock) {
        None => Ok(Timestamp::now()),
        Some(value) => {
            let text = value.to_str().unwrap_or("");
            Ok(Timestamp::parse(text).map_err(|e| e.in_member("X-Test-Now"))?)
        }
    }
}

/// Reads the body up to the core's document size limit.
async fn read_body(body: Body) -> Result<Bytes, Failure> {
    let limit = Limits::DEFAULT.max_document_bytes;
    axum::body::to_bytes(body, limit).await.map_err(|_| ServerFailure::PayloadTooLarge { limit }.into())
}

fn parse<T: WireObject>(bytes: &[u8]) -> Result<T, Failure> {
    Ok(from_slice(bytes)?)
}

/// A 200 answer: the core's serde writes the wire form (`Json` of axum).
fn json_response<T: serde::Serialize>(value: &T) -> Response {
    Json(value).into_response()
}

/// One request's log line: operation, intent id, HTTP status, duration.
fn log(operation: &str, intent_id: &str, result: &Result<Response, Failure>, started: Instant) {
    let duration_us = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
    match result {
        Ok(response) => {
            tracing::info!(operation, intentId = intent_id, status = response.status().as_u16(), duration_us)
        }
        Err(failure) => tracing::info!(
            operation,
            intentId = intent_id,
            status = failure.status().as_u16(),
            cause = failure.body().cause.as_str(),
            duration_us,
        ),
    }
}

async fn healthz(State(app): State<Arc<App>>) -> Response {
    match app.records.store().ping().await {
        Ok(()) => (StatusCode::OK, "ok\n").into_response(),
        Err(e) => failure::internal(&e).into_response(),
    }
}

/// Which keys an API accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Api {
    /// `/rpc/Service/…`: the access keys.
    Service,
    /// `/rpc/Operator/…`: the operator keys.
    Operator,
}

async fn service(state: State<Arc<App>>, operation: Path<String>, headers: HeaderMap, body: Body) -> Response {
    handle(Api::Service, state, operation, headers, body).await
}

async fn operator(state: State<Arc<App>>, operation: Path<String>, headers: HeaderMap, body: Body) -> Response {
    handle(Api::Operator, state, operation, headers, body).await
}

/// Authenticates, serves and logs one request.
async fn handle(
    api: Api,
    State(app): State<Arc<App>>,
    Path(operation): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let started = Instant::now();
    let mut intent_id = String::new();
    let keys = match api {
        Api::Service => &app.access_keys,
        Api::Operator => &app.operator_keys,
    };
    let result = match authenticate(keys, &headers) {
        Ok(()) => match api {
            Api::Service => serve(&app, &operation, &headers, body, &mut intent_id).await,
            Api::Operator => serve_operator(&app, &operation, &headers, body, &mut intent_id).await,
        },
        Err(failure) => Err(failure),
    };
    log(&operation, &intent_id, &result, started);
    result.unwrap_or_else(IntoResponse::into_response)
}

async fn serve(
    app: &App,
    operation: &str,
    headers: &HeaderMap,
    body: Body,
    intent_id: &mut String,
) -> Result<Response, Failure> {
    let now = request_now(app, headers)?;
    let records = &app.records;
    match operation {
        "QuoteIntent" => {
            let request: QuoteRequest = parse(&read_body(body).await?)?;
            let response = records.quote(&request, now).await?;
            intent_id.clone_from(&response.intent.intent_id);
            Ok(json_response(&response))
        }
        "CommitIntent" => {
            let request: CommitRequest = parse(&read_body(body).await?)?;
            intent_id.clone_from(&request.intent.intent_id);
            Ok(json_response(&records.commit(&request, now).await?))
        }
        "ExecuteIntent" => {
            let request: ExecuteRequest = parse(&read_body(body).await?)?;
            intent_id.clone_from(&request.intent_id);
            Ok(json_response(&records.execute(&request, now).await?))
        }
        "GetIntentReceipt" => {
            let request: GetIntentReceiptRequest = parse(&read_body(body).await?)?;
            intent_id.clone_from(&request.intent_id);
            let intent_receipt = records.receipt(&request.intent_id, now).await?;
            Ok(json_response(&GetIntentReceiptResponse { intent_receipt, unknown: Default::default() }))
        }
        "WaitIntentReceipt" => {
            let request: WaitIntentReceiptRequest = parse(&read_body(body).await?)?;
            intent_id.clone_from(&request.intent_id);
            let seconds = request.wait_seconds()?;
            let waiting_since = Instant::now();
            let clock = move || {
                let waited = i64::try_from(waiting_since.elapsed().as_secs()).unwrap_or(i64::MAX);
                now.saturating_add_seconds(waited)
            };
            let intent_receipt = records
                .wait_receipt(&request.intent_id, request.last_status.as_ref(), Duration::from_secs(seconds), clock)
                .await?;
            Ok(json_response(&WaitIntentReceiptResponse { intent_receipt, unknown: Default::default() }))
        }
        _ => Err(ServerFailure::UnknownMethod.into()),
    }
}

async fn serve_operator(
    app: &App,
    operation: &str,
    headers: &HeaderMap,
    body: Body,
    intent_id: &mut String,
) -> Result<Response, Failure> {
    if operation != "ReportIntentOutcome" {
        return Err(ServerFailure::UnknownMethod.into());
    }
    let now = request_now(app, headers)?;
    let report: ReportIntentOutcomeRequest = parse(&read_body(body).await?)?;
    intent_id.clone_from(&report.intent_id);
    let intent_receipt = app.records.report_outcome(&report, now).await?;
    Ok(json_response(&GetIntentReceiptResponse { intent_receipt, unknown: Default::default() }))
}
