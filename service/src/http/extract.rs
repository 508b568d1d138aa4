//! The extractors the handlers take: [`Client`] (an access key of a project, admitted by its
//! rate), [`Operator`] (an operator key), [`Clock`] (the request's "now", read when the
//! handler asks, so after the body has arrived whole) and [`Wire`] (the body, read within
//! its size limit and deadline and parsed by the core's reader).
//!
//! Each rejection is a [`Failure`], answered with the published body.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use intent_core::{from_slice, Limits, ServerFailure, Timestamp, WireObject};

use super::operations::Operation;
use super::{App, ACCESS_KEY_HEADER, TEST_NOW_HEADER};
use crate::failure::Failure;
use crate::keys::Caller;

/// Whom the request's `X-Access-Key` names.
fn identify(app: &App, parts: &Parts) -> Result<Caller, Failure> {
    match parts.headers.get(ACCESS_KEY_HEADER) {
        None => Err(ServerFailure::AccessKeyMissing.into()),
        Some(key) if key.is_empty() => Err(ServerFailure::AccessKeyMissing.into()),
        Some(key) => app.keys.identify(key.as_bytes()).ok_or_else(|| ServerFailure::AccessKeyUnknown.into()),
    }
}

/// A project's access key, within its rate for the operation of the route.
#[derive(Debug, Clone, Copy)]
pub struct Client {
    /// The project.
    pub project_id: u64,
    /// The key's index (for its waiters).
    pub key: usize,
}

impl Client {
    /// The caller, as the records see it.
    pub fn caller(self) -> Caller {
        Caller::Project { project_id: self.project_id, key: self.key }
    }
}

impl FromRequestParts<Arc<App>> for Client {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Self, Failure> {
        let Caller::Project { project_id, key } = identify(app, parts)? else {
            return Err(ServerFailure::PermissionDenied.into());
        };
        // The operation its route carries (`super::router`).
        let operation = parts.extensions.get::<&'static Operation>();
        if let Some(bucket) = operation.and_then(|operation| operation.rate) {
            app.rates
                .take(key, bucket, Instant::now())
                .map_err(|retry_after_seconds| ServerFailure::RateLimited { retry_after_seconds })?;
        }
        Ok(Client { project_id, key })
    }
}

/// An operator key.
#[derive(Debug, Clone, Copy)]
pub struct Operator;

impl FromRequestParts<Arc<App>> for Operator {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Self, Failure> {
        match identify(app, parts)? {
            Caller::Operator => Ok(Operator),
            Caller::Project { .. } => Err(ServerFailure::PermissionDenied.into()),
        }
    }
}

/// The request's clock: the system clock, or under `--unsafe-test-clock` the time of the
/// `X-Test-Now` header when the request carries one.
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    test_now: Option<Timestamp>,
}

impl Clock {
    /// "now": read when called, so a handler that calls it after its body arrived judges
    /// at the time the request was complete.
    pub fn now(&self) -> Timestamp {
        self.test_now.unwrap_or_else(Timestamp::now)
    }

    /// "now" moving on from [`Clock::now`] as time passes (the test clock too), for a wait.
    pub fn running(self) -> impl Fn() -> Timestamp {
        let start = Instant::now();
        move || match self.test_now {
            None => Timestamp::now(),
            Some(at) => at.saturating_add_seconds(i64::try_from(start.elapsed().as_secs()).unwrap_or(i64::MAX)),
        }
    }
}

impl FromRequestParts<Arc<App>> for Clock {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Self, Failure> {
        let test_now = match parts.headers.get(TEST_NOW_HEADER).filter(|_| app.test_clock) {
            None => None,
            Some(value) => {
                let text = value.to_str().unwrap_or("");
                Some(Timestamp::parse(text).map_err(|e| e.in_member("X-Test-Now"))?)
            }
        };
        Ok(Clock { test_now })
    }
}

/// A request body read by the core: at most the document size limit of docs/spec.md §9
/// (a larger one is PAYLOAD_TOO_LARGE, 413), whole within the body deadline (else
/// REQUEST_TIMEOUT, 408), and parsed by the core (its error body otherwise).
#[derive(Debug)]
pub struct Wire<T>(pub T);

impl<T: WireObject + Send> FromRequest<Arc<App>> for Wire<T> {
    type Rejection = Failure;

    async fn from_request(request: Request, app: &Arc<App>) -> Result<Self, Failure> {
        let limit = Limits::DEFAULT.max_document_bytes;
        let read = axum::body::to_bytes(request.into_body(), limit);
        let bytes = match tokio::time::timeout(app.limits.body_timeout, read).await {
            Err(_) => return Err(ServerFailure::Timeout.into()),
            Ok(Err(e)) if is_length_limit(&e) => return Err(ServerFailure::PayloadTooLarge { limit }.into()),
            // The connection failed mid-body: nobody reads the answer.
            Ok(Err(_)) => return Err(ServerFailure::Timeout.into()),
            Ok(Ok(bytes)) => bytes,
        };
        Ok(Wire(from_slice(&bytes)?))
    }
}

/// Whether reading a body failed on its length limit.
fn is_length_limit(error: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = source {
        if e.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = e.source();
    }
    false
}
