//! The book of records: every read of a record from the store and every change of one, with
//! the kept copies ([`super::cache`]) and the signals of each change ([`super::waiters`]).
//!
//! A change loads the record (or starts from a copy given to it, or kept), lets the core
//! decide through one event, and stores the result with a compare-and-swap on the row's
//! revision; a lost race is retried from a fresh load (where a concurrent identical request
//! becomes a replay) judged at a fresh "now" (never earlier than the record's last event),
//! and answered 409 after [`MAX_ATTEMPTS`] losses. A change that makes a gasless intent
//! EXECUTING queues it for relaying in the same transaction and says so to its caller
//! ([`Changed::execution`]), so that this is decided once; a change that makes any intent
//! EXECUTING names its origin chain ([`Changed::executing_on`]), whose executor is woken.
//!
//! What does not live here: which event an operation applies ([`super`]), the rows' form
//! ([`super::rows`]), the SQL ([`crate::store`]).

use std::sync::Arc;

use intent_core::{IntentRecord, IntentStatus, ServerFailure, Timestamp};

use super::cache::RecordCache;
use super::relaying::Execution;
use super::rows::{listing, parse_record, relay_of, stored, stored_chain_id, stored_revision, transaction_hashes};
use super::waiters::Waiters;
use crate::failure::{self, Failure};
use crate::keys::Caller;
use crate::store::{DepositProof, Store, StoreError, StoredRecord, Swapped};

/// How many times a change is re-applied after losing a compare-and-swap before the
/// request is answered 409.
pub const MAX_ATTEMPTS: usize = 16;

/// A record as loaded from the store, or as this instance stored it: with its row's
/// revision and its project.
pub struct Loaded {
    /// The record.
    pub record: IntentRecord,
    /// Its row's revision (every stored change of the record counts).
    pub revision: i64,
    /// Its project.
    pub project_id: i64,
}

/// What one attempt at a change decided.
pub(super) enum Step<T> {
    /// Store the changed record (claiming these proofs), then answer `T`.
    Store(Box<IntentRecord>, Vec<DepositProof>, T),
    /// Nothing to store: answer `T` (a replay, or nothing to do).
    Answer(T),
}

/// What a change answered, and the gasless intent it made EXECUTING, if it did: queued for
/// relaying in the change's transaction, to be handed to its chain's relayer.
pub(super) struct Changed<T> {
    /// The answer.
    pub answer: T,
    /// The execution queued for relaying.
    pub execution: Option<Execution>,
    /// The origin chain of an intent the change made EXECUTING (gasless or not).
    pub executing_on: Option<u64>,
}

/// The records' store, their kept copies and their waiters' signals.
pub struct Book {
    store: Store,
    cache: RecordCache,
    waiters: Waiters,
    store_errors: metrics::Counter,
    /// How many records were read from the store, for the tests that count them.
    #[cfg(test)]
    pub(super) loads: std::sync::atomic::AtomicUsize,
}

impl Book {
    /// The records in `store`, keeping the last `kept_records` stored parsed; each failed
    /// store operation counts in `store_errors`. Starts the waiters' listener and poller
    /// ([`super::waiters`]), which end when the book is dropped.
    pub fn open(store: Store, kept_records: usize, store_errors: metrics::Counter) -> Arc<Book> {
        let book = Arc::new(Book {
            store,
            cache: RecordCache::new(kept_records),
            waiters: Waiters::new(),
            store_errors,
            #[cfg(test)]
            loads: std::sync::atomic::AtomicUsize::new(0),
        });
        Waiters::start(&book);
        book
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The waiters' signals.
    pub(super) fn waiters(&self) -> &Waiters {
        &self.waiters
    }

    /// Counts a failed store operation and answers it as the service's own fault.
    pub fn store_failure(&self, error: &StoreError) -> Failure {
        self.store_errors.increment(1);
        failure::internal(error)
    }

    /// Counts a failed store operation that no request is answered for (a waiter's poll, a
    /// watch not announced).
    pub(super) fn count_store_error(&self) {
        self.store_errors.increment(1);
    }

    /// The record of `intent_id` read from the store, if `caller` may see it (its
    /// project's, or any for the operator).
    pub(super) async fn load(&self, intent_id: &str, caller: Caller) -> Result<Loaded, Failure> {
        #[cfg(test)]
        self.loads.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let row = self
            .store
            .load(intent_id)
            .await
            .map_err(|e| self.store_failure(&e))?
            .filter(|row| caller.may_see(row.project_id))
            .ok_or(ServerFailure::IntentNotFound { intent_id })?;
        let record = parse_record(&row.state, row.quoted.as_deref())?;
        Ok(Loaded { record, revision: row.revision, project_id: row.project_id })
    }

    /// Stores `record`, just quoted for `project_id`, as a new record: its two rows, the
    /// quoted part and the listing's columns written once.
    pub(super) async fn insert(&self, mut record: IntentRecord, project_id: i64) -> Result<(), Failure> {
        let revision = stored_revision(&record);
        let hashes = transaction_hashes(&record);
        let row = StoredRecord {
            quoted: Some(record.state_json(intent_core::StatePart::Quoted)),
            listing: listing(record.intent()),
            ..stored(&mut record, project_id, revision, hashes)
        };
        self.store.insert(&row).await.map_err(|e| self.store_failure(&e))?;
        let intent_id = record.intent().intent_id.clone();
        self.waiters.changed(&intent_id, revision);
        self.cache.put(intent_id, Loaded { record, revision, project_id });
        Ok(())
    }

    /// Changes the record of `intent_id`: starts from `first` (a record the caller loaded
    /// for it), else from this instance's kept copy, else from a load; lets `event` decide;
    /// stores what it changed with a compare-and-swap, and retries from a fresh load when
    /// another change got there first.
    ///
    /// Each attempt judges at `clock()` read after its load (never earlier than `now`, the
    /// time the request was complete), and a retry after a lost race also never earlier
    /// than the winner's event: so the loser is answered as a replay or by the rules, never
    /// as a clock that went backwards because its "now" was read before the winner wrote.
    /// An answer judged on a kept copy is given only after its compare-and-swap succeeds.
    pub(super) async fn change<T>(
        &self,
        intent_id: &str,
        caller: Caller,
        now: Timestamp,
        clock: impl Fn() -> Timestamp,
        first: Option<Loaded>,
        event: impl Fn(IntentRecord, Timestamp) -> Result<Step<T>, Failure>,
    ) -> Result<Changed<T>, Failure> {
        let mut floor = now;
        let mut lost = false;
        // A kept copy is no better than a record just loaded: it is dropped then (the
        // change keeps its own result).
        let kept = self.cache.take(intent_id).filter(|kept| caller.may_see(kept.project_id));
        let mut start = match first {
            Some(loaded) => Some((loaded, false)),
            None => kept.map(|kept| (kept, true)),
        };
        for _ in 0..MAX_ATTEMPTS {
            let (Loaded { record, revision, project_id }, from_cache) = match start.take() {
                Some(start) => start,
                None => (self.load(intent_id, caller).await?, false),
            };
            let hashes_before = transaction_hashes(&record);
            let status_before = record.status().clone();
            let mut at = clock().max(floor);
            if lost {
                at = at.max(record.last_event_at());
            }
            let step = event(record, at);
            if from_cache && !matches!(step, Ok(Step::Store(..))) {
                // Another instance may have changed the record since this one kept it:
                // only a successful compare-and-swap vouches for a kept record, so an
                // answer without one is judged again on the stored record.
                continue;
            }
            match step? {
                Step::Answer(answer) => return Ok(Changed { answer, execution: None, executing_on: None }),
                Step::Store(mut record, proofs, answer) => {
                    // The row's revision counts every stored change.
                    let next = revision.saturating_add(1);
                    let mut new_hashes = transaction_hashes(&record);
                    new_hashes.retain(|hash| !hashes_before.contains(hash));
                    let execution = relay_of(&status_before, &record);
                    let executing_on = (status_before != IntentStatus::Executing
                        && *record.status() == IntentStatus::Executing)
                        .then(|| record.intent().origin_chain_id);
                    let row = StoredRecord {
                        queue_relay_on: execution.as_ref().map(|execution| stored_chain_id(execution.chain_id())),
                        ..stored(&mut record, project_id, next, new_hashes)
                    };
                    match self.store.swap(&row, revision, &proofs).await.map_err(|e| self.store_failure(&e))? {
                        Swapped::Done => {
                            self.waiters.changed(intent_id, next);
                            self.cache
                                .put(intent_id.to_owned(), Loaded { record: *record, revision: next, project_id });
                            return Ok(Changed { answer, execution, executing_on });
                        }
                        Swapped::LostRace => {
                            floor = at;
                            lost = true;
                        }
                        Swapped::ProofUsed { path } => return Err(ServerFailure::DepositProofUsed { path }.into()),
                    }
                }
            }
        }
        Err(ServerFailure::RevisionConflict.into())
    }
}
