//! Revisions, replays and deadlines (docs/spec.md §6.3–6.4): the revision counts changes only;
//! a retried commit or execute succeeds as a replay before the clock check and changes
//! nothing; anything else in a wrong state is still INVALID_TRANSITION; `next_deadline`
//! is the instant the record changes by time alone.

use intent_core::IntentRecord;
use intent_core::{
    Applied, EventInput, ExecuteRequest, GasFeeOptions, IntentStatus, Policy, Reason, ServiceContracts, B256,
};

use crate::fixtures::{
    committed_at, committed_record, executed_at, executing_record, expires_at, gas_fee_options, hash_facts,
    hash_request, intent, later, quoted_at, quoted_record, secs, shift, ts, window_closes_at,
};

fn assert_invalid_transition(record: &mut IntentRecord, event: impl FnOnce(&mut IntentRecord) -> Reason) {
    let before = record.clone();
    assert_eq!(event(record), Reason::InvalidTransition);
    assert_eq!(*record, before);
}

#[test]
fn the_revision_counts_changes_only() {
    let mut record = quoted_record();
    assert_eq!(record.revision(), 0);
    record.apply(EventInput::commit(&intent()), shift(quoted_at(), -1)).unwrap_err();
    assert_eq!(record.revision(), 0, "a failed event");
    assert_eq!(record.apply(EventInput::commit(&intent()), committed_at()), Ok(Applied::Changed));
    assert_eq!(record.revision(), 1);
    assert_eq!(record.apply(EventInput::commit(&intent()), executed_at()), Ok(Applied::Replay));
    assert_eq!(record.revision(), 1, "a replay");
    assert_eq!(
        record.apply(EventInput::execute_with(&hash_request(), hash_facts()), executed_at()),
        Ok(Applied::Changed)
    );
    assert_eq!(record.revision(), 2);
    assert_eq!(record.apply(EventInput::execute_with(&hash_request(), hash_facts()), later()), Ok(Applied::Replay));
    record.apply(EventInput::fail(""), later()).unwrap_err();
    assert_eq!(record.revision(), 2);
    let _ = record.apply(EventInput::fail("bridge reverted"), later()).unwrap();
    let _ = record.apply(EventInput::refund(), later()).unwrap();
    assert_eq!(record.revision(), 4);
}

#[test]
fn a_retried_commit_is_a_replay_in_every_later_status_and_changes_nothing() {
    for record in [committed_record(), executing_record()] {
        let mut record = record;
        let before = record.clone();
        // Earlier than the last event and after the quote expired: still a replay.
        for at in [quoted_at(), secs(expires_at(), 1)] {
            assert_eq!(record.apply(EventInput::commit(&intent()), at), Ok(Applied::Replay));
            let contracts = intent().service_contracts;
            assert_eq!(record.apply(EventInput::commit_with(&intent(), Some(&contracts)), at), Ok(Applied::Replay));
            assert_eq!(record, before);
        }
    }
}

#[test]
fn a_commit_with_other_service_contracts_on_a_committed_record_is_invalid_transition() {
    let mut record = committed_record();
    let mut other: ServiceContracts = intent().service_contracts;
    other.insert_unknown("extra", "1").unwrap();
    assert_invalid_transition(&mut record, |r| {
        r.apply(EventInput::commit_with(&intent(), Some(&other)), later()).unwrap_err().reason()
    });
}

#[test]
fn a_commit_of_another_intent_on_a_committed_record_is_invalid_transition() {
    let mut record = committed_record();
    let mut sent = intent();
    sent.id += 1;
    assert_invalid_transition(&mut record, |r| r.apply(EventInput::commit(&sent), later()).unwrap_err().reason());
}

#[test]
fn a_retried_execute_is_a_replay_in_every_later_status_and_changes_nothing() {
    let mut failed = executing_record();
    let _ = failed.apply(EventInput::fail("bridge reverted"), later()).unwrap();
    let mut succeeded = executing_record();
    let _ = succeeded.apply(EventInput::succeed(), later()).unwrap();
    let mut refunded = failed.clone();
    let _ = refunded.apply(EventInput::refund(), later()).unwrap();
    for record in [executing_record(), failed, succeeded, refunded] {
        let mut record = record;
        let before = record.clone();
        assert_eq!(record.execute_request(), Some(&hash_request()));
        // Before the last event and after the window closed: still a replay.
        for at in [committed_at(), secs(window_closes_at(), 1)] {
            assert_eq!(
                record.apply(EventInput::execute_with(&hash_request(), hash_facts()), at),
                Ok(Applied::Replay),
                "{}",
                record.status()
            );
            assert_eq!(record, before);
        }
    }
}

#[test]
fn another_execute_request_on_an_executing_record_is_invalid_transition() {
    let mut record = executing_record();
    let other = ExecuteRequest { deposit_transaction_hash: Some(B256::repeat_byte(0xd8)), ..hash_request() };
    assert_invalid_transition(&mut record, |r| r.apply(EventInput::execute(&other), later()).unwrap_err().reason());
}

#[test]
fn an_execute_on_an_aborted_record_is_invalid_transition() {
    let mut record = committed_record();
    let _ = record.apply(EventInput::abort("owner cancelled"), executed_at()).unwrap();
    assert_invalid_transition(&mut record, |r| {
        r.apply(EventInput::execute_with(&hash_request(), hash_facts()), later()).unwrap_err().reason()
    });
}

#[test]
fn the_next_deadline_of_a_quoted_record_is_the_earlier_expiry() {
    assert_eq!(quoted_record().next_deadline(), Some(expires_at()));
    let fee_expiry = ts("2026-11-21T18:33:00Z");
    let options = GasFeeOptions { expires_at: fee_expiry, ..gas_fee_options() };
    let record = IntentRecord::quote(intent(), Some(options), &Policy::default(), quoted_at()).unwrap();
    assert_eq!(record.next_deadline(), Some(fee_expiry));
    let record = IntentRecord::quote(intent(), None, &Policy::default(), quoted_at()).unwrap();
    assert_eq!(record.next_deadline(), Some(expires_at()));
}

#[test]
fn the_next_deadline_of_a_committed_record_is_the_windows_close() {
    assert_eq!(committed_record().next_deadline(), Some(window_closes_at()));
    let policy = Policy { execution_window_seconds: 60, ..Policy::default() };
    assert_eq!(crate::fixtures::committed_record_with(&policy).next_deadline(), Some(secs(committed_at(), 60)));
}

#[test]
fn no_other_status_has_a_next_deadline() {
    let mut record = executing_record();
    assert_eq!(record.next_deadline(), None);
    let _ = record.apply(EventInput::succeed(), later()).unwrap();
    assert_eq!((record.status(), record.next_deadline()), (&IntentStatus::Succeeded, None));
    let mut record = committed_record();
    let _ = record.apply(EventInput::expire(), window_closes_at()).unwrap();
    assert_eq!((record.status(), record.next_deadline()), (&IntentStatus::Aborted, None));
}
