//! TEMPORARY (removed when issue 12 lands on main): the agreed issue-12 API over the
//! current core, so the service can be built and tested before the merge.
#![allow(missing_docs)]

use intent_core::eip712::EntrypointNames;
use intent_core::rules::ChainFacts;
use intent_core::{
    wire_object, Canonical, Error, ExecuteRequest, GasFeeOptions, Intent, IntentReceipt, IntentStatus, Limits,
    ServiceContracts, Timestamp,
};

#[derive(Debug, Clone)]
pub struct Policy {
    pub quote_ttl_seconds: u64,
    pub execution_window_seconds: u64,
    pub entrypoint: EntrypointNames,
}

impl Default for Policy {
    fn default() -> Self {
        Policy { quote_ttl_seconds: 300, execution_window_seconds: 600, entrypoint: EntrypointNames::default() }
    }
}

#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Applied {
    Changed,
    Replay,
}

wire_object! {
    pub struct RecordEvent {
        at: Timestamp = "at",
        contracts: Option<ServiceContracts> = "contracts",
        intent: Option<Intent> = "intent",
        op: String = "op",
        reason: Option<String> = "reason",
        request: Option<ExecuteRequest> = "request",
    }
}

wire_object! {
    pub struct RecordState {
        events: Vec<RecordEvent> = "events",
        execution_window_seconds: u64 = "executionWindowSeconds",
        gas_fee_options: Option<GasFeeOptions> = "gasFeeOptions",
        intent: Intent = "intent",
        quote_ttl_seconds: u64 = "quoteTtlSeconds",
        quoted_at: Timestamp = "quotedAt",
    }
}

#[derive(Debug, Clone)]
pub struct IntentRecord {
    inner: intent_core::lifecycle::IntentRecord,
    state: RecordState,
    execute_request: Option<ExecuteRequest>,
}

fn limits(state: &RecordState) -> Limits {
    Limits {
        quote_ttl_seconds: state.quote_ttl_seconds as u32,
        execution_window_seconds: state.execution_window_seconds as u32,
        ..Limits::DEFAULT
    }
}

impl IntentRecord {
    pub fn quote(intent: Intent, gfo: Option<GasFeeOptions>, policy: &Policy, now: Timestamp) -> Result<Self, Error> {
        let state = RecordState {
            events: Vec::new(),
            execution_window_seconds: policy.execution_window_seconds,
            gas_fee_options: gfo.clone(),
            intent: intent.clone(),
            quote_ttl_seconds: policy.quote_ttl_seconds,
            quoted_at: now,
            unknown: Default::default(),
        };
        let inner = intent_core::lifecycle::IntentRecord::quote(intent, gfo, now, &limits(&state))?;
        Ok(IntentRecord { inner, state, execute_request: None })
    }
    pub fn state(&self) -> RecordState {
        self.state.clone()
    }
    pub fn from_state(state: RecordState) -> Result<Self, Error> {
        let events = state.events.clone();
        let mut record = IntentRecord::quote(
            state.intent.clone(),
            state.gas_fee_options.clone(),
            &Policy {
                quote_ttl_seconds: state.quote_ttl_seconds,
                execution_window_seconds: state.execution_window_seconds,
                entrypoint: EntrypointNames::default(),
            },
            state.quoted_at,
        )?;
        record.state = state;
        for e in events {
            match e.op.as_str() {
                "commit" => {
                    record.inner.commit(e.intent.as_ref().unwrap(), e.contracts.as_ref(), e.at)?;
                }
                "execute" => {
                    record.inner.execute_with(
                        e.request.as_ref().unwrap(),
                        &ChainFacts { accept_unverified_permit: true, ..ChainFacts::default() },
                        e.at,
                    )?;
                    record.execute_request = e.request.clone();
                }
                "fail" => record.inner.fail(e.reason.as_deref().unwrap(), e.at)?,
                "succeed" => record.inner.succeed(e.at)?,
                "refund" => record.inner.refund(e.at)?,
                "expire" => record.inner.expire(e.at)?,
                _ => unreachable!(),
            }
        }
        Ok(record)
    }
    fn push(&mut self, op: &str, at: Timestamp) -> &mut RecordEvent {
        self.state.events.push(RecordEvent {
            at,
            contracts: None,
            intent: None,
            op: op.into(),
            reason: None,
            request: None,
            unknown: Default::default(),
        });
        self.state.events.last_mut().unwrap()
    }
    pub fn revision(&self) -> u64 {
        self.state.events.len() as u64
    }
    pub fn status(&self) -> &IntentStatus {
        self.inner.status()
    }
    pub fn intent(&self) -> &Intent {
        self.inner.intent()
    }
    pub fn receipt(&self, now: Timestamp) -> IntentReceipt {
        self.inner.receipt(now)
    }
    pub fn next_deadline(&self) -> Option<Timestamp> {
        match self.status() {
            IntentStatus::Quoted => Some(self.inner.quote_expires_at()),
            IntentStatus::Committed => self.inner.execution_window_closes_at(),
            _ => None,
        }
    }
    pub fn commit(
        &mut self,
        intent: &Intent,
        contracts: Option<&ServiceContracts>,
        now: Timestamp,
    ) -> Result<Applied, Error> {
        if *self.status() != IntentStatus::Quoted
            && intent.canonical_hash() == self.inner.intent_hash()
            && contracts.is_none_or(|c| *c == self.intent().service_contracts)
        {
            return Ok(Applied::Replay);
        }
        self.inner.commit(intent, contracts, now)?;
        let e = self.push("commit", now);
        e.intent = Some(intent.clone());
        e.contracts = contracts.cloned();
        Ok(Applied::Changed)
    }
    pub fn execute_with(
        &mut self,
        request: &ExecuteRequest,
        facts: &ChainFacts<'_>,
        now: Timestamp,
    ) -> Result<Applied, Error> {
        if let Some(accepted) = &self.execute_request {
            if accepted.canonical_hash() == request.canonical_hash() {
                return Ok(Applied::Replay);
            }
        }
        self.inner.execute_with(request, facts, now)?;
        self.execute_request = Some(request.clone());
        self.push("execute", now).request = Some(request.clone());
        Ok(Applied::Changed)
    }
    pub fn fail(&mut self, reason: &str, now: Timestamp) -> Result<(), Error> {
        self.inner.fail(reason, now)?;
        self.push("fail", now).reason = Some(reason.into());
        Ok(())
    }
    pub fn succeed(&mut self, now: Timestamp) -> Result<(), Error> {
        self.inner.succeed(now)?;
        self.push("succeed", now);
        Ok(())
    }
    pub fn refund(&mut self, now: Timestamp) -> Result<(), Error> {
        self.inner.refund(now)?;
        self.push("refund", now);
        Ok(())
    }
    pub fn expire(&mut self, now: Timestamp) -> Result<(), Error> {
        self.inner.expire(now)?;
        self.push("expire", now);
        Ok(())
    }
}
