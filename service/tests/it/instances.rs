//! Several service instances on one database (docs/spec.md §12): many concurrent
//! ExecuteIntent calls for the same intent, spread over two processes, make exactly one
//! transition to EXECUTING (the others are replays or 409), and every acknowledged change
//! is read back. On one SQLite file (or `INTENT_SERVICE_TEST_DB`), and on one PostgreSQL
//! database (`INTENT_SERVICE_TEST_POSTGRES`; required when `CI=true`).

use std::sync::Arc;

use crate::support::*;

const INTENTS: usize = 6;
const CALLS_PER_INTENT: usize = 16;

fn two_instances_race_on_execute(db: &str) {
    let servers = Arc::new([Server::start(db), Server::start(db)]);
    let t = base();
    let quotes: Vec<_> = (0..INTENTS).map(|i| servers[i % 2].committed(t, &quote_request())).collect();
    let mut threads = Vec::new();
    for quote in &quotes {
        let body = hash_request(&quote.intent.intent_id, random_hash());
        for call in 0..CALLS_PER_INTENT {
            let (servers, body) = (servers.clone(), body.clone());
            threads.push(std::thread::spawn(move || {
                servers[call % 2].rpc("ExecuteIntent", at(t, 2 + call as i64), &body)
            }));
        }
    }
    let replies: Vec<_> = threads.into_iter().map(|thread| thread.join().unwrap()).collect();
    for (quote, replies) in quotes.iter().zip(replies.chunks(CALLS_PER_INTENT)) {
        let accepted: Vec<_> = replies.iter().filter(|r| r.status == 200).collect();
        assert!(!accepted.is_empty(), "no execute accepted");
        for reply in replies {
            assert!(reply.status == 200 || reply.status == 409, "{} {}", reply.status, reply.body);
        }
        for reply in &accepted {
            assert_eq!(reply.json()["intentStatus"], "EXECUTING");
        }
        // Quote (revision 0), commit (1), one execute (2): exactly one transition.
        assert_eq!(stored(db, &quote.intent.intent_id), (2, "EXECUTING".to_owned()));
        for server in servers.iter() {
            assert_eq!(server.status(at(t, 100), &quote.intent.intent_id), "EXECUTING");
        }
    }
}

#[test]
fn two_instances_on_one_database_make_one_transition_per_intent() {
    two_instances_race_on_execute(&database("instances"));
}

#[test]
fn two_instances_on_one_sqlite_file_make_one_transition_per_intent() {
    two_instances_race_on_execute(&sqlite_file("instances-sqlite"));
}

#[test]
fn two_instances_on_one_postgres_database_make_one_transition_per_intent() {
    if let Some(url) = postgres() {
        two_instances_race_on_execute(&url);
    }
}
