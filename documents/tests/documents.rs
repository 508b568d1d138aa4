//! The documents of `intent_documents` through their public functions, without a front end:
//! each digest document against the independent vectors of `tests/vectors/eip712.json`
//! (eth-account), `check execute`'s input on the examples, the scenario runner against the
//! examples' expected lines, and the error line both front ends print.
//!
//! What does not live here: the front ends' own behaviour (files, arguments, exit codes),
//! which intentctl's tests and the JavaScript package's check.

use intent_core::{
    eip712::EntrypointNames, from_slice, to_string, Address, Bytes, Error, Event, IntentRecord, IntentStatus, Policy,
    Reason, B256, U256,
};
use intent_documents::{
    error_line, outcome_lines, CheckExecuteInput, EventOutcome, IntentDigestInput, PermitDigestInput, PermitMessage,
    RecoverInput, RelayableInput, Scenario, ScenarioOp, TokenPermitInput,
};
use serde_json::Value;

fn example(name: &str) -> String {
    std::fs::read_to_string(format!("{}/../examples/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The case `name` of the independent EIP-712 vectors.
fn vector(name: &str) -> Value {
    let text = include_str!("../../tests/vectors/eip712.json");
    let file: Value = serde_json::from_str(text).unwrap();
    file["cases"].as_array().unwrap().iter().find(|case| case["name"] == name).unwrap().clone()
}

fn hash(value: &Value) -> B256 {
    value.as_str().unwrap().parse().unwrap()
}

#[track_caller]
fn assert_error<T: std::fmt::Debug>(result: Result<T, Error>, reason: Reason, path: Option<&str>) {
    let error = result.unwrap_err();
    assert_eq!((error.reason(), error.path()), (reason, path), "{error}");
}

// ---------------------------------------------------------------------------------------------
// Digests and signatures

#[test]
fn the_intent_digest_of_the_example_is_eth_accounts_and_so_is_its_typed_data() {
    let case = vector("example_intent_owner_signs_default_names_explicit");
    let input: IntentDigestInput = from_slice(example("digest-intent.json").as_bytes()).unwrap();
    assert_eq!(input.digest().unwrap(), hash(&case["digest"]));
    let typed_data = input.typed_data().unwrap();
    assert_eq!(typed_data.digest(), hash(&case["digest"]));
    assert_eq!(typed_data.type_string(), case["typeString"].as_str().unwrap());
    assert_eq!(input.names(), EntrypointNames::DEFAULT, "the example names the default names");
}

#[test]
fn an_intent_digest_without_a_domain_uses_the_default_names_and_with_others_differs() {
    let case = vector("example_intent_default_names_foreign_signer");
    let input: IntentDigestInput = from_slice(case["input"].as_str().unwrap().as_bytes()).unwrap();
    assert_eq!(input.names(), EntrypointNames::DEFAULT);
    assert_eq!(input.digest().unwrap(), hash(&case["digest"]));
    let case = vector("example_intent_custom_names_zero_fee_extremes");
    let input: IntentDigestInput = from_slice(case["input"].as_str().unwrap().as_bytes()).unwrap();
    assert_ne!(input.names(), EntrypointNames::DEFAULT);
    assert_eq!(input.digest().unwrap(), hash(&case["digest"]));
}

#[test]
fn an_intent_digest_without_a_user_nonce_is_nonce_required() {
    let mut input: IntentDigestInput = from_slice(example("digest-intent.json").as_bytes()).unwrap();
    input.deposit_signature.user_nonce = None;
    assert_error(input.digest(), Reason::NonceRequired, Some("depositSignature.userNonce"));
    assert_error(input.typed_data(), Reason::NonceRequired, Some("depositSignature.userNonce"));
}

#[test]
fn the_erc2612_permit_of_the_example_is_eth_accounts() {
    let case = vector("example_intent_entrypoint_mode_permit");
    let input: PermitDigestInput = from_slice(example("digest-permit.json").as_bytes()).unwrap();
    let PermitMessage::Erc2612(permit) = input.message().unwrap() else { panic!("an ERC-2612 permit") };
    assert_eq!(permit.owner, case["message"]["owner"].as_str().unwrap().parse::<Address>().unwrap());
    assert_eq!(permit.value, case["message"]["value"].as_str().unwrap().parse::<U256>().unwrap());
    assert_eq!(input.digest().unwrap(), hash(&case["digest"]));
    assert_eq!(input.typed_data().unwrap().digest(), hash(&case["digest"]));
    let domain = input.domain.to_domain();
    assert_eq!(domain.name.as_deref(), case["tokenDomain"]["name"].as_str());
    assert_eq!(domain.salt, None, "a member not given stays absent");
}

#[test]
fn the_dai_permit_of_the_example_is_makerdaos_test_permit() {
    // makerdao/dss src/test/dai.t.sol testPermit: the digest eth-account computes for it.
    let digest: B256 = "0x0b0a898fcabef919bad3f3631b3099b69e2eef3c2757fc4c1057e94a7cd01a74".parse().unwrap();
    let input: PermitDigestInput = from_slice(example("digest-permit-dai.json").as_bytes()).unwrap();
    let PermitMessage::Dai(permit) = input.message().unwrap() else { panic!("a DAI-style permit") };
    assert!(permit.allowed);
    assert_eq!(input.digest().unwrap(), digest);
    assert_eq!(input.typed_data().unwrap().digest(), digest);
}

#[test]
fn a_permit_with_members_of_both_shapes_is_refused_at_the_stray_one_and_an_incomplete_one_at_the_missing_one() {
    let mut dai: Value = serde_json::from_str(&example("digest-permit-dai.json")).unwrap();
    dai["deadline"] = 1.into();
    let input: PermitDigestInput = from_slice(dai.to_string().as_bytes()).unwrap();
    assert_error(input.message(), Reason::InvalidJson, Some("deadline"));
    let mut erc2612: Value = serde_json::from_str(&example("digest-permit.json")).unwrap();
    erc2612["holder"] = erc2612["owner"].clone();
    let input: PermitDigestInput = from_slice(erc2612.to_string().as_bytes()).unwrap();
    assert_error(input.digest(), Reason::InvalidJson, Some("holder"));
    let mut incomplete: Value = serde_json::from_str(&example("digest-permit.json")).unwrap();
    incomplete.as_object_mut().unwrap().remove("value");
    let input: PermitDigestInput = from_slice(incomplete.to_string().as_bytes()).unwrap();
    assert_error(input.typed_data(), Reason::MissingField, Some("value"));
}

#[test]
fn recover_of_the_example_is_the_vectors_signer_and_a_malformed_signature_is_invalid_signature() {
    let case = vector("example_intent_owner_signs_default_names_explicit");
    let input: RecoverInput = from_slice(example("recover.json").as_bytes()).unwrap();
    assert_eq!(input.signer().unwrap(), case["signer"].as_str().unwrap().parse::<Address>().unwrap());
    let short = RecoverInput { signature: Bytes::copy_from_slice(&input.signature[..64]), ..input };
    assert_error(short.signer(), Reason::InvalidSignature, Some("signature"));
}

#[test]
fn a_relayable_signature_has_v_27_or_28() {
    let signature =
        vector("example_intent_owner_signs_default_names_explicit")["signature"].as_str().unwrap().to_owned();
    let bytes: Bytes = signature.parse().unwrap();
    let v = bytes[64];
    assert!(v == 27 || v == 28);
    let relayable = |bytes: &[u8]| {
        RelayableInput { signature: Bytes::copy_from_slice(bytes), unknown: Default::default() }.relayable()
    };
    assert_eq!(relayable(&bytes).unwrap(), bytes, "already relayable");
    let mut zero_or_one = bytes.to_vec();
    zero_or_one[64] = v - 27;
    assert_eq!(relayable(&zero_or_one).unwrap(), bytes);
    assert_error(relayable(&bytes[..64]), Reason::InvalidSignature, Some("signature"));
}

// ---------------------------------------------------------------------------------------------
// check execute

fn check_execute() -> CheckExecuteInput {
    from_slice(example("check-execute.json").as_bytes()).unwrap()
}

#[test]
fn the_check_execute_examples_pass_and_print_ok() {
    assert_eq!(check_execute().check_line().unwrap(), r#"{"ok":true}"#);
    let custom: CheckExecuteInput = from_slice(example("check-execute-custom-entrypoint.json").as_bytes()).unwrap();
    assert_eq!(custom.check_line().unwrap(), r#"{"ok":true}"#);
}

#[test]
fn an_accepted_signature_with_v_0_or_1_is_printed_in_its_relayable_form() {
    let mut input = check_execute();
    let signature = input.request.deposit_signature.as_mut().unwrap();
    let relayable = signature.intent_signature.clone().unwrap();
    let mut bytes = relayable.to_vec();
    bytes[64] -= 27;
    signature.intent_signature = Some(Bytes::from(bytes));
    assert_eq!(
        input.check_line().unwrap(),
        format!(r#"{{"ok":true,"relayable":{{"intentSignature":"{relayable}"}}}}"#)
    );
}

#[test]
fn check_execute_refuses_with_the_rule_and_its_path_under_request() {
    let mut input = check_execute();
    input.request.intent_id.push('x');
    assert_error(input.check(), Reason::IntentIdMismatch, Some("request.intentId"));
    let mut late = check_execute();
    late.now = late.committed_at.unwrap().saturating_add_seconds(600);
    assert_error(late.check_line(), Reason::ExecutionWindowExpired, Some("request"));
}

#[test]
fn the_token_permit_of_a_document_is_its_domain_and_nonce() {
    let case = vector("example_intent_entrypoint_mode_permit");
    let text = format!(r#"{{"domain":{},"nonce":"7"}}"#, case["tokenDomain"]);
    let input: TokenPermitInput = from_slice(text.as_bytes()).unwrap();
    let permit = input.to_token_permit();
    assert_eq!(permit.nonce, U256::from(7));
    assert_eq!(permit.domain, input.domain.to_domain());
    assert_eq!(permit.domain.chain_id, Some(U256::from(42161)));
}

// ---------------------------------------------------------------------------------------------
// The scenario runner

const SCENARIOS: [&str; 12] = [
    "scenario",
    "scenario-abort",
    "scenario-custom-entrypoint",
    "scenario-entrypoint-permit",
    "scenario-execution",
    "scenario-execution-refund",
    "scenario-expiry",
    "scenario-expiry-window",
    "scenario-hash-mode",
    "scenario-permit-only",
    "scenario-rejections",
    "scenario-replays",
];

#[test]
fn every_example_scenario_runs_to_its_expected_lines_also_through_its_state() {
    for name in SCENARIOS {
        let scenario: Scenario = from_slice(example(&format!("{name}.json")).as_bytes()).unwrap();
        let outcomes = scenario.run().unwrap();
        assert_eq!(outcome_lines(&outcomes), example(&format!("{name}.expected")), "{name}");
        let through_state = scenario
            .run_between(|record| IntentRecord::from_state(from_slice(to_string(&record.state()).as_bytes())?))
            .unwrap();
        assert_eq!(through_state, outcomes, "{name}");
    }
}

#[test]
fn a_run_passes_every_quoted_record_through_its_hook_and_stops_at_its_first_error() {
    let scenario: Scenario = from_slice(example("scenario-replays.json").as_bytes()).unwrap();
    let mut calls = 0;
    let outcomes = scenario
        .run_between(|record| {
            calls += 1;
            Ok::<_, Error>(record)
        })
        .unwrap();
    assert_eq!(calls, outcomes.iter().filter(|outcome| outcome.status.is_some()).count());
    let error = scenario.run_between(|_| Err(Error::new(intent_core::Problem::MissingField))).unwrap_err();
    assert_eq!(error.reason(), Reason::MissingField);
}

/// The example execution scenario with `edit` applied to its JSON.
fn execution_scenario(edit: impl FnOnce(&mut Value)) -> Scenario {
    let mut doc: Value = serde_json::from_str(&example("scenario-execution.json")).unwrap();
    edit(&mut doc);
    from_slice(doc.to_string().as_bytes()).unwrap()
}

#[test]
fn an_execution_fact_without_its_member_is_missing_field_at_that_member() {
    // Events 3, 4 and 6 are a progress report, a balance and the origin receipt; 7, 9 and
    // 12 the attestation, the route receipt and the destination receipt (docs/spec.md §6.9).
    for (index, member) in [
        (3, "transaction"),
        (4, "balance"),
        (6, "originReceipt"),
        (7, "attestation"),
        (9, "routeReceipt"),
        (12, "destinationReceipt"),
    ] {
        let scenario = execution_scenario(|doc| {
            doc["events"][index].as_object_mut().unwrap().remove(member);
        });
        let outcomes = scenario.run().unwrap();
        let error = outcomes[index].result.as_ref().unwrap_err();
        assert_eq!((error.reason(), error.path()), (Reason::MissingField, Some(member)), "{error}");
        assert_eq!(outcomes[index].status, Some(IntentStatus::Executing));
    }
}

#[test]
fn an_execution_fact_names_its_op_and_before_a_quote_is_invalid_transition() {
    let scenario = execution_scenario(|doc| {
        let events = doc["events"].as_array_mut().unwrap();
        let receipt = events.remove(6);
        events.insert(0, receipt);
    });
    let outcomes = scenario.run().unwrap();
    assert_eq!(outcomes[0].op, ScenarioOp::OriginReceipt);
    let error = outcomes[0].result.as_ref().unwrap_err();
    assert_eq!(error.reason(), Reason::InvalidTransition);
    assert_eq!(
        outcome_lines(&outcomes[..1]),
        "{\"op\":\"originReceipt\",\"ok\":false,\"reason\":\"INVALID_TRANSITION\",\"status\":null}\n"
    );
    let names =
        ["progress", "balance", "originReceipt", "attestation", "originGone", "routeReceipt", "destinationReceipt"];
    for name in names.into_iter().chain(["retry", "commit"]) {
        assert_eq!(ScenarioOp::from_name(name).map(|op| op.name()), Some(name));
    }
    assert_eq!(ScenarioOp::from_name("Balance"), None);
}

#[test]
fn an_origin_gone_in_a_scenario_follows_the_origin_transaction_again() {
    // After the origin receipt (event 6) that burned, the origin transaction gone from its
    // chain: the record keeps EXECUTING and the attestation (event 7) is then not asked for.
    let scenario = execution_scenario(|doc| {
        let events = doc["events"].as_array_mut().unwrap();
        let receipt = &events[6]["originReceipt"];
        let gone = serde_json::json!({
            "at": events[6]["at"],
            "op": "originGone",
            "originGone": {"chainId": 42161, "hash": receipt["receipt"]["transactionHash"], "headBlockNumber": 1001},
        });
        events.insert(7, gone);
    });
    let outcomes = scenario.run().unwrap();
    assert_eq!(outcomes[7].op, ScenarioOp::OriginGone);
    assert_eq!((outcomes[7].result.is_ok(), outcomes[7].status.clone()), (true, Some(IntentStatus::Executing)));
    let error = outcomes[8].result.as_ref().unwrap_err();
    assert_eq!((outcomes[8].op, error.reason()), (ScenarioOp::Attestation, Reason::FactNotAsked));
}

#[test]
fn a_retry_in_a_scenario_takes_its_hash_and_evidence() {
    // The execution scenario's deposit reported FAILED instead, then replaced without
    // evidence: DEPOSIT_UNVERIFIED at depositTransactionHash.
    let scenario = execution_scenario(|doc| {
        doc["events"][3]["transaction"]["status"] = "FAILED".into();
        let at = doc["events"][4]["at"].clone();
        doc["events"][4] =
            serde_json::json!({"at": at, "op": "retry", "depositTransactionHash": format!("0x{}", "7e".repeat(32))});
    });
    let outcomes = scenario.run().unwrap();
    let error = outcomes[4].result.as_ref().unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::DepositUnverified, Some("depositTransactionHash")));
    let without_hash = execution_scenario(|doc| {
        let at = doc["events"][4]["at"].clone();
        doc["events"][4] = serde_json::json!({"at": at, "op": "retry"});
    });
    let error = without_hash.run().unwrap()[4].result.clone().unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::MissingField, Some("depositTransactionHash")));
}

#[test]
fn a_scenarios_policy_is_its_policy_or_its_limits_never_both() {
    let mut scenario: Scenario = from_slice(example("scenario-custom-entrypoint.json").as_bytes()).unwrap();
    let policy = scenario.to_policy().unwrap();
    assert_ne!(policy.entrypoint, EntrypointNames::DEFAULT, "the example names its entrypoint");
    scenario.policy = None;
    assert_eq!(scenario.to_policy().unwrap(), Policy::DEFAULT);
    let with_limits = r#"{"executionWindowSeconds":60}"#;
    scenario.limits = Some(from_slice(with_limits.as_bytes()).unwrap());
    let policy = scenario.to_policy().unwrap();
    assert_eq!((policy.execution_window_seconds, policy.quote_ttl_seconds), (60, Policy::DEFAULT.quote_ttl_seconds));
    scenario.policy = Some(from_slice(b"{}").unwrap());
    assert_error(scenario.to_policy(), Reason::InvalidJson, Some("limits"));
    assert_error(scenario.run(), Reason::InvalidJson, Some("limits"));
}

#[test]
fn an_outcome_line_says_ok_replay_or_the_reason_and_the_status() {
    let outcome = |result, replay, status| EventOutcome { op: Event::Commit.into(), result, replay, status };
    let committed = Some(IntentStatus::Committed);
    assert_eq!(
        outcome(Ok(Some("0xab".into())), true, committed.clone()).to_json(),
        r#"{"op":"commit","ok":true,"replay":true,"status":"COMMITTED","intentId":"0xab"}"#
    );
    let refused = Err(Error::new(intent_core::Problem::MissingField));
    assert_eq!(
        outcome(refused, false, None).to_json(),
        r#"{"op":"commit","ok":false,"reason":"MISSING_FIELD","status":null}"#
    );
    let lines = outcome_lines(&[outcome(Ok(None), false, committed.clone()), outcome(Ok(None), false, committed)]);
    assert_eq!(lines, "{\"op\":\"commit\",\"ok\":true,\"status\":\"COMMITTED\"}\n".repeat(2));
}

// ---------------------------------------------------------------------------------------------
// The error line

#[test]
fn the_error_line_of_a_syntax_error_ends_with_its_offset_and_of_another_has_none() {
    let syntax = from_slice::<RecoverInput>(br#"{"digest": x}"#).unwrap_err();
    let line = error_line(&syntax);
    assert_eq!(syntax.offset(), Some(11));
    assert!(line.ends_with(r#","reason":"INVALID_JSON","path":"digest","offset":11}"#), "{line}");
    let missing = from_slice::<RecoverInput>(br#"{"digest": "0x00"}"#).unwrap_err();
    let line = error_line(&missing);
    assert_eq!(missing.offset(), None);
    assert!(line.starts_with(r#"{"error":"#) && !line.contains("offset"), "{line}");
    assert_eq!(serde_json::from_str::<Value>(&line).unwrap()["reason"], missing.reason().code());
}
