//! docs/spec.md §5.1 and §10 (revision 2): `intentctl check execute` checks a deposit-intent
//! signature under the entrypoint names its input gives (`"entrypoint"`), the defaults
//! without them. `examples/check-execute.json` (default names) and
//! `examples/check-execute-custom-entrypoint.json` (other names) are written by
//! `tests/vectors/gen_scenarios.py` with eth-account signatures; each passes as written and
//! is SIGNER_MISMATCH under the other's names, as the generator's model says.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use intent_core::{from_slice, Reason};
use intent_documents::CheckExecuteInput;
use serde_json::Value;

const SIGNATURE_PATH: &str = "request.depositSignature.intentSignature";

fn example(name: &str) -> Value {
    let path = format!("{}/examples/{name}", concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn check_execute(input: &Value) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_intentctl"))
        .args(["check", "execute"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.to_string().as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// The exit status and the printed line, parsed.
fn outcome(input: &Value) -> (Option<i32>, Value) {
    let output = check_execute(input);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout:?}");
    (output.status.code(), serde_json::from_str(&stdout).unwrap())
}

fn assert_signer_mismatch(input: &Value) {
    let (code, line) = outcome(input);
    assert_eq!(code, Some(1), "{line}");
    assert_eq!((&line["reason"], &line["path"]), (&"SIGNER_MISMATCH".into(), &SIGNATURE_PATH.into()));
    let error = from_slice::<CheckExecuteInput>(input.to_string().as_bytes()).unwrap().check().unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::SignerMismatch, Some(SIGNATURE_PATH)));
}

#[test]
fn each_example_passes_under_the_names_it_was_signed_with() {
    for name in ["check-execute.json", "check-execute-custom-entrypoint.json"] {
        let input = example(name);
        assert_eq!(outcome(&input), (Some(0), serde_json::json!({"ok": true})), "{name}");
        assert_eq!(from_slice::<CheckExecuteInput>(input.to_string().as_bytes()).unwrap().check(), Ok(()));
    }
    assert!(example("check-execute.json").get("entrypoint").is_none(), "the defaults apply");
}

#[test]
fn a_signature_under_other_names_is_signer_mismatch_with_the_defaults() {
    let mut input = example("check-execute-custom-entrypoint.json");
    assert_eq!(input["entrypoint"]["typeName"], "TrailsIntent");
    input.as_object_mut().unwrap().remove("entrypoint");
    assert_signer_mismatch(&input);
}

#[test]
fn a_signature_under_the_defaults_is_signer_mismatch_under_other_names() {
    let mut input = example("check-execute.json");
    input["entrypoint"] = example("check-execute-custom-entrypoint.json")["entrypoint"].clone();
    assert_signer_mismatch(&input);
    // The default names given explicitly are the defaults.
    input["entrypoint"] =
        serde_json::json!({"name": "ServiceIntentEntrypoint", "version": "1", "typeName": "ServiceIntent"});
    assert_eq!(outcome(&input).0, Some(0));
}

#[test]
fn each_name_takes_part_in_the_digest() {
    for member in ["name", "version", "typeName"] {
        let mut input = example("check-execute-custom-entrypoint.json");
        let name = input["entrypoint"][member].as_str().unwrap().to_owned();
        input["entrypoint"][member] = format!("{name}X").into();
        assert_signer_mismatch(&input);
    }
}

#[test]
fn an_incomplete_entrypoint_exits_1_with_missing_field_at_its_path() {
    let mut input = example("check-execute-custom-entrypoint.json");
    input["entrypoint"].as_object_mut().unwrap().remove("version");
    let (code, line) = outcome(&input);
    assert_eq!(code, Some(1));
    assert_eq!((&line["reason"], &line["path"]), (&"MISSING_FIELD".into(), &"entrypoint.version".into()));
}
