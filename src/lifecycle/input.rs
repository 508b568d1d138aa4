//! What each event brings to [`IntentRecord::apply`](crate::IntentRecord::apply), the one
//! way into every event of an existing record: one variant per event, with what the event
//! is checked against, and one named constructor per way of calling it
//! (`record.apply(EventInput::commit(&intent), now)`). A new event, or a new fact an event
//! is checked against, is one variant or one member here and one match arm in `apply`.
//!
//! What does not live here: the transition table (`table`), what each event does (the
//! parent module, and `receipt` for progress reports) and the rules the inputs are checked
//! by ([`crate::rules`]).

use alloy_primitives::B256;

use crate::{
    AttestationFact, BalanceFact, ChainFacts, ExecuteRequest, Intent, OriginEvidence, OriginGone, ServiceContracts,
    TransactionReport,
};

use super::table::Event;

/// One event for an existing record, with its input (docs/spec.md §6), applied by
/// [`IntentRecord::apply`](crate::IntentRecord::apply). A quote is not one: it creates the
/// record ([`IntentRecord::quote`](crate::IntentRecord::quote)). The named constructors
/// ([`EventInput::commit`], [`EventInput::execute_with`], [`EventInput::fail`], …) say
/// what each member means; a `_with` constructor takes what its short form leaves out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum EventInput<'a> {
    /// The client sends the quoted intent back. `contracts` are the service contracts the
    /// commit request names, if it names any: when given they must equal the intent's.
    Commit {
        /// The intent sent back.
        intent: &'a Intent,
        /// The service contracts the commit request names.
        contracts: Option<&'a ServiceContracts>,
    },
    /// Execution starts on `request`, checked against the chain `facts`
    /// ([`ChainFacts::default()`]: nothing known, nothing accepted unverified).
    Execute {
        /// The execute request.
        request: &'a ExecuteRequest,
        /// What the chain says about the deposit.
        facts: ChainFacts<'a>,
    },
    /// Execution failed, with a reason (the origin transaction's `statusReason` unless a
    /// transaction is reported).
    Fail {
        /// Why; must not be empty.
        reason: &'a str,
        /// The transaction that failed, kept on the receipt.
        transaction: Option<&'a TransactionReport>,
    },
    /// Execution succeeded (final).
    Succeed {
        /// The transaction that completed it, kept on the receipt.
        transaction: Option<&'a TransactionReport>,
    },
    /// The committed intent is aborted before execution, with a reason.
    Abort {
        /// Why; must not be empty.
        reason: &'a str,
        /// The transaction that aborted it on chain, kept on the receipt.
        transaction: Option<&'a TransactionReport>,
    },
    /// The committed intent's execution window has closed.
    Expire,
    /// Deposited funds went back to the owner (final).
    Refund {
        /// The refund transaction, kept on the receipt.
        transaction: Option<&'a TransactionReport>,
    },
    /// A replacement deposit for an intent whose deposit failed, reverted or was dropped
    /// (the published RetryIntent): execution starts again from the deposit stage
    /// (docs/spec.md §6.8).
    Retry {
        /// The replacement deposit transaction's hash.
        hash: B256,
        /// What the chain says about it: its deposit evidence.
        facts: ChainFacts<'a>,
    },
    /// A transaction's progress without an outcome (a deposit or origin transaction SENT,
    /// then MINING), kept on the receipt of an EXECUTING record whose status does not move
    /// (docs/spec.md §6.6). Not an event of the transition table.
    Progress {
        /// The transaction as it stands, kept on the receipt in place of its type's.
        report: &'a TransactionReport,
    },
    /// The balance that answers [`Step::ReadBalance`](crate::Step::ReadBalance): kept when
    /// it meets the precondition (docs/spec.md §6.7). Not an event of the transition table.
    Balance {
        /// The balance read.
        fact: &'a BalanceFact,
    },
    /// The receipt that answers [`Step::FollowOrigin`](crate::Step::FollowOrigin): judged,
    /// it ends execution (docs/spec.md §6.7) through the table's `succeed`, or `fail` and
    /// then `refund`.
    OriginReceipt {
        /// What the node says about the origin transaction.
        evidence: &'a OriginEvidence,
    },
    /// The attestation that answers
    /// [`Step::FetchAttestation`](crate::Step::FetchAttestation): kept when it is of the
    /// kept burn (docs/spec.md §6.9). Not an event of the transition table.
    Attestation {
        /// The completed message and its attestation.
        fact: &'a AttestationFact,
    },
    /// The origin transaction whose burn the record keeps is gone from the origin chain (a
    /// reorganisation), before any attestation was kept: the record follows it again
    /// (docs/spec.md §6.9). Not an event of the transition table.
    OriginGone {
        /// The chain, the hash and the head at which its receipt was missing.
        fact: &'a OriginGone,
    },
    /// The receipt that answers [`Step::FollowRoute`](crate::Step::FollowRoute)
    /// (docs/spec.md §6.9). Not an event of the transition table.
    RouteReceipt {
        /// What the destination chain's node says about the ROUTE transaction.
        evidence: &'a OriginEvidence,
    },
    /// The receipt that answers
    /// [`Step::FollowDestination`](crate::Step::FollowDestination): judged, it ends
    /// execution (docs/spec.md §6.9) through the table's `succeed` or `fail`.
    DestinationReceipt {
        /// What the destination chain's node says about the DESTINATION transaction.
        evidence: &'a OriginEvidence,
    },
}

impl<'a> EventInput<'a> {
    /// Commits the intent a client sent back, naming no service contracts: it must be the
    /// quoted one (same canonical hash), before the quote and the fee options expire; the
    /// client is answered with `record.intent().intent_id`. The same commit on a record
    /// already COMMITTED or later is a replay ([`Applied::Replay`](crate::Applied::Replay)),
    /// whatever the time.
    ///
    /// Refused with `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION`, `INTENT_MODIFIED` (with
    /// both hashes and the changed paths), `QUOTE_EXPIRED`, `FEE_OPTIONS_EXPIRED`.
    pub const fn commit(intent: &'a Intent) -> Self {
        EventInput::Commit { intent, contracts: None }
    }

    /// [`EventInput::commit`] with the service contracts the commit request names, if it
    /// names any (the newest published schema leaves them out): when given they must equal
    /// the intent's (`SERVICE_CONTRACTS_MISMATCH`, after the commit's other checks), and
    /// they are part of what a replay repeats; when `None` the intent's own are used.
    pub const fn commit_with(intent: &'a Intent, contracts: Option<&'a ServiceContracts>) -> Self {
        EventInput::Commit { intent, contracts }
    }

    /// Starts execution knowing no chain facts: [`EventInput::execute_with`] with
    /// [`ChainFacts::default()`]. Enough for entrypoint mode without a permit; a permit
    /// signature is refused with `PERMIT_UNVERIFIED` and a deposit transaction hash with
    /// `DEPOSIT_UNVERIFIED`, never accepted unverified (docs/spec.md §6.5).
    pub const fn execute(request: &'a ExecuteRequest) -> Self {
        EventInput::Execute { request, facts: ChainFacts::NONE }
    }

    /// Starts execution within the window, on a valid execute request checked against the
    /// chain `facts`: with the token's permit facts a permit signature is recovered and
    /// must be the owner's; with the owner's entrypoint nonce a different `userNonce` is
    /// refused; with the deposit evidence a deposit transaction hash must name a
    /// transaction that paid the deposit, with the policy's confirmations. The request is
    /// kept ([`IntentRecord::execute_request`](crate::IntentRecord::execute_request)). A
    /// request with the same canonical hash as the kept one, on a record already EXECUTING
    /// or later, is a replay, whatever the time.
    ///
    /// Refused with `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION`, then the Execute rules of
    /// docs/spec.md §7 in order ([`crate::rules::check_execute`]).
    pub const fn execute_with(request: &'a ExecuteRequest, facts: ChainFacts<'a>) -> Self {
        EventInput::Execute { request, facts }
    }

    /// Records that execution failed, with a reason (the receipt's `statusReason`).
    ///
    /// Refused with `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION` unless EXECUTING,
    /// `STATUS_REASON_REQUIRED` for an empty reason.
    pub const fn fail(reason: &'a str) -> Self {
        EventInput::Fail { reason, transaction: None }
    }

    /// [`EventInput::fail`] keeping the reported `transaction`, if any, on the receipt
    /// (its checks, [`TransactionReport::check`], at `transaction`, after the reason's).
    pub const fn fail_with(reason: &'a str, transaction: Option<&'a TransactionReport>) -> Self {
        EventInput::Fail { reason, transaction }
    }

    /// Records that execution succeeded (final).
    ///
    /// Refused with `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION` unless EXECUTING.
    pub const fn succeed() -> Self {
        EventInput::Succeed { transaction: None }
    }

    /// [`EventInput::succeed`] keeping the reported `transaction`, if any, on the receipt
    /// (its checks at `transaction`).
    pub const fn succeed_with(transaction: Option<&'a TransactionReport>) -> Self {
        EventInput::Succeed { transaction }
    }

    /// Aborts a committed intent before execution, with a reason.
    ///
    /// Refused with `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION` unless COMMITTED,
    /// `STATUS_REASON_REQUIRED` for an empty reason.
    pub const fn abort(reason: &'a str) -> Self {
        EventInput::Abort { reason, transaction: None }
    }

    /// [`EventInput::abort`] keeping the reported `transaction`, if any, on the receipt
    /// (its checks at `transaction`, after the reason's).
    pub const fn abort_with(reason: &'a str, transaction: Option<&'a TransactionReport>) -> Self {
        EventInput::Abort { reason, transaction }
    }

    /// Aborts a committed intent whose execution window has closed; its status dates from
    /// the window's close.
    ///
    /// Refused with `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION` unless COMMITTED,
    /// `WINDOW_STILL_OPEN` before `committedAt + executionWindow`.
    pub const fn expire() -> Self {
        EventInput::Expire
    }

    /// Records that deposited funds went back to the owner (final).
    ///
    /// Refused with `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION` unless FAILED or ABORTED.
    pub const fn refund() -> Self {
        EventInput::Refund { transaction: None }
    }

    /// [`EventInput::refund`] keeping the reported `transaction`, if any, on the receipt
    /// (its checks at `transaction`).
    pub const fn refund_with(transaction: Option<&'a TransactionReport>) -> Self {
        EventInput::Refund { transaction }
    }

    /// Takes the replacement deposit transaction `hash` of an intent whose deposit failed,
    /// reverted or was dropped (the published RetryIntent, docs/spec.md §6.8), judged by its
    /// deposit evidence in `facts` exactly as an execute's deposit transaction hash is
    /// (nothing is accepted unverified: `acceptUnverifiedDeposit` does not apply). Accepted on
    /// a record EXECUTING whose deposit transaction is not SUCCEEDED and whose execution has
    /// not gone past the deposit (no balance kept; no origin, destination or refund
    /// transaction reported in another status than PENDING), or FAILED in that same state
    /// (failed at the deposit stage). The record is then EXECUTING with the deposit
    /// transaction SUCCEEDED with `hash` on its receipt, no status reason and
    /// `statusSince` now (the execution time bound starts again), and asks for the balance
    /// as after a first deposit ([`IntentRecord::next_step`](crate::IntentRecord::next_step));
    /// the revision grows by one. The execute request stays the one that started execution.
    /// A retry of the deposit transaction the record keeps SUCCEEDED is a replay, whatever
    /// the status and the time.
    ///
    /// Refused with `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION` (event `retry`) unless
    /// EXECUTING or FAILED, `DEPOSIT_ALREADY_SUCCEEDED`, `RETRY_TOO_LATE`, then at
    /// `depositTransactionHash` `DEPOSIT_UNVERIFIED` (no evidence), `DEPOSIT_HASH_MISMATCH`,
    /// `DEPOSIT_WRONG_CHAIN`, `DEPOSIT_REVERTED`, `DEPOSIT_UNCONFIRMED` (the policy's
    /// `depositConfirmations`), `DEPOSIT_MISMATCH`.
    pub const fn retry(hash: B256, facts: ChainFacts<'a>) -> Self {
        EventInput::Retry { hash, facts }
    }

    /// Keeps `report`, a transaction's progress without an outcome, on the receipt of an
    /// EXECUTING record: the transaction of its type is replaced (the intent's parties,
    /// token and amount; the report's status, reason, hash and mining time;
    /// `statusUpdatedAt` the event's time), the status, its reason and `statusSince` stay,
    /// the revision grows by one (counted in `progressReports`). The same report again
    /// (status, reason, hash and mining time equal to the kept transaction's) is a replay.
    /// A relayer keeps its deposit's progress this way, an operator an origin
    /// transaction's (docs/spec.md §6.6).
    ///
    /// Refused with `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION` (event `progress`) unless
    /// EXECUTING, then the report's checks ([`TransactionReport::check`], at
    /// `transaction`).
    pub const fn progress(report: &'a TransactionReport) -> Self {
        EventInput::Progress { report }
    }

    /// Answers [`Step::ReadBalance`](crate::Step::ReadBalance) with the balance read: one
    /// that meets the precondition (at least the deposit amount of the deposit token at the
    /// origin intent address, on the origin chain) is kept in the record, which then asks to
    /// send the origin transaction; the revision grows by one, the status and its time stay.
    /// The same balance again, once one is kept, is a replay (docs/spec.md §6.7).
    ///
    /// Refused with `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION` (event `balance`) unless
    /// EXECUTING, `FACT_NOT_ASKED` before the deposit stage SUCCEEDED or once the origin
    /// transaction was reported in any status but PENDING (or another balance was kept), `BALANCE_MISMATCH` at `chainId`,
    /// `token` or `wallet`, `PRECONDITION_UNMET` at `amount`.
    pub const fn balance(fact: &'a BalanceFact) -> Self {
        EventInput::Balance { fact }
    }

    /// Answers [`Step::FollowOrigin`](crate::Step::FollowOrigin) with the node's receipt of
    /// the origin transaction, judged from its facts alone (docs/spec.md §6.7): SUCCEEDED,
    /// the receipt's origin transaction SUCCEEDED with its hash; or FAILED with the status
    /// reason that names the failed call and its decoded revert, and then at once REFUNDED
    /// (two revisions) when the same receipt shows the deposit going back to the owner (the
    /// refund transaction SUCCEEDED with the same hash).
    ///
    /// Refused with `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION` (event `originReceipt`)
    /// unless EXECUTING, `FACT_NOT_ASKED` unless the origin transaction was reported SENT or
    /// MINING with its hash ([`EventInput::progress`]), then `ORIGIN_HASH_MISMATCH` at
    /// `receipt.transactionHash`, `ORIGIN_WRONG_CHAIN` at `chainId`, `ORIGIN_UNCONFIRMED` at
    /// `headBlockNumber` (the policy's `depositConfirmations`).
    pub const fn origin_receipt(evidence: &'a OriginEvidence) -> Self {
        EventInput::OriginReceipt { evidence }
    }

    /// Answers [`Step::FetchAttestation`](crate::Step::FetchAttestation) with what the
    /// attester answered: the record keeps it when its message is the kept burn message
    /// completed (every field equal but the nonce, `finalityThresholdExecuted`, and in the
    /// burn body `feeExecuted`, at most `maxFee`, and `expirationBlock`: docs/spec.md 5.8's
    /// `Message::complete`) and its attestation a nonzero multiple of 65 bytes (the
    /// destination transmitter checks the signatures). The record then asks to send the
    /// mint; the revision grows by one (counted in `routeChanges`), the status and its time
    /// stay. The kept attestation again is a replay (docs/spec.md §6.9).
    ///
    /// Refused with `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION` (event `attestation`)
    /// unless EXECUTING, `FACT_NOT_ASKED` without a kept burn or once another attestation
    /// was kept, `ATTESTATION_MISMATCH` at `message` or `attestation`.
    pub const fn attestation(fact: &'a AttestationFact) -> Self {
        EventInput::Attestation { fact }
    }

    /// Answers [`Step::FetchAttestation`](crate::Step::FetchAttestation) when the origin
    /// chain no longer has the origin transaction whose burn the record keeps (a
    /// reorganisation): the kept burn is dropped and the ORIGIN transaction is SENT again
    /// with its hash, so that the record follows it again
    /// ([`Step::FollowOrigin`](crate::Step::FollowOrigin); the host sends the stored signed
    /// transaction again). Nothing was attested, so nothing is attested twice. The revision
    /// grows by one (counted in `routeChanges`), the status and its time stay.
    ///
    /// Refused with `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION` (event `originGone`) unless
    /// EXECUTING, `FACT_NOT_ASKED` without a kept burn or once an attestation was kept,
    /// `RECEIPT_WRONG_CHAIN` at `chainId` (not the origin chain), `RECEIPT_HASH_MISMATCH` at
    /// `hash` (not the origin transaction that burned).
    pub const fn origin_gone(fact: &'a OriginGone) -> Self {
        EventInput::OriginGone { fact }
    }

    /// Answers [`Step::FollowRoute`](crate::Step::FollowRoute) with the destination node's
    /// receipt of the ROUTE transaction: status 1 keeps the ROUTE transaction SUCCEEDED
    /// (the record then asks for the destination balance); any other status keeps it
    /// PENDING without a hash, with a status reason naming the reverted hash, and the record
    /// asks to send the mint again (or the host adopts a mint someone else made). The
    /// revision grows by one (counted in `routeChanges`), the status and its time stay.
    ///
    /// Refused with `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION` (event `routeReceipt`)
    /// unless EXECUTING, `FACT_NOT_ASKED` unless an attestation is kept and the ROUTE
    /// transaction was reported SENT or MINING with its hash, then `RECEIPT_HASH_MISMATCH`
    /// at `receipt.transactionHash`, `RECEIPT_WRONG_CHAIN` at `chainId` (not the destination
    /// chain), `RECEIPT_UNCONFIRMED` at `headBlockNumber` (the policy's
    /// `depositConfirmations`).
    pub const fn route_receipt(evidence: &'a OriginEvidence) -> Self {
        EventInput::RouteReceipt { evidence }
    }

    /// Answers [`Step::FollowDestination`](crate::Step::FollowDestination) with the
    /// destination node's receipt of the DESTINATION transaction, judged from its facts
    /// alone (docs/spec.md §6.9): SUCCEEDED with the DESTINATION transaction SUCCEEDED; or
    /// FAILED with the status reason that names the failed call and where the bridged
    /// tokens went, the DESTINATION transaction FAILED with it.
    ///
    /// Refused with `CLOCK_WENT_BACKWARDS`, `INVALID_TRANSITION` (event
    /// `destinationReceipt`) unless EXECUTING, `FACT_NOT_ASKED` unless a destination
    /// balance is kept and the DESTINATION transaction was reported SENT or MINING with its
    /// hash, then `RECEIPT_HASH_MISMATCH` at `receipt.transactionHash`,
    /// `RECEIPT_WRONG_CHAIN` at `chainId`, `RECEIPT_UNCONFIRMED` at `headBlockNumber`.
    pub const fn destination_receipt(evidence: &'a OriginEvidence) -> Self {
        EventInput::DestinationReceipt { evidence }
    }

    /// The event of the transition table this input is for; `None` for a progress report,
    /// a balance, an origin, route or destination receipt, an attestation or an origin gone,
    /// which the table does not know (an origin or destination receipt moves the status
    /// through the table's `succeed`, `fail` and `refund`).
    pub fn event(&self) -> Option<Event> {
        Some(match self {
            EventInput::Commit { .. } => Event::Commit,
            EventInput::Execute { .. } => Event::Execute,
            EventInput::Fail { .. } => Event::Fail,
            EventInput::Succeed { .. } => Event::Succeed,
            EventInput::Abort { .. } => Event::Abort,
            EventInput::Expire => Event::Expire,
            EventInput::Refund { .. } => Event::Refund,
            EventInput::Retry { .. } => Event::Retry,
            EventInput::Progress { .. }
            | EventInput::Balance { .. }
            | EventInput::OriginReceipt { .. }
            | EventInput::Attestation { .. }
            | EventInput::OriginGone { .. }
            | EventInput::RouteReceipt { .. }
            | EventInput::DestinationReceipt { .. } => return None,
        })
    }
}
