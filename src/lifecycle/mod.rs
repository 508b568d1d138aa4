//! The lifecycle of docs/spec.md §6: an [`IntentRecord`] moves QUOTED → COMMITTED → EXECUTING →
//! SUCCEEDED/FAILED, with ABORTED and REFUNDED, one event at a time.
//!
//! Time is always passed in: nothing here reads a clock. Every event checks
//! `CLOCK_WENT_BACKWARDS`, then `INVALID_TRANSITION`, then its operation's rules (docs/spec.md §7),
//! and changes the record only when all pass, so a failed event leaves it as it was.
//!
//! Every event on an existing record enters one way, [`IntentRecord::apply`], with an
//! [`EventInput`] (what the event brings, built by its named constructors:
//! [`EventInput::commit`], [`EventInput::execute_with`], [`EventInput::fail`],
//! [`EventInput::progress`], …) and the time; `apply` has one match arm per event. A new
//! event is one variant of `EventInput` and one arm here. The transition table exists once,
//! in `table` ([`Event::next_status`]): `apply`, the check [`IntentRecord::check_event`], the
//! restore checks of `state`, and the scenario runner, fuzzing and tests that replay events
//! all read it. A progress report (a transaction's progress without an outcome) is an event
//! of `apply` the table does not know: the status does not move (`receipt`).
//!
//! Every change counts one [`IntentRecord::revision`]; a retried commit or execute, or a
//! progress report already kept, is a replay ([`Applied::Replay`], docs/spec.md §6.3) and
//! changes nothing. The persisted form of a record and its checks live in `state`; the
//! rules of each operation in [`crate::rules`].

mod execution;
mod input;
mod receipt;
mod route;
pub(crate) mod state;
mod table;

use alloc::string::String;
use alloc::vec::Vec;

use alloy_primitives::B256;

pub use execution::Step;
pub use input::EventInput;
pub use table::Event;
use table::Stage;

use crate::error::{Error, Problem};
use crate::rules::{check_execute, check_intent, ExecuteContext};
use crate::{
    changed_paths, BalanceFact, Canonical, ChainFacts, ExecuteRequest, GasFeeOptions, Intent, IntentStatus,
    IntentTransaction, Policy, ServiceContracts, Timestamp, TransactionReport,
};

/// The status reason an expired execution window leaves.
pub const WINDOW_EXPIRED_REASON: &str = "execution window expired";

/// What a successful event did (docs/spec.md §6.3): only a commit, an execute or a progress
/// report (§6.6) can be a replay.
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Applied {
    /// The event changed the record: one more revision, and a new status unless it was a
    /// progress report.
    Changed,
    /// The event repeated one already applied (a client's retry): it succeeded again and
    /// changed nothing, not even the record's last event time.
    Replay,
}

impl Applied {
    /// Whether the event was a replay.
    pub fn is_replay(self) -> bool {
        self == Applied::Replay
    }
}

/// One intent's server-side record: the quoted intent and its canonical hash, its fee
/// options, its status and the times that decide what may happen next, the policy it was
/// quoted under and the request that started its execution. Its persisted form is a
/// [`RecordState`](crate::RecordState) ([`IntentRecord::state`], [`IntentRecord::from_state`]).
#[derive(Debug, Clone, PartialEq)]
pub struct IntentRecord {
    revision: u64,
    stage: Stage,
    intent: Intent,
    intent_hash: B256,
    gas_fee_options: Option<GasFeeOptions>,
    quoted_at: Timestamp,
    committed_at: Option<Timestamp>,
    status_reason: Option<String>,
    status_since: Timestamp,
    last_event_at: Timestamp,
    policy: Policy,
    execute_request: Option<ExecuteRequest>,
    transactions: Vec<IntentTransaction>,
    progress_reports: u64,
    /// The changes replacement deposits made (`execution`): one per retry, and one more for
    /// each FAILED status a retry left.
    retry_changes: u64,
    /// The balance that met the origin precondition, once one did (`execution`).
    precondition_met: Option<BalanceFact>,
    /// What a cross-chain record keeps of its route (`route`).
    route: route::Route,
    /// The text of the quoted members, once [`IntentRecord::state_json`] wrote it.
    quoted_text: state::QuotedText,
}

fn require_reason(reason: &str) -> Result<(), Error> {
    if reason.is_empty() {
        Err(Error::new(Problem::StatusReasonRequired).in_member("reason"))
    } else {
        Ok(())
    }
}

impl IntentRecord {
    /// Quotes `intent` with its `gas_fee_options` at `now` under `policy`: the QuoteRequest
    /// rules, intent consistency, `WRONG_STATUS` and `QUOTE_LIFETIME`
    /// (`now < expiresAt ≤ now + policy.quote_ttl_seconds`). The record keeps `policy`: its
    /// execution window and entrypoint names apply to every later event. Without gas fee
    /// options, no fee option can be selected at execution and none expires at commit.
    ///
    /// # Errors
    ///
    /// The first broken rule, with paths relative to the intent.
    pub fn quote(
        intent: Intent,
        gas_fee_options: Option<GasFeeOptions>,
        policy: &Policy,
        now: Timestamp,
    ) -> Result<IntentRecord, Error> {
        check_intent(&intent)?;
        if intent.status != IntentStatus::Quoted {
            return Err(Error::new(Problem::WrongStatus { status: intent.status.clone() }).in_member("status"));
        }
        let latest = now.saturating_add_seconds(seconds(policy.quote_ttl_seconds));
        if intent.expires_at <= now || intent.expires_at > latest {
            return Err(Error::new(Problem::QuoteLifetime { now, expires_at: intent.expires_at, latest })
                .in_member("expiresAt"));
        }
        Ok(IntentRecord {
            revision: 0,
            stage: Stage::Quoted,
            intent_hash: intent.canonical_hash(),
            intent,
            gas_fee_options,
            quoted_at: now,
            committed_at: None,
            status_reason: None,
            status_since: now,
            last_event_at: now,
            policy: policy.clone(),
            execute_request: None,
            transactions: Vec::new(),
            progress_reports: 0,
            retry_changes: 0,
            precondition_met: None,
            route: route::Route::default(),
            quoted_text: state::QuotedText::default(),
        })
    }

    /// How many times the record changed since its quote (0 after the quote, +1 per
    /// change; replays and failed events leave it as it is): what a host compares and swaps
    /// on when it stores the record (docs/spec.md §6.3).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The policy the record was quoted under.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// The execute request that started execution, once one did: the deposit proof a
    /// relayer needs.
    pub fn execute_request(&self) -> Option<&ExecuteRequest> {
        self.execute_request.as_ref()
    }

    /// The instant at which the record's situation changes by time alone (docs/spec.md §6.4):
    /// when QUOTED, the earlier of the quote's and the fee options' expiry (after it the
    /// record can only be discarded); when COMMITTED, the close of the execution window
    /// (after it [`EventInput::expire`] applies); otherwise none. Hosts index it to run
    /// expiry sweeps.
    pub fn next_deadline(&self) -> Option<Timestamp> {
        if Event::Commit.next(Some(self.stage)).is_some() {
            return Some(match self.fee_options_expire_at() {
                Some(fees) => fees.min(self.quote_expires_at()),
                None => self.quote_expires_at(),
            });
        }
        self.window_open().then(|| self.execution_window_closes_at()).flatten()
    }

    /// Whether the record is in the stage the execution window applies to: the one
    /// [`EventInput::Expire`] leaves.
    fn window_open(&self) -> bool {
        Event::Expire.next(Some(self.stage)).is_some()
    }

    /// The record's status as stored (see [`IntentRecord::status_at`] for what it reads
    /// as at a given time).
    pub fn status(&self) -> &IntentStatus {
        self.stage.status()
    }

    /// The quoted intent.
    pub fn intent(&self) -> &Intent {
        &self.intent
    }

    /// The quoted intent's canonical hash.
    pub fn intent_hash(&self) -> B256 {
        self.intent_hash
    }

    /// The gas fee options quoted with the intent.
    pub fn gas_fee_options(&self) -> Option<&GasFeeOptions> {
        self.gas_fee_options.as_ref()
    }

    /// When the quote expires (`intent.expiresAt`).
    pub fn quote_expires_at(&self) -> Timestamp {
        self.intent.expires_at
    }

    /// When the gas fee options expire, if any were quoted.
    pub fn fee_options_expire_at(&self) -> Option<Timestamp> {
        self.gas_fee_options.as_ref().map(|options| options.expires_at)
    }

    /// When the intent was quoted.
    pub fn quoted_at(&self) -> Timestamp {
        self.quoted_at
    }

    /// When the intent was committed, once it was.
    pub fn committed_at(&self) -> Option<Timestamp> {
        self.committed_at
    }

    /// When the execution window closes (`committedAt + executionWindow`), once committed.
    pub fn execution_window_closes_at(&self) -> Option<Timestamp> {
        self.committed_at.map(|at| at.saturating_add_seconds(seconds(self.policy.execution_window_seconds)))
    }

    /// Why the intent failed or was aborted.
    pub fn status_reason(&self) -> Option<&str> {
        self.status_reason.as_deref()
    }

    /// When the status took its present value: the time of the event, except for an
    /// [`EventInput::expire`], whose status dates from the window's close.
    pub fn status_since(&self) -> Timestamp {
        self.status_since
    }

    /// The time of the last event applied.
    pub fn last_event_at(&self) -> Timestamp {
        self.last_event_at
    }

    /// The status the record has at `now`: a COMMITTED record whose execution window has
    /// closed reads as ABORTED even before [`EventInput::expire`] is applied.
    pub fn status_at(&self, now: Timestamp) -> IntentStatus {
        match self.window_expired_at(now) {
            Some(_) => IntentStatus::Aborted,
            None => self.stage.status().clone(),
        }
    }

    /// When the window closed, if the record is COMMITTED and it has closed by `now`.
    fn window_expired_at(&self, now: Timestamp) -> Option<Timestamp> {
        let closes_at = self.execution_window_closes_at()?;
        (self.window_open() && now >= closes_at).then_some(closes_at)
    }

    /// What `event` at `now` would be refused with before its operation's rules are
    /// checked: `CLOCK_WENT_BACKWARDS` before the last event, then `INVALID_TRANSITION`
    /// when the table ([`Event::next_status`]) does not allow it from the record's status
    /// (a record is quoted once, by [`IntentRecord::quote`], so a second quote always is).
    /// Returns the status the event leads to when it passes its rules.
    ///
    /// # Errors
    ///
    /// `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION`.
    pub fn check_event(&self, event: &Event, now: Timestamp) -> Result<IntentStatus, Error> {
        self.next_stage(*event, now).map(|stage| stage.status().clone())
    }

    /// `CLOCK_WENT_BACKWARDS` when `now` is before the record's last event.
    pub(crate) fn check_clock(&self, now: Timestamp) -> Result<(), Error> {
        if now < self.last_event_at {
            return Err(Error::new(Problem::ClockWentBackwards { now, last: self.last_event_at }));
        }
        Ok(())
    }

    /// [`IntentRecord::check_event`] over the closed stages.
    fn next_stage(&self, event: Event, now: Timestamp) -> Result<Stage, Error> {
        self.check_clock(now)?;
        event.next(Some(self.stage)).ok_or_else(|| event.invalid_transition(Some(self.stage.status())))
    }

    /// Applies one event at `now` (docs/spec.md §6): the one way into every event of an
    /// existing record, one match arm per [`EventInput`] variant. `CLOCK_WENT_BACKWARDS`,
    /// then `INVALID_TRANSITION` ([`IntentRecord::check_event`]), then the event's own
    /// checks, changing the record only when all pass. A retried commit or execute is a
    /// replay ([`Applied::Replay`]) before any check, whatever `now` is; so is a progress
    /// report equal to the one kept, after its checks.
    ///
    /// ```
    /// use intent_core::{from_slice, EventInput, IntentRecord, IntentStatus, Policy, Reason};
    ///
    /// let intent = from_slice(include_bytes!("../../examples/intent.json"))?;
    /// let mut record = IntentRecord::quote(intent, None, &Policy::default(), "2026-11-21T18:30:00Z".parse()?)?;
    /// let committed = record.intent().clone();
    /// let commit = EventInput::commit(&committed);
    /// assert!(!record.apply(commit, "2026-11-21T18:31:00Z".parse()?)?.is_replay());
    /// assert!(record.apply(commit, "2026-11-21T18:32:00Z".parse()?)?.is_replay());
    ///
    /// let err = record.apply(EventInput::succeed(), "2026-11-21T18:33:00Z".parse()?).unwrap_err();
    /// assert_eq!((err.reason(), record.status()), (Reason::InvalidTransition, &IntentStatus::Committed));
    /// # Ok::<(), intent_core::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION`, then the event's own, as its
    /// constructor lists them ([`EventInput::commit`], [`EventInput::commit_with`],
    /// [`EventInput::execute_with`], [`EventInput::fail`], [`EventInput::succeed`],
    /// [`EventInput::abort`], [`EventInput::expire`], [`EventInput::refund`],
    /// [`EventInput::progress`], [`EventInput::balance`], [`EventInput::origin_receipt`],
    /// [`EventInput::retry`], [`EventInput::attestation`], [`EventInput::origin_gone`],
    /// [`EventInput::route_receipt`], [`EventInput::destination_receipt`]).
    pub fn apply(&mut self, input: EventInput<'_>, now: Timestamp) -> Result<Applied, Error> {
        match input {
            EventInput::Commit { intent, contracts } => self.apply_commit(intent, contracts, now),
            EventInput::Execute { request, facts } => self.apply_execute(request, &facts, now),
            EventInput::Fail { reason, transaction } => self.apply_with_reason(Event::Fail, reason, transaction, now),
            EventInput::Succeed { transaction } => {
                let next = self.next_stage(Event::Succeed, now)?;
                self.enter_reporting(next, None, transaction, now)
            }
            EventInput::Abort { reason, transaction } => self.apply_with_reason(Event::Abort, reason, transaction, now),
            EventInput::Expire => self.apply_expire(now),
            EventInput::Refund { transaction } => {
                let next = self.next_stage(Event::Refund, now)?;
                self.enter_reporting(next, self.status_reason.clone(), transaction, now)
            }
            EventInput::Progress { report } => self.apply_progress(report, now),
            EventInput::Balance { fact } => self.apply_balance(fact, now),
            EventInput::OriginReceipt { evidence } => self.apply_origin_receipt(evidence, now),
            EventInput::Retry { hash, facts } => self.apply_retry(hash, &facts, now),
            EventInput::Attestation { fact } => self.apply_attestation(fact, now),
            EventInput::OriginGone { fact } => self.apply_origin_gone(fact, now),
            EventInput::RouteReceipt { evidence } => self.apply_route_receipt(evidence, now),
            EventInput::DestinationReceipt { evidence } => self.apply_destination_receipt(evidence, now),
        }
    }

    /// An event that needs a reason (fail, abort): the table, then the reason, then the
    /// reported transaction.
    fn apply_with_reason(
        &mut self,
        event: Event,
        reason: &str,
        transaction: Option<&TransactionReport>,
        now: Timestamp,
    ) -> Result<Applied, Error> {
        let next = self.next_stage(event, now)?;
        require_reason(reason)?;
        self.enter_reporting(next, Some(String::from(reason)), transaction, now)
    }

    /// Enters `stage` keeping the reported `transaction`, if any, once it is checked
    /// against the intent.
    fn enter_reporting(
        &mut self,
        stage: Stage,
        reason: Option<String>,
        transaction: Option<&TransactionReport>,
        now: Timestamp,
    ) -> Result<Applied, Error> {
        let transaction = transaction.map(|report| receipt::reported(&self.intent, report, now)).transpose()?;
        if let Some(transaction) = transaction {
            receipt::keep(&mut self.transactions, transaction);
        }
        self.enter(stage, reason, now);
        Ok(Applied::Changed)
    }

    fn enter(&mut self, stage: Stage, reason: Option<String>, now: Timestamp) {
        self.revision += 1;
        self.stage = stage;
        self.status_reason = reason;
        self.status_since = now;
        self.last_event_at = now;
    }

    /// The commit ([`EventInput::commit_with`]). Intent consistency was checked at quote
    /// time and is implied by the hash.
    fn apply_commit(
        &mut self,
        intent: &Intent,
        contracts: Option<&ServiceContracts>,
        now: Timestamp,
    ) -> Result<Applied, Error> {
        // Equal intents have one canonical form (equality is by meaning: unknown members by
        // their canonical forms, decimals by value, and `-0` is written `0`), so the intent
        // stored, whose hash is checked whenever a record is restored, needs no hashing.
        let actual = if *intent == self.intent { self.intent_hash } else { intent.canonical_hash() };
        let contracts_match = contracts.is_none_or(|contracts| *contracts == self.intent.service_contracts);
        if self.stage != Stage::Quoted && actual == self.intent_hash && contracts_match {
            return Ok(Applied::Replay);
        }
        let next = self.next_stage(Event::Commit, now)?;
        if actual != self.intent_hash {
            let changed = changed_paths(&self.intent, intent);
            return Err(
                Error::new(Problem::IntentModified { expected: self.intent_hash, actual, changed }).in_member("intent")
            );
        }
        if now >= self.intent.expires_at {
            return Err(Error::new(Problem::QuoteExpired { now, expires_at: self.intent.expires_at }));
        }
        if let Some(expires_at) = self.fee_options_expire_at().filter(|&expires_at| now >= expires_at) {
            return Err(Error::new(Problem::FeeOptionsExpired { now, expires_at }));
        }
        if !contracts_match {
            return Err(Error::new(Problem::ServiceContractsMismatch).in_member("serviceContracts"));
        }
        self.committed_at = Some(now);
        self.enter(next, None, now);
        Ok(Applied::Changed)
    }

    /// The execute ([`EventInput::execute_with`]).
    fn apply_execute(
        &mut self,
        request: &ExecuteRequest,
        facts: &ChainFacts<'_>,
        now: Timestamp,
    ) -> Result<Applied, Error> {
        if self.is_execute_replay(request) {
            return Ok(Applied::Replay);
        }
        let next = self.next_stage(Event::Execute, now)?;
        let context = ExecuteContext {
            intent: &self.intent,
            gas_fee_options: self.gas_fee_options.as_ref(),
            now,
            window_closes_at: self.execution_window_closes_at(),
            facts,
            entrypoint: &self.policy.entrypoint,
            deposit_confirmations: self.policy.deposit_confirmations,
        };
        check_execute(request, &context)?;
        if let (Some(hash), Some(_)) = (request.deposit_transaction_hash, facts.deposit_evidence) {
            receipt::keep_proven_deposit(self, hash, now);
        }
        self.execute_request = Some(request.clone());
        self.enter(next, None, now);
        Ok(Applied::Changed)
    }

    /// Whether `request` is the one that started execution (same canonical hash).
    fn is_execute_replay(&self, request: &ExecuteRequest) -> bool {
        self.execute_request.as_ref().is_some_and(|kept| kept.canonical_hash() == request.canonical_hash())
    }

    /// The expiry ([`EventInput::expire`]).
    fn apply_expire(&mut self, now: Timestamp) -> Result<Applied, Error> {
        let next = self.next_stage(Event::Expire, now)?;
        let Some(closed_at) = self.window_expired_at(now) else {
            let closes_at = self.execution_window_closes_at().unwrap_or(Timestamp::MAX);
            return Err(Error::new(Problem::WindowStillOpen { now, closes_at }));
        };
        self.enter(next, Some(String::from(WINDOW_EXPIRED_REASON)), now);
        self.status_since = closed_at;
        Ok(Applied::Changed)
    }
}

/// A lifetime in seconds as a [`Timestamp`] offset: one past `i64::MAX` seconds never
/// ends anyway.
fn seconds(lifetime: u64) -> i64 {
    i64::try_from(lifetime).unwrap_or(i64::MAX)
}
