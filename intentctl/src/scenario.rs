//! The documents of `intentctl check execute` and `intentctl run` (docs/spec.md §10), and the
//! scenario runner: a lifecycle played from a list of timed events, one outcome per event.
//!
//! A failed event leaves the record as it was and the run goes on with the next one. A run
//! may pass the record through a hook between events ([`Scenario::run_between`]): `intentctl
//! run --through-state` stores it as its RecordState there and restores it.
//! Both documents name the entrypoint's EIP-712 names when the deployment uses others
//! than the defaults (docs/spec.md §5.1): a deposit-intent signature is checked under them.
//! Both state the chain facts of an execute (docs/spec.md §6.5) in the same members:
//! `tokenPermit`, `entrypointNonce` and `acceptUnverifiedPermit`.

use std::fmt::Write;

use intent_core::eip712::EntrypointNames;
use intent_core::rules::{check_execute, ExecuteContext};
use intent_core::{
    wire_object, Applied, ChainFacts, EntrypointNamesState, Error, Event, EventInput, ExecuteRequest, GasFeeOptions,
    Intent, IntentRecord, IntentStatus, Policy, Problem, ServiceContracts, Timestamp, TokenPermit, U256,
};

use crate::documents::PermitDomainInput;

wire_object! {
    /// A token's permit facts in a document: its EIP-712 domain and the owner's nonce.
    pub struct TokenPermitInput {
        /// `domain`: The token's EIP-712 domain.
        domain: PermitDomainInput = "domain",
        /// `nonce`: The owner's permit nonce at the token.
        nonce: U256 = "nonce",
    }
}

impl TokenPermitInput {
    /// The facts as a [`TokenPermit`].
    pub fn to_token_permit(&self) -> TokenPermit {
        TokenPermit { domain: self.domain.to_domain(), nonce: self.nonce }
    }
}

wire_object! {
    /// The input of `intentctl check execute`: an execute request checked against a
    /// committed intent at `now`. `committedAt`, when given, also checks the execution
    /// window; `tokenPermit`, when given, verifies a permit signature's signer (without it a
    /// permit signature is `PERMIT_UNVERIFIED` unless `acceptUnverifiedPermit` is true);
    /// `entrypointNonce`, when given, is compared with the user nonce; `entrypoint`, when
    /// given, names the entrypoint's EIP-712 names.
    pub struct CheckExecuteInput {
        /// `acceptUnverifiedPermit`: Whether a permit signature is accepted unverified
        /// (checked for form only) when `tokenPermit` is absent.
        accept_unverified_permit: Option<bool> = "acceptUnverifiedPermit",
        /// `committedAt`: When the intent was committed.
        committed_at: Option<Timestamp> = "committedAt",
        /// `entrypoint`: The entrypoint's EIP-712 names; absent means the defaults.
        entrypoint: Option<EntrypointNamesState> = "entrypoint",
        /// `entrypointNonce`: The owner's current nonce at the entrypoint.
        entrypoint_nonce: Option<U256> = "entrypointNonce",
        /// `gasFeeOptions`: The gas fee options quoted with the intent.
        gas_fee_options: GasFeeOptions = "gasFeeOptions",
        /// `intent`: The committed intent.
        intent: Intent = "intent",
        /// `now`: The time of the request.
        now: Timestamp = "now",
        /// `request`: The execute request.
        request: ExecuteRequest = "request",
        /// `tokenPermit`: The deposit token's permit domain and the owner's nonce.
        token_permit: Option<TokenPermitInput> = "tokenPermit",
    }
}

impl CheckExecuteInput {
    /// Runs the Execute rules of docs/spec.md §7 with the default execution window, under the
    /// entrypoint names of `entrypoint` (the defaults without it).
    ///
    /// # Errors
    ///
    /// The first broken rule, with its path under `request`.
    pub fn check(&self) -> Result<(), Error> {
        let token_permit = self.token_permit.as_ref().map(TokenPermitInput::to_token_permit);
        let facts = chain_facts(token_permit.as_ref(), self.entrypoint_nonce, self.accept_unverified_permit);
        let entrypoint = entrypoint_names(self.entrypoint.as_ref());
        let window = i64::try_from(Policy::DEFAULT.execution_window_seconds).unwrap_or(i64::MAX);
        let context = ExecuteContext {
            intent: &self.intent,
            gas_fee_options: Some(&self.gas_fee_options),
            now: self.now,
            window_closes_at: self.committed_at.map(|at| at.saturating_add_seconds(window)),
            facts: &facts,
            entrypoint: &entrypoint,
        };
        check_execute(&self.request, &context).map_err(|e| e.in_member("request"))
    }
}

/// The chain facts a document states: an absent `acceptUnverifiedPermit` accepts nothing
/// unverified.
fn chain_facts(
    token_permit: Option<&TokenPermit>,
    entrypoint_nonce: Option<U256>,
    accept_unverified_permit: Option<bool>,
) -> ChainFacts<'_> {
    ChainFacts { token_permit, entrypoint_nonce, accept_unverified_permit: accept_unverified_permit.unwrap_or(false) }
}

/// The names `given`, or [`EntrypointNames::DEFAULT`].
fn entrypoint_names(given: Option<&EntrypointNamesState>) -> EntrypointNames {
    given.cloned().map_or(EntrypointNames::DEFAULT, EntrypointNames::from)
}

wire_object! {
    /// How a scenario is played (docs/spec.md §10, revision 2): the two lifetimes, in seconds, and
    /// the entrypoint's EIP-712 names; absent ones take their defaults.
    pub struct ScenarioPolicy {
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
        /// `acceptUnverifiedPermit`: For `execute`: whether a permit signature is accepted
        /// unverified (checked for form only) when `tokenPermit` is absent.
        accept_unverified_permit: Option<bool> = "acceptUnverifiedPermit",
        /// `at`: When it happens.
        at: Timestamp = "at",
        /// `entrypointNonce`: For `execute`: the owner's current nonce at the entrypoint.
        entrypoint_nonce: Option<U256> = "entrypointNonce",
        /// `intent`: For `commit`: the intent sent back (default: the scenario's).
        intent: Option<Intent> = "intent",
        /// `op`: What it does.
        op: Event = "op",
        /// `reason`: For `fail` and `abort`: why.
        reason: Option<String> = "reason",
        /// `request`: For `execute`: the request.
        request: Option<ExecuteRequest> = "request",
        /// `serviceContracts`: For `commit`: the contracts sent (default: the intent's).
        service_contracts: Option<ServiceContracts> = "serviceContracts",
        /// `tokenPermit`: For `execute`: the token's permit facts, to verify a permit
        /// signature's signer (without them it is `PERMIT_UNVERIFIED` unless
        /// `acceptUnverifiedPermit` is true).
        token_permit: Option<TokenPermitInput> = "tokenPermit",
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

/// What one event did.
#[derive(Debug, Clone, PartialEq)]
pub struct EventOutcome {
    /// The event's operation.
    pub op: Event,
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
    /// The policy the scenario is quoted under: the lifetimes of `policy` or `limits` and
    /// the entrypoint names of `policy`, the defaults for those not given.
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
        let now = event.at;
        let Some(record) = record.as_mut() else {
            if event.op != Event::Quote {
                return Err(event.op.invalid_transition(None));
            }
            let (intent, options) = (self.intent.clone(), self.gas_fee_options.clone());
            *record = Some(IntentRecord::quote(intent, options, policy, now)?);
            return Ok((None, Applied::Changed));
        };
        let reason = event.reason.as_deref().unwrap_or_default();
        let token_permit = event.token_permit.as_ref().map(TokenPermitInput::to_token_permit);
        let input = match event.op {
            // A record is quoted once: the table refuses a second quote.
            Event::Quote => return record.check_event(&Event::Quote, now).map(|_| (None, Applied::Changed)),
            Event::Commit => {
                let intent = event.intent.as_ref().unwrap_or(&self.intent);
                let contracts = event.service_contracts.as_ref().unwrap_or(&intent.service_contracts);
                EventInput::Commit { intent, contracts: Some(contracts) }
            }
            Event::Execute => EventInput::Execute {
                request: event
                    .request
                    .as_ref()
                    .ok_or_else(|| Error::new(Problem::MissingField).in_member("request"))?,
                facts: chain_facts(token_permit.as_ref(), event.entrypoint_nonce, event.accept_unverified_permit),
            },
            Event::Fail => EventInput::Fail { reason },
            Event::Succeed => EventInput::Succeed,
            Event::Abort => EventInput::Abort { reason },
            Event::Expire => EventInput::Expire,
            Event::Refund => EventInput::Refund,
        };
        let applied = record.apply(input, now)?;
        let intent_id = (event.op == Event::Commit).then(|| record.intent().intent_id.clone());
        Ok((intent_id, applied))
    }
}

/// Writes `text` as a JSON string, escaped as the library writes strings (RFC 8785
/// §3.2.2.2, which is also `serde_json`'s escaping).
fn write_string(out: &mut String, text: &str) {
    out.push_str(&serde_json::Value::from(text).to_string());
}

/// Writes the outcomes of a run, one JSON line each.
pub fn outcome_lines(outcomes: &[EventOutcome]) -> String {
    let mut out = String::new();
    for outcome in outcomes {
        let _ = writeln!(out, "{}", outcome.to_json());
    }
    out
}
