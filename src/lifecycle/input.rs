//! What each event brings to [`IntentRecord::apply`](crate::IntentRecord::apply): one
//! variant per event a record can take, with what the event is checked against. A new
//! event, or a new fact an event is checked against, is one variant or one member here and
//! one match arm in `apply`.
//!
//! What does not live here: the transition table (`table`) and the rules the inputs are
//! checked by ([`crate::rules`]).

use crate::{ChainFacts, ExecuteRequest, Intent, ServiceContracts, TransactionReport};

use super::table::Event;

/// One event for an existing record, with its input (docs/spec.md §6). A quote is not one:
/// it creates the record ([`IntentRecord::quote`](crate::IntentRecord::quote)).
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
}

impl EventInput<'_> {
    /// The event this input is for.
    pub fn event(&self) -> Event {
        match self {
            EventInput::Commit { .. } => Event::Commit,
            EventInput::Execute { .. } => Event::Execute,
            EventInput::Fail { .. } => Event::Fail,
            EventInput::Succeed { .. } => Event::Succeed,
            EventInput::Abort { .. } => Event::Abort,
            EventInput::Expire => Event::Expire,
            EventInput::Refund { .. } => Event::Refund,
        }
    }
}
