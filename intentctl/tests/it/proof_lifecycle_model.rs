//! The lifecycle against the reference model: random sequences of (time step, event) run on
//! an `IntentRecord` and, as a scenario, through `Scenario::run`, and the reference model of
//! docs/spec.md §6 (`intent_test_support::model`: its own transition table, order of checks
//! and boundary arithmetic) decides the status and the reason of every step. The library must
//! agree at every step, and the record read as the model says; a failed event leaves the
//! record unchanged; SUCCEEDED and REFUNDED stay final.
//!
//! The model is told what each input was built to be: whether a commit sends the quoted
//! intent, a changed one or other service contracts, and how each execute request was built
//! (valid, another intent id, no proof, both proofs, a signature deadline in the past,
//! another signer). What depends on time — lifetimes, windows, deadlines — it computes
//! itself.

// The library's integration-test support (`tests/it/`), shared rather than copied.
use intent_test_support::model::{self, assert_follows, Expected, KnownRequest, Lifetimes, Model, ModelEvent, Verdict};
use intent_test_support::{generators, support};

use support::proptest_config;

use generators::{at_nanos, flip_or_fill, floor_seconds, nanos, Config, Mode, World, NS};
use intent_core::eip712::EntrypointNames;
use intent_core::Event as LifecycleEvent;
use intent_core::{
    from_slice, to_string, Canonical, DepositSignature, Error, ExecuteRequest, Intent, IntentStatus, Reason,
    ServiceContracts, Timestamp, UnknownMembers,
};
use intent_core::{EventInput, IntentRecord};
use intent_documents::{PermitDomainInput, Scenario};
use intent_documents::{ScenarioEvent, TokenPermitInput};
use proptest::collection::vec;
use proptest::prelude::*;
use support::{any_choices, canonical_text, mutate, parse_json, Choices, Kind};

// ---------------------------------------------------------------------------------------------
// Events

/// What a commit sends back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CommitWith {
    /// The quoted intent and its own service contracts.
    Quoted,
    /// The quoted intent with one change of meaning: the one drawn with this index's choices
    /// (below [`CHANGES`]).
    Changed(u8),
    /// The quoted intent with other service contracts.
    OtherContracts,
}

/// How an execute request was built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Request {
    /// The world's valid request.
    Valid,
    /// Another intent id.
    WrongId,
    /// Neither a deposit hash nor a signature.
    NoProof,
    /// Both.
    Conflict,
    /// A signature deadline before the world's execute time (when there is one).
    OldDeadline,
    /// Signed by someone else.
    OtherSigner,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Event {
    Quote,
    Commit(CommitWith),
    Execute(Request),
    /// `fail` with a reason (true) or with `""`.
    Fail(bool),
    Succeed,
    /// `abort` with a reason (true) or with `""`.
    Abort(bool),
    Expire,
    Refund,
}

impl Event {
    /// The lifecycle event this is one way of playing.
    fn kind(&self) -> LifecycleEvent {
        match self {
            Event::Quote => LifecycleEvent::Quote,
            Event::Commit(_) => LifecycleEvent::Commit,
            Event::Execute(_) => LifecycleEvent::Execute,
            Event::Fail(_) => LifecycleEvent::Fail,
            Event::Succeed => LifecycleEvent::Succeed,
            Event::Abort(_) => LifecycleEvent::Abort,
            Event::Expire => LifecycleEvent::Expire,
            Event::Refund => LifecycleEvent::Refund,
        }
    }
}

/// How many changed intents a case draws for its commits.
const CHANGES: u8 = 3;

/// One of the changed intents.
fn change() -> impl Strategy<Value = u8> {
    0..CHANGES
}

fn event() -> impl Strategy<Value = Event> {
    use Request::*;
    prop_oneof![
        1 => Just(Event::Quote),
        3 => prop_oneof![
            4 => Just(CommitWith::Quoted),
            1 => change().prop_map(CommitWith::Changed),
            1 => Just(CommitWith::OtherContracts),
        ].prop_map(Event::Commit),
        4 => prop_oneof![
            6 => Just(Valid),
            1 => Just(WrongId),
            1 => Just(NoProof),
            1 => Just(Conflict),
            2 => Just(OldDeadline),
            1 => Just(OtherSigner),
        ].prop_map(Event::Execute),
        1 => prop_oneof![4 => Just(true), 1 => Just(false)].prop_map(Event::Fail),
        1 => Just(Event::Succeed),
        1 => prop_oneof![4 => Just(true), 1 => Just(false)].prop_map(Event::Abort),
        2 => Just(Event::Expire),
        2 => Just(Event::Refund),
    ]
}

/// How the time moves before an event.
#[derive(Debug, Clone, Copy)]
enum TimeStep {
    /// By this many nanoseconds: none, one, seconds, a minute, across the quote lifetime or
    /// the execution window, and now and then backwards.
    By(i128),
    /// To one of the instants where a rule changes its mind (an expiry, the window's end,
    /// the first instant past a deadline), or to the nanosecond before it (`true`).
    ToBoundary(u8, bool),
}

fn time_step() -> impl Strategy<Value = TimeStep> {
    prop_oneof![
        12 => prop_oneof![
            2 => Just(0i128),
            1 => Just(1i128),
            4 => 0..5 * NS,
            3 => 5 * NS..60 * NS,
            1 => 250 * NS..350 * NS,
            2 => 550 * NS..650 * NS,
            1 => -10 * NS..0,
            1 => Just(-1i128),
        ].prop_map(TimeStep::By),
        3 => (any::<u8>(), any::<bool>()).prop_map(|(k, before)| TimeStep::ToBoundary(k, before)),
    ]
}

/// The instants where the model's rules change their answer, for [`TimeStep::ToBoundary`].
fn boundaries(model: &Model, requests: &Inputs) -> Vec<i128> {
    let lifetimes = &model.lifetimes;
    let mut instants = vec![lifetimes.expires_at, lifetimes.expires_at - lifetimes.quote_ttl];
    instants.extend(lifetimes.fee_options_expire_at);
    instants.extend(model.closes_at());
    for (_, _, request) in &requests.requests {
        for deadline in [request.deadline, request.permit_deadline].into_iter().flatten() {
            // floor(now) > deadline from the second after it.
            instants.push((i128::from(deadline) + 1) * NS);
        }
    }
    instants
}

/// The events docs/spec.md §6 allows from a status (a guided step picks one of them).
fn allowed_events(status: Option<&IntentStatus>, change: u8) -> Vec<Event> {
    use Request::*;
    // Weighted: a repeated event is picked more often.
    let candidates = [
        Event::Quote,
        Event::Commit(CommitWith::Quoted),
        Event::Commit(CommitWith::Quoted),
        Event::Commit(CommitWith::Quoted),
        Event::Commit(CommitWith::Changed(change)),
        Event::Commit(CommitWith::OtherContracts),
        Event::Execute(Valid),
        Event::Execute(Valid),
        Event::Execute(Valid),
        Event::Execute(WrongId),
        Event::Execute(NoProof),
        Event::Execute(Conflict),
        Event::Execute(OldDeadline),
        Event::Execute(OtherSigner),
        Event::Abort(true),
        Event::Abort(false),
        Event::Expire,
        Event::Expire,
        Event::Fail(true),
        Event::Fail(true),
        Event::Fail(false),
        Event::Succeed,
        Event::Succeed,
        Event::Refund,
    ];
    let allowed: Vec<Event> =
        candidates.into_iter().filter(|e| model::next_status(status, e.kind()).is_some()).collect();
    if allowed.is_empty() {
        // A final status: nothing is allowed, so try what is refused.
        vec![Event::Quote, Event::Refund, Event::Succeed]
    } else {
        allowed
    }
}

/// Where the first event happens relative to the world's quote time: mostly there, sometimes
/// outside the quote lifetime.
fn start() -> impl Strategy<Value = i128> {
    prop_oneof![6 => Just(0i128), 1 => -400 * NS..0, 1 => 0..400 * NS]
}

const REASON: &str = "relayer reverted: out of gas ☠";

// ---------------------------------------------------------------------------------------------
// The inputs of the events, built once per world

struct Inputs {
    changed: Vec<Intent>,
    other_contracts: ServiceContracts,
    requests: Vec<(Request, ExecuteRequest, KnownRequest)>,
}

/// What the model knows of `request`: its hash and deadlines, and that it breaks `fails_first`
/// before the window, or else `then` after its deadlines.
fn known(request: &ExecuteRequest, fails_first: Option<Reason>, then: Verdict) -> KnownRequest {
    let signature = request.deposit_signature.as_ref();
    KnownRequest {
        canonical_hash: request.canonical_hash(),
        fails_first,
        deadline: signature.map(|s| s.deadline),
        permit_deadline: signature.and_then(|s| s.permit_deadline),
        then,
        proves_deposit: false,
    }
}

/// The commit and execute inputs of a world's events: the changed intents (one change of
/// meaning each, drawn with `changes`), other service contracts, and a request of every kind
/// the world can build.
fn inputs(world: &World, changes: Vec<Choices>) -> Inputs {
    let tree = parse_json(&world.intent.canonical_json());
    let changed = changes
        .into_iter()
        .map(|mut choices| {
            let mutation = mutate(&tree, Kind::Obj("Intent"), &mut choices);
            let intent: Intent = from_slice(canonical_text(&mutation.tree).as_bytes()).expect("parses");
            assert_ne!(intent.canonical_hash(), world.intent.canonical_hash(), "{}", mutation.what);
            intent
        })
        .collect();
    let mut other_contracts = world.intent.service_contracts.clone();
    other_contracts.service_router_address = flip_or_fill(other_contracts.service_router_address);

    let valid = world.request.clone();
    let mut requests = vec![(Request::Valid, valid.clone(), known(&valid, None, Verdict::Passes))];
    let mut wrong_id = valid.clone();
    wrong_id.intent_id.push('\u{0}');
    let facts = known(&wrong_id, Some(Reason::IntentIdMismatch), Verdict::Passes);
    requests.push((Request::WrongId, wrong_id, facts));
    let mut no_proof = valid.clone();
    no_proof.deposit_signature = None;
    no_proof.deposit_transaction_hash = None;
    let facts = known(&no_proof, Some(Reason::DepositProofMissing), Verdict::Passes);
    requests.push((Request::NoProof, no_proof, facts));
    let mut conflict = valid.clone();
    conflict.deposit_transaction_hash = Some(world.parts.hash);
    if conflict.deposit_signature.is_none() {
        conflict.deposit_signature = Some(DepositSignature {
            deadline: 0,
            intent_signature: None,
            permit_amount: None,
            permit_deadline: None,
            permit_signature: None,
            selected_gas_fee_option: world.gas_fee_options.fee_options[0].clone(),
            user_nonce: None,
            unknown: UnknownMembers::new(),
        });
    }
    let facts = known(&conflict, Some(Reason::DepositProofConflict), Verdict::Passes);
    requests.push((Request::Conflict, conflict, facts));
    if let Some(signature) = &valid.deposit_signature {
        // A deadline before the world's execute time (if that is after 1970).
        let mut old = signature.clone();
        let floor = floor_seconds(world.times.execute_at);
        old.deadline = u64::try_from((floor - 1 - i64::from(world.secret[1] % 100)).max(0)).unwrap();
        if world.mode == Mode::EntrypointPermit {
            old.permit_deadline = Some(old.deadline);
        }
        world.sign(&mut old);
        let request = world.request_with(Some(old));
        let facts = known(&request, None, Verdict::Passes);
        requests.push((Request::OldDeadline, request, facts));

        let mut other = signature.clone();
        let mut by_stranger = signature.clone();
        world.sign_with(&world.stranger_key(), &mut by_stranger);
        if world.mode.has_intent_signature() {
            other.intent_signature = by_stranger.intent_signature;
        } else {
            other.permit_signature = by_stranger.permit_signature;
        }
        let request = world.request_with(Some(other));
        let facts = known(&request, None, Verdict::Fails(Reason::SignerMismatch));
        requests.push((Request::OtherSigner, request, facts));
    }
    Inputs { changed, other_contracts, requests }
}

impl Inputs {
    /// The request of kind `kind` (the valid one for kinds a hash-mode world cannot build).
    fn request(&self, kind: Request) -> (&ExecuteRequest, &KnownRequest) {
        let found = self.requests.iter().find(|(k, _, _)| *k == kind).unwrap_or(&self.requests[0]);
        (&found.1, &found.2)
    }

    fn changed(&self, change: u8) -> &Intent {
        &self.changed[usize::from(change)]
    }

    /// `event` as the model sees it: what each input was built to be.
    fn model_event<'a>(&'a self, event: &Event) -> ModelEvent<'a> {
        let reason = |with_reason: bool| if with_reason { REASON } else { "" };
        match event {
            Event::Quote => ModelEvent::Quote,
            Event::Commit(CommitWith::Quoted) => ModelEvent::COMMIT,
            Event::Commit(CommitWith::Changed(_)) => ModelEvent::Commit { modified: true, contracts_match: true },
            Event::Commit(CommitWith::OtherContracts) => ModelEvent::Commit { modified: false, contracts_match: false },
            Event::Execute(kind) => ModelEvent::Execute(self.request(*kind).1),
            Event::Fail(with_reason) => ModelEvent::Fail(reason(*with_reason)),
            Event::Succeed => ModelEvent::Succeed,
            Event::Abort(with_reason) => ModelEvent::Abort(reason(*with_reason)),
            Event::Expire => ModelEvent::Expire,
            Event::Refund => ModelEvent::Refund,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The property

/// A world whose record uses the default entrypoint names (as `Scenario::run` does).
fn lifecycle_world() -> impl Strategy<Value = World> {
    prop_oneof![generators::world(Config::ANY), generators::world(Config::EVERY_MODE)].prop_map(|mut world| {
        if world.names != EntrypointNames::DEFAULT {
            world.names = EntrypointNames::DEFAULT;
            world.request = world.request_for(world.mode);
        }
        world
    })
}

fn apply(
    world: &World,
    inputs: &Inputs,
    record: &mut IntentRecord,
    event: &Event,
    at: Timestamp,
) -> Result<(Option<String>, bool), Error> {
    let intent = &world.intent;
    let reason = |with_reason: bool| if with_reason { REASON } else { "" };
    let input = match event {
        Event::Quote => return record.check_event(&LifecycleEvent::Quote, at).map(|_| (None, false)),
        Event::Commit(with) => {
            let (sent, contracts) = match with {
                CommitWith::Quoted => (intent, &intent.service_contracts),
                CommitWith::Changed(change) => {
                    let changed = inputs.changed(*change);
                    (changed, &changed.service_contracts)
                }
                CommitWith::OtherContracts => (intent, &inputs.other_contracts),
            };
            EventInput::commit_with(sent, Some(contracts))
        }
        Event::Execute(kind) => EventInput::execute_with(inputs.request(*kind).0, world.facts()),
        Event::Fail(with_reason) => EventInput::fail(reason(*with_reason)),
        Event::Succeed => EventInput::succeed(),
        Event::Abort(with_reason) => EventInput::abort(reason(*with_reason)),
        Event::Expire => EventInput::expire(),
        Event::Refund => EventInput::refund(),
    };
    let applied = record.apply(input, at)?;
    let intent_id = matches!(event, Event::Commit(_)).then(|| record.intent().intent_id.clone());
    Ok((intent_id, applied.is_replay()))
}

/// The events as a scenario of `intentctl run`.
fn scenario(world: &World, inputs: &Inputs, timeline: &[(Timestamp, Event)]) -> Scenario {
    let domain = &world.token_permit.domain;
    let token_permit = TokenPermitInput {
        domain: PermitDomainInput {
            chain_id: domain.chain_id,
            name: domain.name.as_ref().map(|n| n.to_string()),
            salt: domain.salt,
            verifying_contract: domain.verifying_contract,
            version: domain.version.as_ref().map(|v| v.to_string()),
            unknown: UnknownMembers::new(),
        },
        nonce: world.token_permit.nonce,
        unknown: UnknownMembers::new(),
    };
    let events = timeline
        .iter()
        .map(|(at, event)| {
            let mut e = ScenarioEvent {
                accept_unverified_deposit: None,
                accept_unverified_permit: None,
                at: *at,
                attestation: None,
                deposit_evidence: None,
                destination_receipt: None,
                origin_gone: None,
                route_receipt: None,
                deposit_transaction_hash: None,
                balance: None,
                origin_receipt: None,
                transaction: None,
                entrypoint_nonce: None,
                intent: None,
                op: LifecycleEvent::Quote.into(),
                reason: None,
                request: None,
                service_contracts: None,
                token_permit: None,
                unknown: UnknownMembers::new(),
            };
            match event {
                Event::Quote => {}
                Event::Commit(with) => {
                    e.op = LifecycleEvent::Commit.into();
                    match with {
                        CommitWith::Quoted => {}
                        CommitWith::Changed(change) => e.intent = Some(inputs.changed(*change).clone()),
                        CommitWith::OtherContracts => e.service_contracts = Some(inputs.other_contracts.clone()),
                    }
                }
                Event::Execute(kind) => {
                    e.op = LifecycleEvent::Execute.into();
                    e.request = Some(inputs.request(*kind).0.clone());
                    e.token_permit = Some(token_permit.clone());
                    e.entrypoint_nonce = world.facts().entrypoint_nonce;
                    e.deposit_evidence = Some(world.deposit_evidence.clone());
                }
                Event::Fail(with_reason) => {
                    e.op = LifecycleEvent::Fail.into();
                    e.reason = Some(if *with_reason { REASON } else { "" }.to_string());
                }
                Event::Succeed => e.op = LifecycleEvent::Succeed.into(),
                Event::Abort(with_reason) => {
                    e.op = LifecycleEvent::Abort.into();
                    e.reason = with_reason.then(|| REASON.to_string());
                }
                Event::Expire => e.op = LifecycleEvent::Expire.into(),
                Event::Refund => e.op = LifecycleEvent::Refund.into(),
            }
            e
        })
        .collect();
    Scenario {
        events,
        gas_fee_options: Some(world.gas_fee_options.clone()),
        intent: world.intent.clone(),
        limits: None,
        policy: None,
        unknown: UnknownMembers::new(),
    }
}

/// What the library answers `expected` with: a change or a replay as such, a refusal with
/// its reason (`got` is the replay flag, or the error).
fn agrees(expected: Expected, got: Result<bool, &Error>) -> bool {
    match (expected, got) {
        (Expected::Changed, Ok(replay)) => !replay,
        (Expected::Replay, Ok(replay)) => replay,
        (Expected::Refused(reason), Err(error)) => error.reason() == reason,
        _ => false,
    }
}

proptest! {
    #![proptest_config(proptest_config(64))]

    #[test]
    fn the_record_and_the_scenario_runner_follow_the_reference_model(
        world in lifecycle_world(),
        start in start(),
        steps in vec((time_step(), any::<u8>(), event(), any::<prop::sample::Index>(), change()), 1..40),
        changes in vec(any_choices(), usize::from(CHANGES)),
    ) {
        let (min, max) = (nanos(Timestamp::MIN), nanos(Timestamp::MAX));
        let lifetimes = Lifetimes::of(&world.intent, Some(&world.gas_fee_options), &world.policy());
        let inputs = inputs(&world, changes);

        // 1. The timeline and what the model expects of it. Most steps pick an event the
        //    model's status allows (so that sequences get deep); the others are random.
        let mut model = Model::new(lifetimes);
        let mut now = (nanos(world.times.quote_at) + start).clamp(min, max);
        let mut timeline: Vec<(Timestamp, Event)> = Vec::new();
        let mut expected: Vec<Expected> = Vec::new();
        let mut befores = Vec::new();
        let mut afters = Vec::new();
        for (i, (delta, guided, random, pick, change)) in steps.iter().enumerate() {
            // A guided step before the commit mostly keeps the time (a quote may live for
            // a nanosecond only).
            let hold = *guided < 200 && model.status == Some(IntentStatus::Quoted);
            match delta {
                _ if i == 0 => {}
                TimeStep::By(_) if hold => {}
                TimeStep::By(delta) => now = (now + delta).clamp(min, max),
                TimeStep::ToBoundary(k, before) => {
                    let instants = boundaries(&model, &inputs);
                    now = (instants[*k as usize % instants.len()] - i128::from(*before)).clamp(min, max);
                }
            }
            let event = if *guided < 200 {
                let allowed = allowed_events(model.status.as_ref(), *change);
                allowed[pick.index(allowed.len())]
            } else {
                *random
            };
            befores.push(model.clone());
            let want = model.step(&inputs.model_event(&event), now);
            afters.push(model.clone());
            timeline.push((at_nanos(now), event));
            expected.push(want);
        }

        // 2. The record, event by event.
        let mut record: Option<IntentRecord> = None;
        let mut final_status: Option<IntentStatus> = None;
        for (step, ((at, event), want)) in timeline.iter().zip(&expected).enumerate() {
            let context = format!("step {step}: {event:?} at {at} (model before: {:?})", befores[step]);
            let got = match record.as_mut() {
                None if *event == Event::Quote => {
                    IntentRecord::quote(world.intent.clone(), Some(world.gas_fee_options.clone()), &world.policy(), *at)
                        .map(|quoted| {
                            record = Some(quoted);
                            (None, false)
                        })
                }
                // No record to apply the event to: the scenario runner checks this case.
                None => continue,
                Some(existing) => {
                    let before = existing.clone();
                    let result = apply(&world, &inputs, existing, event, *at);
                    if result.is_err() {
                        prop_assert_eq!(&*existing, &before, "{}: a failed event changed the record", context);
                    }
                    result
                }
            };
            if !agrees(*want, got.as_ref().map(|(_, replay)| *replay)) {
                return Err(TestCaseError::fail(format!(
                    "{context}: the model says {want:?}, the library {:?}",
                    got.as_ref().map_err(|e| format!("{} ({e})", e.reason().code()))
                )));
            }
            if let (Ok((id, _)), Event::Commit(_)) = (&got, event) {
                prop_assert_eq!(id.as_deref(), Some(world.intent.intent_id.as_str()), "{}", context);
            }
            let model = &afters[step];
            let Some(record) = record.as_ref() else {
                prop_assert_eq!(&model.status, &None, "{}", context);
                continue;
            };
            assert_follows(record, model, *at, &context);
            // SUCCEEDED and REFUNDED are final: once there, the record never changes status.
            if let Some(final_status) = &final_status {
                let replayed = matches!(got, Ok((_, true)));
                prop_assert!(
                    matches!(want, Expected::Refused(_) | Expected::Replay) && (got.is_err() || replayed),
                    "{}: a final status accepted an event other than a replay",
                    context
                );
                prop_assert_eq!(record.status(), final_status, "{}: a final status changed", context);
            }
            if model::is_final(record.status()) {
                final_status = Some(record.status().clone());
            }
        }

        // 3. The same events as a scenario: the same outcome and status at every step.
        let scenario = scenario(&world, &inputs, &timeline);
        let outcomes = scenario.run().expect("no limits beside a policy");
        // And once more through the record's state between events, as a stateless server.
        let through_state = scenario
            .run_between(|record| IntentRecord::from_state(from_slice(to_string(&record.state()).as_bytes())?))
            .expect("every state restores");
        prop_assert_eq!(&through_state, &outcomes);
        prop_assert_eq!(outcomes.len(), expected.len());
        for (step, (outcome, want)) in outcomes.iter().zip(&expected).enumerate() {
            let context = format!("scenario step {step}: {:?} at {}", timeline[step].1, timeline[step].0);
            if !agrees(*want, outcome.result.as_ref().map(|_| outcome.replay)) {
                return Err(TestCaseError::fail(format!(
                    "{context}: the model says {want:?}, the runner {:?}",
                    outcome.result.as_ref().map_err(|e| format!("{} ({e})", e.reason().code()))
                )));
            }
            prop_assert_eq!(&outcome.status, &afters[step].status, "{}", context);
        }
    }
}
