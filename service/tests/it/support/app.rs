//! The service in process: a [`Service`] opened on the database under test, its router
//! answered through `tower::ServiceExt::oneshot` (no socket, no process), every exchange
//! checked against the committed OpenAPI document; and the service's own connection loop
//! on a loopback port ([`App::serve`]) for the tests whose point is a socket (timeouts,
//! connection limits, bodies that arrive late).
//!
//! What needs a process (a crash, two instances, the start's output, signals) is
//! [`super::Server`].

use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request};
use axum::Router;
use intent_core::{QuoteResponse, Timestamp};
use intent_service::config::{ServiceConfig, EXAMPLE_CONFIG};
use intent_service::{server, Service};
use serde_json::Value;
use tokio::io::AsyncReadExt;
use tokio::net::TcpStream;
use tower::ServiceExt;

use super::{at, commit_body, receipt_request, Reply, ACCESS_KEY, OPERATOR_KEY};

/// One service instance and its router.
pub struct App {
    /// The service (its records, store and limits).
    pub service: Service,
    /// Its router, with every layer.
    pub router: Router,
}

/// The path of `operation`: the operator's for ReportIntentOutcome, else the service's.
pub fn path_of(operation: &str) -> String {
    let audience = if operation == "ReportIntentOutcome" { "Operator" } else { "Service" };
    format!("/rpc/{audience}/{operation}")
}

impl App {
    /// The shipped configuration changed by `change`, on `db`, with the test clock.
    pub async fn open(db: &str, change: impl FnOnce(&mut Value)) -> App {
        App::open_with_keys(db, change, &[]).await
    }

    /// [`App::open`] with `access_keys` added to the first project (as `--access-key` does).
    pub async fn open_with_keys(db: &str, change: impl FnOnce(&mut Value), access_keys: &[String]) -> App {
        let mut config: Value = serde_json::from_str(EXAMPLE_CONFIG).unwrap();
        change(&mut config);
        let config = ServiceConfig::parse(config.to_string().as_bytes()).unwrap();
        let service = Service::open(config, db, access_keys, &[], true).await.unwrap();
        let router = service.router();
        App { service, router }
    }

    /// Answers `request`; a POST's exchange is checked against the OpenAPI document.
    pub async fn send(&self, request: Request<Body>) -> Reply {
        send(&self.router, request).await
    }

    /// `method` `path` with `headers` and `body`.
    pub async fn request(&self, method: Method, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
        let mut request = Request::builder().method(method).uri(path);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        self.send(request.body(Body::from(body.to_vec())).unwrap()).await
    }

    /// POST `body` to `path` with `headers`.
    pub async fn post(&self, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
        self.request(Method::POST, path, headers, body).await
    }

    /// POST `body` to `operation` with `key` (an empty key: no header), on the system clock.
    pub async fn call(&self, operation: &str, key: &str, body: &str) -> Reply {
        let headers: &[(&str, &str)] = if key.is_empty() { &[] } else { &[("x-access-key", key)] };
        self.post(&path_of(operation), headers, body.as_bytes()).await
    }

    /// POST `body` to `operation` with the access key (the operator key for
    /// ReportIntentOutcome) and the test clock at `now`.
    pub async fn rpc(&self, operation: &str, now: Timestamp, body: &str) -> Reply {
        let key = if operation == "ReportIntentOutcome" { OPERATOR_KEY } else { ACCESS_KEY };
        let now = now.to_string();
        self.post(&path_of(operation), &[("x-access-key", key), ("x-test-now", &now)], body.as_bytes()).await
    }

    /// ReportIntentOutcome with the operator key at `now`.
    pub async fn report(&self, now: Timestamp, body: &str) -> Reply {
        self.rpc("ReportIntentOutcome", now, body).await
    }

    /// Quotes `request` at `now` and parses the answer.
    pub async fn quote(&self, now: Timestamp, request: &str) -> QuoteResponse {
        self.rpc("QuoteIntent", now, request).await.quote()
    }

    /// Quotes `request` with `key` on the system clock.
    pub async fn quote_with(&self, key: &str, request: &str) -> QuoteResponse {
        self.call("QuoteIntent", key, request).await.quote()
    }

    /// Quotes `request` at `now` and commits it at `now + 1`; returns the quote.
    pub async fn committed(&self, now: Timestamp, request: &str) -> QuoteResponse {
        let quote = self.quote(now, request).await;
        let reply = self.rpc("CommitIntent", at(now, 1), &commit_body(&quote)).await;
        assert_eq!(reply.json()["intentId"], quote.intent.intent_id.as_str(), "{}", reply.body);
        quote
    }

    /// The receipt's status at `now`.
    pub async fn status(&self, now: Timestamp, intent_id: &str) -> String {
        self.rpc("GetIntentReceipt", now, &receipt_request(intent_id)).await.receipt_status()
    }

    /// The stored record of `intent_id`, read from the store directly: (revision, status).
    pub async fn stored(&self, intent_id: &str) -> (i64, String) {
        let row = self.service.app.records.store().load(intent_id).await.unwrap();
        let row = row.unwrap_or_else(|| panic!("no record {intent_id}"));
        (row.revision, row.status)
    }

    /// Serves the app on a loopback port with the service's own connection loop (its
    /// timeouts, connection limit and shutdown); stops when the sender is dropped.
    pub async fn serve(&self) -> (SocketAddr, tokio::sync::oneshot::Sender<()>) {
        let listener = server::bind(([127, 0, 0, 1], 0).into()).unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let records = self.service.app.records.clone();
        let shutdown = async {
            let _ = stopped.await;
        };
        let serving =
            server::serve(listener, self.router.clone(), self.service.limits, shutdown, move || records.shut_down());
        tokio::spawn(serving);
        (addr, stop)
    }
}

/// Answers `request` through `router`; a POST's exchange is checked against the OpenAPI
/// document.
pub async fn send(router: &Router, request: Request<Body>) -> Reply {
    let (method, path) = (request.method().clone(), request.uri().path().to_owned());
    let (parts, body) = request.into_parts();
    let sent = axum::body::to_bytes(body, usize::MAX).await.unwrap();
    let response = router.clone().oneshot(Request::from_parts(parts, Body::from(sent.clone()))).await.unwrap();
    let (status, headers) = (response.status().as_u16(), response.headers().clone());
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    let body = String::from_utf8_lossy(&bytes).into_owned();
    if method == Method::POST {
        super::openapi::check(&path, &sent, status, &body);
    }
    Reply { status, headers, body }
}

/// Reads until the peer closes (or fails), within `limit`; what was read.
pub async fn read_to_close(stream: &mut TcpStream, limit: Duration) -> Result<String, &'static str> {
    let mut all = Vec::new();
    let mut buffer = [0u8; 4096];
    let read = async {
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => all.extend_from_slice(&buffer[..n]),
            }
        }
    };
    tokio::time::timeout(limit, read).await.map_err(|_| "still open")?;
    Ok(String::from_utf8_lossy(&all).into_owned())
}
