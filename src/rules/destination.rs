//! The judgement of a cross-chain intent's route and destination transactions (docs/spec.md
//! §6.9): that a receipt is of the transaction the record follows, on its chain, with the
//! policy's confirmations; and, for the destination transaction, from its facts alone,
//! whether the destination calls did what the quote says, and where the bridged tokens
//! went when they did not. The evidence is passed in ([`OriginEvidence`]); nothing here
//! reads a chain.
//!
//! What does not live here: the call events and `Transfer` logs themselves, read as for
//! an origin transaction (`rules::origin`), and what the record does with the judgement
//! (the lifecycle's `route` module).

use alloc::format;
use alloc::string::String;

use alloy_primitives::{Address, B256, U256};

use crate::error::Problem;
use crate::rules::facts::{EvidenceLog, OriginEvidence};
use crate::rules::origin::{failed_call, short_of_minimum, transfers};
use crate::Intent;

/// What a destination transaction's receipt says happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum DestinationOutcome {
    /// Every main destination call succeeded and the recipient received at least
    /// `toAmountMin`.
    Succeeded,
    /// The destination bundle failed: the status reason names the failed call and where
    /// the bridged tokens went.
    Failed(String),
}

/// Checks that `evidence` is the receipt of `hash` on `chain_id` with `required`
/// confirmations; `transaction` (`route` or `destination`) names it in the errors.
///
/// # Errors
///
/// In order: `RECEIPT_HASH_MISMATCH`, `RECEIPT_WRONG_CHAIN`, `RECEIPT_UNCONFIRMED`, with the
/// member of the evidence each concerns.
pub(crate) fn check_followed(
    transaction: &'static str,
    hash: B256,
    chain_id: u64,
    evidence: &OriginEvidence,
    required: u64,
) -> Result<(), (Problem, &'static [&'static str])> {
    let receipt = &evidence.receipt;
    if receipt.transaction_hash != hash {
        let problem = Problem::ReceiptHashMismatch { transaction, following: hash, evidence: receipt.transaction_hash };
        return Err((problem, &["receipt", "transactionHash"]));
    }
    if evidence.chain_id.0 != U256::from(chain_id) {
        let problem = Problem::ReceiptWrongChain { transaction, chain_id: evidence.chain_id.0, expected: chain_id };
        return Err((problem, &["chainId"]));
    }
    let (head, block) = (evidence.head_block_number.0, receipt.block_number.0);
    let confirmations = if head < block { U256::ZERO } else { head - block + U256::from(1) };
    if confirmations < U256::from(required) {
        return Err((Problem::ReceiptUnconfirmed { transaction, confirmations, required }, &["headBlockNumber"]));
    }
    Ok(())
}

/// Whether a checked receipt's `status` is 1.
pub(crate) fn mined_ok(evidence: &OriginEvidence) -> bool {
    evidence.receipt.status.0 == U256::from(1)
}

/// The judgement of a checked destination receipt (docs/spec.md §6.9): reverted (status
/// not 1), a main call of `destinationCalls` at `destinationIntentAddress` without its
/// `CallSucceeded`, or the recipient short of `toAmountMin`, each FAILED with where the
/// bridged tokens went; else SUCCEEDED.
pub(crate) fn judge_destination(intent: &Intent, evidence: &OriginEvidence) -> DestinationOutcome {
    let wallet = intent.destination_intent_address.unwrap_or(intent.origin_intent_address);
    if !mined_ok(evidence) {
        let stay = stay_reason(intent, wallet);
        return DestinationOutcome::Failed(format!("destination transaction reverted; {stay}"));
    }
    let logs = &evidence.receipt.logs;
    let failure = intent
        .destination_calls
        .as_ref()
        .and_then(|bundle| failed_call("destination", bundle, wallet, logs))
        .or_else(|| short_of_minimum(intent, logs));
    match failure {
        Some(failure) => DestinationOutcome::Failed(format!("{failure}; {}", funds_went(intent, wallet, logs))),
        None => DestinationOutcome::Succeeded,
    }
}

/// Where the bridged tokens went in a failed destination bundle: the fallback sweep's
/// `Transfer`s of the destination precondition's token (the bridged USDC) from the wallet to
/// the fallback recipient (`destinationToAddress`, else the owner), or else they stay at
/// the wallet.
fn funds_went(intent: &Intent, wallet: Address, logs: &[EvidenceLog]) -> String {
    let chain = intent.destination_chain_id;
    let Some(token) = intent.destination_precondition.as_ref().map(|p| p.token_address) else {
        return stay_reason(intent, wallet);
    };
    let recipient = intent.quote_request.destination_to_address.unwrap_or(intent.owner_address);
    let swept = transfers(logs, token)
        .filter(|transfer| transfer.from == wallet && transfer.to == recipient)
        .fold(U256::ZERO, |sum, transfer| sum.saturating_add(transfer.value));
    if swept.is_zero() {
        return stay_reason(intent, wallet);
    }
    format!("the bridged {swept} of {token} went to {recipient} on chain {chain}")
}

/// The bridged tokens stayed at the destination intent address.
fn stay_reason(intent: &Intent, wallet: Address) -> String {
    let chain = intent.destination_chain_id;
    format!("the bridged tokens stay at the destination intent address {wallet} on chain {chain}, which the owner's key recovers")
}
