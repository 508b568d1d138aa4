//! The scenario runner of `intentctl run` (docs/spec.md §10): a lifecycle played from a list
//! of timed events, one outcome per event, each event applied through
//! [`IntentRecord::apply`].
//!
//! A failed event leaves the record as it was and the run goes on with the next one. A run
//! may pass the record through a hook between events ([`Scenario::run_between`]): `intentctl
//! run --through-state` stores it as its RecordState there and restores it. What does not
//! live here: the chain facts an execute event states, which it reads as `check execute`
//! does ([`crate::execute`]).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use intent_core::{
    wire_object, Applied, AttestationFact, BalanceFact, ChainFacts, DepositEvidence, EntrypointNamesState, Error,
    Event, EventInput, ExecuteRequest, GasFeeOptions, Intent, IntentRecord, IntentStatus, OriginEvidence, OriginGone,
    Policy, Problem, ServiceContracts, Timestamp, TransactionReport, B256, U256,
};

use intent_core::__private::{Form, Sink, WireReader, WireValue};

use crate::execute::{entrypoint_names, StatedFacts, TokenPermitInput};

wire_object! {
    /// How a scenario is played (docs/spec.md §10, revision 2): the two lifetimes, in seconds,
    /// the entrypoint's EIP-712 names and the confirmations a deposit transaction needs;
    /// absent ones take their defaults.
    pub struct ScenarioPolicy {
        /// `depositConfirmations`: How many blocks must hold a deposit transaction.
        deposit_confirmations: Option<u64> = "depositConfirmations",
        /// `entrypoint`: The entrypoint's EIP-712 names, checked against deposit-intent
        /// signatures.
        entrypoint: Option<EntrypointNamesState> = "entrypoint",
        /// `executionWindowSeconds`: How long after the commit execution may start.
        execution_window_seconds: Option<u64> = "executionWindowSeconds",
        /// `quoteTtlSeconds`: How far after the quote the intent may expire.
        quote_ttl_seconds: Option<u64> = "quoteTtlSeconds",
    }
}

wire_object! {
    /// The lifetimes of a scenario, in seconds; absent ones take their defaults. The
    /// first revision's member, still accepted; [`ScenarioPolicy`] holds the same and more.
    pub struct ScenarioLimits {
        /// `executionWindowSeconds`: How long after the commit execution may start.
        execution_window_seconds: Option<u64> = "executionWindowSeconds",
        /// `quoteTtlSeconds`: How far after the quote the intent may expire.
        quote_ttl_seconds: Option<u64> = "quoteTtlSeconds",
    }
}

wire_object! {
    /// One timed event of a scenario.
    pub struct ScenarioEvent {
        /// `acceptUnverifiedDeposit`: For `execute`: **unsafe** — whether a deposit
        /// transaction hash is accepted unproven when `depositEvidence` is absent.
        accept_unverified_deposit: Option<bool> = "acceptUnverifiedDeposit",
        /// `acceptUnverifiedPermit`: For `execute`: whether a permit signature is accepted
        /// unverified (checked for form only) when `tokenPermit` is absent.
        accept_unverified_permit: Option<bool> = "acceptUnverifiedPermit",
        /// `at`: When it happens.
        at: Timestamp = "at",
        /// `attestation`: For `attestation`: the attester's completed message and
        /// attestation of the kept burn (docs/spec.md §6.9).
        attestation: Option<AttestationFact> = "attestation",
        /// `balance`: For `balance`: the balance read at the intent address (docs/spec.md
        /// §6.7).
        balance: Option<BalanceFact> = "balance",
        /// `depositEvidence`: For `execute` and `retry`: the node's evidence of the deposit
        /// transaction (without it a deposit transaction hash is `DEPOSIT_UNVERIFIED`, for
        /// `execute` unless `acceptUnverifiedDeposit` is true).
        deposit_evidence: Option<DepositEvidence> = "depositEvidence",
        /// `depositTransactionHash`: For `retry`: the replacement deposit transaction's hash.
        deposit_transaction_hash: Option<B256> = "depositTransactionHash",
        /// `destinationReceipt`: For `destinationReceipt`: the destination node's receipt of
        /// the destination transaction (docs/spec.md §6.9).
        destination_receipt: Option<OriginEvidence> = "destinationReceipt",
        /// `entrypointNonce`: For `execute`: the owner's current nonce at the entrypoint.
        entrypoint_nonce: Option<U256> = "entrypointNonce",
        /// `intent`: For `commit`: the intent sent back (default: the scenario's).
        intent: Option<Intent> = "intent",
        /// `op`: What it does.
        op: ScenarioOp = "op",
        /// `originGone`: For `originGone`: the origin transaction missing from its chain
        /// (docs/spec.md §6.9).
        origin_gone: Option<OriginGone> = "originGone",
        /// `originReceipt`: For `originReceipt`: the node's receipt of the origin
        /// transaction (docs/spec.md §6.7).
        origin_receipt: Option<OriginEvidence> = "originReceipt",
        /// `reason`: For `fail` and `abort`: why.
        reason: Option<String> = "reason",
        /// `request`: For `execute`: the request.
        request: Option<ExecuteRequest> = "request",
        /// `routeReceipt`: For `routeReceipt`: the destination node's receipt of the mint
        /// (docs/spec.md §6.9).
        route_receipt: Option<OriginEvidence> = "routeReceipt",
        /// `serviceContracts`: For `commit`: the contracts sent (default: the intent's).
        service_contracts: Option<ServiceContracts> = "serviceContracts",
        /// `tokenPermit`: For `execute`: the token's permit facts, to verify a permit
        /// signature's signer (without them it is `PERMIT_UNVERIFIED` unless
        /// `acceptUnverifiedPermit` is true).
        token_permit: Option<TokenPermitInput> = "tokenPermit",
        /// `transaction`: For `progress`: the transaction's progress (docs/spec.md §6.6).
        transaction: Option<TransactionReport> = "transaction",
    }
}

wire_object! {
    /// The input of `intentctl run`: an intent, its gas fee options, the events that
    /// happen to it, and the policy they are played under (`policy`, or the older `limits`,
    /// not both).
    pub struct Scenario {
        /// `events`: The events, in order.
        events: Vec<ScenarioEvent> = "events",
        /// `gasFeeOptions`: The gas fee options quoted with the intent.
        gas_fee_options: Option<GasFeeOptions> = "gasFeeOptions",
        /// `intent`: The intent quoted by the first `quote` event.
        intent: Intent = "intent",
        /// `limits`: The lifetimes, when not the defaults (the first revision's `policy`).
        limits: Option<ScenarioLimits> = "limits",
        /// `policy`: The lifetimes and entrypoint names, when not the defaults.
        policy: Option<ScenarioPolicy> = "policy",
    }
}

/// What a scenario event does: an event of the transition table (docs/spec.md §6), or one
/// of the facts a host hands an executing record (§6.6, §6.7), which the table does not know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScenarioOp {
    /// An event of the table, by its name.
    Table(Event),
    /// `progress`: a transaction's progress ([`EventInput::progress`]), with `transaction`.
    Progress,
    /// `balance`: the balance that answers `ReadBalance` ([`EventInput::balance`]), with
    /// `balance`.
    Balance,
    /// `originReceipt`: the receipt that answers `FollowOrigin`
    /// ([`EventInput::origin_receipt`]), with `originReceipt`.
    OriginReceipt,
    /// `attestation`: the attestation that answers `FetchAttestation`
    /// ([`EventInput::attestation`]), with `attestation`.
    Attestation,
    /// `originGone`: the origin transaction gone from its chain
    /// ([`EventInput::origin_gone`]), with `originGone`.
    OriginGone,
    /// `routeReceipt`: the receipt that answers `FollowRoute`
    /// ([`EventInput::route_receipt`]), with `routeReceipt`.
    RouteReceipt,
    /// `destinationReceipt`: the receipt that answers `FollowDestination`
    /// ([`EventInput::destination_receipt`]), with `destinationReceipt`.
    DestinationReceipt,
}

impl ScenarioOp {
    /// The execution facts' names, after the table's.
    const FACTS: [(&'static str, ScenarioOp); 7] = [
        ("progress", ScenarioOp::Progress),
        ("balance", ScenarioOp::Balance),
        ("originReceipt", ScenarioOp::OriginReceipt),
        ("attestation", ScenarioOp::Attestation),
        ("originGone", ScenarioOp::OriginGone),
        ("routeReceipt", ScenarioOp::RouteReceipt),
        ("destinationReceipt", ScenarioOp::DestinationReceipt),
    ];

    /// The name as a scenario spells it.
    pub fn name(&self) -> &'static str {
        match self {
            ScenarioOp::Table(event) => Event::NAMES[Event::ALL.iter().position(|e| e == event).unwrap_or(0)],
            fact => ScenarioOp::FACTS.iter().find(|(_, op)| op == fact).map_or("", |(name, _)| name),
        }
    }

    /// The op of `name`, if it names one.
    pub fn from_name(name: &str) -> Option<ScenarioOp> {
        Event::from_name(name)
            .map(ScenarioOp::Table)
            .or_else(|| ScenarioOp::FACTS.iter().find(|(known, _)| *known == name).map(|(_, op)| *op))
    }
}

impl From<Event> for ScenarioOp {
    fn from(event: Event) -> Self {
        ScenarioOp::Table(event)
    }
}

impl WireValue for ScenarioOp {
    fn read(r: &mut WireReader<'_>) -> Result<Self, Error> {
        const PROBLEM: Problem = Problem::InvalidEnum {
            expected:
                "one of quote commit execute fail succeed abort expire refund retry progress balance originReceipt attestation originGone routeReceipt destinationReceipt",
        };
        let name = r.read_str(|| PROBLEM)?;
        ScenarioOp::from_name(&name).ok_or_else(|| Error::new(PROBLEM))
    }

    fn write<S: Sink + ?Sized>(&self, out: &mut S, form: Form) {
        String::from(self.name()).write(out, form);
    }
}

/// What one event did.
#[derive(Debug, Clone, PartialEq)]
pub struct EventOutcome {
    /// The event's operation.
    pub op: ScenarioOp,
    /// The intent id a commit answers with, or why the event failed.
    pub result: Result<Option<String>, Error>,
    /// Whether the event succeeded as a replay (docs/spec.md §6.3), changing nothing.
    pub replay: bool,
    /// The record's status after the event (`None` while nothing is quoted).
    pub status: Option<IntentStatus>,
}

impl EventOutcome {
    /// The outcome as the line `intentctl run` prints:
    /// `{"op":…,"ok":true[,"replay":true],"status":…[,"intentId":…]}` or
    /// `{"op":…,"ok":false,"reason":…,"status":…}`.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\"op\":");
        write_string(&mut out, self.op.name());
        match &self.result {
            Ok(_) if self.replay => out.push_str(",\"ok\":true,\"replay\":true"),
            Ok(_) => out.push_str(",\"ok\":true"),
            Err(error) => {
                out.push_str(",\"ok\":false,\"reason\":");
                write_string(&mut out, error.reason().code());
            }
        }
        out.push_str(",\"status\":");
        match &self.status {
            Some(status) => write_string(&mut out, status.name()),
            None => out.push_str("null"),
        }
        if let Ok(Some(intent_id)) = &self.result {
            out.push_str(",\"intentId\":");
            write_string(&mut out, intent_id);
        }
        out.push('}');
        out
    }
}

impl Scenario {
    /// The policy the scenario is quoted under: the lifetimes of `policy` or `limits`, the
    /// entrypoint names and deposit confirmations of `policy`, the defaults for those not
    /// given.
    ///
    /// # Errors
    ///
    /// `INVALID_JSON` at `limits` when `policy` is given too: both set the lifetimes, and
    /// rather than pick one the scenario is refused, like a member given twice.
    pub fn to_policy(&self) -> Result<Policy, Error> {
        let (quote_ttl, window) = match (&self.policy, &self.limits) {
            (Some(_), Some(_)) => {
                return Err(
                    Error::new(Problem::InvalidJson("limits and policy both set the lifetimes")).in_member("limits")
                )
            }
            (Some(policy), None) => (policy.quote_ttl_seconds, policy.execution_window_seconds),
            (None, Some(limits)) => (limits.quote_ttl_seconds, limits.execution_window_seconds),
            (None, None) => (None, None),
        };
        Ok(Policy {
            quote_ttl_seconds: quote_ttl.unwrap_or(Policy::DEFAULT.quote_ttl_seconds),
            execution_window_seconds: window.unwrap_or(Policy::DEFAULT.execution_window_seconds),
            entrypoint: entrypoint_names(self.policy.as_ref().and_then(|policy| policy.entrypoint.as_ref())),
            deposit_confirmations: (self.policy.as_ref().and_then(|policy| policy.deposit_confirmations))
                .unwrap_or(Policy::DEFAULT.deposit_confirmations),
            ..Policy::DEFAULT
        })
    }

    /// Plays the events in order and says what each did.
    ///
    /// # Errors
    ///
    /// As [`Scenario::to_policy`], before any event is played.
    pub fn run(&self) -> Result<Vec<EventOutcome>, Error> {
        self.run_between(Ok)
    }

    /// [`Scenario::run`], passing the record through `between` after every event, as a
    /// stateless server stores and loads it (the record `between` returns is the one the
    /// next event is applied to).
    ///
    /// # Errors
    ///
    /// As [`Scenario::to_policy`], before any event is played; the first error of `between`.
    pub fn run_between<E: From<Error>>(
        &self,
        mut between: impl FnMut(IntentRecord) -> Result<IntentRecord, E>,
    ) -> Result<Vec<EventOutcome>, E> {
        let policy = self.to_policy()?;
        let mut record: Option<IntentRecord> = None;
        let mut outcomes = Vec::with_capacity(self.events.len());
        for event in &self.events {
            let result = self.apply(event, &mut record, &policy);
            let replay = matches!(result, Ok((_, Applied::Replay)));
            let status = record.as_ref().map(|r| r.status().clone());
            outcomes.push(EventOutcome { op: event.op, result: result.map(|(id, _)| id), replay, status });
            if let Some(stored) = record.take() {
                record = Some(between(stored)?);
            }
        }
        Ok(outcomes)
    }

    /// Applies one event: the intent id a commit answers with, and whether it was a replay.
    fn apply(
        &self,
        event: &ScenarioEvent,
        record: &mut Option<IntentRecord>,
        policy: &Policy,
    ) -> Result<(Option<String>, Applied), Error> {
        use ScenarioOp::{Balance, Progress, Table};
        let now = event.at;
        let Some(record) = record.as_mut() else {
            match event.op {
                ScenarioOp::Table(Event::Quote) => {}
                ScenarioOp::Table(event) => return Err(event.invalid_transition(None)),
                fact => {
                    let event = fact.name();
                    return Err(Error::new(Problem::InvalidTransition { from: None, event }));
                }
            }
            let (intent, options) = (self.intent.clone(), self.gas_fee_options.clone());
            *record = Some(IntentRecord::quote(intent, options, policy, now)?);
            return Ok((None, Applied::Changed));
        };
        let reason = event.reason.as_deref().unwrap_or_default();
        let token_permit = event.token_permit.as_ref().map(TokenPermitInput::to_token_permit);
        let missing = |member: &str| Error::new(Problem::MissingField).in_member(member);
        let Table(op) = event.op else {
            let input = match event.op {
                Progress => EventInput::progress(event.transaction.as_ref().ok_or_else(|| missing("transaction"))?),
                Balance => EventInput::balance(event.balance.as_ref().ok_or_else(|| missing("balance"))?),
                ScenarioOp::OriginReceipt => {
                    EventInput::origin_receipt(event.origin_receipt.as_ref().ok_or_else(|| missing("originReceipt"))?)
                }
                ScenarioOp::Attestation => {
                    EventInput::attestation(event.attestation.as_ref().ok_or_else(|| missing("attestation"))?)
                }
                ScenarioOp::OriginGone => {
                    EventInput::origin_gone(event.origin_gone.as_ref().ok_or_else(|| missing("originGone"))?)
                }
                ScenarioOp::RouteReceipt => {
                    EventInput::route_receipt(event.route_receipt.as_ref().ok_or_else(|| missing("routeReceipt"))?)
                }
                ScenarioOp::DestinationReceipt => EventInput::destination_receipt(
                    event.destination_receipt.as_ref().ok_or_else(|| missing("destinationReceipt"))?,
                ),
                Table(_) => unreachable!("the table's events are applied below"),
            };
            return record.apply(input, now).map(|applied| (None, applied));
        };
        let input = match op {
            // A record is quoted once: the table refuses a second quote.
            Event::Quote => return record.check_event(&Event::Quote, now).map(|_| (None, Applied::Changed)),
            Event::Commit => {
                let intent = event.intent.as_ref().unwrap_or(&self.intent);
                let contracts = event.service_contracts.as_ref().unwrap_or(&intent.service_contracts);
                EventInput::commit_with(intent, Some(contracts))
            }
            Event::Execute => {
                let request = event.request.as_ref().ok_or_else(|| missing("request"))?;
                let facts = StatedFacts {
                    token_permit: token_permit.as_ref(),
                    entrypoint_nonce: event.entrypoint_nonce,
                    accept_unverified_permit: event.accept_unverified_permit,
                    deposit_evidence: event.deposit_evidence.as_ref(),
                    accept_unverified_deposit: event.accept_unverified_deposit,
                };
                EventInput::execute_with(request, facts.to_chain_facts())
            }
            Event::Fail => EventInput::fail(reason),
            Event::Succeed => EventInput::succeed(),
            Event::Abort => EventInput::abort(reason),
            Event::Expire => EventInput::expire(),
            Event::Refund => EventInput::refund(),
            Event::Retry => {
                let hash = event.deposit_transaction_hash.ok_or_else(|| missing("depositTransactionHash"))?;
                let facts = ChainFacts { deposit_evidence: event.deposit_evidence.as_ref(), ..ChainFacts::NONE };
                EventInput::retry(hash, facts)
            }
        };
        let applied = record.apply(input, now)?;
        let intent_id = (op == Event::Commit).then(|| record.intent().intent_id.clone());
        Ok((intent_id, applied))
    }
}

/// Writes `text` as a JSON string, escaped as the library writes strings (RFC 8785
/// §3.2.2.2, which is also `serde_json`'s escaping).
fn write_string(out: &mut String, text: &str) {
    let _ = write!(out, "{}", serde_json::Value::from(text));
}

/// Writes the outcomes of a run, one JSON line each.
pub fn outcome_lines(outcomes: &[EventOutcome]) -> String {
    let mut out = String::new();
    for outcome in outcomes {
        let _ = writeln!(out, "{}", outcome.to_json());
    }
    out
}
