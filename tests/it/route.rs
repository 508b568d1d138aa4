//! A cross-chain intent past its burn (docs/spec.md §6.9): what the record asks for at each
//! stage (`next_step`), the facts that answer it (the attestation, the origin gone, the
//! route and destination receipts, the destination balance), each rule of those facts broken
//! alone with its reason and path, the judgement of the destination receipt with where the
//! bridged tokens went, the receipt's ROUTE transaction, and the stored form of what the
//! record keeps, each new member broken alone.

use alloy_sol_types::{SolError, SolEvent};
use intent_core::rules::NO_BURN_REASON;
use intent_core::wallet::payload_hash_for;
use intent_core::{
    from_slice, to_string, Address, Applied, AttestationFact, BalanceFact, Bytes, EventInput, EvidenceLog,
    IntentRecord, IntentStatus, OriginEvidence, OriginGone, Quantity, Reason, RecordState, Step, Timestamp,
    TransactionContext, TransactionStatus, TransactionType, UnknownMembers, B256, U256,
};
use intent_test_support::evidence::{
    burn_log, burn_message, completed, message_sent_log, origin_burned, receipt, transfer_log, MAX_FEE, SOURCE_DOMAIN,
};

use crate::fixtures::{
    assert_refused as refused, attestation_fact, attested_record, burned_record, destination_balance,
    destination_sent_record, executing_record, gas_fee_options, intent, later, minted_record, origin_balance, report,
    route_sent_record, secs, REPORTED_HASH,
};

alloy_sol_types::sol! {
    // chain/contracts/interfaces/IIntentWallet.sol.
    event CallSucceeded(bytes32 opHash, uint256 index);
    event CallFailed(bytes32 opHash, uint256 index, bytes returnData);
}

fn at(seconds: i64) -> Timestamp {
    secs(later(), seconds)
}

fn before() -> Timestamp {
    secs(later(), -1)
}

fn destination_wallet() -> Address {
    intent().destination_intent_address.unwrap()
}

fn usdc() -> Address {
    intent().destination_precondition.unwrap().token_address
}

fn recipient() -> Address {
    intent().quote_request.destination_to_address.unwrap()
}

fn restored(record: &IntentRecord) -> IntentRecord {
    IntentRecord::from_state(from_slice::<RecordState>(to_string(&record.state()).as_bytes()).unwrap()).unwrap()
}

fn log(address: Address, event: &impl SolEvent) -> EvidenceLog {
    let data = event.encode_log_data();
    EvidenceLog { address, data: data.data.clone(), topics: data.topics().to_vec(), unknown: UnknownMembers::new() }
}

fn destination_op_hash() -> B256 {
    payload_hash_for(intent().destination_calls.as_ref().unwrap(), destination_wallet()).unwrap()
}

/// The destination bundle's call 0 (the delivery) succeeded.
fn destination_call_succeeded() -> EvidenceLog {
    log(destination_wallet(), &CallSucceeded { opHash: destination_op_hash(), index: U256::ZERO })
}

/// The destination bundle's call 0 failed with `Error("no")`.
fn destination_call_failed() -> EvidenceLog {
    let data = alloy_sol_types::Revert::from("no").abi_encode().into();
    log(destination_wallet(), &CallFailed { opHash: destination_op_hash(), index: U256::ZERO, returnData: data })
}

/// The recipient received `value` of the destination token.
fn delivered(value: U256) -> EvidenceLog {
    transfer_log(intent().quote_request.destination_token_address, destination_wallet(), recipient(), value)
}

/// The fallback sweep: `value` of the bridged USDC from the destination wallet to the recipient.
fn swept(value: U256) -> EvidenceLog {
    transfer_log(usdc(), destination_wallet(), recipient(), value)
}

/// A receipt of [`REPORTED_HASH`] on the destination chain.
fn destination_receipt(status: u64, logs: Vec<EvidenceLog>) -> OriginEvidence {
    receipt(intent().destination_chain_id, REPORTED_HASH, status, logs)
}

fn origin_gone() -> OriginGone {
    OriginGone {
        chain_id: intent().origin_chain_id,
        hash: REPORTED_HASH,
        head_block_number: 120,
        unknown: UnknownMembers::new(),
    }
}

// ---------------------------------------------------------------------------------------------
// The stages in order

#[test]
fn a_cross_chain_intent_goes_from_its_burn_through_the_mint_to_succeeded() {
    let intent = intent();
    let destination = intent.destination_chain_id;
    // The origin receipt burned: ORIGIN SUCCEEDED, the record EXECUTING, asking for the attestation.
    let mut record = burned_record();
    assert_eq!(record.status(), &IntentStatus::Executing);
    assert_eq!(record.route_message().map(|m| m.to_vec()), Some(burn_message(&intent)));
    let revision = record.revision();
    assert_eq!(
        record.next_step(at(0)),
        Some(Step::FetchAttestation {
            origin_chain_id: intent.origin_chain_id,
            destination_chain_id: destination,
            source_domain: SOURCE_DOMAIN,
            origin_hash: REPORTED_HASH,
            message: burn_message(&intent).into(),
        })
    );
    assert_eq!(record.next_step(secs(at(0), 10 * 86_400)), record.next_step(at(0)), "never failed on time");
    let shown = record.receipt(at(0));
    assert_eq!(shown.origin_transaction.status, TransactionStatus::Succeeded);
    let route = shown.route_transaction.as_ref().expect("the route waits");
    assert_eq!((&route.status, route.txn_hash), (&TransactionStatus::Pending, None));
    assert_eq!(route.status_reason, Some(format!("waiting for the CCTP attestation of {REPORTED_HASH}")));
    assert_eq!(
        (route.kind.clone(), route.context.clone(), route.chain_id),
        (TransactionType::Route, TransactionContext::Cctpv2Message, destination)
    );
    assert_eq!(
        (route.from_address, route.to_address, route.token_address),
        (intent.origin_intent_address, destination_wallet(), usdc())
    );
    assert_eq!(route.token_amount, intent.destination_precondition.as_ref().unwrap().min_amount + U256::from(MAX_FEE));
    assert_eq!(restored(&record), record);

    // The attestation: kept, asking to send the mint.
    let fact = attestation_fact();
    assert_eq!(record.apply(EventInput::attestation(&fact), at(1)), Ok(Applied::Changed));
    assert_eq!(record.apply(EventInput::attestation(&fact), at(1)), Ok(Applied::Replay));
    assert_eq!((record.revision(), record.route_attestation()), (revision + 1, Some(&fact)));
    let send_route =
        Step::SendRoute { chain_id: destination, message: fact.message.clone(), attestation: fact.attestation.clone() };
    assert_eq!(record.next_step(at(1)), Some(send_route));
    let waiting = record.receipt(at(1)).route_transaction.unwrap().status_reason;
    assert_eq!(waiting, Some(format!("waiting for the mint on chain {destination}")));
    assert_eq!(restored(&record), record);

    // The mint SENT, then its receipt: ROUTE SUCCEEDED, asking for the destination balance.
    let sent = report(TransactionType::Route, destination, TransactionStatus::Sent);
    assert_eq!(record.apply(EventInput::progress(&sent), at(2)), Ok(Applied::Changed));
    assert_eq!(record.next_step(at(2)), Some(Step::FollowRoute { chain_id: destination, hash: REPORTED_HASH }));
    let minted = receipt(destination, REPORTED_HASH, 1, Vec::new());
    assert_eq!(record.apply(EventInput::route_receipt(&minted), at(3)), Ok(Applied::Changed));
    let route = record.receipt(at(3)).route_transaction.unwrap();
    assert_eq!(
        (&route.status, route.txn_hash, &route.context),
        (&TransactionStatus::Succeeded, Some(REPORTED_HASH), &TransactionContext::Cctpv2Message)
    );
    let precondition = intent.destination_precondition.clone().unwrap();
    assert_eq!(
        record.next_step(at(3)),
        Some(Step::ReadBalance {
            chain_id: destination,
            token: precondition.token_address,
            wallet: destination_wallet(),
            at_least: precondition.min_amount
        })
    );
    assert_eq!(restored(&record), record);

    // The destination balance, then the destination meta-transaction.
    assert_eq!(record.apply(EventInput::balance(&destination_balance()), at(4)), Ok(Applied::Changed));
    assert_eq!(record.apply(EventInput::balance(&destination_balance()), at(4)), Ok(Applied::Replay));
    assert_eq!(record.destination_precondition_met(), Some(&destination_balance()));
    let meta_txn = intent.destination_meta_txn.clone().unwrap();
    assert_eq!(
        record.next_step(at(4)),
        Some(Step::SendDestination { chain_id: destination, to: meta_txn.contract, input: meta_txn.input })
    );
    let sent = report(TransactionType::Destination, destination, TransactionStatus::Sent);
    assert_eq!(record.apply(EventInput::progress(&sent), at(5)), Ok(Applied::Changed));
    assert_eq!(record.next_step(at(5)), Some(Step::FollowDestination { chain_id: destination, hash: REPORTED_HASH }));
    assert_eq!(restored(&record), record);

    // Its receipt: the delivery succeeded and the recipient got toAmountMin: SUCCEEDED.
    let done = destination_receipt(1, vec![destination_call_succeeded(), delivered(intent.quote.to_amount_min)]);
    assert_eq!(record.apply(EventInput::destination_receipt(&done), at(6)), Ok(Applied::Changed));
    assert_eq!(
        (record.status(), record.status_reason(), record.next_step(at(6))),
        (&IntentStatus::Succeeded, None, None)
    );
    let shown = record.receipt(at(6));
    let destination_transaction = shown.destination_transaction.as_ref().unwrap();
    assert_eq!(
        (&destination_transaction.status, destination_transaction.txn_hash),
        (&TransactionStatus::Succeeded, Some(REPORTED_HASH))
    );
    assert_eq!(
        shown.transactions().map(|t| t.kind.clone()).collect::<Vec<_>>(),
        [TransactionType::Deposit, TransactionType::Origin, TransactionType::Route, TransactionType::Destination]
    );
    // Revisions since the burn: the attestation, the route receipt and the destination
    // balance are routeChanges (with the burn, 4); the two reports progress; the end the
    // table's succeed.
    let state = record.state();
    assert_eq!(state.route_changes, Some(4));
    assert_eq!(record.revision(), revision + 6);
    assert_eq!(restored(&record), record);
}

#[test]
fn a_cross_chain_origin_receipt_without_a_burn_for_the_destination_intent_address_fails() {
    let intent = intent();
    let collector = gas_fee_options().fee_collector_address;
    let judge = |logs: Vec<EvidenceLog>| {
        let mut record = burned_record_before_receipt();
        let evidence = receipt(intent.origin_chain_id, REPORTED_HASH, 1, logs);
        assert_eq!(record.apply(EventInput::origin_receipt(&evidence), at(0)), Ok(Applied::Changed));
        record
    };
    let without_burn = |mut logs: Vec<EvidenceLog>| {
        logs.retain(|log| *log != burn_log(&intent));
        logs
    };
    let record = judge(without_burn(origin_burned(&intent, collector)));
    assert_eq!((record.status(), record.status_reason()), (&IntentStatus::Failed, Some(NO_BURN_REASON)));
    assert_eq!(record.route_message(), None);
    // A burn for another mint recipient burned nothing for this intent.
    let mut elsewhere = burn_message(&intent);
    elsewhere[148 + 36 + 12] ^= 1;
    let mut logs = without_burn(origin_burned(&intent, collector));
    logs.push(message_sent_log(&elsewhere));
    assert_eq!(judge(logs).status_reason(), Some(NO_BURN_REASON));
    // The fallback refund in the same receipt: REFUNDED.
    let mut logs = without_burn(origin_burned(&intent, collector));
    logs.push(transfer_log(
        intent.deposit_transaction.token_address,
        intent.origin_intent_address,
        intent.owner_address,
        U256::from(5),
    ));
    assert_eq!((judge(logs).status(), judge(Vec::new()).status()), (&IntentStatus::Refunded, &IntentStatus::Failed));
}

/// [`burned_record`] before its origin receipt: the origin transaction SENT.
fn burned_record_before_receipt() -> IntentRecord {
    let mut record = executing_record();
    let _ = record.apply(EventInput::balance(&origin_balance()), later()).unwrap();
    let sent = report(TransactionType::Origin, intent().origin_chain_id, TransactionStatus::Sent);
    let _ = record.apply(EventInput::progress(&sent), later()).unwrap();
    record
}

#[test]
fn a_cross_chain_intent_without_its_destination_parts_is_failed_before_anything_is_sent() {
    let mut intent = intent();
    intent.destination_meta_txn = None;
    let mut record =
        IntentRecord::quote(intent.clone(), None, &intent_core::Policy::default(), crate::fixtures::quoted_at())
            .unwrap();
    let _ = record.apply(EventInput::commit(&intent), crate::fixtures::committed_at()).unwrap();
    let proof = intent_test_support::evidence::paying(&intent, crate::fixtures::DEPOSIT_HASH);
    let facts = intent_core::ChainFacts::with_deposit_evidence(&proof);
    let _ = record
        .apply(EventInput::execute_with(&crate::fixtures::hash_request(), facts), crate::fixtures::executed_at())
        .unwrap();
    let _ = record.apply(EventInput::balance(&origin_balance()), later()).unwrap();
    let reason = "the cross-chain intent has no destinationMetaTxn: the origin transaction was not sent";
    assert_eq!(record.next_step(later()), Some(Step::Fail { reason: reason.into() }));
}

// ---------------------------------------------------------------------------------------------
// The attestation

#[test]
fn an_attestation_out_of_its_stage_or_time_is_refused() {
    let fact = attestation_fact();
    refused(&mut burned_record(), EventInput::attestation(&fact), before(), Reason::ClockWentBackwards, None);
    let mut failed = burned_record();
    let _ = failed.apply(EventInput::fail("operator"), later()).unwrap();
    refused(&mut failed, EventInput::attestation(&fact), later(), Reason::InvalidTransition, None);
    // No burn kept yet.
    refused(&mut burned_record_before_receipt(), EventInput::attestation(&fact), later(), Reason::FactNotAsked, None);
    // Another attestation once one is kept.
    let mut other = fact.clone();
    other.attestation = Bytes::from(vec![0x1c; 65]);
    refused(&mut attested_record(), EventInput::attestation(&other), later(), Reason::FactNotAsked, None);
}

#[test]
fn an_attestation_of_another_message_is_attestation_mismatch_at_message() {
    let intent = intent();
    let sent = burn_message(&intent);
    let with_message = |message: Vec<u8>| AttestationFact { message: message.into(), ..attestation_fact() };
    let cases: Vec<(&str, AttestationFact)> = vec![
        ("shorter than a message", with_message(sent[..100].to_vec())),
        ("a body that is not a burn", with_message(sent[..148 + 100].to_vec())),
        ("another amount", {
            let mut message = completed(&sent, B256::repeat_byte(0x11), U256::from(500));
            message[148 + 99] ^= 1;
            with_message(message)
        }),
        ("another source domain", {
            let mut message = completed(&sent, B256::repeat_byte(0x11), U256::from(500));
            message[7] ^= 1;
            with_message(message)
        }),
        ("a fee above maxFee", with_message(completed(&sent, B256::repeat_byte(0x11), U256::from(MAX_FEE + 1)))),
    ];
    for (what, fact) in cases {
        let mut record = burned_record();
        let before = record.clone();
        let error = record.apply(EventInput::attestation(&fact), later()).unwrap_err();
        assert_eq!((error.reason(), error.path()), (Reason::AttestationMismatch, Some("message")), "{what}: {error}");
        assert_eq!(record, before);
    }
    // The fee executed, the nonce and the finality may differ from the burn as sent.
    let mut record = burned_record();
    let fact = with_message(completed(&sent, B256::repeat_byte(0x22), U256::from(MAX_FEE)));
    assert_eq!(record.apply(EventInput::attestation(&fact), later()), Ok(Applied::Changed));
}

#[test]
fn an_attestation_not_a_nonzero_multiple_of_65_bytes_is_attestation_mismatch_at_attestation() {
    for len in [0, 64, 66, 129] {
        let fact = AttestationFact { attestation: Bytes::from(vec![0x1b; len]), ..attestation_fact() };
        refused(
            &mut burned_record(),
            EventInput::attestation(&fact),
            later(),
            Reason::AttestationMismatch,
            Some("attestation"),
        );
    }
    let two = AttestationFact { attestation: Bytes::from(vec![0x1b; 130]), ..attestation_fact() };
    assert_eq!(burned_record().apply(EventInput::attestation(&two), later()), Ok(Applied::Changed));
}

// ---------------------------------------------------------------------------------------------
// The origin gone (a reorganisation before the attestation)

#[test]
fn an_origin_gone_before_the_attestation_follows_the_origin_transaction_again() {
    let intent = intent();
    let mut record = burned_record();
    let revision = record.revision();
    assert_eq!(record.apply(EventInput::origin_gone(&origin_gone()), at(1)), Ok(Applied::Changed));
    assert_eq!(
        (record.status(), record.route_message(), record.revision()),
        (&IntentStatus::Executing, None, revision + 1)
    );
    let origin = record.receipt(at(1)).origin_transaction;
    assert_eq!((&origin.status, origin.txn_hash), (&TransactionStatus::Sent, Some(REPORTED_HASH)));
    assert_eq!(record.receipt(at(1)).route_transaction, None);
    assert_eq!(
        record.next_step(at(1)),
        Some(Step::FollowOrigin { chain_id: intent.origin_chain_id, hash: REPORTED_HASH })
    );
    assert_eq!(restored(&record), record);
    // Mined again: the burn is kept again, and asked for its attestation.
    let evidence = receipt(
        intent.origin_chain_id,
        REPORTED_HASH,
        1,
        origin_burned(&intent, gas_fee_options().fee_collector_address),
    );
    assert_eq!(record.apply(EventInput::origin_receipt(&evidence), at(2)), Ok(Applied::Changed));
    assert!(matches!(record.next_step(at(2)), Some(Step::FetchAttestation { .. })));
    assert_eq!(record.state().route_changes, Some(3));
    assert_eq!(restored(&record), record);
}

#[test]
fn an_origin_gone_out_of_its_stage_or_time_is_refused() {
    let gone = origin_gone();
    refused(&mut burned_record(), EventInput::origin_gone(&gone), before(), Reason::ClockWentBackwards, None);
    let mut failed = burned_record();
    let _ = failed.apply(EventInput::fail("operator"), later()).unwrap();
    refused(&mut failed, EventInput::origin_gone(&gone), later(), Reason::InvalidTransition, None);
    refused(&mut burned_record_before_receipt(), EventInput::origin_gone(&gone), later(), Reason::FactNotAsked, None);
    // Attested: the burn is final for the attester; nothing is attested twice.
    refused(&mut attested_record(), EventInput::origin_gone(&gone), later(), Reason::FactNotAsked, None);
}

#[test]
fn an_origin_gone_of_another_chain_or_transaction_is_refused_at_its_member() {
    let other_chain = OriginGone { chain_id: intent().destination_chain_id, ..origin_gone() };
    refused(
        &mut burned_record(),
        EventInput::origin_gone(&other_chain),
        later(),
        Reason::ReceiptWrongChain,
        Some("chainId"),
    );
    let other_hash = OriginGone { hash: B256::repeat_byte(0xab), ..origin_gone() };
    refused(
        &mut burned_record(),
        EventInput::origin_gone(&other_hash),
        later(),
        Reason::ReceiptHashMismatch,
        Some("hash"),
    );
}

// ---------------------------------------------------------------------------------------------
// The route receipt

#[test]
fn a_reverted_mint_is_sent_again() {
    let destination = intent().destination_chain_id;
    let mut record = route_sent_record();
    let reverted = receipt(destination, REPORTED_HASH, 0, Vec::new());
    assert_eq!(record.apply(EventInput::route_receipt(&reverted), at(1)), Ok(Applied::Changed));
    assert!(matches!(record.next_step(at(1)), Some(Step::SendRoute { .. })));
    let route = record.receipt(at(1)).route_transaction.unwrap();
    assert_eq!((&route.status, route.txn_hash), (&TransactionStatus::Pending, None));
    assert_eq!(
        route.status_reason,
        Some(format!("the mint transaction {REPORTED_HASH} reverted: the mint is sent again"))
    );
    assert_eq!(restored(&record), record);
}

#[test]
fn a_route_receipt_out_of_its_stage_or_time_is_refused() {
    let minted = receipt(intent().destination_chain_id, REPORTED_HASH, 1, Vec::new());
    refused(&mut route_sent_record(), EventInput::route_receipt(&minted), before(), Reason::ClockWentBackwards, None);
    let mut failed = route_sent_record();
    let _ = failed.apply(EventInput::fail("operator"), later()).unwrap();
    refused(&mut failed, EventInput::route_receipt(&minted), later(), Reason::InvalidTransition, None);
    // No attestation; attested but the mint not reported sent; already minted.
    refused(&mut burned_record(), EventInput::route_receipt(&minted), later(), Reason::FactNotAsked, None);
    refused(&mut attested_record(), EventInput::route_receipt(&minted), later(), Reason::FactNotAsked, None);
    refused(&mut minted_record(), EventInput::route_receipt(&minted), later(), Reason::FactNotAsked, None);
}

#[test]
fn a_route_receipt_of_another_transaction_chain_or_short_of_confirmations_is_refused_at_its_member() {
    let minted = || receipt(intent().destination_chain_id, REPORTED_HASH, 1, Vec::new());
    let mut other = minted();
    other.receipt.transaction_hash = B256::repeat_byte(0xab);
    refused(
        &mut route_sent_record(),
        EventInput::route_receipt(&other),
        later(),
        Reason::ReceiptHashMismatch,
        Some("receipt.transactionHash"),
    );
    let mut other = minted();
    other.chain_id = Quantity::from(intent().origin_chain_id);
    refused(
        &mut route_sent_record(),
        EventInput::route_receipt(&other),
        later(),
        Reason::ReceiptWrongChain,
        Some("chainId"),
    );
    let mut other = minted();
    other.head_block_number = Quantity(other.receipt.block_number.0 - U256::from(1));
    refused(
        &mut route_sent_record(),
        EventInput::route_receipt(&other),
        later(),
        Reason::ReceiptUnconfirmed,
        Some("headBlockNumber"),
    );
}

#[test]
fn a_route_report_of_a_same_chain_intent_has_no_place() {
    let mut record = executing_record();
    let mut intent_same = intent();
    intent_same.destination_chain_id = intent_same.origin_chain_id;
    let route = report(TransactionType::Route, intent_same.origin_chain_id, TransactionStatus::Sent);
    let error = route.check(&intent_same).unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::InvalidEnum, Some("type")));
    // A cross-chain intent's ROUTE runs on the destination chain.
    let on_origin = report(TransactionType::Route, intent().origin_chain_id, TransactionStatus::Sent);
    refused(
        &mut record,
        EventInput::progress(&on_origin),
        later(),
        Reason::IntentInconsistent,
        Some("transaction.chainId"),
    );
}

// ---------------------------------------------------------------------------------------------
// The destination balance

#[test]
fn a_destination_balance_before_the_mint_succeeded_is_not_asked() {
    for mut record in [burned_record(), attested_record(), route_sent_record()] {
        refused(&mut record, EventInput::balance(&destination_balance()), later(), Reason::FactNotAsked, None);
    }
    let mut record = minted_record();
    let _ = record.apply(EventInput::balance(&destination_balance()), later()).unwrap();
    let mut other = destination_balance();
    other.block_number += 1;
    refused(&mut record, EventInput::balance(&other), later(), Reason::FactNotAsked, None);
}

#[test]
fn a_destination_balance_of_another_chain_token_or_wallet_is_balance_mismatch() {
    type Break = fn(&mut BalanceFact);
    let breaks: [(&str, Break); 3] = [
        ("chainId", |fact| fact.chain_id = intent().origin_chain_id),
        ("token", |fact| fact.token = Address::repeat_byte(0x99)),
        ("wallet", |fact| fact.wallet = intent().origin_intent_address),
    ];
    for (field, change) in breaks {
        let mut fact = destination_balance();
        change(&mut fact);
        refused(&mut minted_record(), EventInput::balance(&fact), later(), Reason::BalanceMismatch, Some(field));
    }
}

#[test]
fn a_destination_balance_below_the_minimum_is_precondition_unmet() {
    let mut fact = destination_balance();
    fact.amount -= U256::from(1);
    refused(&mut minted_record(), EventInput::balance(&fact), later(), Reason::PreconditionUnmet, Some("amount"));
}

// ---------------------------------------------------------------------------------------------
// The destination receipt

#[test]
fn a_destination_receipt_out_of_its_stage_or_time_is_refused() {
    let done = destination_receipt(1, vec![destination_call_succeeded(), delivered(intent().quote.to_amount_min)]);
    refused(
        &mut destination_sent_record(),
        EventInput::destination_receipt(&done),
        before(),
        Reason::ClockWentBackwards,
        None,
    );
    let mut failed = destination_sent_record();
    let _ = failed.apply(EventInput::fail("operator"), later()).unwrap();
    refused(&mut failed, EventInput::destination_receipt(&done), later(), Reason::InvalidTransition, None);
    // No destination balance kept; kept but nothing reported sent.
    refused(&mut minted_record(), EventInput::destination_receipt(&done), later(), Reason::FactNotAsked, None);
    let mut record = minted_record();
    let _ = record.apply(EventInput::balance(&destination_balance()), later()).unwrap();
    refused(&mut record, EventInput::destination_receipt(&done), later(), Reason::FactNotAsked, None);
}

#[test]
fn a_destination_receipt_of_another_transaction_chain_or_short_of_confirmations_is_refused_at_its_member() {
    let done = || destination_receipt(1, vec![destination_call_succeeded()]);
    let mut other = done();
    other.receipt.transaction_hash = B256::repeat_byte(0xab);
    refused(
        &mut destination_sent_record(),
        EventInput::destination_receipt(&other),
        later(),
        Reason::ReceiptHashMismatch,
        Some("receipt.transactionHash"),
    );
    let mut other = done();
    other.chain_id = Quantity::from(intent().origin_chain_id);
    refused(
        &mut destination_sent_record(),
        EventInput::destination_receipt(&other),
        later(),
        Reason::ReceiptWrongChain,
        Some("chainId"),
    );
    let mut other = done();
    other.head_block_number = Quantity::from(0);
    refused(
        &mut destination_sent_record(),
        EventInput::destination_receipt(&other),
        later(),
        Reason::ReceiptUnconfirmed,
        Some("headBlockNumber"),
    );
}

/// The record after `logs` in a destination receipt of `status`: FAILED with `reason`,
/// the DESTINATION transaction FAILED with it.
#[track_caller]
fn destination_failed(status: u64, logs: Vec<EvidenceLog>, reason: &str) {
    let mut record = destination_sent_record();
    assert_eq!(
        record.apply(EventInput::destination_receipt(&destination_receipt(status, logs)), at(1)),
        Ok(Applied::Changed)
    );
    assert_eq!((record.status(), record.status_reason()), (&IntentStatus::Failed, Some(reason)));
    let destination = record.receipt(at(1)).destination_transaction.unwrap();
    assert_eq!(
        (&destination.status, destination.status_reason.as_deref(), destination.txn_hash),
        (&TransactionStatus::Failed, Some(reason), Some(REPORTED_HASH))
    );
    assert_eq!(record.next_step(at(1)), None);
    assert_eq!(restored(&record), record);
}

#[test]
fn a_failed_destination_bundle_names_the_failed_call_and_where_the_bridged_tokens_went() {
    let chain = intent().destination_chain_id;
    let stay = format!(
        "the bridged tokens stay at the destination intent address {} on chain {chain}, which the owner's key recovers",
        destination_wallet()
    );
    let minted = U256::from(7);
    let went = format!("the bridged {minted} of {} went to {} on chain {chain}", usdc(), recipient());
    // The fallback sweep paid the recipient.
    destination_failed(
        1,
        vec![destination_call_failed(), swept(minted)],
        &format!("destination call 0 failed: Error(\"no\"); {went}"),
    );
    // With a destination call, the fallback pays the owner (§12): that is where they went.
    let owner = intent().owner_address;
    let to_owner = transfer_log(usdc(), destination_wallet(), owner, minted);
    let went_to_owner = format!("the bridged {minted} of {} went to {owner} on chain {chain}", usdc());
    destination_failed(
        1,
        vec![destination_call_failed(), to_owner],
        &format!("destination call 0 failed: Error(\"no\"); {went_to_owner}"),
    );
    // No sweep: the tokens stay.
    destination_failed(
        1,
        vec![destination_call_failed()],
        &format!("destination call 0 failed: Error(\"no\"); {stay}"),
    );
    destination_failed(1, Vec::new(), &format!("destination call 0 did not run; {stay}"));
    // A sweep to someone else, or of another token, is not the fallback's.
    let elsewhere = transfer_log(usdc(), destination_wallet(), Address::repeat_byte(0x42), minted);
    destination_failed(
        1,
        vec![destination_call_failed(), elsewhere],
        &format!("destination call 0 failed: Error(\"no\"); {stay}"),
    );
    // Reverted: nothing ran.
    destination_failed(0, vec![destination_call_succeeded()], &format!("destination transaction reverted; {stay}"));
    // The recipient short of toAmountMin.
    let least = intent().quote.to_amount_min;
    let short =
        format!("the recipient received {} of the destination token, below toAmountMin {least}", least - U256::from(1));
    // The fixture delivers the bridged USDC itself: what reached the recipient is where it went.
    let went = format!("the bridged {} of {} went to {} on chain {chain}", least - U256::from(1), usdc(), recipient());
    destination_failed(
        1,
        vec![destination_call_succeeded(), delivered(least - U256::from(1))],
        &format!("{short}; {went}"),
    );
}

#[test]
fn a_destination_call_event_of_another_payload_or_wallet_is_not_the_destination_bundles() {
    let stay = format!(
        "the bridged tokens stay at the destination intent address {} on chain {}, which the owner's key recovers",
        destination_wallet(),
        intent().destination_chain_id
    );
    let other_payload = log(destination_wallet(), &CallSucceeded { opHash: B256::ZERO, index: U256::ZERO });
    destination_failed(1, vec![other_payload], &format!("destination call 0 did not run; {stay}"));
    let other_wallet =
        log(intent().origin_intent_address, &CallSucceeded { opHash: destination_op_hash(), index: U256::ZERO });
    destination_failed(1, vec![other_wallet], &format!("destination call 0 did not run; {stay}"));
}

// ---------------------------------------------------------------------------------------------
// The stored form

/// Restores `record`'s state changed by `change`, expecting INVALID_RECORD at `path`.
#[track_caller]
fn invalid(record: IntentRecord, path: &str, change: impl FnOnce(&mut RecordState)) {
    let mut state = record.state();
    change(&mut state);
    let error = IntentRecord::from_state(state).unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::InvalidRecord, Some(path)), "{error}");
}

#[test]
fn every_route_stage_comes_back_equal_through_its_state() {
    let mut failed = destination_sent_record();
    let _ = failed.apply(EventInput::destination_receipt(&destination_receipt(0, Vec::new())), at(1)).unwrap();
    for record in
        [burned_record(), attested_record(), route_sent_record(), minted_record(), destination_sent_record(), failed]
    {
        assert_eq!(restored(&record), record);
        assert_eq!(to_string(&restored(&record).state()), to_string(&record.state()));
        let mut written = record.clone();
        assert_eq!(written.state_json(intent_core::StatePart::Whole), to_string(&record.state()));
    }
    let text = to_string(&destination_sent_record().state());
    for member in ["destinationPreconditionMet", "routeAttestation", "routeChanges", "routeMessage"] {
        assert!(text.contains(&format!("\"{member}\":")), "{member}: {text}");
    }
}

#[test]
fn route_changes_on_a_record_that_never_executed_across_chains_is_invalid_record() {
    invalid(crate::fixtures::committed_record(), "routeChanges", |state| {
        state.route_changes = Some(1);
        state.revision += 1;
    });
}

#[test]
fn a_route_message_that_is_not_a_burn_for_the_destination_intent_address_is_invalid_record() {
    invalid(burned_record(), "routeMessage", |state| {
        let mut message = burn_message(&intent());
        message[148 + 36 + 12] ^= 1;
        state.route_message = Some(message.into());
    });
    invalid(burned_record(), "routeMessage", |state| state.route_message = Some(Bytes::from(vec![0; 100])));
}

#[test]
fn a_route_message_without_an_origin_transaction_is_invalid_record() {
    invalid(burned_record(), "routeMessage", |state| {
        if let Some(transactions) = &mut state.transactions {
            transactions.retain(|t| t.kind != TransactionType::Origin);
        }
    });
    // A progress report of the ORIGIN transaction after the burn is kept, and restores.
    let mut record = burned_record();
    let mining = report(TransactionType::Origin, intent().origin_chain_id, TransactionStatus::Mining);
    assert_eq!(record.apply(EventInput::progress(&mining), at(1)), Ok(Applied::Changed));
    assert_eq!(restored(&record), record);
}

#[test]
fn a_route_attestation_without_a_burn_or_of_another_burn_is_invalid_record() {
    invalid(attested_record(), "routeAttestation", |state| {
        state.route_message = None;
    });
    invalid(attested_record(), "routeAttestation.message", |state| {
        let fact = state.route_attestation.as_mut().unwrap();
        fact.message = Bytes::from(vec![0; 10]);
    });
    invalid(attested_record(), "routeAttestation.attestation", |state| {
        state.route_attestation.as_mut().unwrap().attestation = Bytes::new();
    });
}

#[test]
fn a_destination_precondition_met_without_an_attestation_or_not_meeting_it_is_invalid_record() {
    let met = || {
        let mut record = minted_record();
        let _ = record.apply(EventInput::balance(&destination_balance()), later()).unwrap();
        record
    };
    invalid(minted_record(), "destinationPreconditionMet", |state| {
        state.destination_precondition_met = Some(destination_balance());
        state.route_attestation = None;
    });
    invalid(met(), "destinationPreconditionMet.token", |state| {
        state.destination_precondition_met.as_mut().unwrap().token = Address::repeat_byte(0x99);
    });
    invalid(met(), "destinationPreconditionMet.amount", |state| {
        state.destination_precondition_met.as_mut().unwrap().amount = U256::ZERO;
    });
}

#[test]
fn fewer_route_changes_than_the_members_kept_or_a_revision_that_does_not_count_them_is_invalid_record() {
    invalid(attested_record(), "routeChanges", |state| {
        state.route_changes = Some(1);
        state.revision -= 1;
    });
    invalid(attested_record(), "revision", |state| state.revision += 1);
    invalid(attested_record(), "revision", |state| state.route_changes = Some(3));
}
