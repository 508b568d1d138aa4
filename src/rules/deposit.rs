//! The deposit-hash rules of docs/spec.md §7: a `depositTransactionHash` is proven by the
//! node's [`DepositEvidence`] of it, checked in a fixed order, each check with its own
//! reason. The evidence is passed in ([`ChainFacts`]); nothing here reads a chain.
//!
//! What does not live here: the evidence's declaration (`rules::facts`) and the gasless
//! rules (`rules::execute`).

use alloy_primitives::{Address, B256, U256};
use alloy_sol_types::SolEvent;

use crate::error::{Error, Problem};
use crate::rules::facts::{ChainFacts, DepositEvidence, EvidenceLog};
use crate::Intent;

alloy_sol_types::sol! {
    /// ERC-20's `Transfer` event, the log an ERC-20 deposit emits.
    event Transfer(address indexed from, address indexed to, uint256 value);
}

/// Checks the deposit transaction `hash` against the chain `facts`, for `intent`, needing
/// `confirmations` blocks. Errors are located at the request's `depositTransactionHash`.
///
/// # Errors
///
/// In order: `DEPOSIT_UNVERIFIED` (no evidence, not accepted unverified),
/// `DEPOSIT_HASH_MISMATCH`, `DEPOSIT_WRONG_CHAIN`, `DEPOSIT_REVERTED`,
/// `DEPOSIT_UNCONFIRMED`, `DEPOSIT_MISMATCH`.
pub(crate) fn check_deposit_hash(
    hash: B256,
    intent: &Intent,
    facts: &ChainFacts<'_>,
    confirmations: u64,
) -> Result<(), Error> {
    let checked = match facts.deposit_evidence {
        Some(evidence) => check_evidence(hash, intent, evidence, confirmations),
        None if facts.accept_unverified_deposit => Ok(()),
        None => Err(Problem::DepositUnverified),
    };
    checked.map_err(|problem| Error::new(problem).in_member("depositTransactionHash"))
}

fn check_evidence(hash: B256, intent: &Intent, evidence: &DepositEvidence, required: u64) -> Result<(), Problem> {
    let (receipt, transaction) = (&evidence.receipt, &evidence.transaction);
    for named in [receipt.transaction_hash, transaction.hash] {
        if named != hash {
            return Err(Problem::DepositHashMismatch { requested: hash, evidence: named });
        }
    }
    let origin_chain_id = intent.origin_chain_id;
    if evidence.chain_id.0 != U256::from(origin_chain_id) {
        return Err(Problem::DepositWrongChain { chain_id: evidence.chain_id.0, origin_chain_id });
    }
    if receipt.status.0 != U256::from(1) {
        return Err(Problem::DepositReverted { status: receipt.status.0 });
    }
    let (head, block) = (evidence.head_block_number.0, receipt.block_number.0);
    let confirmations = if head < block { U256::ZERO } else { head - block + U256::from(1) };
    if confirmations < U256::from(required) {
        return Err(Problem::DepositUnconfirmed { confirmations, required });
    }
    let deposit = &intent.deposit_transaction;
    if deposit.token_address == Address::ZERO {
        if transaction.to != Some(deposit.to_address) {
            return Err(mismatch("toAddress", "the native value goes elsewhere"));
        }
        if transaction.value.0 < deposit.amount {
            return Err(mismatch("amount", "less native value is sent"));
        }
        return Ok(());
    }
    let transfers = || receipt.logs.iter().filter(|log| log.address == deposit.token_address).filter_map(transfer);
    if transfers().next().is_none() {
        return Err(mismatch("tokenAddress", "no Transfer of this token"));
    }
    let mut to_recipient = transfers().filter(|transfer| transfer.to == deposit.to_address).peekable();
    if to_recipient.peek().is_none() {
        return Err(mismatch("toAddress", "the token's Transfers go elsewhere"));
    }
    if !to_recipient.any(|transfer| transfer.value >= deposit.amount) {
        return Err(mismatch("amount", "each Transfer to toAddress is of less"));
    }
    Ok(())
}

/// The log as an ERC-20 `Transfer`, when it is one (its signature, two indexed addresses
/// with clean upper bytes, one word of data).
fn transfer(log: &EvidenceLog) -> Option<Transfer> {
    Transfer::decode_raw_log_validate(log.topics.iter().copied(), &log.data).ok()
}

fn mismatch(field: &'static str, detail: &'static str) -> Problem {
    Problem::DepositMismatch { field, detail }
}
