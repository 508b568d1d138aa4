//! One handler per operation of docs/spec.md §12: each takes its extractors, calls
//! [`crate::records`] and answers the core's response type as JSON; a failure is the
//! [`Failure`] it returns. Adding an operation is one handler here and one entry in the
//! operation table ([`super::operations`]). Beside them: the health check, the OpenAPI
//! document and the metrics.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use intent_core::{
    AbortIntentRequest, AbortIntentResponse, ClockResponse, CommitRequest, CommitResponse, ExecuteRequest,
    ExecuteResponse, GetIntentHistoryRequest, GetIntentHistoryResponse, GetIntentReceiptRequest,
    GetIntentReceiptResponse, GetIntentRequest, GetIntentResponse, IntentStatus, PingResponse, QuoteRequest,
    QuoteResponse, RuntimeStatus, RuntimeStatusResponse, SearchIntentsRequest, SearchIntentsResponse, ServerFailure,
    ServiceStatus, Timestamp, WaitIntentReceiptRequest, WaitIntentReceiptResponse,
};

use super::extract::{Client, Clock, Operator, Wire};
use super::{log_intent, App};
use crate::failure::{self, Failure};
use crate::outcome::ReportIntentOutcomeRequest;

/// `GET /healthz`: `ok` while the store accepts a write, else the Unexpected body (500);
/// after `ok`, one line per chain saying where its facts come from (its node, or the
/// configuration), then each configuration error seen (a token's permit domain).
pub async fn healthz(State(app): State<Arc<App>>) -> Result<impl IntoResponse, Failure> {
    app.records.store().check_writable().await.map_err(|e| app.records.store_failure(&e))?;
    let mut text = String::from("ok\n");
    for line in app.records.chain().health_lines() {
        text.push_str(&line);
        text.push('\n');
    }
    Ok((StatusCode::OK, text))
}

/// `GET /openapi.json`: the OpenAPI document of every operation ([`super::openapi`]),
/// generated once per process (it depends on nothing but the build).
pub async fn openapi() -> Result<impl IntoResponse, Failure> {
    static TEXT: OnceLock<Result<String, String>> = OnceLock::new();
    let text = TEXT.get_or_init(|| super::openapi::document_text().map_err(|e| e.to_string()));
    let text = text.as_deref().map_err(|e| failure::internal(e))?;
    Ok(([(header::CONTENT_TYPE, "application/json")], text))
}

/// `GET /metrics`, for operator keys only: the Prometheus text of [`crate::metrics`], with
/// the records by status and the sweep's lag read from the store now.
pub async fn metrics(State(app): State<Arc<App>>, _: Operator) -> Result<impl IntoResponse, Failure> {
    let store = app.records.store();
    for status in IntentStatus::NAMES {
        let count = store.count(status).await.map_err(|e| app.records.store_failure(&e))?;
        app.metrics.records(status, count);
    }
    let committed = IntentStatus::Committed.name();
    let earliest = store.earliest_deadline(committed).await.map_err(|e| app.records.store_failure(&e))?;
    let lag = earliest.map_or(0, |deadline| Timestamp::now().unix_seconds().saturating_sub(deadline).max(0));
    app.metrics.sweep_lag(u64::try_from(lag).unwrap_or(0));
    Ok(([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], app.metrics.render()))
}

/// QuoteIntent.
pub async fn quote(
    State(app): State<Arc<App>>,
    client: Client,
    clock: Clock,
    Wire(request): Wire<QuoteRequest>,
) -> Result<Json<QuoteResponse>, Failure> {
    let response = app.records.quote(&request, client.project_id, clock.now()).await?;
    log_intent(&response.intent.intent_id);
    Ok(Json(response))
}

/// CommitIntent.
pub async fn commit(
    State(app): State<Arc<App>>,
    client: Client,
    clock: Clock,
    Wire(request): Wire<CommitRequest>,
) -> Result<Json<CommitResponse>, Failure> {
    log_intent(&request.intent.intent_id);
    let response = app.records.commit(&request, client.caller(), clock.now(), || clock.now()).await?;
    Ok(Json(response))
}

/// ExecuteIntent.
pub async fn execute(
    State(app): State<Arc<App>>,
    client: Client,
    clock: Clock,
    Wire(request): Wire<ExecuteRequest>,
) -> Result<Json<ExecuteResponse>, Failure> {
    log_intent(&request.intent_id);
    let response = app.records.execute(&request, client.caller(), clock.now(), || clock.now()).await?;
    if response.intent_status == IntentStatus::Executing {
        // A gasless deposit is queued for the chain's relayer task, which relays it off the
        // request path.
        app.relayer.hand(&request).await;
    }
    Ok(Json(response))
}

/// GetIntentReceipt.
pub async fn get_receipt(
    State(app): State<Arc<App>>,
    client: Client,
    clock: Clock,
    Wire(request): Wire<GetIntentReceiptRequest>,
) -> Result<Json<GetIntentReceiptResponse>, Failure> {
    log_intent(&request.intent_id);
    let mut intent_receipt = app.records.receipt(&request.intent_id, client.caller(), clock.now()).await?;
    app.relayer.explain(&mut intent_receipt);
    Ok(Json(GetIntentReceiptResponse { intent_receipt, unknown: Default::default() }))
}

/// WaitIntentReceipt: at most `maxWaitersPerKey` open at once per access key (another is
/// RateLimited, retry in 1 s).
pub async fn wait_receipt(
    State(app): State<Arc<App>>,
    client: Client,
    clock: Clock,
    Wire(request): Wire<WaitIntentReceiptRequest>,
) -> Result<Json<WaitIntentReceiptResponse>, Failure> {
    log_intent(&request.intent_id);
    let seconds = request.wait_seconds()?;
    let slots = app.waiters.get(client.key).ok_or_else(|| failure::internal(&"no waiter slots for the key"))?;
    let _slot = slots.clone().try_acquire_owned().map_err(|_| ServerFailure::RateLimited { retry_after_seconds: 1 })?;
    let _open = app.metrics.waiter();
    let mut intent_receipt =
        app.records.wait_receipt(&request, client.caller(), Duration::from_secs(seconds), clock.running()).await?;
    app.relayer.explain(&mut intent_receipt);
    Ok(Json(WaitIntentReceiptResponse::of(intent_receipt)))
}

/// The operator's ReportIntentOutcome.
pub async fn report_outcome(
    State(app): State<Arc<App>>,
    _: Operator,
    clock: Clock,
    Wire(report): Wire<ReportIntentOutcomeRequest>,
) -> Result<Json<GetIntentReceiptResponse>, Failure> {
    log_intent(&report.intent_id);
    let intent_receipt = app.records.report_outcome(&report, clock.now(), || clock.now()).await?;
    Ok(Json(GetIntentReceiptResponse { intent_receipt, unknown: Default::default() }))
}

/// GetIntent: the intent as quoted, for its own project's key.
pub async fn get_intent(
    State(app): State<Arc<App>>,
    client: Client,
    Wire(request): Wire<GetIntentRequest>,
) -> Result<Json<GetIntentResponse>, Failure> {
    log_intent(&request.intent_id);
    let intent = app.records.intent(&request.intent_id, client.caller()).await?;
    Ok(Json(GetIntentResponse { intent, unknown: Default::default() }))
}

/// SearchIntents: the caller's project's intents that match every filter.
pub async fn search_intents(
    State(app): State<Arc<App>>,
    client: Client,
    Wire(request): Wire<SearchIntentsRequest>,
) -> Result<Json<SearchIntentsResponse>, Failure> {
    Ok(Json(app.records.search(&request, client.project_id).await?))
}

/// GetIntentHistory: one page of the caller's project's intents, with their receipts.
pub async fn intent_history(
    State(app): State<Arc<App>>,
    client: Client,
    clock: Clock,
    Wire(request): Wire<GetIntentHistoryRequest>,
) -> Result<Json<GetIntentHistoryResponse>, Failure> {
    Ok(Json(app.records.history(&request, client.project_id, clock.now()).await?))
}

/// AbortIntent: abort a COMMITTED intent, keeping the abort transaction on its receipt.
pub async fn abort(
    State(app): State<Arc<App>>,
    client: Client,
    clock: Clock,
    Wire(request): Wire<AbortIntentRequest>,
) -> Result<Json<AbortIntentResponse>, Failure> {
    log_intent(&request.intent_id);
    let response = app.records.abort(&request, client.caller(), clock.now(), || clock.now()).await?;
    Ok(Json(response))
}

/// Clock: the time this service judges deadlines with (the request clock's).
pub async fn clock(_: Client, clock: Clock) -> Json<ClockResponse> {
    Json(ClockResponse { server_time: clock.now(), unknown: Default::default() })
}

/// Ping: the service's version; needs no key.
pub async fn ping() -> Json<PingResponse> {
    Json(PingResponse { version: String::from(env!("CARGO_PKG_VERSION")), unknown: Default::default() })
}

/// RuntimeStatus: the service's health, with its store's (a write, timed) and each chain
/// node's (its head block, timed, within the node timeout), as `chain <id> node`.
pub async fn runtime_status(State(app): State<Arc<App>>, _: Client) -> Json<RuntimeStatusResponse> {
    let started = std::time::Instant::now();
    let written = app.records.store().check_writable().await;
    if written.is_err() {
        app.metrics.store_errors().increment(1);
    }
    let store = ServiceStatus {
        error: written.err().map(|e| e.to_string()),
        healthy: false,
        latency: format!("{:?}", started.elapsed()),
        name: String::from("store"),
        unknown: Default::default(),
    };
    let store = ServiceStatus { healthy: store.error.is_none(), ..store };
    let mut services = vec![store];
    let mut nodes: Vec<_> = app.records.chain().nodes().collect();
    nodes.sort_by_key(|node| node.chain_id());
    for node in nodes {
        let started = std::time::Instant::now();
        let error = node.head().await.err().map(|e| e.to_string());
        services.push(ServiceStatus {
            healthy: error.is_none(),
            error,
            latency: format!("{:?}", started.elapsed()),
            name: format!("chain {} node", node.chain_id()),
            unknown: Default::default(),
        });
    }
    let status = RuntimeStatus {
        health_ok: services.iter().all(|service| service.healthy),
        services,
        start_time: app.start_time,
        uptime: format!("{}s", app.started.elapsed().as_secs()),
        version: String::from(env!("CARGO_PKG_VERSION")),
        unknown: Default::default(),
    };
    Json(RuntimeStatusResponse { status, unknown: Default::default() })
}
