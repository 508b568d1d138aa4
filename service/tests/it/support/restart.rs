//! The built `intent-service` as a process that a test kills (SIGKILL, as a crash) and
//! starts again on the same database, configuration and relayer key: the failure tests'
//! "service killed between two stages". Its standard error goes to a log file per start
//! (printed when a test fails, see [`Restartable::logs`]).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use intent_core::Timestamp;
use serde_json::{json, Value};

use super::{scratch, Server};

/// A service process that can be killed and started again.
pub struct Restartable {
    name: String,
    db: String,
    config: PathBuf,
    relayer_key: String,
    starts: usize,
    server: Option<Server>,
}

impl Restartable {
    /// Writes `config` to a scratch file and starts the service on it and `db`, relaying
    /// and executing from `relayer_key` (`INTENT_RELAYER_KEY`); `name` names its files.
    pub fn start(name: &str, config: &Value, db: &str, relayer_key: &str) -> Restartable {
        let path = scratch().join(format!("{name}-{}.json", std::process::id()));
        std::fs::write(&path, config.to_string()).expect("the configuration is written");
        let mut service = Restartable {
            name: name.to_owned(),
            db: db.to_owned(),
            config: path,
            relayer_key: relayer_key.to_owned(),
            starts: 0,
            server: None,
        };
        service.restart();
        service
    }

    /// Kills the process (SIGKILL: nothing is flushed, nothing is finished).
    ///
    /// # Panics
    ///
    /// When it is not running, or exited by itself.
    pub fn kill(&mut self) {
        let server = self.server.take().expect("the service is running");
        let status = server.signal("KILL");
        assert!(!status.success(), "the service was killed, not exited: {status:?}");
    }

    /// Starts the process again (after [`Restartable::kill`]).
    ///
    /// # Panics
    ///
    /// When it is running, or does not start.
    pub fn restart(&mut self) {
        assert!(self.server.is_none(), "the service is running");
        self.starts += 1;
        let log = self.log(self.starts);
        let config = self.config.to_str().expect("a UTF-8 path").to_owned();
        let env = [("INTENT_RELAYER_KEY", self.relayer_key.as_str())];
        self.server = Some(Server::spawn(
            &self.db,
            &["--config", &config],
            &env,
            std::process::Stdio::from(std::fs::File::create(log).expect("the log file")),
        ));
    }

    /// The running process.
    ///
    /// # Panics
    ///
    /// When it is not running.
    pub fn server(&self) -> &Server {
        self.server.as_ref().expect("the service is running")
    }

    /// `operation` with `body` on the system clock: the answer, asserting a 200.
    pub fn rpc(&self, operation: &str, body: &str) -> Value {
        let reply = self.server().rpc(operation, Timestamp::now(), body);
        assert_eq!(reply.status, 200, "{operation}: {}", reply.body);
        reply.json()
    }

    /// The receipt of `intent_id`.
    pub fn receipt(&self, intent_id: &str) -> Value {
        self.rpc("GetIntentReceipt", &json!({"intentId": intent_id}).to_string())["intentReceipt"].clone()
    }

    /// The receipt once `check` holds for it, asked every 50 ms for at most `bound` (a
    /// bound on a hang, not a timing assertion).
    ///
    /// # Panics
    ///
    /// When `check` still fails after `bound`, with the receipt and the service's logs.
    pub fn wait(&self, intent_id: &str, bound: Duration, check: impl Fn(&Value) -> bool) -> Value {
        let started = Instant::now();
        loop {
            let receipt = self.receipt(intent_id);
            if check(&receipt) {
                return receipt;
            }
            assert!(started.elapsed() < bound, "{receipt:#}\n{}", self.logs());
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// `GET path` with the operator key (`/healthz`, `/metrics`): the body.
    pub fn get(&self, path: &str) -> String {
        super::request(self.server().addr, "GET", path, &[("X-Access-Key", super::OPERATOR_KEY)], b"").body
    }

    /// The last lines of every start's log, for a failure's message.
    pub fn logs(&self) -> String {
        let mut text = String::new();
        for start in 1..=self.starts {
            let log = std::fs::read_to_string(self.log(start)).unwrap_or_default();
            // The request lines say little; what the executor logged is the rest.
            let lines: Vec<&str> = log.lines().filter(|line| !line.contains(r#""message":"request""#)).collect();
            let tail = &lines[lines.len().saturating_sub(30)..];
            text.push_str(&format!("--- {} start {start}:\n{}\n", self.name, tail.join("\n")));
        }
        text
    }

    fn log(&self, start: usize) -> PathBuf {
        scratch().join(format!("{}-{}-{start}.log", self.name, std::process::id()))
    }
}
