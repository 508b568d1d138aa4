//! The records this instance stored last, kept parsed: a change (CommitIntent right after
//! its QuoteIntent, an outcome reported, a relayed deposit's progress) starts from the
//! record it finds here instead of reading and parsing the stored row again. ExecuteIntent
//! and AbortIntent read the stored row instead (once), since what they read of the chain
//! depends on the stored status.
//!
//! An entry is a record with its row revision and project, exactly as this instance stored
//! it. It is only ever a starting point for a compare-and-swap: another instance (or the
//! sweep's delete) may have changed the row since, and then the swap, which expects the
//! cached revision, changes nothing and the change starts again from the store
//! ([`super::book`] decides that, and never answers from a cached record without a
//! successful swap). A change takes its entry out while it works, so two changes never
//! start from one entry.
//!
//! At most the configured number of entries are kept (`server.keptRecords`,
//! [`crate::config::ServerLimits::kept_records`]); the oldest stored goes first. Reads
//! (GetIntentReceipt, waiters, searches) do not use this cache: they read the store.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use super::book::Loaded;

/// The records stored last, by intent id.
pub struct RecordCache {
    capacity: usize,
    inner: Mutex<Inner>,
}

struct Inner {
    entries: HashMap<String, (u64, Loaded)>,
    /// Intent ids in the order they were put, with the sequence number they were put
    /// under (an id taken out and put again is here twice; the older is skipped).
    order: VecDeque<(u64, String)>,
    next: u64,
}

impl RecordCache {
    /// An empty cache of at most `capacity` records.
    pub fn new(capacity: usize) -> RecordCache {
        RecordCache { capacity, inner: Mutex::new(Inner { entries: HashMap::new(), order: VecDeque::new(), next: 0 }) }
    }

    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Takes the entry of `intent_id` out, if there is one.
    pub fn take(&self, intent_id: &str) -> Option<Loaded> {
        self.inner().entries.remove(intent_id).map(|(_, kept)| kept)
    }

    /// Keeps `kept` as `intent_id`'s entry, dropping the oldest beyond the capacity.
    pub fn put(&self, intent_id: String, kept: Loaded) {
        if self.capacity == 0 {
            return;
        }
        let mut inner = self.inner();
        let sequence = inner.next;
        inner.next = inner.next.wrapping_add(1);
        inner.order.push_back((sequence, intent_id.clone()));
        inner.entries.insert(intent_id, (sequence, kept));
        while inner.entries.len() > self.capacity {
            let Some((sequence, oldest)) = inner.order.pop_front() else { break };
            if inner.entries.get(&oldest).is_some_and(|(put, _)| *put == sequence) {
                inner.entries.remove(&oldest);
            }
        }
        // Ids taken out and not put back stay in `order` until dropped here, so that it
        // never holds more than twice the capacity.
        if inner.order.len() > 2 * self.capacity {
            let Inner { entries, order, .. } = &mut *inner;
            order.retain(|(sequence, id)| entries.get(id).is_some_and(|(put, _)| put == sequence));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> intent_core::IntentRecord {
        let intent: intent_core::Intent =
            intent_core::from_slice(include_bytes!("../../../examples/intent.json")).expect("the example intent");
        let now = intent.created_at.expect("the example's createdAt");
        intent_core::IntentRecord::quote(intent, None, &intent_core::Policy::default(), now)
            .expect("the example quoted")
    }

    fn cached(revision: i64) -> Loaded {
        Loaded { record: record(), revision, project_id: 1 }
    }

    #[test]
    fn an_entry_is_taken_once() {
        let cache = RecordCache::new(4);
        cache.put("a".into(), cached(3));
        assert_eq!(cache.take("a").map(|c| c.revision), Some(3));
        assert!(cache.take("a").is_none());
        assert!(cache.inner().entries.is_empty());
    }

    #[test]
    fn the_oldest_goes_first_and_the_order_stays_bounded() {
        let cache = RecordCache::new(2);
        cache.put("a".into(), cached(1));
        cache.put("b".into(), cached(1));
        // "a" put again: now "b" is the oldest.
        let a = cache.take("a").expect("a");
        cache.put("a".into(), Loaded { revision: 2, ..a });
        cache.put("c".into(), cached(1));
        assert!(cache.take("b").is_none());
        assert_eq!(cache.take("a").map(|c| c.revision), Some(2));
        assert!(cache.take("c").is_some());
        for round in 0..100 {
            cache.put("x".into(), cached(round));
            cache.take("x");
        }
        assert!(cache.inner().order.len() <= 4);
    }

    #[test]
    fn a_cache_of_nothing_keeps_nothing() {
        let cache = RecordCache::new(0);
        cache.put("a".into(), cached(1));
        assert!(cache.take("a").is_none());
    }
}
