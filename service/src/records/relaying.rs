//! What the records and the relayer of gasless deposits ([`crate::relay`]) give each other
//! (docs/spec.md §12, Relaying). The records are given, at construction, each chain's
//! [`Reach`]: the queue of what must be sent there when a relayer task runs for it here, or
//! why nothing is sent there; after a change that makes a gasless intent EXECUTING they hand
//! its [`Execution`] to its chain's queue (it is in the store's relay queue already, written
//! by that change), and a receipt they answer says why its gasless deposit is not relayed
//! ([`Relaying::explain`], and why its origin transaction is not executed on a chain with
//! `wallet` it cannot execute on). The relayer's tasks are given [`Deposits`]: the one
//! handle through which they read an execution or a record and keep a transaction's
//! progress, apply the fact that answers a record's step, or fail it, each a change of the
//! book like any other. Each relayer task also keeps its chain's [`Funds`]:
//! whether the relayer can pay for gas, which `/healthz` and RuntimeStatus report. A change
//! that makes an intent EXECUTING wakes its chain's executor ([`Relaying::wake`]), so that it
//! takes the intent's first step at once rather than at its next look.
//!
//! What does not live here: signing, sending and following transactions ([`crate::relay`]).

use std::collections::HashMap;
use std::sync::Arc;

use intent_core::{
    Applied, EventInput, ExecuteRequest, Intent, IntentReceipt, IntentRecord, IntentStatus, Timestamp,
    TransactionReport, TransactionStatus,
};
use tokio::sync::mpsc;

use super::book::{Book, Step};
use crate::failure::Failure;
use crate::keys::Caller;
use crate::store::Store;

/// A gasless intent to relay: what its relayer submits.
#[derive(Debug, Clone)]
pub struct Execution {
    /// The intent as quoted.
    pub intent: Intent,
    /// The gasless execute request it runs on (it carries a deposit signature).
    pub request: ExecuteRequest,
}

impl Execution {
    /// The execution of `record` while it is EXECUTING with a gasless request (one that
    /// carries a deposit signature): the one definition of what is relayed.
    pub fn of(record: &IntentRecord) -> Option<Execution> {
        if *record.status() != IntentStatus::Executing {
            return None;
        }
        let request = record.execute_request().filter(|request| request.deposit_signature.is_some())?;
        Some(Execution { intent: record.intent().clone(), request: request.clone() })
    }

    /// The intent's id.
    pub fn intent_id(&self) -> &str {
        &self.intent.intent_id
    }

    /// The chain its deposit is relayed on: the intent's origin chain.
    pub fn chain_id(&self) -> u64 {
        self.intent.origin_chain_id
    }
}

/// What the relayer can do on one chain.
#[derive(Debug)]
pub enum Reach {
    /// A relayer task runs for it here, reading this queue.
    Relayed(mpsc::UnboundedSender<Execution>),
    /// Nothing is relayed on it here: the status reason a pending gasless deposit carries.
    NotRelayed(String),
}

/// Whether a chain's relayer can pay for gas, as its task last found when it signed:
/// written by the task, read by the health reports.
#[derive(Debug, Default)]
pub struct Funds {
    short: std::sync::Mutex<Option<String>>,
}

impl Funds {
    /// Keeps why the relayer cannot pay for gas, or `None` once it can.
    pub fn set_short(&self, why: Option<String>) {
        *self.short.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = why;
    }

    /// Why the relayer cannot pay for gas; `None` while it can (or has not needed to).
    pub fn short(&self) -> Option<String> {
        self.short.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }
}

/// The cross-chain intents waiting after their burn (for the attestation, or for a node),
/// each since when this instance first saw it wait at its stage: written by the executor's
/// tasks, read by the health reports, which name those waiting longer than the bound
/// (`attestation.waitBoundSeconds`). A wait never fails an intent (its funds are in flight);
/// it is reported.
#[derive(Debug)]
pub struct Stalls {
    bound: std::time::Duration,
    waits: std::sync::Mutex<HashMap<String, (std::time::Instant, String)>>,
}

impl Default for Stalls {
    fn default() -> Self {
        Stalls::new(std::time::Duration::from_secs(crate::config::AttestationConfig::WAIT_BOUND_SECONDS))
    }
}

impl Stalls {
    /// No wait yet, reported past `bound`.
    pub fn new(bound: std::time::Duration) -> Stalls {
        Stalls { bound, waits: std::sync::Mutex::new(HashMap::new()) }
    }

    fn waits(&self) -> std::sync::MutexGuard<'_, HashMap<String, (std::time::Instant, String)>> {
        self.waits.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Keeps that `intent_id` waits, now for `why` (the wait counts from the first call
    /// since it last moved on).
    pub fn waiting(&self, intent_id: &str, why: &str) {
        let mut waits = self.waits();
        let since = waits.get(intent_id).map_or_else(std::time::Instant::now, |(since, _)| *since);
        waits.insert(intent_id.to_owned(), (since, why.to_owned()));
    }

    /// `intent_id` moved on (or left EXECUTING): it no longer waits.
    pub fn moved(&self, intent_id: &str) {
        self.waits().remove(intent_id);
    }

    /// The intents waiting the bound or longer, by id: each with why and for how many
    /// seconds.
    pub fn past_bound(&self) -> Vec<(String, String, u64)> {
        let mut past: Vec<_> = self
            .waits()
            .iter()
            .filter(|(_, (since, _))| since.elapsed() >= self.bound)
            .map(|(intent_id, (since, why))| (intent_id.clone(), why.clone(), since.elapsed().as_secs()))
            .collect();
        past.sort();
        past
    }
}

/// Each configured chain's [`Reach`], and the [`Funds`] of each chain's relayer.
#[derive(Debug, Default)]
pub struct Relaying {
    chains: HashMap<u64, Reach>,
    funds: HashMap<u64, Arc<Funds>>,
    stalls: Arc<Stalls>,
    executed: std::collections::HashSet<u64>,
    wakes: HashMap<u64, Arc<tokio::sync::Notify>>,
}

impl Relaying {
    /// The reach of each chain.
    pub fn new(chains: HashMap<u64, Reach>) -> Relaying {
        Relaying {
            chains,
            funds: HashMap::new(),
            stalls: Arc::default(),
            executed: std::collections::HashSet::new(),
            wakes: HashMap::new(),
        }
    }

    /// The same, with the waits the executor's tasks keep.
    pub fn with_stalls(self, stalls: Arc<Stalls>) -> Relaying {
        Relaying { stalls, ..self }
    }

    /// The cross-chain intents waiting past the bound ([`Stalls::past_bound`]).
    pub fn waiting_past_bound(&self) -> Vec<(String, String, u64)> {
        self.stalls.past_bound()
    }

    /// The same, with the funds each chain's relayer task keeps.
    pub fn with_funds(self, funds: HashMap<u64, Arc<Funds>>) -> Relaying {
        Relaying { funds, ..self }
    }

    /// The same, with the chains whose intents the service executes (those with `wallet`
    /// in the configuration).
    pub fn executing(self, executed: std::collections::HashSet<u64>) -> Relaying {
        Relaying { executed, ..self }
    }

    /// The same, with the signal that wakes each chain's executor.
    pub fn with_wakes(self, wakes: HashMap<u64, Arc<tokio::sync::Notify>>) -> Relaying {
        Relaying { wakes, ..self }
    }

    /// Whether the service executes the intents of `chain_id` (the chain has `wallet` in
    /// the configuration), whether or not this instance can.
    pub(super) fn executes(&self, chain_id: u64) -> bool {
        self.executed.contains(&chain_id)
    }

    /// Wakes the executor of `chain_id`, when one runs here: an intent there has just become
    /// EXECUTING. A wake while it is busy is kept for its next wait (`Notify`'s permit).
    pub(super) fn wake(&self, chain_id: u64) {
        if let Some(wake) = self.wakes.get(&chain_id) {
            wake.notify_one();
        }
    }

    /// Each chain's relayer that cannot pay for gas, with why, by chain id.
    pub fn short_of_funds(&self) -> Vec<(u64, String)> {
        let mut short: Vec<_> =
            self.funds.iter().filter_map(|(chain_id, funds)| Some((*chain_id, funds.short()?))).collect();
        short.sort();
        short
    }

    /// Hands `execution`, just queued in the store by the change that made it EXECUTING, to
    /// its chain's relayer task when one runs here; otherwise it waits in the store's queue
    /// for a start that relays on its chain.
    pub(super) fn hand(&self, execution: Execution) {
        if let Some(Reach::Relayed(queue)) = self.chains.get(&execution.chain_id()) {
            // A closed queue: the service is stopping; the next start reads the stored queue.
            let _ = queue.send(execution);
        }
    }

    /// Says on `receipt` why its gasless deposit is not relayed, when it is not: an
    /// EXECUTING intent whose deposit transaction is PENDING with no hash and no reason (a
    /// gasless one nothing was sent for) on a chain the relayer does not reach here.
    pub(super) fn explain(&self, receipt: &mut IntentReceipt) {
        self.explain_origin(receipt);
        let deposit = &mut receipt.deposit_transaction;
        let waiting = receipt.status == IntentStatus::Executing
            && deposit.status == TransactionStatus::Pending
            && deposit.txn_hash.is_none()
            && deposit.status_reason.is_none();
        if !waiting {
            return;
        }
        let reason = match self.chains.get(&deposit.chain_id) {
            Some(Reach::Relayed(_)) => return,
            Some(Reach::NotRelayed(reason)) => reason.clone(),
            None => format!("not relayed: chain {} is not in the service configuration", deposit.chain_id),
        };
        deposit.status_reason = Some(reason);
    }

    /// Says on `receipt` why its origin transaction is not executed, when its chain has
    /// `wallet` and this instance cannot execute there: an EXECUTING intent whose origin
    /// transaction is PENDING with no hash and no reason. It FAILS at the core's time bound
    /// (`crate::relay`).
    fn explain_origin(&self, receipt: &mut IntentReceipt) {
        let origin = &mut receipt.origin_transaction;
        let waiting = receipt.status == IntentStatus::Executing
            && origin.status == TransactionStatus::Pending
            && origin.txn_hash.is_none()
            && origin.status_reason.is_none();
        if !waiting || !self.executed.contains(&origin.chain_id) {
            return;
        }
        if let Some(Reach::NotRelayed(reason)) = self.chains.get(&origin.chain_id) {
            let why = reason.trim_start_matches("not relayed: ");
            origin.status_reason =
                Some(format!("not executed by this instance: {why}; it fails at the execution time bound"));
        }
    }

    /// What the start says about each chain: relayed, or why not.
    pub fn summary(&self) -> Vec<String> {
        let mut chains: Vec<_> = self.chains.iter().collect();
        chains.sort_by_key(|(chain_id, _)| **chain_id);
        chains
            .into_iter()
            .flat_map(|(chain_id, reach)| {
                let relayed = match reach {
                    Reach::Relayed(_) => format!("chain {chain_id}: gasless deposits relayed"),
                    Reach::NotRelayed(reason) => format!("chain {chain_id}: gasless deposits {reason}"),
                };
                std::iter::once(relayed).chain(self.execution(*chain_id, reach))
            })
            .collect()
    }

    /// For `/healthz`: one line per chain with `wallet`, saying whether its intents are
    /// executed here or why not.
    pub fn execution_summary(&self) -> Vec<String> {
        let mut chains: Vec<_> = self.chains.iter().collect();
        chains.sort_by_key(|(chain_id, _)| **chain_id);
        chains.into_iter().filter_map(|(chain_id, reach)| self.execution(*chain_id, reach)).collect()
    }

    /// Whether the intents of `chain_id` (reached as `reach`) are executed here, when it has
    /// `wallet`; chains without it report their outcomes through ReportIntentOutcome.
    fn execution(&self, chain_id: u64, reach: &Reach) -> Option<String> {
        if !self.executed.contains(&chain_id) {
            return None;
        }
        Some(match reach {
            Reach::Relayed(_) => format!("chain {chain_id}: intents executed (wallet)"),
            Reach::NotRelayed(reason) => format!(
                "chain {chain_id}: intents not executed here ({}): they fail at the execution time bound",
                reason.trim_start_matches("not relayed: ")
            ),
        })
    }
}

/// The relayer's and executor's handle on the records: it reads a gasless execution or a
/// record, keeps a transaction's progress, applies the facts that answer a record's step
/// or its failure, and holds nothing else of the records.
#[derive(Clone)]
pub struct Deposits {
    book: Arc<Book>,
}

impl Deposits {
    /// The handle on `book`'s records.
    pub fn new(book: &Arc<Book>) -> Deposits {
        Deposits { book: book.clone() }
    }

    /// The store, for the relays table and the relay queue.
    pub fn store(&self) -> &Store {
        self.book.store()
    }

    /// The execution of `intent_id` while it is EXECUTING with a gasless request (after a
    /// restart, or when tried again: a fresh hand-off carries it).
    ///
    /// # Errors
    ///
    /// Not found for an unknown intent, or a database failure.
    pub async fn execution(&self, intent_id: &str) -> Result<Option<Execution>, Failure> {
        Ok(Execution::of(&self.book.load(intent_id, Caller::Operator).await?.record))
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
    pub async fn keep(&self, intent_id: &str, report: &TransactionReport) -> Result<bool, Failure> {
        self.while_executing(intent_id, EventInput::progress(report)).await
    }

    /// The relay of `intent_id`'s deposit failed on chain: the core's `fail` with `reason`,
    /// keeping `report` as the deposit transaction. Answers whether it applied: `false`
    /// once the intent left EXECUTING.
    ///
    /// # Errors
    ///
    /// Not found, the core's rules, 409, or a database failure.
    pub async fn fail(&self, intent_id: &str, reason: &str, report: &TransactionReport) -> Result<bool, Failure> {
        self.while_executing(intent_id, EventInput::fail_with(reason, Some(report))).await
    }

    /// The record of `intent_id`, for the executor to ask its next step.
    ///
    /// # Errors
    ///
    /// Not found for an unknown intent, or a database failure.
    pub async fn record(&self, intent_id: &str) -> Result<IntentRecord, Failure> {
        Ok(self.book.load(intent_id, Caller::Operator).await?.record)
    }

    /// Applies `input` (a fact that answers the record's step, or the failure its time
    /// bound gives) to `intent_id`'s record at the clock's now if it is EXECUTING; answers
    /// whether it was.
    ///
    /// # Errors
    ///
    /// Not found, the core's rules, 409, or a database failure.
    pub async fn apply(&self, intent_id: &str, input: EventInput<'_>) -> Result<bool, Failure> {
        self.while_executing(intent_id, input).await
    }

    /// Applies `input` to `intent_id`'s record at the clock's now if it is EXECUTING;
    /// answers whether it was.
    async fn while_executing(&self, intent_id: &str, input: EventInput<'_>) -> Result<bool, Failure> {
        let now = Timestamp::now();
        let changed = self
            .book
            .change(intent_id, Caller::Operator, now, Timestamp::now, None, |mut record, now| {
                if *record.status() != IntentStatus::Executing {
                    return Ok(Step::Answer(false));
                }
                Ok(match record.apply(input, now)? {
                    Applied::Replay => Step::Answer(true),
                    Applied::Changed => Step::Store(Box::new(record), Vec::new(), true),
                })
            })
            .await?;
        Ok(changed.answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wait_is_reported_past_the_bound_with_its_latest_reason_until_the_intent_moves_on() {
        let stalls = Stalls::new(std::time::Duration::ZERO);
        stalls.waiting("b", "waiting for the CCTP attestation of 0x01: pending confirmations");
        stalls.waiting("a", "waiting for chain 2's node: refused");
        stalls.waiting("a", "waiting for chain 2's node: timeout");
        let past: Vec<_> = stalls.past_bound().into_iter().map(|(id, why, _)| (id, why)).collect();
        assert_eq!(
            past,
            [
                ("a".to_owned(), "waiting for chain 2's node: timeout".to_owned()),
                ("b".to_owned(), "waiting for the CCTP attestation of 0x01: pending confirmations".to_owned()),
            ]
        );
        stalls.moved("a");
        assert_eq!(stalls.past_bound().len(), 1);

        let patient = Stalls::new(std::time::Duration::from_secs(3600));
        patient.waiting("a", "waiting");
        assert!(patient.past_bound().is_empty(), "not past an hour's bound");
    }
}
