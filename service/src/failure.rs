//! The one error type of the service, [`Failure`]: every failed request, rendered as the
//! core's error body (docs/spec.md §8) with its HTTP status by its `IntoResponse`, which
//! also logs it once. Its cases: the core's own errors (a broken rule, a malformed
//! document), the core's `ServerFailure`s (an unknown intent, a key, a lost race, a used
//! deposit proof, a rate, a body too large or too slow), the quoter's refusal of a route
//! it does not serve, and the service's own faults (logged with their detail, answered
//! without it).
//!
//! The bodies, their kinds, codes and HTTP statuses all come from `intent_core`; this
//! module only picks the constructor and turns the body into an HTTP response.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use intent_core::{Error, ErrorBody, ErrorKind, ServerFailure};

/// A failed request.
#[derive(Debug, Clone, thiserror::Error)]
pub enum Failure {
    /// The core refused the document or the event.
    #[error("{0}")]
    Rule(#[from] Error),
    /// A failure only a server has, as the core's body (`Retry-After` seconds for a rate).
    #[error("{}", .body.msg)]
    Server {
        /// The body.
        body: ErrorBody,
        /// Seconds for `Retry-After`, for RateLimited.
        retry_after: Option<u64>,
    },
    /// The quoter does not serve this chain or token.
    #[error("no route: {what} is not quoted by this service at {path}")]
    RouteNotServed {
        /// The request member concerned.
        path: String,
        /// What is not served.
        what: String,
    },
    /// A request the service refuses rather than answer partly: a published filter it does
    /// not serve (`FILTER_NOT_SERVED at <path>`), or a search that matches more intents
    /// than it answers (`TOO_MANY_RESULTS`); InvalidArgument (400).
    #[error("{msg}")]
    Refused {
        /// The cause code.
        code: &'static str,
        /// The request member concerned, if one is.
        path: Option<String>,
        /// What is refused.
        msg: String,
    },
    /// The service's own fault: the detail is logged, the answer is `INTERNAL` (500).
    #[error("internal failure: {0}")]
    Internal(String),
}

impl From<ServerFailure<'_>> for Failure {
    fn from(failure: ServerFailure<'_>) -> Self {
        let retry_after = match failure {
            ServerFailure::RateLimited { retry_after_seconds } => Some(retry_after_seconds),
            _ => None,
        };
        Failure::Server { body: failure.body(), retry_after }
    }
}

/// The error kind's name of a failed answer, in the response's extensions (for the request
/// metrics, [`crate::metrics`]).
#[derive(Debug, Clone, Copy)]
pub struct Kind(pub &'static str);

/// The cause code of a route the quoter does not serve.
pub const ROUTE_NOT_SERVED: &str = "ROUTE_NOT_SERVED";

/// The quoter does not serve this chain or token: InvalidArgument (400), cause
/// `ROUTE_NOT_SERVED at <path>` (the core has no reason for it: quoting is not its
/// business, and its `ServerFailure`s name none).
pub fn route_not_served(path: &str, what: &str) -> Failure {
    Failure::RouteNotServed { path: path.to_owned(), what: what.to_owned() }
}

/// The cause code of an abort transaction that a chain's node does not show mined and
/// successful.
pub const ABORT_NOT_SUCCEEDED: &str = "ABORT_NOT_SUCCEEDED";

/// The abort transaction is not mined and successful on `chain_id`, whose node the service
/// reads: InvalidArgument (400), cause `ABORT_NOT_SUCCEEDED at abortTransactionHash` (the
/// client retries once it is mined, or names its successful abort).
pub fn abort_not_succeeded(chain_id: u64) -> Failure {
    let kind = ErrorKind::InvalidArgument;
    Failure::Server {
        body: ErrorBody {
            error: kind.name(),
            code: kind.code(),
            msg: format!("the abort transaction is not mined and successful on chain {chain_id}"),
            cause: format!("{ABORT_NOT_SUCCEEDED} at abortTransactionHash"),
            status: kind.http_status(),
        },
        retry_after: None,
    }
}
/// The cause code of a published filter (or page member) the service does not serve.
pub const FILTER_NOT_SERVED: &str = "FILTER_NOT_SERVED";

/// The cause code of a search that matches more intents than one answer holds.
pub const TOO_MANY_RESULTS: &str = "TOO_MANY_RESULTS";

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
            Failure::RouteNotServed { path, what } => {
                let kind = ErrorKind::InvalidArgument;
                ErrorBody {
                    error: kind.name(),
                    code: kind.code(),
                    msg: format!("no route: {what} is not quoted by this service"),
                    cause: format!("{ROUTE_NOT_SERVED} at {path}"),
                    status: kind.http_status(),
                }
            }
            Failure::Refused { code, path, msg } => {
                let kind = ErrorKind::InvalidArgument;
                ErrorBody {
                    error: kind.name(),
                    code: kind.code(),
                    msg: msg.clone(),
                    cause: match path {
                        Some(path) => format!("{code} at {path}"),
                        None => (*code).to_owned(),
                    },
                    status: kind.http_status(),
                }
            }
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
