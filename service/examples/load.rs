//! A bounded load test of the reference service on loopback: a fixed number of requests
//! per operation and a time limit, stopping by itself. It serves the API in this process
//! (the same code as `intent-service`) on 127.0.0.1, drives it over HTTP/1.1 keep-alive
//! connections, and reports requests per second and p50/p99 latency for QuoteIntent,
//! CommitIntent, ExecuteIntent and GetIntentReceipt, beside the core's own commit check
//! (parse the commit request, restore the record, `IntentRecord::commit`) measured on the
//! same bodies in the same run.
//!
//! ```text
//! cargo run -p intent-service --release --example load -- [--db URL] [--requests N] [--concurrency C] [--time-limit SECONDS]
//! ```

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use intent_core::{from_slice, to_string, CommitRequest, IntentRecord, QuoteResponse, Timestamp};
use intent_service::config::ServiceConfig;
use intent_service::{http, Service};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

struct Options {
    db: String,
    requests: usize,
    concurrency: usize,
    time_limit: Duration,
}

fn options() -> Options {
    let mut options = Options {
        db: format!(
            "sqlite://{}",
            std::env::temp_dir().join(format!("intent-load-{}.db", std::process::id())).display()
        ),
        requests: 2000,
        concurrency: 8,
        time_limit: Duration::from_secs(120),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).cloned().unwrap_or_default();
        match pair[0].as_str() {
            "--db" => options.db = value,
            "--requests" => options.requests = value.parse().expect("--requests N"),
            "--concurrency" => options.concurrency = value.parse().expect("--concurrency C"),
            "--time-limit" => options.time_limit = Duration::from_secs(value.parse().expect("--time-limit SECONDS")),
            other => panic!("unknown flag {other}"),
        }
    }
    options
}

/// One keep-alive HTTP/1.1 connection.
struct Connection {
    reader: BufReader<TcpStream>,
}

impl Connection {
    async fn open(addr: SocketAddr) -> Connection {
        let stream = TcpStream::connect(addr).await.expect("connect");
        stream.set_nodelay(true).expect("nodelay");
        Connection { reader: BufReader::new(stream) }
    }

    async fn post(&mut self, operation: &str, body: &str) -> (u16, String) {
        let head = format!(
            "POST /rpc/Service/{operation} HTTP/1.1\r\nHost: load\r\nX-Access-Key: demo-access-key\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        let stream = self.reader.get_mut();
        stream.write_all(head.as_bytes()).await.expect("write");
        stream.write_all(body.as_bytes()).await.expect("write");
        let mut line = String::new();
        self.reader.read_line(&mut line).await.expect("status line");
        let status: u16 = line.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("status");
        let mut length = 0;
        loop {
            line.clear();
            self.reader.read_line(&mut line).await.expect("header");
            if line == "\r\n" {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse().expect("content-length");
                }
            }
        }
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body).await.expect("body");
        (status, String::from_utf8(body).expect("UTF-8"))
    }
}

struct Phase {
    name: &'static str,
    seconds: f64,
    latencies: Vec<Duration>,
    done: usize,
}

impl Phase {
    fn rps(&self) -> f64 {
        self.done as f64 / self.seconds
    }

    fn percentile(&self, p: f64) -> Duration {
        let mut sorted = self.latencies.clone();
        sorted.sort();
        sorted.get(((sorted.len() as f64 * p).ceil() as usize).saturating_sub(1)).copied().unwrap_or_default()
    }
}

/// Sends `bodies[i]` to `operation` from `concurrency` connections until all are sent or
/// `deadline` passes; every answer must be 200.
async fn phase(
    name: &'static str,
    addr: SocketAddr,
    operation: &'static str,
    bodies: Arc<Vec<String>>,
    concurrency: usize,
    deadline: Instant,
) -> (Phase, Vec<String>) {
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut workers = Vec::new();
    for _ in 0..concurrency {
        let (next, bodies) = (next.clone(), bodies.clone());
        workers.push(tokio::spawn(async move {
            let mut connection = Connection::open(addr).await;
            let mut out = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= bodies.len() || Instant::now() >= deadline {
                    return out;
                }
                let sent = Instant::now();
                let (status, body) = connection.post(operation, &bodies[i]).await;
                assert_eq!(status, 200, "{operation}: {body}");
                out.push((i, sent.elapsed(), body));
            }
        }));
    }
    let mut results = Vec::new();
    for worker in workers {
        results.extend(worker.await.expect("worker"));
    }
    let seconds = started.elapsed().as_secs_f64();
    results.sort_by_key(|(i, _, _)| *i);
    let latencies = results.iter().map(|(_, latency, _)| *latency).collect();
    let done = results.len();
    (Phase { name, seconds, latencies, done }, results.into_iter().map(|(_, _, body)| body).collect())
}

/// The core's commit check on the same bodies: parse the commit request, restore the
/// quoted record from its state, commit. One thread, in this process.
fn core_commit_check(records: &[IntentRecord], bodies: &[String], deadline: Instant) -> Phase {
    let now = Timestamp::now();
    let mut latencies = Vec::with_capacity(bodies.len());
    let started = Instant::now();
    for (record, body) in records.iter().zip(bodies) {
        if Instant::now() >= deadline {
            break;
        }
        let one = Instant::now();
        let request: CommitRequest = from_slice(body.as_bytes()).expect("a commit request");
        let mut record = IntentRecord::from_state(from_slice(to_string(&record.state()).as_bytes()).expect("state"))
            .expect("a record");
        let _ = record.commit(&request.intent, request.service_contracts.as_ref(), now).expect("commit");
        latencies.push(one.elapsed());
    }
    let done = latencies.len();
    Phase { name: "core commit check", seconds: started.elapsed().as_secs_f64(), latencies, done }
}

fn main() {
    let options = options();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    runtime.block_on(async move {
        let config = ServiceConfig::load(None).expect("the shipped configuration");
        let policy = config.policy();
        let service = Service::open(config, &options.db, &[], &[], false).await.expect("the database");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("address");
        tokio::spawn(async move { axum::serve(listener, http::router(service.app.clone())).await });
        let deadline = Instant::now() + options.time_limit;
        let request = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/quote-request.json"))
            .expect("examples/quote-request.json");
        let n = options.requests;
        let c = options.concurrency;

        let (quote, quotes) = phase("quote", addr, "QuoteIntent", Arc::new(vec![request; n]), c, deadline).await;
        let quotes: Vec<QuoteResponse> = quotes.iter().map(|q| from_slice(q.as_bytes()).expect("a quote")).collect();
        let commits: Vec<String> = quotes.iter().map(|q| format!("{{\"intent\":{}}}", to_string(&q.intent))).collect();
        let records: Vec<IntentRecord> = quotes
            .iter()
            .map(|q| {
                IntentRecord::quote(q.intent.clone(), Some(q.gas_fee_options.clone()), &policy, Timestamp::now())
                    .expect("quotable")
            })
            .collect();
        let core = core_commit_check(&records, &commits, deadline);
        let (commit, _) = phase("commit", addr, "CommitIntent", Arc::new(commits), c, deadline).await;
        let executes: Vec<String> = quotes
            .iter()
            .enumerate()
            .map(|(i, q)| {
                let hash = alloy_primitives::keccak256(format!("load-{}-{i}-{}", std::process::id(), q.intent.intent_id));
                format!("{{\"intentId\":\"{}\",\"depositTransactionHash\":\"{hash}\"}}", q.intent.intent_id)
            })
            .collect();
        let (execute, _) = phase("execute", addr, "ExecuteIntent", Arc::new(executes), c, deadline).await;
        let receipts: Vec<String> =
            quotes.iter().map(|q| format!("{{\"intentId\":\"{}\"}}", q.intent.intent_id)).collect();
        let (receipt, _) = phase("receipt", addr, "GetIntentReceipt", Arc::new(receipts), c, deadline).await;

        let backend = if options.db.starts_with("postgres") { "PostgreSQL" } else { "SQLite" };
        println!("database: {backend}; {n} requests per operation, {c} connections, loopback, 2 cores shared by client and server");
        println!("| operation | requests | rps | p50 ms | p99 ms |");
        println!("|---|---|---|---|---|");
        for phase in [&quote, &commit, &execute, &receipt, &core] {
            println!(
                "| {} | {} | {:.0} | {:.2} | {:.2} |",
                phase.name,
                phase.done,
                phase.rps(),
                phase.percentile(0.50).as_secs_f64() * 1e3,
                phase.percentile(0.99).as_secs_f64() * 1e3
            );
        }
        println!("commit / core commit check: {:.2}", commit.rps() / core.rps());
        if Instant::now() >= deadline {
            println!("time limit reached: the counts above are what was done in time");
        }
    });
}
