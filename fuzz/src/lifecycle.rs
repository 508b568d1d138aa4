//! The `lifecycle` target's properties: arbitrary timed events on a record, each checked
//! against what docs/spec.md §6–7 expect, the record passed through its state between events.

use super::*;

/// The input of `fuzz_targets/lifecycle.rs`: how the example intent is quoted, then a
/// sequence of (time step, event).
#[derive(Debug, Arbitrary)]
pub struct LifecycleInput {
    /// How long before the intent's `expiresAt` it is quoted, in seconds, modulo the quote TTL.
    pub quoted_before_expiry: u32,
    /// The quote instant's nanoseconds (modulo 10^9).
    pub quoted_nanos: u32,
    /// The quote TTL (at least 1 s); `None` for the default.
    pub quote_ttl_seconds: Option<u32>,
    /// The execution window; `None` for the default.
    pub execution_window_seconds: Option<u32>,
    /// Whether the example gas fee options are quoted with the intent.
    pub with_gas_fee_options: bool,
    /// Moves the gas fee options' `expiresAt` (the example's is the intent's) by seconds.
    pub fee_options_expiry_shift: Option<i16>,
    /// Sets `quoteRequest.onlyNativeGasFee` before quoting (the example's is false).
    pub only_native_gas_fee: bool,
    /// What happens, in order (at most [`MAX_STEPS`] are played).
    pub steps: Vec<Step>,
}

/// Steps played per input; more only slow the fuzzer down.
pub const MAX_STEPS: usize = 48;

/// One event at a time.
#[derive(Debug, Arbitrary)]
pub struct Step {
    /// How the clock moves before the event.
    pub time: TimeStep,
    /// The event.
    pub event: Event,
}

/// How the clock moves: it may go back, which the record must refuse.
#[derive(Debug, Arbitrary)]
pub enum TimeStep {
    /// The same instant as the step before.
    Same,
    /// Forward.
    Later {
        /// Seconds.
        seconds: u16,
        /// Nanoseconds (modulo 10^9).
        nanos: u32,
    },
    /// Backward.
    Earlier {
        /// Seconds.
        seconds: u16,
        /// Nanoseconds (modulo 10^9).
        nanos: u32,
    },
    /// Near an instant that decides an outcome.
    Near(Mark, Offset),
    /// 0000-01-01T00:00:00Z.
    Min,
    /// 9999-12-31T23:59:59.999999999Z.
    Max,
}

/// Instants that decide outcomes.
#[derive(Debug, Arbitrary)]
pub enum Mark {
    /// When the intent was quoted.
    QuotedAt,
    /// The record's last event.
    LastEvent,
    /// `intent.expiresAt`.
    QuoteExpiry,
    /// `gasFeeOptions.expiresAt` (now, without fee options).
    FeeOptionsExpiry,
    /// `committedAt + executionWindow` (now, before a commit).
    WindowClose,
}

/// Where near a [`Mark`].
#[derive(Debug, Arbitrary)]
pub enum Offset {
    /// At it.
    Exact,
    /// 1 ns before.
    NanoBefore,
    /// 1 ns after.
    NanoAfter,
    /// 1 s before.
    SecondBefore,
    /// 1 s after.
    SecondAfter,
}

/// An event of docs/spec.md §6.
#[derive(Debug, Arbitrary)]
pub enum Event {
    /// A second quote (always refused).
    Quote,
    /// Commit an intent with service contracts.
    Commit {
        /// Which intent is sent back.
        intent: IntentChoice,
        /// Which contracts.
        contracts: ContractsChoice,
    },
    /// Execute a request, against chain facts.
    Execute {
        /// The request.
        request: Box<RequestChoice>,
        /// What the chain is said to know.
        facts: Box<ChainFactsChoice>,
    },
    /// Execution failed, with a reason.
    Fail(String),
    /// Execution succeeded.
    Succeed,
    /// Abort before execution, with a reason.
    Abort(String),
    /// Abort after the window.
    Expire,
    /// Funds went back.
    Refund,
}

/// The intent a commit sends back.
#[derive(Debug, Arbitrary)]
pub enum IntentChoice {
    /// The quoted one.
    Quoted,
    /// The quoted one, read back from its wire form (same meaning, other spelling).
    Respelled,
    /// The quoted one with one change (which may change nothing).
    Mutated(IntentMutation),
}

/// One change to an intent.
#[derive(Debug, Arbitrary)]
pub enum IntentMutation {
    /// `id`.
    Id(u64),
    /// `intentId`.
    IntentId(String),
    /// `salt`.
    Salt([u8; 32]),
    /// `ownerAddress`.
    Owner([u8; 20]),
    /// `status`, by index into the status names.
    Status(u8),
    /// `expiresAt`, moved.
    ExpiresAt(i32),
    /// `originCalls.calls[i].to`.
    CallTarget(u8, [u8; 20]),
    /// `originCalls.calls[i].data`.
    CallData(u8, Vec<u8>),
    /// `depositTransaction.amount`.
    DepositAmount([u8; 32]),
    /// `fees.totalFeeUsd`.
    TotalFeeUsd(f64),
    /// `createdAt` removed.
    NoCreatedAt,
    /// An unknown member added (refused for a schema key, which changes nothing).
    Unknown(String, i64),
}

/// The service contracts a commit sends.
#[derive(Debug, Arbitrary)]
pub enum ContractsChoice {
    /// The sent intent's.
    Intents,
    /// The sent intent's with one address replaced (index modulo 3).
    Changed(u8, [u8; 20]),
}

/// An execute request.
#[derive(Debug, Arbitrary)]
pub struct RequestChoice {
    /// `intentId`: the committed intent's when `None`.
    pub intent_id: Option<String>,
    /// `depositTransactionHash` (hash mode).
    pub deposit_transaction_hash: Option<[u8; 32]>,
    /// `depositSignature` (gasless mode).
    pub deposit_signature: Option<SignatureChoice>,
}

/// A deposit signature.
#[derive(Debug, Arbitrary)]
pub struct SignatureChoice {
    /// `selectedGasFeeOption`.
    pub fee_option: FeeOptionChoice,
    /// `deadline`.
    pub deadline: Deadline,
    /// `intentSignature` (entrypoint mode when present).
    pub intent_signature: Option<SignatureBytes>,
    /// `userNonce`.
    pub user_nonce: Option<[u8; 32]>,
    /// `permitSignature`.
    pub permit_signature: Option<SignatureBytes>,
    /// `permitDeadline`.
    pub permit_deadline: Option<Deadline>,
    /// `permitAmount`.
    pub permit_amount: Option<Amount>,
}

/// The selected gas fee option.
#[derive(Debug, Arbitrary)]
pub enum FeeOptionChoice {
    /// A quoted one (index modulo their number).
    Quoted(u8),
    /// A quoted one with changes.
    Changed {
        /// Which (modulo their number).
        index: u8,
        /// A new amount.
        amount: Option<[u8; 32]>,
        /// A new token.
        token: Option<[u8; 20]>,
        /// A zero fee collector.
        no_collector: bool,
        /// A new `is2612`.
        is_2612: Option<bool>,
    },
}

/// A deadline in Unix seconds, relative to the event's time or not.
#[derive(Debug, Arbitrary)]
pub enum Deadline {
    /// `floor(now)`: the last valid second.
    Now,
    /// Seconds after `floor(now)`.
    After(u32),
    /// Seconds before `floor(now)`.
    Before(u32),
    /// Any value.
    Raw(u64),
}

/// A permit amount.
#[derive(Debug, Arbitrary)]
pub enum Amount {
    /// The deposit plus the fee paid in the deposit token: just enough.
    Needed,
    /// More than needed.
    Above(u64),
    /// Less than needed.
    Below(u64),
    /// Any value.
    Raw([u8; 32]),
}

/// Signature bytes.
#[derive(Debug, Arbitrary)]
pub enum SignatureBytes {
    /// Any bytes.
    Raw(Vec<u8>),
    /// 65 bytes `r ‖ s ‖ v`.
    Parts([u8; 32], [u8; 32], u8),
}

/// The chain facts of an execute.
#[derive(Debug, Arbitrary)]
pub struct ChainFactsChoice {
    /// The token's permit facts.
    pub token_permit: Option<TokenPermitChoice>,
    /// The owner's current entrypoint nonce.
    pub entrypoint_nonce: Option<u64>,
    /// Whether an unverified permit is accepted.
    pub accept_unverified_permit: bool,
    /// The node's evidence of the deposit transaction.
    pub deposit_evidence: Option<EvidenceChoice>,
    /// Whether an unverified deposit hash is accepted.
    pub accept_unverified_deposit: bool,
}

/// Deposit evidence, built around the request's hash and the intent's deposit so that
/// every deposit rule can pass or break.
#[derive(Debug, Arbitrary)]
pub struct EvidenceChoice {
    /// Another hash than the request's, in the receipt.
    pub receipt_hash: Option<[u8; 32]>,
    /// Another hash than the request's, in the transaction.
    pub transaction_hash: Option<[u8; 32]>,
    /// Another chain than the origin.
    pub chain_id: Option<u64>,
    /// The receipt's status, when not 1.
    pub status: Option<u64>,
    /// The receipt's block and the head block.
    pub blocks: (u64, u64),
    /// The logs: a `Transfer` paying the deposit first when `pays`, then these.
    pub pays: bool,
    /// Other logs.
    pub logs: Vec<LogChoice>,
    /// The transaction's recipient (the deposit's `toAddress` when `None`) and value.
    pub to: Option<[u8; 20]>,
    /// The transaction's value.
    pub value: u64,
}

/// A log of the evidence's receipt.
#[derive(Debug, Arbitrary)]
pub struct LogChoice {
    /// The emitting contract.
    pub address: [u8; 20],
    /// The topics.
    pub topics: Vec<[u8; 32]>,
    /// The data.
    pub data: Vec<u8>,
}

impl EvidenceChoice {
    /// The evidence for a request of `hash` against `intent`.
    pub fn build(&self, intent: &Intent, hash: B256) -> DepositEvidence {
        let deposit = &intent.deposit_transaction;
        let mut logs = Vec::new();
        if self.pays {
            let transfer = keccak256(b"Transfer(address,address,uint256)");
            logs.push(EvidenceLog {
                address: deposit.token_address,
                data: Bytes::copy_from_slice(&deposit.amount.to_be_bytes::<32>()),
                topics: vec![transfer, Address::ZERO.into_word(), deposit.to_address.into_word()],
                unknown: UnknownMembers::new(),
            });
        }
        for log in &self.logs {
            logs.push(EvidenceLog {
                address: Address::from(log.address),
                data: Bytes::copy_from_slice(&log.data),
                topics: log.topics.iter().copied().map(B256::from).collect(),
                unknown: UnknownMembers::new(),
            });
        }
        let value = if self.pays { deposit.amount } else { U256::from(self.value) };
        DepositEvidence {
            chain_id: Quantity::from(self.chain_id.unwrap_or(intent.origin_chain_id)),
            head_block_number: Quantity::from(self.blocks.1),
            receipt: EvidenceReceipt {
                block_number: Quantity::from(self.blocks.0),
                logs,
                status: Quantity::from(self.status.unwrap_or(1)),
                transaction_hash: self.receipt_hash.map_or(hash, B256::from),
                unknown: UnknownMembers::new(),
            },
            transaction: EvidenceTransaction {
                from: Address::ZERO,
                hash: self.transaction_hash.map_or(hash, B256::from),
                to: Some(self.to.map_or(deposit.to_address, Address::from)),
                value: Quantity(value),
                unknown: UnknownMembers::new(),
            },
            unknown: UnknownMembers::new(),
        }
    }
}

/// A token's permit facts.
#[derive(Debug, Arbitrary)]
pub struct TokenPermitChoice {
    /// Domain name.
    pub name: Option<String>,
    /// Domain version.
    pub version: Option<String>,
    /// Domain chain id.
    pub chain_id: Option<u64>,
    /// Domain verifying contract.
    pub verifying_contract: Option<[u8; 20]>,
    /// Domain salt.
    pub salt: Option<[u8; 32]>,
    /// The owner's permit nonce.
    pub nonce: u64,
}

/// What one step did: the event, its result, and the status after it.
pub type StepOutcome = (LifecycleEvent, Result<(), Reason>, IntentStatus);

/// `fuzz_targets/lifecycle.rs`: the example intent quoted (always accepted, by the choice
/// of the quote instant; with or without the example gas fee options, which may expire
/// earlier or later; and with `onlyNativeGasFee` set or not), then the steps played against its [`IntentRecord`]. Nothing
/// panics, and after every step:
/// - a failed event left the record `==` to before;
/// - a successful one moved the status along docs/spec.md §6's table (so SUCCEEDED and REFUNDED
///   stay final) and set `last_event_at` and `status_since` to its time (an expire dates
///   the status from the window's close, and leaves the receipt as it read just before);
/// - the clock check comes first, then the transition check, then the operation's rules
///   (modelled here for all but the signature rules of execute);
/// - `last_event_at` never decreases;
/// - `status_at(t)` is ABORTED for a COMMITTED record at and past its window's close, and
///   the receipt agrees.
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
    let mut record = IntentRecord::quote(quoted.0.clone(), gas_fee_options, &policy, quoted_at)
        .unwrap_or_else(|error| panic!("the example intent is refused at {quoted_at}: {error}"));
    check_record(&record, quoted_at, &quoted, policy.execution_window_seconds);

    let mut now = quoted_at;
    let mut outcomes = Vec::new();
    for step in input.steps.iter().take(MAX_STEPS) {
        now = step.time.apply(now, &record);
        let before = record.clone();
        let (op, result, expected, replay) = apply(&mut record, &step.event, now);
        let allowed = op.next_status(Some(before.status()));
        // docs/spec.md §6.3: a retried commit or execute succeeds before any check and changes
        // nothing, not even the revision.
        if replay {
            assert_eq!(result.as_ref().ok(), Some(&Applied::Replay), "{op:?} at {now} is a replay");
            assert_eq!(record, before, "a replay changed the record");
            record = through_state(&record);
            outcomes.push((op, Ok(()), record.status().clone()));
            continue;
        }
        let result = result.map(|applied| assert_eq!(applied, Applied::Changed, "{op:?} is not a replay"));
        let gate = if now < before.last_event_at() {
            Some(Reason::ClockWentBackwards)
        } else if allowed.is_none() {
            Some(Reason::InvalidTransition)
        } else {
            None
        };
        let reason = result.as_ref().map_err(Error::reason).copied();
        match gate {
            Some(first) => assert_eq!(reason, Err(first), "{op:?} at {now} from {:?}", before.status()),
            None => {
                if let Some(expected) = expected {
                    assert_eq!(reason, expected, "{op:?} at {now} from {:?}", before.status());
                }
            }
        }
        match &result {
            Err(error) => {
                check_error(error);
                assert_eq!(record, before, "a failed {op:?} ({error}) changed the record");
            }
            Ok(()) => {
                assert_eq!(Some(record.status()), allowed.as_ref(), "{op:?} from {:?}", before.status());
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
        if matches!(before.status(), IntentStatus::Succeeded | IntentStatus::Refunded) {
            assert_eq!(record.status(), before.status(), "a final status changed");
        }
        assert!(record.last_event_at() >= before.last_event_at(), "last_event_at went back");
        check_record(&record, now, &quoted, policy.execution_window_seconds);
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

pub(crate) const NANOS: i128 = 1_000_000_000;

pub(crate) fn nanos(n: u32) -> i128 {
    i128::from(n) % NANOS
}

/// `at` moved by `by` nanoseconds, clamped to the timestamps that exist.
pub(crate) fn shift(at: Timestamp, by: i128) -> Timestamp {
    let total = i128::from(at.unix_seconds()) * NANOS + i128::from(at.subsec_nanos()) + by;
    let seconds = i64::try_from(total.div_euclid(NANOS)).ok();
    let subsec = u32::try_from(total.rem_euclid(NANOS)).unwrap_or(0);
    seconds.and_then(|s| Timestamp::from_unix(s, subsec)).unwrap_or(if by < 0 {
        Timestamp::MIN
    } else {
        Timestamp::MAX
    })
}

impl TimeStep {
    fn apply(&self, now: Timestamp, record: &IntentRecord) -> Timestamp {
        match self {
            TimeStep::Same => now,
            TimeStep::Later { seconds, nanos: n } => shift(now, i128::from(*seconds) * NANOS + nanos(*n)),
            TimeStep::Earlier { seconds, nanos: n } => shift(now, -(i128::from(*seconds) * NANOS + nanos(*n))),
            TimeStep::Min => Timestamp::MIN,
            TimeStep::Max => Timestamp::MAX,
            TimeStep::Near(mark, offset) => {
                let at = match mark {
                    Mark::QuotedAt => record.quoted_at(),
                    Mark::LastEvent => record.last_event_at(),
                    Mark::QuoteExpiry => record.quote_expires_at(),
                    Mark::FeeOptionsExpiry => record.fee_options_expire_at().unwrap_or(now),
                    Mark::WindowClose => record.execution_window_closes_at().unwrap_or(now),
                };
                shift(
                    at,
                    match offset {
                        Offset::Exact => 0,
                        Offset::NanoBefore => -1,
                        Offset::NanoAfter => 1,
                        Offset::SecondBefore => -NANOS,
                        Offset::SecondAfter => NANOS,
                    },
                )
            }
        }
    }
}

/// What docs/spec.md §6–7 expect of an event once the clock and transition checks pass: `Ok` or
/// the reason; `None` where this model does not decide.
pub(crate) type Expected = Option<Result<(), Reason>>;

/// Applies one event: its operation, its result, the result docs/spec.md §6–7 expect once the
/// clock and transition checks pass (`None` where this model does not decide), and whether
/// docs/spec.md §6.3 makes it a replay.
pub(crate) fn apply(
    record: &mut IntentRecord,
    event: &Event,
    now: Timestamp,
) -> (LifecycleEvent, Result<Applied, Error>, Expected, bool) {
    let ok_unless = |broken: Option<Reason>| Some(broken.map_or(Ok(()), Err));
    match event {
        Event::Quote => {
            let result = record.check_event(&LifecycleEvent::Quote, now).map(|_| Applied::Changed);
            (LifecycleEvent::Quote, result, None, false)
        }
        Event::Commit { intent, contracts } => {
            let intent = intent.build(record.intent());
            let contracts = contracts.build(&intent.service_contracts);
            let expected = if intent.canonical_hash() != record.intent_hash() {
                let changed = changed_paths(record.intent(), &intent);
                assert!(!changed.is_empty(), "a changed intent has no changed paths");
                check_changed_paths(&changed);
                Some(Reason::IntentModified)
            } else if now >= record.quote_expires_at() {
                Some(Reason::QuoteExpired)
            } else if record.fee_options_expire_at().is_some_and(|at| now >= at) {
                Some(Reason::FeeOptionsExpired)
            } else if contracts != record.intent().service_contracts {
                Some(Reason::ServiceContractsMismatch)
            } else {
                None
            };
            let replay = *record.status() != IntentStatus::Quoted
                && intent.canonical_hash() == record.intent_hash()
                && contracts == record.intent().service_contracts;
            let result = record.apply(EventInput::commit_with(&intent, Some(&contracts)), now);
            (LifecycleEvent::Commit, result, ok_unless(expected), replay)
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
            let closes_at = record.execution_window_closes_at().unwrap_or(Timestamp::MAX);
            let expected = match (&request.deposit_transaction_hash, &request.deposit_signature) {
                _ if request.intent_id != record.intent().intent_id => ok_unless(Some(Reason::IntentIdMismatch)),
                (None, None) => ok_unless(Some(Reason::DepositProofMissing)),
                (Some(_), Some(_)) => ok_unless(Some(Reason::DepositProofConflict)),
                _ if now >= closes_at => ok_unless(Some(Reason::ExecutionWindowExpired)),
                (Some(_), None) if facts.deposit_evidence.is_none() && !facts.accept_unverified_deposit => {
                    ok_unless(Some(Reason::DepositUnverified))
                }
                (Some(_), None) if facts.deposit_evidence.is_none() => ok_unless(None),
                // The deposit rules against the evidence: checked by the assertion below.
                (Some(_), None) => None,
                (None, Some(_)) => None,
            };
            let replay = record.execute_request().is_some_and(|kept| kept.canonical_hash() == request.canonical_hash());
            let result = record.apply(EventInput::execute_with(&request, facts), now);
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
            (LifecycleEvent::Execute, result, expected, replay)
        }
        Event::Fail(reason) => (
            LifecycleEvent::Fail,
            record.apply(EventInput::fail(reason), now),
            ok_unless(reason.is_empty().then_some(Reason::StatusReasonRequired)),
            false,
        ),
        Event::Succeed => (LifecycleEvent::Succeed, record.apply(EventInput::succeed(), now), ok_unless(None), false),
        Event::Abort(reason) => (
            LifecycleEvent::Abort,
            record.apply(EventInput::abort(reason), now),
            ok_unless(reason.is_empty().then_some(Reason::StatusReasonRequired)),
            false,
        ),
        Event::Expire => {
            let open = record.execution_window_closes_at().is_none_or(|closes_at| now < closes_at);
            (
                LifecycleEvent::Expire,
                record.apply(EventInput::expire(), now),
                ok_unless(open.then_some(Reason::WindowStillOpen)),
                false,
            )
        }
        Event::Refund => (LifecycleEvent::Refund, record.apply(EventInput::refund(), now), ok_unless(None), false),
    }
}

/// What holds of a record at any time: its intent and hash are the quoted ones, it was
/// committed unless QUOTED, it has a status reason exactly when FAILED, ABORTED or
/// REFUNDED, and it reads as ABORTED at and after the close of its execution window while
/// COMMITTED.
pub(crate) fn check_record(record: &IntentRecord, now: Timestamp, (intent, hash): &(Intent, B256), window: u64) {
    let status = record.status();
    assert_eq!(record.intent_hash(), *hash);
    assert_eq!(record.intent(), intent);
    assert_eq!(record.committed_at().is_some(), *status != IntentStatus::Quoted, "committed_at in {status:?}");
    let has_reason = matches!(status, IntentStatus::Failed | IntentStatus::Aborted | IntentStatus::Refunded);
    assert_eq!(record.status_reason().is_some(), has_reason, "status reason in {status:?}");
    let closes_at =
        record.committed_at().map(|at| at.saturating_add_seconds(i64::try_from(window).unwrap_or(i64::MAX)));
    assert_eq!(record.execution_window_closes_at(), closes_at);
    assert!(record.status_since() <= record.last_event_at(), "status_since after last_event_at");
    for at in [now, record.last_event_at(), Timestamp::MAX].into_iter().chain(closes_at.map(|c| shift(c, -1))) {
        let expired = *status == IntentStatus::Committed && closes_at.is_some_and(|closes_at| at >= closes_at);
        let expected = if expired { IntentStatus::Aborted } else { status.clone() };
        assert_eq!(record.status_at(at), expected, "status_at({at}) of a {status:?} record closing at {closes_at:?}");
        let receipt = record.receipt(at);
        assert_eq!(receipt.status, expected);
        assert_eq!(receipt.intent_id, record.intent().intent_id);
        if expired {
            assert_eq!(receipt.origin_transaction.status_reason.as_deref(), Some(WINDOW_EXPIRED_REASON));
            assert_eq!(receipt.updated_at, closes_at);
        } else {
            assert_eq!(receipt.origin_transaction.status_reason.as_deref(), record.status_reason());
            assert_eq!(receipt.updated_at, Some(record.status_since()));
        }
    }
}

impl IntentChoice {
    fn build(&self, quoted: &Intent) -> Intent {
        let mut intent = quoted.clone();
        match self {
            IntentChoice::Quoted => return intent,
            IntentChoice::Respelled => return reread(&to_string(quoted), "wire form"),
            IntentChoice::Mutated(mutation) => mutation.apply(&mut intent),
        }
        intent
    }
}

impl IntentMutation {
    fn apply(&self, intent: &mut Intent) {
        let calls = &mut intent.origin_calls.calls;
        let call_count = calls.len().max(1);
        match self {
            IntentMutation::Id(id) => intent.id = *id,
            IntentMutation::IntentId(id) => intent.intent_id.clone_from(id),
            IntentMutation::Salt(salt) => intent.salt = U256::from_be_bytes(*salt),
            IntentMutation::Owner(owner) => intent.owner_address = Address::from(*owner),
            IntentMutation::Status(i) => {
                let name = IntentStatus::NAMES[usize::from(*i) % IntentStatus::NAMES.len()];
                intent.status = IntentStatus::from_name(name).unwrap_or(IntentStatus::Quoted);
            }
            IntentMutation::ExpiresAt(seconds) => {
                intent.expires_at = shift(intent.expires_at, i128::from(*seconds) * NANOS);
            }
            IntentMutation::CallTarget(i, to) => {
                if let Some(call) = calls.get_mut(usize::from(*i) % call_count) {
                    call.to = Address::from(*to);
                }
            }
            IntentMutation::CallData(i, data) => {
                if let Some(call) = calls.get_mut(usize::from(*i) % call_count) {
                    call.data = Some(Bytes::copy_from_slice(data));
                }
            }
            IntentMutation::DepositAmount(amount) => intent.deposit_transaction.amount = U256::from_be_bytes(*amount),
            IntentMutation::TotalFeeUsd(usd) => {
                if let Some(usd) = Decimal::new(*usd) {
                    intent.fees.total_fee_usd = usd;
                }
            }
            IntentMutation::NoCreatedAt => intent.created_at = None,
            IntentMutation::Unknown(key, value) => {
                let _ = intent.insert_unknown(key, &format!("{value}"));
            }
        }
    }
}

impl ContractsChoice {
    fn build(&self, sent: &ServiceContracts) -> ServiceContracts {
        let mut contracts = sent.clone();
        if let ContractsChoice::Changed(which, address) = self {
            let address = AddressOrEmpty::from(Address::from(*address));
            match which % 3 {
                0 => contracts.service_intent_entrypoint_address = address,
                1 => contracts.service_router_address = address,
                _ => contracts.service_router_shim_address = address,
            }
        }
        contracts
    }
}

impl RequestChoice {
    fn build(&self, record: &IntentRecord, now: Timestamp) -> ExecuteRequest {
        ExecuteRequest {
            deposit_signature: self.deposit_signature.as_ref().map(|choice| choice.build(record, now)),
            deposit_transaction_hash: self.deposit_transaction_hash.map(B256::from),
            intent_id: self.intent_id.clone().unwrap_or_else(|| record.intent().intent_id.clone()),
            unknown: UnknownMembers::new(),
        }
    }
}

impl SignatureChoice {
    fn build(&self, record: &IntentRecord, now: Timestamp) -> DepositSignature {
        let selected = self.fee_option.build();
        let deadline = self.deadline.at(now);
        let deposit = &record.intent().deposit_transaction;
        let fee = if selected.token_address == deposit.token_address { selected.amount } else { U256::ZERO };
        let needed = deposit.amount.saturating_add(fee);
        DepositSignature {
            deadline,
            intent_signature: self.intent_signature.as_ref().map(SignatureBytes::build),
            permit_amount: self.permit_amount.as_ref().map(|amount| match amount {
                Amount::Needed => needed,
                Amount::Above(more) => needed.saturating_add(U256::from(*more)),
                Amount::Below(less) => needed.saturating_sub(U256::from(*less)),
                Amount::Raw(raw) => U256::from_be_bytes(*raw),
            }),
            permit_deadline: self.permit_deadline.as_ref().map(|d| d.at(now)),
            permit_signature: self.permit_signature.as_ref().map(SignatureBytes::build),
            selected_gas_fee_option: selected,
            user_nonce: self.user_nonce.map(U256::from_be_bytes),
            unknown: UnknownMembers::new(),
        }
    }
}

impl FeeOptionChoice {
    fn build(&self) -> FeeOption {
        let quoted = &examples().gas_fee_options.fee_options;
        let pick = |i: u8| quoted.get(usize::from(i) % quoted.len().max(1)).cloned();
        let fallback = || examples().gas_fee_options.fee_options[0].clone();
        match self {
            FeeOptionChoice::Quoted(i) => pick(*i).unwrap_or_else(fallback),
            FeeOptionChoice::Changed { index, amount, token, no_collector, is_2612 } => {
                let mut option = pick(*index).unwrap_or_else(fallback);
                if let Some(amount) = amount {
                    option.amount = U256::from_be_bytes(*amount);
                }
                if let Some(token) = token {
                    option.token_address = Address::from(*token);
                }
                if *no_collector {
                    option.fee_collector_address = Address::ZERO;
                }
                if let Some(is_2612) = is_2612 {
                    option.is_2612 = *is_2612;
                }
                option
            }
        }
    }
}

impl Deadline {
    fn at(&self, now: Timestamp) -> u64 {
        let now = u64::try_from(now.unix_seconds()).unwrap_or(0);
        match self {
            Deadline::Now => now,
            Deadline::After(seconds) => now.saturating_add(u64::from(*seconds)),
            Deadline::Before(seconds) => now.saturating_sub(u64::from(*seconds)),
            Deadline::Raw(raw) => *raw,
        }
    }
}

impl SignatureBytes {
    fn build(&self) -> Bytes {
        match self {
            SignatureBytes::Raw(bytes) => Bytes::copy_from_slice(bytes),
            SignatureBytes::Parts(r, s, v) => Bytes::from([r.as_slice(), s.as_slice(), &[*v]].concat()),
        }
    }
}

impl TokenPermitChoice {
    fn build(&self) -> TokenPermit {
        TokenPermit {
            domain: Domain {
                name: self.name.clone().map(Cow::Owned),
                version: self.version.clone().map(Cow::Owned),
                chain_id: self.chain_id.map(U256::from),
                verifying_contract: self.verifying_contract.map(Address::from),
                salt: self.salt.map(B256::from),
            },
            nonce: U256::from(self.nonce),
        }
    }
}
