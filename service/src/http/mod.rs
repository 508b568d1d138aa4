//! The HTTP front: the routes of docs/spec.md §12, each one handler ([`handlers`]) with its
//! extractors ([`extract`]: the caller's key, the request clock, the core's reader of the
//! body), and the tower layers around them: tracing (one JSON line per request) and the
//! limit on requests in flight. Wrong paths and HTTP methods get the published bodies.
//!
//! The routes of the operations are the operation table's ([`operations`]); beside them
//! `GET /healthz`, `GET /openapi.json` (the document of [`crate::openapi`]) and
//! `GET /metrics` (operator keys only, [`crate::metrics`]). A layer counts every answer by
//! operation and outcome.
//!
//! What an operation does is [`crate::records`]; connections (their timeouts and number)
//! are [`crate::server`]; this module only speaks HTTP.

pub mod extract;
pub mod handlers;
pub mod operations;

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, Response, StatusCode};
use axum::middleware::{self, Next};
use axum::routing::get;
use axum::Router;
use intent_core::ServerFailure;
use tokio::sync::Semaphore;
use tower::limit::ConcurrencyLimitLayer;
use tower_http::trace::TraceLayer;
use tracing::Span;

use crate::config::{RateLimits, ServerLimits};
use crate::failure::Failure;
use crate::keys::Keys;
use crate::metrics::Metrics;
use crate::rate::RateLimiter;
use crate::records::Records;
use crate::relay::Relayer;

/// The header that carries the access key.
pub const ACCESS_KEY_HEADER: &str = "x-access-key";

/// The header that carries the test clock's "now" (`--unsafe-test-clock` only).
pub const TEST_NOW_HEADER: &str = "x-test-now";

/// What the routes share.
pub struct App {
    /// The records.
    pub records: Arc<Records>,
    /// The keys and their projects.
    pub keys: Keys,
    /// Whether `X-Test-Now` is read.
    pub test_clock: bool,
    /// The server's limits (body deadline, waiters per key).
    pub limits: ServerLimits,
    /// The rate limits per access key.
    pub rates: RateLimiter,
    /// Open WaitIntentReceipt calls per access key.
    pub waiters: Vec<Arc<Semaphore>>,
    /// The instance's metrics.
    pub metrics: Arc<Metrics>,
    /// The relayer of gasless deposits.
    pub relayer: Relayer,
    /// When the service started (RuntimeStatus's `startTime`).
    pub start_time: intent_core::Timestamp,
    /// The same instant on the monotonic clock (RuntimeStatus's `uptime`).
    pub started: std::time::Instant,
}

impl App {
    /// The shared state of the routes.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        records: Arc<Records>,
        keys: Keys,
        test_clock: bool,
        limits: ServerLimits,
        rates: RateLimits,
        metrics: Arc<Metrics>,
        relayer: Relayer,
    ) -> App {
        let waiters =
            (0..keys.access_key_count()).map(|_| Arc::new(Semaphore::new(limits.max_waiters_per_key))).collect();
        App {
            records,
            keys,
            test_clock,
            limits,
            rates: RateLimiter::new(rates),
            waiters,
            metrics,
            relayer,
            start_time: intent_core::Timestamp::now(),
            started: std::time::Instant::now(),
        }
    }
}

/// The router of the whole API, with its layers.
pub fn router(app: Arc<App>) -> Router {
    let in_flight = app.limits.max_requests_in_flight;
    let mut routes = Router::new()
        .route("/healthz", get(handlers::healthz))
        .route("/openapi.json", get(handlers::openapi))
        .route("/metrics", get(handlers::metrics));
    for operation in operations::OPERATIONS {
        routes = routes.route(operation.path, (operation.route)());
    }
    routes
        .fallback(|| async { Failure::from(ServerFailure::BadRoute) })
        .method_not_allowed_fallback(|| async { Failure::from(ServerFailure::BadMethod) })
        .layer(middleware::from_fn_with_state(app.clone(), count))
        .with_state(app)
        .layer(ConcurrencyLimitLayer::new(in_flight))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request<Body>| {
                    let operation = request.uri().path().rsplit('/').next().unwrap_or("").to_owned();
                    tracing::info_span!(
                        "request",
                        operation,
                        intentId = tracing::field::Empty,
                        cause = tracing::field::Empty,
                    )
                })
                .on_request(|_: &Request<Body>, _: &Span| {})
                .on_response(|response: &Response<Body>, latency: std::time::Duration, _: &Span| {
                    let duration_us = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX);
                    tracing::info!(status = response.status().as_u16(), duration_us, "request");
                })
                .on_failure(()),
        )
}

/// Records the intent id of the request being served in its log line.
pub fn log_intent(intent_id: &str) {
    Span::current().record("intentId", intent_id);
}

/// The name a request is counted under: its operation's, one of the other routes', or
/// `unmatched` (never the path itself, so that a client cannot add labels).
fn counted_as(path: &str) -> &'static str {
    match (operations::by_path(path), path) {
        (Some(operation), _) => operation.name,
        (None, "/healthz") => "healthz",
        (None, "/openapi.json") => "openapi",
        (None, "/metrics") => "metrics",
        (None, _) => "unmatched",
    }
}

/// Counts the answer by operation and outcome (`ok`, or the error kind of the body) with
/// its latency.
async fn count(
    axum::extract::State(app): axum::extract::State<Arc<App>>,
    request: Request<Body>,
    next: Next,
) -> Response<Body> {
    let started = std::time::Instant::now();
    let operation = counted_as(request.uri().path());
    let response = next.run(request).await;
    let outcome = match response.extensions().get::<crate::failure::Kind>() {
        Some(kind) => kind.0,
        None if response.status() == StatusCode::OK => "ok",
        None => "other",
    };
    app.metrics.request(operation, outcome, started.elapsed());
    response
}
