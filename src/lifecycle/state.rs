//! The persisted form of a record (docs/spec.md §6.2): the object [`RecordState`], read and
//! written like the objects of docs/spec.md §2 (same limits, unknown members kept), what
//! [`IntentRecord::state`] writes and [`IntentRecord::from_state`] checks; its one text
//! writer, [`IntentRecord::state_json`], with the split of [`StatePart`], and the join of
//! the two parts for reading, [`RecordState::join_json`].
//!
//! Restoring checks that the state is one a record can be in (`INVALID_RECORD` with the
//! path of the member that disagrees) and never re-verifies a signature or re-runs an
//! operation's rules: they were checked when the event happened, and a stored record keeps
//! loading after a rule is tightened. The lifecycle itself is in the parent module.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

use alloy_primitives::{Bytes, B256};

use super::receipt::transaction_id;
use super::route::{attestation_mismatch, is_cross_chain, Route};
use super::table::Stage;
use super::IntentRecord;
use crate::eip712::EntrypointNames;
use crate::error::{Error, Problem};
use crate::text::{DocumentSink, Sink};
use crate::wire::declare::MemberWriter;
use crate::wire::wire_value::{Form, WireValue};
use crate::wire_object;
use crate::{
    AttestationFact, BalanceFact, Canonical, ExecuteRequest, GasFeeOptions, Intent, IntentStatus, IntentTransaction,
    Policy, Timestamp, TransactionReport, UnknownMembers,
};

/// The one `version` of [`RecordState`] this library writes and reads.
pub const RECORD_STATE_VERSION: u64 = 1;

wire_object! {
    /// A record's persisted form (docs/spec.md §6.2): what a host stores between the events of
    /// one intent, written by [`IntentRecord::state`] and restored by
    /// [`IntentRecord::from_state`]. Unknown members are read and written like any object's,
    /// but a record does not keep them: the state of a restored record has none.
    pub struct RecordState {
        /// `committedAt`: When the intent was committed, once it was.
        committed_at: Option<Timestamp> = "committedAt",
        /// `destinationPreconditionMet`: The balance that met a cross-chain intent's
        /// destination precondition (docs/spec.md §6.9); absent until one did.
        destination_precondition_met: Option<BalanceFact> = "destinationPreconditionMet",
        /// `executeRequest`: The request that started execution, once one did.
        execute_request: Option<ExecuteRequest> = "executeRequest",
        /// `gasFeeOptions`: The gas fee options quoted with the intent.
        gas_fee_options: Option<GasFeeOptions> = "gasFeeOptions",
        /// `intent`: The quoted intent.
        intent: Intent = "intent",
        /// `intentHash`: The quoted intent's canonical hash.
        intent_hash: B256 = "intentHash",
        /// `lastEventAt`: The time of the last event applied.
        last_event_at: Timestamp = "lastEventAt",
        /// `policy`: The policy the intent was quoted under.
        policy: PolicyState = "policy",
        /// `preconditionMet`: The balance that met the origin precondition
        /// ([`EventInput::balance`](crate::EventInput::balance), docs/spec.md §6.7); absent
        /// until one did (as in states written before it existed).
        precondition_met: Option<BalanceFact> = "preconditionMet",
        /// `progressReports`: How many transaction progress reports changed the record
        /// ([`EventInput::progress`](crate::EventInput::progress)); absent when none did (as
        /// in states written before they existed).
        progress_reports: Option<u64> = "progressReports",
        /// `quotedAt`: When the intent was quoted.
        quoted_at: Timestamp = "quotedAt",
        /// `retryChanges`: How many changes replacement deposits made
        /// ([`EventInput::retry`](crate::EventInput::retry), docs/spec.md §6.8): one per retry,
        /// and one more for each FAILED status a retry left; absent when none did (as in
        /// states written before retries existed).
        retry_changes: Option<u64> = "retryChanges",
        /// `revision`: How many times the record changed since its quote.
        revision: u64 = "revision",
        /// `routeAttestation`: The attestation of the kept burn (docs/spec.md §6.9); absent
        /// until one was kept.
        route_attestation: Option<AttestationFact> = "routeAttestation",
        /// `routeChanges`: How many changes the route's events made (docs/spec.md §6.9):
        /// the origin receipt that kept a burn, each attestation, origin gone, route receipt
        /// and destination balance; absent when none did.
        route_changes: Option<u64> = "routeChanges",
        /// `routeMessage`: The burn message a cross-chain intent's origin transaction emitted
        /// (docs/spec.md §6.9); absent until one was kept, and again after a reorganisation
        /// removed it.
        route_message: Option<Bytes> = "routeMessage",
        /// `status`: The record's status.
        status: IntentStatus = "status",
        /// `statusReason`: Why the intent failed or was aborted.
        status_reason: Option<String> = "statusReason",
        /// `statusSince`: When the status took its value.
        status_since: Timestamp = "statusSince",
        /// `transactions`: The transactions operators reported, one per type in the order of their `id`; absent when none was (as in states written before receipts kept them).
        transactions: Option<Vec<IntentTransaction>> = "transactions",
        /// `version`: The form's version, [`RECORD_STATE_VERSION`].
        version: u64 = "version",
    }
}

wire_object! {
    /// A [`Policy`] in a [`RecordState`].
    pub struct PolicyState {
        /// `depositConfirmations`: The confirmations a deposit transaction needs; absent
        /// means 1, and 1 is written absent, so that states written before it existed read
        /// and write as they did.
        deposit_confirmations: Option<u64> = "depositConfirmations",
        /// `entrypoint`: The entrypoint's EIP-712 names.
        entrypoint: EntrypointNamesState = "entrypoint",
        /// `executionTimeoutSeconds`: How long the record may stay EXECUTING without an
        /// origin transaction it follows; absent means 3600, and 3600 is written absent, so that
        /// states written before it existed read and write as they did.
        execution_timeout_seconds: Option<u64> = "executionTimeoutSeconds",
        /// `executionWindowSeconds`: How long after the commit the intent may be executed.
        execution_window_seconds: u64 = "executionWindowSeconds",
        /// `quoteTtlSeconds`: How far after the quote the intent may expire.
        quote_ttl_seconds: u64 = "quoteTtlSeconds",
    }
}

wire_object! {
    /// [`EntrypointNames`] as an object (docs/spec.md §5.1): `{"name", "version", "typeName"}`.
    pub struct EntrypointNamesState {
        /// `name`: The domain's name.
        name: String = "name",
        /// `typeName`: The struct's type name.
        type_name: String = "typeName",
        /// `version`: The domain's version.
        version: String = "version",
    }
}

impl From<&EntrypointNames> for EntrypointNamesState {
    fn from(names: &EntrypointNames) -> Self {
        EntrypointNamesState {
            name: String::from(&*names.domain_name),
            type_name: String::from(&*names.type_name),
            version: String::from(&*names.domain_version),
            unknown: UnknownMembers::new(),
        }
    }
}

impl From<EntrypointNamesState> for EntrypointNames {
    fn from(names: EntrypointNamesState) -> Self {
        EntrypointNames {
            type_name: Cow::Owned(names.type_name),
            domain_name: Cow::Owned(names.name),
            domain_version: Cow::Owned(names.version),
        }
    }
}

impl From<&Policy> for PolicyState {
    fn from(policy: &Policy) -> Self {
        PolicyState {
            deposit_confirmations: (policy.deposit_confirmations != Policy::DEFAULT.deposit_confirmations)
                .then_some(policy.deposit_confirmations),
            entrypoint: EntrypointNamesState::from(&policy.entrypoint),
            execution_timeout_seconds: (policy.execution_timeout_seconds != Policy::DEFAULT.execution_timeout_seconds)
                .then_some(policy.execution_timeout_seconds),
            execution_window_seconds: policy.execution_window_seconds,
            quote_ttl_seconds: policy.quote_ttl_seconds,
            unknown: UnknownMembers::new(),
        }
    }
}

impl From<PolicyState> for Policy {
    fn from(policy: PolicyState) -> Self {
        Policy {
            quote_ttl_seconds: policy.quote_ttl_seconds,
            execution_window_seconds: policy.execution_window_seconds,
            entrypoint: EntrypointNames::from(policy.entrypoint),
            deposit_confirmations: policy.deposit_confirmations.unwrap_or(Policy::DEFAULT.deposit_confirmations),
            execution_timeout_seconds: policy
                .execution_timeout_seconds
                .unwrap_or(Policy::DEFAULT.execution_timeout_seconds),
        }
    }
}

/// `INVALID_RECORD` at the member `key`.
fn invalid(key: &str, why: &'static str) -> Error {
    Error::new(Problem::InvalidRecord(why)).in_member(key)
}

impl RecordState {
    /// The text of a state from its two parts ([`StatePart::Quoted`] and
    /// [`StatePart::Changing`] of [`IntentRecord::state_json`], or any two JSON objects): one
    /// object with the members of both, the changing part's first; the reader's counterpart
    /// of the split. Only the parts' outer braces are looked
    /// at; reading the result checks the rest (a member in both parts is a duplicate).
    ///
    /// # Errors
    ///
    /// `INVALID_RECORD` when a part is not enclosed in `{` and `}`.
    pub fn join_json(quoted: &str, changing: &str) -> Result<String, Error> {
        fn members(part: &str) -> Option<&str> {
            part.strip_prefix('{')?.strip_suffix('}')
        }
        let quoted = members(quoted).ok_or_else(|| invalid("intent", "a state's quoted part is not a JSON object"))?;
        let changing = members(changing)
            .ok_or_else(|| Error::new(Problem::InvalidRecord("a state's changing part is not a JSON object")))?;
        let mut text = String::with_capacity(quoted.len() + changing.len() + 3);
        text.push('{');
        text.push_str(changing);
        if !changing.is_empty() && !quoted.is_empty() {
            text.push(',');
        }
        text.push_str(quoted);
        text.push('}');
        Ok(text)
    }

    /// The checks [`IntentRecord::from_state`] makes (docs/spec.md §6.2), without restoring the
    /// record.
    ///
    /// # Errors
    ///
    /// As [`IntentRecord::from_state`].
    pub fn check(&self) -> Result<(), Error> {
        self.checked_stage().map(drop)
    }

    /// The checks of docs/spec.md §6.2, in the order of the members they read; the stage the
    /// state is in when they pass. What a stage implies (an execute request, a revision)
    /// is read from the transition table.
    fn checked_stage(&self) -> Result<Stage, Error> {
        if self.version != RECORD_STATE_VERSION {
            return Err(invalid("version", "unknown version"));
        }
        let Some(stage) = Stage::of(&self.status) else {
            return Err(invalid("status", "a status no record is ever in"));
        };
        if self.intent_hash != self.intent.canonical_hash() {
            return Err(invalid("intentHash", "not the intent's canonical hash"));
        }
        if self.intent.status != IntentStatus::Quoted {
            return Err(invalid("status", "the quoted intent's status is not QUOTED").in_member("intent"));
        }
        let committed = stage != Stage::Quoted;
        if self.committed_at.is_some() != committed {
            return Err(invalid("committedAt", "committedAt disagrees with the status"));
        }
        self.check_execute_request(stage)?;
        self.check_status_reason(stage)?;
        let progress = self.progress_reports.unwrap_or(0);
        if progress > 0 && self.execute_request.is_none() {
            return Err(invalid("progressReports", "progress reported on a record that never executed"));
        }
        let retried = self.retry_changes.unwrap_or(0);
        if retried > 0 && self.execute_request.is_none() {
            return Err(invalid("retryChanges", "a retry on a record that never executed"));
        }
        self.check_precondition_met()?;
        self.check_route()?;
        let met = u64::from(self.precondition_met.is_some());
        let changes = stage
            .changes_to(self.execute_request.is_some())
            .and_then(|c| c.checked_add(progress))
            .and_then(|c| c.checked_add(met))
            .and_then(|c| c.checked_add(retried))
            .and_then(|c| c.checked_add(self.route_changes.unwrap_or(0)));
        if changes != Some(self.revision) {
            return Err(invalid("revision", "not the number of changes that lead to the status"));
        }
        self.check_times()?;
        self.check_transactions()?;
        Ok(stage)
    }

    /// Every kept transaction is the intent's, of a type a receipt has a place for, on
    /// that type's chain, numbered by its type, and in ascending order of `id` (so one per
    /// type).
    fn check_transactions(&self) -> Result<(), Error> {
        let Some(transactions) = &self.transactions else { return Ok(()) };
        let mut last_id = 0;
        for (index, transaction) in transactions.iter().enumerate() {
            let at = |e: Error| e.in_element(index).in_member("transactions");
            if transaction.intent_id != self.intent.intent_id {
                return Err(at(invalid("intentId", "not the intent's id")));
            }
            if TransactionReport::chain_of(&transaction.kind, &self.intent) != Some(transaction.chain_id) {
                return Err(at(invalid("chainId", "not the chain of the transaction's type")));
            }
            if transaction.id != transaction_id(&transaction.kind) || transaction.id <= last_id {
                return Err(at(invalid("id", "not its type's number, in ascending order")));
            }
            last_id = transaction.id;
        }
        Ok(())
    }

    /// A kept balance is of a record that executed, and meets the intent's precondition
    /// (docs/spec.md §6.7).
    fn check_precondition_met(&self) -> Result<(), Error> {
        let Some(fact) = &self.precondition_met else { return Ok(()) };
        let at = |key: &str, why: &'static str| invalid(key, why).in_member("preconditionMet");
        if self.execute_request.is_none() {
            return Err(invalid("preconditionMet", "a precondition met on a record that never executed"));
        }
        let precondition = super::execution::Precondition::of(&self.intent);
        if let Some(field) = precondition.mismatch(fact) {
            return Err(at(field, "not the precondition's"));
        }
        if fact.amount < precondition.at_least {
            return Err(at("amount", "below the deposit amount"));
        }
        Ok(())
    }

    /// What a cross-chain record keeps of its route (docs/spec.md §6.9), each member in
    /// turn: `routeChanges` of a cross-chain intent that executed; `routeMessage` a burn
    /// for the destination intent address, kept with the ORIGIN transaction SUCCEEDED;
    /// `routeAttestation` of the kept burn; `destinationPreconditionMet` after an
    /// attestation, meeting the destination precondition; `routeChanges` at least one per
    /// member kept.
    fn check_route(&self) -> Result<(), Error> {
        let changes = self.route_changes.unwrap_or(0);
        if changes > 0 && (self.execute_request.is_none() || !is_cross_chain(&self.intent)) {
            return Err(invalid("routeChanges", "route changes on a record that never executed across chains"));
        }
        if let Some(message) = &self.route_message {
            let recipient = self.intent.destination_intent_address;
            let burn = crate::cctp::Message::from_bytes(message)
                .ok()
                .and_then(|message| crate::cctp::BurnMessage::from_bytes(&message.body).ok());
            if recipient.is_none()
                || burn.is_none_or(|body| Some(body.mint_recipient) != recipient.map(|a| a.into_word()))
            {
                return Err(invalid("routeMessage", "not a burn for the destination intent address"));
            }
            let origin = self.transactions.iter().flatten().find(|t| t.kind == crate::TransactionType::Origin);
            if !origin.is_some_and(|t| t.status == crate::TransactionStatus::Succeeded && t.txn_hash.is_some()) {
                return Err(invalid("routeMessage", "a burn kept without the ORIGIN transaction SUCCEEDED"));
            }
        }
        if let Some(fact) = &self.route_attestation {
            let Some(sent) = &self.route_message else {
                return Err(invalid("routeAttestation", "an attestation without a kept burn"));
            };
            if let Some((member, _)) = attestation_mismatch(sent, fact) {
                return Err(invalid(member, "not an attestation of the kept burn").in_member("routeAttestation"));
            }
        }
        if let Some(fact) = &self.destination_precondition_met {
            let at = |key: &str, why: &'static str| invalid(key, why).in_member("destinationPreconditionMet");
            if self.route_attestation.is_none() {
                return Err(invalid("destinationPreconditionMet", "a destination balance without an attestation"));
            }
            let Some(precondition) = super::execution::Precondition::destination(&self.intent) else {
                return Err(invalid("destinationPreconditionMet", "the intent has no destination precondition"));
            };
            if let Some(field) = precondition.mismatch(fact) {
                return Err(at(field, "not the destination precondition's"));
            }
            if fact.amount < precondition.at_least {
                return Err(at("amount", "below the destination precondition's minAmount"));
            }
        }
        let kept = [
            self.route_message.is_some(),
            self.route_attestation.is_some(),
            self.destination_precondition_met.is_some(),
        ];
        if changes < kept.iter().map(|&k| u64::from(k)).sum::<u64>() {
            return Err(invalid("routeChanges", "fewer route changes than the route members kept"));
        }
        Ok(())
    }

    fn check_execute_request(&self, stage: Stage) -> Result<(), Error> {
        let given = self.execute_request.as_ref();
        if stage.executed().is_some_and(|expected| expected != given.is_some()) {
            return Err(invalid("executeRequest", "executeRequest disagrees with the status"));
        }
        if given.is_some_and(|request| request.intent_id != self.intent.intent_id) {
            return Err(invalid("intentId", "not the intent's id").in_member("executeRequest"));
        }
        Ok(())
    }

    fn check_status_reason(&self, stage: Stage) -> Result<(), Error> {
        let needs_reason = matches!(stage, Stage::Failed | Stage::Aborted | Stage::Refunded);
        match (&self.status_reason, needs_reason) {
            (None, true) => Err(invalid("statusReason", "the status needs a status reason")),
            (Some(_), false) => Err(invalid("statusReason", "the status has no status reason")),
            (Some(reason), true) if reason.is_empty() => Err(invalid("statusReason", "an empty status reason")),
            _ => Ok(()),
        }
    }

    /// `quotedAt ≤ committedAt ≤ statusSince ≤ lastEventAt` (`committedAt` once committed).
    fn check_times(&self) -> Result<(), Error> {
        if let Some(committed_at) = self.committed_at {
            if committed_at < self.quoted_at {
                return Err(invalid("committedAt", "committedAt before quotedAt"));
            }
            if self.status_since < committed_at {
                return Err(invalid("statusSince", "statusSince before committedAt"));
            }
        }
        if self.status_since < self.quoted_at {
            return Err(invalid("statusSince", "statusSince before quotedAt"));
        }
        if self.last_event_at < self.status_since {
            return Err(invalid("lastEventAt", "lastEventAt before statusSince"));
        }
        Ok(())
    }
}

/// The wire text of a record's quoted members, `gasFeeOptions` and `intent`, which no event
/// changes and which are most of a state's text: written by the record's first
/// [`IntentRecord::state_json`] of the whole state and kept in the record (its clones share
/// it), so that a host that writes one record's state at each of its changes writes them
/// once. It is no part of the record's value: records are equal, and debug-print, without
/// it.
#[derive(Clone, Default)]
pub(crate) struct QuotedText(Option<Arc<QuotedMembers>>);

struct QuotedMembers {
    gas_fee_options: Option<String>,
    intent: String,
}

impl PartialEq for QuotedText {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl core::fmt::Debug for QuotedText {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(if self.0.is_some() { "QuotedText(written)" } else { "QuotedText(none)" })
    }
}

/// Which part of a record's persisted form [`IntentRecord::state_json`] writes: the whole
/// state, or one of the two JSON objects a host that stores the quoted members once (at the
/// quote) and only the rest at each change splits it into. [`RecordState::join_json`] joins
/// the two parts back into the whole, for reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StatePart {
    /// The whole [`RecordState`], byte for byte `to_string(&record.state())`.
    Whole,
    /// `{"gasFeeOptions":…,"intent":…}`: the members no event changes (most of the
    /// state's text).
    Quoted,
    /// Every member of the state but `gasFeeOptions` and `intent`, in the state's key
    /// order.
    Changing,
}

impl IntentRecord {
    /// The text of the record's persisted form, or of one of its parts: the one writer of
    /// the stored form (the typed form is [`IntentRecord::state`]). Written from the record
    /// without copying it, the same bytes as the [`RecordState`] writer. The values of
    /// `gasFeeOptions` and `intent`, which no event changes, are written by the first
    /// [`StatePart::Whole`] and kept in the record (hence `&mut`; its clones share them), so
    /// that the states of its later changes copy them; [`StatePart::Quoted`] copies them
    /// when kept and keeps nothing, [`StatePart::Changing`] does not write them.
    ///
    /// ```
    /// use intent_core::{from_slice, to_string, EventInput, IntentRecord, Policy, RecordState, StatePart};
    ///
    /// let intent = from_slice(include_bytes!("../../examples/intent.json"))?;
    /// let mut record = IntentRecord::quote(intent, None, &Policy::default(), "2026-11-21T18:30:00Z".parse()?)?;
    /// assert_eq!(record.state_json(StatePart::Whole), to_string(&record.state()));
    /// let quoted = record.state_json(StatePart::Quoted);
    /// let commit = record.intent().clone();
    /// let _ = record.apply(EventInput::commit(&commit), "2026-11-21T18:31:00Z".parse()?)?;
    /// assert_eq!(record.state_json(StatePart::Whole), to_string(&record.state()));
    ///
    /// let joined = RecordState::join_json(&quoted, &record.state_json(StatePart::Changing))?;
    /// let restored = IntentRecord::from_state(from_slice::<RecordState>(joined.as_bytes())?)?;
    /// assert_eq!(to_string(&restored.state()), to_string(&record.state()));
    /// # Ok::<(), intent_core::Error>(())
    /// ```
    pub fn state_json(&mut self, part: StatePart) -> String {
        match part {
            StatePart::Whole => {
                let quoted = self.quoted_members();
                self.write_state(Some(&quoted))
            }
            StatePart::Quoted => self.write_quoted_part(),
            StatePart::Changing => self.write_state(None),
        }
    }

    /// `{"gasFeeOptions":…,"intent":…}`, from the kept text when there is one (keeping
    /// nothing).
    fn write_quoted_part(&self) -> String {
        let written;
        let quoted = match &self.quoted_text.0 {
            Some(quoted) => quoted.as_ref(),
            None => {
                written = self.write_quoted_members();
                &written
            }
        };
        let gas_fee_options = quoted.gas_fee_options.as_deref();
        let mut text = String::with_capacity(quoted.intent.len() + gas_fee_options.map_or(0, str::len) + 32);
        text.push('{');
        if let Some(gas_fee_options) = gas_fee_options {
            text.push_str("\"gasFeeOptions\":");
            text.push_str(gas_fee_options);
            text.push(',');
        }
        text.push_str("\"intent\":");
        text.push_str(&quoted.intent);
        text.push('}');
        text
    }

    /// The text of the quoted members, written by the first call and kept.
    fn quoted_members(&mut self) -> Arc<QuotedMembers> {
        match &self.quoted_text.0 {
            Some(quoted) => quoted.clone(),
            None => {
                let quoted = Arc::new(self.write_quoted_members());
                self.quoted_text = QuotedText(Some(quoted.clone()));
                quoted
            }
        }
    }

    fn write_quoted_members(&self) -> QuotedMembers {
        QuotedMembers {
            gas_fee_options: self.gas_fee_options.as_ref().map(crate::to_string),
            intent: crate::to_string(&self.intent),
        }
    }

    /// The state's text, with its quoted members' `quoted` text, or without them.
    fn write_state(&self, quoted: Option<&QuotedMembers>) -> String {
        let none = UnknownMembers::new();
        let mut out = DocumentSink::new();
        let quoted_len = quoted.map_or(0, |q| q.intent.len() + q.gas_fee_options.as_ref().map_or(0, String::len));
        out.text.reserve(quoted_len + 1024);
        let mut w = MemberWriter::begin(&mut out, &none, RecordState::KEYS, Form::Wire);
        // The members of `RecordState` in its key order, as its writer writes them (the
        // tests compare the two texts on records with every optional member).
        macro_rules! member {
            ($key:literal, $value:expr) => {
                let value = $value;
                if value.is_present() {
                    w.key($key, concat!(",\"", $key, "\":"));
                    value.write(w.out, Form::Wire);
                }
            };
        }
        member!("committedAt", &self.committed_at);
        member!("destinationPreconditionMet", &self.route.destination_met);
        member!("executeRequest", &self.execute_request);
        if let Some(quoted) = quoted {
            if let Some(text) = &quoted.gas_fee_options {
                w.key("gasFeeOptions", ",\"gasFeeOptions\":");
                w.out.write_str(text);
            }
            w.key("intent", ",\"intent\":");
            w.out.write_str(&quoted.intent);
        }
        member!("intentHash", &self.intent_hash);
        member!("lastEventAt", &self.last_event_at);
        member!("policy", &PolicyState::from(&self.policy));
        member!("preconditionMet", &self.precondition_met);
        member!("progressReports", &(self.progress_reports > 0).then_some(self.progress_reports));
        member!("quotedAt", &self.quoted_at);
        member!("retryChanges", &(self.retry_changes > 0).then_some(self.retry_changes));
        member!("revision", &self.revision);
        member!("routeAttestation", &self.route.attestation);
        member!("routeChanges", &(self.route.changes > 0).then_some(self.route.changes));
        member!("routeMessage", &self.route.message);
        member!("status", self.stage.status());
        member!("statusReason", &self.status_reason);
        member!("statusSince", &self.status_since);
        if !self.transactions.is_empty() {
            w.key("transactions", ",\"transactions\":");
            self.transactions.write(w.out, Form::Wire);
        }
        member!("version", &RECORD_STATE_VERSION);
        w.end();
        out.text
    }

    /// The record's persisted form (docs/spec.md §6.2), `version` [`RECORD_STATE_VERSION`].
    pub fn state(&self) -> RecordState {
        RecordState {
            committed_at: self.committed_at,
            destination_precondition_met: self.route.destination_met.clone(),
            execute_request: self.execute_request.clone(),
            gas_fee_options: self.gas_fee_options.clone(),
            intent: self.intent.clone(),
            intent_hash: self.intent_hash,
            last_event_at: self.last_event_at,
            policy: PolicyState::from(&self.policy),
            precondition_met: self.precondition_met.clone(),
            progress_reports: (self.progress_reports > 0).then_some(self.progress_reports),
            quoted_at: self.quoted_at,
            retry_changes: (self.retry_changes > 0).then_some(self.retry_changes),
            revision: self.revision,
            route_attestation: self.route.attestation.clone(),
            route_changes: (self.route.changes > 0).then_some(self.route.changes),
            route_message: self.route.message.clone(),
            status: self.stage.status().clone(),
            status_reason: self.status_reason.clone(),
            status_since: self.status_since,
            transactions: (!self.transactions.is_empty()).then(|| self.transactions.clone()),
            version: RECORD_STATE_VERSION,
            unknown: UnknownMembers::new(),
        }
    }

    /// The record `state` holds, equal to the one that wrote it and behaving the same for
    /// every later event. Checks that a record can be in the state; verifies no signature
    /// and runs no operation's rules again. The state's unknown members are not kept.
    ///
    /// ```
    /// use intent_core::{from_slice, to_string, IntentRecord, Policy, RecordState};
    ///
    /// let intent = from_slice(include_bytes!("../../examples/intent.json"))?;
    /// let record = IntentRecord::quote(intent, None, &Policy::default(), "2026-11-21T18:30:00Z".parse()?)?;
    /// let stored = to_string(&record.state());
    ///
    /// let restored = IntentRecord::from_state(from_slice::<RecordState>(stored.as_bytes())?)?;
    /// assert_eq!(restored, record);
    /// # Ok::<(), intent_core::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// `INVALID_RECORD` at the member that disagrees: an unknown `version`, a `status` no
    /// record is in, an `intentHash` that is not the intent's canonical hash, a quoted
    /// intent whose status is not QUOTED, `committedAt`, `executeRequest` or
    /// `statusReason` present or absent against the status, an execute request for
    /// another intent id, a kept transaction of another intent, type or chain, or out of
    /// order, progress reports or retry changes before execution, a `preconditionMet` of a
    /// record that never executed or that is not the precondition's or below it, a
    /// `revision` other than the number of changes that lead to the status, the progress
    /// reports, the precondition met and the retry changes, or times out of order (`quotedAt ≤ committedAt ≤ statusSince ≤
    /// lastEventAt`).
    pub fn from_state(state: RecordState) -> Result<IntentRecord, Error> {
        let stage = state.checked_stage()?;
        Ok(IntentRecord {
            revision: state.revision,
            stage,
            intent: state.intent,
            intent_hash: state.intent_hash,
            gas_fee_options: state.gas_fee_options,
            quoted_at: state.quoted_at,
            committed_at: state.committed_at,
            status_reason: state.status_reason,
            status_since: state.status_since,
            last_event_at: state.last_event_at,
            policy: Policy::from(state.policy),
            execute_request: state.execute_request,
            transactions: state.transactions.unwrap_or_default(),
            progress_reports: state.progress_reports.unwrap_or(0),
            retry_changes: state.retry_changes.unwrap_or(0),
            precondition_met: state.precondition_met,
            route: Route {
                message: state.route_message,
                attestation: state.route_attestation,
                destination_met: state.destination_precondition_met,
                changes: state.route_changes.unwrap_or(0),
            },
            quoted_text: QuotedText::default(),
        })
    }
}
