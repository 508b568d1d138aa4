//! The lifecycle against a reference model: random sequences of (time
//! step, event) run on an `IntentRecord` and, as a scenario, through `Scenario::run`, and a
//! small model of docs/spec.md §6 written here — its own order of checks and boundary arithmetic,
//! over the library's transition table (`Event::next_status`) — decides the
//! status and the reason of every step. The library must agree at
//! every step; a failed event leaves the record unchanged; SUCCEEDED and REFUNDED stay final.
//!
//! The model knows what it was given: whether a commit sends the quoted intent, a changed
//! one or other service contracts, and how each execute request was built (valid, another
//! intent id, no proof, both proofs, a signature deadline in the past, another signer). What
//! depends on time — lifetimes, windows, deadlines — it computes itself.

// The library's integration-test support (`tests/it/`), shared rather than copied.
use intent_test_support::{generators, support};

use support::proptest_config;

use generators::{at_nanos, flip_or_fill, floor_seconds, nanos, Config, Mode, World, NS};
use intent_core::eip712::EntrypointNames;
use intent_core::Event as LifecycleEvent;
use intent_core::{
    from_slice, to_string, Canonical, DepositSignature, Error, ExecuteRequest, Intent, IntentStatus, ServiceContracts,
    Timestamp, UnknownMembers, B256,
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
fn boundaries(model: &Model, facts: &Facts, requests: &Inputs) -> Vec<i128> {
    let mut instants = vec![facts.expires_at, facts.fee_options_expire_at, facts.expires_at - facts.quote_ttl];
    instants.extend(model.closes_at(facts));
    for (_, _, request) in &requests.requests {
        for deadline in [request.deadline, request.permit_deadline].into_iter().flatten() {
            // floor(now) > deadline from the second after it.
            instants.push((i128::from(deadline) + 1) * NS);
        }
    }
    instants
}

/// The events docs/spec.md §6 allows from a status (a guided step picks one of them).
fn allowed_events(status: Option<&Status>, change: u8) -> Vec<Event> {
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
    let allowed: Vec<Event> = candidates.into_iter().filter(|e| e.kind().next_status(status).is_some()).collect();
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

// ---------------------------------------------------------------------------------------------
// The reference model of docs/spec.md §6

/// The model's statuses are the library's; its transitions are the library's table
/// ([`intent_core::Event::next_status`]), which this model does not restate:
/// what it checks independently is the order of the checks and every rule's instant.
type Status = IntentStatus;

/// What the model knows about an execute request: its checks that do not depend on time
/// fail with `fails_first` (before the window), `fails_last` (after the deadlines), and its
/// deadlines in Unix seconds; and its canonical hash, which tells a replay (docs/spec.md §6.3).
#[derive(Debug, Clone, Default)]
struct RequestFacts {
    canonical_hash: Option<B256>,
    fails_first: Option<&'static str>,
    deadline: Option<u64>,
    permit_deadline: Option<u64>,
    fails_last: Option<&'static str>,
}

/// The instants the model needs, in nanoseconds, and its lifetimes.
#[derive(Debug, Clone, Copy)]
struct Facts {
    expires_at: i128,
    fee_options_expire_at: i128,
    quote_ttl: i128,
    execution_window: i128,
    max: i128,
}

#[derive(Debug, Clone)]
struct Model {
    /// `None` until a quote succeeds.
    status: Option<Status>,
    last_event_at: i128,
    committed_at: Option<i128>,
    reason: Option<String>,
    /// The canonical hash of the request that started execution (docs/spec.md §6.3: its
    /// retry is a replay).
    executed_with: Option<B256>,
}

impl Model {
    fn closes_at(&self, facts: &Facts) -> Option<i128> {
        self.committed_at.map(|at| (at + facts.execution_window).min(facts.max))
    }

    /// The status as read at `now`: a COMMITTED record whose window has closed reads ABORTED.
    fn status_at(&self, now: i128, facts: &Facts) -> Option<Status> {
        match (self.status.clone(), self.closes_at(facts)) {
            (Some(Status::Committed), Some(closes)) if now >= closes => Some(Status::Aborted),
            (status, _) => status,
        }
    }

    /// Decides the outcome of `event` at `now` (the reason code of its failure, or whether it
    /// is a replay), and applies it when it succeeds and is not a replay.
    fn step(&mut self, event: &Event, request: &RequestFacts, now: i128, facts: &Facts) -> Result<bool, &'static str> {
        let Some(status) = self.status.clone() else {
            if *event != Event::Quote {
                return Err("INVALID_TRANSITION");
            }
            let latest = (now + facts.quote_ttl).min(facts.max);
            if !(now < facts.expires_at && facts.expires_at <= latest) {
                return Err("QUOTE_LIFETIME");
            }
            self.status = Some(Status::Quoted);
            self.last_event_at = now;
            return Ok(false);
        };
        // Replays (docs/spec.md §6.3) come before the clock: the quoted intent committed again,
        // the request that started execution sent again.
        match event {
            Event::Commit(CommitWith::Quoted) if status != Status::Quoted => return Ok(true),
            Event::Execute(_) if request.canonical_hash.is_some() && self.executed_with == request.canonical_hash => {
                return Ok(true)
            }
            _ => {}
        }
        if now < self.last_event_at {
            return Err("CLOCK_WENT_BACKWARDS");
        }
        let to = event.kind().next_status(Some(&status)).ok_or("INVALID_TRANSITION")?;
        let floor = now.div_euclid(NS);
        let passed = |deadline: Option<u64>| deadline.is_some_and(|d| floor > i128::from(d));
        let mut reason = None;
        match event {
            Event::Commit(with) => {
                if matches!(with, CommitWith::Changed(_)) {
                    return Err("INTENT_MODIFIED");
                }
                if now >= facts.expires_at {
                    return Err("QUOTE_EXPIRED");
                }
                if now >= facts.fee_options_expire_at {
                    return Err("FEE_OPTIONS_EXPIRED");
                }
                if *with == CommitWith::OtherContracts {
                    return Err("SERVICE_CONTRACTS_MISMATCH");
                }
                self.committed_at = Some(now);
            }
            Event::Execute(_) => {
                if let Some(code) = request.fails_first {
                    return Err(code);
                }
                if now >= self.closes_at(facts).expect("committed") {
                    return Err("EXECUTION_WINDOW_EXPIRED");
                }
                if passed(request.deadline) {
                    return Err("SIGNATURE_EXPIRED");
                }
                if passed(request.permit_deadline) {
                    return Err("PERMIT_EXPIRED");
                }
                if let Some(code) = request.fails_last {
                    return Err(code);
                }
                self.executed_with = request.canonical_hash;
            }
            Event::Fail(with_reason) | Event::Abort(with_reason) => {
                if !with_reason {
                    return Err("STATUS_REASON_REQUIRED");
                }
                reason = Some(REASON.to_string());
            }
            Event::Expire => {
                if now < self.closes_at(facts).expect("committed") {
                    return Err("WINDOW_STILL_OPEN");
                }
                reason = Some("execution window expired".to_string());
            }
            Event::Refund => reason = self.reason.clone(),
            Event::Succeed | Event::Quote => {}
        }
        self.status = Some(to);
        self.reason = reason;
        self.last_event_at = now;
        Ok(false)
    }
}

const REASON: &str = "relayer reverted: out of gas ☠";

// ---------------------------------------------------------------------------------------------
// The inputs of the events, built once per world

struct Inputs {
    changed: Vec<Intent>,
    other_contracts: ServiceContracts,
    requests: Vec<(Request, ExecuteRequest, RequestFacts)>,
}

fn facts_of(request: &ExecuteRequest) -> RequestFacts {
    let signature = request.deposit_signature.as_ref();
    RequestFacts {
        canonical_hash: None,
        fails_first: None,
        deadline: signature.map(|s| s.deadline),
        permit_deadline: signature.and_then(|s| s.permit_deadline),
        fails_last: None,
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
    let mut requests = vec![(Request::Valid, valid.clone(), facts_of(&valid))];
    let mut wrong_id = valid.clone();
    wrong_id.intent_id.push('\u{0}');
    requests.push((
        Request::WrongId,
        wrong_id,
        RequestFacts { fails_first: Some("INTENT_ID_MISMATCH"), ..RequestFacts::default() },
    ));
    let mut no_proof = valid.clone();
    no_proof.deposit_signature = None;
    no_proof.deposit_transaction_hash = None;
    requests.push((
        Request::NoProof,
        no_proof,
        RequestFacts { fails_first: Some("DEPOSIT_PROOF_MISSING"), ..RequestFacts::default() },
    ));
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
    requests.push((
        Request::Conflict,
        conflict,
        RequestFacts { fails_first: Some("DEPOSIT_PROOF_CONFLICT"), ..RequestFacts::default() },
    ));
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
        let facts = facts_of(&request);
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
        let facts = RequestFacts { fails_last: Some("SIGNER_MISMATCH"), ..facts_of(&request) };
        requests.push((Request::OtherSigner, request, facts));
    }
    Inputs { changed, other_contracts, requests }
}

impl Inputs {
    /// The request of kind `kind` (the valid one for kinds a hash-mode world cannot build).
    fn request(&self, kind: Request) -> (&ExecuteRequest, &RequestFacts) {
        let found = self.requests.iter().find(|(k, _, _)| *k == kind).unwrap_or(&self.requests[0]);
        (&found.1, &found.2)
    }

    fn changed(&self, change: u8) -> &Intent {
        &self.changed[usize::from(change)]
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
                deposit_evidence: None,
                entrypoint_nonce: None,
                intent: None,
                op: LifecycleEvent::Quote,
                reason: None,
                request: None,
                service_contracts: None,
                token_permit: None,
                unknown: UnknownMembers::new(),
            };
            match event {
                Event::Quote => {}
                Event::Commit(with) => {
                    e.op = LifecycleEvent::Commit;
                    match with {
                        CommitWith::Quoted => {}
                        CommitWith::Changed(change) => e.intent = Some(inputs.changed(*change).clone()),
                        CommitWith::OtherContracts => e.service_contracts = Some(inputs.other_contracts.clone()),
                    }
                }
                Event::Execute(kind) => {
                    e.op = LifecycleEvent::Execute;
                    e.request = Some(inputs.request(*kind).0.clone());
                    e.token_permit = Some(token_permit.clone());
                    e.entrypoint_nonce = world.facts().entrypoint_nonce;
                    e.deposit_evidence = Some(world.deposit_evidence.clone());
                }
                Event::Fail(with_reason) => {
                    e.op = LifecycleEvent::Fail;
                    e.reason = Some(if *with_reason { REASON } else { "" }.to_string());
                }
                Event::Succeed => e.op = LifecycleEvent::Succeed,
                Event::Abort(with_reason) => {
                    e.op = LifecycleEvent::Abort;
                    e.reason = with_reason.then(|| REASON.to_string());
                }
                Event::Expire => e.op = LifecycleEvent::Expire,
                Event::Refund => e.op = LifecycleEvent::Refund,
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

/// What the model expects of one step: whether it succeeds as a replay or the reason code of its
/// failure, and the status after.
type Expected = (Result<bool, &'static str>, Option<Status>);

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
        let facts = Facts {
            expires_at: nanos(world.intent.expires_at),
            fee_options_expire_at: nanos(world.gas_fee_options.expires_at),
            quote_ttl: 300 * NS,
            execution_window: 600 * NS,
            max,
        };
        let inputs = inputs(&world, changes);

        // 1. The timeline and what the model expects of it. Most steps pick an event the
        //    model's status allows (so that sequences get deep); the others are random.
        let mut model = Model { status: None, last_event_at: min, committed_at: None, reason: None, executed_with: None };
        let mut now = (nanos(world.times.quote_at) + start).clamp(min, max);
        let mut timeline: Vec<(Timestamp, Event)> = Vec::new();
        let mut expected: Vec<Expected> = Vec::new();
        let mut befores = Vec::new();
        let mut afters = Vec::new();
        for (i, (delta, guided, random, pick, change)) in steps.iter().enumerate() {
            // A guided step before the commit mostly keeps the time (a quote may live for
            // a nanosecond only).
            let hold = *guided < 200 && model.status == Some(Status::Quoted);
            match delta {
                _ if i == 0 => {}
                TimeStep::By(_) if hold => {}
                TimeStep::By(delta) => now = (now + delta).clamp(min, max),
                TimeStep::ToBoundary(k, before) => {
                    let instants = boundaries(&model, &facts, &inputs);
                    now = (instants[*k as usize % instants.len()] - i128::from(*before)).clamp(min, max);
                }
            }
            let event = if *guided < 200 {
                let allowed = allowed_events(model.status.as_ref(), *change);
                allowed[pick.index(allowed.len())]
            } else {
                *random
            };
            let request = match event {
                Event::Execute(kind) => {
                    let (sent, facts) = inputs.request(kind);
                    RequestFacts { canonical_hash: Some(sent.canonical_hash()), ..facts.clone() }
                }
                _ => RequestFacts::default(),
            };
            befores.push(model.clone());
            let want = model.step(&event, &request, now, &facts);
            afters.push(model.clone());
            timeline.push((at_nanos(now), event));
            expected.push((want, model.status.clone()));
        }

        // 2. The record, event by event.
        let mut record: Option<IntentRecord> = None;
        let mut final_status: Option<IntentStatus> = None;
        for (step, ((at, event), (want, status))) in timeline.iter().zip(&expected).enumerate() {
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
            match (want, &got) {
                (Ok(replay), Ok((id, replayed))) => {
                    prop_assert_eq!(replay, replayed, "{}: replay", context);
                    if matches!(event, Event::Commit(_)) {
                        prop_assert_eq!(id.as_deref(), Some(world.intent.intent_id.as_str()), "{}", context);
                    }
                }
                (Err(code), Err(error)) => prop_assert_eq!(error.reason().code(), *code, "{}: {}", context, error),
                _ => {
                    return Err(TestCaseError::fail(format!(
                        "{context}: the model says {want:?}, the library {:?}",
                        got.as_ref().map_err(|e| format!("{} ({e})", e.reason().code()))
                    )))
                }
            }
            let Some(record) = record.as_ref() else {
                prop_assert_eq!(status, &None, "{}", context);
                continue;
            };
            let model = &afters[step];
            prop_assert_eq!(Some(record.status().clone()), status.clone(), "{}", context);
            prop_assert_eq!(nanos(record.last_event_at()), model.last_event_at, "{}", context);
            prop_assert_eq!(record.committed_at().map(nanos), model.committed_at, "{}", context);
            prop_assert_eq!(record.execution_window_closes_at().map(nanos), model.closes_at(&facts), "{}", context);
            prop_assert_eq!(
                Some(record.status_at(*at)),
                model.status_at(nanos(*at), &facts),
                "{}",
                context
            );
            if matches!(status, Some(Status::Failed | Status::Aborted)) {
                prop_assert_eq!(record.status_reason(), model.reason.as_deref(), "{}", context);
            }
            let receipt = record.receipt(*at);
            prop_assert_eq!(Some(receipt.status.clone()), model.status_at(nanos(*at), &facts), "{}", context);
            if model.status == Some(Status::Committed) && model.status_at(nanos(*at), &facts) == Some(Status::Aborted) {
                prop_assert_eq!(receipt.origin_transaction.status_reason.as_deref(), Some("execution window expired"), "{}", context);
            }
            // SUCCEEDED and REFUNDED are final: once there, the record never changes status.
            if let Some(final_status) = &final_status {
                let replayed = matches!(got, Ok((_, true)));
                prop_assert!(
                    matches!(want, Err(_) | Ok(true)) && (got.is_err() || replayed),
                    "{}: a final status accepted an event other than a replay",
                    context
                );
                prop_assert_eq!(record.status(), final_status, "{}: a final status changed", context);
            }
            if matches!(record.status(), IntentStatus::Succeeded | IntentStatus::Refunded) {
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
        for (step, (outcome, (want, status))) in outcomes.iter().zip(&expected).enumerate() {
            let context = format!("scenario step {step}: {:?} at {}", timeline[step].1, timeline[step].0);
            match (want, &outcome.result) {
                (Ok(replay), Ok(_)) => prop_assert_eq!(*replay, outcome.replay, "{}: replay", context),
                (Err(code), Err(error)) => prop_assert_eq!(error.reason().code(), *code, "{}: {}", context, error),
                _ => {
                    return Err(TestCaseError::fail(format!(
                        "{context}: the model says {want:?}, the runner {:?}",
                        outcome.result.as_ref().map_err(|e| format!("{} ({e})", e.reason().code()))
                    )))
                }
            }
            prop_assert_eq!(outcome.status.clone(), status.clone(), "{}", context);
        }
    }
}
