//! A bounded load test of the reference service on loopback: a fixed number of requests
//! per operation and a time limit, stopping by itself. It serves the API in this process
//! (the same code as `intent-service`: its connection loop, router and sweep) on
//! 127.0.0.1, drives it over HTTP/1.1 keep-alive connections, and reports requests per
//! second and p50/p99 latency for QuoteIntent, CommitIntent, ExecuteIntent and
//! GetIntentReceipt, and CommitIntent again with 10,000 abandoned (expired, QUOTED)
//! records stored and with 300 WaitIntentReceipt calls open, and CommitIntent through a
//! second instance on the same database that keeps no records parsed (`server.keptRecords`
//! 0: every change reads and parses its row).
//!
//! Commits are measured in `--rounds` rounds (default 5), each beside its own floors, so
//! that a figure is a median, not one draw of a noisy floor: a round quotes `--requests`
//! intents, measures the floors, then commits them. Its floors are the database's raw
//! durable write rate (one row per transaction holding the text a commit stores, a
//! committed record's changing part, with the same connection settings, from 1 and from 8
//! connections) and the core's own commit check (parse the commit request, restore the
//! record, `IntentRecord::commit`) on the same bodies; after the last round they are
//! measured once more. A round's ratio divides its commit rate by the mean of the floors
//! measured just before and just after its commit phase; the summary gives the median of
//! the rounds' ratios, and every round's.
//!
//! The load test's own key has its rates lifted (it measures throughput, not the rate
//! limiter) and may hold the 300 waiters. A SQLite file it made itself (without `--db`)
//! is deleted at the end.
//!
//! ```text
//! cargo run -p intent-service --release --example load -- [--db URL] [--requests N] [--concurrency C] [--rounds R] [--time-limit SECONDS]
//! ```

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use intent_core::{
    from_slice, to_string, CommitRequest, EventInput, IntentRecord, IntentStatus, QuoteResponse, StatePart, Timestamp,
};
use intent_service::config::{ServiceConfig, EXAMPLE_CONFIG};
use intent_service::{server, sweep, Service};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

struct Options {
    db: String,
    /// The SQLite file made for this run (no `--db`), deleted at the end.
    own_file: Option<std::path::PathBuf>,
    requests: usize,
    concurrency: usize,
    rounds: usize,
    time_limit: Duration,
}

fn options() -> Options {
    let file = std::env::temp_dir().join(format!("intent-load-{}.db", std::process::id()));
    let mut options = Options {
        db: format!("sqlite://{}", file.display()),
        own_file: Some(file),
        requests: 2000,
        concurrency: 8,
        rounds: 5,
        time_limit: Duration::from_secs(120),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).cloned().unwrap_or_default();
        match pair[0].as_str() {
            "--db" => (options.db, options.own_file) = (value, None),
            "--requests" => options.requests = value.parse().expect("--requests N"),
            "--concurrency" => options.concurrency = value.parse().expect("--concurrency C"),
            "--rounds" => options.rounds = value.parse().ok().filter(|&r| r > 0).expect("--rounds R (at least 1)"),
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
    name: String,
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
    (Phase { name: name.to_owned(), seconds, latencies, done }, results.into_iter().map(|(_, _, body)| body).collect())
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
        let _ = record
            .apply(EventInput::commit_with(&request.intent, request.service_contracts.as_ref()), now)
            .expect("commit");
        latencies.push(one.elapsed());
    }
    let done = latencies.len();
    Phase { name: "core commit check".to_owned(), seconds: started.elapsed().as_secs_f64(), latencies, done }
}

/// The floor's row ids, unique across its runs.
static ROW: AtomicUsize = AtomicUsize::new(0);

/// The database's raw durable write rate: `n` rows holding `payload` (a quoted record's
/// own JSON, so that PostgreSQL compresses it as it does the service's rows), one per
/// transaction, from `connections` tasks over the store's own pool (its settings).
async fn raw_writes(service: &Service, n: usize, connections: usize, payload: &Arc<str>, deadline: Instant) -> Phase {
    let pool = service.app.records.store().pool().clone();
    sqlx::query("CREATE TABLE IF NOT EXISTS load_floor (id TEXT PRIMARY KEY, payload TEXT NOT NULL)")
        .execute(&pool)
        .await
        .expect("the floor's table");
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut workers = Vec::new();
    for _ in 0..connections {
        let (pool, next, text) = (pool.clone(), next.clone(), payload.clone());
        workers.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n || Instant::now() >= deadline {
                    return latencies;
                }
                let one = Instant::now();
                sqlx::query("INSERT INTO load_floor (id, payload) VALUES ($1, $2)")
                    .bind(format!("{}-{}", std::process::id(), ROW.fetch_add(1, Ordering::Relaxed)))
                    .bind(&*text)
                    .execute(&pool)
                    .await
                    .expect("a raw write");
                latencies.push(one.elapsed());
            }
        }));
    }
    let mut latencies = Vec::new();
    for worker in workers {
        latencies.extend(worker.await.expect("worker"));
    }
    let done = latencies.len();
    let name = if connections == 1 { "raw durable write, 1 connection" } else { "raw durable write, 8 connections" };
    Phase { name: name.to_owned(), seconds: started.elapsed().as_secs_f64(), latencies, done }
}

/// Quotes `n` intents through the API: the quotes and their commit bodies.
async fn quotes(
    addr: SocketAddr,
    request: &str,
    n: usize,
    c: usize,
    deadline: Instant,
) -> (Phase, Vec<QuoteResponse>, Vec<String>) {
    let (quote, bodies) = phase("quote", addr, "QuoteIntent", Arc::new(vec![request.to_owned(); n]), c, deadline).await;
    let quotes: Vec<QuoteResponse> = bodies.iter().map(|q| from_slice(q.as_bytes()).expect("a quote")).collect();
    let commits = quotes.iter().map(|q| format!("{{\"intent\":{}}}", to_string(&q.intent))).collect();
    (quote, quotes, commits)
}

fn print(phases: &[&Phase]) {
    println!("| phase | requests | rps | p50 ms | p99 ms |");
    println!("|---|---|---|---|---|");
    for phase in phases {
        println!(
            "| {} | {} | {:.0} | {:.2} | {:.2} |",
            phase.name,
            phase.done,
            phase.rps(),
            phase.percentile(0.50).as_secs_f64() * 1e3,
            phase.percentile(0.99).as_secs_f64() * 1e3
        );
    }
}

/// Serves `service` on a loopback port through the service's own connection loop: its
/// address, the sender that stops it, and the serving task.
async fn serve(service: &Service) -> (SocketAddr, tokio::sync::oneshot::Sender<()>, tokio::task::JoinHandle<()>) {
    let listener = server::bind(([127, 0, 0, 1], 0).into()).expect("bind");
    let addr = listener.local_addr().expect("address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let records = service.app.records.clone();
    let serving = tokio::spawn(server::serve(
        listener,
        service.router(),
        service.limits,
        async {
            let _ = stopped.await;
        },
        move || records.shut_down(),
    ));
    (addr, stop, serving)
}

/// The floors measured before one round's commit phase (or after the last round's).
struct Floors {
    raw_1: Phase,
    raw_8: Phase,
    core: Phase,
}

impl Floors {
    async fn measure(
        service: &Service,
        records: &[IntentRecord],
        commits: &[String],
        payload: &Arc<str>,
        deadline: Instant,
        when: &str,
    ) -> Floors {
        let n = commits.len();
        let mut floors = Floors {
            raw_1: raw_writes(service, n, 1, payload, deadline).await,
            raw_8: raw_writes(service, n, 8, payload, deadline).await,
            core: core_commit_check(records, commits, deadline),
        };
        for floor in [&mut floors.raw_1, &mut floors.raw_8, &mut floors.core] {
            floor.name = format!("{}, {when}", floor.name);
        }
        floors
    }
}

/// The quoted records of `quoted`, as the core's commit check restores them.
fn records_of(quoted: &[QuoteResponse], policy: &intent_core::Policy) -> Vec<IntentRecord> {
    quoted
        .iter()
        .map(|q| {
            IntentRecord::quote(q.intent.clone(), Some(q.gas_fee_options.clone()), policy, Timestamp::now())
                .expect("quotable")
        })
        .collect()
}

/// `rounds` rounds of quoting `n` intents and committing them: the commit phases, named
/// for `condition`.
async fn commit_rounds_of(
    addr: SocketAddr,
    request: &str,
    n: usize,
    c: usize,
    rounds: usize,
    deadline: Instant,
    condition: &str,
) -> Vec<Phase> {
    let mut phases = Vec::new();
    for round in 1..=rounds {
        let (_, _, commits) = quotes(addr, request, n, c, deadline).await;
        let (mut commit, _) = phase("commit", addr, "CommitIntent", Arc::new(commits), c, deadline).await;
        commit.name = format!("commit, {condition}, round {round}");
        phases.push(commit);
    }
    phases
}

/// The median of `values` (the mean of the middle two for an even count).
fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let middle = sorted.len() / 2;
    if sorted.len().is_multiple_of(2) {
        (sorted[middle - 1] + sorted[middle]) / 2.0
    } else {
        sorted[middle]
    }
}

/// `name: median (every value)`, each with `digits` decimals.
fn summary(name: &str, values: &[f64], digits: usize) {
    let each: Vec<String> = values.iter().map(|value| format!("{value:.digits$}")).collect();
    println!("{name}: median {:.digits$} (rounds: {})", median(values), each.join(", "));
}

fn main() {
    let options = options();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    runtime.block_on(async move {
        let mut config: serde_json::Value = serde_json::from_str(EXAMPLE_CONFIG).expect("the shipped configuration");
        config["rateLimits"] =
            serde_json::json!({"requestsPerSecond": 1_000_000_000u64, "burst": 1_000_000_000u64, "quotesPerMinute": 1_000_000_000u64});
        config["server"] = serde_json::json!({"maxWaitersPerKey": 1000, "maxRequestsInFlight": 1000});
        // The same service keeping no records parsed: every change reads its row.
        let mut unkept = config.clone();
        unkept["server"]["keptRecords"] = 0.into();
        let unkept = ServiceConfig::parse(unkept.to_string().as_bytes()).expect("the load configuration");
        let config = ServiceConfig::parse(config.to_string().as_bytes()).expect("the load configuration");
        let policy = config.policy();
        let service = Service::open(config, &options.db, &[], &[], false).await.expect("the database");
        let unkept = Service::open(unkept, &options.db, &[], &[], false).await.expect("the database");
        let (unkept_addr, stop_unkept, unkept_serving) = serve(&unkept).await;
        let (addr, stop, serving) = serve(&service).await;
        let sweeping = tokio::spawn(sweep::run(service.app.records.clone(), service.limits.quote_grace));
        let deadline = Instant::now() + options.time_limit;
        let request = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/quote-request.json"))
            .expect("examples/quote-request.json");
        let n = options.requests;
        let c = options.concurrency;

        // Rounds: quote, floors, commit; the floors once more after the last. A round's
        // floors are the mean of those just before and just after its commit phase.
        let mut payload: Option<Arc<str>> = None;
        let mut quoted_parts = None;
        let (mut quote_rounds, mut commit_rounds, mut floors) = (Vec::new(), Vec::new(), Vec::new());
        let (mut quoted, mut records) = (Vec::new(), Vec::new());
        for round in 1..=options.rounds {
            let (mut quote, round_quoted, commits) = quotes(addr, &request, n, c, deadline).await;
            records = records_of(&round_quoted, &policy);
            // The text a commit writes (the committed record's changing part), the floor's
            // row; an abandoned quote below is stored in both parts.
            let payload = payload.get_or_insert_with(|| {
                let first = records.first().expect("a quoted record");
                let mut committed = first.clone();
                let applied = committed.apply(EventInput::commit(first.intent()), Timestamp::now()).expect("committable");
                assert_eq!(applied, intent_core::Applied::Changed);
                let mut first = first.clone();
                quoted_parts = Some((first.state_json(StatePart::Quoted), first.state_json(StatePart::Changing)));
                committed.state_json(StatePart::Changing).into()
            });
            let when = format!("before round {round}");
            floors.push(Floors::measure(&service, &records, &commits, payload, deadline, &when).await);
            let (mut commit, _) = phase("commit", addr, "CommitIntent", Arc::new(commits), c, deadline).await;
            quote.name = format!("quote, round {round}");
            commit.name = format!("commit, round {round}");
            quote_rounds.push(quote);
            commit_rounds.push(commit);
            quoted = round_quoted;
        }
        let payload = payload.expect("a round");
        let when = "after the last round";
        floors.push(Floors::measure(&service, &records, &commits_again(&quoted), &payload, deadline, when).await);
        let (quoted_part, changing_part) = quoted_parts.expect("a round");

        // The last round's intents, now COMMITTED, are executed, then their receipts read.
        let executes: Vec<String> = quoted
            .iter()
            .enumerate()
            .map(|(i, q)| {
                let hash = alloy_primitives::keccak256(format!("load-{}-{i}-{}", std::process::id(), q.intent.intent_id));
                format!("{{\"intentId\":\"{}\",\"depositTransactionHash\":\"{hash}\"}}", q.intent.intent_id)
            })
            .collect();
        let (execute, _) = phase("execute", addr, "ExecuteIntent", Arc::new(executes), c, deadline).await;
        let receipts: Vec<String> =
            quoted.iter().map(|q| format!("{{\"intentId\":\"{}\"}}", q.intent.intent_id)).collect();
        let (receipt, _) = phase("receipt", addr, "GetIntentReceipt", Arc::new(receipts), c, deadline).await;

        // Commits through the instance that keeps no records: the cost of reading the row.
        let (_, _, unkept_commits) = quotes(unkept_addr, &request, n, c, deadline).await;
        let (mut unkept_commit, _) =
            phase("commit", unkept_addr, "CommitIntent", Arc::new(unkept_commits), c, deadline).await;
        unkept_commit.name = "commit, no records kept (every change reads its row)".to_owned();

        // 10,000 abandoned quotes: expired a minute ago, within the deletion grace, so the
        // sweep must pass them by.
        // Stored in one transaction, as the service's own rows.
        let expired = Timestamp::now().unix_seconds() - 60;
        let mut transaction = service.app.records.store().pool().begin().await.expect("a transaction");
        for i in 0..10_000 {
            let intent_id = format!("0xabandoned-{}-{i}", std::process::id());
            sqlx::query("INSERT INTO quotes (intent_id, project_id, quoted) VALUES ($1, 42, $2)")
                .bind(&intent_id)
                .bind(&quoted_part)
                .execute(&mut *transaction)
                .await
                .expect("an abandoned quote's quoted part");
            sqlx::query(
                "INSERT INTO intents (intent_id, project_id, revision, status, next_deadline, state) VALUES ($1, 42, 1, $2, $3, $4)",
            )
            .bind(&intent_id)
            .bind(IntentStatus::Quoted.name())
            .bind(expired)
            .bind(&changing_part)
            .execute(&mut *transaction)
            .await
            .expect("an abandoned quote");
        }
        transaction.commit().await.expect("the abandoned quotes");
        let with_abandoned = commit_rounds_of(addr, &request, n, c, options.rounds, deadline, "10,000 abandoned quotes stored").await;

        // 300 waiters on QUOTED intents that do not change.
        let (_, waited, _) = quotes(addr, &request, 300, c, deadline).await;
        let mut waiters = Vec::new();
        for q in &waited {
            let body = format!("{{\"intentId\":\"{}\",\"lastReceiptStates\":[\"PENDING\",\"PENDING\"],\"timeoutSeconds\":60}}", q.intent.intent_id);
            waiters.push(tokio::spawn(async move {
                let mut connection = Connection::open(addr).await;
                connection.post("WaitIntentReceipt", &body).await
            }));
        }
        // Every waiter is open (its connection accepted, its request waiting) before the
        // phase, so that all are answered by the shutdown rather than reset with the listener.
        let open = || {
            let text = service.app.metrics.render();
            let value = text.lines().find_map(|line| line.strip_prefix(intent_service::metrics::WAITERS)?.strip_prefix(' '));
            value.and_then(|value| value.parse::<f64>().ok()).unwrap_or(0.0)
        };
        while open() < waited.len() as f64 && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let with_waiters = commit_rounds_of(addr, &request, n, c, options.rounds, deadline, "300 WaitIntentReceipt open").await;
        let _ = stop_unkept.send(());
        let _ = unkept_serving.await;
        let _ = stop.send(());
        for waiter in waiters {
            let (status, _) = waiter.await.expect("a waiter");
            assert_eq!(status, 200, "a waiter is answered at shutdown");
        }
        let _ = serving.await;
        sweeping.abort();
        service.app.records.store().close().await;
        unkept.app.records.store().close().await;
        if let Some(file) = &options.own_file {
            for suffix in ["", "-wal", "-shm"] {
                let mut path = file.clone().into_os_string();
                path.push(suffix);
                let _ = std::fs::remove_file(path);
            }
        }

        let backend = if options.db.starts_with("postgres") { "PostgreSQL" } else { "SQLite" };
        println!(
            "database: {backend} ({}); {n} requests per operation, {c} connections, {} rounds, loopback, 2 cores shared by client and server; rows of {} bytes",
            options.db,
            options.rounds,
            payload.len()
        );
        let mut table: Vec<&Phase> = Vec::new();
        for ((quote, commit), floors) in quote_rounds.iter().zip(&commit_rounds).zip(&floors) {
            table.extend([&floors.raw_1, &floors.raw_8, &floors.core, quote, commit]);
        }
        let last = floors.last().expect("the floors after the last round");
        table.extend([&last.raw_1, &last.raw_8, &last.core, &execute, &receipt, &unkept_commit]);
        table.extend(with_abandoned.iter().chain(&with_waiters));
        print(&table);

        // Each round against the mean of the floors just before and just after it.
        let around = |round: usize, floor: fn(&Floors) -> &Phase| (floor(&floors[round]).rps() + floor(&floors[round + 1]).rps()) / 2.0;
        let ratios = |floor: fn(&Floors) -> &Phase| -> Vec<f64> {
            commit_rounds.iter().enumerate().map(|(round, commit)| commit.rps() / around(round, floor)).collect()
        };
        let rates: Vec<f64> = commit_rounds.iter().map(Phase::rps).collect();
        let all = Phase {
            name: "commit, every round".to_owned(),
            seconds: commit_rounds.iter().map(|p| p.seconds).sum(),
            latencies: commit_rounds.iter().flat_map(|p| p.latencies.iter().copied()).collect(),
            done: commit_rounds.iter().map(|p| p.done).sum(),
        };
        summary("commit rps", &rates, 0);
        println!(
            "commit latency over every round: p50 {:.2} ms, p99 {:.2} ms",
            all.percentile(0.50).as_secs_f64() * 1e3,
            all.percentile(0.99).as_secs_f64() * 1e3
        );
        summary("commit / raw durable write, 1 connection", &ratios(|f| &f.raw_1), 2);
        summary("commit / raw durable write, 8 connections", &ratios(|f| &f.raw_8), 2);
        summary("commit / core commit check", &ratios(|f| &f.core), 3);
        let typical = median(&rates);
        println!("commit / commit with no records kept (median commit rps): {:.2}", typical / unkept_commit.rps());
        let beside = |phases: &[Phase]| median(&phases.iter().map(Phase::rps).collect::<Vec<_>>()) / typical;
        println!("commit with 10,000 abandoned quotes / commit (medians of their rounds): {:.2}", beside(&with_abandoned));
        println!("commit with 300 waiters / commit (medians of their rounds): {:.2}", beside(&with_waiters));
        if Instant::now() >= deadline {
            println!("time limit reached: the counts above are what was done in time");
        }
    });
}

/// The commit bodies of `quoted` (for the second core check, on the same bodies).
fn commits_again(quoted: &[QuoteResponse]) -> Vec<String> {
    quoted.iter().map(|q| format!("{{\"intent\":{}}}", to_string(&q.intent))).collect()
}
