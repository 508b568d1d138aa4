//! docs/spec.md §10: `intentctl hash` and `intentctl canonical` — input from a file or standard
//! input, exit 0 / 1 (one JSON error line) / 2 (usage).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn intentctl(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_intentctl"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The tool may exit before reading (a usage mistake), closing the pipe: not an error here.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn example() -> Vec<u8> {
    std::fs::read(concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/.."), "/examples/intent.json")).unwrap()
}

#[test]
fn hash_prints_the_canonical_hash_from_a_file_or_standard_input() {
    let intent: intent_core::Intent = intent_core::from_slice(&example()).unwrap();
    let expected = format!("{}\n", intent_core::Canonical::canonical_hash(&intent));
    for output in [
        intentctl(&["hash", "examples/intent.json"], b""),
        intentctl(&["hash", "-"], &example()),
        intentctl(&["hash"], &example()),
    ] {
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(stdout(&output), expected);
    }
}

#[test]
fn canonical_prints_the_canonical_json_and_a_newline() {
    let output = intentctl(&["canonical", "examples/intent.json"], b"");
    assert_eq!(output.status.code(), Some(0));
    let intent: intent_core::Intent = intent_core::from_slice(&example()).unwrap();
    assert_eq!(stdout(&output), format!("{}\n", intent_core::Canonical::canonical_json(&intent)));
}

#[test]
fn invalid_input_exits_1_with_one_json_error_line() {
    let bad = String::from_utf8(example()).unwrap().replacen("0x8ba1f109551bD432803012645Ac136ddd64DBA72", "0x8ba1", 1);
    let output = intentctl(&["hash"], bad.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1);
    let line: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(line["reason"], "INVALID_ADDRESS");
    assert_eq!(line["path"], "quoteRequest.ownerAddress");
    assert_eq!(
        (line["error"].as_str(), line["code"].as_u64(), line["status"].as_u64()),
        (Some("InvalidArgument"), Some(2000), Some(400))
    );

    assert_eq!(line.get("offset"), None, "only a syntax error has an offset");

    let empty = intentctl(&["canonical"], b"");
    assert_eq!(empty.status.code(), Some(1));
    let line: serde_json::Value = serde_json::from_str(&stdout(&empty)).unwrap();
    assert_eq!((line["reason"].as_str(), &line["path"]), (Some("INVALID_JSON"), &serde_json::Value::Null));
    assert_eq!(line["offset"], 0);
}

#[test]
fn a_syntax_error_line_ends_with_the_byte_offset_and_says_line_and_column() {
    // Line 3 starts at byte 13; the stray `x` is its third byte.
    let output = intentctl(&["hash"], b"{\n  \"id\": 1,\n  x\n}");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        concat!(
            r#"{"error":"InvalidArgument","code":2000,"msg":"invalid json: expected a member name at line 3 column 3","#,
            r#""cause":"INVALID_JSON","status":400,"reason":"INVALID_JSON","path":null,"offset":15}"#,
            "\n"
        )
    );
    let inside = intentctl(&["hash"], br#"{"id": 1, "depositTransaction": {"amount": 01}}"#);
    let line: serde_json::Value = serde_json::from_str(&stdout(&inside)).unwrap();
    assert_eq!((&line["path"], &line["offset"]), (&"depositTransaction".into(), &44.into()));
    assert_eq!(line["msg"], "invalid json: expected ',' or '}' in an object at depositTransaction, line 1 column 45");
}

#[test]
fn usage_mistakes_exit_2_with_a_message_on_standard_error() {
    for args in [&[][..], &["frobnicate"], &["hash", "a.json", "b.json"], &["hash", "no/such/file.json"]] {
        let output = intentctl(args, b"{}");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty());
        assert!(String::from_utf8(output.stderr).unwrap().starts_with("intentctl: "));
    }
    assert_eq!(intentctl(&["--help"], b"").status.code(), Some(0));
}

/// The documents of the service's newest published schema under `examples/published/`
/// (see the library's `tests/published_schema.rs`): `intentctl` checks and hashes them.
#[test]
fn intentctl_checks_and_hashes_the_published_intents() {
    for path in ["examples/published/intent-permit-only.json", "examples/published/intent-invalid.json"] {
        let text = std::fs::read(format!("{}/{path}", concat!(env!("CARGO_MANIFEST_DIR"), "/.."))).unwrap();
        let intent: intent_core::Intent = intent_core::from_slice(&text).unwrap();
        let run = |command: &str| {
            Command::new(env!("CARGO_BIN_EXE_intentctl"))
                .args(command.split(' ').chain([path]))
                .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
                .output()
                .unwrap()
        };
        let check = run("check intent");
        assert_eq!(check.status.code(), Some(0), "{path}: {}", String::from_utf8_lossy(&check.stdout));
        assert_eq!(String::from_utf8(check.stdout).unwrap(), "{\"ok\":true}\n");
        let hash = run("hash");
        assert_eq!(hash.status.code(), Some(0), "{path}: {}", String::from_utf8_lossy(&hash.stdout));
        assert_eq!(
            String::from_utf8(hash.stdout).unwrap(),
            format!("{}\n", intent_core::Canonical::canonical_hash(&intent))
        );
    }
}
