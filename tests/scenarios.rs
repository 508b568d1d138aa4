#![cfg(feature = "std")]
//! SPEC §6, §7 and §10: every `examples/scenario*.json` played by `intentctl run` and by the
//! library prints exactly the lines of its `.expected` file. The scenarios and their expected
//! lines are written by `tests/vectors/gen_scenarios.py` (eth-account signatures, outcomes
//! derived from the SPEC by a Python model, not by running the crate).

use std::path::{Path, PathBuf};
use std::process::Command;

use intent_core::scenario::{outcome_lines, Scenario};

/// The scenario files, sorted by name, as paths relative to the crate root.
fn scenario_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
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
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(relative))
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
            .current_dir(env!("CARGO_MANIFEST_DIR"))
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
fn the_library_runs_every_scenario_to_the_expected_lines() {
    for file in scenario_files() {
        let scenario =
            intent_core::from_slice::<Scenario>(&read(&file)).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let outcomes = scenario.run();
        assert_eq!(outcomes.len(), scenario.events.len(), "{}", file.display());
        assert_eq!(outcome_lines(&outcomes), expected(&file), "{}", file.display());
    }
}
