//! Which intents some instance waits on, and this instance's recent changes: on
//! PostgreSQL a change is announced to the other instances (on [`super::CHANGES_CHANNEL`])
//! only when some instance waits on its intent, so that a change nobody waits on costs no
//! notification (a transaction and a signal to every listener).
//!
//! An instance that starts waiting on an intent announces the watch first, on
//! [`WATCHES_CHANNEL`] (payload `<intentId> <seconds>`, how long the watch lasts), and
//! only then reads the intent's record. Every instance listens and notes the watch here
//! until it lasts. A change committed before the watch was noted but after the waiter
//! read its record would be missed: so an instance that notes a watch announces again its
//! own change of that intent made within [`RECENT_CHANGES_KEPT`] (before the waiter read
//! it or after, announcing again is harmless). A watch or change older than that, or
//! announced while a listener reconnected, is caught by the waiters' poller (docs/spec.md
//! §12).
//!
//! This module holds the two tables and their bounds, with the time passed in; sending and
//! listening is [`super::Store`]'s and [`crate::records`]'s.

use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The PostgreSQL channel on which an instance announces that it waits on an intent
/// (`NOTIFY`), with the payload `<intentId> <seconds>`.
pub const WATCHES_CHANNEL: &str = "intent_watches";

/// How long an instance keeps its own changes, to announce one again when a watch of its
/// intent arrives late: longer than a notification takes to arrive, as long as the waiters'
/// poller behind the listener takes to see a change anyway.
pub const RECENT_CHANGES_KEPT: Duration = Duration::from_secs(5);

/// The most recent changes kept (the oldest go first): at 10,000 changes a second, about
/// 6.5 s of them.
pub const MAX_RECENT_CHANGES: usize = 65_536;

/// The longest watch noted, in seconds: a WaitIntentReceipt waits at most
/// `WaitIntentReceiptRequest::MAX_TIMEOUT_SECONDS` (60); a longer one heard is cut to this.
pub const LONGEST_WATCH_SECONDS: u64 = 120;

/// The watched intents below this many are never pruned of expired watches.
const PRUNE_FLOOR: usize = 64;

/// The watches this instance knows of, and its recent changes.
#[derive(Debug, Default)]
pub struct Watches {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    /// Watched intents and when their watch ends.
    watched: HashMap<String, Instant>,
    /// Expired watches are dropped when `watched` reaches this size.
    prune_at: usize,
    /// This instance's committed changes (when, intent, revision), oldest first.
    recent: VecDeque<(Instant, String, i64)>,
}

impl Inner {
    /// Drops the changes older than [`RECENT_CHANGES_KEPT`] at `now`, and the oldest beyond
    /// [`MAX_RECENT_CHANGES`].
    fn forget_old_changes(&mut self, now: Instant) {
        while let Some((at, _, _)) = self.recent.front() {
            if self.recent.len() <= MAX_RECENT_CHANGES && now.saturating_duration_since(*at) <= RECENT_CHANGES_KEPT {
                break;
            }
            self.recent.pop_front();
        }
    }
}

impl Watches {
    /// No watches and no changes.
    pub fn new() -> Watches {
        Watches::default()
    }

    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Notes that an instance waits on `intent_id` until `until`: this instance's latest
    /// change of it kept at `now` (its revision), to announce again, if it made one.
    pub fn watch(&self, intent_id: &str, until: Instant, now: Instant) -> Option<i64> {
        let mut inner = self.inner();
        let end = inner.watched.entry(intent_id.to_owned()).or_insert(until);
        *end = (*end).max(until);
        if inner.watched.len() >= inner.prune_at.max(PRUNE_FLOOR) {
            inner.watched.retain(|_, end| *end > now);
            inner.prune_at = 2 * inner.watched.len();
        }
        inner.forget_old_changes(now);
        inner.recent.iter().rev().find(|(_, id, _)| id == intent_id).map(|(_, _, revision)| *revision)
    }

    /// Whether an instance waits on `intent_id` at `now`.
    pub fn is_watched(&self, intent_id: &str, now: Instant) -> bool {
        self.inner().watched.get(intent_id).is_some_and(|end| *end > now)
    }

    /// Keeps `changes` (intent, revision), committed by this instance at `now`, and
    /// answers those of watched intents: the changes to announce.
    pub fn changed(&self, changes: Vec<(String, i64)>, now: Instant) -> Vec<(String, i64)> {
        let mut inner = self.inner();
        let announced =
            changes.iter().filter(|(id, _)| inner.watched.get(id).is_some_and(|end| *end > now)).cloned().collect();
        inner.recent.extend(changes.into_iter().map(|(id, revision)| (now, id, revision)));
        inner.forget_old_changes(now);
        announced
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(id: &str, revision: i64) -> Vec<(String, i64)> {
        vec![(id.to_owned(), revision)]
    }

    #[test]
    fn only_the_changes_of_watched_intents_are_announced_while_the_watch_lasts() {
        let watches = Watches::new();
        let now = Instant::now();
        assert_eq!(watches.changed(change("0xa", 2), now), []);
        assert_eq!(watches.watch("0xb", now + Duration::from_secs(10), now), None);
        assert!(watches.is_watched("0xb", now) && !watches.is_watched("0xa", now));
        assert_eq!(watches.changed(change("0xb", 2), now), change("0xb", 2));
        // A shorter second watch does not shorten the first.
        let _ = watches.watch("0xb", now + Duration::from_secs(1), now);
        let later = now + Duration::from_secs(10);
        assert_eq!(watches.changed(change("0xb", 3), later - Duration::from_millis(1)), change("0xb", 3));
        assert_eq!(watches.changed(change("0xb", 4), later), [], "the watch has ended");
    }

    #[test]
    fn a_watch_arriving_after_a_recent_change_announces_that_change_again() {
        let watches = Watches::new();
        let now = Instant::now();
        let _ = watches.changed(change("0xa", 2), now);
        let _ = watches.changed(change("0xa", 3), now);
        let _ = watches.changed(change("0xc", 7), now);
        let until = now + Duration::from_secs(30);
        assert_eq!(watches.watch("0xa", until, now + Duration::from_secs(1)), Some(3), "the latest change");
        assert_eq!(watches.watch("0xd", until, now), None, "never changed here");
        let late = now + RECENT_CHANGES_KEPT + Duration::from_millis(1);
        assert_eq!(watches.watch("0xc", until, late), None, "kept no longer than RECENT_CHANGES_KEPT");
    }

    #[test]
    fn recent_changes_and_expired_watches_are_bounded() {
        let watches = Watches::new();
        let now = Instant::now();
        for i in 0..MAX_RECENT_CHANGES + 10 {
            let _ = watches.changed(change(&format!("0x{i}"), 2), now);
        }
        assert_eq!(watches.inner().recent.len(), MAX_RECENT_CHANGES);
        assert_eq!(watches.watch("0x0", now + Duration::from_secs(1), now), None, "the oldest went first");
        assert_eq!(watches.watch(&format!("0x{}", MAX_RECENT_CHANGES + 9), now, now), Some(2));
        // Expired watches are dropped as new ones come: never more than about twice the
        // live ones (and the floor).
        let watches = Watches::new();
        for i in 0..10_000u64 {
            let at = now + Duration::from_millis(i);
            let _ = watches.watch(&format!("0x{i}"), at + Duration::from_millis(5), at);
            let noted = watches.inner().watched.len();
            assert!(noted <= 2 * 6 + PRUNE_FLOOR, "{noted} noted at {i}");
        }
    }
}
