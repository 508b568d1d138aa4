//! The one error type of the service, [`Failure`]: every failed request, rendered as the
//! core's error body (docs/spec.md §8) with its HTTP status by its `IntoResponse`, which
//! also logs it once. Its cases: the core's own errors (a broken rule, a malformed
//! document), the failures only a server has, and the service's own faults (logged with
//! their detail, answered without it).
//!
//! Every body comes from `intent_core`: a rule's from `Error::body`, every other from the
//! one catalogue of server failures, `intent_core::ServerFailure` (an unknown intent, a key,
//! a lost race, a used deposit proof, a rate, a body too large or too slow, a node, a route
//! or a filter not served, …), through `Failure::from`. A failure the service needs next
//! goes there, as one more `ServerFailure` (its module says how), never as a body built
//! here. What this module adds: which of them carry `Retry-After`, and the HTTP response.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use intent_core::{Error, ErrorBody, ServerFailure};

/// Seconds a client is told to wait before retrying a deposit that is not mined yet.
pub const NOT_MINED_RETRY_SECONDS: u64 = 2;

/// Seconds a client is told to wait before retrying after a chain's node failed.
pub const NODE_RETRY_SECONDS: u64 = 5;

/// A failed request.
#[derive(Debug, Clone, thiserror::Error)]
pub enum Failure {
    /// The core refused the document or the event.
    #[error("{0}")]
    Rule(#[from] Error),
    /// A failure only a server has, as the core's body, with the seconds of its
    /// `Retry-After` when it has one.
    #[error("{}", .body.msg)]
    Server {
        /// The body.
        body: ErrorBody,
        /// Seconds for `Retry-After`.
        retry_after: Option<u64>,
    },
    /// The service's own fault: the detail is logged, the answer is `INTERNAL` (500).
    #[error("internal failure: {0}")]
    Internal(String),
}

impl From<ServerFailure<'_>> for Failure {
    fn from(failure: ServerFailure<'_>) -> Self {
        let retry_after = match failure {
            ServerFailure::RateLimited { retry_after_seconds } => Some(retry_after_seconds),
            ServerFailure::DepositNotMined => Some(NOT_MINED_RETRY_SECONDS),
            ServerFailure::ChainNodeUnavailable { .. } => Some(NODE_RETRY_SECONDS),
            _ => None,
        };
        Failure::Server { body: failure.body(), retry_after }
    }
}

/// The error kind's name of a failed answer, in the response's extensions (for the request
/// metrics, [`crate::metrics`]).
#[derive(Debug, Clone, Copy)]
pub struct Kind(pub &'static str);

/// A fault of the service itself (its database, an unreadable stored record): 500. The
/// detail is logged when the failure is answered, not sent.
pub fn internal(detail: &dyn std::fmt::Display) -> Failure {
    Failure::Internal(detail.to_string())
}

impl Failure {
    /// The error body it is answered with.
    pub fn body(&self) -> ErrorBody {
        match self {
            Failure::Rule(error) => error.body(),
            Failure::Server { body, .. } => body.clone(),
            Failure::Internal(_) => ServerFailure::Internal.body(),
        }
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        StatusCode::from_u16(self.body().status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let body = self.body();
        // The request's one log line (the tracing layer's) carries the cause; a fault of
        // the service adds its detail, which the client never sees.
        tracing::Span::current().record("cause", body.cause.as_str());
        if let Failure::Internal(detail) = &self {
            tracing::error!(detail = %detail, "internal failure");
        }
        let kind = Kind(body.error);
        let mut response = (self.status(), Json(body)).into_response();
        response.extensions_mut().insert(kind);
        if let Failure::Server { retry_after: Some(seconds), .. } = self {
            if let Ok(value) = HeaderValue::from_str(&seconds.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
        }
        response
    }
}
