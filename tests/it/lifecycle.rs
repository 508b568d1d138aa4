//! The lifecycle of docs/spec.md §6 with its boundaries, and the Quote and Commit rules of docs/spec.md §7:
//! an instant equal to an expiry is expired; a signature deadline holds while
//! floor(now) ≤ deadline; every event checks CLOCK_WENT_BACKWARDS, then INVALID_TRANSITION,
//! then its operation's rules; a failed event leaves the record exactly as it was. The
//! transition table's tests compare the library with the reference model
//! (`intent_test_support::model`), whose table is the spec's.

use crate::fixtures;

use fixtures::*;
use intent_core::{
    from_slice, Address, AddressOrEmpty, Applied, Canonical, ChainFacts, Error, ErrorKind, ExecuteRequest,
    GasFeeOptions, Intent, IntentReceipt, IntentStatus, Policy, Problem, Reason, ServiceContracts, Timestamp, B256,
};
use intent_core::{Event, EventInput, IntentRecord, WINDOW_EXPIRED_REASON};
use intent_test_support::generators::nanos;
use intent_test_support::model::{
    self, assert_follows, Expected, KnownRequest, KnownRetry, Lifetimes, Model, ModelEvent, Verdict, STATES,
};

/// Applies `event` to `record`, asserts it failed with exactly `reason` at `path`, and that the
/// record is exactly as it was before.
#[track_caller]
fn assert_rejected<T: std::fmt::Debug>(
    record: &mut IntentRecord,
    reason: Reason,
    path: Option<&str>,
    event: impl FnOnce(&mut IntentRecord) -> Result<T, Error>,
) -> Error {
    let before = record.clone();
    let result = event(record);
    let error = assert_rule(result, reason, path);
    assert_eq!(*record, before, "the failed event changed the record");
    error
}

fn commit(record: &mut IntentRecord, now: Timestamp) -> Result<String, Error> {
    let intent = intent();
    record
        .apply(EventInput::commit_with(&intent, Some(&intent.service_contracts)), now)
        .map(|_| record.intent().intent_id.clone())
}

/// What a receipt says of the intent: its status, the origin transaction's reason and
/// when the status changed.
type Seen = (String, IntentStatus, Option<String>, Option<Timestamp>);

fn receipt(status: IntentStatus, status_reason: Option<&str>, updated_at: Timestamp) -> Seen {
    (intent().intent_id, status, status_reason.map(String::from), Some(updated_at))
}

fn seen(receipt: IntentReceipt) -> Seen {
    (receipt.intent_id, receipt.status, receipt.origin_transaction.status_reason, receipt.updated_at)
}

fn quote_at(intent: Intent, now: Timestamp, policy: &Policy) -> Result<IntentRecord, Error> {
    IntentRecord::quote(intent, Some(gas_fee_options()), policy, now)
}

/// The fixture's gas fee options expiring at `expires_at`, quoted at [`quoted_at`].
fn quoted_with_fee_options_expiring_at(expires_at: Timestamp) -> IntentRecord {
    let options = GasFeeOptions { expires_at, ..gas_fee_options() };
    IntentRecord::quote(intent(), Some(options), &Policy::default(), quoted_at()).unwrap()
}

// ---------------------------------------------------------------------------------------------
// The happy path

#[test]
fn quote_commit_execute_succeed() {
    let mut record = quoted_record();
    assert_eq!(record.status(), &IntentStatus::Quoted);
    assert_eq!(record.intent(), &intent());
    assert_eq!(record.intent_hash(), intent().canonical_hash());
    assert_eq!(record.quoted_at(), quoted_at());
    assert_eq!(record.quote_expires_at(), expires_at());
    assert_eq!(record.fee_options_expire_at(), Some(expires_at()));
    assert_eq!(record.committed_at(), None);
    assert_eq!(record.execution_window_closes_at(), None);
    assert_eq!(seen(record.receipt(quoted_at())), receipt(IntentStatus::Quoted, None, quoted_at()));

    assert_eq!(commit(&mut record, committed_at()).unwrap(), intent().intent_id);
    assert_eq!(record.status(), &IntentStatus::Committed);
    assert_eq!(record.committed_at(), Some(committed_at()));
    assert_eq!(record.execution_window_closes_at(), Some(window_closes_at()));
    assert_eq!(seen(record.receipt(committed_at())), receipt(IntentStatus::Committed, None, committed_at()));

    let _ = record.apply(EventInput::execute(&entrypoint_request()), executed_at()).unwrap();
    assert_eq!(record.status(), &IntentStatus::Executing);
    // Past the window an executing record is no longer concerned by it.
    assert_eq!(record.status_at(secs(window_closes_at(), 1)), IntentStatus::Executing);

    let _ = record.apply(EventInput::succeed(), later()).unwrap();
    assert_eq!(record.status(), &IntentStatus::Succeeded);
    assert_eq!(record.status_reason(), None);
    assert_eq!(record.last_event_at(), later());
    assert_eq!(seen(record.receipt(later())), receipt(IntentStatus::Succeeded, None, later()));
}

#[test]
fn every_valid_execute_request_starts_execution() {
    for request in [hash_request(), entrypoint_request(), permit_only_request(), entrypoint_permit_request()] {
        let mut record = committed_record();
        let facts = ChainFacts { token_permit: Some(&token_permit()), ..hash_facts() };
        let _ = record.apply(EventInput::execute_with(&request, facts), executed_at()).unwrap();
        assert_eq!(record.status(), &IntentStatus::Executing);
    }
}

// ---------------------------------------------------------------------------------------------
// Quote: the QuoteRequest rules, intent consistency, WRONG_STATUS, QUOTE_LIFETIME
// (now < expiresAt ≤ now + quoteTtl)

#[test]
fn quote_exactly_quote_ttl_before_expiry_passes() {
    let now = secs(expires_at(), -300);
    let record = quote_at(intent(), now, &Policy::default()).unwrap();
    assert_eq!(record.quoted_at(), now);
    assert_eq!(record.last_event_at(), now);
}

#[test]
fn quote_more_than_quote_ttl_before_expiry_is_quote_lifetime() {
    let now = shift(secs(expires_at(), -300), -NANO);
    let error = assert_rule(quote_at(intent(), now, &Policy::default()), Reason::QuoteLifetime, Some("expiresAt"));
    assert_eq!(
        error.problem(),
        &Problem::QuoteLifetime { now, expires_at: expires_at(), latest: shift(expires_at(), -NANO) }
    );
}

#[test]
fn quote_at_the_expiry_instant_is_quote_lifetime() {
    assert_rule(quote_at(intent(), expires_at(), &Policy::default()), Reason::QuoteLifetime, Some("expiresAt"));
}

#[test]
fn quote_after_the_expiry_is_quote_lifetime() {
    assert_rule(
        quote_at(intent(), secs(expires_at(), 1), &Policy::default()),
        Reason::QuoteLifetime,
        Some("expiresAt"),
    );
}

#[test]
fn quote_one_nanosecond_before_the_expiry_passes() {
    quote_at(intent(), shift(expires_at(), -NANO), &Policy::default()).unwrap();
}

#[test]
fn quote_ttl_is_configurable() {
    let policy = Policy { quote_ttl_seconds: 60, ..Policy::default() };
    quote_at(intent(), secs(expires_at(), -60), &policy).unwrap();
    let too_early = shift(secs(expires_at(), -60), -NANO);
    assert_rule(quote_at(intent(), too_early, &policy), Reason::QuoteLifetime, Some("expiresAt"));
    // The fixture's own quote time is 298 s before expiry: too early for a 60 s ttl.
    assert_rule(quote_at(intent(), quoted_at(), &policy), Reason::QuoteLifetime, Some("expiresAt"));

    let policy = Policy { quote_ttl_seconds: 3600, ..Policy::default() };
    quote_at(intent(), secs(expires_at(), -3600), &policy).unwrap();
    assert_rule(quote_at(intent(), secs(expires_at(), -3601), &policy), Reason::QuoteLifetime, Some("expiresAt"));
}

#[test]
fn quote_of_an_intent_not_in_status_quoted_is_wrong_status() {
    for status in [IntentStatus::Committed, IntentStatus::Executing, IntentStatus::Succeeded, IntentStatus::Refunded] {
        let mut offered = intent();
        offered.status = status.clone();
        let error =
            assert_rule(quote_at(offered, quoted_at(), &Policy::default()), Reason::WrongStatus, Some("status"));
        assert_eq!(error.problem(), &Problem::WrongStatus { status });
    }
}

#[test]
fn quote_of_an_invalid_intent_or_one_of_another_status_is_wrong_status() {
    // The service's INVALID and names this library does not know are read, but a record is
    // never in them.
    for status in [IntentStatus::Invalid, IntentStatus::Other("ON_HOLD".into())] {
        let mut offered = intent();
        offered.status = status.clone();
        let error =
            assert_rule(quote_at(offered, quoted_at(), &Policy::default()), Reason::WrongStatus, Some("status"));
        assert_eq!(error.problem(), &Problem::WrongStatus { status });
    }
}

#[test]
fn quote_of_an_inconsistent_intent_is_intent_inconsistent() {
    let mut offered = intent();
    offered.deposit_transaction.to_address = Address::repeat_byte(0x11);
    assert_rule(
        quote_at(offered, quoted_at(), &Policy::default()),
        Reason::IntentInconsistent,
        Some("depositTransaction.toAddress"),
    );
}

#[test]
fn quote_of_an_invalid_request_is_its_quote_request_rule() {
    let mut offered = intent();
    offered.quote_request.origin_chain_id = 0;
    assert_rule(
        quote_at(offered, quoted_at(), &Policy::default()),
        Reason::InvalidChainId,
        Some("quoteRequest.originChainId"),
    );
}

#[test]
fn quote_request_rules_come_before_intent_consistency_at_quote() {
    let mut offered = intent();
    offered.quote_request.origin_chain_id = 0;
    offered.owner_address = Address::repeat_byte(0x11);
    assert_rule(
        quote_at(offered, quoted_at(), &Policy::default()),
        Reason::InvalidChainId,
        Some("quoteRequest.originChainId"),
    );
}

#[test]
fn intent_consistency_comes_before_wrong_status() {
    let mut offered = intent();
    offered.status = IntentStatus::Committed;
    offered.owner_address = Address::repeat_byte(0x11);
    assert_rule(quote_at(offered, quoted_at(), &Policy::default()), Reason::IntentInconsistent, Some("ownerAddress"));
}

#[test]
fn wrong_status_comes_before_quote_lifetime() {
    let mut offered = intent();
    offered.status = IntentStatus::Aborted;
    assert_rule(quote_at(offered, expires_at(), &Policy::default()), Reason::WrongStatus, Some("status"));
}

// ---------------------------------------------------------------------------------------------
// Commit: INTENT_MODIFIED, QUOTE_EXPIRED, FEE_OPTIONS_EXPIRED, SERVICE_CONTRACTS_MISMATCH

#[test]
fn commit_at_the_quote_instant_passes() {
    let mut record = quoted_record();
    commit(&mut record, quoted_at()).unwrap();
    assert_eq!(record.committed_at(), Some(quoted_at()));
}

#[test]
fn commit_of_a_modified_intent_is_intent_modified_with_both_hashes_and_the_changed_path() {
    let mut record = quoted_record();
    let mut sent = intent();
    sent.fees.total_fee_amount -= intent_core::U256::from(1);
    let error = assert_rejected(&mut record, Reason::IntentModified, Some("intent"), |r| {
        r.apply(EventInput::commit_with(&sent, Some(&sent.service_contracts)), committed_at())
            .map(|_| r.intent().intent_id.clone())
    });
    assert_eq!(
        error.problem(),
        &Problem::IntentModified {
            expected: intent().canonical_hash(),
            actual: sent.canonical_hash(),
            changed: vec!["fees.totalFeeAmount".to_string()],
        }
    );
    assert_ne!(intent().canonical_hash(), sent.canonical_hash());
}

#[test]
fn intent_modified_lists_every_changed_path_in_canonical_order() {
    let mut record = quoted_record();
    let mut sent = intent();
    sent.quote.to_amount_min += intent_core::U256::from(1);
    sent.origin_calls.calls[1].to = Address::repeat_byte(0x66);
    sent.destination_meta_txn = None;
    let error = assert_rejected(&mut record, Reason::IntentModified, Some("intent"), |r| {
        r.apply(EventInput::commit_with(&sent, Some(&sent.service_contracts)), committed_at())
            .map(|_| r.intent().intent_id.clone())
    });
    let Problem::IntentModified { expected, actual, changed } = error.problem() else {
        panic!("expected IntentModified, got {:?}", error.problem());
    };
    assert_eq!((*expected, *actual), (record.intent_hash(), sent.canonical_hash()));
    assert_eq!(changed, &["destinationMetaTxn", "originCalls.calls[1].to", "quote.toAmountMin"]);
}

#[test]
fn commit_of_an_intent_with_an_added_member_is_intent_modified() {
    let mut value: serde_json::Value =
        serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/intent.json"))).unwrap();
    value["fees"]["rebate"] = serde_json::json!("1");
    let mut sent: Intent = from_slice(value.to_string().as_bytes()).unwrap();
    sent.owner_address = owner();
    sent.quote_request.owner_address = owner();
    let sent = fixtures::with_owner_wallets(sent);
    let mut record = quoted_record();
    let error = assert_rejected(&mut record, Reason::IntentModified, Some("intent"), |r| {
        r.apply(EventInput::commit_with(&sent, Some(&sent.service_contracts)), committed_at())
            .map(|_| r.intent().intent_id.clone())
    });
    let Problem::IntentModified { changed, .. } = error.problem() else { panic!("{error}") };
    assert_eq!(changed, &["fees.rebate"]);
}

#[test]
fn commit_of_the_same_intent_spelled_differently_passes() {
    let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/intent.json"))
        .replace("\"expiresAt\": \"2026-11-21T18:35:00Z\"", "\"expiresAt\": \"2026-11-21T19:35:00+01:00\"")
        .replace("0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1", "0xda10009cbd5d07dd0cecc66161fc93d7c9000da1")
        .replace("\"amount\": \"125147772000000000000\"", "\"amount\": 125147772000000000000")
        .replace('\n', "");
    let mut sent: Intent = from_slice(text.as_bytes()).unwrap();
    sent.owner_address = owner();
    sent.quote_request.owner_address = owner();
    let sent = fixtures::with_owner_wallets(sent);
    let mut record = quoted_record();
    assert_eq!(
        record.apply(EventInput::commit_with(&sent, Some(&sent.service_contracts)), committed_at()).unwrap(),
        Applied::Changed
    );
    assert_eq!(record.intent().intent_id, sent.intent_id);
}

#[test]
fn commit_at_the_expiry_instant_is_quote_expired() {
    let mut record = quoted_with_fee_options_expiring_at(secs(expires_at(), 60));
    let error = assert_rejected(&mut record, Reason::QuoteExpired, None, |r| commit(r, expires_at()));
    assert_eq!(error.problem(), &Problem::QuoteExpired { now: expires_at(), expires_at: expires_at() });
    assert_eq!(error.reason().kind(), ErrorKind::Expired);
}

#[test]
fn commit_one_nanosecond_before_the_expiry_passes() {
    let mut record = quoted_record();
    commit(&mut record, shift(expires_at(), -NANO)).unwrap();
}

#[test]
fn commit_at_the_fee_options_expiry_is_fee_options_expired() {
    let fee_expiry = ts("2026-11-21T18:33:00Z");
    let mut record = quoted_with_fee_options_expiring_at(fee_expiry);
    commit(&mut record.clone(), shift(fee_expiry, -NANO)).unwrap();
    let error = assert_rejected(&mut record, Reason::FeeOptionsExpired, None, |r| commit(r, fee_expiry));
    assert_eq!(error.problem(), &Problem::FeeOptionsExpired { now: fee_expiry, expires_at: fee_expiry });
}

#[test]
fn commit_without_fee_options_has_no_fee_option_expiry() {
    let mut record = IntentRecord::quote(intent(), None, &Policy::default(), quoted_at()).unwrap();
    assert_eq!(record.fee_options_expire_at(), None);
    commit(&mut record, shift(expires_at(), -NANO)).unwrap();
}

#[test]
fn commit_without_service_contracts_uses_the_intents_own() {
    let mut record = quoted_record();
    assert_eq!(record.apply(EventInput::commit(&intent()), committed_at()).unwrap(), Applied::Changed);
    assert_eq!(record.status(), &IntentStatus::Committed);
}

#[test]
fn commit_without_service_contracts_still_checks_the_hash() {
    let mut record = quoted_record();
    let mut sent = intent();
    sent.service_contracts.service_router_address = AddressOrEmpty::Empty;
    assert_rejected(&mut record, Reason::IntentModified, Some("intent"), |r| {
        r.apply(EventInput::commit(&sent), committed_at()).map(|_| r.intent().intent_id.clone())
    });
}

#[test]
fn commit_with_an_empty_contract_where_the_intent_has_one_is_service_contracts_mismatch() {
    let mut record = quoted_record();
    let contracts =
        ServiceContracts { service_router_shim_address: AddressOrEmpty::Empty, ..intent().service_contracts };
    assert_rejected(&mut record, Reason::ServiceContractsMismatch, Some("serviceContracts"), |r| {
        r.apply(EventInput::commit_with(&intent(), Some(&contracts)), committed_at())
            .map(|_| r.intent().intent_id.clone())
    });
}

#[test]
fn commit_with_other_service_contracts_is_service_contracts_mismatch() {
    let mut record = quoted_record();
    let contracts =
        ServiceContracts { service_router_address: Address::repeat_byte(0x55).into(), ..intent().service_contracts };
    assert_rejected(&mut record, Reason::ServiceContractsMismatch, Some("serviceContracts"), |r| {
        r.apply(EventInput::commit_with(&intent(), Some(&contracts)), committed_at())
            .map(|_| r.intent().intent_id.clone())
    });
}

#[test]
fn intent_modified_comes_before_quote_expired() {
    let mut record = quoted_record();
    let mut sent = intent();
    sent.service_version = "v1.4.3".into();
    assert_rejected(&mut record, Reason::IntentModified, Some("intent"), |r| {
        r.apply(EventInput::commit_with(&sent, Some(&sent.service_contracts)), expires_at())
            .map(|_| r.intent().intent_id.clone())
    });
}

#[test]
fn quote_expired_comes_before_fee_options_expired() {
    // The fixture's quote and fee options expire at the same instant.
    let mut record = quoted_record();
    assert_eq!(record.fee_options_expire_at(), Some(record.quote_expires_at()));
    assert_rejected(&mut record, Reason::QuoteExpired, None, |r| commit(r, expires_at()));
}

#[test]
fn fee_options_expired_comes_before_service_contracts_mismatch() {
    let fee_expiry = ts("2026-11-21T18:33:00Z");
    let mut record = quoted_with_fee_options_expiring_at(fee_expiry);
    let contracts = ServiceContracts {
        service_intent_entrypoint_address: Address::repeat_byte(0x37).into(),
        ..intent().service_contracts
    };
    assert_rejected(&mut record, Reason::FeeOptionsExpired, None, |r| {
        r.apply(EventInput::commit_with(&intent(), Some(&contracts)), fee_expiry).map(|_| r.intent().intent_id.clone())
    });
}

// ---------------------------------------------------------------------------------------------
// Execute: the window (committedAt + executionWindow) and signature deadlines

#[test]
fn execute_at_the_window_close_is_execution_window_expired() {
    let mut record = committed_record();
    let error = assert_rejected(&mut record, Reason::ExecutionWindowExpired, None, |r| {
        r.apply(EventInput::execute_with(&hash_request(), hash_facts()), window_closes_at())
    });
    assert_eq!(
        error.problem(),
        &Problem::ExecutionWindowExpired { now: window_closes_at(), closed_at: window_closes_at() }
    );
    assert_eq!(error.reason().kind(), ErrorKind::IntentStatus);
}

#[test]
fn execute_one_nanosecond_before_the_window_close_passes() {
    let mut record = committed_record();
    let _ = record
        .apply(EventInput::execute_with(&hash_request(), hash_facts()), shift(window_closes_at(), -NANO))
        .unwrap();
}

#[test]
fn execution_window_is_configurable() {
    let policy = Policy { execution_window_seconds: 60, ..Policy::default() };
    let mut record = committed_record_with(&policy);
    let closes_at = secs(committed_at(), 60);
    assert_eq!(record.execution_window_closes_at(), Some(closes_at));
    let _ =
        record.clone().apply(EventInput::execute_with(&hash_request(), hash_facts()), shift(closes_at, -NANO)).unwrap();
    assert_rejected(&mut record, Reason::ExecutionWindowExpired, None, |r| {
        r.apply(EventInput::execute_with(&hash_request(), hash_facts()), closes_at)
    });
    assert_eq!(record.status_at(closes_at), IntentStatus::Aborted);
    let _ = record.apply(EventInput::expire(), closes_at).unwrap();
}

#[test]
fn signature_deadline_holds_until_the_last_nanosecond_of_its_second() {
    let now = executed_at();
    let mut signature = entrypoint_signature();
    signature.deadline = u64::try_from(now.unix_seconds()).unwrap();
    resign(&intent(), &mut signature);
    let request = request_with(signature);

    let mut record = committed_record();
    let _ = record.clone().apply(EventInput::execute(&request), now).unwrap();
    let _ = record.clone().apply(EventInput::execute(&request), shift(now, 999_999_999)).unwrap();
    let error = assert_rejected(&mut record, Reason::SignatureExpired, Some("depositSignature.deadline"), |r| {
        r.apply(EventInput::execute(&request), secs(now, 1))
    });
    assert_eq!(
        error.problem(),
        &Problem::SignatureExpired { now_seconds: now.unix_seconds() + 1, deadline: request_deadline(&request) }
    );
}

fn request_deadline(request: &intent_core::ExecuteRequest) -> u64 {
    request.deposit_signature.as_ref().unwrap().deadline
}

#[test]
fn permit_deadline_holds_until_the_last_nanosecond_of_its_second() {
    let now = executed_at();
    let mut signature = permit_only_signature();
    signature.permit_deadline = Some(u64::try_from(now.unix_seconds()).unwrap());
    resign(&intent(), &mut signature);
    let request = request_with(signature);

    let mut record = committed_record();
    let _ = record
        .clone()
        .apply(
            EventInput::execute_with(&request, ChainFacts::with_token_permit(&token_permit())),
            shift(now, 999_999_999),
        )
        .unwrap();
    assert_rejected(&mut record, Reason::PermitExpired, Some("depositSignature.permitDeadline"), |r| {
        r.apply(EventInput::execute_with(&request, ChainFacts::with_token_permit(&token_permit())), secs(now, 1))
    });
}

// ---------------------------------------------------------------------------------------------
// The transition table

/// Every event, from the library's table ([`Event::ALL`]).
const EVENTS: [Event; 9] = Event::ALL;

/// Applies `event` with valid arguments (a second quote is refused by
/// [`IntentRecord::check_event`], as for any event the table does not allow). The execute
/// request is not the one [`record_in`] executed with, so it is never a replay; the commit
/// is the quoted intent, a replay on a record already committed ([`is_replay`]).
fn apply(event: &Event, record: &mut IntentRecord, now: Timestamp) -> Result<(), Error> {
    let (intent, request) = (intent(), other_hash_request());
    let evidence = intent_test_support::evidence::paying(&intent, OTHER_HASH);
    let input = match event {
        Event::Quote => return record.check_event(event, now).map(drop),
        Event::Commit => EventInput::commit_with(&intent, Some(&intent.service_contracts)),
        Event::Execute => EventInput::execute_with(&request, ChainFacts::with_deposit_evidence(&evidence)),
        Event::Fail => EventInput::fail("bridge reverted"),
        Event::Succeed => EventInput::succeed(),
        Event::Abort => EventInput::abort("owner cancelled"),
        Event::Expire => EventInput::expire(),
        Event::Refund => EventInput::refund(),
        Event::Retry => EventInput::retry(OTHER_HASH, ChainFacts::with_deposit_evidence(&evidence)),
    };
    record.apply(input, now).map(drop)
}

/// The hash of a deposit transaction other than the fixture's.
const OTHER_HASH: B256 = B256::repeat_byte(0xd8);

/// A deposit-hash request other than the fixture's.
fn other_hash_request() -> ExecuteRequest {
    ExecuteRequest { deposit_transaction_hash: Some(OTHER_HASH), ..hash_request() }
}

/// What the reference model knows of [`apply`]'s execute request: a valid one, not the one
/// [`record_in`] executed with.
fn known_request() -> KnownRequest {
    KnownRequest::passing(other_hash_request().canonical_hash())
}

/// [`apply`]'s `event` as the reference model sees it.
fn model_event<'a>(event: &Event, request: &'a KnownRequest) -> ModelEvent<'a> {
    match event {
        Event::Quote => ModelEvent::Quote,
        Event::Commit => ModelEvent::COMMIT,
        Event::Execute => ModelEvent::Execute(request),
        Event::Fail => ModelEvent::Fail("bridge reverted"),
        Event::Succeed => ModelEvent::Succeed,
        Event::Abort => ModelEvent::Abort("owner cancelled"),
        Event::Expire => ModelEvent::Expire,
        Event::Refund => ModelEvent::Refund,
        Event::Retry => ModelEvent::Retry(KnownRetry { same_as_kept: false, evidence: Verdict::Passes }),
    }
}

/// The reference model of a fixture record: the fixtures' lifetimes, and the record's status,
/// times, reason and executed request as the state the model starts from.
fn model_of(record: &IntentRecord) -> Model {
    Model {
        lifetimes: Lifetimes::of(&intent(), Some(&gas_fee_options()), &Policy::default()),
        status: Some(record.status().clone()),
        revision: record.revision(),
        last_event_at: nanos(record.last_event_at()),
        committed_at: record.committed_at().map(nanos),
        status_since: nanos(record.status_since()),
        reason: record.status_reason().map(String::from),
        executed_with: record.execute_request().map(Canonical::canonical_hash),
        // The records executed on a deposit hash taken on its word ([`record_in`]): their
        // deposit stage has not SUCCEEDED, and execution after it (§6.7) is not played.
        deposit_succeeded: false,
        precondition_met: record.precondition_met().is_some(),
        origin_followed: false,
        origin_kept_reason: None,
        route: Default::default(),
    }
}

/// Whether [`apply`] of `event` on a record in `from` is a replay (docs/spec.md §6.3), as the
/// reference model says: its commit on a record already committed.
fn is_replay(from: &IntentStatus, event: &Event) -> bool {
    model_of(&record_in(from)).is_replay(&model_event(event, &known_request()))
}

/// A record in `status`, reached by the happy path and the table; one that executed did so on
/// a deposit hash taken on its word, so that its deposit can be replaced (docs/spec.md §6.8).
fn record_in(status: &IntentStatus) -> IntentRecord {
    let mut record = match status {
        IntentStatus::Quoted => return quoted_record(),
        IntentStatus::Committed => return committed_record(),
        IntentStatus::Aborted => {
            let mut record = committed_record();
            let _ = record.apply(EventInput::abort("owner cancelled"), executed_at()).unwrap();
            return record;
        }
        _ => unverified_executing_record(),
    };
    match status {
        IntentStatus::Executing => {}
        IntentStatus::Succeeded => {
            let _ = record.apply(EventInput::succeed(), later()).unwrap();
        }
        IntentStatus::Failed => {
            let _ = record.apply(EventInput::fail("bridge reverted"), later()).unwrap();
        }
        IntentStatus::Refunded => {
            let _ = record.apply(EventInput::fail("bridge reverted"), later()).unwrap();
            let _ = record.apply(EventInput::refund(), secs(later(), 1)).unwrap();
        }
        _ => unreachable!(),
    }
    assert_eq!(record.status(), status);
    record
}

/// A time at which `event` is valid on `record` when the table allows it.
fn time_for(record: &IntentRecord, event: &Event) -> Timestamp {
    match (record.status(), event) {
        (IntentStatus::Quoted, Event::Commit) => committed_at(),
        (IntentStatus::Committed, Event::Expire) => window_closes_at(),
        _ => secs(record.last_event_at(), 1),
    }
}

#[test]
fn every_pair_of_state_and_event_follows_the_table() {
    let request = known_request();
    for from in &STATES {
        for event in &EVENTS {
            let mut record = record_in(from);
            let before = record.clone();
            let now = time_for(&record, event);
            let mut model = model_of(&record);
            let expected = model.step(&model_event(event, &request), nanos(now));
            let context = format!("{from} {}", event.name());
            match event.next_status(Some(from)) {
                Some(to) => {
                    assert_eq!(expected, Expected::Changed, "{context}");
                    assert_eq!(record.check_event(event, now).as_ref(), Ok(&to), "{from} {event}");
                    apply(event, &mut record, now).unwrap_or_else(|e| panic!("{from} {}: {e}", event.name()));
                    assert_eq!(record.status(), &to, "{from} {}", event.name());
                    assert_eq!(record.last_event_at(), now);
                    assert_follows(&record, &model, now, &context);
                }
                None if is_replay(from, event) => {
                    assert_eq!(expected, Expected::Replay, "{context}");
                    assert_eq!(record.apply(EventInput::commit(&intent()), now), Ok(Applied::Replay), "{from}");
                    assert_eq!(record, before, "{from} {} replayed changed the record", event.name());
                }
                None => {
                    assert_eq!(expected, Expected::Refused(Reason::InvalidTransition), "{context}");
                    assert_eq!(record.check_event(event, now).map_err(|e| e.reason()), Err(Reason::InvalidTransition));
                    let error = apply(event, &mut record, now).expect_err(event.name());
                    assert_eq!(
                        (error.reason(), error.path()),
                        (Reason::InvalidTransition, None),
                        "{from} {}",
                        event.name()
                    );
                    assert_eq!(
                        error.problem(),
                        &Problem::InvalidTransition { from: Some(from.clone()), event: event.name() }
                    );
                    assert_eq!(record, before, "{from} {} changed the record", event.name());
                }
            }
        }
    }
}

#[test]
fn the_table_has_ten_transitions() {
    let allowed = STATES.iter().flat_map(|s| EVENTS.iter().map(|e| e.next_status(Some(s)))).flatten().count();
    assert_eq!(allowed, 10);
}

#[test]
fn the_library_table_is_the_spec_table() {
    for event in &EVENTS {
        for from in &STATES {
            assert_eq!(event.next_status(Some(from)), model::next_status(Some(from), *event), "{from} {event}");
        }
        let before_a_quote = (*event == Event::Quote).then_some(IntentStatus::Quoted);
        assert_eq!(event.next_status(None), before_a_quote, "{event} before a quote");
        assert_eq!(model::next_status(None, *event), before_a_quote, "{event} before a quote, in the model");
    }
}

#[test]
fn succeeded_and_refunded_are_final() {
    for status in [IntentStatus::Succeeded, IntentStatus::Refunded] {
        let mut record = record_in(&status);
        for event in EVENTS.iter().filter(|event| !is_replay(&status, event)) {
            let now = secs(record.last_event_at(), 1);
            assert_rejected(&mut record, Reason::InvalidTransition, None, |r| apply(event, r, now));
        }
    }
}

#[test]
fn commit_of_another_intent_on_a_committed_record_is_invalid_transition() {
    let mut record = committed_record();
    let mut sent = intent();
    sent.id += 1;
    let error = assert_rejected(&mut record, Reason::InvalidTransition, None, |r| {
        r.apply(EventInput::commit(&sent), executed_at()).map(drop)
    });
    assert_eq!(error.problem(), &Problem::InvalidTransition { from: Some(IntentStatus::Committed), event: "commit" });
}

// ---------------------------------------------------------------------------------------------
// CLOCK_WENT_BACKWARDS, then INVALID_TRANSITION, then the operation's rules

#[test]
fn every_event_earlier_than_the_last_is_clock_went_backwards() {
    for from in &STATES {
        for event in EVENTS.iter().filter(|event| !is_replay(from, event)) {
            let mut record = record_in(from);
            let last = record.last_event_at();
            let now = shift(last, -NANO);
            assert_eq!(record.check_event(event, now).map_err(|e| e.reason()), Err(Reason::ClockWentBackwards));
            let error = assert_rejected(&mut record, Reason::ClockWentBackwards, None, |r| apply(event, r, now));
            assert_eq!(error.problem(), &Problem::ClockWentBackwards { now, last });
        }
    }
}

#[test]
fn commit_before_the_quote_is_clock_went_backwards() {
    let mut record = quoted_record();
    assert_rejected(&mut record, Reason::ClockWentBackwards, None, |r| commit(r, shift(quoted_at(), -NANO)));
}

#[test]
fn an_event_at_the_instant_of_the_last_is_not_backwards() {
    let mut record = committed_record();
    let _ = record.apply(EventInput::execute_with(&hash_request(), hash_facts()), committed_at()).unwrap();
    let _ = record.apply(EventInput::fail("bridge reverted"), committed_at()).unwrap();
    let _ = record.apply(EventInput::refund(), committed_at()).unwrap();
    assert_eq!(record.status(), &IntentStatus::Refunded);
}

#[test]
fn clock_went_backwards_comes_before_invalid_transition() {
    let mut record = record_in(&IntentStatus::Succeeded);
    assert_rejected(&mut record, Reason::ClockWentBackwards, None, |r| r.apply(EventInput::refund(), executed_at()));
    let mut record = quoted_record();
    assert_rejected(&mut record, Reason::ClockWentBackwards, None, |r| {
        r.apply(EventInput::expire(), secs(quoted_at(), -1))
    });
}

#[test]
fn invalid_transition_comes_before_the_operations_rules() {
    // abort("") on EXECUTING: the transition is wrong before the reason is.
    let mut record = executing_record();
    assert_rejected(&mut record, Reason::InvalidTransition, None, |r| r.apply(EventInput::abort(""), later()));
    // fail("") on COMMITTED.
    let mut record = committed_record();
    assert_rejected(&mut record, Reason::InvalidTransition, None, |r| r.apply(EventInput::fail(""), later()));
    // expire on QUOTED, long before any window.
    let mut record = quoted_record();
    assert_rejected(&mut record, Reason::InvalidTransition, None, |r| r.apply(EventInput::expire(), committed_at()));
    // execute of a request for another intent on QUOTED.
    let mut request = hash_request();
    request.intent_id = "another".into();
    assert_rejected(&mut record, Reason::InvalidTransition, None, |r| {
        r.apply(EventInput::execute(&request), committed_at())
    });
    // commit of a modified intent, after the quote expired, on COMMITTED.
    let mut record = committed_record();
    let mut sent = intent();
    sent.id += 1;
    assert_rejected(&mut record, Reason::InvalidTransition, None, |r| {
        r.apply(EventInput::commit_with(&sent, Some(&sent.service_contracts)), secs(expires_at(), 1))
            .map(|_| r.intent().intent_id.clone())
    });
}

// ---------------------------------------------------------------------------------------------
// Expire and the execution window

#[test]
fn expire_before_the_window_closes_is_window_still_open() {
    let mut record = committed_record();
    let now = shift(window_closes_at(), -NANO);
    let error = assert_rejected(&mut record, Reason::WindowStillOpen, None, |r| r.apply(EventInput::expire(), now));
    assert_eq!(error.problem(), &Problem::WindowStillOpen { now, closes_at: window_closes_at() });
}

#[test]
fn expire_at_the_window_close_aborts_with_its_reason() {
    let mut record = committed_record();
    let _ = record.apply(EventInput::expire(), window_closes_at()).unwrap();
    assert_eq!(record.status(), &IntentStatus::Aborted);
    assert_eq!(record.status_reason(), Some("execution window expired"));
    assert_eq!(WINDOW_EXPIRED_REASON, "execution window expired");
    assert_eq!(
        seen(record.receipt(window_closes_at())),
        receipt(IntentStatus::Aborted, Some("execution window expired"), window_closes_at())
    );
}

#[test]
fn expire_after_the_window_close_aborts() {
    let mut record = committed_record();
    let now = secs(window_closes_at(), 3600);
    let receipt_before_expire = record.receipt(now);
    let _ = record.apply(EventInput::expire(), now).unwrap();
    assert_eq!(record.status(), &IntentStatus::Aborted);
    assert_eq!(record.last_event_at(), now);
    assert_eq!(record.status_since(), window_closes_at(), "the status dates from the window's close");
    assert_eq!(record.receipt(now), receipt_before_expire, "a late expire does not change the receipt");
}

#[test]
fn committed_record_past_its_window_reads_aborted_before_expire_is_applied() {
    let record = committed_record();
    let just_before = shift(window_closes_at(), -NANO);
    assert_eq!(record.status_at(just_before), IntentStatus::Committed);
    assert_eq!(seen(record.receipt(just_before)), receipt(IntentStatus::Committed, None, committed_at()));

    for now in [window_closes_at(), secs(window_closes_at(), 86_400)] {
        assert_eq!(record.status_at(now), IntentStatus::Aborted);
        assert_eq!(
            seen(record.receipt(now)),
            receipt(IntentStatus::Aborted, Some("execution window expired"), window_closes_at())
        );
    }
    // Reading does not change the stored record.
    assert_eq!(record.status(), &IntentStatus::Committed);
    assert_eq!(record, committed_record());
}

#[test]
fn reading_a_record_in_another_state_past_the_window_reads_its_own_status() {
    for status in [IntentStatus::Quoted, IntentStatus::Executing, IntentStatus::Aborted, IntentStatus::Refunded] {
        let record = record_in(&status);
        assert_eq!(record.status_at(secs(window_closes_at(), 1)), status);
    }
}

// ---------------------------------------------------------------------------------------------
// Status reasons

#[test]
fn fail_without_a_reason_is_status_reason_required() {
    let mut record = executing_record();
    assert_rejected(&mut record, Reason::StatusReasonRequired, Some("reason"), |r| {
        r.apply(EventInput::fail(""), later())
    });
}

#[test]
fn abort_without_a_reason_is_status_reason_required() {
    let mut record = committed_record();
    assert_rejected(&mut record, Reason::StatusReasonRequired, Some("reason"), |r| {
        r.apply(EventInput::abort(""), later())
    });
}

#[test]
fn fail_records_its_reason() {
    let mut record = executing_record();
    let _ = record.apply(EventInput::fail("bridge reverted"), later()).unwrap();
    assert_eq!(record.status(), &IntentStatus::Failed);
    assert_eq!(seen(record.receipt(later())), receipt(IntentStatus::Failed, Some("bridge reverted"), later()));
}

#[test]
fn abort_records_its_reason() {
    let mut record = committed_record();
    let _ = record.apply(EventInput::abort("owner cancelled"), later()).unwrap();
    assert_eq!(record.status(), &IntentStatus::Aborted);
    assert_eq!(record.status_reason(), Some("owner cancelled"));
}

#[test]
fn refund_keeps_the_earlier_status_reason() {
    let refund_at = secs(later(), 10);

    let mut failed = record_in(&IntentStatus::Failed);
    let _ = failed.apply(EventInput::refund(), refund_at).unwrap();
    assert_eq!(seen(failed.receipt(refund_at)), receipt(IntentStatus::Refunded, Some("bridge reverted"), refund_at));

    let mut aborted = record_in(&IntentStatus::Aborted);
    let _ = aborted.apply(EventInput::refund(), refund_at).unwrap();
    assert_eq!(aborted.status_reason(), Some("owner cancelled"));

    let mut expired = committed_record();
    let _ = expired.apply(EventInput::expire(), window_closes_at()).unwrap();
    let _ = expired.apply(EventInput::refund(), secs(window_closes_at(), 1)).unwrap();
    assert_eq!(expired.status(), &IntentStatus::Refunded);
    assert_eq!(expired.status_reason(), Some("execution window expired"));
}

#[test]
fn lifecycle_errors_have_the_kinds_of_spec_section_8() {
    let mut record = executing_record();
    let error = record.apply(EventInput::abort("x"), later()).unwrap_err();
    assert_eq!((error.body().error, error.body().code, error.body().status), ("IntentStatus", 2004, 422));
    let error = record.apply(EventInput::fail(""), later()).unwrap_err();
    assert_eq!(error.body().cause, "STATUS_REASON_REQUIRED at reason");
}

#[test]
fn every_invalid_transition_names_its_event() {
    for event in &EVENTS {
        match event.invalid_transition(Some(&IntentStatus::Refunded)).problem() {
            Problem::InvalidTransition { from, event: name } => {
                assert_eq!((from, *name), (&Some(IntentStatus::Refunded), event.name()));
            }
            other => panic!("{event}: {other:?}"),
        }
    }
}
