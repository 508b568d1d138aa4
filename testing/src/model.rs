//! The reference model of the lifecycle's expected behaviour (docs/spec.md §6 and the
//! lifecycle rules of §7), written from the spec and not from the library: the one model the
//! library's lifecycle tests (`tests/it/lifecycle.rs`), intentctl's reference-model property
//! (`intentctl/tests/it/proof_lifecycle_model.rs`) and the `lifecycle` fuzz target
//! (`fuzz/src/lifecycle.rs`) all compare the library with.
//!
//! What lives here: the transition table as the spec states it ([`next_status`]); a
//! [`Model`] of one record, which decides the outcome of each event ([`Model::expect`]: a
//! change, a replay, the reason of a refusal, or that the model does not decide) from the
//! order of the checks (replay, `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION`, the
//! operation's rules) and from every rule's instant, computed here in nanoseconds with its
//! own boundary arithmetic; what a successful event changes ([`Model::apply`]); what a record
//! reads as at any instant ([`Model::reading`]); and the comparison of a record with the
//! model ([`assert_follows`]). Execution after the deposit (docs/spec.md §6.7) is modelled by
//! what it remembers (the deposit stage done, a balance kept, an origin transaction
//! followed) and the order of its refusals; how a receipt is judged is the caller's
//! ([`Judged`]), from the logs it built.
//!
//! What does not live here: the inputs. A caller describes each event by what it knows of
//! its input ([`ModelEvent`], [`KnownRequest`]: whether a commit sends a changed intent,
//! which rule of an execute request breaks first), so the model never reads an intent, a
//! signature or chain facts; the rules it does not decide (signatures, deposit evidence)
//! are [`Verdict::Undecided`] and the caller follows the library there. The inputs
//! themselves are the generators' ([`crate::generators`]), the fixtures' and the fuzz
//! target's. Neither do the checks of the record's stored form, which are the tests' of
//! `RecordState`.

use std::fmt::Display;

use intent_core::{
    Event, GasFeeOptions, Intent, IntentRecord, IntentStatus, Policy, Reason, Timestamp, B256, WINDOW_EXPIRED_REASON,
};

use crate::generators::{nanos, NS};

/// The statuses a lifecycle record can be in (docs/spec.md §6).
pub const STATES: [IntentStatus; 7] = [
    IntentStatus::Quoted,
    IntentStatus::Committed,
    IntentStatus::Executing,
    IntentStatus::Failed,
    IntentStatus::Succeeded,
    IntentStatus::Aborted,
    IntentStatus::Refunded,
];

/// docs/spec.md §6's transition table as the spec states it: the status after `event` from
/// `from` (`None`: before a quote), or `None` when the event is an `INVALID_TRANSITION`
/// there. The library's own table (`Event::next_status`) is compared with it once
/// (`tests/it/lifecycle.rs`); the model reads only this one.
pub fn next_status(from: Option<&IntentStatus>, event: Event) -> Option<IntentStatus> {
    use IntentStatus::*;
    match (from, event) {
        (None, Event::Quote) => Some(Quoted),
        (Some(Quoted), Event::Commit) => Some(Committed),
        (Some(Committed), Event::Execute) => Some(Executing),
        (Some(Executing), Event::Fail) => Some(Failed),
        (Some(Executing), Event::Succeed) => Some(Succeeded),
        (Some(Committed), Event::Expire | Event::Abort) => Some(Aborted),
        (Some(Failed | Aborted), Event::Refund) => Some(Refunded),
        (Some(Executing | Failed), Event::Retry) => Some(Executing),
        _ => None,
    }
}

/// Whether nothing can follow `status` but a replay: SUCCEEDED and REFUNDED are final.
pub fn is_final(status: &IntentStatus) -> bool {
    matches!(status, IntentStatus::Succeeded | IntentStatus::Refunded)
}

/// What the rules of an execute request after its deadlines say, as far as the caller knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Verdict {
    /// Every remaining rule passes.
    #[default]
    Passes,
    /// The first remaining rule to break is this one.
    Fails(Reason),
    /// The model does not decide (signatures, deposit evidence): the library's answer is
    /// followed.
    Undecided,
}

impl Verdict {
    /// What an event whose remaining rules say this does.
    fn expected(self) -> Expected {
        match self {
            Verdict::Passes => Expected::Changed,
            Verdict::Fails(reason) => Expected::Refused(reason),
            Verdict::Undecided => Expected::Undecided,
        }
    }
}

/// What the model knows of an execute request: its canonical hash (a request with the hash
/// of the one that started execution is a replay, docs/spec.md §6.3), the rule that breaks
/// before the window if one does (`INTENT_ID_MISMATCH`, `DEPOSIT_PROOF_MISSING`,
/// `DEPOSIT_PROOF_CONFLICT`), its deadlines in Unix seconds, and what the rules after the
/// deadlines say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownRequest {
    /// The request's canonical hash.
    pub canonical_hash: B256,
    /// The rule that breaks before the execution window is checked.
    pub fails_first: Option<Reason>,
    /// `depositSignature.deadline`, checked after the window (`SIGNATURE_EXPIRED`).
    pub deadline: Option<u64>,
    /// `depositSignature.permitDeadline`, checked after the deadline (`PERMIT_EXPIRED`).
    pub permit_deadline: Option<u64>,
    /// The rules after the deadlines.
    pub then: Verdict,
    /// Whether the request's deposit hash is proven by the deposit evidence passed with it,
    /// so that an execute keeps the deposit SUCCEEDED (docs/spec.md §6.6, 6.7).
    pub proves_deposit: bool,
}

impl KnownRequest {
    /// A request of `canonical_hash` that breaks no rule and has no deadline.
    pub fn passing(canonical_hash: B256) -> KnownRequest {
        KnownRequest {
            canonical_hash,
            fails_first: None,
            deadline: None,
            permit_deadline: None,
            then: Verdict::Passes,
            proves_deposit: false,
        }
    }
}

/// A progress report (docs/spec.md §6.6) as the execution model sees it (6.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progressed {
    /// The deposit transaction reported SUCCEEDED: the deposit stage is done.
    DepositSucceeded,
    /// The deposit transaction reported in another status: the deposit stage is not done.
    DepositOther,
    /// The origin transaction reported SENT or MINING with a hash: the record follows it,
    /// whatever the time, until its receipt decides.
    OriginFollowed,
    /// A cross-chain intent's ROUTE transaction reported SENT or MINING with a hash
    /// (docs/spec.md §6.9).
    RouteFollowed,
    /// The ROUTE transaction reported SUCCEEDED: the mint is done.
    RouteSucceeded,
    /// The DESTINATION transaction reported SENT or MINING with a hash.
    DestinationFollowed,
}

/// What the caller knows of a balance (docs/spec.md §6.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownBalance {
    /// It equals the balance the record keeps, if it keeps one.
    pub same_as_kept: bool,
    /// It names the precondition's chain, token and wallet.
    pub matches: bool,
    /// Its amount is at least the deposit amount.
    pub meets: bool,
}

/// How the spec judges an origin receipt (docs/spec.md §6.7), as the caller built it: the
/// status, then the main calls' events, then the fee collector's Transfers, then the
/// recipient's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judged<'a> {
    /// SUCCEEDED.
    Succeeded,
    /// FAILED with this status reason.
    Failed(&'a str),
    /// FAILED with this status reason, then REFUNDED by the same receipt.
    Refunded(&'a str),
    /// A cross-chain intent's origin transaction burned for its destination intent address:
    /// the record stays EXECUTING and keeps the burn (docs/spec.md §6.9).
    Burned,
}

/// What the caller knows of an origin receipt (docs/spec.md §6.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownReceipt<'a> {
    /// Its transaction hash is the followed one.
    pub hash_matches: bool,
    /// It was read from the origin chain.
    pub chain_matches: bool,
    /// It has the policy's confirmations.
    pub confirmed: bool,
    /// What its facts say.
    pub judged: Judged<'a>,
}

/// What the caller knows of an attestation (docs/spec.md §6.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownAttestation {
    /// It equals the attestation the record keeps, if it keeps one.
    pub same_as_kept: bool,
    /// Its message is the kept burn completed and its signatures a nonzero multiple of 65
    /// bytes.
    pub matches: bool,
}

/// What the caller knows of a fact about a followed transaction of a cross-chain intent
/// (docs/spec.md §6.9): an origin gone, a route receipt or a destination receipt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownFollowed<'a> {
    /// It names the followed transaction's hash.
    pub hash_matches: bool,
    /// It was read from the transaction's chain.
    pub chain_matches: bool,
    /// It has the policy's confirmations (always, for an origin gone).
    pub confirmed: bool,
    /// What its facts say: for a route receipt `Succeeded` (status 1) or `Failed` (any
    /// other status: the mint is sent again); for a destination receipt its judgement.
    pub judged: Judged<'a>,
}

/// What the caller knows of a replacement deposit (docs/spec.md §6.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownRetry {
    /// Its hash is the deposit transaction's the record keeps SUCCEEDED (a replay).
    pub same_as_kept: bool,
    /// What its deposit evidence says.
    pub evidence: Verdict,
}

/// One event as the model sees it: the event, and what the caller knows of its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModelEvent<'a> {
    /// A quote: it creates the record; on an existing record it is refused by the table.
    Quote,
    /// A commit: whether the intent sent back differs from the quoted one (another canonical
    /// hash), and whether the service contracts sent are the intent's.
    Commit {
        /// The sent intent's canonical hash is not the quoted one's.
        modified: bool,
        /// The service contracts sent (or none) equal the quoted intent's.
        contracts_match: bool,
    },
    /// An execute of the request.
    Execute(&'a KnownRequest),
    /// A fail with its reason.
    Fail(&'a str),
    /// A succeed.
    Succeed,
    /// An abort with its reason.
    Abort(&'a str),
    /// An expire.
    Expire,
    /// A refund.
    Refund,
    /// A replacement deposit.
    Retry(KnownRetry),
    /// A progress report (no event of the table; the status does not move).
    Progress {
        /// What it reports.
        progressed: Progressed,
        /// It equals the kept transaction of its type (a replay).
        same_as_kept: bool,
    },
    /// A balance answering the record's step (no event of the table).
    Balance(KnownBalance),
    /// An origin receipt answering the record's step: it moves the status through the
    /// table's `succeed`, or `fail` and then `refund`; a cross-chain intent's that burned
    /// keeps it EXECUTING.
    OriginReceipt(KnownReceipt<'a>),
    /// An attestation of the kept burn (docs/spec.md §6.9).
    Attestation(KnownAttestation),
    /// The origin transaction gone from its chain (docs/spec.md §6.9).
    OriginGone(KnownFollowed<'a>),
    /// The ROUTE transaction's receipt (docs/spec.md §6.9).
    RouteReceipt(KnownFollowed<'a>),
    /// The DESTINATION transaction's receipt (docs/spec.md §6.9): the table's `succeed` or
    /// `fail`.
    DestinationReceipt(KnownFollowed<'a>),
}

impl ModelEvent<'_> {
    /// The commit of the quoted intent with its own service contracts.
    pub const COMMIT: ModelEvent<'static> = ModelEvent::Commit { modified: false, contracts_match: true };

    /// The lifecycle event of the table this is; `None` for a progress report, a balance
    /// and an origin receipt, which the table does not know.
    pub fn kind(&self) -> Option<Event> {
        Some(match self {
            ModelEvent::Quote => Event::Quote,
            ModelEvent::Commit { .. } => Event::Commit,
            ModelEvent::Execute(_) => Event::Execute,
            ModelEvent::Fail(_) => Event::Fail,
            ModelEvent::Succeed => Event::Succeed,
            ModelEvent::Abort(_) => Event::Abort,
            ModelEvent::Expire => Event::Expire,
            ModelEvent::Refund => Event::Refund,
            ModelEvent::Retry(_) => Event::Retry,
            ModelEvent::Progress { .. }
            | ModelEvent::Balance(_)
            | ModelEvent::OriginReceipt(_)
            | ModelEvent::Attestation(_)
            | ModelEvent::OriginGone(_)
            | ModelEvent::RouteReceipt(_)
            | ModelEvent::DestinationReceipt(_) => return None,
        })
    }
}

/// What the model expects of an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// It succeeds and changes the record ([`Model::apply`]).
    Changed,
    /// It succeeds as a replay and changes nothing (docs/spec.md §6.3).
    Replay,
    /// It is refused with this reason and changes nothing.
    Refused(Reason),
    /// It is refused by a rule the model does not decide, or passes and changes the record.
    Undecided,
}

/// The instants and lifetimes a record's rules read, in nanoseconds since the Unix epoch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lifetimes {
    /// `intent.expiresAt`.
    pub expires_at: i128,
    /// `gasFeeOptions.expiresAt`, when fee options were quoted.
    pub fee_options_expire_at: Option<i128>,
    /// The policy's quote lifetime.
    pub quote_ttl: i128,
    /// The policy's execution window.
    pub execution_window: i128,
}

impl Lifetimes {
    /// The lifetimes of `intent` quoted with `gas_fee_options` under `policy`.
    pub fn of(intent: &Intent, gas_fee_options: Option<&GasFeeOptions>, policy: &Policy) -> Lifetimes {
        Lifetimes {
            expires_at: nanos(intent.expires_at),
            fee_options_expire_at: gas_fee_options.map(|options| nanos(options.expires_at)),
            quote_ttl: i128::from(policy.quote_ttl_seconds) * NS,
            execution_window: i128::from(policy.execution_window_seconds) * NS,
        }
    }
}

/// The first and last instants a timestamp can name (years 0000–9999), in nanoseconds.
fn min_nanos() -> i128 {
    nanos(Timestamp::MIN)
}

fn max_nanos() -> i128 {
    nanos(Timestamp::MAX)
}

/// What a record reads as at an instant: its status, the origin transaction's status reason
/// on its receipt, and when the status took its value (the receipt's `updatedAt`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    /// `status_at(t)` and the receipt's status.
    pub status: IntentStatus,
    /// The receipt's origin transaction's `statusReason`.
    pub reason: Option<String>,
    /// The receipt's `updatedAt`, in nanoseconds.
    pub updated_at: i128,
}

/// One record as docs/spec.md §6 says it evolves: `status` is `None` until a quote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Model {
    /// The instants and lifetimes its rules read.
    pub lifetimes: Lifetimes,
    /// The stored status.
    pub status: Option<IntentStatus>,
    /// Changes since the quote (docs/spec.md §6.3).
    pub revision: u64,
    /// The time of the last event applied.
    pub last_event_at: i128,
    /// When it was committed.
    pub committed_at: Option<i128>,
    /// When the status took its value.
    pub status_since: i128,
    /// The status reason.
    pub reason: Option<String>,
    /// The canonical hash of the request that started execution.
    pub executed_with: Option<B256>,
    /// Whether the deposit stage SUCCEEDED (docs/spec.md §6.7).
    pub deposit_succeeded: bool,
    /// Whether a balance that met the precondition is kept.
    pub precondition_met: bool,
    /// Whether the origin transaction was reported SENT or MINING.
    pub origin_followed: bool,
    /// The status reason of the origin transaction the record keeps, once one was reported
    /// or judged (docs/spec.md §6.6: a kept transaction is the receipt's, whatever the status).
    pub origin_kept_reason: Option<Option<String>>,
    /// The cross-chain stages (docs/spec.md §6.9).
    pub route: RouteModel,
}

/// What a cross-chain record keeps past its burn (docs/spec.md §6.9).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RouteModel {
    /// A burn is kept.
    pub burned: bool,
    /// An attestation is kept.
    pub attested: bool,
    /// The ROUTE transaction is followed (SENT or MINING with a hash).
    pub route_followed: bool,
    /// The ROUTE transaction is SUCCEEDED.
    pub minted: bool,
    /// A destination balance is kept.
    pub destination_met: bool,
    /// The DESTINATION transaction is followed.
    pub destination_followed: bool,
}

impl Model {
    /// No record yet: only a quote can happen.
    pub fn new(lifetimes: Lifetimes) -> Model {
        Model {
            lifetimes,
            status: None,
            revision: 0,
            last_event_at: min_nanos(),
            committed_at: None,
            status_since: min_nanos(),
            reason: None,
            executed_with: None,
            deposit_succeeded: false,
            precondition_met: false,
            origin_followed: false,
            origin_kept_reason: None,
            route: RouteModel::default(),
        }
    }

    /// The record quoted at `at`.
    pub fn quoted(lifetimes: Lifetimes, at: i128) -> Model {
        let mut model = Model::new(lifetimes);
        model.apply(&ModelEvent::Quote, at);
        model
    }

    /// When the execution window closes: `committedAt + executionWindow`, and a window that
    /// would close after year 9999 closes at its last instant.
    pub fn closes_at(&self) -> Option<i128> {
        self.committed_at.map(|at| (at + self.lifetimes.execution_window).min(max_nanos()))
    }

    /// The status as read at `at`: a COMMITTED record whose window has closed reads ABORTED.
    pub fn status_at(&self, at: i128) -> Option<IntentStatus> {
        self.reading(at).map(|reading| reading.status)
    }

    /// What the record reads as at `at` (docs/spec.md §6, 6.6): as stored, but a COMMITTED
    /// record at or past its window's close reads ABORTED with the expiry's reason, since
    /// the close. `None` before a quote.
    pub fn reading(&self, at: i128) -> Option<Reading> {
        let status = self.status.clone()?;
        Some(match self.closes_at() {
            Some(closes_at) if status == IntentStatus::Committed && at >= closes_at => Reading {
                status: IntentStatus::Aborted,
                reason: Some(WINDOW_EXPIRED_REASON.to_owned()),
                updated_at: closes_at,
            },
            _ => Reading {
                status,
                reason: self.origin_kept_reason.clone().unwrap_or_else(|| self.reason.clone()),
                updated_at: self.status_since,
            },
        })
    }

    /// Whether `event` is a replay (docs/spec.md §6.3): the quoted intent committed again
    /// with matching contracts on a record already committed, or the request that started
    /// execution sent again.
    pub fn is_replay(&self, event: &ModelEvent) -> bool {
        let Some(status) = &self.status else { return false };
        match event {
            ModelEvent::Commit { modified, contracts_match } => {
                *status != IntentStatus::Quoted && !modified && *contracts_match
            }
            ModelEvent::Execute(request) => self.executed_with == Some(request.canonical_hash),
            ModelEvent::Retry(retry) => retry.same_as_kept && self.deposit_succeeded,
            _ => false,
        }
    }

    /// What `event` at `now` does (docs/spec.md §6–7): before a quote only a quote within
    /// the quote lifetime passes; then a replay is recognised first, then
    /// `CLOCK_WENT_BACKWARDS`, then `INVALID_TRANSITION`, then the operation's rules in
    /// their order.
    pub fn expect(&self, event: &ModelEvent, now: i128) -> Expected {
        let lifetimes = &self.lifetimes;
        let Some(status) = &self.status else {
            if *event != ModelEvent::Quote {
                return Expected::Refused(Reason::InvalidTransition);
            }
            let latest = (now + lifetimes.quote_ttl).min(max_nanos());
            return if now < lifetimes.expires_at && lifetimes.expires_at <= latest {
                Expected::Changed
            } else {
                Expected::Refused(Reason::QuoteLifetime)
            };
        };
        if self.is_replay(event) {
            return Expected::Replay;
        }
        if now < self.last_event_at {
            return Expected::Refused(Reason::ClockWentBackwards);
        }
        let Some(kind) = event.kind() else {
            return self.expect_execution(status, event);
        };
        if next_status(Some(status), kind).is_none() {
            return Expected::Refused(Reason::InvalidTransition);
        }
        let refused_unless = |broken: Option<Reason>| broken.map_or(Expected::Changed, Expected::Refused);
        match event {
            ModelEvent::Commit { modified, contracts_match } => refused_unless(if *modified {
                Some(Reason::IntentModified)
            } else if now >= lifetimes.expires_at {
                Some(Reason::QuoteExpired)
            } else if lifetimes.fee_options_expire_at.is_some_and(|at| now >= at) {
                Some(Reason::FeeOptionsExpired)
            } else if !contracts_match {
                Some(Reason::ServiceContractsMismatch)
            } else {
                None
            }),
            ModelEvent::Execute(request) => {
                // A deadline holds while floor(now) ≤ deadline.
                let floor = now.div_euclid(NS);
                let passed = |deadline: Option<u64>| deadline.is_some_and(|d| floor > i128::from(d));
                if let Some(reason) = request.fails_first {
                    Expected::Refused(reason)
                } else if self.closes_at().is_some_and(|closes_at| now >= closes_at) {
                    Expected::Refused(Reason::ExecutionWindowExpired)
                } else if passed(request.deadline) {
                    Expected::Refused(Reason::SignatureExpired)
                } else if passed(request.permit_deadline) {
                    Expected::Refused(Reason::PermitExpired)
                } else {
                    request.then.expected()
                }
            }
            ModelEvent::Fail(reason) | ModelEvent::Abort(reason) => {
                refused_unless(reason.is_empty().then_some(Reason::StatusReasonRequired))
            }
            ModelEvent::Expire => refused_unless(
                self.closes_at().is_none_or(|closes_at| now < closes_at).then_some(Reason::WindowStillOpen),
            ),
            ModelEvent::Quote | ModelEvent::Succeed | ModelEvent::Refund => Expected::Changed,
            ModelEvent::Retry(retry) => {
                if self.deposit_succeeded {
                    Expected::Refused(Reason::DepositAlreadySucceeded)
                } else if self.past_deposit() {
                    Expected::Refused(Reason::RetryTooLate)
                } else {
                    retry.evidence.expected()
                }
            }
            _ => unreachable!("events of no table kind are expected by expect_execution"),
        }
    }

    /// Whether execution went past the deposit stage (docs/spec.md §6.8): a balance kept, or
    /// an origin transaction reported or judged.
    fn past_deposit(&self) -> bool {
        self.precondition_met || self.origin_followed || self.origin_kept_reason.is_some()
    }

    /// What a progress report, a balance or an origin receipt does after the clock check
    /// (docs/spec.md §6.6, 6.7): `INVALID_TRANSITION` unless EXECUTING, then each one's
    /// rules in their order.
    fn expect_execution(&self, status: &IntentStatus, event: &ModelEvent) -> Expected {
        if *status != IntentStatus::Executing {
            return Expected::Refused(Reason::InvalidTransition);
        }
        let refused = Expected::Refused;
        match event {
            ModelEvent::Progress { same_as_kept: true, .. } => Expected::Replay,
            ModelEvent::Progress { .. } => Expected::Changed,
            ModelEvent::Attestation(attestation) => {
                if !self.route.burned {
                    refused(Reason::FactNotAsked)
                } else if self.route.attested {
                    if attestation.same_as_kept {
                        Expected::Replay
                    } else {
                        refused(Reason::FactNotAsked)
                    }
                } else if !attestation.matches {
                    refused(Reason::AttestationMismatch)
                } else {
                    Expected::Changed
                }
            }
            ModelEvent::OriginGone(gone) => {
                if !self.route.burned || self.route.attested {
                    refused(Reason::FactNotAsked)
                } else if !gone.chain_matches {
                    refused(Reason::ReceiptWrongChain)
                } else if !gone.hash_matches {
                    refused(Reason::ReceiptHashMismatch)
                } else {
                    Expected::Changed
                }
            }
            ModelEvent::RouteReceipt(receipt) | ModelEvent::DestinationReceipt(receipt) => {
                let asked = match event {
                    ModelEvent::RouteReceipt(_) => self.route.attested && self.route.route_followed,
                    _ => self.route.destination_met && self.route.destination_followed,
                };
                if !asked {
                    refused(Reason::FactNotAsked)
                } else if !receipt.hash_matches {
                    refused(Reason::ReceiptHashMismatch)
                } else if !receipt.chain_matches {
                    refused(Reason::ReceiptWrongChain)
                } else if !receipt.confirmed {
                    refused(Reason::ReceiptUnconfirmed)
                } else {
                    Expected::Changed
                }
            }
            ModelEvent::Balance(balance) => {
                // Once a burn is kept, the balance is the destination precondition's, asked for
                // once the mint succeeded (docs/spec.md §6.9).
                let (kept, asked) = if self.route.burned {
                    (self.route.destination_met, self.route.minted)
                } else {
                    (self.precondition_met, self.deposit_succeeded && !self.origin_followed)
                };
                if kept {
                    if balance.same_as_kept {
                        Expected::Replay
                    } else {
                        refused(Reason::FactNotAsked)
                    }
                } else if !asked {
                    refused(Reason::FactNotAsked)
                } else if !balance.matches {
                    refused(Reason::BalanceMismatch)
                } else if !balance.meets {
                    refused(Reason::PreconditionUnmet)
                } else {
                    Expected::Changed
                }
            }
            ModelEvent::OriginReceipt(receipt) => {
                if !self.origin_followed {
                    refused(Reason::FactNotAsked)
                } else if !receipt.hash_matches {
                    refused(Reason::OriginHashMismatch)
                } else if !receipt.chain_matches {
                    refused(Reason::OriginWrongChain)
                } else if !receipt.confirmed {
                    refused(Reason::OriginUnconfirmed)
                } else {
                    Expected::Changed
                }
            }
            _ => unreachable!("table events are expected by expect"),
        }
    }

    /// Applies a progress report, a balance or an origin receipt that changes the record.
    fn apply_execution(&mut self, event: &ModelEvent, now: i128) {
        self.last_event_at = now;
        match event {
            ModelEvent::Progress { progressed, .. } => {
                self.revision += 1;
                match progressed {
                    Progressed::DepositSucceeded => self.deposit_succeeded = true,
                    Progressed::DepositOther => self.deposit_succeeded = false,
                    Progressed::OriginFollowed => {
                        self.origin_followed = true;
                        self.origin_kept_reason = Some(None);
                    }
                    Progressed::RouteFollowed => {
                        self.route.route_followed = true;
                        self.route.minted = false;
                    }
                    Progressed::RouteSucceeded => {
                        self.route.route_followed = false;
                        self.route.minted = true;
                    }
                    Progressed::DestinationFollowed => self.route.destination_followed = true,
                }
            }
            ModelEvent::Balance(_) if self.route.burned => {
                self.revision += 1;
                self.route.destination_met = true;
            }
            ModelEvent::Balance(_) => {
                self.revision += 1;
                self.precondition_met = true;
            }
            ModelEvent::OriginReceipt(KnownReceipt { judged: Judged::Burned, .. }) => {
                self.revision += 1;
                self.origin_followed = false;
                self.origin_kept_reason = Some(None);
                self.route.burned = true;
            }
            ModelEvent::Attestation(_) => {
                self.revision += 1;
                self.route.attested = true;
            }
            ModelEvent::OriginGone(_) => {
                self.revision += 1;
                self.route.burned = false;
                self.origin_followed = true;
            }
            ModelEvent::RouteReceipt(receipt) => {
                self.revision += 1;
                self.route.route_followed = false;
                self.route.minted = receipt.judged == Judged::Succeeded;
            }
            ModelEvent::DestinationReceipt(receipt) => {
                self.status_since = now;
                self.revision += 1;
                self.route.destination_followed = false;
                let (status, reason) = match receipt.judged {
                    Judged::Failed(reason) | Judged::Refunded(reason) => {
                        (IntentStatus::Failed, Some(reason.to_owned()))
                    }
                    Judged::Succeeded | Judged::Burned => (IntentStatus::Succeeded, None),
                };
                self.status = Some(status);
                self.reason = reason;
            }
            ModelEvent::OriginReceipt(receipt) => {
                self.status_since = now;
                let (status, reason, changes) = match receipt.judged {
                    Judged::Burned => unreachable!("a burn is applied above"),
                    Judged::Succeeded => (IntentStatus::Succeeded, None, 1),
                    Judged::Failed(reason) => (IntentStatus::Failed, Some(reason.to_owned()), 1),
                    Judged::Refunded(reason) => (IntentStatus::Refunded, Some(reason.to_owned()), 2),
                };
                self.status = Some(status);
                self.origin_kept_reason = Some(reason.clone());
                self.reason = reason;
                self.revision += changes;
            }
            _ => unreachable!("table events are applied by apply"),
        }
    }

    /// Applies `event` at `now` as a success that is not a replay: the table's next status,
    /// one more revision (none for the quote, which creates the record), `now` as the last
    /// event's time and the status's (the window's close for an expire), and what the event
    /// keeps (the commit's time, the executed request, the reason).
    ///
    /// # Panics
    ///
    /// When the table does not allow the event.
    pub fn apply(&mut self, event: &ModelEvent, now: i128) {
        let Some(kind) = event.kind() else {
            return self.apply_execution(event, now);
        };
        let to = next_status(self.status.as_ref(), kind)
            .unwrap_or_else(|| panic!("the model applies {event:?} from {:?}", self.status));
        let mut since = now;
        let reason = match event {
            ModelEvent::Quote | ModelEvent::Succeed => None,
            ModelEvent::Commit { .. } => {
                self.committed_at = Some(now);
                None
            }
            ModelEvent::Execute(request) => {
                self.executed_with = Some(request.canonical_hash);
                self.deposit_succeeded = request.proves_deposit;
                None
            }
            ModelEvent::Fail(reason) | ModelEvent::Abort(reason) => Some((*reason).to_owned()),
            ModelEvent::Expire => {
                since = self.closes_at().expect("an expire follows a commit");
                Some(WINDOW_EXPIRED_REASON.to_owned())
            }
            ModelEvent::Refund => self.reason.clone(),
            ModelEvent::Retry(_) => {
                self.deposit_succeeded = true;
                None
            }
            _ => unreachable!("events of no table kind are applied by apply_execution"),
        };
        if self.status.is_some() {
            self.revision += 1;
        }
        self.status = Some(to);
        self.reason = reason;
        self.last_event_at = now;
        self.status_since = since;
    }

    /// [`Model::expect`], then [`Model::apply`] when the event changes the record.
    ///
    /// # Panics
    ///
    /// When the model does not decide ([`Expected::Undecided`]).
    pub fn step(&mut self, event: &ModelEvent, now: i128) -> Expected {
        let expected = self.expect(event, now);
        match expected {
            Expected::Changed => self.apply(event, now),
            Expected::Undecided => panic!("the model does not decide {event:?} at {now}"),
            Expected::Replay | Expected::Refused(_) => {}
        }
        expected
    }
}

/// Asserts that `record` is as `model` says: its status, revision, times, status reason,
/// and what it and its receipt read as at `now`, at its last event, at the last instant of
/// year 9999, and at and just before its window's close. `context` starts every message.
#[track_caller]
pub fn assert_follows(record: &IntentRecord, model: &Model, now: Timestamp, context: &dyn Display) {
    assert_eq!(Some(record.status()), model.status.as_ref(), "{context}: status");
    assert_eq!(record.revision(), model.revision, "{context}: revision");
    assert_eq!(nanos(record.last_event_at()), model.last_event_at, "{context}: last event");
    assert_eq!(record.committed_at().map(nanos), model.committed_at, "{context}: committedAt");
    assert_eq!(record.execution_window_closes_at().map(nanos), model.closes_at(), "{context}: window close");
    assert_eq!(nanos(record.status_since()), model.status_since, "{context}: statusSince");
    assert_eq!(record.status_reason(), model.reason.as_deref(), "{context}: status reason");
    assert_eq!(record.precondition_met().is_some(), model.precondition_met, "{context}: precondition met");
    let mut instants = vec![now, record.last_event_at(), Timestamp::MAX];
    if let Some(closes_at) = record.execution_window_closes_at() {
        instants.push(closes_at);
        instants.extend(crate::generators::try_at_nanos(nanos(closes_at) - 1));
    }
    for at in instants {
        let reading = model.reading(nanos(at)).expect("a record exists once quoted");
        assert_eq!(record.status_at(at), reading.status, "{context}: status_at({at})");
        let receipt = record.receipt(at);
        assert_eq!(receipt.status, reading.status, "{context}: the receipt's status at {at}");
        assert_eq!(receipt.intent_id, record.intent().intent_id, "{context}: the receipt's intent");
        assert_eq!(
            receipt.origin_transaction.status_reason, reading.reason,
            "{context}: the receipt's origin reason at {at}"
        );
        assert_eq!(
            receipt.updated_at.map(nanos),
            Some(reading.updated_at),
            "{context}: the receipt's updatedAt at {at}"
        );
    }
}
