//! Persisted records (docs/spec.md §6.2): `state()` and `from_state()` over the fixture's
//! records in every status, one test per `INVALID_RECORD` cause that breaks exactly it, and
//! a property over generated worlds: a record restored from its state (as JSON text) is
//! equal to the original and behaves the same for every next event.

use intent_core::IntentRecord;
use intent_core::{
    from_slice, to_string, Applied, Canonical, Error, EventInput, IntentStatus, Policy, Reason, RecordState, StatePart,
    Timestamp, TransactionStatus, TransactionType, RECORD_STATE_VERSION,
};
use proptest::prelude::*;

use crate::fixtures::{
    committed_at, committed_record, executed_at, executing_record, hash_request, intent, later, quoted_record, report,
    secs, shift, window_closes_at,
};
use crate::generators::{self, shift_clamped, Config, World, NS};
use crate::support::proptest_config;

/// The fixture's record in every status, by every path (ABORTED by abort and by expiry,
/// REFUNDED after FAILED and after ABORTED).
fn records() -> Vec<IntentRecord> {
    let quoted = quoted_record();
    let committed = committed_record();
    let executing = executing_record();
    let mut aborted = committed.clone();
    let _ = aborted.apply(EventInput::abort("owner cancelled"), executed_at()).unwrap();
    let mut expired = committed.clone();
    let _ = expired.apply(EventInput::expire(), secs(window_closes_at(), 5)).unwrap();
    let mut failed = executing.clone();
    let _ = failed.apply(EventInput::fail("bridge reverted"), later()).unwrap();
    let mut succeeded = executing.clone();
    let _ = succeeded.apply(EventInput::succeed(), later()).unwrap();
    let mut refunded_after_failure = failed.clone();
    let _ = refunded_after_failure.apply(EventInput::refund(), secs(later(), 1)).unwrap();
    let mut refunded_after_abort = aborted.clone();
    let _ = refunded_after_abort.apply(EventInput::refund(), later()).unwrap();
    vec![
        quoted,
        committed,
        executing,
        aborted,
        expired,
        failed,
        succeeded,
        refunded_after_failure,
        refunded_after_abort,
    ]
}

/// The state's JSON text read back and restored. `state_json` writes the same text, on
/// `record` (whose quoted members' text earlier states may have written: the generated
/// histories keep one record through their events) and on a copy restored without it.
fn through_text(record: &mut IntentRecord) -> Result<IntentRecord, Error> {
    let text = to_string(&record.state());
    assert_eq!(record.state_json(StatePart::Whole), text);
    assert_eq!(record.state_json(StatePart::Whole), text, "written again from the kept text");
    let restored = IntentRecord::from_state(from_slice::<RecordState>(text.as_bytes())?)?;
    assert_eq!(restored.clone().state_json(StatePart::Whole), text);
    // Its two parts, joined, read back as the same state.
    let (quoted, changing) = (record.state_json(StatePart::Quoted), record.state_json(StatePart::Changing));
    assert!(!changing.contains("\"intent\":") && !changing.contains("\"gasFeeOptions\":"), "{changing}");
    let joined = RecordState::join_json(&quoted, &changing)?;
    assert_eq!(from_slice::<RecordState>(joined.as_bytes())?, from_slice::<RecordState>(text.as_bytes())?);
    assert_eq!(to_string(&IntentRecord::from_state(from_slice(joined.as_bytes())?)?.state()), text);
    Ok(restored)
}

#[test]
fn a_states_parts_join_only_as_two_objects_with_distinct_members() {
    let mut record = quoted_record();
    let (quoted, changing) = (record.state_json(StatePart::Quoted), record.state_json(StatePart::Changing));
    assert!(quoted.starts_with("{\"gasFeeOptions\":") && quoted.contains(",\"intent\":{"), "{quoted}");
    for (quoted, changing) in [("", changing.as_str()), (quoted.as_str(), "{\"version\":1"), ("\"intent\":{}", "{}")] {
        let error = RecordState::join_json(quoted, changing).unwrap_err();
        assert_eq!(error.reason(), Reason::InvalidRecord, "{quoted} {changing}");
    }
    // Two empty parts join as an empty object; a member in both parts is read as a duplicate.
    assert_eq!(RecordState::join_json("{}", "{}").unwrap(), "{}");
    let twice = RecordState::join_json(&quoted, &RecordState::join_json(&quoted, &changing).unwrap()).unwrap();
    assert_eq!(from_slice::<RecordState>(twice.as_bytes()).unwrap_err().reason(), Reason::InvalidJson);
}

/// The fixture's executing record with two progress reports and a reported destination
/// transaction: a state with every optional member.
fn reported_record() -> IntentRecord {
    let mut record = executing_record();
    let chain_id = intent().origin_chain_id;
    let sent = report(TransactionType::Origin, chain_id, TransactionStatus::Sent);
    assert_eq!(record.apply(EventInput::progress(&sent), later()), Ok(Applied::Changed));
    let mining = report(TransactionType::Origin, chain_id, TransactionStatus::Mining);
    assert_eq!(record.apply(EventInput::progress(&mining), secs(later(), 1)), Ok(Applied::Changed));
    let _ = record.apply(EventInput::fail("bridge reverted"), secs(later(), 2)).unwrap();
    record
}

#[test]
fn state_json_writes_the_states_text_with_every_optional_member() {
    let mut record = reported_record();
    let text = to_string(&record.state());
    for member in ["committedAt", "executeRequest", "gasFeeOptions", "progressReports", "statusReason", "transactions"]
    {
        assert!(text.contains(&format!("\"{member}\":")), "{member}: {text}");
    }
    through_text(&mut record).unwrap();
    // The quoted members' text is kept through the record's later events.
    let mut quoted = quoted_record();
    quoted.state_json(StatePart::Whole);
    assert_eq!(quoted.apply(EventInput::commit(&intent()), committed_at()), Ok(Applied::Changed));
    assert_eq!(quoted.state_json(StatePart::Whole), to_string(&quoted.state()));
    // Without gas fee options, the member is absent.
    let mut bare = IntentRecord::quote(intent(), None, &Policy::default(), secs(committed_at(), -1)).unwrap();
    assert!(!bare.state_json(StatePart::Whole).contains("gasFeeOptions"));
    through_text(&mut bare).unwrap();
}

#[test]
fn every_fixture_record_comes_back_equal_through_its_json_state() {
    for record in records() {
        let mut record = record;
        let restored = through_text(&mut record).unwrap_or_else(|e| panic!("{}: {e}", record.status()));
        assert_eq!(restored, record);
        assert_eq!(restored.revision(), record.revision());
        assert_eq!(restored.next_deadline(), record.next_deadline());
        assert_eq!(to_string(&restored.state()), to_string(&record.state()));
    }
}

#[cfg(feature = "serde")]
#[test]
fn every_fixture_record_comes_back_equal_through_serde() {
    for record in records() {
        let state = record.state();
        let json = serde_json::to_string(&state).unwrap();
        assert_eq!(json, to_string(&state), "serde_json writes the library's text");
        let through_json = serde_json::from_str::<RecordState>(&json).unwrap();
        assert_eq!(IntentRecord::from_state(through_json).unwrap(), record);
        // Another format: serde_json's Value tree, through serde's data model.
        let tree = serde_json::to_value(&state).unwrap();
        let through_tree = serde_json::from_value::<RecordState>(tree).unwrap();
        assert_eq!(IntentRecord::from_state(through_tree).unwrap(), record);
    }
    let mut broken = serde_json::to_value(records()[0].state()).unwrap();
    broken["version"] = serde_json::json!(2);
    let state = serde_json::from_value::<RecordState>(broken).unwrap();
    let error = IntentRecord::from_state(state).unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::InvalidRecord, Some("version")));
}

#[test]
fn the_state_has_the_members_of_the_spec() {
    let mut record = executing_record();
    let _ = record.apply(EventInput::fail("bridge reverted"), later()).unwrap();
    let state = record.state();
    assert_eq!(state.version, RECORD_STATE_VERSION);
    assert_eq!(state.revision, 3);
    assert_eq!(state.status, IntentStatus::Failed);
    assert_eq!(state.intent_hash, intent().canonical_hash());
    assert_eq!(state.committed_at, Some(committed_at()));
    assert_eq!(state.execute_request, Some(hash_request()));
    assert_eq!(state.status_reason.as_deref(), Some("bridge reverted"));
    assert_eq!((state.status_since, state.last_event_at), (later(), later()));
    let json: serde_json::Value = serde_json::from_str(&to_string(&state)).unwrap();
    assert_eq!(
        json["policy"],
        serde_json::json!({
            "entrypoint": {"name": "ServiceIntentEntrypoint", "typeName": "ServiceIntent", "version": "1"},
            "executionWindowSeconds": 600,
            "quoteTtlSeconds": 300,
        })
    );
    let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
    let expected = [
        "committedAt",
        "executeRequest",
        "gasFeeOptions",
        "intent",
        "intentHash",
        "lastEventAt",
        "policy",
        "quotedAt",
        "revision",
        "status",
        "statusReason",
        "statusSince",
        "transactions",
        "version",
    ];
    assert_eq!(keys, expected);
}

#[test]
fn the_policy_travels_with_the_record() {
    let policy = Policy { execution_window_seconds: 60, ..Policy::default() };
    let mut record = crate::fixtures::committed_record_with(&policy);
    let restored = through_text(&mut record).unwrap();
    assert_eq!(restored.policy(), &policy);
    assert_eq!(restored.execution_window_closes_at(), Some(secs(committed_at(), 60)));
}

#[test]
fn unknown_members_of_a_state_are_read_and_not_kept() {
    let mut state = committed_record().state();
    state.insert_unknown("hostColumn", "7").unwrap();
    let text = to_string(&state);
    assert!(text.contains("\"hostColumn\":7"));
    let restored = IntentRecord::from_state(from_slice(text.as_bytes()).unwrap()).unwrap();
    assert_eq!(restored, committed_record());
    assert!(restored.state().unknown.is_empty());
}

#[test]
fn a_state_is_read_with_the_default_limits() {
    let text = to_string(&committed_record().state());
    let deep = text.replacen("{", r#"{"x":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],"#, 1);
    let error = from_slice::<RecordState>(deep.as_bytes()).unwrap_err();
    assert_eq!(error.reason(), Reason::LimitExceeded);
}

// ---------------------------------------------------------------------------------------------
// INVALID_RECORD: one test per cause, each breaking exactly it

/// Restores `state` changed by `change`, expecting INVALID_RECORD at `path`.
fn assert_invalid(record: IntentRecord, path: &str, change: impl FnOnce(&mut RecordState)) {
    let mut state = record.state();
    IntentRecord::from_state(state.clone()).expect("the unbroken state restores");
    change(&mut state);
    let error = IntentRecord::from_state(state).unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::InvalidRecord, Some(path)), "{error}");
}

fn failed_record() -> IntentRecord {
    let mut record = executing_record();
    let _ = record.apply(EventInput::fail("bridge reverted"), later()).unwrap();
    record
}

#[test]
fn an_unknown_version_is_invalid_record() {
    assert_invalid(committed_record(), "version", |state| state.version = 2);
}

#[test]
fn status_invalid_is_invalid_record() {
    assert_invalid(quoted_record(), "status", |state| state.status = IntentStatus::Invalid);
}

#[test]
fn a_status_the_library_does_not_name_is_invalid_record() {
    assert_invalid(quoted_record(), "status", |state| state.status = IntentStatus::Other("PENDING".into()));
}

#[test]
fn an_intent_hash_not_the_intents_is_invalid_record() {
    assert_invalid(committed_record(), "intentHash", |state| state.intent.id += 1);
}

#[test]
fn a_quoted_intent_not_in_status_quoted_is_invalid_record() {
    assert_invalid(committed_record(), "intent.status", |state| {
        state.intent.status = IntentStatus::Committed;
        state.intent_hash = state.intent.canonical_hash();
    });
}

#[test]
fn committed_at_on_a_quoted_record_is_invalid_record() {
    assert_invalid(quoted_record(), "committedAt", |state| state.committed_at = Some(state.quoted_at));
}

#[test]
fn no_committed_at_on_a_committed_record_is_invalid_record() {
    assert_invalid(committed_record(), "committedAt", |state| state.committed_at = None);
}

#[test]
fn an_execute_request_on_a_committed_record_is_invalid_record() {
    assert_invalid(committed_record(), "executeRequest", |state| state.execute_request = Some(hash_request()));
}

#[test]
fn no_execute_request_on_an_executing_record_is_invalid_record() {
    assert_invalid(executing_record(), "executeRequest", |state| state.execute_request = None);
}

#[test]
fn an_execute_request_for_another_intent_is_invalid_record() {
    assert_invalid(executing_record(), "executeRequest.intentId", |state| {
        state.execute_request.as_mut().unwrap().intent_id.push('x');
    });
}

#[test]
fn no_status_reason_on_a_failed_record_is_invalid_record() {
    assert_invalid(failed_record(), "statusReason", |state| state.status_reason = None);
}

#[test]
fn an_empty_status_reason_is_invalid_record() {
    assert_invalid(failed_record(), "statusReason", |state| state.status_reason = Some(String::new()));
}

#[test]
fn a_status_reason_on_a_status_without_one_is_invalid_record() {
    assert_invalid(executing_record(), "statusReason", |state| state.status_reason = Some("why".into()));
}

#[test]
fn a_revision_other_than_the_statuss_is_invalid_record() {
    assert_invalid(executing_record(), "revision", |state| state.revision = 7);
}

#[test]
fn committed_at_before_quoted_at_is_invalid_record() {
    assert_invalid(committed_record(), "committedAt", |state| state.quoted_at = secs(committed_at(), 1));
}

#[test]
fn status_since_before_committed_at_is_invalid_record() {
    assert_invalid(executing_record(), "statusSince", |state| state.status_since = shift(committed_at(), -1));
}

#[test]
fn status_since_before_quoted_at_is_invalid_record() {
    assert_invalid(quoted_record(), "statusSince", |state| state.status_since = shift(state.quoted_at, -1));
}

#[test]
fn last_event_at_before_status_since_is_invalid_record() {
    assert_invalid(failed_record(), "lastEventAt", |state| state.last_event_at = shift(later(), -1));
}

#[test]
fn restoring_verifies_no_signature() {
    // The quoted intent's rules are not run again either: a state holding an intent the
    // rules refuse today still restores when its hash and times agree.
    let mut state = committed_record().state();
    state.intent.quote_request.origin_chain_id = 0;
    state.intent_hash = state.intent.canonical_hash();
    IntentRecord::from_state(state).unwrap();
}

// ---------------------------------------------------------------------------------------------
// The property: every reachable record, restored, is the same record

/// One step of a generated history: an event the record may or may not accept, or a retry
/// of the last commit or execute.
#[derive(Debug, Clone, Copy)]
enum Step {
    Commit,
    /// Execute with one of the modes the world supports, picked by the number.
    Execute(u8),
    Fail,
    Succeed,
    Abort,
    Expire,
    Refund,
}

fn any_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        Just(Step::Commit),
        any::<u8>().prop_map(Step::Execute),
        Just(Step::Fail),
        Just(Step::Succeed),
        Just(Step::Abort),
        Just(Step::Expire),
        Just(Step::Refund),
    ]
}

/// Applies `step` at `at` with the world's arguments; `Ok(true)` for a replay.
fn apply(world: &World, record: &mut IntentRecord, step: Step, at: Timestamp) -> Result<bool, Error> {
    let applied = match step {
        Step::Commit => record.apply(EventInput::commit(&world.intent), at)?,
        Step::Execute(pick) => {
            let modes = world.modes();
            let request = world.request_for(modes[usize::from(pick) % modes.len()]);
            record.apply(EventInput::execute_with(&request, world.facts()), at)?
        }
        Step::Fail => record.apply(EventInput::fail("reverted"), at)?,
        Step::Succeed => record.apply(EventInput::succeed(), at)?,
        Step::Abort => record.apply(EventInput::abort("operator abort"), at)?,
        Step::Expire => record.apply(EventInput::expire(), at)?,
        Step::Refund => record.apply(EventInput::refund(), at)?,
    };
    Ok(applied.is_replay())
}

/// The times a step may happen at: the world's own, the window's close, and later.
fn time_of(world: &World, pick: u8) -> Timestamp {
    match pick % 4 {
        0 => world.times.commit_at,
        1 => world.times.execute_at,
        2 => world.window_closes_at(),
        _ => shift_clamped(world.window_closes_at(), 60 * NS),
    }
}

proptest! {
    #![proptest_config(proptest_config(32))]

    #[test]
    fn a_restored_record_is_the_record_and_behaves_the_same(
        world in generators::world(Config::EVERY_MODE),
        without_fee_options in any::<bool>(),
        steps in proptest::collection::vec((any_step(), any::<u8>()), 0..8),
        next in (any_step(), any::<u8>()),
    ) {
        let mut record = if without_fee_options {
            IntentRecord::quote(world.intent.clone(), None, &world.policy(), world.times.quote_at)
        } else {
            world.quote()
        }
        .unwrap();
        for (step, pick) in steps {
            let before = record.clone();
            let at = time_of(&world, pick);
            match apply(&world, &mut record, step, at) {
                Ok(true) | Err(_) => {
                    prop_assert_eq!(&record, &before, "a replay or a failed event changed the record");
                }
                Ok(false) => prop_assert_eq!(record.revision(), before.revision() + 1),
            }
            let restored = through_text(&mut record).map_err(|e| TestCaseError::fail(format!("{e}")))?;
            prop_assert_eq!(&restored, &record);
            prop_assert_eq!(restored.revision(), record.revision());
            prop_assert_eq!(restored.next_deadline(), record.next_deadline());
        }
        // Every next event gives the same result on the record and on its restored copy.
        let restored = through_text(&mut record).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        let at = time_of(&world, next.1);
        for step in [next.0, Step::Commit, Step::Execute(0), Step::Expire, Step::Refund] {
            let (mut original, mut copy) = (record.clone(), restored.clone());
            let a = apply(&world, &mut original, step, at);
            let b = apply(&world, &mut copy, step, at);
            prop_assert_eq!(a.map_err(|e| (e.reason(), e.path().map(String::from))), b.map_err(|e| (e.reason(), e.path().map(String::from))));
            prop_assert_eq!(&original, &copy);
        }
    }
}
