//! docs/spec.md §10 `intentctl digest intent`, `digest permit` (ERC-2612 and DAI-style),
//! `typed-data intent`, `typed-data permit` (the documents of `tests/vectors/typed_data.json`,
//! hashed by eth-account and viem) and
//! `recover`, run as the built binary: the example inputs under `examples/` are inputs of
//! cases of `tests/vectors/eip712.json` (eth-account), or MakerDAO's own DAI permit test,
//! so the printed line is checked against an independent implementation; invalid inputs
//! exit 1 with the error line.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn example(name: &str) -> String {
    format!("{}/examples/{name}", concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn vector(name: &str) -> Value {
    let text =
        std::fs::read_to_string(concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/.."), "/tests/vectors/eip712.json"))
            .unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    let found = file["cases"].as_array().unwrap().iter().find(|c| c["name"] == name).cloned();
    found.unwrap_or_else(|| panic!("no vector case {name}"))
}

fn example_json(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(example(name)).unwrap()).unwrap()
}

fn run_file(args: &[&str], file: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_intentctl")).args(args).arg(file).output().unwrap()
}

fn run_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_intentctl"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The tool may exit before reading (a usage mistake), closing the pipe: not an error here.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

/// Exit 0 and exactly one line on standard output.
fn success_line(output: &Output) -> String {
    assert_eq!(output.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&output.stderr));
    let stdout = String::from_utf8(output.stdout.clone()).unwrap();
    let line = stdout.strip_suffix('\n').unwrap_or_else(|| panic!("no final newline: {stdout:?}"));
    assert!(!line.contains('\n'), "more than one line: {stdout:?}");
    line.to_owned()
}

/// Exit 1 and one JSON error line on standard output.
fn error_line(output: &Output) -> Value {
    assert_eq!(output.status.code(), Some(1), "stdout: {}", String::from_utf8_lossy(&output.stdout));
    let stdout = String::from_utf8(output.stdout.clone()).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout:?}");
    serde_json::from_str(&stdout).unwrap()
}

#[test]
fn digest_intent_of_the_example_prints_the_eth_account_digest() {
    let case = vector("example_intent_owner_signs_default_names_explicit");
    let input: Value = serde_json::from_str(case["input"].as_str().unwrap()).unwrap();
    assert_eq!(example_json("digest-intent.json"), input, "examples/digest-intent.json is the vector's input");
    let line = success_line(&run_file(&["digest", "intent"], &example("digest-intent.json")));
    assert_eq!(line, case["digest"].as_str().unwrap());
}

#[test]
fn digest_intent_with_a_custom_type_name_prints_another_digest() {
    let case = vector("example_intent_custom_names_zero_fee_extremes");
    let line = success_line(&run_stdin(&["digest", "intent", "-"], case["input"].as_str().unwrap()));
    assert_eq!(line, case["digest"].as_str().unwrap());
}

#[test]
fn digest_intent_without_domain_uses_the_default_names() {
    let case = vector("example_intent_default_names_foreign_signer");
    assert!(!case["input"].as_str().unwrap().contains("\"domain\""));
    let line = success_line(&run_stdin(&["digest", "intent"], case["input"].as_str().unwrap()));
    assert_eq!(line, case["digest"].as_str().unwrap());
}

#[test]
fn digest_permit_of_the_example_prints_the_eth_account_digest() {
    let case = vector("example_intent_entrypoint_mode_permit");
    let mut expected = case["message"].clone();
    expected["domain"] = case["tokenDomain"].clone();
    assert_eq!(example_json("digest-permit.json"), expected, "examples/digest-permit.json is the vector's permit");
    let line = success_line(&run_file(&["digest", "permit"], &example("digest-permit.json")));
    assert_eq!(line, case["digest"].as_str().unwrap());
}

#[test]
fn digest_permit_under_a_salt_only_domain_prints_the_eth_account_digest() {
    let case = vector("salt_only");
    let mut input = case["message"].clone();
    input["domain"] = case["domain"].clone();
    let line = success_line(&run_stdin(&["digest", "permit"], &input.to_string()));
    assert_eq!(line, case["digest"].as_str().unwrap());
}

#[test]
fn recover_of_the_example_prints_the_eip55_signer() {
    let case = vector("example_intent_owner_signs_default_names_explicit");
    let input = example_json("recover.json");
    assert_eq!((&input["digest"], &input["signature"]), (&case["digest"], &case["signature"]));
    let line = success_line(&run_file(&["recover"], &example("recover.json")));
    assert_eq!(line, case["signer"].as_str().unwrap());
    assert_ne!(line, line.to_lowercase(), "EIP-55 mixed case");
}

#[test]
fn digest_intent_without_user_nonce_exits_1_with_nonce_required() {
    let case = vector("example_intent_without_user_nonce");
    let body = error_line(&run_stdin(&["digest", "intent"], case["input"].as_str().unwrap()));
    assert_eq!(body["reason"], "NONCE_REQUIRED");
    assert_eq!(body["path"], "depositSignature.userNonce");
    assert_eq!(
        (&body["error"], &body["code"], &body["status"]),
        (&"InvalidArgument".into(), &2000.into(), &400.into())
    );
    assert_eq!(body["cause"], "NONCE_REQUIRED at depositSignature.userNonce");
}

#[test]
fn digest_intent_with_an_incomplete_domain_exits_1_with_missing_field() {
    let case = vector("example_intent_owner_signs_default_names_explicit");
    let mut input: Value = serde_json::from_str(case["input"].as_str().unwrap()).unwrap();
    input["domain"].as_object_mut().unwrap().remove("typeName");
    let body = error_line(&run_stdin(&["digest", "intent"], &input.to_string()));
    assert_eq!((&body["reason"], &body["path"]), (&"MISSING_FIELD".into(), &"domain.typeName".into()));
}

#[test]
fn recover_of_a_high_s_signature_exits_1_with_invalid_signature() {
    let case = vector("high_s_of_v27");
    let input = serde_json::json!({"digest": case["digest"], "signature": case["signature"]});
    let body = error_line(&run_stdin(&["recover"], &input.to_string()));
    assert_eq!((&body["reason"], &body["path"]), (&"INVALID_SIGNATURE".into(), &"signature".into()));
    assert_eq!((&body["error"], &body["code"], &body["status"]), (&"Unauthorized".into(), &1000.into(), &401.into()));
}

#[test]
fn recover_of_a_short_digest_exits_1_with_invalid_hex() {
    let body = error_line(&run_stdin(&["recover"], r#"{"digest":"0x1234","signature":"0x"}"#));
    assert_eq!((&body["reason"], &body["path"]), (&"INVALID_HEX".into(), &"digest".into()));
}

#[test]
fn digest_permit_with_a_bad_salt_exits_1_with_invalid_hex_at_its_path() {
    let mut input = example_json("digest-permit.json");
    input["domain"]["salt"] = "0x89".into();
    let body = error_line(&run_stdin(&["digest", "permit"], &input.to_string()));
    assert_eq!((&body["reason"], &body["path"]), (&"INVALID_HEX".into(), &"domain.salt".into()));
}

#[test]
fn digest_permit_without_owner_exits_1_with_missing_field() {
    let mut input = example_json("digest-permit.json");
    input.as_object_mut().unwrap().remove("owner");
    let body = error_line(&run_stdin(&["digest", "permit"], &input.to_string()));
    assert_eq!((&body["reason"], &body["path"]), (&"MISSING_FIELD".into(), &"owner".into()));
}

#[test]
fn digest_permit_with_a_value_above_2_256_exits_1_with_number_out_of_range() {
    let mut input = example_json("digest-permit.json");
    input["value"] = "115792089237316195423570985008687907853269984665640564039457584007913129639936".into();
    let body = error_line(&run_stdin(&["digest", "permit"], &input.to_string()));
    assert_eq!((&body["reason"], &body["path"]), (&"NUMBER_OUT_OF_RANGE".into(), &"value".into()));
}

#[test]
fn digest_without_a_subcommand_is_a_usage_mistake() {
    let output = run_stdin(&["digest"], "{}");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
}

/// MakerDAO's own DAI permits: makerdao/dss src/test/dai.t.sol testPermit and
/// testPermitWithExpiry (token at 0x11Ee…030B, `new Dai(99)`): the domain, message and
/// signature are the test's; the digest is eth-account 0.14.0's `encode_typed_data` of
/// them, and MakerDAO's signature recovers to the holder under it, which only the digest
/// `permit` verifies on chain can do.
const MAKERDAO_TEST_PERMITS: [(&str, u64, &str, &str); 2] = [
    (
        "makerdao/dss src/test/dai.t.sol testPermit",
        0,
        "0x0b0a898fcabef919bad3f3631b3099b69e2eef3c2757fc4c1057e94a7cd01a74",
        "0x8e30095d9e5439a4f4b8e4b5c94e7639756474d72aded20611464c8f002efb0649a0ed09658bc768d6548689bcbaa430cefa57846ef83cb685673a9b9a575ff41b",
    ),
    (
        "makerdao/dss src/test/dai.t.sol testPermitWithExpiry",
        604_411_200 + 3600,
        "0x2505c94085b60ca14bf6842050745e5b64df8fa31ee1bb70afec92f1e5e21784",
        "0x85da10f8af2cf512620c07d800f8e17a2a4cd2e91bf0835a34bf470abc6b66e57e8e641e5e8bef932c3a55e7365e0201196fc6385d942c47d749bf76e73ee46f1b",
    ),
];

/// `cal` in dai.t.sol: the holder who signed.
const MAKERDAO_HOLDER: &str = "0x29C76e6aD8f28BB1004902578Fb108c507Be341b";

#[test]
fn digest_permit_of_makerdaos_dai_test_permits_is_the_digest_their_signature_recovers_from() {
    for (source, expiry, digest, signature) in MAKERDAO_TEST_PERMITS {
        // examples/digest-permit-dai.json is testPermit's permit; testPermitWithExpiry differs
        // only in its expiry.
        let mut input = example_json("digest-permit-dai.json");
        input["expiry"] = expiry.into();
        let printed = if expiry == 0 {
            success_line(&run_file(&["digest", "permit"], &example("digest-permit-dai.json")))
        } else {
            success_line(&run_stdin(&["digest", "permit"], &input.to_string()))
        };
        assert_eq!(printed, digest, "{source}");
        let recover = serde_json::json!({"digest": printed, "signature": signature});
        assert_eq!(success_line(&run_stdin(&["recover"], &recover.to_string())), MAKERDAO_HOLDER, "{source}");
    }
}

#[test]
fn digest_permit_of_every_dai_vector_prints_the_eth_account_digest() {
    let text =
        std::fs::read_to_string(concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/.."), "/tests/vectors/eip712.json"))
            .unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    let cases: Vec<&Value> = file["cases"].as_array().unwrap().iter().filter(|c| c["kind"] == "daiPermit").collect();
    assert!(cases.len() >= 6);
    for case in cases {
        let mut input = case["message"].clone();
        input["domain"] = case["domain"].clone();
        let line = success_line(&run_stdin(&["digest", "permit"], &input.to_string()));
        assert_eq!(line, case["digest"].as_str().unwrap(), "{}", case["name"]);
    }
}

#[test]
fn digest_permit_with_members_of_both_shapes_exits_1_at_the_stray_member() {
    // A DAI permit with an ERC-2612 `deadline`: the stray member is the deadline.
    let mut dai = example_json("digest-permit-dai.json");
    dai["deadline"] = 1.into();
    let body = error_line(&run_stdin(&["digest", "permit"], &dai.to_string()));
    assert_eq!((&body["reason"], &body["path"]), (&"INVALID_JSON".into(), &"deadline".into()));
    assert_eq!(body["msg"], "invalid json: an erc-2612 permit member in a dai-style permit at deadline");
    // An ERC-2612 permit with a DAI `allowed`.
    let mut erc2612 = example_json("digest-permit.json");
    erc2612["allowed"] = true.into();
    let body = error_line(&run_stdin(&["digest", "permit"], &erc2612.to_string()));
    assert_eq!((&body["reason"], &body["path"]), (&"INVALID_JSON".into(), &"allowed".into()));
    assert_eq!(body["msg"], "invalid json: a dai-style permit member in an erc-2612 permit at allowed");
    assert_eq!(body.get("offset"), None, "not a syntax error");
    // As many of each: the first DAI member is the stray one.
    let mut even = example_json("digest-permit.json");
    even["holder"] = MAKERDAO_HOLDER.into();
    even.as_object_mut().unwrap().remove("value");
    even.as_object_mut().unwrap().remove("deadline");
    let body = error_line(&run_stdin(&["digest", "permit"], &even.to_string()));
    assert_eq!((&body["reason"], &body["path"]), (&"INVALID_JSON".into(), &"holder".into()));
}

#[test]
fn digest_permit_of_an_incomplete_dai_permit_exits_1_with_missing_field() {
    for member in ["holder", "expiry", "allowed"] {
        let mut input = example_json("digest-permit-dai.json");
        input.as_object_mut().unwrap().remove(member);
        let body = error_line(&run_stdin(&["digest", "permit"], &input.to_string()));
        assert_eq!((&body["reason"], &body["path"]), (&"MISSING_FIELD".into(), &member.into()), "without {member}");
    }
    let mut not_bool = example_json("digest-permit-dai.json");
    not_bool["allowed"] = 1.into();
    let body = error_line(&run_stdin(&["digest", "permit"], &not_bool.to_string()));
    assert_eq!((&body["reason"], &body["path"]), (&"INVALID_TYPE".into(), &"allowed".into()));
}

/// Every `permit` case of the vectors read as the document of `digest permit` (the message
/// with its `domain`): the ERC-2612 message and the digest of eth-account.
#[test]
fn permit_cases_match_eth_account_through_the_input_document() {
    use intent_documents::{PermitDigestInput, PermitMessage};
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/eip712.json")).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    let cases: Vec<&Value> = file["cases"].as_array().unwrap().iter().filter(|c| c["kind"] == "permit").collect();
    assert!(cases.len() >= 50, "{} permit cases", cases.len());
    for case in cases {
        let (m, name) = (&case["message"], &case["name"]);
        let mut document = m.clone();
        document["domain"] = case["domain"].clone();
        let input: PermitDigestInput = intent_core::from_slice(document.to_string().as_bytes())
            .unwrap_or_else(|e| panic!("{name}: the document does not parse: {e}"));
        let field = |key: &str| m[key].as_str().unwrap();
        let permit = intent_core::eip712::Permit {
            owner: field("owner").parse().unwrap(),
            spender: field("spender").parse().unwrap(),
            value: field("value").parse().unwrap(),
            nonce: field("nonce").parse().unwrap(),
            deadline: field("deadline").parse().unwrap(),
        };
        assert_eq!(input.message(), Ok(PermitMessage::Erc2612(permit)), "{name}");
        let digest: intent_core::B256 = case["digest"].as_str().unwrap().parse().unwrap();
        assert_eq!(input.digest(), Ok(digest), "{name}");
    }
}

/// The cases of `tests/vectors/typed_data.json` (documents whose digests eth-account and
/// viem computed) of the given kinds.
fn typed_data_cases(kinds: &[&str]) -> Vec<Value> {
    let text =
        std::fs::read_to_string(concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/.."), "/tests/vectors/typed_data.json"))
            .unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    let cases = file["cases"].as_array().unwrap().iter();
    cases.filter(|c| kinds.iter().any(|kind| c["kind"] == *kind)).cloned().collect()
}

#[test]
fn typed_data_prints_the_document_of_every_vector_case() {
    let cases = typed_data_cases(&["intent", "permit", "daiPermit"]);
    assert!(cases.len() >= 40, "{} cases", cases.len());
    for case in &cases {
        let command = if case["kind"] == "intent" { "intent" } else { "permit" };
        let line = success_line(&run_stdin(&["typed-data", command], case["input"].as_str().unwrap()));
        assert_eq!(line, case["document"].as_str().unwrap(), "{} {}", case["kind"], case["name"]);
    }
}

/// The shipped examples of `digest intent` and `digest permit` are inputs of `typed-data`
/// too: the document printed is the vector's, and the digest both producers computed from
/// it is the one `digest` prints for the same file.
#[test]
fn typed_data_of_the_digest_examples_is_the_document_of_the_printed_digest() {
    let cases = typed_data_cases(&["intent", "permit", "daiPermit"]);
    for (command, file, name) in [
        ("intent", "digest-intent.json", "example_default_names"),
        ("permit", "digest-permit.json", "example"),
        ("permit", "digest-permit-dai.json", "example_makerdao_test_permit"),
    ] {
        let case = cases.iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("no vector case {name}"));
        let input: Value = serde_json::from_str(case["input"].as_str().unwrap()).unwrap();
        assert_eq!(example_json(file), input, "examples/{file} is the input of {name}");
        let document = success_line(&run_file(&["typed-data", command], &example(file)));
        assert_eq!(document, case["document"].as_str().unwrap(), "{file}");
        let digest = success_line(&run_file(&["digest", command], &example(file)));
        assert_eq!(digest, case["digests"]["ethAccount"].as_str().unwrap(), "{file}");
        assert_eq!(digest, case["digests"]["viem"].as_str().unwrap(), "{file}");
    }
}

#[test]
fn typed_data_intent_without_user_nonce_exits_1_with_nonce_required() {
    let mut input = example_json("digest-intent.json");
    input["depositSignature"].as_object_mut().unwrap().remove("userNonce");
    let body = error_line(&run_stdin(&["typed-data", "intent"], &input.to_string()));
    assert_eq!((&body["reason"], &body["path"]), (&"NONCE_REQUIRED".into(), &"depositSignature.userNonce".into()));
}

#[test]
fn typed_data_permit_with_members_of_both_shapes_exits_1_at_the_stray_member() {
    let mut input = example_json("digest-permit-dai.json");
    input["deadline"] = Value::from(1);
    let body = error_line(&run_stdin(&["typed-data", "permit"], &input.to_string()));
    assert_eq!((&body["reason"], &body["path"]), (&"INVALID_JSON".into(), &"deadline".into()));
}

#[test]
fn typed_data_without_a_subcommand_is_a_usage_mistake() {
    let output = run_stdin(&["typed-data"], "{}");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown command"));
}
