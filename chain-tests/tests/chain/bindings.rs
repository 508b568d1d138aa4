//! The `sol!` bindings of `intent_chain_tests::contracts` against the ABI solc compiled
//! from `chain/contracts`: every function, event and error a binding declares is one the
//! contract has (errors of called tokens aside, declared on the token's binding), and the
//! constructors take what the bindings encode. A binding that drifts from its source fails here.

use alloy_json_abi::JsonAbi;
use intent_chain_tests::artifacts::artifacts;
use intent_chain_tests::contracts::{ServiceIntentEntrypoint, TestDaiPermitToken, TestPermitToken};

fn check(name: &str, functions: &[&str], events: &[&str], errors: &[&str], constructor: &[&str]) {
    let abi: &JsonAbi = &artifacts().unwrap().get(name).unwrap().abi;
    let compiled_functions: Vec<String> = abi.functions().map(|f| f.signature()).collect();
    let compiled_events: Vec<String> = abi.events().map(|e| e.signature()).collect();
    let compiled_errors: Vec<String> = abi.errors().map(|e| e.signature()).collect();
    for signature in functions {
        assert!(compiled_functions.contains(&signature.to_string()), "{name} has no function {signature}");
    }
    for signature in events {
        assert!(compiled_events.contains(&signature.to_string()), "{name} has no event {signature}");
    }
    for signature in errors {
        assert!(compiled_errors.contains(&signature.to_string()), "{name} has no error {signature}");
    }
    let inputs: Vec<String> =
        abi.constructor.as_ref().expect("a constructor").inputs.iter().map(|p| p.ty.clone()).collect();
    assert_eq!(inputs, constructor, "{name}'s constructor");
}

#[test]
fn the_entrypoint_binding_is_the_compiled_entrypoint() {
    check(
        "ServiceIntentEntrypoint",
        ServiceIntentEntrypoint::ServiceIntentEntrypointCalls::SIGNATURES,
        ServiceIntentEntrypoint::ServiceIntentEntrypointEvents::SIGNATURES,
        // SafeERC20FailedOperation and the ECDSA errors come from OpenZeppelin's libraries,
        // which solc lists in the contract's ABI as they are raised by its own code.
        ServiceIntentEntrypoint::ServiceIntentEntrypointErrors::SIGNATURES,
        &["string", "string", "string"],
    );
}

#[test]
fn the_token_bindings_are_the_compiled_tokens() {
    check(
        "TestPermitToken",
        TestPermitToken::TestPermitTokenCalls::SIGNATURES,
        TestPermitToken::TestPermitTokenEvents::SIGNATURES,
        TestPermitToken::TestPermitTokenErrors::SIGNATURES,
        &["string", "string"],
    );
    check(
        "TestDaiPermitToken",
        TestDaiPermitToken::TestDaiPermitTokenCalls::SIGNATURES,
        TestDaiPermitToken::TestDaiPermitTokenEvents::SIGNATURES,
        TestDaiPermitToken::TestDaiPermitTokenErrors::SIGNATURES,
        &["string", "string"],
    );
}
