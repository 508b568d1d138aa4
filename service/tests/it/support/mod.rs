//! Shared by the service's tests: the service in process ([`app`]: the router through
//! `oneshot`, and its connection loop on a loopback port), the built `intent-service` as
//! a process on a free loopback port with a small blocking HTTP client ([`Server`], for
//! the tests whose point is a process: a crash, two instances, the start, signals), the
//! database under test, the test clock, signing with the demo key through intent-core's
//! digests, a node with the entrypoint and a token ([`anvil`]), and the local stack of
//! `examples/stack.rs` started in process ([`stack`]).
//!
//! The database is chosen by environment variables (service/README.md):
//! `INTENT_SERVICE_TEST_DB` (a `postgres://` URL runs every test against PostgreSQL;
//! unset, each test gets a fresh SQLite file) and `INTENT_SERVICE_TEST_POSTGRES` (the
//! database of the PostgreSQL-only tests, which fail when `CI=true` and it is unset).

#![allow(dead_code)]

pub mod anvil;
pub mod app;
pub mod ledger;
pub mod nodes;
pub mod openapi;
pub mod proxy;
pub mod restart;
pub mod stack;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::http::{HeaderMap, HeaderName, HeaderValue};
use intent_core::eip712::EntrypointNames;
use intent_core::{from_slice, to_string, Address, QuoteResponse, Timestamp, B256, U256};
use intent_service::chain::ChainView;
use intent_service::config::ServiceConfig;
use intent_service::demo;
use k256::ecdsa::SigningKey;

pub const ACCESS_KEY: &str = "demo-access-key";
pub const OPERATOR_KEY: &str = "demo-operator-key";

/// The repository's root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// A scratch directory for this test process, under Cargo's `target/tmp`.
pub fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("intent-service-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

static NEXT: AtomicU64 = AtomicU64::new(0);

/// The database of one test: `INTENT_SERVICE_TEST_DB` when set, else a fresh SQLite file.
pub fn database(name: &str) -> String {
    match std::env::var("INTENT_SERVICE_TEST_DB") {
        Ok(url) if !url.is_empty() => url,
        _ => sqlite_file(name),
    }
}

/// A fresh SQLite file.
pub fn sqlite_file(name: &str) -> String {
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("sqlite://{}", scratch().join(format!("{name}-{n}.db")).display())
}

/// The PostgreSQL database of the PostgreSQL-only tests; `None` (the test returns) only
/// outside CI: with `CI=true` a missing URL fails the test.
pub fn postgres() -> Option<String> {
    match std::env::var("INTENT_SERVICE_TEST_POSTGRES") {
        Ok(url) if url.starts_with("postgres") => Some(url),
        _ if std::env::var("CI").as_deref() == Ok("true") => {
            panic!("CI=true and INTENT_SERVICE_TEST_POSTGRES is not a postgres:// URL: the PostgreSQL tests must run")
        }
        _ => {
            eprintln!("INTENT_SERVICE_TEST_POSTGRES is not set: this PostgreSQL test has nothing to run against");
            None
        }
    }
}

/// A running `intent-service`, killed when dropped.
pub struct Server {
    pub addr: SocketAddr,
    child: Child,
    /// What it printed on standard output before `listening on ADDR`.
    pub printed: Vec<String>,
}

impl Server {
    /// Starts the built binary on a free loopback port with `db` and the test clock.
    pub fn start(db: &str) -> Server {
        Server::start_with(db, &[])
    }

    /// [`Server::start`] with more flags.
    pub fn start_with(db: &str, flags: &[&str]) -> Server {
        Server::spawn(db, flags, &[], Stdio::null())
    }

    /// [`Server::start`] with environment variables `env` and its log written to `log`.
    pub fn start_env(db: &str, env: &[(&str, &str)], log: &Path) -> Server {
        Server::spawn(db, &[], env, Stdio::from(std::fs::File::create(log).unwrap()))
    }

    /// [`Server::start`] with its log (standard error) written to `log`.
    pub fn start_logged(db: &str, log: &Path) -> Server {
        Server::spawn(db, &[], &[], Stdio::from(std::fs::File::create(log).unwrap()))
    }

    fn spawn(db: &str, flags: &[&str], env: &[(&str, &str)], stderr: Stdio) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_intent-service"))
            .args(["--listen", "127.0.0.1:0", "--db", db, "--unsafe-test-clock"])
            .args(flags)
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("the intent-service binary starts");
        let stdout = child.stdout.take().unwrap();
        let mut lines = BufReader::new(stdout).lines();
        let mut printed = Vec::new();
        let addr = loop {
            let line = lines.next().expect("intent-service printed `listening on ADDR`").unwrap();
            if let Some(addr) = line.strip_prefix("listening on ") {
                break addr.parse().unwrap();
            }
            printed.push(line);
        };
        // Keep reading stdout so the child never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        Server { addr, child, printed }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Kills the process with `signal` and waits for it.
    pub fn signal(mut self, signal: &str) -> std::process::ExitStatus {
        Command::new("kill").args([&format!("-{signal}"), &self.child.id().to_string()]).status().unwrap();
        let status = self.child.wait().unwrap();
        std::mem::forget(self);
        status
    }

    /// POST `body` to `path` with the access key and the test clock at `now`.
    pub fn call(&self, path: &str, now: Timestamp, body: &str) -> Reply {
        let now = now.to_string();
        post(self.addr, path, &[("X-Access-Key", ACCESS_KEY), ("X-Test-Now", &now)], body.as_bytes())
    }

    /// [`Server::rpc`], or `None` when the server is gone.
    pub fn try_rpc(&self, operation: &str, now: Timestamp, body: &str) -> Option<Reply> {
        let now = now.to_string();
        let path = format!("/rpc/Service/{operation}");
        try_request(self.addr, "POST", &path, &[("X-Access-Key", ACCESS_KEY), ("X-Test-Now", &now)], body.as_bytes())
    }

    /// POST to `/rpc/Service/{operation}`.
    pub fn rpc(&self, operation: &str, now: Timestamp, body: &str) -> Reply {
        self.call(&format!("/rpc/Service/{operation}"), now, body)
    }

    /// POST to `/rpc/Operator/ReportIntentOutcome` with the operator key.
    pub fn report(&self, now: Timestamp, body: &str) -> Reply {
        let now = now.to_string();
        post(
            self.addr,
            "/rpc/Operator/ReportIntentOutcome",
            &[("X-Access-Key", OPERATOR_KEY), ("X-Test-Now", &now)],
            body.as_bytes(),
        )
    }
}

impl Server {
    /// Quotes `request` at `now` and parses the answer.
    pub fn quote(&self, now: Timestamp, request: &str) -> QuoteResponse {
        self.rpc("QuoteIntent", now, request).quote()
    }

    /// Quotes `request` at `now` and commits it at `now + 1`; returns the quote.
    pub fn committed(&self, now: Timestamp, request: &str) -> QuoteResponse {
        let quote = self.quote(now, request);
        let reply = self.rpc("CommitIntent", at(now, 1), &commit_body(&quote));
        assert_eq!(reply.json()["intentId"], quote.intent.intent_id.as_str(), "{}", reply.body);
        quote
    }

    /// The receipt's status at `now`.
    pub fn status(&self, now: Timestamp, intent_id: &str) -> String {
        self.rpc("GetIntentReceipt", now, &receipt_request(intent_id)).receipt_status()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: String,
}

impl Reply {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    /// Asserts a 200 and returns the body.
    pub fn ok(self) -> String {
        assert_eq!(self.status, 200, "{}", self.body);
        self.body
    }

    /// The error body's `cause`.
    pub fn cause(&self) -> String {
        self.json()["cause"].as_str().unwrap_or_default().to_owned()
    }

    /// The answer as a QuoteResponse, asserting a 200.
    pub fn quote(self) -> QuoteResponse {
        from_slice(self.ok().as_bytes()).unwrap()
    }

    /// The status of the receipt the answer carries.
    pub fn receipt_status(&self) -> String {
        self.json()["intentReceipt"]["status"].as_str().unwrap_or_else(|| panic!("{}", self.body)).to_owned()
    }
}

/// One HTTP/1.1 request on a fresh connection.
pub fn request(addr: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
    try_request(addr, method, path, headers, body).unwrap_or_else(|| panic!("no answer from {addr}"))
}

/// [`request`], or `None` when the server is gone.
pub fn try_request(addr: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Option<Reply> {
    let mut stream = TcpStream::connect(addr).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(120))).ok()?;
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n", body.len());
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).ok()?;
    // The server may answer (413) before reading the whole body: write from another thread
    // and ignore a broken pipe.
    let mut writer = stream.try_clone().ok()?;
    let body_sent = body.to_vec();
    let body = body_sent.clone();
    let writing = std::thread::spawn(move || {
        let _ = writer.write_all(&body);
    });
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let _ = writing.join();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n")?;
    let mut lines = head.split("\r\n");
    let status: u16 = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let mut headers = HeaderMap::new();
    for line in lines {
        let (name, value) = line.split_once(':')?;
        headers.append(HeaderName::try_from(name.trim()).ok()?, HeaderValue::try_from(value.trim()).ok()?);
    }
    if method == "POST" {
        openapi::check(path, &body_sent, status, body);
    }
    Some(Reply { status, headers, body: body.to_owned() })
}

/// POST.
pub fn post(addr: SocketAddr, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
    request(addr, "POST", path, headers, body)
}

/// A base time for a test: the system clock's whole second (so the sweep, which reads the
/// system clock, never sees a record from its future).
pub fn base() -> Timestamp {
    Timestamp::from_unix(Timestamp::now().unix_seconds(), 0).unwrap()
}

/// `time + seconds`.
pub fn at(time: Timestamp, seconds: i64) -> Timestamp {
    time.checked_add_seconds(seconds).unwrap()
}

/// The shipped example quote request.
pub fn quote_request() -> String {
    std::fs::read_to_string(repo().join("examples/quote-request.json")).unwrap()
}

/// The example quote request with an owner no other test has: history read by owner then
/// lists this test's intents alone, also in the database the PostgreSQL suite shares.
pub fn quote_request_of_a_fresh_owner() -> String {
    let mut request: serde_json::Value = serde_json::from_str(&quote_request()).unwrap();
    let owner = Address::from_slice(&random_hash()[12..]);
    request["ownerAddress"] = serde_json::json!(owner.to_string());
    request.to_string()
}

/// The demo key shipped in service/demo/owner.key.
pub fn demo_key() -> SigningKey {
    let text = std::fs::read_to_string(repo().join("service/demo/owner.key")).unwrap();
    let secret: B256 = text.trim().parse().unwrap();
    SigningKey::from_slice(secret.as_slice()).unwrap()
}

/// The demo key's address.
pub fn demo_owner() -> Address {
    Address::from_private_key(&demo_key())
}

/// The example request with the demo key's address as owner.
pub fn demo_quote_request() -> String {
    let mut request: serde_json::Value = serde_json::from_str(&quote_request()).unwrap();
    request["ownerAddress"] = demo_owner().to_string().into();
    request.to_string()
}

/// Which gasless mode a test signs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gasless {
    Entrypoint { nonce: u64 },
    PermitOnly,
}

/// A signed gasless execute request for `quote`, by the demo key, valid until `deadline`
/// (Unix seconds), paying the fee in the deposit token; signed as `intent-demo-sign`
/// signs it, with the shipped configuration's permit domains.
pub fn gasless_request(quote: &QuoteResponse, mode: Gasless, deadline: u64) -> String {
    let mode = match mode {
        Gasless::Entrypoint { nonce } => demo::Gasless::Entrypoint { nonce: U256::from(nonce) },
        Gasless::PermitOnly => demo::Gasless::PermitOnly,
    };
    let chain = ChainView::new(ServiceConfig::load(None).unwrap()).unwrap();
    to_string(&demo::gasless_request(quote, &demo_key(), mode, deadline, &EntrypointNames::DEFAULT, &chain).unwrap())
}

/// A gasless signature's deadline: ten minutes after `now`, in Unix seconds.
pub fn deadline(now: Timestamp) -> u64 {
    u64::try_from(now.unix_seconds()).unwrap() + 600
}

/// A deposit-hash execute request.
pub fn hash_request(intent_id: &str, hash: B256) -> String {
    serde_json::json!({"intentId": intent_id, "depositTransactionHash": hash.to_string()}).to_string()
}

/// A random 32-byte value (deposit hashes of different tests never meet in a shared database).
pub fn random_hash() -> B256 {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).unwrap();
    B256::from(bytes)
}

/// The commit request for a quote, as the client sends the intent back.
pub fn commit_body(quote: &QuoteResponse) -> String {
    format!("{{\"intent\":{}}}", to_string(&quote.intent))
}

/// The body of a GetIntentReceipt (or an immediate WaitIntentReceipt) for `intent_id`.
pub fn receipt_request(intent_id: &str) -> String {
    serde_json::json!({"intentId": intent_id}).to_string()
}

/// The stored record of `intent_id`, read from the database directly: (revision, status).
pub fn stored(db: &str, intent_id: &str) -> (i64, String) {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let store = intent_service::store::Store::open(db).await.unwrap();
        let row = store.load(intent_id).await.unwrap().unwrap_or_else(|| panic!("no record {intent_id}"));
        store.close().await;
        (row.revision, row.status)
    })
}

/// The receipt's status at `now`.
pub fn status(server: &Server, now: Timestamp, intent_id: &str) -> String {
    let body = serde_json::json!({"intentId": intent_id}).to_string();
    let reply = server.rpc("GetIntentReceipt", now, &body);
    reply.json()["intentReceipt"]["status"].as_str().unwrap_or_else(|| panic!("{}", reply.body)).to_owned()
}

/// POSTs `body` to `path` on `router` in process (`tower::ServiceExt::oneshot`) with
/// `headers`, checks the exchange against the OpenAPI document, and answers the status and
/// the body as JSON (`null` when it is not JSON).
pub async fn call_in_process(
    router: &axum::Router,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (axum::http::StatusCode, serde_json::Value) {
    use tower::ServiceExt;
    let mut request = axum::http::Request::post(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let request = request.body(axum::body::Body::from(body.to_owned())).unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    openapi::check(path, body.as_bytes(), status.as_u16(), &String::from_utf8_lossy(&bytes));
    (status, serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null))
}
