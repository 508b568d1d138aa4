//! The expiry sweep (docs/spec.md §12, §6.4): applies the core's `expire` to every COMMITTED
//! record at its next deadline (the close of its execution window), and deletes QUOTED
//! records whose quote expired more than the configured grace ago (nothing can happen to
//! them: the core refuses to commit them, QUOTE_EXPIRED).
//!
//! Both read only due records of one status through the `(status, next_deadline)` index,
//! [`BATCH`] at a time, so a pass costs what is due, not what is stored. It sleeps until the
//! earliest stored deadline, or until this instance changes a record but no less than
//! [`MIN_PASS_INTERVAL`] after the last pass began (so that a busy instance, changing
//! thousands of records a second, sweeps a few times a second, not once per change), and
//! at most [`MAX_SLEEP`] (records committed by other instances are seen then). Several instances
//! may sweep the same database: the compare-and-swap lets one `expire` win and the others
//! find the record already ABORTED.

use std::sync::Arc;
use std::time::Duration;

use intent_core::{IntentStatus, Timestamp};
use tokio::sync::watch;
use tokio::time::Instant;

use crate::records::Records;

/// The longest the sweep sleeps without looking at the store.
pub const MAX_SLEEP: Duration = Duration::from_secs(1);

/// The shortest time from one pass's start to the next one's when a change wakes the sweep.
pub const MIN_PASS_INTERVAL: Duration = Duration::from_millis(100);

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
        let pass = Instant::now();
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
        until_next_pass(pass, sleep, &mut changes).await;
    }
}

/// Waits `sleep` (at least 50 ms), or, once `changes` signals a change, until
/// [`MIN_PASS_INTERVAL`] after `pass` (the last pass's start), whichever comes first.
async fn until_next_pass(pass: Instant, sleep: Duration, changes: &mut watch::Receiver<u64>) {
    let changed = async {
        if changes.changed().await.is_err() {
            // No more changes to wait for: the sleep alone decides.
            std::future::pending::<()>().await;
        }
        tokio::time::sleep_until(pass + MIN_PASS_INTERVAL).await;
    };
    let _ = tokio::time::timeout(sleep.max(Duration::from_millis(50)), changed).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_change_wakes_the_sweep_no_sooner_than_the_pass_interval() {
        let (signal, mut changes) = watch::channel(0_u64);
        // No change: the whole sleep.
        let pass = Instant::now();
        until_next_pass(pass, Duration::from_secs(1), &mut changes).await;
        assert_eq!(pass.elapsed(), Duration::from_secs(1));
        // A change every millisecond (a busy instance): the next pass is the interval after
        // this one began, not at the first change.
        let busy = tokio::spawn(async move {
            loop {
                signal.send_modify(|count| *count += 1);
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        });
        let pass = Instant::now();
        until_next_pass(pass, Duration::from_secs(1), &mut changes).await;
        assert_eq!(pass.elapsed(), MIN_PASS_INTERVAL);
        // A pass that took longer than the interval: a change wakes the sweep at once.
        tokio::time::sleep(MIN_PASS_INTERVAL * 2).await;
        let woken = Instant::now();
        until_next_pass(pass, Duration::from_secs(1), &mut changes).await;
        assert!(woken.elapsed() <= Duration::from_millis(1), "{:?}", woken.elapsed());
        busy.abort();
    }
}
