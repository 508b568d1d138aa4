//! docs/spec.md §5.4 against two independent producers: every case of
//! `tests/vectors/typed_data.json` holds a typed-data document and its digest as
//! eth-account (`tests/vectors/gen_typed_data.py`, `encode_typed_data(full_message=…)`) and
//! viem (`tests/vectors/viem/gen_typed_data.mjs`, `hashTypedData`) compute it, not this
//! crate. The library's document built from the case's input must be that document byte
//! for byte, and the library's digest (through the typed data and through the ordinary
//! digest functions) must be both producers' digest.

use intent_core::eip712::{DaiPermit, Permit, TypedData};
use intent_core::rules::{
    deposit_intent_digest, deposit_intent_typed_data, deposit_permit_digest, deposit_permit_typed_data, GaslessMode,
};
use intent_core::{from_slice, B256};
use serde_json::Value;

use crate::eip712_vectors::{address, domain_of, text, uint, IntentDigestInput};

fn cases() -> Vec<Value> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/typed_data.json")).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    let generators = file["generators"].to_string();
    assert!(generators.contains("gen_typed_data.py") && generators.contains("eth-account"), "{generators}");
    assert!(generators.contains("viem/gen_typed_data.mjs") && generators.contains("hashTypedData"), "{generators}");
    file["cases"].as_array().unwrap().clone()
}

/// A permit case's input with its numbers as decimal strings (the shipped examples write
/// some `uint`s as JSON numbers), as the value helpers read them.
fn permit_input(text: &str) -> Value {
    fn numbers_as_strings(value: &mut Value) {
        match value {
            Value::Number(number) => *value = Value::String(number.to_string()),
            Value::Object(members) => members.values_mut().for_each(numbers_as_strings),
            _ => {}
        }
    }
    let mut input = serde_json::from_str(text).unwrap();
    numbers_as_strings(&mut input);
    input
}

/// The library's typed data for a case's input, and its digest through the ordinary
/// digest functions (not through [`TypedData`]).
fn library(case: &Value) -> (TypedData, B256) {
    let input = text(case, "input");
    match text(case, "kind") {
        "intent" => {
            let input: IntentDigestInput = from_slice(input.as_bytes()).unwrap();
            let (intent, signature, names) = (&input.intent, &input.deposit_signature, input.names());
            (
                deposit_intent_typed_data(intent, signature, &names).unwrap(),
                deposit_intent_digest(intent, signature, &names).unwrap(),
            )
        }
        "depositPermit" => {
            let input: IntentDigestInput = from_slice(input.as_bytes()).unwrap();
            let mode = match text(case, "mode") {
                "entrypoint" => GaslessMode::Entrypoint,
                _ => GaslessMode::PermitOnly,
            };
            let (domain, nonce) = (domain_of(&case["tokenDomain"]), uint(case, "nonce"));
            let (intent, signature) = (&input.intent, &input.deposit_signature);
            (
                deposit_permit_typed_data(intent, signature, mode, &domain, nonce).unwrap(),
                deposit_permit_digest(intent, signature, mode, &domain, nonce).unwrap(),
            )
        }
        "permit" => {
            let input = permit_input(input);
            let domain = domain_of(&input["domain"]);
            let permit = Permit {
                owner: address(&input, "owner"),
                spender: address(&input, "spender"),
                value: uint(&input, "value"),
                nonce: uint(&input, "nonce"),
                deadline: uint(&input, "deadline"),
            };
            (TypedData::permit(&domain, &permit), permit.digest(&domain))
        }
        "daiPermit" => {
            let input = permit_input(input);
            let domain = domain_of(&input["domain"]);
            let permit = DaiPermit {
                holder: address(&input, "holder"),
                spender: address(&input, "spender"),
                nonce: uint(&input, "nonce"),
                expiry: uint(&input, "expiry"),
                allowed: input["allowed"].as_bool().unwrap(),
            };
            (TypedData::dai_permit(&domain, &permit), permit.digest(&domain))
        }
        kind => panic!("unknown case kind {kind}"),
    }
}

#[test]
fn documents_and_digests_match_eth_account_and_viem() {
    let cases = cases();
    let mut failures = Vec::new();
    for case in &cases {
        let name = format!("{} {}", text(case, "kind"), text(case, "name"));
        let (typed, digest) = library(case);
        if typed.to_json() != text(case, "document") {
            failures.push(format!("{name}: document\n  ours:   {}\n  theirs: {}", typed.to_json(), case["document"]));
        }
        for producer in ["ethAccount", "viem"] {
            let theirs: B256 = text(&case["digests"], producer).parse().unwrap();
            if typed.digest() != theirs || digest != theirs {
                failures.push(format!("{name}: {producer} {theirs}, ours {} / {digest}", typed.digest()));
            }
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    let count = |kind: &str| cases.iter().filter(|c| c["kind"] == kind).count();
    // Every subset of the five domain fields is one permit case.
    assert!(count("permit") >= 32 && count("intent") >= 4 && count("daiPermit") >= 4, "too few cases");
    assert!(count("depositPermit") >= 2, "too few cases");
}

#[test]
fn custom_entrypoint_names_change_the_primary_type_and_the_domain() {
    let intent_case = |name: &str| {
        cases().into_iter().find(|c| c["kind"] == "intent" && c["name"] == name).unwrap_or_else(|| panic!("{name}"))
    };
    let (default, _) = library(&intent_case("example_default_names"));
    let (custom, _) = library(&intent_case("example_custom_names"));
    assert_eq!(default.primary_type(), "ServiceIntent");
    assert_eq!(custom.primary_type(), "AcmeIntentV2");
    assert_ne!(default.digest(), custom.digest());
    assert!(custom.to_json().contains(r#""name":"Acme \"Entrypoint\" ✓","version":"2.0-β""#), "{}", custom.to_json());
}

#[test]
fn typed_data_of_a_deposit_fails_as_its_digest_does() {
    let case = cases().into_iter().find(|c| c["kind"] == "intent").unwrap();
    let mut input: IntentDigestInput = from_slice(text(&case, "input").as_bytes()).unwrap();
    input.deposit_signature.user_nonce = None;
    let names = input.names();
    let error = deposit_intent_typed_data(&input.intent, &input.deposit_signature, &names).unwrap_err();
    let expected = deposit_intent_digest(&input.intent, &input.deposit_signature, &names).unwrap_err();
    assert_eq!((error.reason(), error.path()), (expected.reason(), expected.path()));
    assert_eq!(error.path(), Some("depositSignature.userNonce"));
}
