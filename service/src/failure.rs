//! Every failure the service answers with, as the core's error body (docs/spec.md §8): the
//! core's own errors (a broken rule, a malformed document) and the failures only a server
//! has (an unknown intent, a missing key, a lost race, a body too large, its own faults).
//!
//! The body, its kinds, codes and HTTP statuses all come from `intent_core`; this module
//! only picks the constructor and turns the body into an HTTP response.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use intent_core::{Error, ErrorBody, Reason};

/// A failed request: the error body it is answered with, and the core's reason when the
/// core decided it (for the log line).
#[derive(Debug, Clone)]
pub struct Failure {
    body: ErrorBody,
    reason: Option<Reason>,
}

impl Failure {
    /// The error body.
    pub fn body(&self) -> &ErrorBody {
        &self.body
    }

    /// The core's reason code, when the core decided the failure.
    pub fn reason(&self) -> Option<Reason> {
        self.reason
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        StatusCode::from_u16(self.body.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        Failure { body: error.body(), reason: Some(error.reason()) }
    }
}

impl From<crate::compat::ServerFailure> for Failure {
    fn from(failure: crate::compat::ServerFailure) -> Self {
        Failure { body: failure.body(), reason: None }
    }
}

/// No intent (or no route) by that name: 404.
pub fn not_found(what: &str) -> Failure {
    crate::compat::ServerFailure::not_found(what).into()
}

/// A missing or unknown access key: 401.
pub fn unauthenticated(what: &str) -> Failure {
    crate::compat::ServerFailure::unauthenticated(what).into()
}

/// Another request changed the record first, or a deposit proof already started another
/// intent: 409.
pub fn conflict(what: &str) -> Failure {
    crate::compat::ServerFailure::conflict(what).into()
}

/// A request body larger than the service reads: 413.
pub fn payload_too_large(limit: usize) -> Failure {
    crate::compat::ServerFailure::payload_too_large(&format!("the request body is larger than {limit} bytes")).into()
}

/// A fault of the service itself (its database): 500. The detail is logged, not sent.
pub fn internal(detail: &dyn std::fmt::Display) -> Failure {
    tracing::error!(detail = %detail, "internal failure");
    crate::compat::ServerFailure::internal("internal failure").into()
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let status = self.status();
        let mut response = (status, self.body.to_json()).into_response();
        response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        response
    }
}
