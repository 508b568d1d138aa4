//! The `lifecycle` target's properties: arbitrary timed events on a record, each checked
//! against the reference model of docs/spec.md §6–7 (`intent_test_support::model`, the one
//! the library's and intentctl's tests use), the record passed through its state between
//! events. The input and how it is built is `lifecycle_input`'s.

use super::*;

use intent_core::{Step as ExecutionStep, TransactionStatus, TransactionType};
use intent_test_support::generators::nanos as instant;
use intent_test_support::model::{
    self, assert_follows, Expected, Judged, KnownFollowed, KnownReceipt, KnownRequest, KnownRetry, Lifetimes, Model,
    ModelEvent, Verdict,
};

/// What one step did: the event, its result, and the status after it.
pub type StepOutcome = (Option<LifecycleEvent>, Result<(), Reason>, IntentStatus);

/// `fuzz_targets/lifecycle.rs`: the example intent quoted (always accepted, by the choice
/// of the quote instant; with or without the example gas fee options, which may expire
/// earlier or later; and with `onlyNativeGasFee` set or not), then the steps played against
/// its [`IntentRecord`] and the reference model. Nothing panics, and after every step:
/// - the record answered as the model expects (a replay, a change, or the reason of a
///   refusal: the clock check first, then the transition check, then the operation's rules,
///   modelled for all but the signature and deposit-evidence rules of execute, where the
///   model follows the library);
/// - a failed event left the record `==` to before, a replay too;
/// - a successful one moved the status along docs/spec.md §6's table (so SUCCEEDED and
///   REFUNDED stay final), counted one revision and set `last_event_at` and `status_since`
///   to its time (an expire dates the status from the window's close, and leaves the
///   receipt as it read just before);
/// - `last_event_at` never decreases;
/// - the record reads as the model says (`status_at(t)` is ABORTED for a COMMITTED record
///   at and past its window's close), and the receipt agrees.
///
/// Returns what each step did.
pub fn lifecycle(input: &LifecycleInput) -> Vec<StepOutcome> {
    let examples = examples();
    let ttl = input.quote_ttl_seconds.map_or(Policy::DEFAULT.quote_ttl_seconds, |ttl| u64::from(ttl.max(1)));
    let policy = Policy {
        quote_ttl_seconds: ttl,
        execution_window_seconds: input
            .execution_window_seconds
            .map_or(Policy::DEFAULT.execution_window_seconds, u64::from),
        ..Policy::DEFAULT
    };
    let before_expiry = 1 + i64::try_from(u64::from(input.quoted_before_expiry) % ttl).unwrap_or(i64::MAX);
    let quoted_at = shift(examples.intent.expires_at, -i128::from(before_expiry) * NANOS + nanos(input.quoted_nanos));
    let gas_fee_options = input.with_gas_fee_options.then(|| {
        let mut options = examples.gas_fee_options.clone();
        let moved_by = input.fee_options_expiry_shift.map_or(0, i128::from);
        options.expires_at = shift(options.expires_at, moved_by * NANOS);
        options
    });
    let quoted = if input.only_native_gas_fee {
        let mut intent = examples.intent.clone();
        intent.quote_request.only_native_gas_fee = Some(true);
        let hash = intent.canonical_hash();
        (intent, hash)
    } else {
        (examples.intent.clone(), examples.intent_hash)
    };
    let lifetimes = Lifetimes::of(&quoted.0, gas_fee_options.as_ref(), &policy);
    let mut record = IntentRecord::quote(quoted.0.clone(), gas_fee_options, &policy, quoted_at)
        .unwrap_or_else(|error| panic!("the example intent is refused at {quoted_at}: {error}"));
    let mut model = Model::quoted(lifetimes, instant(quoted_at));
    check_record(&record, &model, quoted_at, &quoted);

    let mut now = quoted_at;
    let mut outcomes = Vec::new();
    for step in input.steps.iter().take(MAX_STEPS) {
        now = step.time.apply(now, &record);
        let before = record.clone();
        let (op, result, expected) = play(&mut record, &mut model, &step.event, now);
        let context = format!("{op:?} at {now} from {:?}", before.status());
        let reason = result.as_ref().map(drop).map_err(Error::reason);
        match (expected, &result) {
            // docs/spec.md §6.3: a retried commit or execute succeeds before any check and
            // changes nothing, not even the revision.
            (Expected::Replay, Ok(Applied::Replay)) => assert_eq!(record, before, "a replay changed the record"),
            (Expected::Changed | Expected::Undecided, Ok(Applied::Changed)) => {}
            (Expected::Refused(first), Err(_)) => assert_eq!(reason, Err(first), "{context}"),
            (Expected::Undecided, Err(_)) => {}
            _ => panic!("{context}: the model expects {expected:?}, the record answered {result:?}"),
        }
        match &result {
            Err(error) => {
                check_error(error);
                assert_eq!(record, before, "a failed {op:?} ({error}) changed the record");
            }
            Ok(Applied::Replay) => {}
            // Execution after the deposit (docs/spec.md §6.7): the model's reading decides.
            Ok(Applied::Changed) if op.is_none() => assert!(record.revision() > before.revision()),
            Ok(Applied::Changed) => {
                let op = op.expect("a table event");
                let allowed = model::next_status(Some(before.status()), op);
                assert_eq!(Some(record.status()), allowed.as_ref(), "{context}");
                assert_eq!(record.revision(), before.revision() + 1, "a change counts one revision");
                assert_eq!(record.last_event_at(), now, "{op:?} did not record its time");
                if op == LifecycleEvent::Commit {
                    assert_eq!(record.committed_at(), Some(now));
                }
                if op == LifecycleEvent::Expire {
                    assert_eq!(Some(record.status_since()), record.execution_window_closes_at());
                    assert_eq!(record.receipt(now), before.receipt(now), "expire changed what the receipt says");
                } else {
                    assert_eq!(record.status_since(), now);
                }
            }
        }
        if model::is_final(before.status()) {
            assert_eq!(record.status(), before.status(), "a final status changed");
        }
        assert!(record.last_event_at() >= before.last_event_at(), "last_event_at went back");
        check_record(&record, &model, now, &quoted);
        // Between two events the record leaves memory, as in a stateless server.
        record = through_state(&record);
        outcomes.push((op, reason, record.status().clone()));
    }
    outcomes
}

/// `record` written as its RecordState JSON (by `to_string` and, the same text, by
/// `state_json`; and in its two parts, joined), read back and restored: the same record, with the same revision and next
/// deadline (docs/spec.md §6.2).
pub(crate) fn through_state(record: &IntentRecord) -> IntentRecord {
    let text = to_string(&record.state());
    let mut written = record.clone();
    assert_eq!(written.state_json(StatePart::Whole), text, "state_json differs from the state's text");
    assert_eq!(written.state_json(StatePart::Whole), text, "state_json differs from the state's text, written again");
    let state = from_slice::<RecordState>(text.as_bytes()).unwrap_or_else(|e| panic!("a state does not parse: {e}"));
    // Its quoted and changing parts, joined, are the same state.
    let joined =
        RecordState::join_json(&written.state_json(StatePart::Quoted), &written.state_json(StatePart::Changing))
            .unwrap_or_else(|e| panic!("a state's parts do not join: {e}"));
    let parts =
        from_slice::<RecordState>(joined.as_bytes()).unwrap_or_else(|e| panic!("joined parts do not parse: {e}"));
    assert_eq!(parts, state, "a state's joined parts differ from the state");
    let restored = IntentRecord::from_state(state).unwrap_or_else(|e| panic!("a state does not restore: {e}"));
    assert_eq!(&restored, record, "a restored record differs");
    assert_eq!((restored.revision(), restored.next_deadline()), (record.revision(), record.next_deadline()));
    restored
}

/// Plays one event on `record` and, when it changes the record, on `model`: its operation,
/// its result, and what the model expected of it before it was played. The model is told
/// what the event's input is known to break, from the input itself.
pub(crate) fn play(
    record: &mut IntentRecord,
    model: &mut Model,
    event: &Event,
    now: Timestamp,
) -> (Option<LifecycleEvent>, Result<Applied, Error>, Expected) {
    match event {
        // A second quote: the record's check of the event, which the table refuses.
        Event::Quote => play_one(record, model, now, ModelEvent::Quote, None),
        Event::Commit { intent, contracts } => {
            let intent = intent.build(record.intent());
            let contracts = contracts.build(&intent.service_contracts);
            let modified = intent.canonical_hash() != record.intent_hash();
            if modified {
                let changed = changed_paths(record.intent(), &intent);
                assert!(!changed.is_empty(), "a changed intent has no changed paths");
                check_changed_paths(&changed);
            }
            let contracts_match = contracts == record.intent().service_contracts;
            let input = EventInput::commit_with(&intent, Some(&contracts));
            play_one(record, model, now, ModelEvent::Commit { modified, contracts_match }, Some(input))
        }
        Event::Execute { request, facts } => {
            let request = request.build(record, now);
            let token_permit = facts.token_permit.as_ref().map(TokenPermitChoice::build);
            let evidence = match (&facts.deposit_evidence, request.deposit_transaction_hash) {
                (Some(choice), Some(hash)) => Some(choice.build(record.intent(), hash)),
                (Some(choice), None) => Some(choice.build(record.intent(), B256::ZERO)),
                (None, _) => None,
            };
            let facts = ChainFacts {
                token_permit: token_permit.as_ref(),
                entrypoint_nonce: facts.entrypoint_nonce.map(U256::from),
                accept_unverified_permit: facts.accept_unverified_permit,
                deposit_evidence: evidence.as_ref(),
                accept_unverified_deposit: facts.accept_unverified_deposit,
            };
            let known = known_request(record, &request, &facts);
            let input = EventInput::execute_with(&request, facts);
            let (op, result, expected) = play_one(record, model, now, ModelEvent::Execute(&known), Some(input));
            if let (Ok(Applied::Changed), Some(hash), Some(evidence)) =
                (&result, request.deposit_transaction_hash, facts.deposit_evidence)
            {
                // docs/spec.md §7: an accepted deposit hash is the evidence's transaction, on
                // the origin chain, succeeded and confirmed.
                assert_eq!((evidence.receipt.transaction_hash, evidence.transaction.hash), (hash, hash));
                assert_eq!(evidence.chain_id.0, U256::from(record.intent().origin_chain_id));
                assert_eq!(evidence.receipt.status.0, U256::from(1));
                assert!(evidence.head_block_number >= evidence.receipt.block_number, "an unconfirmed deposit accepted");
            }
            if let (Ok(Applied::Changed), Some(signature)) = (&result, &request.deposit_signature) {
                // docs/spec.md §6.5: a permit is accepted unverified only on the explicit opt-in,
                // and an entrypoint-mode nonce only when it is the owner's current one.
                if signature.permit_signature.is_some() {
                    assert!(
                        facts.token_permit.is_some() || facts.accept_unverified_permit,
                        "permit accepted unverified"
                    );
                }
                if signature.intent_signature.is_some() {
                    if let Some(current) = facts.entrypoint_nonce {
                        assert_eq!(signature.user_nonce, Some(current), "nonce other than the entrypoint's accepted");
                    }
                }
            }
            (op, result, expected)
        }
        Event::Fail(reason) => play_one(record, model, now, ModelEvent::Fail(reason), Some(EventInput::fail(reason))),
        Event::Succeed => play_one(record, model, now, ModelEvent::Succeed, Some(EventInput::succeed())),
        Event::Abort(reason) => {
            play_one(record, model, now, ModelEvent::Abort(reason), Some(EventInput::abort(reason)))
        }
        Event::Expire => play_one(record, model, now, ModelEvent::Expire, Some(EventInput::expire())),
        Event::Refund => play_one(record, model, now, ModelEvent::Refund, Some(EventInput::refund())),
        Event::Progress(choice) => {
            let (report, progressed, same_as_kept) = choice.build(record);
            let event = ModelEvent::Progress { progressed, same_as_kept };
            play_one(record, model, now, event, Some(EventInput::progress(&report)))
        }
        Event::Balance(choice) => {
            let (fact, known) = choice.build(record);
            play_one(record, model, now, ModelEvent::Balance(known), Some(EventInput::balance(&fact)))
        }
        Event::OriginReceipt(choice) => {
            let (evidence, built, reason, refunded) = choice.build(record);
            let known = KnownReceipt {
                hash_matches: built.hash_matches,
                chain_matches: built.chain_matches,
                confirmed: built.confirmed,
                judged: match (&reason, refunded) {
                    // Succeeded, or a cross-chain intent's burn (docs/spec.md §6.9).
                    (None, _) => built.judged,
                    (Some(reason), false) => Judged::Failed(reason),
                    (Some(reason), true) => Judged::Refunded(reason),
                },
            };
            play_one(record, model, now, ModelEvent::OriginReceipt(known), Some(EventInput::origin_receipt(&evidence)))
        }
        Event::Attestation(choice) => {
            let (fact, known) = choice.build(record);
            play_one(record, model, now, ModelEvent::Attestation(known), Some(EventInput::attestation(&fact)))
        }
        Event::OriginGone(choice) => {
            let (gone, known) = choice.origin_gone(record);
            play_one(record, model, now, ModelEvent::OriginGone(known), Some(EventInput::origin_gone(&gone)))
        }
        Event::RouteReceipt(choice) => {
            let (evidence, known) = choice.route_receipt(record);
            play_one(record, model, now, ModelEvent::RouteReceipt(known), Some(EventInput::route_receipt(&evidence)))
        }
        Event::DestinationReceipt(choice) => {
            let (evidence, reason, known) = choice.destination_receipt(record);
            let known = KnownFollowed { judged: reason.as_deref().map_or(Judged::Succeeded, Judged::Failed), ..known };
            let input = EventInput::destination_receipt(&evidence);
            play_one(record, model, now, ModelEvent::DestinationReceipt(known), Some(input))
        }
        Event::Retry(choice) => {
            let kept = record.transactions().iter().find(|t| t.kind == TransactionType::Deposit);
            let hash = match (choice.kept, kept.and_then(|t| t.txn_hash)) {
                (true, Some(hash)) => hash,
                _ => RETRY_HASH,
            };
            let same_as_kept =
                kept.is_some_and(|t| t.status == TransactionStatus::Succeeded && t.txn_hash == Some(hash));
            let evidence = choice.evidence.as_ref().map(|evidence| evidence.build(record.intent(), hash));
            // The deposit rules against evidence are left to the library, as for execute.
            let verdict =
                if evidence.is_some() { Verdict::Undecided } else { Verdict::Fails(Reason::DepositUnverified) };
            let known = KnownRetry { same_as_kept, evidence: verdict };
            let facts = ChainFacts { deposit_evidence: evidence.as_ref(), ..ChainFacts::NONE };
            let (op, result, expected) =
                play_one(record, model, now, ModelEvent::Retry(known), Some(EventInput::retry(hash, facts)));
            if let (Ok(Applied::Changed), Some(evidence)) = (&result, &evidence) {
                // docs/spec.md §6.8: a replacement is the evidence's transaction, on the origin
                // chain, succeeded and confirmed, and the record then asks for the balance.
                assert_eq!((evidence.receipt.transaction_hash, evidence.transaction.hash), (hash, hash));
                assert_eq!(evidence.chain_id.0, U256::from(record.intent().origin_chain_id));
                assert_eq!(evidence.receipt.status.0, U256::from(1));
                assert!(evidence.head_block_number >= evidence.receipt.block_number, "an unconfirmed deposit accepted");
                let next = record.next_step(now);
                assert!(
                    matches!(next, Some(ExecutionStep::ReadBalance { .. } | ExecutionStep::Fail { .. })),
                    "{next:?}"
                );
            }
            assert!(!matches!(result, Ok(Applied::Changed)) || evidence.is_some(), "a retry accepted unverified");
            (op, result, expected)
        }
    }
}

/// The hash of a replacement deposit other than the one the record keeps.
const RETRY_HASH: B256 = B256::repeat_byte(0x7e);

/// Plays `event` on `model` and `input` on `record` at `now` (no input: a quote, which the
/// record only checks), applying the event to the model when the record changed: the
/// operation, the record's result and what the model expected before.
fn play_one(
    record: &mut IntentRecord,
    model: &mut Model,
    now: Timestamp,
    event: ModelEvent,
    input: Option<EventInput>,
) -> (Option<LifecycleEvent>, Result<Applied, Error>, Expected) {
    let at = instant(now);
    let expected = model.expect(&event, at);
    let result = match input {
        Some(input) => record.apply(input, now),
        None => record.check_event(&event.kind().expect("a quote"), now).map(|_| Applied::Changed),
    };
    if matches!(result, Ok(Applied::Changed)) {
        model.apply(&event, at);
    }
    (event.kind(), result, expected)
}

/// What the model is told of an execute `request` on `record` with `facts` (docs/spec.md §7):
/// the rule that breaks before the window (another intent id, no deposit proof, both), and
/// after it, for a deposit hash without evidence, `DEPOSIT_UNVERIFIED` unless unverified
/// deposits are accepted. The deposit rules against evidence and the signature rules (the
/// deadlines included) are left to the library.
fn known_request(record: &IntentRecord, request: &ExecuteRequest, facts: &ChainFacts) -> KnownRequest {
    let fails_first = match (&request.deposit_transaction_hash, &request.deposit_signature) {
        _ if request.intent_id != record.intent().intent_id => Some(Reason::IntentIdMismatch),
        (None, None) => Some(Reason::DepositProofMissing),
        (Some(_), Some(_)) => Some(Reason::DepositProofConflict),
        _ => None,
    };
    let then = match (&request.deposit_transaction_hash, facts.deposit_evidence) {
        (Some(_), None) if facts.accept_unverified_deposit => Verdict::Passes,
        (Some(_), None) => Verdict::Fails(Reason::DepositUnverified),
        _ => Verdict::Undecided,
    };
    // docs/spec.md §6.6: an execute whose evidence proved its deposit hash keeps the deposit SUCCEEDED.
    let proves_deposit = request.deposit_transaction_hash.is_some() && facts.deposit_evidence.is_some();
    KnownRequest { fails_first, then, proves_deposit, ..KnownRequest::passing(request.canonical_hash()) }
}

/// What holds of a record at any time: its intent and hash are the quoted ones, its status
/// dates from no later than its last event, and it is, and reads as, what the model says.
pub(crate) fn check_record(record: &IntentRecord, model: &Model, now: Timestamp, (intent, hash): &(Intent, B256)) {
    assert_eq!(record.intent_hash(), *hash);
    assert_eq!(record.intent(), intent);
    assert!(record.status_since() <= record.last_event_at(), "status_since after last_event_at");
    assert_follows(record, model, now, &"the record");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(event: Event) -> Step {
        Step { time: TimeStep::Later { seconds: 1, nanos: 0 }, event }
    }

    /// An origin receipt whose calls succeeded, with the fee paid and the burn.
    fn burned() -> ReceiptChoice {
        ReceiptChoice {
            other_hash: false,
            other_chain: false,
            head_below: false,
            reverted: false,
            calls: Vec::new(),
            refund: false,
            fee_short: None,
            burn: true,
        }
    }

    fn followed() -> FollowedChoice {
        FollowedChoice {
            other_hash: false,
            other_chain: false,
            head_below: false,
            reverted: false,
            call_missing: false,
            short: false,
        }
    }

    /// The target's input can play a cross-chain intent from its quote through its burn,
    /// attestation, mint and destination to SUCCEEDED (docs/spec.md §6.9), each step as the
    /// model expects.
    #[test]
    fn the_input_reaches_a_cross_chain_intent_past_its_burn() {
        let balance = || BalanceChoice { other: None, below: false, delta: 0, block: 0 };
        let steps = vec![
            step(Event::Commit { intent: IntentChoice::Quoted, contracts: ContractsChoice::Intents }),
            step(Event::Execute {
                request: Box::new(RequestChoice {
                    intent_id: None,
                    deposit_transaction_hash: Some([0x5e; 32]),
                    deposit_signature: None,
                }),
                facts: Box::new(ChainFactsChoice {
                    token_permit: None,
                    entrypoint_nonce: None,
                    accept_unverified_permit: false,
                    deposit_evidence: None,
                    accept_unverified_deposit: true,
                }),
            }),
            step(Event::Progress(ProgressChoice::DepositSucceeded)),
            step(Event::Balance(balance())),
            step(Event::Progress(ProgressChoice::OriginSent)),
            step(Event::OriginReceipt(Box::new(burned()))),
            step(Event::OriginGone(followed())),
            step(Event::Progress(ProgressChoice::OriginMining)),
            step(Event::OriginReceipt(Box::new(burned()))),
            step(Event::Attestation(AttestationChoice { broken: None, fee: 500, two: false })),
            step(Event::Progress(ProgressChoice::RouteSent)),
            step(Event::RouteReceipt(FollowedChoice { reverted: true, ..followed() })),
            step(Event::Progress(ProgressChoice::RouteSent)),
            step(Event::RouteReceipt(followed())),
            step(Event::Balance(balance())),
            step(Event::Progress(ProgressChoice::DestinationSent)),
            step(Event::DestinationReceipt(followed())),
        ];
        let input = LifecycleInput {
            quoted_before_expiry: 100,
            quoted_nanos: 0,
            quote_ttl_seconds: None,
            execution_window_seconds: None,
            with_gas_fee_options: true,
            fee_options_expiry_shift: None,
            only_native_gas_fee: false,
            steps,
        };
        let outcomes = lifecycle(&input);
        for (index, (op, result, status)) in outcomes.iter().enumerate() {
            assert_eq!(*result, Ok(()), "step {index} ({op:?}) in {status}");
        }
        assert_eq!(outcomes.last().map(|(_, _, status)| status.clone()), Some(IntentStatus::Succeeded));
    }
}
