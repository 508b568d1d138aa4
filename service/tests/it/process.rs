//! The built binary as a process (docs/spec.md §12), for what only a process shows: its
//! start (flags and their environment variables, warnings, refusals, no key printed), its
//! one JSON log line per request on standard error, and SIGTERM (waiters answered,
//! half-sent requests closed within the grace period, exit 0). It listens on a free
//! loopback port (`--listen 127.0.0.1:0`, reading the printed address) and is driven over a
//! socket by the support module's small HTTP client. Everything else about HTTP is tested in
//! process ([`crate::e2e`], [`crate::contract`]).

use crate::support::*;
use serde_json::{json, Value};

#[test]
fn a_key_given_by_flag_is_accepted_beside_the_configurations() {
    let server = Server::start_with(&database("auth-flag"), &["--access-key", "flag-key"]);
    let reply =
        post(server.addr, "/rpc/Service/QuoteIntent", &[("X-Access-Key", "flag-key")], quote_request().as_bytes());
    assert_eq!(reply.status, 200, "{}", reply.body);
    let reply =
        post(server.addr, "/rpc/Service/QuoteIntent", &[("X-Access-Key", ACCESS_KEY)], quote_request().as_bytes());
    assert_eq!(reply.status, 200, "{}", reply.body);
}

#[test]
fn one_structured_log_line_per_request() {
    let log = scratch().join("requests.log");
    let server = Server::start_logged(&database("log"), &log);
    let t = base();
    let quote = server.quote(t, &quote_request());
    let reply = server.rpc("CommitIntent", at(t, 400), &commit_body(&quote));
    assert_eq!(reply.status, 400);
    assert!(server.signal("TERM").success());
    let lines: Vec<Value> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .filter(|line: &Value| line["message"] == "request")
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    let id = quote.intent.intent_id.as_str();
    let span = |i: usize| &lines[i]["span"];
    assert_eq!(
        (&span(0)["operation"], &span(0)["intentId"], &lines[0]["status"]),
        (&json!("QuoteIntent"), &json!(id), &json!(200))
    );
    assert_eq!(
        (&span(1)["operation"], &span(1)["intentId"], &lines[1]["status"]),
        (&json!("CommitIntent"), &json!(id), &json!(400))
    );
    assert!(span(1)["cause"].as_str().unwrap().starts_with("QUOTE_EXPIRED"));
    assert!(lines.iter().all(|line| line["duration_us"].is_u64()));
}

#[test]
fn graceful_shutdown_on_sigterm_finishes_the_requests_in_flight() {
    let server = Server::start(&database("shutdown"));
    let t = base();
    let quote = server.committed(t, &quote_request());
    // A WaitIntentReceipt that is still waiting when the signal comes gets its answer.
    let (addr, id) = (server.addr, quote.intent.intent_id.clone());
    let waiter = std::thread::spawn(move || {
        let body =
            json!({"intentId": id, "lastReceiptStates": ["PENDING", "PENDING"], "timeoutSeconds": 2}).to_string();
        let now = at(t, 2).to_string();
        post(
            addr,
            "/rpc/Service/WaitIntentReceipt",
            &[("X-Access-Key", ACCESS_KEY), ("X-Test-Now", &now)],
            body.as_bytes(),
        )
    });
    std::thread::sleep(std::time::Duration::from_millis(500));
    let status = server.signal("TERM");
    assert!(status.success(), "{status:?}");
    let reply = waiter.join().unwrap();
    assert_eq!(reply.json()["intentReceipt"]["status"], "COMMITTED", "{}", reply.body);
}

/// Runs the binary with `flags` until it exits or prints `listening on` (at most 5 s); its
/// standard output and error, and its exit status (`None`: it was still running).
fn start_output(flags: &[&str]) -> (String, String, Option<std::process::ExitStatus>) {
    use std::io::{BufRead, Read};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_intent-service"))
        .args(flags)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let (listening, listened) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        for line in stdout.lines().map_while(Result::ok) {
            out.push_str(&line);
            out.push('\n');
            if line.starts_with("listening on ") {
                let _ = listening.send(());
            }
        }
        out
    });
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if listened.try_recv().is_ok() || started.elapsed() > std::time::Duration::from_secs(5) {
            child.kill().unwrap();
            child.wait().unwrap();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let out = reader.join().unwrap();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    (out, err, status)
}

#[test]
fn unsafe_starts_are_refused_or_warned_about_and_keys_are_never_printed() {
    let db = sqlite_file("starts");
    // The public demo keys on a non-loopback address.
    let (_, err, status) = start_output(&["--listen", "0.0.0.0:0", "--db", &db]);
    assert!(status.is_some_and(|s| !s.success()), "{err}");
    assert!(err.contains("--unsafe-allow-demo-keys"), "{err}");
    // An empty access key, from the command line or the environment.
    let (_, err, status) = start_output(&["--listen", "127.0.0.1:0", "--db", &db, "--access-key", ""]);
    assert!(status.is_some_and(|s| !s.success()) && err.contains("empty access key"), "{err}");
    // On loopback the demo keys, the shipped configuration's unverified deposit hashes and
    // the test clock are warned about, on standard output and in the JSON log, and no key
    // is printed, only fingerprints.
    let (out, err, status) = start_output(&["--listen", "127.0.0.1:0", "--db", &db, "--unsafe-test-clock"]);
    assert!(status.is_none(), "it kept running: {err}");
    assert!(out.contains("WARNING: the demo keys") && out.contains("WARNING: --unsafe-test-clock"), "{out}");
    assert!(out.contains("WARNING: acceptUnverifiedDeposits"), "{out}");
    let warnings: Vec<Value> = err
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|line| line["level"] == "WARN" && line["unsafe_setting"] == true)
        .collect();
    assert_eq!(warnings.len(), 3, "{err}");
    assert!(warnings.iter().any(|w| w["message"].as_str().is_some_and(|m| m.starts_with("acceptUnverifiedDeposits"))));
    assert!(!out.contains(ACCESS_KEY) && !out.contains(OPERATOR_KEY) && !err.contains(ACCESS_KEY), "{out}");
    assert!(out.contains(&format!("project 42 key {}", intent_service::keys::fingerprint(ACCESS_KEY))), "{out}");
}

#[test]
fn shutdown_closes_a_half_sent_request_within_its_grace() {
    let mut config: Value = serde_json::from_str(intent_service::config::EXAMPLE_CONFIG).unwrap();
    config["server"] = json!({"shutdownGraceSeconds": 1, "bodyTimeoutSeconds": 60});
    let path = scratch().join("short-grace.json");
    std::fs::write(&path, config.to_string()).unwrap();
    let server = Server::start_with(&database("grace"), &["--config", path.to_str().unwrap()]);
    let mut stream = std::net::TcpStream::connect(server.addr).unwrap();
    let head = format!(
        "POST /rpc/Service/GetIntentReceipt HTTP/1.1\r\nHost: x\r\nX-Access-Key: {ACCESS_KEY}\r\nContent-Length: 100\r\n\r\n{{\"intentId\":"
    );
    std::io::Write::write_all(&mut stream, head.as_bytes()).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    let started = std::time::Instant::now();
    let status = server.signal("TERM");
    assert!(status.success(), "{status:?}");
    // The body would have had 60 s; the grace is 1 s.
    assert!(started.elapsed() < std::time::Duration::from_secs(4), "exited after {:?}", started.elapsed());
}
