//! The HTTP front: the routes of docs/spec.md §12, each one handler ([`handlers`]) with its
//! extractors ([`extract`]: the caller's key, the request clock, the core's reader of the
//! body), and the tower layers around them: tracing (one JSON line per request) and the
//! limit on requests in flight. Wrong paths and HTTP methods get the published bodies.
//!
//! The routes of the operations are the operation table's ([`operations`]), and each route
//! carries its operation: the extractors read its rate from it, and the layer that counts
//! every answer by operation and outcome is given its name, so that no path is looked up
//! again. Beside them `GET /healthz`, `GET /openapi.json` (the OpenAPI document, generated
//! from the same table by [`openapi`]) and `GET /metrics` (operator keys only,
//! [`crate::metrics`]).
//!
//! What an operation does is [`crate::records`] (each handler makes one call into it);
//! connections (their timeouts and number) are [`crate::server`]; this module only speaks
//! HTTP.

pub(crate) mod extract;
mod handlers;
mod metadata;
pub mod openapi;
pub mod operations;

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, Response, StatusCode};
use axum::middleware::{self, Next};
use axum::routing::{any, get, MethodRouter};
use axum::{Extension, Router};
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
    /// The token metadata receipts are answered with.
    pub tokens: metadata::TokenBook,
    /// When the service started (RuntimeStatus's `startTime`).
    pub start_time: intent_core::Timestamp,
    /// The same instant on the monotonic clock (RuntimeStatus's `uptime`).
    pub started: std::time::Instant,
}

impl App {
    /// The shared state of the routes.
    pub fn new(
        records: Arc<Records>,
        keys: Keys,
        test_clock: bool,
        limits: ServerLimits,
        rates: RateLimits,
        metrics: Arc<Metrics>,
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
            tokens: metadata::TokenBook::default(),
            start_time: intent_core::Timestamp::now(),
            started: std::time::Instant::now(),
        }
    }

    /// The same state answering receipts with the token metadata of `config`.
    #[must_use]
    pub fn with_token_metadata(self, config: &crate::config::ServiceConfig) -> App {
        App { tokens: metadata::TokenBook::new(config), ..self }
    }
}

/// The name the answers of a path no route serves are counted under.
const UNMATCHED: &str = "unmatched";

/// The router of the whole API, with its layers. Each operation's route carries its
/// operation (an `Extension` the extractors read its rate from) and counts its answers
/// under the operation's name, wrong HTTP methods included; beside them the health check,
/// the document and the metrics, and the answer to any other path.
pub fn router(app: Arc<App>) -> Router {
    let in_flight = app.limits.max_requests_in_flight;
    let mut routes = Router::new();
    for operation in operations::OPERATIONS {
        let route = (operation.route)().fallback(bad_method).layer(Extension(operation));
        routes = routes.route(operation.path, counted(&app, operation.name, route));
    }
    let others = [
        ("/healthz", "healthz", get(handlers::healthz)),
        ("/openapi.json", "openapi", get(handlers::openapi)),
        ("/metrics", "metrics", get(handlers::metrics)),
    ];
    for (path, name, route) in others {
        routes = routes.route(path, counted(&app, name, route.fallback(bad_method)));
    }
    routes
        .fallback(counted(&app, UNMATCHED, any(bad_route)))
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

/// `route` with every answer counted under `name` (never the path itself, so that a client
/// cannot add labels).
fn counted(app: &Arc<App>, name: &'static str, route: MethodRouter<Arc<App>>) -> MethodRouter<Arc<App>> {
    route.layer(middleware::from_fn_with_state((app.clone(), name), count))
}

/// The answer to a path no route serves.
async fn bad_route() -> Failure {
    ServerFailure::BadRoute.into()
}

/// The answer to a route's path called with another HTTP method than its own.
async fn bad_method() -> Failure {
    ServerFailure::BadMethod.into()
}

/// Records the intent id of the request being served in its log line.
pub fn log_intent(intent_id: &str) {
    Span::current().record("intentId", intent_id);
}

/// Counts the answer under `operation` and its outcome (`ok`, or the error kind of the
/// body) with its latency.
async fn count(
    axum::extract::State((app, operation)): axum::extract::State<(Arc<App>, &'static str)>,
    request: Request<Body>,
    next: Next,
) -> Response<Body> {
    let started = std::time::Instant::now();
    let response = next.run(request).await;
    let outcome = match response.extensions().get::<crate::failure::Kind>() {
        Some(kind) => kind.0,
        None if response.status() == StatusCode::OK => "ok",
        None => "other",
    };
    app.metrics.request(operation, outcome, started.elapsed());
    response
}
