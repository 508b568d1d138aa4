//! One handler per operation of docs/spec.md §12: each takes its extractors, makes one call
//! into the records ([`crate::records::Records`], the service's one entry point) and answers
//! the core's response type as JSON; a failure is the [`Failure`] it returns. Adding an
//! operation is one handler here, its call in [`crate::records`] and one entry in the
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
    GetIntentReceiptResponse, GetIntentRequest, GetIntentResponse, PingResponse, QuoteRequest, QuoteResponse,
    RuntimeStatusResponse, SearchIntentsRequest, SearchIntentsResponse, ServerFailure, Timestamp,
    WaitIntentReceiptRequest, WaitIntentReceiptResponse,
};

use super::extract::{Client, Clock, Operator, Wire};
use super::{log_intent, App};
use crate::failure::{self, Failure};
use crate::outcome::ReportIntentOutcomeRequest;

/// `GET /healthz`: `ok` while the store accepts a write, else the Unexpected body (500);
/// after `ok`, one line per chain saying where its facts come from (its node, or the
/// configuration), then each configuration error seen (a token's permit domain).
pub async fn healthz(State(app): State<Arc<App>>) -> Result<impl IntoResponse, Failure> {
    Ok((StatusCode::OK, app.records.health().await?))
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
/// the records by status and the sweep's lag read from the store now, and the cross-chain
/// intents waiting past the bound.
pub async fn metrics(State(app): State<Arc<App>>, _: Operator) -> Result<impl IntoResponse, Failure> {
    let counts = app.records.counts(Timestamp::now()).await?;
    for (status, count) in counts.by_status {
        app.metrics.records(status, count);
    }
    app.metrics.sweep_lag(counts.sweep_lag);
    app.metrics.waiting_past_bound(counts.waiting_past_bound);
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
    Ok(Json(app.records.commit(&request, client.caller(), clock.now(), || clock.now()).await?))
}

/// ExecuteIntent.
pub async fn execute(
    State(app): State<Arc<App>>,
    client: Client,
    clock: Clock,
    Wire(request): Wire<ExecuteRequest>,
) -> Result<Json<ExecuteResponse>, Failure> {
    log_intent(&request.intent_id);
    Ok(Json(app.records.execute(&request, client.caller(), clock.now(), || clock.now()).await?))
}

/// GetIntentReceipt.
pub async fn get_receipt(
    State(app): State<Arc<App>>,
    client: Client,
    clock: Clock,
    Wire(request): Wire<GetIntentReceiptRequest>,
) -> Result<Json<GetIntentReceiptResponse>, Failure> {
    log_intent(&request.intent_id);
    let mut answer = app.records.receipt(&request.intent_id, client.caller(), clock.now()).await?;
    app.tokens.fill(&mut answer.intent_receipt);
    Ok(Json(answer))
}

/// WaitIntentReceipt: at most `maxWaitersPerKey` open at once per access key (another is
/// RateLimited, retry in 1 s). Without `lastReceiptStates`, the receipt's states when the
/// request arrives are the ones waited on (as the published client expects: each of its
/// requests waits for a change); the waiter is counted open once they are read.
pub async fn wait_receipt(
    State(app): State<Arc<App>>,
    client: Client,
    clock: Clock,
    Wire(mut request): Wire<WaitIntentReceiptRequest>,
) -> Result<Json<WaitIntentReceiptResponse>, Failure> {
    log_intent(&request.intent_id);
    let seconds = request.wait_seconds()?;
    let slots = app.waiters.get(client.key).ok_or_else(|| failure::internal(&"no waiter slots for the key"))?;
    let _slot = slots.clone().try_acquire_owned().map_err(|_| ServerFailure::RateLimited { retry_after_seconds: 1 })?;
    if request.last_receipt_states.is_none() {
        let current = app.records.receipt(&request.intent_id, client.caller(), clock.now()).await?;
        request.last_receipt_states = Some(current.intent_receipt.receipt_states());
    }
    let _open = app.metrics.waiter();
    let timeout = Duration::from_secs(seconds);
    let mut answer = app.records.wait_receipt(&request, client.caller(), timeout, clock.running()).await?;
    app.tokens.fill(&mut answer.intent_receipt);
    Ok(Json(answer))
}

/// RetryIntent: a replacement deposit for an intent whose deposit failed.
pub async fn retry(
    State(app): State<Arc<App>>,
    client: Client,
    clock: Clock,
    Wire(request): Wire<crate::retry::RetryIntentRequest>,
) -> Result<Json<crate::retry::RetryIntentResponse>, Failure> {
    log_intent(&request.intent_id);
    Ok(Json(app.records.retry(&request, client.caller(), clock.now(), || clock.now()).await?))
}

/// The operator's ReportIntentOutcome.
pub async fn report_outcome(
    State(app): State<Arc<App>>,
    _: Operator,
    clock: Clock,
    Wire(report): Wire<ReportIntentOutcomeRequest>,
) -> Result<Json<GetIntentReceiptResponse>, Failure> {
    log_intent(&report.intent_id);
    let mut answer = app.records.report_outcome(&report, clock.now(), || clock.now()).await?;
    app.tokens.fill(&mut answer.intent_receipt);
    Ok(Json(answer))
}

/// GetIntent: the intent as quoted, for its own project's key.
pub async fn get_intent(
    State(app): State<Arc<App>>,
    client: Client,
    Wire(request): Wire<GetIntentRequest>,
) -> Result<Json<GetIntentResponse>, Failure> {
    log_intent(&request.intent_id);
    Ok(Json(app.records.intent(&request.intent_id, client.caller()).await?))
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
    let mut answer = app.records.history(&request, client.project_id, clock.now()).await?;
    for intent in &mut answer.intents {
        app.tokens.fill(&mut intent.receipt);
    }
    Ok(Json(answer))
}

/// AbortIntent: abort a COMMITTED intent, keeping the abort transaction on its receipt.
pub async fn abort(
    State(app): State<Arc<App>>,
    client: Client,
    clock: Clock,
    Wire(request): Wire<AbortIntentRequest>,
) -> Result<Json<AbortIntentResponse>, Failure> {
    log_intent(&request.intent_id);
    Ok(Json(app.records.abort(&request, client.caller(), clock.now(), || clock.now()).await?))
}

/// Clock: the time this service judges deadlines with (the request clock's).
pub async fn clock(_: Client, clock: Clock) -> Json<ClockResponse> {
    Json(ClockResponse { server_time: clock.now(), unknown: Default::default() })
}

/// Ping: the service's version; needs no key.
pub async fn ping() -> Json<PingResponse> {
    Json(PingResponse { version: String::from(env!("CARGO_PKG_VERSION")), unknown: Default::default() })
}

/// RuntimeStatus: the service's health, with its store's and each chain node's.
pub async fn runtime_status(State(app): State<Arc<App>>, _: Client) -> Json<RuntimeStatusResponse> {
    Json(app.records.runtime_status(app.start_time, app.started.elapsed()).await)
}
