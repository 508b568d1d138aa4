//! The expiry sweep (docs/spec.md §12, §6.4): applies the core's `expire` to every COMMITTED
//! record at its next deadline (the close of its execution window), and deletes QUOTED
//! records whose quote expired more than the configured grace ago (nothing can happen to
//! them: the core refuses to commit them, QUOTE_EXPIRED).
//!
//! Both read only due records of one status through the `(status, next_deadline)` index,
//! [`BATCH`] at a time, so a pass costs what is due, not what is stored. It sleeps until the
//! earliest stored deadline, or until this instance changes a record, and at most
//! [`MAX_SLEEP`] (records committed by other instances are seen then). Several instances
//! may sweep the same database: the compare-and-swap lets one `expire` win and the others
//! find the record already ABORTED.

use std::sync::Arc;
use std::time::Duration;

use intent_core::{IntentStatus, Timestamp};

use crate::records::Records;

/// The longest the sweep sleeps without looking at the store.
pub const MAX_SLEEP: Duration = Duration::from_secs(1);

/// How many records one pass expires or deletes at most before looking again.
pub const BATCH: i64 = 256;

/// Runs the sweep until the task is dropped; expired quotes are deleted `quote_grace` after
/// they expired.
pub async fn run(records: Arc<Records>, quote_grace: Duration) {
    let committed = IntentStatus::Committed.name().to_owned();
    let quoted = IntentStatus::Quoted.name().to_owned();
    let grace = i64::try_from(quote_grace.as_secs()).unwrap_or(i64::MAX);
    let mut changes = records.subscribe();
    loop {
        let now = Timestamp::now();
        match records.store().delete_due(&quoted, now.unix_seconds().saturating_sub(grace), BATCH).await {
            Ok(deleted) if deleted > 0 => tracing::info!(deleted, "sweep: expired quotes deleted"),
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %records.store_failure(&e), "sweep: cannot delete expired quotes"),
        }
        // Due records that stay COMMITTED (a record whose last event is later than this
        // clock) are looked at again after MAX_SLEEP, not in a busy loop.
        let mut stuck = false;
        match records.store().due(&committed, now.unix_seconds(), BATCH).await {
            Ok(due) => {
                let mut expired = 0;
                for intent_id in &due {
                    match records.expire(intent_id, Timestamp::now()).await {
                        Ok(true) => expired += 1,
                        Ok(false) => {}
                        Err(failure) => {
                            tracing::warn!(
                                intentId = intent_id.as_str(),
                                cause = failure.body().cause.as_str(),
                                "sweep: expire failed"
                            )
                        }
                    }
                }
                if expired > 0 && due.len() == BATCH as usize {
                    continue;
                }
                stuck = expired < due.len();
            }
            Err(e) => tracing::warn!(error = %records.store_failure(&e), "sweep: cannot read due records"),
        }
        let sleep = match records.store().earliest_deadline(&committed).await {
            _ if stuck => MAX_SLEEP,
            Ok(Some(deadline)) => {
                let seconds = deadline.saturating_sub(Timestamp::now().unix_seconds()).max(0);
                Duration::from_secs(u64::try_from(seconds).unwrap_or(0)).min(MAX_SLEEP)
            }
            _ => MAX_SLEEP,
        };
        let _ = tokio::time::timeout(sleep.max(Duration::from_millis(50)), changes.changed()).await;
    }
}
