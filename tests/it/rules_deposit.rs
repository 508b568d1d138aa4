//! The deposit-hash rules of docs/spec.md §7 and the deposit evidence of §6.5: one test per
//! rule, each breaking exactly that rule of valid evidence and asserting exactly its reason
//! and path; the order of the rules; the evidence's reading (a node's hex quantities, the
//! node's other members kept); and the committed real receipts of
//! `tests/vectors/chain/deposits.json` (written by Anvil) judged as the chain says.

use crate::fixtures;

use fixtures::*;
use intent_core::{
    from_slice, to_string, Address, Bytes, DepositEvidence, EventInput, IntentRecord, Policy, Problem, Quantity,
    Reason, RecordState, B256, U256,
};
use intent_test_support::evidence::{paying, transfer_log, EVIDENCE_BLOCK, SENDER};

const AT: Option<&str> = Some("depositTransactionHash");

/// The fixture world in deposit-hash mode, proven by `evidence`.
fn with_evidence(evidence: DepositEvidence) -> Execute {
    Execute { deposit_evidence: Some(evidence), ..Execute::new() }
}

fn check(world: &Execute) -> Result<(), intent_core::Error> {
    world.check(&hash_request())
}

/// The `DEPOSIT_MISMATCH` of `world`, asserting its reason and path, and the member of
/// `depositTransaction` it names.
fn contradicted(world: &Execute) -> &'static str {
    match assert_rule(check(world), Reason::DepositMismatch, AT).problem() {
        Problem::DepositMismatch { field, .. } => field,
        other => panic!("not a deposit mismatch: {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Proven, or stated unverified

#[test]
fn a_hash_proven_by_its_evidence_passes_for_a_token_and_for_the_native_token() {
    check(&Execute::new()).unwrap();
    let mut native = Execute::new();
    native.intent.deposit_transaction.token_address = Address::ZERO;
    native.deposit_evidence = Some(paying(&native.intent, DEPOSIT_HASH));
    check(&native).unwrap();
}

#[test]
fn a_hash_without_evidence_is_deposit_unverified() {
    let world = Execute { deposit_evidence: None, ..Execute::new() };
    assert_rule(check(&world), Reason::DepositUnverified, AT);
    assert_rule(check(&Execute::without_chain_facts()), Reason::DepositUnverified, AT);
}

#[test]
fn a_hash_without_evidence_passes_only_when_the_caller_accepts_it_unverified() {
    let world = Execute { deposit_evidence: None, accept_unverified_deposit: true, ..Execute::new() };
    check(&world).unwrap();
}

#[test]
fn evidence_is_used_even_when_an_unverified_deposit_is_accepted() {
    let mut evidence = deposit_evidence();
    evidence.receipt.status = Quantity::from(0);
    let world = Execute { accept_unverified_deposit: true, ..with_evidence(evidence) };
    assert_rule(check(&world), Reason::DepositReverted, AT);
}

#[test]
fn the_short_call_refuses_a_hash_and_the_record_keeps_its_state() {
    let mut record = committed_record();
    let before = record.clone();
    assert_rule(record.apply(EventInput::execute(&hash_request()), executed_at()), Reason::DepositUnverified, AT);
    assert_eq!(record, before);
}

// ---------------------------------------------------------------------------------------------
// One test per rule

#[test]
fn evidence_of_another_transaction_is_deposit_hash_mismatch() {
    let other = B256::repeat_byte(0xd8);
    let mut in_receipt = deposit_evidence();
    in_receipt.receipt.transaction_hash = other;
    let error = assert_rule(check(&with_evidence(in_receipt)), Reason::DepositHashMismatch, AT);
    assert_eq!(error.problem(), &Problem::DepositHashMismatch { requested: DEPOSIT_HASH, evidence: other });
    let mut in_transaction = deposit_evidence();
    in_transaction.transaction.hash = other;
    assert_rule(check(&with_evidence(in_transaction)), Reason::DepositHashMismatch, AT);
}

#[test]
fn evidence_from_another_chain_is_deposit_wrong_chain() {
    let mut evidence = deposit_evidence();
    let origin = intent().origin_chain_id;
    evidence.chain_id = Quantity::from(origin + 1);
    let error = assert_rule(check(&with_evidence(evidence.clone())), Reason::DepositWrongChain, AT);
    assert_eq!(
        error.problem(),
        &Problem::DepositWrongChain { chain_id: U256::from(origin + 1), origin_chain_id: origin }
    );
    // A chain id beyond 64 bits is another chain too, never truncated onto the origin.
    evidence.chain_id = Quantity(U256::from(origin) + (U256::from(1) << 64));
    assert_rule(check(&with_evidence(evidence)), Reason::DepositWrongChain, AT);
}

#[test]
fn a_receipt_of_status_other_than_1_is_deposit_reverted() {
    for status in [0u64, 2] {
        let mut evidence = deposit_evidence();
        evidence.receipt.status = Quantity::from(status);
        assert_rule(check(&with_evidence(evidence)), Reason::DepositReverted, AT);
    }
}

#[test]
fn fewer_confirmations_than_the_policy_is_deposit_unconfirmed() {
    // The head below the receipt's block: no confirmation at all.
    let mut evidence = deposit_evidence();
    evidence.head_block_number = Quantity::from(EVIDENCE_BLOCK - 1);
    let error = assert_rule(check(&with_evidence(evidence)), Reason::DepositUnconfirmed, AT);
    assert_eq!(error.problem(), &Problem::DepositUnconfirmed { confirmations: U256::ZERO, required: 1 });
    // Three confirmations wanted: the block itself and two more.
    let mut evidence = deposit_evidence();
    evidence.head_block_number = Quantity::from(EVIDENCE_BLOCK + 1);
    let world = Execute { deposit_confirmations: 3, ..with_evidence(evidence.clone()) };
    let error = assert_rule(check(&world), Reason::DepositUnconfirmed, AT);
    assert_eq!(error.problem(), &Problem::DepositUnconfirmed { confirmations: U256::from(2), required: 3 });
    evidence.head_block_number = Quantity::from(EVIDENCE_BLOCK + 2);
    check(&Execute { deposit_confirmations: 3, ..with_evidence(evidence) }).unwrap();
}

#[test]
fn a_transfer_of_another_token_contradicts_the_token_address() {
    let deposit = intent().deposit_transaction;
    let mut evidence = deposit_evidence();
    evidence.receipt.logs[0].address = Address::repeat_byte(0x70);
    assert_eq!(contradicted(&with_evidence(evidence)), "tokenAddress");
    // No log at all, and a log of the token that is not a Transfer (another event's topic).
    let mut evidence = deposit_evidence();
    evidence.receipt.logs.clear();
    assert_eq!(contradicted(&with_evidence(evidence)), "tokenAddress");
    let mut approval = transfer_log(deposit.token_address, SENDER, deposit.to_address, deposit.amount);
    approval.topics[0] = intent_test_support::support::keccak256(b"Approval(address,address,uint256)");
    let mut evidence = deposit_evidence();
    evidence.receipt.logs = vec![approval];
    assert_eq!(contradicted(&with_evidence(evidence)), "tokenAddress");
}

#[test]
fn a_transfer_to_another_address_contradicts_the_to_address() {
    let mut evidence = deposit_evidence();
    evidence.receipt.logs[0].topics[2] = Address::repeat_byte(0x71).into_word();
    assert_eq!(contradicted(&with_evidence(evidence)), "toAddress");
}

#[test]
fn a_transfer_of_less_contradicts_the_amount_and_one_of_enough_among_others_passes() {
    let deposit = intent().deposit_transaction;
    let short = deposit.amount - U256::from(1);
    let mut evidence = deposit_evidence();
    evidence.receipt.logs[0].data = Bytes::copy_from_slice(&short.to_be_bytes::<32>());
    assert_eq!(contradicted(&with_evidence(evidence.clone())), "amount");
    // Transfers of other tokens and to others, then one of enough: the deposit is paid.
    evidence.receipt.logs.push(transfer_log(Address::repeat_byte(0x70), SENDER, deposit.to_address, deposit.amount));
    evidence.receipt.logs.push(transfer_log(deposit.token_address, SENDER, SENDER, deposit.amount));
    evidence.receipt.logs.push(transfer_log(
        deposit.token_address,
        SENDER,
        deposit.to_address,
        deposit.amount + U256::from(1),
    ));
    check(&with_evidence(evidence)).unwrap();
}

#[test]
fn a_transfer_log_with_dirty_address_words_is_no_transfer() {
    let mut evidence = deposit_evidence();
    evidence.receipt.logs[0].topics[2].0[0] = 1;
    assert_eq!(contradicted(&with_evidence(evidence)), "tokenAddress");
}

#[test]
fn a_native_deposit_is_the_transactions_recipient_and_value() {
    let mut world = Execute::new();
    world.intent.deposit_transaction.token_address = Address::ZERO;
    let paid = paying(&world.intent, DEPOSIT_HASH);
    let mut elsewhere = paid.clone();
    elsewhere.transaction.to = Some(Address::repeat_byte(0x71));
    assert_eq!(contradicted(&Execute { deposit_evidence: Some(elsewhere), ..world.clone() }), "toAddress");
    let mut creation = paid.clone();
    creation.transaction.to = None;
    assert_eq!(contradicted(&Execute { deposit_evidence: Some(creation), ..world.clone() }), "toAddress");
    let mut less = paid;
    less.transaction.value = Quantity(world.intent.deposit_transaction.amount - U256::from(1));
    assert_eq!(contradicted(&Execute { deposit_evidence: Some(less), ..world }), "amount");
}

// ---------------------------------------------------------------------------------------------
// The order of docs/spec.md §7

#[test]
fn the_deposit_rules_run_in_the_order_of_the_spec() {
    // Everything wrong at once: each fix reveals the next rule.
    let mut evidence = deposit_evidence();
    evidence.receipt.logs.clear();
    evidence.head_block_number = Quantity::from(0);
    evidence.receipt.status = Quantity::from(0);
    evidence.chain_id = Quantity::from(u64::MAX);
    evidence.transaction.hash = B256::ZERO;
    let mut expected = vec![
        Reason::DepositHashMismatch,
        Reason::DepositWrongChain,
        Reason::DepositReverted,
        Reason::DepositUnconfirmed,
        Reason::DepositMismatch,
    ]
    .into_iter();
    let fixes: [fn(&mut DepositEvidence); 5] = [
        |e| e.transaction.hash = DEPOSIT_HASH,
        |e| e.chain_id = Quantity::from(intent().origin_chain_id),
        |e| e.receipt.status = Quantity::from(1),
        |e| e.head_block_number = Quantity::from(EVIDENCE_BLOCK),
        |e| e.receipt.logs = deposit_evidence().receipt.logs,
    ];
    for fix in fixes {
        assert_rule(check(&with_evidence(evidence.clone())), expected.next().unwrap(), AT);
        fix(&mut evidence);
    }
    check(&with_evidence(evidence)).unwrap();
    // The execution window closes before any deposit rule.
    let world = Execute { now: window_closes_at(), deposit_evidence: None, ..Execute::new() };
    assert_rule(check(&world), Reason::ExecutionWindowExpired, None);
}

// ---------------------------------------------------------------------------------------------
// Policy: depositConfirmations, kept in the record's state

#[test]
fn the_record_checks_with_its_policys_confirmations_and_keeps_them_in_its_state() {
    let policy = Policy { deposit_confirmations: 2, ..Policy::DEFAULT };
    let mut record = IntentRecord::quote(intent(), Some(gas_fee_options()), &policy, quoted_at()).unwrap();
    let _ = record.apply(EventInput::commit(&intent()), committed_at()).unwrap();
    let state = to_string(&record.state());
    assert!(state.contains(r#""depositConfirmations":2"#), "{state}");
    let mut record = IntentRecord::from_state(from_slice::<RecordState>(state.as_bytes()).unwrap()).unwrap();
    assert_eq!(record.policy().deposit_confirmations, 2);
    assert_rule(
        record.apply(EventInput::execute_with(&hash_request(), hash_facts()), executed_at()),
        Reason::DepositUnconfirmed,
        AT,
    );
}

#[test]
fn a_state_without_deposit_confirmations_reads_one_and_the_default_is_written_absent() {
    let record = committed_record();
    assert_eq!(record.policy().deposit_confirmations, 1);
    let state = to_string(&record.state());
    assert!(!state.contains("depositConfirmations"), "{state}");
    let restored = IntentRecord::from_state(from_slice::<RecordState>(state.as_bytes()).unwrap()).unwrap();
    assert_eq!(restored.policy(), &Policy::DEFAULT);
}

// ---------------------------------------------------------------------------------------------
// Reading the evidence: a node's hex quantities, typed errors with paths

fn evidence_text(chain_id: &str) -> String {
    format!(
        r#"{{"chainId":{chain_id},"headBlockNumber":"0x64","receipt":{{"blockNumber":"0x64","logs":[],"status":"0x1","transactionHash":"0x{h}","cumulativeGasUsed":"0x5208"}},"transaction":{{"from":"0x{f}","hash":"0x{h}","to":null,"value":"0x0","nonce":"0x0"}}}}"#,
        h = "d7".repeat(32),
        f = "5e".repeat(20),
    )
}

#[test]
fn quantities_are_read_as_nodes_write_them() {
    let evidence: DepositEvidence = from_slice(evidence_text(r#""0x7a69""#).as_bytes()).unwrap();
    assert_eq!(evidence.chain_id, Quantity::from(31337));
    assert_eq!(evidence.transaction.to, None);
    for (text, ok) in [
        (r#""0x0""#, true),
        (r#""0xABCdef""#, true),
        (&format!(r#""0x{}""#, "f".repeat(64)), true),
        (r#""0x""#, false),
        (r#""0x01""#, false),
        (r#""0x7a69 ""#, false),
        (r#""7a69""#, false),
        (r#""0x_1""#, false),
        (r#""0x+1""#, false),
        (&format!(r#""0x1{}""#, "0".repeat(64)), false),
    ] {
        let result = from_slice::<DepositEvidence>(evidence_text(text).as_bytes());
        if ok {
            assert!(result.is_ok(), "{text}: {result:?}");
        } else {
            assert_rule(result, Reason::InvalidHex, Some("chainId"));
        }
    }
    // A JSON number is not a node's quantity.
    assert_rule(from_slice::<DepositEvidence>(evidence_text("31337").as_bytes()), Reason::InvalidHex, Some("chainId"));
}

#[test]
fn bad_members_are_typed_errors_with_their_paths() {
    let text = evidence_text(r#""0x1""#);
    let cases = [
        (text.replace(r#""status":"0x1""#, r#""status":"1""#), Reason::InvalidHex, "receipt.status"),
        (
            text.replace(r#""logs":[]"#, r#""logs":[{"address":"0x12","data":"0x","topics":[]}]"#),
            Reason::InvalidAddress,
            "receipt.logs[0].address",
        ),
        (
            text.replace(
                r#""logs":[]"#,
                r#""logs":[{"address":"0x0000000000000000000000000000000000000001","data":"0x0","topics":[]}]"#,
            ),
            Reason::InvalidHex,
            "receipt.logs[0].data",
        ),
        (text.replace(r#","value":"0x0""#, ""), Reason::MissingField, "transaction.value"),
        (text.replace(r#""headBlockNumber":"0x64","#, ""), Reason::MissingField, "headBlockNumber"),
    ];
    for (text, reason, path) in cases {
        assert_rule(from_slice::<DepositEvidence>(text.as_bytes()), reason, Some(path));
    }
}

#[test]
fn the_nodes_other_members_are_kept_and_quantities_written_back_as_read() {
    let text = evidence_text(r#""0x7a69""#);
    let evidence: DepositEvidence = from_slice(text.as_bytes()).unwrap();
    assert!(evidence.receipt.unknown.iter().any(|m| m.key() == "cumulativeGasUsed"));
    let written = to_string(&evidence);
    assert!(
        written.contains(r#""chainId":"0x7a69""#) && written.contains(r#""cumulativeGasUsed":"0x5208""#),
        "{written}"
    );
    assert_eq!(from_slice::<DepositEvidence>(written.as_bytes()).unwrap(), evidence);
    // serde sees the same text.
    #[cfg(feature = "serde")]
    {
        let through_serde: DepositEvidence = serde_json::from_str(&serde_json::to_string(&evidence).unwrap()).unwrap();
        assert_eq!(through_serde, evidence);
    }
}

// ---------------------------------------------------------------------------------------------
// The committed real receipts (Anvil)

/// One case of `tests/vectors/chain/deposits.json` as evidence: its receipt and transaction
/// as the node wrote them, the file's chain id and head block.
fn real_evidence(file: &serde_json::Value, case: &str) -> DepositEvidence {
    let case = file["cases"].as_array().unwrap().iter().find(|c| c["name"] == case).unwrap();
    let document = serde_json::json!({
        "chainId": file["chainId"],
        "headBlockNumber": file["headBlock"],
        "receipt": case["receipt"],
        "transaction": case["transaction"],
    });
    from_slice(document.to_string().as_bytes()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_real_receipts_are_judged_as_the_chain_says() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/chain/deposits.json")).unwrap();
    let file: serde_json::Value = serde_json::from_str(&text).unwrap();
    let address = |key: &str| file[key].as_str().unwrap().parse::<Address>().unwrap();
    let judge = |case: &str, token: Address, amount: U256| {
        let evidence = real_evidence(&file, case);
        // The node's blockTimestamp: a JSON number in the receipt, hex in its logs, both kept.
        assert!(evidence.receipt.unknown.iter().any(|m| m.key() == "blockTimestamp"), "{case}");
        let mut world = Execute::new();
        world.intent.origin_chain_id = 31337;
        world.intent.deposit_transaction.token_address = token;
        world.intent.deposit_transaction.to_address = address("intentAddress");
        world.intent.deposit_transaction.amount = amount;
        let mut request = hash_request();
        request.deposit_transaction_hash = Some(evidence.receipt.transaction_hash);
        world.deposit_evidence = Some(evidence);
        world.check(&request)
    };
    let erc20 = U256::from(125) * U256::from(10).pow(U256::from(18));
    let ether = U256::from(10).pow(U256::from(18));
    judge("erc20Transfer", address("depositToken"), erc20).unwrap();
    judge("nativeTransfer", Address::ZERO, ether).unwrap();
    assert_rule(judge("reverted", address("depositToken"), erc20), Reason::DepositReverted, AT);
    let error = assert_rule(judge("otherTokenTransfer", address("depositToken"), erc20), Reason::DepositMismatch, AT);
    assert!(matches!(error.problem(), Problem::DepositMismatch { field: "tokenAddress", .. }));
    let error = assert_rule(
        judge("erc20Transfer", address("depositToken"), erc20 + U256::from(1)),
        Reason::DepositMismatch,
        AT,
    );
    assert!(matches!(error.problem(), Problem::DepositMismatch { field: "amount", .. }));
    assert_rule(judge("erc20Transfer", Address::ZERO, erc20), Reason::DepositMismatch, AT);
}
