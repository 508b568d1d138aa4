//! Properties over generated inputs:
//!
//! - every generated world is valid: its quote request and intent pass their rules, it
//!   quotes, commits and executes, in every deposit mode it supports;
//! - the canonical form of generated objects is idempotent, and random respellings of their
//!   wire text (the support module's respeller) parse to the same value and hash;
//! - any single change of meaning (the support module's mutator) changes the hash, and
//!   `changed_paths` names exactly what changed;
//! - `parse(serialise(x)) == x`, in the wire and the canonical form, for every object kind.

use crate::generators;
use crate::support;

use support::proptest_config;

use generators::{Config, Mode, World};
use intent_core::rules::{check_intent, check_quote_request};
use intent_core::ChainFacts;
use intent_core::{
    from_slice, Applied, Canonical, CommitRequest, CommitResponse, EventInput, ExecuteResponse, IntentStatus,
    QuoteResponse, Reason, WireObject,
};
use proptest::prelude::*;
use support::{any_choices, canonical_text, mutate, parse_json, reference_diff, Doc, Respeller, Root, Style};

fn fail(what: impl std::fmt::Display) -> TestCaseError {
    TestCaseError::fail(what.to_string())
}

// ---- 1. Generated inputs are valid ------------------------------------------------------------

/// Quote, commit and execute `world` in every mode it supports, with and without the token's
/// permit facts; the world's own request must pass too.
fn check_world(world: &World) -> Result<(), TestCaseError> {
    let intent = &world.intent;
    check_quote_request(&intent.quote_request).map_err(|e| fail(format!("quote request rejected: {e}")))?;
    check_intent(intent).map_err(|e| fail(format!("intent rejected: {e}")))?;
    let mut record = world.quote().map_err(|e| fail(format!("quote rejected: {e}")))?;
    prop_assert_eq!(record.status(), &IntentStatus::Quoted);
    prop_assert_eq!(record.intent_hash(), intent.canonical_hash());
    let applied = record
        .apply(EventInput::commit_with(intent, Some(&intent.service_contracts)), world.times.commit_at)
        .map_err(|e| fail(format!("commit rejected: {e}")))?;
    prop_assert_eq!(applied, Applied::Changed);
    prop_assert_eq!(record.status(), &IntentStatus::Committed);
    let at = world.times.execute_at;
    prop_assert_eq!(record.status_at(at), IntentStatus::Committed, "the window is open at the execute time");

    let mut executing = record.clone();
    let _ = executing
        .apply(EventInput::execute_with(&world.request, world.facts()), at)
        .map_err(|e| fail(format!("{:?} request rejected: {e} (path {:?})", world.mode, e.path())))?;
    prop_assert_eq!(executing.status(), &IntentStatus::Executing);

    let modes = world.modes();
    prop_assert!(modes.contains(&Mode::Hash) && modes.contains(&world.mode));
    prop_assert_eq!(modes.len() > 1, !intent.deposit_transaction.token_address.is_zero());
    for mode in modes {
        let request = world.request_for(mode);
        let accepting_unverified = ChainFacts { token_permit: None, accept_unverified_permit: true, ..world.facts() };
        for facts in [world.facts(), accepting_unverified] {
            let mut executing = record.clone();
            let _ = executing
                .apply(EventInput::execute_with(&request, facts), at)
                .map_err(|e| fail(format!("{mode:?} request rejected with {facts:?}: {e} (path {:?})", e.path())))?;
        }
        // Knowing no chain facts is enough exactly for the modes without a permit and
        // without a deposit hash.
        let unverified = record
            .clone()
            .apply(EventInput::execute(&request), at)
            .err()
            .map(|e| (e.reason(), e.path().map(String::from)));
        let expected = if mode == Mode::Hash {
            Some((Reason::DepositUnverified, Some("depositTransactionHash".into())))
        } else {
            mode.has_permit().then(|| (Reason::PermitUnverified, Some("depositSignature.permitSignature".into())))
        };
        prop_assert_eq!(unverified, expected, "{:?} request with no chain facts", mode);
    }
    Ok(())
}

proptest! {
    #![proptest_config(proptest_config(64))]

    #[test]
    fn generated_worlds_are_valid_in_every_mode_they_support(world in generators::world(Config::ANY)) {
        check_world(&world)?;
    }

    #[test]
    fn generated_worlds_with_a_deposit_token_support_every_mode(world in generators::world(Config::EVERY_MODE)) {
        prop_assert_eq!(world.modes(), Mode::ALL.to_vec());
        check_world(&world)?;
    }

    #[test]
    fn generated_quote_requests_and_intents_pass_their_rules(
        request in generators::quote_request(),
        intent in generators::intent(),
    ) {
        check_quote_request(&request).map_err(|e| fail(format!("{e}: {request:?}")))?;
        check_intent(&intent).map_err(|e| fail(format!("{e}")))?;
    }
}

// ---- 3. Canonical form, spellings and changes of meaning --------------------------------------

/// The objects of a world that the support module's schema knows.
fn documents(world: &World) -> [Doc; 3] {
    [
        Doc::Intent(world.intent.clone()),
        Doc::QuoteRequest(world.intent.quote_request.clone()),
        Doc::GasFeeOptions(world.gas_fee_options.clone()),
    ]
}

fn parse(root: Root, text: &str) -> Result<Doc, TestCaseError> {
    Doc::parse(root, text.as_bytes())
        .map_err(|e| fail(format!("{root:?} rejected ({e}; path {:?}):\n{}", e.path(), support::excerpt(text, 3000))))
}

proptest! {
    #![proptest_config(proptest_config(48))]

    #[test]
    fn canonical_json_of_generated_objects_is_idempotent_and_respellings_do_not_change_it(
        world in generators::world(Config::ANY),
        mut dice in any_choices(),
    ) {
        for doc in documents(&world) {
            let root = doc.root();
            let canonical = doc.canonical();
            let again = parse(root, &canonical)?;
            prop_assert_eq!(&again, &doc, "{:?}: the canonical JSON parses to another value", root);
            prop_assert_eq!(again.canonical(), canonical.clone(), "{:?}: the canonical form is not idempotent", root);
            prop_assert_eq!(canonical_text(&parse_json(&canonical)), canonical.clone(), "{:?}: not sorted and compact", root);

            let wire = doc.wire();
            for _ in 0..2 {
                let text = Respeller::new(&mut dice, Style::ALL).document(&parse_json(&wire), root.kind());
                let respelled = parse(root, &text)?;
                prop_assert_eq!(
                    respelled.canonical(), canonical.clone(),
                    "{:?}: a respelling changes the canonical JSON:\n{}", root, support::excerpt(&text, 3000)
                );
                prop_assert_eq!(respelled.hash(), doc.hash());
                prop_assert_eq!(&respelled, &doc);
            }
        }
    }

    #[test]
    fn any_single_change_of_meaning_to_a_generated_object_changes_its_hash(
        world in generators::world(Config::ANY),
        mut dice in any_choices(),
    ) {
        for doc in documents(&world) {
            let root = doc.root();
            let tree = parse_json(&doc.canonical());
            for _ in 0..3 {
                let mutation = mutate(&tree, root.kind(), &mut dice);
                let text = canonical_text(&mutation.tree);
                let changed = parse(root, &text)?;
                prop_assert_ne!(changed.hash(), doc.hash(), "{:?}: {} keeps the hash", root, mutation.what);
                prop_assert_eq!(changed.canonical(), text, "{:?}: {}", root, mutation.what);
                let paths = doc.changed_paths(&changed);
                prop_assert!(paths.contains(&mutation.path), "{:?}: {} not in {:?}", root, mutation.what, paths);
                prop_assert_eq!(paths, reference_diff(&tree, &mutation.tree), "{:?}: {}", root, mutation.what);
            }
        }
    }
}

// ---- 3. parse(serialise(x)) == x for every object kind ----------------------------------------

/// `x` survives its wire form and its canonical form, and its wire form is stable.
fn round_trip<T: WireObject + Canonical + PartialEq + std::fmt::Debug>(name: &str, x: &T) -> Result<(), TestCaseError> {
    let wire = intent_core::to_string(x);
    let from_wire: T = from_slice(wire.as_bytes()).map_err(|e| fail(format!("{name}: wire form rejected: {e}")))?;
    prop_assert_eq!(&from_wire, x, "{}: the wire form parses to another value:\n{}", name, wire);
    prop_assert_eq!(intent_core::to_string(&from_wire), wire, "{}: the wire form is not stable", name);
    let canonical = x.canonical_json();
    let from_canonical: T =
        from_slice(canonical.as_bytes()).map_err(|e| fail(format!("{name}: canonical form rejected: {e}")))?;
    prop_assert_eq!(&from_canonical, x, "{}: the canonical form parses to another value", name);
    prop_assert_eq!(from_canonical.canonical_hash(), x.canonical_hash());
    Ok(())
}

proptest! {
    #![proptest_config(proptest_config(48))]

    #[test]
    fn every_generated_object_kind_survives_serialisation(world in generators::world(Config::ANY)) {
        let intent = &world.intent;
        let request = &intent.quote_request;
        round_trip("QuoteRequest", request)?;
        if let Some(options) = &request.options {
            round_trip("QuoteOptions", options)?;
            if let Some(overrides) = &options.service_address_overrides {
                round_trip("AddressOverrides", overrides)?;
            }
        }
        round_trip("Intent", intent)?;
        round_trip("DepositTransaction", &intent.deposit_transaction)?;
        for bundle in std::iter::once(&intent.origin_calls).chain(&intent.destination_calls) {
            round_trip("CallBundle", bundle)?;
            for call in &bundle.calls {
                round_trip("Call", call)?;
            }
        }
        for precondition in std::iter::once(&intent.origin_precondition).chain(&intent.destination_precondition) {
            round_trip("Precondition", precondition)?;
        }
        for meta_txn in std::iter::once(&intent.origin_meta_txn).chain(&intent.destination_meta_txn) {
            round_trip("MetaTxn", meta_txn)?;
        }
        round_trip("ServiceContracts", &intent.service_contracts)?;
        round_trip("Quote", &intent.quote)?;
        let details = &intent.quote.price_impact_details;
        round_trip("PriceImpactDetails", details)?;
        for impact in [
            &details.execution_price_impact,
            &details.market_price_impact,
            &details.net_price_impact,
            &details.provider_fees_price_impact,
            &details.service_fees_price_impact,
        ] {
            round_trip("PriceImpact", impact)?;
        }
        round_trip("Fees", &intent.fees)?;
        for gas in std::iter::once(&intent.fees.origin_gas).chain(&intent.fees.destination_gas) {
            round_trip("GasDetail", gas)?;
            round_trip("MetaTxnFeeDetails", &gas.meta_txn_fee_details)?;
        }
        round_trip("ProviderFees", &intent.fees.provider)?;

        let options = &world.gas_fee_options;
        round_trip("GasFeeOptions", options)?;
        round_trip("GasEstimate", &options.gas_estimate)?;
        for option in &options.fee_options {
            round_trip("FeeOption", option)?;
        }

        for mode in world.modes() {
            let request = world.request_for(mode);
            round_trip("ExecuteRequest", &request)?;
            if let Some(signature) = &request.deposit_signature {
                round_trip("DepositSignature", signature)?;
            }
        }

        let quote_response = QuoteResponse {
            gas_fee_options: options.clone(),
            intent: intent.clone(),
            unknown: intent.unknown.clone(),
        };
        round_trip("QuoteResponse", &quote_response)?;
        let commit_request = CommitRequest {
            intent: intent.clone(),
            // Present or absent (the newest published schema leaves it out).
            service_contracts: (intent.id % 2 == 0).then(|| intent.service_contracts.clone()),
            unknown: options.unknown.clone(),
        };
        round_trip("CommitRequest", &commit_request)?;
        let commit_response = CommitResponse { intent_id: intent.intent_id.clone(), unknown: request.unknown.clone() };
        round_trip("CommitResponse", &commit_response)?;
        let execute_response = ExecuteResponse {
            intent_id: intent.intent_id.clone(),
            intent_status: IntentStatus::Executing,
            unknown: intent.fees.unknown.clone(),
        };
        round_trip("ExecuteResponse", &execute_response)?;
        let record = world.execute(&world.request, world.times.execute_at).map_err(fail)?;
        round_trip("IntentReceipt", &record.receipt(world.times.execute_at))?;
    }
}
