//! The service's operations on records: quote, commit, execute, report an outcome,
//! expire, read and wait for a receipt. Each loads the record's RecordState, restores the
//! core's `IntentRecord` from it, applies one event, and stores the result with a
//! compare-and-swap on the revision; a lost race is retried from a fresh load (where a
//! concurrent identical request becomes a replay) judged at a fresh "now" (never earlier
//! than the record's last event), and answered 409 after [`MAX_ATTEMPTS`] losses.
//!
//! A record belongs to the project whose key quoted it: another project's key is answered
//! exactly as for an unknown intent. Waiters are woken per intent when this instance
//! changes it, and for other instances' changes on PostgreSQL by its `LISTEN/NOTIFY` (a
//! waiter announces a watch of its intent before reading it, and the instances announce
//! the changes of watched intents after their commit: [`crate::store::WATCHES_CHANNEL`]), on
//! SQLite by one poller that
//! reads the revisions of every waited intent in one query every [`WAIT_POLL`] (on
//! PostgreSQL the same poller runs every [`WAIT_POLL_BEHIND_LISTEN`], for notifications lost
//! while the listener reconnected or in a crash). A waiter parses its record again only when woken so. A
//! shutdown answers them at once with their receipt.
//!
//! Every rule, hash, digest and transition is the core's (`IntentRecord`); this module
//! only moves records between the core and the store, and supplies what the core takes
//! as arguments: the time, the policy, and the chain facts ([`crate::chain`]).

mod cache;
mod rows;
mod search;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use alloy_primitives::B256;
use intent_core::{
    AbortIntentRequest, AbortIntentResponse, Applied, CommitRequest, CommitResponse, EventInput, ExecuteRequest,
    ExecuteResponse, Intent, IntentReceipt, IntentRecord, IntentStatus, Policy, QuoteRequest, QuoteResponse,
    ServerFailure, StatePart, Timestamp, TransactionReport, TransactionStatus, TransactionType, UnknownMembers,
    WaitIntentReceiptRequest,
};
use tokio::sync::watch;

use crate::chain::ChainView;
use crate::failure::{self, Failure};
use crate::keys::Caller;
use crate::outcome::{Outcome, ReportIntentOutcomeRequest};
use crate::quoter::Quoter;
use crate::store::WATCHES_CHANNEL;
use crate::store::{Backend, DepositProof, Store, StoreError, StoredRecord, Swapped};
use cache::{Cached, RecordCache};
pub use rows::finish_older_rows;
use rows::{
    deposit_proofs, listing, parse_record, relay_queue_of, stored, stored_request, stored_revision, transaction_hashes,
};

/// How many times a change is re-applied after losing a compare-and-swap before the
/// request is answered 409.
pub const MAX_ATTEMPTS: usize = 16;

/// How often a waiter reads the record's revision, for changes made by other instances.
pub const WAIT_POLL: Duration = Duration::from_millis(200);

/// How often the poller reads waited revisions behind PostgreSQL's `LISTEN`.
pub const WAIT_POLL_BEHIND_LISTEN: Duration = Duration::from_secs(5);

/// The records of one service instance: the store, the quoter, the policy and the chain
/// facts, a signal raised on every change this instance makes (for the sweep), one per
/// waited intent (for its waiters), and the shutdown signal.
pub struct Records {
    store: Store,
    quoter: Box<dyn Quoter>,
    policy: Policy,
    chain: ChainView,
    cache: RecordCache,
    changes: watch::Sender<u64>,
    waited: Mutex<HashMap<String, Waited>>,
    shutdown: watch::Sender<bool>,
    store_errors: metrics::Counter,
}

/// One waited intent: the signal its waiters hold, the latest revision seen of it, and
/// until when this instance has announced a watch of it (PostgreSQL).
struct Waited {
    signal: watch::Sender<u64>,
    revision: i64,
    announced_until: Option<tokio::time::Instant>,
}

/// How many waited intents one poll query reads at most.
const POLL_CHUNK: usize = 500;

/// How long from `now` until `at` (zero when it has passed), to the millisecond above.
fn until(now: Timestamp, at: Timestamp) -> Duration {
    let nanos = |t: Timestamp| i128::from(t.unix_seconds()) * 1_000_000_000 + i128::from(t.subsec_nanos());
    let millis = (nanos(at) - nanos(now)).max(0) / 1_000_000 + 1;
    Duration::from_millis(u64::try_from(millis).unwrap_or(u64::MAX))
}

/// The status reason an AbortIntent leaves.
pub const ABORT_REASON: &str = "aborted by its owner";

/// The abort transaction `request` names, as a report about `intent`'s transaction on
/// that chain with `status` (SENT where no node confirms it, SUCCEEDED where one did).
fn abort_transaction(
    intent: &Intent,
    request: &AbortIntentRequest,
    status: TransactionStatus,
) -> Result<TransactionReport, Failure> {
    let kind = if request.chain_id == intent.origin_chain_id {
        TransactionType::Origin
    } else if request.chain_id == intent.destination_chain_id {
        TransactionType::Destination
    } else {
        return Err(intent_core::Error::new(intent_core::Problem::IntentInconsistent {
            detail: "neither the intent's origin nor its destination chain",
        })
        .in_member("chainId")
        .into());
    };
    Ok(TransactionReport {
        chain_id: request.chain_id,
        status,
        status_reason: None,
        txn_hash: Some(request.abort_transaction_hash),
        txn_mined_at: None,
        kind,
        unknown: UnknownMembers::new(),
    })
}

/// What one attempt at a change decided.
enum Step<T> {
    /// Store the changed record (claiming these proofs), then answer `T`.
    Store(Box<IntentRecord>, Vec<DepositProof>, T),
    /// Nothing to store: answer `T` (a replay).
    Answer(T),
}

impl Records {
    /// The records in `store`, quoted by `quoter` under `policy`, executed with `chain`'s
    /// facts, keeping the last `kept_records` stored parsed ([`cache`]); each failed
    /// store operation counts in `store_errors`.
    pub fn new(
        store: Store,
        quoter: Box<dyn Quoter>,
        policy: Policy,
        chain: ChainView,
        kept_records: usize,
        store_errors: metrics::Counter,
    ) -> Arc<Records> {
        let records = Arc::new(Records {
            store,
            quoter,
            policy,
            chain,
            cache: RecordCache::new(kept_records),
            changes: watch::channel(0).0,
            waited: Mutex::new(HashMap::new()),
            shutdown: watch::channel(false).0,
            store_errors,
        });
        let every = match records.store.backend() {
            Backend::Sqlite => WAIT_POLL,
            Backend::Postgres => {
                tokio::spawn(Records::listen_waited(Arc::downgrade(&records)));
                WAIT_POLL_BEHIND_LISTEN
            }
        };
        tokio::spawn(Records::poll_waited(Arc::downgrade(&records), every));
        records
    }

    /// Answers every waiter now with its current receipt, and every later one at once.
    pub fn shut_down(&self) {
        self.shutdown.send_replace(true);
    }

    /// The chain facts: the chains' nodes and the configured facts.
    pub fn chain(&self) -> &ChainView {
        &self.chain
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Counts a failed store operation and answers it as the service's own fault.
    pub fn store_failure(&self, error: &StoreError) -> Failure {
        self.store_errors.increment(1);
        failure::internal(error)
    }

    /// A receiver that sees every change this instance makes.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.changes.subscribe()
    }

    /// Signals a change of `intent_id` to its revision `revision`: to the sweep, and to the
    /// intent's waiters unless they saw that revision already.
    fn changed(&self, intent_id: &str, revision: i64) {
        self.changes.send_modify(|count| *count = count.wrapping_add(1));
        self.seen(intent_id, revision);
    }

    /// Records that `intent_id` is at `revision`, waking its waiters if that is news.
    fn seen(&self, intent_id: &str, revision: i64) {
        let mut waited = self.waited.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(entry) = waited.get_mut(intent_id) {
            if revision > entry.revision {
                entry.revision = revision;
                entry.signal.send_modify(|count| *count = count.wrapping_add(1));
            }
        }
    }

    /// On PostgreSQL, wakes the waiters of every change announced on the changes channel,
    /// by any instance, and notes every watch announced ([`Store::watch_heard`]); ends when
    /// the records are dropped.
    async fn listen_waited(records: std::sync::Weak<Records>) {
        let listener = match records.upgrade() {
            Some(records) => records.store.listen_changes().await,
            None => return,
        };
        let mut listener = match listener {
            Ok(Some(listener)) => listener,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!(error = %e, "waiters: cannot listen for changes; polling only");
                return;
            }
        };
        loop {
            let notification = listener.recv().await;
            let Some(records) = records.upgrade() else { return };
            match notification {
                Ok(notification) if notification.channel() == WATCHES_CHANNEL => {
                    if let Err(e) = records.store.watch_heard(notification.payload()).await {
                        records.store_errors.increment(1);
                        tracing::warn!(error = %e, "waiters: a recent change not announced again; pollers will see it");
                    }
                }
                Ok(notification) => {
                    let payload = notification.payload();
                    if let Some((intent_id, revision)) = payload.rsplit_once(' ') {
                        if let Ok(revision) = revision.parse() {
                            records.seen(intent_id, revision);
                        }
                    }
                }
                Err(e) => {
                    records.store_errors.increment(1);
                    tracing::warn!(error = %e, "waiters: the change listener failed; it reconnects");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
        }
    }

    /// Every `every`, reads the revisions of the waited intents (changed by other
    /// instances) in one query per [`POLL_CHUNK`] of them; ends when the records are dropped.
    async fn poll_waited(records: std::sync::Weak<Records>, every: Duration) {
        loop {
            tokio::time::sleep(every).await;
            let Some(records) = records.upgrade() else { return };
            let ids: Vec<String> = {
                let waited = records.waited.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                waited.keys().cloned().collect()
            };
            for chunk in ids.chunks(POLL_CHUNK) {
                match records.store.revisions(chunk).await {
                    Ok(revisions) => {
                        for (intent_id, revision) in revisions {
                            records.seen(&intent_id, revision);
                        }
                    }
                    Err(e) => {
                        records.store_errors.increment(1);
                        tracing::warn!(error = %e, "waiters: cannot read revisions")
                    }
                }
            }
        }
    }

    /// The record of `intent_id` if `caller` may see it (its project's, or any for the
    /// operator), with its revision and project.
    async fn load(&self, intent_id: &str, caller: Caller) -> Result<(IntentRecord, i64, i64), Failure> {
        let row = self
            .store
            .load(intent_id)
            .await
            .map_err(|e| self.store_failure(&e))?
            .filter(|row| caller.may_see(row.project_id))
            .ok_or(ServerFailure::IntentNotFound { intent_id })?;
        Ok((parse_record(&row.state, row.quoted.as_deref())?, row.revision, row.project_id))
    }

    /// Loads the record, lets `event` decide, stores what it changed with a
    /// compare-and-swap, and retries from a fresh load when another change got there first.
    ///
    /// Each attempt judges at `clock()` read after its load (never earlier than `now`, the
    /// time the request was complete), and a retry after a lost race also never earlier
    /// than the winner's event: so the loser is answered as a replay or by the rules, never
    /// as a clock that went backwards because its "now" was read before the winner wrote.
    async fn change<T>(
        &self,
        intent_id: &str,
        caller: Caller,
        now: Timestamp,
        clock: impl Fn() -> Timestamp,
        event: impl Fn(IntentRecord, Timestamp) -> Result<Step<T>, Failure>,
    ) -> Result<T, Failure> {
        let mut floor = now;
        let mut lost = false;
        let mut cached = self.cache.take(intent_id).filter(|cached| caller.may_see(cached.project_id));
        for _ in 0..MAX_ATTEMPTS {
            let from_cache = cached.is_some();
            let (record, revision, project_id) = match cached.take() {
                Some(Cached { record, revision, project_id }) => (record, revision, project_id),
                None => self.load(intent_id, caller).await?,
            };
            let hashes_before = transaction_hashes(&record);
            let status_before = record.status().clone();
            let mut at = clock().max(floor);
            if lost {
                at = at.max(record.last_event_at());
            }
            let step = event(record, at);
            if from_cache && !matches!(step, Ok(Step::Store(..))) {
                // Another instance may have changed the record since this one cached it:
                // only a successful compare-and-swap vouches for a cached record, so an
                // answer without one is judged again on the stored record.
                continue;
            }
            match step? {
                Step::Answer(answer) => return Ok(answer),
                Step::Store(mut record, proofs, answer) => {
                    // The row's revision counts every stored change.
                    let next = revision.saturating_add(1);
                    let mut new_hashes = transaction_hashes(&record);
                    new_hashes.retain(|hash| !hashes_before.contains(hash));
                    let row = StoredRecord {
                        queue_relay_on: relay_queue_of(&status_before, &record),
                        ..stored(&mut record, project_id, next, new_hashes)
                    };
                    match self.store.swap(&row, revision, &proofs).await.map_err(|e| self.store_failure(&e))? {
                        Swapped::Done => {
                            self.changed(intent_id, next);
                            self.cache
                                .put(intent_id.to_owned(), Cached { record: *record, revision: next, project_id });
                            return Ok(answer);
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

    /// QuoteIntent: the core checks the request, the quoter prices it, the service sets the intent's times
    /// from `now` and the policy, and the core checks and records it.
    ///
    /// # Errors
    ///
    /// The quoter's refusal, the core's rules, or a database failure.
    pub async fn quote(
        &self,
        request: &QuoteRequest,
        project_id: u64,
        now: Timestamp,
    ) -> Result<QuoteResponse, Failure> {
        // The core's QuoteRequest rules first, so a bad request is the core's answer, not
        // the quoter's; the whole intent is checked again by `IntentRecord::quote`.
        intent_core::rules::check_quote_request(request)?;
        let mut salt = B256::ZERO;
        getrandom::fill(salt.as_mut_slice()).map_err(|e| failure::internal(&e))?;
        let ttl = i64::try_from(self.policy.quote_ttl_seconds).unwrap_or(i64::MAX);
        let expires_at = now.saturating_add_seconds(ttl);
        let response = self.quoter.quote(request, project_id, salt, now, expires_at)?;
        let policy = self.chain.policy(&self.policy, response.intent.origin_chain_id);
        let mut record =
            IntentRecord::quote(response.intent.clone(), Some(response.gas_fee_options.clone()), &policy, now)?;
        let project = i64::try_from(project_id).map_err(|e| failure::internal(&e))?;
        let revision = stored_revision(&record);
        let hashes = transaction_hashes(&record);
        let row = StoredRecord {
            quoted: Some(record.state_json(StatePart::Quoted)),
            listing: listing(record.intent()),
            ..stored(&mut record, project, revision, hashes)
        };
        self.store.insert(&row).await.map_err(|e| self.store_failure(&e))?;
        self.changed(&response.intent.intent_id, revision);
        self.cache.put(response.intent.intent_id.clone(), Cached { record, revision, project_id: project });
        Ok(response)
    }

    /// CommitIntent: the core's commit on the record of the intent sent back; a replay
    /// of a commit succeeds again and changes nothing.
    ///
    /// # Errors
    ///
    /// 404 for an unknown intent, the core's rules, 409, or a database failure.
    pub async fn commit(
        &self,
        request: &CommitRequest,
        caller: Caller,
        now: Timestamp,
        clock: impl Fn() -> Timestamp,
    ) -> Result<CommitResponse, Failure> {
        let intent_id = request.intent.intent_id.clone();
        self.change(&intent_id, caller, now, clock, |mut record, now| {
            let applied =
                record.apply(EventInput::commit_with(&request.intent, request.service_contracts.as_ref()), now)?;
            let response = CommitResponse { intent_id: intent_id.clone(), unknown: Default::default() };
            Ok(match applied {
                Applied::Replay => Step::Answer(response),
                Applied::Changed => Step::Store(Box::new(record), Vec::new(), response),
            })
        })
        .await
    }

    /// ExecuteIntent: the core's execute with the chain facts of the intent's origin chain
    /// (read from its node, when it has one, before the record is loaded for the change: no
    /// node read happens inside a compare-and-swap or a database transaction); the deposit
    /// proof is claimed with the change; a replay succeeds again and changes nothing.
    ///
    /// # Errors
    ///
    /// 404 for an unknown intent, CHAIN_NODE_UNAVAILABLE (503) or DEPOSIT_NOT_MINED (422)
    /// with the record unchanged, the core's rules, 409 for a proof already used or a race
    /// lost too often, or a database failure.
    pub async fn execute(
        &self,
        request: &ExecuteRequest,
        caller: Caller,
        now: Timestamp,
        clock: impl Fn() -> Timestamp,
    ) -> Result<ExecuteResponse, Failure> {
        let request = &stored_request(request);
        // Only a COMMITTED record can be changed by an execute; for any other the core
        // answers a replay or INVALID_TRANSITION without looking at chain facts.
        let (record, _, _) = self.load(&request.intent_id, caller).await?;
        let facts = if *record.status() == IntentStatus::Committed {
            self.chain.read_facts(record.intent(), request).await?
        } else {
            self.chain.facts(record.intent())
        };
        self.change(&request.intent_id, caller, now, clock, |mut record, now| {
            let applied = record.apply(EventInput::execute_with(request, facts.as_chain_facts()), now)?;
            let response = ExecuteResponse {
                intent_id: request.intent_id.clone(),
                intent_status: record.status().clone(),
                unknown: Default::default(),
            };
            Ok(match applied {
                Applied::Replay => Step::Answer(response),
                Applied::Changed => {
                    let proofs = deposit_proofs(&record, request);
                    Step::Store(Box::new(record), proofs, response)
                }
            })
        })
        .await
    }

    /// ReportIntentOutcome: succeed, fail (with its reason) or refund, keeping the reported
    /// transaction on the receipt; without an outcome, the transaction's progress on an
    /// EXECUTING intent (the same report again changes nothing). Waiters are woken by
    /// every change.
    ///
    /// # Errors
    ///
    /// 404 for an unknown intent, the core's lifecycle rules and transaction checks, 409,
    /// or a database failure.
    pub async fn report_outcome(
        &self,
        report: &ReportIntentOutcomeRequest,
        now: Timestamp,
        clock: impl Fn() -> Timestamp,
    ) -> Result<IntentReceipt, Failure> {
        let outcome = report.outcome()?;
        let transaction = Some(&report.transaction);
        self.change(&report.intent_id, Caller::Operator, now, clock, |mut record, now| {
            let input = match outcome {
                Outcome::Succeeded => EventInput::succeed_with(transaction),
                Outcome::Failed => EventInput::fail_with(report.reason.as_deref().unwrap_or(""), transaction),
                Outcome::Refunded => EventInput::refund_with(transaction),
                Outcome::Progress => {
                    let applied = record.apply(EventInput::progress(&report.transaction), now)?;
                    let receipt = record.receipt(now);
                    return Ok(match applied {
                        Applied::Replay => Step::Answer(receipt),
                        Applied::Changed => Step::Store(Box::new(record), Vec::new(), receipt),
                    });
                }
            };
            let _: Applied = record.apply(input, now)?;
            let receipt = record.receipt(now);
            Ok(Step::Store(Box::new(record), Vec::new(), receipt))
        })
        .await
    }

    /// Applies `expire` to a COMMITTED record whose window has closed by `now`; anything
    /// else (already changed by someone, window still open) is left alone.
    ///
    /// # Errors
    ///
    /// A database failure or an unreadable record.
    pub async fn expire(&self, intent_id: &str, now: Timestamp) -> Result<bool, Failure> {
        self.change(intent_id, Caller::Operator, now, Timestamp::now, |mut record, now| {
            if *record.status() != IntentStatus::Committed || record.apply(EventInput::expire(), now).is_err() {
                return Ok(Step::Answer(false));
            }
            Ok(Step::Store(Box::new(record), Vec::new(), true))
        })
        .await
    }

    /// AbortIntent: the core's abort of a COMMITTED intent, keeping the abort transaction
    /// the client names on the receipt (as its origin or destination transaction, by its
    /// chain). On a chain with a node the transaction must be mined and have succeeded
    /// (read before the record is loaded for the change), and is kept SUCCEEDED; on a chain
    /// without one nothing confirms it, and it is kept SENT (docs/spec.md §12).
    ///
    /// # Errors
    ///
    /// 404 for an unknown intent or another project's, `INTENT_INCONSISTENT` at `chainId`
    /// for a chain that is neither of the intent's, `ABORT_NOT_SUCCEEDED` at
    /// `abortTransactionHash` or CHAIN_NODE_UNAVAILABLE (503) on a chain with a node, the
    /// core's lifecycle rules, 409, or a database failure.
    pub async fn abort(
        &self,
        request: &AbortIntentRequest,
        caller: Caller,
        now: Timestamp,
        clock: impl Fn() -> Timestamp,
    ) -> Result<AbortIntentResponse, Failure> {
        let (record, _, _) = self.load(&request.intent_id, caller).await?;
        let mut status = TransactionStatus::Sent;
        if *record.status() == IntentStatus::Committed {
            abort_transaction(record.intent(), request, status.clone())?;
            match self.chain.abort_succeeded(request.chain_id, request.abort_transaction_hash).await? {
                Some(true) => status = TransactionStatus::Succeeded,
                Some(false) => return Err(ServerFailure::AbortNotSucceeded { chain_id: request.chain_id }.into()),
                None => {}
            }
        }
        self.change(&request.intent_id, caller, now, clock, |mut record, now| {
            let transaction = abort_transaction(record.intent(), request, status.clone())?;
            let input = EventInput::abort_with(ABORT_REASON, Some(&transaction));
            let _: Applied = record.apply(input, now)?;
            let response = AbortIntentResponse {
                intent_id: request.intent_id.clone(),
                status: record.status().clone(),
                unknown: UnknownMembers::new(),
            };
            Ok(Step::Store(Box::new(record), Vec::new(), response))
        })
        .await
    }

    /// The intent of `intent_id` and the gasless execute request it runs on, while it is
    /// EXECUTING with one (a deposit signature): what the relayer submits.
    ///
    /// # Errors
    ///
    /// Not found for an unknown intent, or a database failure.
    pub async fn gasless_execution(&self, intent_id: &str) -> Result<Option<(Intent, ExecuteRequest)>, Failure> {
        let (record, _, _) = self.load(intent_id, Caller::Operator).await?;
        if *record.status() != IntentStatus::Executing {
            return Ok(None);
        }
        Ok(record
            .execute_request()
            .filter(|request| request.deposit_signature.is_some())
            .map(|request| (record.intent().clone(), request.clone())))
    }

    /// Keeps `report` (a DEPOSIT transaction: the relay's progress) as the receipt's deposit
    /// transaction of `intent_id` while it is EXECUTING, at the clock's now: the core's
    /// progress event, so the intent's status stays and the record's revision grows (the
    /// same report again changes nothing). Stored with a compare-and-swap like every change,
    /// so waiters are woken. Answers whether it was kept: `false` once the intent left
    /// EXECUTING.
    ///
    /// # Errors
    ///
    /// Not found, the core's check of the transaction against the intent, 409, or a
    /// database failure.
    pub async fn keep_deposit(&self, intent_id: &str, report: &TransactionReport) -> Result<bool, Failure> {
        let now = Timestamp::now();
        self.change(intent_id, Caller::Operator, now, Timestamp::now, |mut record, now| {
            if *record.status() != IntentStatus::Executing {
                return Ok(Step::Answer(false));
            }
            Ok(match record.apply(EventInput::progress(report), now)? {
                Applied::Replay => Step::Answer(true),
                Applied::Changed => Step::Store(Box::new(record), Vec::new(), true),
            })
        })
        .await
    }

    /// The relay of `intent_id`'s deposit failed on chain: the core's `fail` with `reason`,
    /// keeping `report` as the deposit transaction. Answers whether it applied: `false`
    /// once the intent left EXECUTING.
    ///
    /// # Errors
    ///
    /// Not found, the core's rules, 409, or a database failure.
    pub async fn fail_deposit(
        &self,
        intent_id: &str,
        reason: &str,
        report: &TransactionReport,
    ) -> Result<bool, Failure> {
        let now = Timestamp::now();
        self.change(intent_id, Caller::Operator, now, Timestamp::now, |mut record, now| {
            if *record.status() != IntentStatus::Executing {
                return Ok(Step::Answer(false));
            }
            let _: Applied = record.apply(EventInput::fail_with(reason, Some(report)), now)?;
            Ok(Step::Store(Box::new(record), Vec::new(), true))
        })
        .await
    }

    /// GetIntent: the intent as quoted.
    ///
    /// # Errors
    ///
    /// Not found for an unknown intent or another project's, or a database failure.
    pub async fn intent(&self, intent_id: &str, caller: Caller) -> Result<Intent, Failure> {
        let (record, _, _) = self.load(intent_id, caller).await?;
        Ok(record.intent().clone())
    }

    /// GetIntentReceipt: the receipt as it reads at `now`.
    ///
    /// # Errors
    ///
    /// Not found for an unknown intent or another project's, or a database failure.
    pub async fn receipt(&self, intent_id: &str, caller: Caller, now: Timestamp) -> Result<IntentReceipt, Failure> {
        Ok(self.load(intent_id, caller).await?.0.receipt(now))
    }

    /// The signal of `intent_id`'s changes made by this instance, registered while a
    /// waiter holds it.
    fn watch(&self, intent_id: &str) -> watch::Receiver<u64> {
        let mut waited = self.waited.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let entry = waited.entry(intent_id.to_owned()).or_insert_with(|| Waited {
            signal: watch::channel(0).0,
            revision: i64::MIN,
            announced_until: None,
        });
        entry.signal.subscribe()
    }

    /// Announces to every instance that this one waits on `intent_id` until `deadline`
    /// (PostgreSQL: they then announce its changes, [`crate::store::WATCHES_CHANNEL`]), unless a
    /// watch it announced already lasts that long. A failed announcement is counted and
    /// logged: the poller sees the change instead.
    async fn announce_watch(&self, intent_id: &str, deadline: tokio::time::Instant) {
        if self.store.backend() != Backend::Postgres {
            return;
        }
        // Two seconds longer than the wait, so that a watch heard late still covers it.
        let seconds = deadline.saturating_duration_since(tokio::time::Instant::now()).as_secs() + 2;
        let until = tokio::time::Instant::now() + Duration::from_secs(seconds);
        {
            let mut waited = self.waited.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let Some(entry) = waited.get_mut(intent_id) else { return };
            if entry.announced_until.is_some_and(|announced| announced >= deadline) {
                return;
            }
            entry.announced_until = Some(until);
        }
        if let Err(e) = self.store.announce_watch(intent_id, seconds).await {
            // Not announced: the next waiter of the intent tries again.
            let mut waited = self.waited.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(entry) = waited.get_mut(intent_id) {
                entry.announced_until = None;
            }
            drop(waited);
            self.store_errors.increment(1);
            tracing::warn!(error = %e, "waiters: a watch not announced; the poller will see its changes");
        }
    }

    /// Forgets `intent_id`'s signal once no waiter holds it.
    fn unwatch(&self, intent_id: &str) {
        let mut waited = self.waited.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if waited.get(intent_id).is_some_and(|entry| entry.signal.receiver_count() == 0) {
            waited.remove(intent_id);
        }
    }

    /// WaitIntentReceipt: the receipt as soon as its transactions' statuses differ from
    /// the request's `lastReceiptStates` or the intent is done (at once without them), or
    /// after `timeout` or at shutdown with the current receipt.
    /// `now` gives the time at each look: when a change is signalled (the record is then
    /// read and parsed again) and at the record's next deadline (its status may change with
    /// time then, on the record in memory).
    ///
    /// # Errors
    ///
    /// Not found for an unknown intent or another project's, or a database failure.
    pub async fn wait_receipt(
        &self,
        request: &WaitIntentReceiptRequest,
        caller: Caller,
        timeout: Duration,
        now: impl Fn() -> Timestamp,
    ) -> Result<IntentReceipt, Failure> {
        let intent_id = request.intent_id.as_str();
        let deadline = tokio::time::Instant::now() + timeout;
        let mut changes = self.watch(intent_id);
        let mut shutdown = self.shutdown.subscribe();
        let result = async {
            // Announced before the record is read: a change committed after the read is
            // then announced, or announced again when the watch is heard.
            self.announce_watch(intent_id, deadline).await;
            let (mut record, revision, _) = self.load(intent_id, caller).await?;
            self.seen(intent_id, revision);
            changes.mark_unchanged();
            loop {
                let receipt = record.receipt(now());
                let done =
                    request.answered_by(&receipt) || tokio::time::Instant::now() >= deadline || *shutdown.borrow();
                if done {
                    return Ok(receipt);
                }
                // A status changes with time only at the record's next deadline: look again
                // then (or at the wait's end), not on a timer.
                let wake = match record.next_deadline() {
                    Some(at) => deadline.min(tokio::time::Instant::now() + until(now(), at)),
                    None => deadline,
                };
                let changed = tokio::select! {
                    _ = tokio::time::sleep_until(wake) => false,
                    _ = changes.changed() => true,
                    _ = shutdown.changed() => false,
                };
                if changed {
                    (record, _, _) = self.load(intent_id, caller).await?;
                }
            }
        }
        .await;
        drop(changes);
        self.unwatch(intent_id);
        result
    }
}
