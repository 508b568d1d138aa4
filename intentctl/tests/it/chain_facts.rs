//! docs/spec.md §6.5 and §10 (revision 2): the chain facts of an execute in `intentctl`.
//! `check execute` and a scenario's execute event take `"tokenPermit"`, `"entrypointNonce"`
//! and `"acceptUnverifiedPermit"`; a permit signature is never accepted unverified unless
//! the document says `"acceptUnverifiedPermit": true`.
//!
//! The requests come from `examples/scenario-rejections.json` (written by
//! `tests/vectors/gen_scenarios.py` with eth-account signatures): the two execute events
//! whose permit a stranger signed (beside the owner's intent signature, and alone), and the
//! owner's entrypoint-mode request of `examples/check-execute.json` (user nonce 0).

use std::path::Path;

use intent_core::{from_slice, Reason};
use intent_documents::CheckExecuteInput;
use serde_json::{json, Value};

const PERMIT_SIGNATURE: &str = "request.depositSignature.permitSignature";

fn example(name: &str) -> Value {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples")).join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Runs `intentctl <args>` on `input`: the exit status and the lines printed, parsed.
fn intentctl(args: &[&str], input: &Value) -> (Option<i32>, Vec<Value>) {
    let (code, output) = crate::run_intentctl(args, &input.to_string());
    (code, output.lines().map(|l| serde_json::from_str(l).unwrap()).collect())
}

/// The reason (or "ok") and path `check execute` gives for `input`, from the binary; the
/// library's `CheckExecuteInput::check` must say the same.
fn check_execute(input: &Value) -> (String, Option<String>) {
    let (code, lines) = intentctl(&["check", "execute"], input);
    let [line] = &lines[..] else { panic!("one line expected: {lines:?}") };
    let outcome = match line["reason"].as_str() {
        Some(reason) => (reason.to_owned(), line["path"].as_str().map(String::from)),
        None => ("ok".to_owned(), None),
    };
    assert_eq!(code, Some(if outcome.0 == "ok" { 0 } else { 1 }), "{line}");
    let library = from_slice::<CheckExecuteInput>(input.to_string().as_bytes()).and_then(|input| input.check());
    let library = match library {
        Ok(()) => ("ok".to_owned(), None),
        Err(e) => (e.reason().code().to_owned(), e.path().map(String::from)),
    };
    assert_eq!(library, outcome, "the library and the binary disagree on {input}");
    outcome
}

/// The events of `examples/scenario-rejections.json` for which `keep(event, expected line)`
/// holds, with the scenario.
fn rejections_where(keep: impl Fn(&Value, &Value) -> bool) -> (Value, Vec<Value>) {
    let scenario = example("scenario-rejections.json");
    let expected =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/scenario-rejections.expected"))
            .unwrap();
    let lines = expected.lines().map(|line| serde_json::from_str::<Value>(line).unwrap());
    let events = scenario["events"].as_array().unwrap().iter().zip(lines);
    let kept = events.filter(|(event, line)| keep(event, line)).map(|(event, _)| event.clone()).collect();
    (scenario, kept)
}

/// The execute events of the rejections scenario whose permit a stranger signed: those
/// the generator expects SIGNER_MISMATCH for, with token facts and a permit signature.
fn strangers_permit_events() -> (Value, Vec<Value>) {
    let (scenario, events) = rejections_where(|event, line| {
        line["reason"] == "SIGNER_MISMATCH"
            && event.get("tokenPermit").is_some()
            && event["request"]["depositSignature"].get("permitSignature").is_some()
    });
    let with_intent_signature =
        events.iter().filter(|e| e["request"]["depositSignature"].get("intentSignature").is_some()).count();
    assert_eq!((events.len(), with_intent_signature), (2, 1), "entrypoint mode with a permit, and permit-only mode");
    (scenario, events)
}

/// `event` with the chain facts `facts` in place of its own.
fn with_facts(event: &Value, facts: &Value) -> Value {
    let mut event = event.clone();
    let object = event.as_object_mut().unwrap();
    object.remove("tokenPermit");
    object.extend(facts.as_object().unwrap().clone());
    event
}

/// The chain facts tried on every path, with what a stranger's permit gets under each.
fn facts_and_outcomes(token_permit: &Value) -> [(Value, &'static str); 5] {
    [
        (json!({}), "PERMIT_UNVERIFIED"),
        (json!({"acceptUnverifiedPermit": false}), "PERMIT_UNVERIFIED"),
        (json!({"tokenPermit": token_permit}), "SIGNER_MISMATCH"),
        (json!({"tokenPermit": token_permit, "acceptUnverifiedPermit": true}), "SIGNER_MISMATCH"),
        // The explicit opt-in, and only it, leaves the permit to the chain.
        (json!({"acceptUnverifiedPermit": true}), "ok"),
    ]
}

#[test]
fn a_strangers_permit_is_refused_by_check_execute_unless_accepted_unverified() {
    let (scenario, events) = strangers_permit_events();
    for event in &events {
        for (facts, expected) in facts_and_outcomes(&event["tokenPermit"]) {
            let mut input = json!({
                "intent": scenario["intent"],
                "gasFeeOptions": scenario["gasFeeOptions"],
                "request": event["request"],
                "now": event["at"],
            });
            input.as_object_mut().unwrap().extend(facts.as_object().unwrap().clone());
            let (reason, path) = check_execute(&input);
            assert_eq!(reason, expected, "facts {facts}");
            if expected != "ok" {
                assert_eq!(path.as_deref(), Some(PERMIT_SIGNATURE));
            }
        }
    }
}

#[test]
fn a_strangers_permit_is_refused_by_the_scenario_runner_unless_accepted_unverified() {
    let (scenario, events) = strangers_permit_events();
    // The quote and the commit of the rejections scenario that succeed.
    let (_, prefix) = rejections_where(|event, line| {
        line["ok"] == true && ["quote", "commit"].contains(&event["op"].as_str().unwrap())
    });
    assert_eq!(prefix.len(), 2);
    for event in &events {
        for (facts, expected) in facts_and_outcomes(&event["tokenPermit"]) {
            let mut run = scenario.clone();
            run["events"] = json!([prefix[0], prefix[1], with_facts(event, &facts)]);
            let (code, lines) = intentctl(&["run"], &run);
            assert_eq!(code, Some(0));
            let last = lines.last().unwrap();
            assert_eq!(last["reason"].as_str().unwrap_or("ok"), expected, "facts {facts}: {last}");
            let status = if expected == "ok" { "EXECUTING" } else { "COMMITTED" };
            assert_eq!(last["status"], status);
        }
    }
}

#[test]
fn entrypoint_nonce_is_compared_with_the_user_nonce() {
    let input = example("check-execute.json");
    assert_eq!(input["request"]["depositSignature"]["userNonce"], "0");
    let with_nonce = |nonce: Value| {
        let mut input = input.clone();
        input["entrypointNonce"] = nonce;
        input
    };
    assert_eq!(check_execute(&with_nonce(json!("0"))), ("ok".into(), None));
    assert_eq!(check_execute(&with_nonce(json!(0))), ("ok".into(), None));
    let mismatch = ("NONCE_MISMATCH".to_owned(), Some("request.depositSignature.userNonce".to_owned()));
    assert_eq!(check_execute(&with_nonce(json!("1"))), mismatch);
    let max = "115792089237316195423570985008687907853269984665640564039457584007913129639935";
    assert_eq!(check_execute(&with_nonce(json!(max))), mismatch);
    assert_eq!(check_execute(&with_nonce(json!(-1))), ("INVALID_NUMBER".into(), Some("entrypointNonce".into())));
}

#[test]
fn the_scenario_runner_compares_the_entrypoint_nonce_of_an_execute_event() {
    let scenario = example("scenario.json");
    let expected =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/scenario.expected")).unwrap();
    let execute = scenario["events"].as_array().unwrap().iter().position(|e| e["op"] == "execute").unwrap();
    assert!(expected.lines().nth(execute).unwrap().contains("\"ok\":true"));
    for (nonce, reason) in [("0", None), ("1", Some("NONCE_MISMATCH"))] {
        let mut run = scenario.clone();
        run["events"][execute]["entrypointNonce"] = json!(nonce);
        let (code, lines) = intentctl(&["run"], &run);
        assert_eq!(code, Some(0));
        assert_eq!(lines[execute]["reason"].as_str(), reason, "entrypoint nonce {nonce}");
    }
}

#[test]
fn accept_unverified_permit_is_a_boolean() {
    let mut input = example("check-execute.json");
    input["acceptUnverifiedPermit"] = json!("yes");
    assert_eq!(check_execute(&input), (Reason::InvalidType.code().into(), Some("acceptUnverifiedPermit".into())));
}
