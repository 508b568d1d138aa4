//! Replacement deposits (docs/spec.md §6.8, the published RetryIntent): which records take
//! one, each refusal broken alone with its reason and path, the deposit judged by the same
//! evidence as an execute's, and what the record asks for and stores after it.

use intent_core::{
    from_slice, to_string, Address, Applied, ChainFacts, DepositEvidence, EventInput, IntentRecord, IntentStatus,
    Policy, Problem, Quantity, Reason, RecordState, Step, Timestamp, TransactionStatus, TransactionType, B256, U256,
};
use intent_test_support::evidence::{paying, EVIDENCE_BLOCK};

use crate::fixtures::{
    assert_refused as refused, committed_record, executing_record, intent, later, quoted_record, report, secs,
    unverified_executing_record, DEPOSIT_HASH,
};

/// The replacement deposit transaction.
const NEW_HASH: B256 = B256::repeat_byte(0x7e);

fn at(seconds: i64) -> Timestamp {
    secs(later(), seconds)
}

/// Evidence that [`NEW_HASH`] paid the fixture's deposit.
fn new_deposit() -> DepositEvidence {
    paying(&intent(), NEW_HASH)
}

/// The retry of [`NEW_HASH`] with `evidence`.
fn retry(evidence: &DepositEvidence) -> EventInput<'_> {
    EventInput::retry(NEW_HASH, ChainFacts::with_deposit_evidence(evidence))
}

/// The fixture executing on a deposit hash taken on its word, its deposit then reported
/// FAILED (reverted) at `at(0)`.
fn deposit_failed() -> IntentRecord {
    let mut record = unverified_executing_record();
    let failed = report(TransactionType::Deposit, intent().origin_chain_id, TransactionStatus::Failed);
    assert_eq!(record.apply(EventInput::progress(&failed), at(0)), Ok(Applied::Changed));
    record
}

/// [`deposit_failed`], then FAILED at the deposit stage at `at(1)`.
fn failed_at_the_deposit() -> IntentRecord {
    let mut record = deposit_failed();
    let _ = record.apply(EventInput::fail("the deposit reverted"), at(1)).unwrap();
    record
}

fn restored(record: &IntentRecord) -> IntentRecord {
    IntentRecord::from_state(from_slice::<RecordState>(to_string(&record.state()).as_bytes()).unwrap()).unwrap()
}

/// Asserts that `record` took the replacement deposit at `now`: EXECUTING since `now`
/// without a reason, its deposit SUCCEEDED with [`NEW_HASH`], asking for the balance, and
/// stored and restored as it is.
#[track_caller]
fn took_the_new_deposit(record: &IntentRecord, now: Timestamp) {
    assert_eq!(record.status(), &IntentStatus::Executing);
    assert_eq!((record.status_reason(), record.status_since(), record.last_event_at()), (None, now, now));
    let deposit = record.receipt(now).deposit_transaction;
    assert_eq!((deposit.status, deposit.txn_hash), (TransactionStatus::Succeeded, Some(NEW_HASH)));
    assert!(matches!(record.next_step(now), Some(Step::ReadBalance { .. })), "{:?}", record.next_step(now));
    assert_eq!(restored(record), *record);
}

#[test]
fn an_executing_record_whose_deposit_failed_takes_a_replacement_and_asks_for_the_balance() {
    let mut record = deposit_failed();
    assert_eq!(record.next_step(at(2)), None, "nothing to do while the deposit has failed");
    let revision = record.revision();
    let evidence = new_deposit();
    assert_eq!(record.apply(retry(&evidence), at(2)), Ok(Applied::Changed));
    assert_eq!(record.revision(), revision + 1);
    took_the_new_deposit(&record, at(2));
    assert_eq!(record.state().retry_changes, Some(1));
    // The execute request that started execution stays.
    assert_eq!(record.execute_request().and_then(|r| r.deposit_transaction_hash), Some(DEPOSIT_HASH));
}

#[test]
fn a_record_failed_at_the_deposit_stage_executes_again() {
    let mut record = failed_at_the_deposit();
    let revision = record.revision();
    let evidence = new_deposit();
    assert_eq!(record.apply(retry(&evidence), at(3)), Ok(Applied::Changed));
    assert_eq!(record.revision(), revision + 1);
    took_the_new_deposit(&record, at(3));
    // The FAILED it left and the retry itself.
    assert_eq!(record.state().retry_changes, Some(2));
}

#[test]
fn a_deposit_that_was_never_reported_is_replaced_too() {
    // Dropped: the execute took the hash on its word and nothing was heard of it since.
    let mut record = unverified_executing_record();
    let evidence = new_deposit();
    assert_eq!(record.apply(retry(&evidence), at(0)), Ok(Applied::Changed));
    took_the_new_deposit(&record, at(0));
}

#[test]
fn the_time_bound_starts_again_at_the_retry() {
    let mut record = failed_at_the_deposit();
    let bound = i64::try_from(Policy::default().execution_timeout_seconds).unwrap();
    let evidence = new_deposit();
    let _ = record.apply(retry(&evidence), at(3)).unwrap();
    assert_eq!(record.execution_deadline(), secs(at(3), bound));
    assert!(matches!(record.next_step(secs(at(3), bound - 1)), Some(Step::ReadBalance { .. })));
    assert!(matches!(record.next_step(secs(at(3), bound)), Some(Step::Fail { .. })));
}

#[test]
fn execution_after_a_retry_proceeds_as_after_a_first_deposit() {
    let mut record = failed_at_the_deposit();
    let evidence = new_deposit();
    let _ = record.apply(retry(&evidence), at(3)).unwrap();
    let Some(Step::ReadBalance { chain_id, token, wallet, at_least }) = record.next_step(at(4)) else {
        panic!("a retried record asks for the balance")
    };
    let fact = intent_core::BalanceFact {
        amount: at_least,
        block_number: EVIDENCE_BLOCK,
        chain_id,
        token,
        wallet,
        unknown: intent_core::UnknownMembers::new(),
    };
    assert_eq!(record.apply(EventInput::balance(&fact), at(4)), Ok(Applied::Changed));
    assert!(matches!(record.next_step(at(4)), Some(Step::SendOrigin { .. })));
    assert_eq!(restored(&record), record);
}

#[test]
fn the_same_retry_again_is_a_replay_whatever_the_status_and_time() {
    let mut record = failed_at_the_deposit();
    let evidence = new_deposit();
    let _ = record.apply(retry(&evidence), at(3)).unwrap();
    let after = record.clone();
    assert_eq!(record.apply(retry(&evidence), at(3)), Ok(Applied::Replay));
    assert_eq!(record.apply(retry(&evidence), at(-100)), Ok(Applied::Replay));
    // Without evidence too: nothing is judged again.
    assert_eq!(record.apply(EventInput::retry(NEW_HASH, ChainFacts::NONE), at(9)), Ok(Applied::Replay));
    assert_eq!(record, after);
    let _ = record.apply(EventInput::succeed(), at(5)).unwrap();
    assert_eq!(record.apply(retry(&evidence), at(6)), Ok(Applied::Replay));
}

#[test]
fn a_retry_of_a_record_neither_executing_nor_failed_is_invalid_transition() {
    let evidence = new_deposit();
    let mut aborted = committed_record();
    let _ = aborted.apply(EventInput::abort("owner cancelled"), at(0)).unwrap();
    let mut succeeded = deposit_failed();
    let _ = succeeded.apply(EventInput::succeed(), at(1)).unwrap();
    let mut refunded = failed_at_the_deposit();
    let _ = refunded.apply(EventInput::refund(), at(2)).unwrap();
    for mut record in [quoted_record(), committed_record(), aborted, succeeded, refunded] {
        let from = record.status().clone();
        let before = record.clone();
        let error = record.apply(retry(&evidence), at(5)).unwrap_err();
        assert_eq!(error.problem(), &Problem::InvalidTransition { from: Some(from), event: "retry" });
        assert_eq!(error.path(), None);
        assert_eq!(record, before);
    }
}

#[test]
fn a_retry_earlier_than_the_last_event_is_clock_went_backwards() {
    let mut record = failed_at_the_deposit();
    let evidence = new_deposit();
    refused(&mut record, retry(&evidence), secs(at(1), -1), Reason::ClockWentBackwards, None);
}

#[test]
fn a_retry_once_the_deposit_succeeded_is_deposit_already_succeeded() {
    let evidence = new_deposit();
    // The execute's evidence proved the first deposit.
    let mut record = executing_record();
    refused(&mut record, retry(&evidence), at(0), Reason::DepositAlreadySucceeded, None);
    // A relayer reported it SUCCEEDED, then the record failed later.
    let mut record = unverified_executing_record();
    let done = report(TransactionType::Deposit, intent().origin_chain_id, TransactionStatus::Succeeded);
    let _ = record.apply(EventInput::progress(&done), at(0)).unwrap();
    let _ = record.apply(EventInput::fail("the swap reverted"), at(1)).unwrap();
    refused(&mut record, retry(&evidence), at(2), Reason::DepositAlreadySucceeded, None);
    // Before the evidence is judged: evidence that proves nothing changes nothing.
    refused(&mut record, EventInput::retry(NEW_HASH, ChainFacts::NONE), at(2), Reason::DepositAlreadySucceeded, None);
}

#[test]
fn a_retry_once_execution_went_past_the_deposit_is_retry_too_late() {
    let evidence = new_deposit();
    let chain = intent().origin_chain_id;
    let deposit_failed_again = |record: &mut IntentRecord, now| {
        let failed = report(TransactionType::Deposit, chain, TransactionStatus::Failed);
        let _ = record.apply(EventInput::progress(&failed), now).unwrap();
    };

    // A balance met the precondition.
    let mut record = executing_record();
    let fact = intent_core::BalanceFact {
        amount: intent().deposit_transaction.amount,
        block_number: EVIDENCE_BLOCK,
        chain_id: chain,
        token: intent().deposit_transaction.token_address,
        wallet: intent().origin_intent_address,
        unknown: intent_core::UnknownMembers::new(),
    };
    let _ = record.apply(EventInput::balance(&fact), at(0)).unwrap();
    deposit_failed_again(&mut record, at(1));
    refused(&mut record, retry(&evidence), at(2), Reason::RetryTooLate, None);

    // An origin, destination or refund transaction was reported, on an EXECUTING record or
    // one that FAILED with it.
    let destination_chain = intent().destination_chain_id;
    for (kind, chain_id) in [
        (TransactionType::Origin, chain),
        (TransactionType::Destination, destination_chain),
        (TransactionType::Refund, chain),
    ] {
        let mut record = deposit_failed();
        let sent = report(kind.clone(), chain_id, TransactionStatus::Sent);
        let _ = record.apply(EventInput::progress(&sent), at(1)).unwrap();
        refused(&mut record, retry(&evidence), at(2), Reason::RetryTooLate, None);

        let mut record = deposit_failed();
        let failed = report(kind.clone(), chain_id, TransactionStatus::Failed);
        let _ = record.apply(EventInput::fail_with("reverted", Some(&failed)), at(1)).unwrap();
        refused(&mut record, retry(&evidence), at(2), Reason::RetryTooLate, None);
    }

    // A transaction reported PENDING has not started.
    let mut record = deposit_failed();
    let pending = report(TransactionType::Origin, chain, TransactionStatus::Pending);
    let _ = record.apply(EventInput::progress(&pending), at(1)).unwrap();
    assert_eq!(record.apply(retry(&evidence), at(2)), Ok(Applied::Changed));
}

#[test]
fn the_replacement_is_judged_by_the_deposit_evidence_at_deposit_transaction_hash() {
    const PATH: Option<&str> = Some("depositTransactionHash");
    let mut record = failed_at_the_deposit();
    let now = at(3);

    // No evidence: never accepted unverified, even when the host would accept an execute's.
    refused(&mut record, EventInput::retry(NEW_HASH, ChainFacts::NONE), now, Reason::DepositUnverified, PATH);
    let unverified = ChainFacts { accept_unverified_deposit: true, ..ChainFacts::NONE };
    refused(&mut record, EventInput::retry(NEW_HASH, unverified), now, Reason::DepositUnverified, PATH);

    let other = paying(&intent(), DEPOSIT_HASH);
    refused(&mut record, retry(&other), now, Reason::DepositHashMismatch, PATH);

    let mut wrong_chain = new_deposit();
    wrong_chain.chain_id = Quantity(U256::from(intent().origin_chain_id + 1));
    refused(&mut record, retry(&wrong_chain), now, Reason::DepositWrongChain, PATH);

    let mut reverted = new_deposit();
    reverted.receipt.status = Quantity(U256::ZERO);
    refused(&mut record, retry(&reverted), now, Reason::DepositReverted, PATH);

    let mut unconfirmed = new_deposit();
    unconfirmed.head_block_number = Quantity(U256::from(EVIDENCE_BLOCK - 1));
    refused(&mut record, retry(&unconfirmed), now, Reason::DepositUnconfirmed, PATH);

    let mut elsewhere = new_deposit();
    elsewhere.receipt.logs[0].topics[2] = Address::repeat_byte(0x99).into_word();
    refused(&mut record, retry(&elsewhere), now, Reason::DepositMismatch, Some("depositTransactionHash"));
}

#[test]
fn the_refusals_come_in_their_order() {
    let mut reverted = new_deposit();
    reverted.receipt.status = Quantity(U256::ZERO);
    // INVALID_TRANSITION before the evidence.
    let mut record = committed_record();
    refused(&mut record, retry(&reverted), at(0), Reason::InvalidTransition, None);
    // DEPOSIT_ALREADY_SUCCEEDED before RETRY_TOO_LATE and the evidence: a record whose
    // deposit SUCCEEDED and whose origin was sent.
    let mut record = executing_record();
    let sent = report(TransactionType::Origin, intent().origin_chain_id, TransactionStatus::Sent);
    let _ = record.apply(EventInput::progress(&sent), at(0)).unwrap();
    refused(&mut record, retry(&reverted), at(1), Reason::DepositAlreadySucceeded, None);
    // RETRY_TOO_LATE before the evidence.
    let mut record = deposit_failed();
    let _ = record.apply(EventInput::progress(&sent), at(1)).unwrap();
    refused(&mut record, retry(&reverted), at(2), Reason::RetryTooLate, None);
}

#[test]
fn a_retry_is_a_lifecycle_error_of_the_published_kinds() {
    let evidence = new_deposit();
    let mut record = executing_record();
    let error = record.apply(retry(&evidence), at(0)).unwrap_err();
    assert_eq!((error.body().error, error.body().code, error.body().status), ("IntentStatus", 2004, 422));
    let mut record = deposit_failed();
    let sent = report(TransactionType::Origin, intent().origin_chain_id, TransactionStatus::Sent);
    let _ = record.apply(EventInput::progress(&sent), at(1)).unwrap();
    let error = record.apply(retry(&evidence), at(2)).unwrap_err();
    assert_eq!((error.body().error, error.body().code, error.body().status), ("IntentStatus", 2004, 422));
}

#[test]
fn the_stored_retry_changes_are_checked_on_restore() {
    let mut record = failed_at_the_deposit();
    let evidence = new_deposit();
    let _ = record.apply(retry(&evidence), at(3)).unwrap();
    let state = record.state();

    let mut wrong = state.clone();
    wrong.retry_changes = Some(1);
    let error = IntentRecord::from_state(wrong).unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::InvalidRecord, Some("revision")));

    let mut never_executed = committed_record().state();
    never_executed.retry_changes = Some(1);
    never_executed.revision += 1;
    let error = IntentRecord::from_state(never_executed).unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::InvalidRecord, Some("retryChanges")));

    // Absent when no retry happened: a state written before retries existed reads as it did.
    assert_eq!(deposit_failed().state().retry_changes, None);
    assert!(!to_string(&deposit_failed().state()).contains("retryChanges"));
    assert!(to_string(&state).contains("\"retryChanges\":2"));
}
