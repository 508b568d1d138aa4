//! Execution after the deposit (docs/spec.md §6.7): what an EXECUTING record asks for next
//! (`next_step`), the facts that answer it (a balance, the origin transaction's receipt),
//! each rule of those facts broken alone with its reason, the judgement of a receipt from
//! its logs (built from the real ABI encodings of the wallet's call events and ERC-20
//! `Transfer`), the time bound, and the stored form of what the record remembers.

use alloy_sol_types::{Panic, Revert, SolError, SolEvent};
use intent_core::rules::ORIGIN_REVERTED_REASON;
use intent_core::wallet::payload_hash_for;
use intent_core::{
    from_slice, to_string, Address, Applied, BalanceFact, Bytes, Call, ChainFacts, EventInput, EvidenceLog,
    EvidenceReceipt, GasFeeOptions, Intent, IntentRecord, IntentStatus, OriginEvidence, Policy, Quantity, Reason,
    RecordState, Step, Timestamp, TransactionStatus, TransactionType, UnknownMembers, B256, U256,
};

use crate::fixtures::{
    assert_refused as refused, committed_record, executed_at, executing_record, hash_facts, hash_request, intent,
    later, report, secs, unverified_executing_record, DEPOSIT_HASH,
};

alloy_sol_types::sol! {
    // chain/contracts/interfaces/IIntentWallet.sol and ERC-20.
    event CallSucceeded(bytes32 opHash, uint256 index);
    event CallFailed(bytes32 opHash, uint256 index, bytes returnData);
    event CallAborted(bytes32 opHash, uint256 index, bytes returnData);
    event CallSkipped(bytes32 opHash, uint256 index);
    event Transfer(address indexed from, address indexed to, uint256 value);
}

/// The hash of the fixture reports (`report`).
const ORIGIN_HASH: B256 = B256::repeat_byte(0xcd);
const BLOCK: u64 = 100;

fn log(address: Address, event: &impl SolEvent) -> EvidenceLog {
    let data = event.encode_log_data();
    EvidenceLog { address, data: data.data.clone(), topics: data.topics().to_vec(), unknown: UnknownMembers::new() }
}

fn op_hash(intent: &Intent) -> B256 {
    payload_hash_for(&intent.origin_calls, intent.origin_intent_address).unwrap()
}

fn succeeded(intent: &Intent, index: u64) -> EvidenceLog {
    log(intent.origin_intent_address, &CallSucceeded { opHash: op_hash(intent), index: U256::from(index) })
}

fn failed(intent: &Intent, index: u64, data: Vec<u8>) -> EvidenceLog {
    let event = CallFailed { opHash: op_hash(intent), index: U256::from(index), returnData: data.into() };
    log(intent.origin_intent_address, &event)
}

fn transfer(token: Address, from: Address, to: Address, value: U256) -> EvidenceLog {
    log(token, &Transfer { from, to, value })
}

/// The refund: the deposit token from the intent address back to the owner.
fn refund(intent: &Intent) -> EvidenceLog {
    let token = intent.deposit_transaction.token_address;
    transfer(token, intent.origin_intent_address, intent.owner_address, U256::from(5))
}

/// A receipt of the origin transaction on the origin chain, mined at [`BLOCK`], with
/// `status` and `logs`, read with the head at [`BLOCK`] (one confirmation).
fn evidence(intent: &Intent, status: u64, logs: Vec<EvidenceLog>) -> OriginEvidence {
    OriginEvidence {
        chain_id: Quantity(U256::from(intent.origin_chain_id)),
        head_block_number: Quantity(U256::from(BLOCK)),
        receipt: EvidenceReceipt {
            block_number: Quantity(U256::from(BLOCK)),
            logs,
            status: Quantity(U256::from(status)),
            transaction_hash: ORIGIN_HASH,
            unknown: UnknownMembers::new(),
        },
        unknown: UnknownMembers::new(),
    }
}

/// The fixture's fee collector (`gasFeeOptions.feeCollectorAddress`).
fn collector() -> Address {
    crate::fixtures::gas_fee_options().fee_collector_address
}

/// `value` of the origin token from the intent address to the fee collector.
fn fee_paid(intent: &Intent, value: U256) -> EvidenceLog {
    transfer(intent.quote_request.origin_token_address, intent.origin_intent_address, collector(), value)
}

/// Every call of `intent`'s origin bundle succeeded, and the fee collector received the
/// service fee.
fn all_succeeded(intent: &Intent) -> Vec<EvidenceLog> {
    let mut logs = calls_succeeded(intent);
    logs.push(fee_paid(intent, intent.fees.service_fee_total));
    logs
}

/// The balance that meets the fixture's precondition, exactly.
fn balance(intent: &Intent) -> BalanceFact {
    BalanceFact {
        amount: intent.deposit_transaction.amount,
        block_number: BLOCK,
        chain_id: intent.origin_chain_id,
        token: intent.deposit_transaction.token_address,
        wallet: intent.origin_intent_address,
        unknown: UnknownMembers::new(),
    }
}

fn at(seconds: i64) -> Timestamp {
    secs(later(), seconds)
}

/// `record` with its precondition met at `at(0)` and its origin transaction SENT at `at(1)`.
fn following(mut record: IntentRecord) -> IntentRecord {
    let intent = record.intent().clone();
    assert_eq!(record.apply(EventInput::balance(&balance(&intent)), at(0)), Ok(Applied::Changed));
    let sent = report(TransactionType::Origin, intent.origin_chain_id, TransactionStatus::Sent);
    assert_eq!(record.apply(EventInput::progress(&sent), at(1)), Ok(Applied::Changed));
    record
}

fn restored(record: &IntentRecord) -> IntentRecord {
    IntentRecord::from_state(from_slice::<RecordState>(to_string(&record.state()).as_bytes()).unwrap()).unwrap()
}

#[test]
fn an_executing_record_asks_for_the_balance_then_the_send_then_the_receipt() {
    let intent = intent();
    let mut record = executing_record();
    let revision = record.revision();
    assert_eq!(
        record.next_step(later()),
        Some(Step::ReadBalance {
            chain_id: intent.origin_chain_id,
            token: intent.deposit_transaction.token_address,
            wallet: intent.origin_intent_address,
            at_least: intent.deposit_transaction.amount,
        })
    );
    assert_eq!(record.apply(EventInput::balance(&balance(&intent)), at(0)), Ok(Applied::Changed));
    assert_eq!((record.revision(), record.status_since()), (revision + 1, executed_at()));
    assert_eq!(record.precondition_met(), Some(&balance(&intent)));
    assert_eq!(record.apply(EventInput::balance(&balance(&intent)), at(0)), Ok(Applied::Replay));
    assert_eq!(
        record.next_step(at(0)),
        Some(Step::SendOrigin {
            chain_id: intent.origin_chain_id,
            to: intent.origin_meta_txn.contract,
            input: intent.origin_meta_txn.input.clone(),
        })
    );
    assert_eq!(restored(&record), record);
    let sent = report(TransactionType::Origin, intent.origin_chain_id, TransactionStatus::Sent);
    assert_eq!(record.apply(EventInput::progress(&sent), at(1)), Ok(Applied::Changed));
    let follow = Some(Step::FollowOrigin { chain_id: intent.origin_chain_id, hash: ORIGIN_HASH });
    assert_eq!(record.next_step(at(1)), follow);
    assert_eq!(
        record.apply(EventInput::origin_receipt(&evidence(&intent, 1, all_succeeded(&intent))), at(2)),
        Ok(Applied::Changed)
    );
    // A cross-chain intent: the burn is kept, the record stays EXECUTING (docs/spec.md §6.9).
    assert!(burned(&record), "{record:?}");
    let receipt = record.receipt(at(2));
    let origin = &receipt.origin_transaction;
    assert_eq!((&origin.status, origin.txn_hash), (&TransactionStatus::Succeeded, Some(ORIGIN_HASH)));
    assert_eq!(receipt.deposit_transaction.status, TransactionStatus::Succeeded);
    assert_eq!(restored(&record), record);
}

#[test]
fn nothing_is_asked_before_the_deposit_succeeded_nor_of_a_record_not_executing() {
    let record = unverified_executing_record();
    assert_eq!(record.next_step(later()), None, "a hash taken on its word is not a SUCCEEDED deposit");
    assert_eq!(committed_record().next_step(later()), None);
    // A relayer's report of the deposit SUCCEEDED completes the deposit stage.
    let mut record = record;
    let deposit = report(TransactionType::Deposit, intent().origin_chain_id, TransactionStatus::Succeeded);
    assert_eq!(record.apply(EventInput::progress(&deposit), later()), Ok(Applied::Changed));
    assert!(matches!(record.next_step(later()), Some(Step::ReadBalance { .. })));
}

#[test]
fn past_the_time_bound_the_record_asks_to_fail_with_what_it_waited_for() {
    let bound = i64::try_from(Policy::DEFAULT.execution_timeout_seconds).unwrap();
    let deadline = secs(executed_at(), bound);
    let just_before = secs(executed_at(), bound - 1);
    let fail = |reason: &str| Some(Step::Fail { reason: reason.into() });

    let record = unverified_executing_record();
    assert_eq!(record.execution_deadline(), deadline);
    assert_eq!(record.next_step(just_before), None);
    assert_eq!(record.next_step(deadline), fail("the deposit did not succeed within 3600 s of the execute"));

    let record = executing_record();
    assert!(matches!(record.next_step(just_before), Some(Step::ReadBalance { .. })));
    assert_eq!(record.next_step(deadline), fail("the precondition was not met within 3600 s of the execute"));

    let mut record = executing_record();
    let _ = record.apply(EventInput::balance(&balance(&intent())), later()).unwrap();
    assert_eq!(record.next_step(deadline), fail("the origin transaction was not sent within 3600 s of the execute"));

    // An origin transaction SENT or MINING with its hash is followed whatever the time: the
    // host replaces it with a higher fee until it is mined, and its receipt decides.
    let mut record = following(executing_record());
    let follow = Some(Step::FollowOrigin { chain_id: intent().origin_chain_id, hash: ORIGIN_HASH });
    assert_eq!(record.next_step(deadline), follow);
    assert_eq!(record.next_step(secs(deadline, 86_400)), follow);
    let mining = report(TransactionType::Origin, intent().origin_chain_id, TransactionStatus::Mining);
    let _ = record.apply(EventInput::progress(&mining), at(2)).unwrap();
    assert_eq!(record.next_step(secs(deadline, 86_400)), follow);

    let policy = Policy { execution_timeout_seconds: 60, ..Policy::default() };
    let mut record = crate::fixtures::committed_record_with(&policy);
    let _ = record.apply(EventInput::execute_with(&hash_request(), hash_facts()), executed_at()).unwrap();
    assert_eq!(
        record.next_step(secs(executed_at(), 60)),
        fail("the precondition was not met within 60 s of the execute")
    );
    let state = to_string(&record.state());
    assert!(state.contains(r#""executionTimeoutSeconds":60"#), "{state}");
    assert!(!to_string(&executing_record().state()).contains("executionTimeoutSeconds"), "the default is absent");
    assert_eq!(restored(&record).policy(), &policy);
}

#[test]
fn an_origin_transaction_reported_otherwise_is_never_sent_again() {
    let intent = intent();
    let bound = i64::try_from(Policy::DEFAULT.execution_timeout_seconds).unwrap();
    let deadline = secs(executed_at(), bound);
    for status in [TransactionStatus::Reverted, TransactionStatus::Failed, TransactionStatus::Errored] {
        let mut record = executing_record();
        let _ = record.apply(EventInput::balance(&balance(&intent)), at(0)).unwrap();
        let reported = report(TransactionType::Origin, intent.origin_chain_id, status.clone());
        let _ = record.apply(EventInput::progress(&reported), at(1)).unwrap();
        assert_eq!(record.next_step(at(1)), None, "{status}");
        let reason = format!("origin transaction reported {status} and not mined within 3600 s of the execute");
        assert_eq!(record.next_step(deadline), Some(Step::Fail { reason }));
    }
    let mut record = executing_record();
    let _ = record.apply(EventInput::balance(&balance(&intent)), at(0)).unwrap();
    let mut unhashed = report(TransactionType::Origin, intent.origin_chain_id, TransactionStatus::Sent);
    unhashed.txn_hash = None;
    let _ = record.apply(EventInput::progress(&unhashed), at(1)).unwrap();
    assert_eq!(record.next_step(at(1)), None, "a SENT origin without a hash: nothing to follow, nothing to send");
    let reason = "origin transaction reported SENT and not mined within 3600 s of the execute";
    assert_eq!(record.next_step(deadline), Some(Step::Fail { reason: reason.into() }));
    let receipt = evidence(&intent, 1, all_succeeded(&intent));
    refused(&mut record, EventInput::origin_receipt(&receipt), at(2), Reason::FactNotAsked, None);
    // A PENDING report is not a send.
    let mut record = executing_record();
    let _ = record.apply(EventInput::balance(&balance(&intent)), at(0)).unwrap();
    let pending = report(TransactionType::Origin, intent.origin_chain_id, TransactionStatus::Pending);
    let _ = record.apply(EventInput::progress(&pending), at(1)).unwrap();
    assert!(matches!(record.next_step(at(1)), Some(Step::SendOrigin { .. })));
}

#[test]
fn a_balance_or_receipt_not_asked_for_is_fact_not_asked() {
    let intent = intent();
    let mut record = unverified_executing_record();
    refused(&mut record, EventInput::balance(&balance(&intent)), later(), Reason::FactNotAsked, None);
    let mut record = executing_record();
    let receipt = evidence(&intent, 1, all_succeeded(&intent));
    refused(&mut record, EventInput::origin_receipt(&receipt), later(), Reason::FactNotAsked, None);
    let mut record = following(executing_record());
    let mut other = balance(&intent);
    other.block_number += 1;
    refused(&mut record, EventInput::balance(&other), at(2), Reason::FactNotAsked, None);
}

#[test]
fn a_balance_or_receipt_outside_execution_is_invalid_transition() {
    let intent = intent();
    let mut record = committed_record();
    refused(&mut record, EventInput::balance(&balance(&intent)), later(), Reason::InvalidTransition, None);
    let receipt = evidence(&intent, 1, all_succeeded(&intent));
    refused(&mut record, EventInput::origin_receipt(&receipt), later(), Reason::InvalidTransition, None);
    let mut record = executing_record();
    refused(
        &mut record,
        EventInput::balance(&balance(&intent)),
        secs(executed_at(), -1),
        Reason::ClockWentBackwards,
        None,
    );
}

#[test]
fn a_balance_of_another_chain_token_or_wallet_is_balance_mismatch() {
    let intent = intent();
    type Change = fn(&mut BalanceFact);
    let changes: [(&str, Change); 3] = [
        ("chainId", |fact| fact.chain_id += 1),
        ("token", |fact| fact.token = Address::repeat_byte(0x11)),
        ("wallet", |fact| fact.wallet = Address::repeat_byte(0x22)),
    ];
    for (path, change) in changes {
        let mut record = executing_record();
        let mut fact = balance(&intent);
        change(&mut fact);
        refused(&mut record, EventInput::balance(&fact), later(), Reason::BalanceMismatch, Some(path));
    }
}

#[test]
fn a_balance_below_the_deposit_amount_is_precondition_unmet() {
    let intent = intent();
    let mut record = executing_record();
    let mut fact = balance(&intent);
    fact.amount -= U256::from(1);
    refused(&mut record, EventInput::balance(&fact), later(), Reason::PreconditionUnmet, Some("amount"));
    assert!(matches!(record.next_step(later()), Some(Step::ReadBalance { .. })), "still waiting");
    fact.amount += U256::from(2);
    assert_eq!(record.apply(EventInput::balance(&fact), later()), Ok(Applied::Changed));
}

#[test]
fn a_receipt_of_another_transaction_is_origin_hash_mismatch() {
    let intent = intent();
    let mut record = following(executing_record());
    let mut receipt = evidence(&intent, 1, all_succeeded(&intent));
    receipt.receipt.transaction_hash = B256::repeat_byte(0x01);
    let path = Some("receipt.transactionHash");
    refused(&mut record, EventInput::origin_receipt(&receipt), at(2), Reason::OriginHashMismatch, path);
}

#[test]
fn a_receipt_from_another_chain_is_origin_wrong_chain() {
    let intent = intent();
    let mut record = following(executing_record());
    let mut receipt = evidence(&intent, 1, all_succeeded(&intent));
    receipt.chain_id = Quantity(U256::from(intent.destination_chain_id));
    refused(&mut record, EventInput::origin_receipt(&receipt), at(2), Reason::OriginWrongChain, Some("chainId"));
}

#[test]
fn a_receipt_short_of_the_confirmations_is_origin_unconfirmed() {
    let intent = intent();
    let mut record = following(executing_record());
    let mut receipt = evidence(&intent, 1, all_succeeded(&intent));
    receipt.head_block_number = Quantity(U256::from(BLOCK - 1));
    let path = Some("headBlockNumber");
    refused(&mut record, EventInput::origin_receipt(&receipt), at(2), Reason::OriginUnconfirmed, path);
    receipt.head_block_number = Quantity(U256::from(BLOCK));
    assert_eq!(record.apply(EventInput::origin_receipt(&receipt), at(3)), Ok(Applied::Changed));
}

/// The record after `logs` in a receipt of `status`: its status, status reason and the
/// receipt's origin and refund transactions' statuses.
fn judged(status: u64, logs: impl FnOnce(&Intent) -> Vec<EvidenceLog>) -> IntentRecord {
    let intent = intent();
    let mut record = following(executing_record());
    let receipt = evidence(&intent, status, logs(&intent));
    assert_eq!(record.apply(EventInput::origin_receipt(&receipt), at(2)), Ok(Applied::Changed));
    assert_eq!(restored(&record), record);
    record
}

fn failed_with(record: &IntentRecord, reason: &str) {
    assert_eq!((record.status(), record.status_reason()), (&IntentStatus::Failed, Some(reason)));
    let receipt = record.receipt(at(2));
    let origin = &receipt.origin_transaction;
    assert_eq!(
        (&origin.status, origin.status_reason.as_deref(), origin.txn_hash),
        (&TransactionStatus::Failed, Some(reason), Some(ORIGIN_HASH))
    );
    assert_eq!(receipt.refund_transaction, None);
}

#[test]
fn a_reverted_origin_transaction_fails_with_the_funds_in_the_wallet() {
    let record = judged(0, |intent| vec![refund(intent)]);
    failed_with(&record, ORIGIN_REVERTED_REASON);
}

#[test]
fn a_failed_call_names_its_index_and_its_decoded_revert() {
    let message = |intent: &Intent| {
        let data = Revert::from("UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT").abi_encode();
        vec![succeeded(intent, 0), failed(intent, 1, data)]
    };
    failed_with(&judged(1, message), r#"origin call 1 failed: Error("UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT")"#);
    let panic = |intent: &Intent| vec![failed(intent, 0, Panic { code: U256::from(0x11) }.abi_encode())];
    failed_with(&judged(1, panic), "origin call 0 failed: Panic(0x11)");
    let custom = |intent: &Intent| vec![succeeded(intent, 0), failed(intent, 1, vec![0xde, 0xad, 0xbe, 0xef])];
    failed_with(&judged(1, custom), "origin call 1 failed: 0xdeadbeef");
    let empty = |intent: &Intent| vec![failed(intent, 0, Vec::new())];
    failed_with(&judged(1, empty), "origin call 0 failed: no revert data");
    let aborted = |intent: &Intent| {
        let data = Revert::from("too late").abi_encode().into();
        let event = CallAborted { opHash: op_hash(intent), index: U256::from(2), returnData: data };
        vec![succeeded(intent, 0), succeeded(intent, 1), log(intent.origin_intent_address, &event)]
    };
    failed_with(&judged(1, aborted), r#"origin call 2 aborted: Error("too late")"#);
    let missing = |intent: &Intent| vec![succeeded(intent, 0), succeeded(intent, 2)];
    failed_with(&judged(1, missing), "origin call 1 did not run");
    let skipped = |intent: &Intent| {
        let event = CallSkipped { opHash: op_hash(intent), index: U256::from(0) };
        vec![log(intent.origin_intent_address, &event), succeeded(intent, 1), succeeded(intent, 2)]
    };
    failed_with(&judged(1, skipped), "origin call 0 did not run");
}

#[test]
fn call_events_of_another_address_or_payload_are_not_the_wallets() {
    let elsewhere = |intent: &Intent| {
        let mut logs = all_succeeded(intent);
        logs[1].address = Address::repeat_byte(0x33);
        logs
    };
    failed_with(&judged(1, elsewhere), "origin call 1 did not run");
    let other_payload = |intent: &Intent| {
        let mut logs = all_succeeded(intent);
        logs[2] = log(intent.origin_intent_address, &CallSucceeded { opHash: B256::ZERO, index: U256::from(2) });
        logs
    };
    failed_with(&judged(1, other_payload), "origin call 2 did not run");
}

#[test]
fn a_failure_whose_receipt_shows_the_refund_is_refunded_in_the_same_transaction() {
    let before = following(executing_record()).revision();
    let record = judged(1, |intent| {
        vec![succeeded(intent, 0), failed(intent, 1, Revert::from("K").abi_encode()), refund(intent)]
    });
    let reason = r#"origin call 1 failed: Error("K")"#;
    assert_eq!((record.status(), record.status_reason()), (&IntentStatus::Refunded, Some(reason)));
    assert_eq!(record.revision(), before + 2, "fail, then refund");
    let receipt = record.receipt(at(2));
    let refund = receipt.refund_transaction.as_ref().unwrap();
    assert_eq!((&refund.status, refund.txn_hash), (&TransactionStatus::Succeeded, Some(ORIGIN_HASH)));
    assert_eq!(receipt.origin_transaction.status, TransactionStatus::Failed);
    // A Transfer to the owner from another address, of another token or of nothing is no refund.
    let not_refunds: [fn(&Intent) -> EvidenceLog; 3] = [
        |intent| {
            transfer(
                intent.deposit_transaction.token_address,
                Address::repeat_byte(1),
                intent.owner_address,
                U256::from(5),
            )
        },
        |intent| transfer(Address::repeat_byte(2), intent.origin_intent_address, intent.owner_address, U256::from(5)),
        |intent| {
            transfer(
                intent.deposit_transaction.token_address,
                intent.origin_intent_address,
                intent.owner_address,
                U256::ZERO,
            )
        },
    ];
    for not_refund in not_refunds {
        let record = judged(1, |intent| vec![failed(intent, 0, Vec::new()), not_refund(intent)]);
        failed_with(&record, "origin call 0 failed: no revert data");
    }
}

/// The fixture intent made same-chain: its destination on the origin chain, with a fallback
/// refund call after its main calls.
fn same_chain_intent() -> Intent {
    let mut intent = intent();
    intent.destination_chain_id = intent.origin_chain_id;
    intent.quote_request.destination_chain_id = intent.origin_chain_id;
    intent.quote_request.destination_token_address = Address::repeat_byte(0x44);
    intent.destination_token_address = Some(Address::repeat_byte(0x44));
    let chain_id = intent.origin_chain_id;
    if let Some(calls) = &mut intent.destination_calls {
        calls.chain_id = chain_id;
    }
    if let Some(meta_txn) = &mut intent.destination_meta_txn {
        meta_txn.chain_id = chain_id;
    }
    if let Some(gas) = &mut intent.fees.destination_gas {
        gas.chain_id = chain_id;
    }
    if let Some(precondition) = &mut intent.destination_precondition {
        precondition.chain_id = chain_id;
        precondition.token_address = Address::repeat_byte(0x44);
    }
    let mut fallback: Call = intent.origin_calls.calls[0].clone();
    fallback.only_fallback = Some(true);
    fallback.delegate_call = Some(true);
    intent.origin_calls.calls.push(fallback);
    intent
}

/// `intent` quoted with `gas_fee_options`, committed, executing on a proven deposit, its
/// precondition met and its origin transaction SENT ([`following`]).
fn following_quoted(intent: &Intent, gas_fee_options: Option<GasFeeOptions>) -> IntentRecord {
    let mut record =
        IntentRecord::quote(intent.clone(), gas_fee_options, &Policy::default(), crate::fixtures::quoted_at())
            .expect("the intent quotes");
    let _ = record.apply(EventInput::commit(intent), crate::fixtures::committed_at()).unwrap();
    let proof = intent_test_support::evidence::paying(intent, DEPOSIT_HASH);
    let facts = ChainFacts::with_deposit_evidence(&proof);
    let _ = record.apply(EventInput::execute_with(&hash_request(), facts), executed_at()).unwrap();
    following(record)
}

/// The call events of `intent`'s origin bundle, every call succeeded, and the burn for its
/// destination intent address (which a same-chain intent ignores).
fn calls_succeeded(intent: &Intent) -> Vec<EvidenceLog> {
    let calls = (0..intent.origin_calls.calls.len() as u64).map(|index| succeeded(intent, index));
    calls.chain([intent_test_support::evidence::burn_log(intent)]).collect()
}

/// Whether `record`, a cross-chain intent's, judged its origin transaction successful and
/// kept its burn: EXECUTING, the ORIGIN transaction SUCCEEDED, asking for the attestation
/// (docs/spec.md §6.9).
fn burned(record: &IntentRecord) -> bool {
    let origin = record.transactions().iter().find(|t| t.kind == TransactionType::Origin);
    record.status() == &IntentStatus::Executing
        && record.route_message().is_some()
        && origin.is_some_and(|t| t.status == TransactionStatus::Succeeded)
        && matches!(record.next_step(later()), Some(Step::FetchAttestation { .. }))
}

#[test]
fn a_fee_collector_paid_less_than_the_service_fee_fails() {
    let fee = intent().fees.service_fee_total;
    assert!(fee > U256::ZERO, "the fixture charges a service fee");
    let reason =
        |paid: U256| format!("the fee collector received {paid} of the origin token, below the service fee {fee}");
    let short = |intent: &Intent| {
        let mut logs = calls_succeeded(intent);
        logs.push(fee_paid(intent, intent.fees.service_fee_total - U256::from(1)));
        logs
    };
    failed_with(&judged(1, short), &reason(fee - U256::from(1)));
    let summed = |intent: &Intent| {
        let mut logs = short(intent);
        logs.push(fee_paid(intent, U256::from(1)));
        logs
    };
    assert!(burned(&judged(1, summed)), "the Transfers to the collector are summed");
    // A Transfer from another address, of another token or to another address pays no fee.
    let not_fees: [fn(&Intent) -> EvidenceLog; 3] = [
        |intent| {
            let token = intent.quote_request.origin_token_address;
            transfer(token, Address::repeat_byte(1), collector(), intent.fees.service_fee_total)
        },
        |intent| {
            let (wallet, fee) = (intent.origin_intent_address, intent.fees.service_fee_total);
            transfer(Address::repeat_byte(2), wallet, collector(), fee)
        },
        |intent| {
            let (token, wallet) = (intent.quote_request.origin_token_address, intent.origin_intent_address);
            transfer(token, wallet, Address::repeat_byte(3), intent.fees.service_fee_total)
        },
    ];
    for not_fee in not_fees {
        let record = judged(1, |intent| {
            let mut logs = calls_succeeded(intent);
            logs.push(not_fee(intent));
            logs
        });
        failed_with(&record, &reason(U256::ZERO));
    }
    // The fallback refund in the same receipt: REFUNDED, the reason kept.
    let record = judged(1, |intent| {
        let mut logs = calls_succeeded(intent);
        logs.push(refund(intent));
        logs
    });
    assert_eq!((record.status(), record.status_reason()), (&IntentStatus::Refunded, Some(reason(U256::ZERO).as_str())));
    // Without gas fee options the record knows no collector: the fee is not judged.
    let intent = intent();
    let mut record = following_quoted(&intent, None);
    let receipt = evidence(&intent, 1, calls_succeeded(&intent));
    assert_eq!(record.apply(EventInput::origin_receipt(&receipt), at(2)), Ok(Applied::Changed));
    assert!(burned(&record));
}

#[test]
fn a_same_chain_intent_succeeds_only_when_the_recipient_got_to_amount_min() {
    let intent = same_chain_intent();
    let token = intent.quote_request.destination_token_address;
    let recipient = intent.quote_request.destination_to_address.unwrap();
    let least = intent.quote.to_amount_min;
    let run = |paid: Vec<U256>| {
        let mut record = following_quoted(&intent, None);
        let mut logs: Vec<_> = (0..3).map(|index| succeeded(&intent, index)).collect();
        let skipped = CallSkipped { opHash: op_hash(&intent), index: U256::from(3) };
        logs.push(log(intent.origin_intent_address, &skipped));
        logs.extend(paid.into_iter().map(|value| transfer(token, Address::repeat_byte(9), recipient, value)));
        let _ = record.apply(EventInput::origin_receipt(&evidence(&intent, 1, logs)), at(2)).unwrap();
        record
    };
    assert_eq!(run(vec![least]).status(), &IntentStatus::Succeeded);
    assert_eq!(run(vec![least - U256::from(1), U256::from(1)]).status(), &IntentStatus::Succeeded, "summed");
    let short = run(vec![least - U256::from(1)]);
    let reason =
        format!("the recipient received {} of the destination token, below toAmountMin {least}", least - U256::from(1));
    failed_with(&short, &reason);
    failed_with(
        &run(Vec::new()),
        &format!("the recipient received 0 of the destination token, below toAmountMin {least}"),
    );
}

#[test]
fn a_delegate_call_that_always_runs_is_a_main_call_and_an_only_fallback_one_is_not() {
    // The fixture's calls 0–2, its fallback (3: `onlyFallback` and `delegateCall`), then a
    // delegate call that always runs (4: the swap followed by a destination call is one).
    let mut intent = same_chain_intent();
    let mut always = intent.origin_calls.calls[3].clone();
    always.only_fallback = None;
    intent.origin_calls.calls.push(always);
    let token = intent.quote_request.destination_token_address;
    let recipient = intent.quote_request.destination_to_address.unwrap();
    let paid = transfer(token, Address::repeat_byte(9), recipient, intent.quote.to_amount_min);
    let run = |call_4: EvidenceLog| {
        let mut record = following_quoted(&intent, None);
        let mut logs: Vec<_> = (0..3).map(|index| succeeded(&intent, index)).collect();
        let skipped = CallSkipped { opHash: op_hash(&intent), index: U256::from(3) };
        logs.extend([log(intent.origin_intent_address, &skipped), call_4, paid.clone()]);
        let _ = record.apply(EventInput::origin_receipt(&evidence(&intent, 1, logs)), at(2)).unwrap();
        record
    };
    assert_eq!(run(succeeded(&intent, 4)).status(), &IntentStatus::Succeeded, "the skipped fallback is no main call");
    let reverted = run(failed(&intent, 4, Revert::from("vault: too much").abi_encode()));
    failed_with(&reverted, r#"origin call 4 failed: Error("vault: too much")"#);
}

#[test]
fn the_stored_precondition_is_checked_on_restore() {
    let intent = intent();
    let mut record = executing_record();
    let _ = record.apply(EventInput::balance(&balance(&intent)), later()).unwrap();
    let text = to_string(&record.state());
    assert!(text.contains(r#""preconditionMet":{"amount":"#), "{text}");
    assert_eq!(restored(&record), record);
    let bad = |change: &dyn Fn(&mut RecordState), path: &str| {
        let mut state: RecordState = from_slice(text.as_bytes()).unwrap();
        change(&mut state);
        let error = IntentRecord::from_state(state).unwrap_err();
        assert_eq!((error.reason(), error.path()), (Reason::InvalidRecord, Some(path)), "{error}");
    };
    bad(&|state| state.precondition_met.as_mut().unwrap().amount -= U256::from(1), "preconditionMet.amount");
    bad(&|state| state.precondition_met.as_mut().unwrap().token = Address::ZERO, "preconditionMet.token");
    bad(&|state| state.precondition_met.as_mut().unwrap().chain_id += 1, "preconditionMet.chainId");
    bad(&|state| state.precondition_met.as_mut().unwrap().wallet = Address::ZERO, "preconditionMet.wallet");
    bad(&|state| state.revision -= 1, "revision");
    let committed = to_string(&committed_record().state());
    let mut state: RecordState = from_slice(committed.as_bytes()).unwrap();
    state.precondition_met = Some(balance(&intent));
    state.revision += 1;
    let error = IntentRecord::from_state(state).unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::InvalidRecord, Some("preconditionMet")), "{error}");
}

#[test]
fn the_wire_facts_read_and_write_as_the_node_and_the_host_write_them() {
    let fact: BalanceFact = from_slice(
        br#"{"chainId":42161,"token":"0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1","wallet":"0xDA9417aa5D668dc19569db04f53BBefA8dC8aAB2","blockNumber":100,"amount":"125147772000000000000"}"#,
    )
    .unwrap();
    assert_eq!(fact, balance(&intent()));
    let receipt = evidence(&intent(), 1, vec![refund(&intent())]);
    let text = to_string(&receipt);
    assert!(
        text.starts_with(r#"{"chainId":"0xa4b1","headBlockNumber":"0x64","receipt":{"blockNumber":"0x64","logs":[{"#),
        "{text}"
    );
    assert_eq!(from_slice::<OriginEvidence>(text.as_bytes()).unwrap(), receipt);
    let _: Bytes = receipt.receipt.logs[0].data.clone();
}

/// The reference model (`intent_test_support::model`) and the record, played through the
/// same execution events: each answer is the one the model expects, and the record reads as
/// the model says after each.
#[test]
fn the_reference_model_follows_execution_after_the_deposit() {
    use intent_core::Canonical;
    use intent_test_support::generators::nanos;
    use intent_test_support::model::{
        assert_follows, Expected, Judged, KnownBalance, KnownReceipt, KnownRequest, Lifetimes, Model, ModelEvent,
        Progressed,
    };
    let intent = intent();
    let lifetimes = Lifetimes::of(&intent, Some(&crate::fixtures::gas_fee_options()), &Policy::default());
    let mut model = Model::quoted(lifetimes, nanos(crate::fixtures::quoted_at()));
    let _ = model.step(&ModelEvent::COMMIT, nanos(crate::fixtures::committed_at()));
    let request = KnownRequest { proves_deposit: true, ..KnownRequest::passing(hash_request().canonical_hash()) };
    let _ = model.step(&ModelEvent::Execute(&request), nanos(executed_at()));
    let mut record = executing_record();
    assert_follows(&record, &model, executed_at(), &"executed");

    let met = balance(&intent);
    let mut short = met.clone();
    short.amount -= U256::from(1);
    let mut elsewhere = met.clone();
    elsewhere.wallet = Address::repeat_byte(0x55);
    let sent = report(TransactionType::Origin, intent.origin_chain_id, TransactionStatus::Sent);
    let deposit_sent = report(TransactionType::Deposit, intent.origin_chain_id, TransactionStatus::Sent);
    let deposit_done = report(TransactionType::Deposit, intent.origin_chain_id, TransactionStatus::Succeeded);
    let mut unconfirmed = evidence(&intent, 1, all_succeeded(&intent));
    unconfirmed.head_block_number = Quantity(U256::from(BLOCK - 1));
    let failing = evidence(&intent, 1, vec![failed(&intent, 0, Vec::new()), refund(&intent)]);
    let reason = "origin call 0 failed: no revert data";
    let receipt = |judged, confirmed| {
        ModelEvent::OriginReceipt(KnownReceipt { hash_matches: true, chain_matches: true, confirmed, judged })
    };
    let balance_event =
        |same_as_kept, matches, meets| ModelEvent::Balance(KnownBalance { same_as_kept, matches, meets });
    let steps: Vec<(EventInput, ModelEvent, Expected)> = vec![
        (
            EventInput::origin_receipt(&failing),
            receipt(Judged::Refunded(reason), true),
            Expected::Refused(Reason::FactNotAsked),
        ),
        (
            EventInput::balance(&elsewhere),
            balance_event(false, false, true),
            Expected::Refused(Reason::BalanceMismatch),
        ),
        (EventInput::balance(&short), balance_event(false, true, false), Expected::Refused(Reason::PreconditionUnmet)),
        (
            EventInput::progress(&deposit_sent),
            ModelEvent::Progress { progressed: Progressed::DepositOther, same_as_kept: false },
            Expected::Changed,
        ),
        (EventInput::balance(&met), balance_event(false, true, true), Expected::Refused(Reason::FactNotAsked)),
        (
            EventInput::progress(&deposit_done),
            ModelEvent::Progress { progressed: Progressed::DepositSucceeded, same_as_kept: false },
            Expected::Changed,
        ),
        (EventInput::balance(&met), balance_event(false, true, true), Expected::Changed),
        (EventInput::balance(&met), balance_event(true, true, true), Expected::Replay),
        (
            EventInput::progress(&sent),
            ModelEvent::Progress { progressed: Progressed::OriginFollowed, same_as_kept: false },
            Expected::Changed,
        ),
        (
            EventInput::origin_receipt(&unconfirmed),
            receipt(Judged::Succeeded, false),
            Expected::Refused(Reason::OriginUnconfirmed),
        ),
        (EventInput::origin_receipt(&failing), receipt(Judged::Refunded(reason), true), Expected::Changed),
        (EventInput::balance(&met), balance_event(true, true, true), Expected::Refused(Reason::InvalidTransition)),
    ];
    for (index, (input, event, expected)) in steps.into_iter().enumerate() {
        let now = at(i64::try_from(index).unwrap());
        assert_eq!(model.step(&event, nanos(now)), expected, "step {index}");
        let result = record.apply(input, now);
        match expected {
            Expected::Changed => assert_eq!(result, Ok(Applied::Changed), "step {index}"),
            Expected::Replay => assert_eq!(result, Ok(Applied::Replay), "step {index}"),
            Expected::Refused(reason) => assert_eq!(result.map_err(|e| e.reason()), Err(reason), "step {index}"),
            Expected::Undecided => unreachable!(),
        }
        assert_follows(&record, &model, now, &format!("step {index}"));
    }
    assert_eq!(record.status(), &IntentStatus::Refunded);
}
