//! What an operator measures the service by, as Prometheus text (`GET /metrics`, docs/spec.md
//! §12): requests and their latency by operation and outcome, records by status, the
//! sweep's lag behind the earliest deadline, waiters open, store errors, relayed
//! deposits by outcome, whether each chain's relayer is short of funds, and the cross-chain
//! intents waiting past the configured bound.
//!
//! Each instance has its own [`Metrics`] (a `metrics-exporter-prometheus` recorder used
//! directly, never installed as the process's global one, so that several services in one
//! process keep apart); `GET /metrics` renders it from a handler ([`crate::http`]), with no
//! listener of the exporter's own. Records by status and the sweep's lag are read from the
//! store when rendered, so they are right whichever instance changed the records.
//!
//! What does not live here: who may read it (operator keys only, [`crate::http`]) and the
//! store's queries ([`crate::store`]).

use std::time::Duration;

use metrics::{Counter, Gauge, Key, Label, Level, Metadata, Recorder, Unit};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle, PrometheusRecorder};

/// Requests answered, by `operation` and `outcome`.
pub const REQUESTS: &str = "service_requests_total";
/// Seconds from a request's arrival to its answer, by `operation` and `outcome`.
pub const REQUEST_SECONDS: &str = "service_request_duration_seconds";
/// Records stored, by `status`.
pub const RECORDS: &str = "service_records";
/// Seconds since the earliest deadline of a COMMITTED record, 0 when none is past.
pub const SWEEP_LAG: &str = "service_sweep_lag_seconds";
/// WaitIntentReceipt calls open.
pub const WAITERS: &str = "service_waiters_open";
/// Store operations that failed.
pub const STORE_ERRORS: &str = "service_store_errors_total";
/// Relayed deposits' outcomes, by `outcome` ([`RelayOutcome`]).
pub const RELAYS: &str = "service_relays_total";
/// Origin meta-transactions' outcomes, by `outcome` ([`ExecutionOutcome`]).
pub const EXECUTIONS: &str = "service_executions_total";
/// 1 while a chain's relayer cannot pay for gas (its intents wait), else 0, by `chain_id`.
pub const RELAYER_SHORT: &str = "service_relayer_short_of_funds";
/// Cross-chain intents waiting after their burn longer than `attestation.waitBoundSeconds`.
pub const WAITING_PAST_BOUND: &str = "service_intents_waiting_past_bound";

/// What became of one relayed gasless deposit (docs/spec.md §12), the `outcome` label of
/// [`RELAYS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelayOutcome {
    /// Signed, stored and handed to the node.
    Sent,
    /// Mined with status 1 and the chain's confirmations.
    Succeeded,
    /// Mined with status 0: the intent failed with the decoded revert.
    Reverted,
    /// Refused before sending: its gas estimate reverted (the intent failed with the revert).
    Refused,
    /// The node refused the signed transaction (nothing was sent; it is signed again later).
    Rejected,
    /// Not mined within the chain's `replaceAfterBlocks`: replaced with the same nonce and a
    /// higher fee.
    Replaced,
}

impl RelayOutcome {
    /// The label value.
    pub fn label(self) -> &'static str {
        match self {
            RelayOutcome::Sent => "sent",
            RelayOutcome::Succeeded => "succeeded",
            RelayOutcome::Reverted => "reverted",
            RelayOutcome::Refused => "refused",
            RelayOutcome::Rejected => "rejected",
            RelayOutcome::Replaced => "replaced",
        }
    }
}

/// What became of one intent the executor drives (docs/spec.md §12, The executor), the
/// `outcome` label of [`EXECUTIONS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExecutionOutcome {
    /// Its origin meta-transaction was signed, stored and handed to the node.
    Sent,
    /// Someone else's transaction ran its wallet first: adopted, not sent.
    Adopted,
    /// Not mined within the chain's `replaceAfterBlocks`: replaced with a higher fee.
    Replaced,
    /// Its origin transaction SUCCEEDED.
    Succeeded,
    /// Its origin transaction was judged FAILED (then REFUNDED when the receipt shows it).
    Failed,
    /// The core's time bound passed before it could be executed: FAILED.
    TimedOut,
}

impl ExecutionOutcome {
    /// The label value.
    pub fn label(self) -> &'static str {
        match self {
            ExecutionOutcome::Sent => "sent",
            ExecutionOutcome::Adopted => "adopted",
            ExecutionOutcome::Replaced => "replaced",
            ExecutionOutcome::Succeeded => "succeeded",
            ExecutionOutcome::Failed => "failed",
            ExecutionOutcome::TimedOut => "timed_out",
        }
    }
}

/// The latency histogram's buckets, in seconds: a millisecond to a minute (the longest wait).
const BUCKETS: &[f64] = &[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0];

static METADATA: Metadata<'static> = Metadata::new(module_path!(), Level::INFO, Some(module_path!()));

/// One instance's metrics.
pub struct Metrics {
    recorder: PrometheusRecorder,
    handle: PrometheusHandle,
    store_errors: Counter,
    waiters: Gauge,
    sweep_lag: Gauge,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    /// Fresh metrics, every one described.
    pub fn new() -> Metrics {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(metrics_exporter_prometheus::Matcher::Full(REQUEST_SECONDS.to_owned()), BUCKETS)
            .map(PrometheusBuilder::build_recorder)
            .unwrap_or_else(|_| PrometheusBuilder::new().build_recorder());
        let describe = |name: &'static str, unit: Option<Unit>, text: &'static str| {
            recorder.describe_counter(name.into(), unit, text.into());
        };
        describe(REQUESTS, Some(Unit::Count), "Requests answered, by operation and outcome (ok or the error kind).");
        describe(STORE_ERRORS, Some(Unit::Count), "Store operations that failed.");
        describe(
            RELAYS,
            Some(Unit::Count),
            "Relayed gasless deposits, by outcome (sent, succeeded, reverted, refused, rejected, replaced).",
        );
        describe(
            EXECUTIONS,
            Some(Unit::Count),
            "Executed intents' origin transactions, by outcome (sent, adopted, replaced, succeeded, failed, timed_out).",
        );
        recorder.describe_histogram(
            REQUEST_SECONDS.into(),
            Some(Unit::Seconds),
            "Seconds from a request's arrival to its answer, by operation and outcome.".into(),
        );
        recorder.describe_gauge(RECORDS.into(), Some(Unit::Count), "Records stored, by status.".into());
        recorder.describe_gauge(
            SWEEP_LAG.into(),
            Some(Unit::Seconds),
            "Seconds since the earliest deadline of a COMMITTED record (0 when none is past).".into(),
        );
        recorder.describe_gauge(
            RELAYER_SHORT.into(),
            None,
            "1 while a chain's relayer cannot pay for gas (its intents wait), else 0, by chain_id.".into(),
        );
        recorder.describe_gauge(
            WAITING_PAST_BOUND.into(),
            Some(Unit::Count),
            "Cross-chain intents waiting after their burn (attestation, node) past attestation.waitBoundSeconds."
                .into(),
        );
        recorder.describe_gauge(WAITERS.into(), Some(Unit::Count), "WaitIntentReceipt calls open.".into());
        let store_errors = recorder.register_counter(&Key::from_static_name(STORE_ERRORS), &METADATA);
        let waiters = recorder.register_gauge(&Key::from_static_name(WAITERS), &METADATA);
        let sweep_lag = recorder.register_gauge(&Key::from_static_name(SWEEP_LAG), &METADATA);
        // Present from the start, at zero.
        store_errors.absolute(0);
        waiters.set(0.0);
        sweep_lag.set(0.0);
        recorder.register_gauge(&Key::from_static_name(WAITING_PAST_BOUND), &METADATA).set(0.0);
        let handle = recorder.handle();
        Metrics { recorder, handle, store_errors, waiters, sweep_lag }
    }

    /// Counts a request of `operation` answered with `outcome` after `latency`.
    pub fn request(&self, operation: &'static str, outcome: &'static str, latency: Duration) {
        let labels =
            vec![Label::from_static_parts("operation", operation), Label::from_static_parts("outcome", outcome)];
        self.recorder.register_counter(&Key::from_parts(REQUESTS, labels.clone()), &METADATA).increment(1);
        self.recorder
            .register_histogram(&Key::from_parts(REQUEST_SECONDS, labels), &METADATA)
            .record(latency.as_secs_f64());
    }

    /// The counter of store errors, for the code that talks to the store.
    pub fn store_errors(&self) -> Counter {
        self.store_errors.clone()
    }

    /// Counts a relayed deposit's `outcome`.
    pub fn relay(&self, outcome: RelayOutcome) {
        let key = Key::from_parts(RELAYS, vec![Label::from_static_parts("outcome", outcome.label())]);
        self.recorder.register_counter(&key, &METADATA).increment(1);
    }

    /// Counts an executed intent's `outcome`.
    pub fn execution(&self, outcome: ExecutionOutcome) {
        let key = Key::from_parts(EXECUTIONS, vec![Label::from_static_parts("outcome", outcome.label())]);
        self.recorder.register_counter(&key, &METADATA).increment(1);
    }

    /// Sets whether the relayer of `chain_id` is short of funds.
    pub fn relayer_short(&self, chain_id: u64, short: bool) {
        let key = Key::from_parts(RELAYER_SHORT, vec![Label::new("chain_id", chain_id.to_string())]);
        self.recorder.register_gauge(&key, &METADATA).set(if short { 1.0 } else { 0.0 });
    }

    /// Counts a waiter open until the guard is dropped.
    pub fn waiter(&self) -> WaiterGuard {
        self.waiters.increment(1.0);
        WaiterGuard(self.waiters.clone())
    }

    /// Sets the number of records of `status`.
    pub fn records(&self, status: &'static str, count: u64) {
        let key = Key::from_parts(RECORDS, vec![Label::from_static_parts("status", status)]);
        // Counts of records are far below 2^53: exact as a double.
        self.recorder.register_gauge(&key, &METADATA).set(count as f64);
    }

    /// Sets the sweep's lag.
    pub fn sweep_lag(&self, seconds: u64) {
        self.sweep_lag.set(seconds as f64);
    }

    /// Sets how many cross-chain intents wait past the bound.
    pub fn waiting_past_bound(&self, count: u64) {
        // Far below 2^53: exact as a double.
        self.recorder.register_gauge(&Key::from_static_name(WAITING_PAST_BOUND), &METADATA).set(count as f64);
    }

    /// The Prometheus text of every metric.
    pub fn render(&self) -> String {
        self.handle.run_upkeep();
        self.handle.render()
    }
}

/// A WaitIntentReceipt call open: counted in [`WAITERS`] until dropped.
pub struct WaiterGuard(Gauge);

impl Drop for WaiterGuard {
    fn drop(&mut self) {
        self.0.decrement(1.0);
    }
}
