//! docs/spec.md §6.5, §7 and §10: the deposit facts of `check execute` and of a scenario's
//! execute event (`"depositEvidence"`, `"acceptUnverifiedDeposit"`,
//! `"depositConfirmations"`), and the relayable signatures (`signature relayable`, and the
//! `"relayable"` member of `check execute` for a signature with v 0 or 1).
//!
//! The requests come from `examples/check-execute.json` (eth-account signatures, v 27/28);
//! the evidence is built by `intent_test_support::evidence`, which encodes the `Transfer`
//! log without the library.

use std::path::Path;

use intent_core::{from_slice, to_string, Intent, Reason, B256};
use intent_test_support::evidence::paying;
use serde_json::{json, Value};

use crate::run_intentctl as intentctl;

const HASH: &str = "0xd7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7d7";

fn example(name: &str) -> Value {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples")).join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The reason code and path of an error line.
fn reason_and_path(line: &str) -> (String, Option<String>) {
    let line: Value = serde_json::from_str(line).unwrap();
    (line["reason"].as_str().unwrap().to_owned(), line["path"].as_str().map(String::from))
}

/// `examples/check-execute.json` in deposit-hash mode.
fn hash_mode_input() -> Value {
    let mut input = example("check-execute.json");
    input["request"] = json!({"intentId": input["request"]["intentId"], "depositTransactionHash": HASH});
    input
}

/// The node's evidence that [`HASH`] paid the deposit of `input`'s intent, as JSON.
fn evidence_for(input: &Value) -> Value {
    let intent: Intent = from_slice(input["intent"].to_string().as_bytes()).unwrap();
    serde_json::from_str(&to_string(&paying(&intent, HASH.parse::<B256>().unwrap()))).unwrap()
}

#[test]
fn check_execute_refuses_a_hash_without_evidence_unless_told_to_accept_it() {
    let mut input = hash_mode_input();
    let (code, line) = intentctl(&["check", "execute"], &input.to_string());
    assert_eq!(code, Some(1));
    assert_eq!(
        reason_and_path(&line),
        (Reason::DepositUnverified.code().into(), Some("request.depositTransactionHash".into()))
    );
    input["acceptUnverifiedDeposit"] = json!(true);
    assert_eq!(intentctl(&["check", "execute"], &input.to_string()), (Some(0), "{\"ok\":true}\n".into()));
}

#[test]
fn check_execute_proves_a_hash_with_the_nodes_evidence() {
    let mut input = hash_mode_input();
    input["depositEvidence"] = evidence_for(&input);
    assert_eq!(intentctl(&["check", "execute"], &input.to_string()), (Some(0), "{\"ok\":true}\n".into()));
    // Evidence is used even when the caller also accepts an unverified deposit.
    input["acceptUnverifiedDeposit"] = json!(true);
    input["depositEvidence"]["receipt"]["status"] = json!("0x0");
    let (code, line) = intentctl(&["check", "execute"], &input.to_string());
    assert_eq!(code, Some(1));
    assert_eq!(
        reason_and_path(&line),
        (Reason::DepositReverted.code().into(), Some("request.depositTransactionHash".into()))
    );
}

#[test]
fn check_execute_takes_the_confirmations_to_wait_for() {
    let mut input = hash_mode_input();
    input["depositEvidence"] = evidence_for(&input);
    input["depositConfirmations"] = json!(2);
    let (code, line) = intentctl(&["check", "execute"], &input.to_string());
    assert_eq!(code, Some(1));
    assert_eq!(
        reason_and_path(&line),
        (Reason::DepositUnconfirmed.code().into(), Some("request.depositTransactionHash".into()))
    );
}

#[test]
fn bad_evidence_is_a_typed_error_at_its_path() {
    let mut input = hash_mode_input();
    input["depositEvidence"] = evidence_for(&input);
    input["depositEvidence"]["headBlockNumber"] = json!(100);
    let (code, line) = intentctl(&["check", "execute"], &input.to_string());
    assert_eq!(code, Some(1));
    assert_eq!(
        reason_and_path(&line),
        (Reason::InvalidHex.code().into(), Some("depositEvidence.headBlockNumber".into()))
    );
    let mut input = hash_mode_input();
    input["acceptUnverifiedDeposit"] = json!("yes");
    let (_, line) = intentctl(&["check", "execute"], &input.to_string());
    assert_eq!(reason_and_path(&line), (Reason::InvalidType.code().into(), Some("acceptUnverifiedDeposit".into())));
}

#[test]
fn a_scenarios_execute_event_takes_the_deposit_facts() {
    let scenario = example("scenario-hash-mode.json");
    let execute = scenario["events"].as_array().unwrap().iter().position(|e| e["op"] == "execute").unwrap();
    let run = |scenario: &Value| intentctl(&["run"], &scenario.to_string()).1.lines().nth(execute).unwrap().to_owned();
    assert_eq!(run(&scenario), r#"{"op":"execute","ok":true,"status":"EXECUTING"}"#);
    let mut unverified = scenario.clone();
    unverified["events"][execute].as_object_mut().unwrap().remove("acceptUnverifiedDeposit");
    assert_eq!(run(&unverified), r#"{"op":"execute","ok":false,"reason":"DEPOSIT_UNVERIFIED","status":"COMMITTED"}"#);
    let mut proven = unverified.clone();
    let hash = scenario["events"][execute]["request"]["depositTransactionHash"].as_str().unwrap();
    let intent: Intent = from_slice(scenario["intent"].to_string().as_bytes()).unwrap();
    let evidence = to_string(&paying(&intent, hash.parse().unwrap()));
    proven["events"][execute]["depositEvidence"] = serde_json::from_str(&evidence).unwrap();
    assert_eq!(run(&proven), r#"{"op":"execute","ok":true,"status":"EXECUTING"}"#);
    proven["policy"] = json!({"depositConfirmations": 2});
    assert_eq!(run(&proven), r#"{"op":"execute","ok":false,"reason":"DEPOSIT_UNCONFIRMED","status":"COMMITTED"}"#);
}

// ---------------------------------------------------------------------------------------------
// Relayable signatures

/// `signature` with its last byte (v) replaced.
fn with_v(signature: &str, v: u8) -> String {
    format!("{}{v:02x}", &signature[..signature.len() - 2])
}

#[test]
fn signature_relayable_gives_v_27_or_28() {
    let signature =
        example("check-execute.json")["request"]["depositSignature"]["intentSignature"].as_str().unwrap().to_owned();
    let v = u8::from_str_radix(&signature[signature.len() - 2..], 16).unwrap();
    assert!(v == 27 || v == 28);
    for given in [with_v(&signature, v - 27), signature.clone()] {
        let (code, line) = intentctl(&["signature", "relayable"], &json!({"signature": given}).to_string());
        assert_eq!((code, line), (Some(0), format!("{signature}\n")), "{given}");
    }
}

#[test]
fn signature_relayable_refuses_what_recover_refuses() {
    let signature =
        example("check-execute.json")["request"]["depositSignature"]["intentSignature"].as_str().unwrap().to_owned();
    let high_s = format!("0x{}{}1b", &signature[2..66], "f".repeat(64));
    for bad in [with_v(&signature, 2), with_v(&signature, 29), signature[..signature.len() - 2].to_owned(), high_s] {
        let (code, line) = intentctl(&["signature", "relayable"], &json!({"signature": bad}).to_string());
        assert_eq!(code, Some(1), "{bad}");
        assert_eq!(reason_and_path(&line), (Reason::InvalidSignature.code().into(), Some("signature".into())), "{bad}");
        // recover refuses it for the same reason.
        let recover = json!({"digest": HASH, "signature": bad}).to_string();
        assert_eq!(reason_and_path(&intentctl(&["recover"], &recover).1).0, Reason::InvalidSignature.code());
    }
}

#[test]
fn check_execute_gives_the_relayable_forms_for_a_signature_with_v_0_or_1() {
    let input = example("check-execute.json");
    assert_eq!(intentctl(&["check", "execute"], &input.to_string()), (Some(0), "{\"ok\":true}\n".into()));
    let signature = input["request"]["depositSignature"]["intentSignature"].as_str().unwrap().to_owned();
    let v = u8::from_str_radix(&signature[signature.len() - 2..], 16).unwrap();
    let mut low_v = input.clone();
    low_v["request"]["depositSignature"]["intentSignature"] = json!(with_v(&signature, v - 27));
    let (code, line) = intentctl(&["check", "execute"], &low_v.to_string());
    assert_eq!(code, Some(0));
    assert_eq!(line, format!("{{\"ok\":true,\"relayable\":{{\"intentSignature\":\"{signature}\"}}}}\n"));
}
