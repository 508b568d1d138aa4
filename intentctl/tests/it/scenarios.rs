//! docs/spec.md §6, §7 and §10: every `examples/scenario*.json` played by `intentctl run` and by the
//! library prints exactly the lines of its `.expected` file. The scenarios and their expected
//! lines are written by `tests/vectors/gen_scenarios.py` (eth-account signatures, outcomes
//! derived from docs/spec.md by a Python model, not by running the crate). A scenario's
//! `policy` (revision 2) sets the lifetimes, like the older `limits`, and the entrypoint's
//! EIP-712 names; giving both `policy` and `limits` is refused.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use intent_core::IntentRecord;
use intent_core::{Reason, RecordState};
use intent_documents::{outcome_lines, Scenario};
use serde_json::Value;

/// The scenario files, sorted by name, as paths relative to the crate root.
fn scenario_files() -> Vec<PathBuf> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.starts_with("scenario") && name.ends_with(".json"))
        .map(|name| Path::new("examples").join(name))
        .collect();
    files.sort();
    files
}

fn read(relative: &Path) -> Vec<u8> {
    std::fs::read(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join(relative))
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", relative.display()))
}

fn expected(scenario: &Path) -> String {
    String::from_utf8(read(&scenario.with_extension("expected"))).unwrap()
}

#[test]
fn the_examples_hold_every_scenario_the_generator_writes() {
    let names: Vec<String> = scenario_files().iter().map(|p| p.display().to_string()).collect();
    for name in [
        "examples/scenario.json",
        "examples/scenario-abort.json",
        "examples/scenario-entrypoint-permit.json",
        "examples/scenario-expiry-window.json",
        "examples/scenario-expiry.json",
        "examples/scenario-hash-mode.json",
        "examples/scenario-permit-only.json",
        "examples/scenario-rejections.json",
        "examples/scenario-custom-entrypoint.json",
        "examples/scenario-replays.json",
        "examples/scenario-execution.json",
        "examples/scenario-execution-refund.json",
    ] {
        assert!(names.iter().any(|n| n == name), "{name} is missing from {names:?}");
    }
}

#[test]
fn intentctl_run_prints_the_expected_lines_for_every_scenario() {
    for file in scenario_files() {
        let output = Command::new(env!("CARGO_BIN_EXE_intentctl"))
            .arg("run")
            .arg(&file)
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}: stdout {stdout} stderr {}",
            file.display(),
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(stdout, expected(&file), "{}", file.display());
    }
}

#[test]
fn run_through_state_prints_the_plain_runs_lines_for_every_scenario() {
    let dir = std::env::temp_dir().join(format!("intentctl-through-state-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for file in scenario_files() {
        let state = dir.join("state.json");
        let _ = std::fs::remove_file(&state);
        let output = Command::new(env!("CARGO_BIN_EXE_intentctl"))
            .args(["run", "--through-state"])
            .arg(&state)
            .arg(&file)
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert_eq!(output.status.code(), Some(0), "{}: {}", file.display(), String::from_utf8_lossy(&output.stderr));
        assert_eq!(stdout, expected(&file), "{}", file.display());
        // The file holds the last state: a RecordState the library restores.
        let text = std::fs::read(&state).unwrap();
        let record = IntentRecord::from_state(intent_core::from_slice::<RecordState>(&text).unwrap()).unwrap();
        let last_status = stdout.lines().last().and_then(|line| serde_json::from_str::<Value>(line).ok()).unwrap();
        assert_eq!(last_status["status"], record.status().name(), "{}", file.display());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_library_runs_every_scenario_to_the_expected_lines() {
    for file in scenario_files() {
        let scenario =
            intent_core::from_slice::<Scenario>(&read(&file)).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let outcomes = scenario.run().unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert_eq!(outcomes.len(), scenario.events.len(), "{}", file.display());
        assert_eq!(outcome_lines(&outcomes), expected(&file), "{}", file.display());
    }
}

fn scenario_json(name: &str) -> Value {
    serde_json::from_slice(&read(&Path::new("examples").join(name))).unwrap()
}

/// The outcome lines of `scenario` played by the library.
fn lines_of(scenario: &Value) -> String {
    let scenario = intent_core::from_slice::<Scenario>(scenario.to_string().as_bytes()).unwrap();
    outcome_lines(&scenario.run().unwrap())
}

/// The reason codes (or "ok") of `scenario`'s events, played by the library.
fn outcomes_of(scenario: &Value) -> Vec<String> {
    lines_of(scenario)
        .lines()
        .map(|line| {
            let line: Value = serde_json::from_str(line).unwrap();
            line["reason"].as_str().unwrap_or("ok").to_owned()
        })
        .collect()
}

#[test]
fn the_policy_entrypoint_names_decide_whose_signature_executes() {
    let custom = scenario_json("scenario-custom-entrypoint.json");
    let events = custom["events"].as_array().unwrap();
    let (quote, commit, signed_default, signed_custom) = (&events[0], &events[1], &events[2], &events[3]);
    assert_eq!(outcomes_of(&custom), ["ok", "ok", "SIGNER_MISMATCH", "ok", "ok"]);

    // Without the names the defaults apply: the request signed under the policy's names is
    // SIGNER_MISMATCH, the one signed under the defaults executes.
    let mut defaults = custom.clone();
    defaults["policy"].as_object_mut().unwrap().remove("entrypoint");
    defaults["events"] = serde_json::json!([quote, commit, signed_custom, signed_default]);
    assert_eq!(outcomes_of(&defaults), ["ok", "ok", "SIGNER_MISMATCH", "ok"]);
}

#[test]
fn policy_lifetimes_play_as_the_first_revisions_limits() {
    let with_limits = scenario_json("scenario-expiry-window.json");
    let mut with_policy = with_limits.clone();
    let limits = with_policy.as_object_mut().unwrap().remove("limits").unwrap();
    assert_eq!(limits["executionWindowSeconds"], 120, "not the default window");
    with_policy["policy"] = limits;
    assert_eq!(lines_of(&with_policy), expected(Path::new("examples/scenario-expiry-window.json")));
    assert_eq!(lines_of(&with_policy), lines_of(&with_limits));
}

#[test]
fn limits_beside_policy_is_invalid_json_at_limits() {
    let mut both = scenario_json("scenario-custom-entrypoint.json");
    both["limits"] = serde_json::json!({"quoteTtlSeconds": 300});
    let scenario = intent_core::from_slice::<Scenario>(both.to_string().as_bytes()).unwrap();
    let error = scenario.run().unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::InvalidJson, Some("limits")));
    assert_eq!(scenario.to_policy().unwrap_err(), error);

    let mut child = Command::new(env!("CARGO_BIN_EXE_intentctl"))
        .arg("run")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(both.to_string().as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(1), "no event is played");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let line: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!((&line["reason"], &line["path"]), (&"INVALID_JSON".into(), &"limits".into()));
    assert_eq!(line["msg"], "invalid json: limits and policy both set the lifetimes at limits");
}
