//! The `parse` target's properties: every document kind parsed from the same bytes;
//! errors keep their promises, accepted values round-trip and are answered.

use super::*;

/// `fuzz_targets/parse.rs`: `data` parsed as every document kind. Parsing never panics, an
/// error keeps the promises of docs/spec.md §8, and an accepted value round-trips: its wire form
/// reads back to an equal value with the same wire form and the same canonical hash, and
/// the hash is `keccak256` of the canonical JSON. Accepted scenarios are also run, and
/// accepted `intentctl` documents answered.
pub fn parse(data: &[u8]) {
    struct Parse;
    impl EachKind for Parse {
        fn on<T: Answer>(&self, data: &[u8]) {
            parse_as::<T>(data);
        }
    }
    each_kind(data, &Parse);
    join_parts(data);
}

/// `data`'s text cut in two and joined as a state's quoted and changing parts: a part that
/// is no object is INVALID_RECORD; joined parts read as a state or fail as any document.
fn join_parts(data: &[u8]) {
    let Ok(text) = core::str::from_utf8(data) else { return };
    let cut = (0..=text.len() / 2).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    let (quoted, changing) = text.split_at(cut);
    match RecordState::join_json(quoted, changing) {
        Ok(joined) => {
            if let Err(error) = from_slice::<RecordState>(joined.as_bytes()) {
                check_error(&error);
            }
        }
        Err(error) => {
            check_error(&error);
            assert_eq!(error.reason(), Reason::InvalidRecord, "{error}");
        }
    }
}

pub(crate) fn parse_as<T: Answer>(data: &[u8]) {
    let value = match from_slice::<T>(data) {
        Ok(value) => value,
        Err(error) => return check_error(&error),
    };
    let wire = to_string(&value);
    let again: T = reread(&wire, "wire form");
    assert_eq!(again, value, "the wire form reads back to another {}:\n{wire}", type_name::<T>());
    assert_eq!(to_string(&again), wire, "the wire form of a {} is not stable", type_name::<T>());
    let canonical = value.canonical_json();
    assert_eq!(again.canonical_json(), canonical, "a round trip changed the canonical JSON");
    assert_eq!(value.canonical_hash(), keccak256(canonical.as_bytes()), "the hash is not keccak256 of {canonical}");
    value.answer();
}

/// What `intentctl` computes from an accepted document, which must not panic.
pub(crate) trait Answer: WireObject + Canonical + PartialEq + Debug + 'static {
    fn answer(&self) {}
}

/// A state restores (its record writes the same state back, unknown members aside, also
/// in two parts joined) or is INVALID_RECORD; nothing more for the other objects.
pub(crate) fn answer_restored(value: &dyn Any) {
    let Some(state) = value.downcast_ref::<RecordState>() else { return };
    match IntentRecord::from_state(state.clone()) {
        Ok(mut record) => {
            let mut without_unknown = state.clone();
            without_unknown.unknown = intent_core::UnknownMembers::new();
            assert_eq!(record.state(), without_unknown, "a restored record writes another state");
            let joined =
                RecordState::join_json(&record.state_json(StatePart::Quoted), &record.state_json(StatePart::Changing));
            let joined = joined.unwrap_or_else(|e| panic!("a state's parts do not join: {e}"));
            assert_eq!(reread::<RecordState>(&joined, "joined parts"), without_unknown, "joined parts differ");
        }
        Err(error) => {
            check_error(&error);
            assert_eq!(error.reason(), Reason::InvalidRecord, "{error}");
        }
    }
}

impl Answer for PermitDigestInput {
    fn answer(&self) {
        if let Err(error) = self.digest() {
            check_error(&error);
        }
    }
}

impl Answer for Scenario {
    fn answer(&self) {
        check_scenario_run(self);
    }
}

impl Answer for CheckExecuteInput {
    fn answer(&self) {
        if let Err(error) = self.check() {
            check_error(&error);
        }
    }
}

/// The intent-address rules answer every accepted document, and the published context's
/// verdict is the same as a context stating the published deployment's.
impl Answer for CheckAddressesInput {
    fn answer(&self) {
        let answered = self.check();
        if let Err(error) = &answered {
            check_error(error);
        }
        if self.context.is_none() {
            let published = intent_core::wallet::WalletContext::PUBLISHED;
            let stated = intent_core::rules::check_intent_addresses(&self.intent, &published);
            assert_eq!(stated.map_err(|e| e.in_member("intent")), answered, "the default context is the published one");
        }
    }
}

impl Answer for CheckMetaTransactionsInput {
    fn answer(&self) {
        if let Err(error) = self.check() {
            check_error(&error);
        }
    }
}

/// A wallet address line is JSON.
impl Answer for WalletAddressInput {
    fn answer(&self) {
        match self.line() {
            Ok(line) => assert!(is_json(&line), "the wallet address line is not JSON: {line}"),
            Err(error) => check_error(&error),
        }
    }
}

impl Answer for IntentDigestInput {
    fn answer(&self) {
        if let Err(error) = self.digest() {
            check_error(&error);
        }
    }
}

impl Answer for RecoverInput {
    fn answer(&self) {
        match self.signer() {
            Ok(signer) => assert_eq!(verify_signer(&self.digest, &self.signature, signer), Ok(())),
            Err(error) => check_error(&error),
        }
    }
}

/// A run has one outcome per event; a failed event leaves the status, a successful one
/// moves it along docs/spec.md §6's table; every outcome line is JSON.
pub(crate) fn check_scenario_run(scenario: &Scenario) {
    let outcomes = match scenario.run() {
        Ok(outcomes) => outcomes,
        Err(error) => return check_error(&error),
    };
    assert_eq!(outcomes.len(), scenario.events.len(), "one outcome per event");
    let mut status: Option<IntentStatus> = None;
    for (outcome, event) in outcomes.iter().zip(&scenario.events) {
        assert_eq!(outcome.op, event.op);
        match &outcome.result {
            Ok(_) if outcome.replay => assert_eq!(outcome.status, status, "a replay changed the status"),
            Ok(_) => match event.op {
                ScenarioOp::Table(op) => assert_eq!(
                    outcome.status,
                    op.next_status(status.as_ref()),
                    "{op:?} from {status:?} is not in docs/spec.md §6's table"
                ),
                // docs/spec.md §6.6, §6.7, §6.9: the facts of an EXECUTING record; a progress
                // report, a balance, an attestation, a gone origin transaction or a mint's
                // receipt leaves the status; a judged destination receipt ends execution, and
                // so does a judged origin receipt, except a cross-chain intent's burn, which
                // keeps the record EXECUTING for its route.
                fact => {
                    assert_eq!(status, Some(IntentStatus::Executing), "{fact:?} changed a record not EXECUTING");
                    let ends = [IntentStatus::Succeeded, IntentStatus::Failed, IntentStatus::Refunded];
                    let ended = ends.iter().any(|end| outcome.status.as_ref() == Some(end));
                    let intent = &scenario.intent;
                    let cross_chain = intent.destination_chain_id != intent.origin_chain_id;
                    match fact {
                        ScenarioOp::OriginReceipt if cross_chain => {
                            assert!(ended || outcome.status == status, "{fact:?} to {:?}", outcome.status)
                        }
                        ScenarioOp::OriginReceipt | ScenarioOp::DestinationReceipt => {
                            assert!(ended, "{fact:?} to {:?}", outcome.status)
                        }
                        _ => assert_eq!(outcome.status, status, "{fact:?} moved the status"),
                    }
                }
            },
            Err(error) => {
                check_error(error);
                assert_eq!(outcome.status, status, "a failed {:?} changed the status", event.op);
            }
        }
        let line = outcome.to_json();
        assert!(is_json(&line), "outcome line is not JSON: {line}");
        status = outcome.status.clone();
    }
}
