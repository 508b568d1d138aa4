//! Every failure the service answers with, as the core's error body (docs/spec.md §8): the
//! core's own errors (a broken rule, a malformed document), the core's `ServerFailure`s (an
//! unknown intent, a missing key, a lost race, a used deposit proof, a body too large, its
//! own faults), and the quoter's refusal of a route it does not serve.
//!
//! The bodies, their kinds, codes and HTTP statuses all come from `intent_core`; this
//! module only picks the constructor and turns the body into an HTTP response.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use intent_core::{Error, ErrorBody, ErrorKind, ServerFailure};

/// A failed request: the error body it is answered with.
#[derive(Debug, Clone)]
pub struct Failure {
    body: ErrorBody,
}

impl Failure {
    /// The error body.
    pub fn body(&self) -> &ErrorBody {
        &self.body
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        StatusCode::from_u16(self.body.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        Failure { body: error.body() }
    }
}

impl From<ServerFailure<'_>> for Failure {
    fn from(failure: ServerFailure<'_>) -> Self {
        Failure { body: failure.body() }
    }
}

/// The cause code of a route the quoter does not serve.
pub const ROUTE_NOT_SERVED: &str = "ROUTE_NOT_SERVED";

/// The quoter does not serve this chain or token: InvalidArgument (400), cause
/// `ROUTE_NOT_SERVED at <path>` (the core has no reason for it: quoting is not its
/// business, and its `ServerFailure`s name none).
pub fn route_not_served(path: &str, what: &str) -> Failure {
    let kind = ErrorKind::InvalidArgument;
    Failure {
        body: ErrorBody {
            error: kind.name(),
            code: kind.code(),
            msg: format!("no route: {what} is not quoted by this service"),
            cause: format!("{ROUTE_NOT_SERVED} at {path}"),
            status: kind.http_status(),
        },
    }
}

/// A fault of the service itself (its database, an unreadable stored record): 500. The
/// detail is logged, not sent.
pub fn internal(detail: &dyn std::fmt::Display) -> Failure {
    tracing::error!(detail = %detail, "internal failure");
    ServerFailure::Internal.into()
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        (self.status(), Json(self.body)).into_response()
    }
}
