//! Crash safety (docs/spec.md §12): a service killed with SIGKILL under load and restarted
//! on the same database has every change it acknowledged.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::support::*;
use intent_core::{from_slice, QuoteResponse};

/// Quote, commit and execute in a loop until the server is gone or the time is up,
/// recording each acknowledged change as (intent id, status).
fn load(
    server_addr: std::net::SocketAddr,
    stop: Arc<AtomicBool>,
    acknowledged: Arc<Mutex<Vec<(String, &'static str)>>>,
) {
    let server = Client { addr: server_addr };
    let t = base();
    let started = Instant::now();
    while !stop.load(Ordering::Relaxed) && started.elapsed() < Duration::from_secs(30) {
        let Some(reply) = server.rpc("QuoteIntent", t, &quote_request()) else { return };
        if reply.status != 200 {
            continue;
        }
        let quote: QuoteResponse = from_slice(reply.body.as_bytes()).unwrap();
        let id = quote.intent.intent_id.clone();
        acknowledged.lock().unwrap().push((id.clone(), "QUOTED"));
        let Some(reply) = server.rpc("CommitIntent", at(t, 1), &commit_body(&quote)) else { return };
        assert_eq!(reply.status, 200, "{}", reply.body);
        acknowledged.lock().unwrap().push((id.clone(), "COMMITTED"));
        let Some(reply) = server.rpc("ExecuteIntent", at(t, 2), &hash_request(&id, random_hash())) else { return };
        assert_eq!(reply.status, 200, "{}", reply.body);
        acknowledged.lock().unwrap().push((id, "EXECUTING"));
    }
}

struct Client {
    addr: std::net::SocketAddr,
}

impl Client {
    fn rpc(&self, operation: &str, now: intent_core::Timestamp, body: &str) -> Option<Reply> {
        let now = now.to_string();
        let path = format!("/rpc/Service/{operation}");
        try_request(self.addr, "POST", &path, &[("X-Access-Key", ACCESS_KEY), ("X-Test-Now", &now)], body.as_bytes())
    }
}

#[test]
fn sigkill_under_load_loses_no_acknowledged_change() {
    sigkill_under_load(&database("crash"));
}

#[test]
fn sigkill_under_load_with_sqlite_synchronous_normal_loses_no_acknowledged_change() {
    sigkill_under_load(&format!("{}?synchronous=normal", sqlite_file("crash-normal")));
}

fn sigkill_under_load(db: &str) {
    let db = db.to_owned();
    let server = Server::start(&db);
    let stop = Arc::new(AtomicBool::new(false));
    let acknowledged = Arc::new(Mutex::new(Vec::new()));
    let clients: Vec<_> = (0..4)
        .map(|_| {
            let (stop, acknowledged, addr) = (stop.clone(), acknowledged.clone(), server.addr);
            std::thread::spawn(move || load(addr, stop, acknowledged))
        })
        .collect();
    // Kill once the load has made some changes (bounded: at most 20 s of waiting).
    let waiting = Instant::now();
    while acknowledged.lock().unwrap().len() < 60 && waiting.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let killed = server.signal("KILL");
    assert!(!killed.success());
    stop.store(true, Ordering::Relaxed);
    for client in clients {
        client.join().unwrap();
    }
    let acknowledged = acknowledged.lock().unwrap().clone();
    assert!(acknowledged.len() >= 60, "the load made only {} changes", acknowledged.len());

    let server = Server::start(&db);
    let order = ["QUOTED", "COMMITTED", "EXECUTING"];
    let mut latest = std::collections::HashMap::new();
    for (id, status) in &acknowledged {
        let rank = order.iter().position(|s| s == status).unwrap();
        let entry = latest.entry(id.clone()).or_insert(rank);
        *entry = (*entry).max(rank);
    }
    for (id, rank) in latest {
        let now = at(base(), 3);
        let read = server.status(now, &id);
        let read_rank = order.iter().position(|s| *s == read).unwrap_or_else(|| panic!("{id}: {read}"));
        assert!(read_rank >= rank, "{id}: acknowledged {} but read {read}", order[rank]);
    }
}
