//! The operator's document: `POST /rpc/Operator/ReportIntentOutcome`
//! `{intentId, outcome?: "SUCCEEDED"|"FAILED"|"REFUNDED", reason?, transaction}` (docs/spec.md
//! §12), the transaction being the core's `TransactionReport` (without an outcome: that
//! transaction's progress only); declared
//! with the core's `wire_object!` so it is read with the core's limits, reasons and paths.
//! Applying it is [`crate::records::Records::report_outcome`].

use intent_core::{wire_object, Error, IntentStatus, Problem, TransactionReport};

wire_object! {
    /// What happened to an executing (or failed, or aborted) intent outside the service.
    pub struct ReportIntentOutcomeRequest {
        /// `intentId`: The intent.
        intent_id: String = "intentId",
        /// `outcome`: `SUCCEEDED`, `FAILED` or `REFUNDED`; absent: the transaction's progress
        /// only, the intent's status unchanged.
        outcome: Option<IntentStatus> = "outcome",
        /// `reason`: Why it failed (required for `FAILED`, the receipt's `statusReason`).
        reason: Option<String> = "reason",
        /// `transaction`: The transaction the outcome is about, kept on the receipt.
        transaction: TransactionReport = "transaction",
    }
}

/// The outcomes an operator reports, each one event of the core's lifecycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// `succeed`.
    Succeeded,
    /// `fail` with the reason.
    Failed,
    /// `refund`.
    Refunded,
    /// No outcome: the transaction's progress (the core's `EventInput::progress`).
    Progress,
}

impl ReportIntentOutcomeRequest {
    /// The outcome reported; [`Outcome::Progress`] without one.
    ///
    /// # Errors
    ///
    /// `INVALID_ENUM` at `outcome` for any other status.
    pub fn outcome(&self) -> Result<Outcome, Error> {
        match self.outcome {
            None => Ok(Outcome::Progress),
            Some(IntentStatus::Succeeded) => Ok(Outcome::Succeeded),
            Some(IntentStatus::Failed) => Ok(Outcome::Failed),
            Some(IntentStatus::Refunded) => Ok(Outcome::Refunded),
            Some(_) => {
                Err(Error::new(Problem::InvalidEnum { expected: "SUCCEEDED, FAILED or REFUNDED" }).in_member("outcome"))
            }
        }
    }
}
