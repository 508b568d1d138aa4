//! The judgement of an origin transaction (docs/spec.md §6.7): from its receipt's facts
//! alone (the status, the intent wallet's call events, the token `Transfer` logs), the
//! intent and the fee collector, whether the origin calls did what the quote says, failed with a decoded reason,
//! and gave the deposit back. The evidence is passed in ([`OriginEvidence`]); nothing here
//! reads a chain.
//!
//! A cross-chain intent's origin transaction must also burn for its destination intent
//! address (docs/spec.md §6.9); the call events and the recipient's minimum are judged the
//! same way for its destination transaction (`rules::destination`).
//!
//! What does not live here: the evidence's declaration (`rules::facts`) and what the record
//! does with the judgement (the lifecycle's `execution` and `route` modules).

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use alloy_primitives::{Address, Bytes, B256, U256};
use alloy_sol_types::{Panic, Revert, SolError, SolEvent};

use crate::cctp::{burn_for, Message};
use crate::error::Problem;
use crate::rules::deposit::Transfer;
use crate::rules::facts::{EvidenceLog, OriginEvidence};
use crate::wallet::payload_hash_for;
use crate::{CallBundle, Intent};

alloy_sol_types::sol! {
    /// v3's call events, which the intent wallet emits at its own address
    /// (chain/contracts/interfaces/IIntentWallet.sol).
    event CallSucceeded(bytes32 opHash, uint256 index);
    /// A call that failed, its `behaviorOnError` IGNORE.
    event CallFailed(bytes32 opHash, uint256 index, bytes returnData);
    /// A call that failed, its `behaviorOnError` ABORT.
    event CallAborted(bytes32 opHash, uint256 index, bytes returnData);
    /// An `onlyFallback` call that did not run.
    event CallSkipped(bytes32 opHash, uint256 index);
}

/// The status reason of an origin transaction whose receipt's status is not 1.
pub const ORIGIN_REVERTED_REASON: &str = "origin transaction reverted: the deposit stays at the intent address";

/// The status reason of a cross-chain origin transaction whose calls succeeded without a
/// burn for the destination intent address (docs/spec.md §6.9).
pub const NO_BURN_REASON: &str = "the origin transaction burned nothing for the destination intent address";

/// What the receipt of an origin transaction says happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum OriginOutcome {
    /// Every main call succeeded, the fee collector received the service fee and the
    /// recipient received at least `toAmountMin`.
    Succeeded,
    /// A cross-chain intent's: every main call succeeded, the fee collector received the
    /// service fee, and the receipt carries this burn for the destination intent address
    /// (docs/spec.md §6.9).
    Burned(Message),
    /// The origin transaction failed, with the status reason; `refunded` when the same
    /// receipt shows the deposit token going from the intent address to the owner.
    Failed { reason: String, refunded: bool },
}

/// What the wallet's events say of one call.
#[derive(Debug, Clone, PartialEq, Eq)]
enum CallEvent {
    Succeeded,
    Failed(Bytes),
    Aborted(Bytes),
    Skipped,
}

/// Checks that `evidence` is the receipt of `hash` on the intent's origin chain with
/// `required` confirmations, then judges it; `collector` is the record's
/// `gasFeeOptions.feeCollectorAddress`, when it has gas fee options.
///
/// # Errors
///
/// In order: `ORIGIN_HASH_MISMATCH`, `ORIGIN_WRONG_CHAIN`, `ORIGIN_UNCONFIRMED`, with the
/// member of the evidence each concerns.
pub(crate) fn judge_origin(
    hash: B256,
    intent: &Intent,
    collector: Option<Address>,
    evidence: &OriginEvidence,
    required: u64,
) -> Result<OriginOutcome, (Problem, &'static [&'static str])> {
    let receipt = &evidence.receipt;
    if receipt.transaction_hash != hash {
        let problem = Problem::OriginHashMismatch { following: hash, evidence: receipt.transaction_hash };
        return Err((problem, &["receipt", "transactionHash"]));
    }
    let origin_chain_id = intent.origin_chain_id;
    if evidence.chain_id.0 != U256::from(origin_chain_id) {
        return Err((Problem::OriginWrongChain { chain_id: evidence.chain_id.0, origin_chain_id }, &["chainId"]));
    }
    let (head, block) = (evidence.head_block_number.0, receipt.block_number.0);
    let confirmations = if head < block { U256::ZERO } else { head - block + U256::from(1) };
    if confirmations < U256::from(required) {
        return Err((Problem::OriginUnconfirmed { confirmations, required }, &["headBlockNumber"]));
    }
    if receipt.status.0 != U256::from(1) {
        return Ok(OriginOutcome::Failed { reason: String::from(ORIGIN_REVERTED_REASON), refunded: false });
    }
    Ok(judge_logs(intent, collector, &receipt.logs))
}

/// The judgement of a mined origin transaction (status 1) from its logs.
fn judge_logs(intent: &Intent, collector: Option<Address>, logs: &[EvidenceLog]) -> OriginOutcome {
    if let Some(failure) = failed_call("origin", &intent.origin_calls, intent.origin_intent_address, logs) {
        return OriginOutcome::Failed { reason: failure, refunded: refunded(intent, logs) };
    }
    if let Some(reason) = collector.and_then(|collector| fee_unpaid(intent, collector, logs)) {
        return OriginOutcome::Failed { reason, refunded: refunded(intent, logs) };
    }
    if intent.destination_chain_id != intent.origin_chain_id {
        return match intent.destination_intent_address.and_then(|wallet| burn_for(logs, wallet)) {
            Some(message) => OriginOutcome::Burned(message),
            None => OriginOutcome::Failed { reason: String::from(NO_BURN_REASON), refunded: refunded(intent, logs) },
        };
    }
    match short_of_minimum(intent, logs) {
        Some(reason) => OriginOutcome::Failed { reason, refunded: refunded(intent, logs) },
        None => OriginOutcome::Succeeded,
    }
}

/// The status reason when `logs` show the recipient (`destinationToAddress`, else the
/// owner) received less of the destination token than `toAmountMin`; a native destination
/// token leaves no log and is not judged here.
pub(crate) fn short_of_minimum(intent: &Intent, logs: &[EvidenceLog]) -> Option<String> {
    let request = &intent.quote_request;
    let token = request.destination_token_address;
    if token == Address::ZERO {
        return None;
    }
    let recipient = request.destination_to_address.unwrap_or(intent.owner_address);
    let received = transfers(logs, token)
        .filter(|transfer| transfer.to == recipient)
        .fold(U256::ZERO, |sum, transfer| sum.saturating_add(transfer.value));
    let least = intent.quote.to_amount_min;
    (received < least)
        .then(|| format!("the recipient received {received} of the destination token, below toAmountMin {least}"))
}

/// The status reason of the first main call of `bundle`, run by `wallet`, that the wallet's
/// call events in `logs` do not show succeeded (`{label} call I failed: R`, `aborted`, `did
/// not run`), if any. The events are the wallet's own with the bundle's payload hash; the
/// last event of an index counts.
pub(crate) fn failed_call(label: &str, bundle: &CallBundle, wallet: Address, logs: &[EvidenceLog]) -> Option<String> {
    let calls = &bundle.calls;
    let op_hash = payload_hash_for(bundle, wallet).ok();
    let mut events: Vec<Option<CallEvent>> = vec![None; calls.len()];
    for log in logs.iter().filter(|log| log.address == wallet) {
        let Some((hash, index, event)) = call_event(log) else { continue };
        if op_hash.is_some_and(|op_hash| op_hash != hash) {
            continue;
        }
        if let Some(slot) = usize::try_from(index).ok().and_then(|index| events.get_mut(index)) {
            *slot = Some(event);
        }
    }
    // Every call that always runs is a main call, delegate calls included (the swap followed
    // by a destination call is one); the sweeps of leftovers succeed on a zero balance.
    let main = calls.iter().enumerate().filter(|(_, call)| !call.only_fallback.unwrap_or(false));
    main.map(|(index, _)| (index, &events[index])).find_map(|(index, event)| match event {
        Some(CallEvent::Succeeded) => None,
        Some(CallEvent::Failed(data)) => Some(format!("{label} call {index} failed: {}", revert_text(data))),
        Some(CallEvent::Aborted(data)) => Some(format!("{label} call {index} aborted: {}", revert_text(data))),
        Some(CallEvent::Skipped) | None => Some(format!("{label} call {index} did not run")),
    })
}

/// The status reason when `logs` show the fee collector paid less than the service fee
/// (`fees.serviceFeeTotal`): the sum of the origin token's Transfers from the intent address
/// to `collector`. A zero fee, or a native origin token (it leaves no log: the calls
/// decide), is not judged here.
fn fee_unpaid(intent: &Intent, collector: Address, logs: &[EvidenceLog]) -> Option<String> {
    let fee = intent.fees.service_fee_total;
    let token = intent.quote_request.origin_token_address;
    if fee.is_zero() || token == Address::ZERO {
        return None;
    }
    let wallet = intent.origin_intent_address;
    let paid = transfers(logs, token)
        .filter(|transfer| transfer.from == wallet && transfer.to == collector)
        .fold(U256::ZERO, |sum, transfer| sum.saturating_add(transfer.value));
    (paid < fee).then(|| format!("the fee collector received {paid} of the origin token, below the service fee {fee}"))
}

/// Whether `logs` show a Transfer of the deposit token from the intent address to the
/// owner (the fallback refund).
fn refunded(intent: &Intent, logs: &[EvidenceLog]) -> bool {
    let token = intent.deposit_transaction.token_address;
    token != Address::ZERO
        && transfers(logs, token).any(|transfer| {
            transfer.from == intent.origin_intent_address
                && transfer.to == intent.owner_address
                && transfer.value > U256::ZERO
        })
}

/// The ERC-20 `Transfer`s that `token` emitted.
pub(crate) fn transfers(logs: &[EvidenceLog], token: Address) -> impl Iterator<Item = Transfer> + '_ {
    logs.iter()
        .filter(move |log| log.address == token)
        .filter_map(|log| Transfer::decode_raw_log_validate(log.topics.iter().copied(), &log.data).ok())
}

/// The log as one of the wallet's call events: its `opHash`, call index and what it says.
fn call_event(log: &EvidenceLog) -> Option<(B256, U256, CallEvent)> {
    let topics = || log.topics.iter().copied();
    let data = &log.data;
    match *log.topics.first()? {
        CallSucceeded::SIGNATURE_HASH => CallSucceeded::decode_raw_log_validate(topics(), data)
            .ok()
            .map(|event| (event.opHash, event.index, CallEvent::Succeeded)),
        CallFailed::SIGNATURE_HASH => CallFailed::decode_raw_log_validate(topics(), data)
            .ok()
            .map(|event| (event.opHash, event.index, CallEvent::Failed(event.returnData))),
        CallAborted::SIGNATURE_HASH => CallAborted::decode_raw_log_validate(topics(), data)
            .ok()
            .map(|event| (event.opHash, event.index, CallEvent::Aborted(event.returnData))),
        CallSkipped::SIGNATURE_HASH => CallSkipped::decode_raw_log_validate(topics(), data)
            .ok()
            .map(|event| (event.opHash, event.index, CallEvent::Skipped)),
        _ => None,
    }
}

/// A call's revert data as a status reason: `Error("…")` for `Error(string)`, `Panic(0x…)`
/// for `Panic(uint256)`, else the data in hex (`no revert data` when empty).
fn revert_text(data: &Bytes) -> String {
    if data.is_empty() {
        return String::from("no revert data");
    }
    if let Ok(revert) = Revert::abi_decode(data) {
        return format!("Error(\"{}\")", revert.reason);
    }
    if let Ok(panic) = Panic::abi_decode(data) {
        return format!("Panic({:#x})", panic.code);
    }
    format!("{data}")
}
