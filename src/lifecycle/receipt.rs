//! What a record knows about its transactions, and the [`IntentReceipt`] it builds from
//! that (docs/spec.md §6.6): the transactions an operator reported, kept one per type, and
//! for the deposit and origin transactions not reported, what the record's status and
//! execute request tell.
//!
//! The progress report ([`EventInput::Progress`](crate::EventInput::Progress)), the one
//! event that only changes what the record knows about a transaction, is applied here,
//! through the parent module's [`IntentRecord::apply`] like every event. The receipt
//! objects themselves are in [`crate::wire`]; the other events that report a transaction
//! are the parent module's.

use alloc::string::String;
use alloc::vec::Vec;

use alloy_primitives::B256;

use super::table::Stage;
use super::{Applied, IntentRecord, WINDOW_EXPIRED_REASON};
use crate::error::{Error, Problem};
use crate::{
    Intent, IntentReceipt, IntentReceiptSummary, IntentTransaction, Timestamp, TransactionContext, TransactionReport,
    TransactionStatus, TransactionType, UnknownMembers,
};

/// A transaction's `id` within its receipt: its type's position in `TransactionType`'s list.
pub(crate) fn transaction_id(kind: &TransactionType) -> u64 {
    let position = TransactionType::NAMES.iter().position(|name| *name == kind.name()).unwrap_or(0);
    u64::try_from(position).unwrap_or(0)
}

/// The transaction of `kind` as the intent alone describes it (from, to, token, amount),
/// with `status` and nothing reported yet. Only called for the types a receipt has a place
/// for ([`TransactionReport::chain_of`]); the refund's parties stand for any other. A ROUTE
/// transaction's amount is the destination precondition's until the record fills in the
/// burned amount (`route`).
fn described(intent: &Intent, kind: &TransactionType, status: TransactionStatus) -> IntentTransaction {
    let chain_id = TransactionReport::chain_of(kind, intent).unwrap_or(intent.origin_chain_id);
    let deposit = &intent.deposit_transaction;
    let owner = intent.owner_address;
    let (from_address, to_address, token_address, token_amount) = match kind {
        TransactionType::Deposit => (owner, deposit.to_address, deposit.token_address, deposit.amount),
        TransactionType::Origin => (
            intent.origin_intent_address,
            intent.origin_meta_txn.contract,
            intent.quote_request.origin_token_address,
            intent.quote.from_amount,
        ),
        TransactionType::Destination => (
            intent.destination_intent_address.unwrap_or(intent.origin_intent_address),
            intent.quote_request.destination_to_address.unwrap_or(owner),
            intent.quote_request.destination_token_address,
            intent.quote.to_amount,
        ),
        TransactionType::Route => (
            intent.origin_intent_address,
            intent.destination_intent_address.unwrap_or(intent.origin_intent_address),
            intent.destination_precondition.as_ref().map_or(deposit.token_address, |p| p.token_address),
            intent.destination_precondition.as_ref().map_or(deposit.amount, |p| p.min_amount),
        ),
        _ => (intent.origin_intent_address, owner, deposit.token_address, deposit.amount),
    };
    IntentTransaction {
        chain_id,
        context: TransactionContext::None,
        from_address,
        id: transaction_id(kind),
        intent_id: intent.intent_id.clone(),
        status,
        status_reason: None,
        status_updated_at: None,
        to_address,
        token_address,
        token_amount,
        txn_hash: None,
        txn_mined_at: None,
        kind: kind.clone(),
        unknown: UnknownMembers::new(),
    }
}

/// The transaction `report` describes for `intent`, reported at `now`.
///
/// # Errors
///
/// As [`TransactionReport::check`], at `transaction`.
pub(crate) fn reported(
    intent: &Intent,
    report: &TransactionReport,
    now: Timestamp,
) -> Result<IntentTransaction, Error> {
    report.check(intent).map_err(|e| e.in_member("transaction"))?;
    let mut transaction = described(intent, &report.kind, report.status.clone());
    transaction.status_reason = report.status_reason.clone();
    transaction.status_updated_at = Some(now);
    transaction.txn_hash = report.txn_hash;
    transaction.txn_mined_at = report.txn_mined_at;
    Ok(transaction)
}

/// Keeps on `record`'s receipt the deposit transaction `hash` that its deposit evidence
/// proved at the execute, at `now`: SUCCEEDED, the deposit stage done (docs/spec.md §6.7).
pub(crate) fn keep_proven_deposit(record: &mut IntentRecord, hash: B256, now: Timestamp) {
    let mut transaction = described(&record.intent, &TransactionType::Deposit, TransactionStatus::Succeeded);
    transaction.status_updated_at = Some(now);
    transaction.txn_hash = Some(hash);
    keep(&mut record.transactions, transaction);
}

/// The transaction of `kind` on `intent`'s receipt, reported by the record itself from a
/// receipt it judged (docs/spec.md §6.7) at `now`.
pub(crate) fn judged(
    intent: &Intent,
    kind: &TransactionType,
    status: TransactionStatus,
    reason: Option<String>,
    hash: B256,
    now: Timestamp,
) -> IntentTransaction {
    let mut transaction = described(intent, kind, status);
    transaction.status_reason = reason;
    transaction.status_updated_at = Some(now);
    transaction.txn_hash = Some(hash);
    transaction
}

/// Keeps `transaction` in `kept` in place of the one of its type.
pub(crate) fn keep(kept: &mut Vec<IntentTransaction>, transaction: IntentTransaction) {
    kept.retain(|old| old.kind != transaction.kind);
    kept.push(transaction);
    kept.sort_by_key(|t| t.id);
}

impl IntentRecord {
    /// The transactions operators reported, one per type, in the order of their `id`.
    pub fn transactions(&self) -> &[IntentTransaction] {
        &self.transactions
    }

    /// The progress report ([`EventInput::progress`](crate::EventInput::progress)): keeps
    /// `report` on the receipt of an EXECUTING record (any type a receipt has a place for,
    /// the deposit a relayer sends included); the status does not change, the revision
    /// grows (docs/spec.md §6.6). The same report again (status, reason, hash and mining
    /// time equal to the kept transaction's) is [`Applied::Replay`] and changes nothing.
    ///
    /// # Errors
    ///
    /// `CLOCK_WENT_BACKWARDS`; `INVALID_TRANSITION` (event `progress`) unless the record is
    /// EXECUTING; the report's checks ([`TransactionReport::check`], at `transaction`).
    pub(super) fn apply_progress(&mut self, report: &TransactionReport, now: Timestamp) -> Result<Applied, Error> {
        self.check_clock(now)?;
        if self.stage != Stage::Executing {
            return Err(Error::new(Problem::InvalidTransition {
                from: Some(self.stage.status().clone()),
                event: "progress",
            }));
        }
        let mut transaction = reported(&self.intent, report, now)?;
        self.fill_route(&mut transaction);
        let same = |kept: &IntentTransaction| {
            (&kept.status, &kept.status_reason, kept.txn_hash, kept.txn_mined_at)
                == (&transaction.status, &transaction.status_reason, transaction.txn_hash, transaction.txn_mined_at)
        };
        if self.kept(&transaction.kind).is_some_and(same) {
            return Ok(Applied::Replay);
        }
        keep(&mut self.transactions, transaction);
        self.progress_reports += 1;
        self.revision += 1;
        self.last_event_at = now;
        Ok(Applied::Changed)
    }

    pub(super) fn kept(&self, kind: &TransactionType) -> Option<&IntentTransaction> {
        self.transactions.iter().find(|t| t.kind == *kind)
    }

    /// The receipt of the intent as it reads at `now` (docs/spec.md §6.6): the reported
    /// transactions, and for a deposit or origin transaction not reported, the one the
    /// status and the execute request tell.
    pub fn receipt(&self, now: Timestamp) -> IntentReceipt {
        let (stage, reason, updated_at) = match self.window_expired_at(now) {
            Some(closed_at) => (Stage::Aborted, Some(String::from(WINDOW_EXPIRED_REASON)), closed_at),
            None => (self.stage, self.status_reason.clone(), self.status_since),
        };
        let executed = self.execute_request.is_some();
        let hash = self.execute_request.as_ref().and_then(|request| request.deposit_transaction_hash);
        let deposit_status = match (hash, stage) {
            (Some(_), _) => TransactionStatus::Sent,
            (None, Stage::Aborted) if !executed => TransactionStatus::Aborted,
            _ => TransactionStatus::Pending,
        };
        let (origin_status, origin_reason) = match stage {
            Stage::Quoted | Stage::Committed | Stage::Executing => (TransactionStatus::Pending, None),
            Stage::Succeeded => (TransactionStatus::Succeeded, None),
            Stage::Failed => (TransactionStatus::Failed, reason),
            Stage::Aborted => (TransactionStatus::Aborted, reason),
            Stage::Refunded if executed => (TransactionStatus::Failed, reason),
            Stage::Refunded => (TransactionStatus::Aborted, reason),
        };
        let derived = |kind: TransactionType, status: TransactionStatus, reason: Option<String>| {
            let mut transaction = described(&self.intent, &kind, status);
            transaction.status_reason = reason;
            transaction.status_updated_at = Some(updated_at);
            transaction
        };
        let deposit_transaction = self.kept(&TransactionType::Deposit).cloned().unwrap_or_else(|| {
            let mut transaction = derived(TransactionType::Deposit, deposit_status, None);
            transaction.txn_hash = hash;
            transaction
        });
        let origin_transaction = self
            .kept(&TransactionType::Origin)
            .cloned()
            .unwrap_or_else(|| derived(TransactionType::Origin, origin_status, origin_reason));
        let route = self.kept(&TransactionType::Route).cloned().or_else(|| self.waiting_route(updated_at));
        let destination = self.kept(&TransactionType::Destination).cloned();
        let refund = self.kept(&TransactionType::Refund).cloned();
        let status = stage.status().clone();
        let intent = &self.intent;
        let request = &intent.quote_request;
        let done = matches!(stage, Stage::Succeeded | Stage::Failed | Stage::Aborted | Stage::Refunded);
        let summary = IntentReceiptSummary {
            created_at: self.quoted_at,
            destination_chain_id: intent.destination_chain_id,
            destination_has_call_data: request.destination_call_data.is_some(),
            destination_has_call_value: request.destination_call_value.is_some(),
            destination_intent_address: intent.destination_intent_address,
            destination_to_address: request.destination_to_address,
            destination_token_address: request.destination_token_address,
            destination_token_amount: request.destination_token_amount,
            destination_token_metadata: None,
            expires_at: intent.expires_at,
            finished_at: done.then_some(updated_at),
            intent_id: intent.intent_id.clone(),
            origin_chain_id: intent.origin_chain_id,
            origin_intent_address: intent.origin_intent_address,
            origin_token_address: request.origin_token_address,
            origin_token_amount: intent.deposit_transaction.amount,
            origin_token_metadata: None,
            owner_address: intent.owner_address,
            quoted_destination_token_amount: Some(intent.quote.to_amount),
            quoted_origin_token_amount: intent.quote.from_amount,
            route_providers: intent.quote.route_providers.clone(),
            started_at: self.committed_at,
            status: status.clone(),
            trade_type: request.trade_type,
            unknown: UnknownMembers::new(),
        };
        IntentReceipt {
            created_at: Some(self.quoted_at),
            deposit_transaction_id: deposit_transaction.id,
            deposit_transaction,
            destination_chain_id: intent.destination_chain_id,
            destination_transaction_id: destination.as_ref().map(|t| t.id),
            destination_transaction: destination,
            id: intent.id,
            intent_id: intent.intent_id.clone(),
            origin_chain_id: intent.origin_chain_id,
            origin_transaction_id: origin_transaction.id,
            origin_transaction,
            owner_address: intent.owner_address,
            project_id: intent.project_id,
            refund_transaction_id: refund.as_ref().map(|t| t.id),
            refund_transaction: refund,
            route_transaction: route,
            status,
            summary,
            updated_at: Some(updated_at),
            unknown: UnknownMembers::new(),
        }
    }
}
