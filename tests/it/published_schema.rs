//! Documents in the shape of the examples of the service's newest published API schema
//! (docs/spec.md §1, §2 revision 2), committed under `examples/published/`: an intent of the
//! permit-only generation (`""` contracts, no deposit decimals, `totalFeeUsd` as a number and
//! as a string, members this library's schema does not name), the same intent in status
//! INVALID, and a commit request without `serviceContracts`. Each parses, passes the intent
//! rules and hashes the same in any spelling (`intentctl`'s own tests run it on them); the lifecycle takes the
//! permit-only intent through commit without contracts and refuses entrypoint mode for it.
#![cfg(feature = "std")]

use crate::support;

use intent_core::rules::check_intent;
use intent_core::{
    from_slice, to_string, AddressOrEmpty, Applied, Canonical, CommitRequest, EventInput, ExecuteRequest,
    GasFeeOptions, Intent, IntentStatus, Policy, Reason, TextOrDecimal, Timestamp, U256,
};
use intent_core::{ChainFacts, IntentRecord};
use support::{parse_json, Choices, Kind, Respeller, Style};

const PERMIT_ONLY: &str = "examples/published/intent-permit-only.json";
const INVALID: &str = "examples/published/intent-invalid.json";
const COMMIT: &str = "examples/published/commit-request.json";
const INTENTS: [&str; 2] = [PERMIT_ONLY, INVALID];

fn read(path: &str) -> Vec<u8> {
    std::fs::read(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn intent(path: &str) -> Intent {
    from_slice(&read(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_published_intents_parse_with_the_new_kinds() {
    let permit_only = intent(PERMIT_ONLY);
    assert_eq!(permit_only.status, IntentStatus::Quoted);
    let contracts = &permit_only.service_contracts;
    assert_eq!(contracts.service_intent_entrypoint_address, AddressOrEmpty::Empty);
    assert!(contracts.service_router_address.address().is_some());
    assert_eq!(contracts.service_router_shim_address, AddressOrEmpty::Empty);
    assert_eq!(permit_only.deposit_transaction.decimals, None);
    assert!(matches!(permit_only.fees.origin_gas.total_fee_usd, TextOrDecimal::Decimal(_)));
    let destination_gas = permit_only.fees.destination_gas.as_ref().unwrap();
    assert_eq!(destination_gas.total_fee_usd, TextOrDecimal::Text("0.001616".into()));
    // The members the 2026 schema added are read into their fields.
    assert_eq!(permit_only.is_testnet, Some(false));
    assert_eq!(permit_only.origin_token_address, Some(permit_only.quote_request.origin_token_address));
    assert_eq!(permit_only.destination_token_address, Some(permit_only.quote_request.destination_token_address));
    let deposit = &permit_only.deposit_transaction;
    assert_eq!(
        (deposit.chain_id, deposit.to, deposit.value),
        (Some(42161), Some(deposit.token_address), Some(U256::ZERO))
    );
    assert_eq!(deposit.data.as_ref().map(|data| data.len()), Some(68), "transfer(address,uint256)");
    // The published service's own intents carry "" for the utils contract too.
    assert_eq!(contracts.service_utils_address, Some(AddressOrEmpty::Empty));

    let invalid = intent(INVALID);
    assert_eq!(invalid.status, IntentStatus::Invalid);
    assert!(matches!(invalid.fees.origin_gas.total_fee_usd, TextOrDecimal::Text(_)));
}

#[test]
fn the_published_intents_pass_the_intent_rules_and_round_trip() {
    for path in INTENTS {
        let parsed = intent(path);
        check_intent(&parsed).unwrap_or_else(|e| panic!("{path}: {e}"));
        let again: Intent = from_slice(to_string(&parsed).as_bytes()).unwrap();
        assert_eq!(again, parsed, "{path}");
        assert_eq!(again.canonical_hash(), parsed.canonical_hash(), "{path}");
        let canonical: Intent = from_slice(parsed.canonical_json().as_bytes()).unwrap();
        assert_eq!(canonical.canonical_json(), parsed.canonical_json(), "{path}: canonical form is idempotent");
    }
    assert_ne!(intent(PERMIT_ONLY).canonical_hash(), intent(INVALID).canonical_hash());
}

#[test]
fn the_published_intents_keep_their_hash_in_any_spelling() {
    for path in INTENTS {
        let parsed = intent(path);
        let tree = parse_json(&parsed.canonical_json());
        for seed in 0..64 {
            let text = Respeller::new(&mut Choices::from_seed(seed), Style::ALL).document(&tree, Kind::Obj("Intent"));
            let respelt: Intent = from_slice(text.as_bytes()).unwrap_or_else(|e| panic!("{path} #{seed}: {e}"));
            assert_eq!(respelt.canonical_hash(), parsed.canonical_hash(), "{path} #{seed}:\n{text}");
        }
    }
}

#[test]
fn the_published_commit_request_has_no_service_contracts_and_holds_the_permit_only_intent() {
    let request: CommitRequest = from_slice(&read(COMMIT)).unwrap();
    assert_eq!(request.service_contracts, None);
    assert_eq!(request.intent, intent(PERMIT_ONLY));
    check_intent(&request.intent).unwrap();
}

#[test]
fn the_permit_only_intent_commits_without_contracts_and_refuses_entrypoint_mode() {
    let request: CommitRequest = from_slice(&read(COMMIT)).unwrap();
    let options: GasFeeOptions = from_slice(&read("examples/gas-fee-options.json")).unwrap();
    let at = |text: &str| text.parse::<Timestamp>().unwrap();
    let mut record = IntentRecord::quote(
        request.intent.clone(),
        Some(options.clone()),
        &Policy::default(),
        at("2026-11-21T18:30:00Z"),
    )
    .unwrap();
    let applied = record
        .apply(EventInput::commit_with(&request.intent, request.service_contracts.as_ref()), at("2026-11-21T18:31:00Z"))
        .unwrap();
    assert_eq!(applied, Applied::Changed);
    assert_eq!(record.intent().intent_id, request.intent.intent_id);

    let option = intent_core::to_string(&options.fee_options[0]);
    let entrypoint_mode: ExecuteRequest = from_slice(
        format!(
            r#"{{"intentId":"{id}","depositSignature":{{"selectedGasFeeOption":{option},"deadline":1795300000,
            "intentSignature":"0x{sig}","userNonce":"0"}}}}"#,
            id = request.intent.intent_id,
            sig = "11".repeat(65),
        )
        .as_bytes(),
    )
    .unwrap();
    let error = record.clone().apply(EventInput::execute(&entrypoint_mode), at("2026-11-21T18:32:00Z")).unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::EntrypointMissing, Some("depositSignature.intentSignature")));

    let hash_mode: ExecuteRequest = from_slice(
        format!(r#"{{"intentId":"{}","depositTransactionHash":"0x{}"}}"#, request.intent.intent_id, "ab".repeat(32))
            .as_bytes(),
    )
    .unwrap();
    // The deposit hash is taken on its word here, stated explicitly: this test is about the
    // published intent's shape, and the deposit rules are tested in rules_deposit.
    let unverified = ChainFacts { accept_unverified_deposit: true, ..ChainFacts::default() };
    let _ = record.apply(EventInput::execute_with(&hash_mode, unverified), at("2026-11-21T18:32:00Z")).unwrap();
    assert_eq!(record.status(), &IntentStatus::Executing);
}

#[test]
fn the_invalid_intent_is_never_quoted() {
    let error = IntentRecord::quote(intent(INVALID), None, &Policy::default(), "2026-11-21T18:30:00Z".parse().unwrap())
        .unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::WrongStatus, Some("status")));
}
