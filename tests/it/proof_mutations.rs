//! The mutation table: for every reason code of the catalogue, a function
//! that breaks exactly that rule of a generated valid input, with the path it expects.
//!
//! Parse reasons change the wire text of a generated valid object (a random member of the
//! right kind) and parse it; rule reasons change the typed value, the time or the event
//! sequence of a generated valid world and run the operation. Each entry states its expected
//! path from docs/spec.md §7 and the object's schema, never from the library. One property runs every
//! entry over generated worlds; one test keeps the table and the catalogue (`Reason::ALL`)
//! equal, so a new rule cannot be added without its proof.

use crate::generators;
use crate::support;

use support::proptest_config;

use std::collections::BTreeSet;

use generators::{
    at_nanos, does_nothing, flip, flip_or_fill, floor_seconds, nanos, set_destination_chain, set_origin_chain,
    shift_clamped, Config, Mode, World, NS,
};
use intent_core::eip712::EntrypointNames;
use intent_core::rules::{check_intent, check_quote_request};
use intent_core::wallet::WalletContext;
use intent_core::{
    from_slice, Address, AddressOrEmpty, Bytes, Canonical, DepositSignature, Error, ExecuteRequest, FeeOption, Intent,
    IntentStatus, Problem, QuoteOptions, Reason, RouteProvider, Timestamp, UnknownMembers, U256,
};
use intent_core::{
    BalanceFact, ChainFacts, DepositEvidence, EvidenceReceipt, OriginEvidence, Quantity, TransactionReport,
    TransactionStatus, TransactionType, B256,
};
use intent_core::{Event, EventInput, IntentRecord};
use intent_test_support::addresses::with_derived_addresses;
use intent_test_support::evidence::EVIDENCE_BLOCK;
use proptest::prelude::*;
use support::{
    any_choices, canonical_text, get_mut, nodes, parse_json, path_string, reference_diff, Choices, Doc, Kind, Node,
    Root, Step, J,
};

// ---------------------------------------------------------------------------------------------
// The table

/// One operation run on a broken input, and the path its error must name.
struct Check {
    operation: &'static str,
    result: Result<(), Error>,
    path: Option<String>,
}

/// What an entry did, and the operations it ran.
struct Trial {
    what: String,
    checks: Vec<Check>,
}

impl Trial {
    fn one(what: String, operation: &'static str, result: Result<(), Error>, path: &str) -> Trial {
        Trial { what, checks: vec![check(operation, result, path)] }
    }
}

fn check(operation: &'static str, result: Result<(), Error>, path: &str) -> Check {
    Check { operation, result, path: (!path.is_empty()).then(|| path.to_string()) }
}

/// Breaks exactly one rule of a valid world.
type Breaker = fn(&World, &mut Choices) -> Trial;

struct Entry {
    /// The reason code, as the catalogue spells it.
    code: &'static str,
    breaker: Breaker,
}

const TABLE: &[Entry] = &[
    // Parsing: the wire text of a generated object.
    Entry { code: "INVALID_JSON", breaker: invalid_json },
    Entry { code: "MISSING_FIELD", breaker: missing_field },
    Entry { code: "INVALID_TYPE", breaker: invalid_type },
    Entry { code: "INVALID_ADDRESS", breaker: invalid_address },
    Entry { code: "INVALID_CHECKSUM", breaker: invalid_checksum },
    Entry { code: "INVALID_HEX", breaker: invalid_hex },
    Entry { code: "INVALID_NUMBER", breaker: invalid_number },
    Entry { code: "NUMBER_OUT_OF_RANGE", breaker: number_out_of_range },
    Entry { code: "INVALID_TIMESTAMP", breaker: invalid_timestamp },
    Entry { code: "INVALID_ENUM", breaker: invalid_enum },
    Entry { code: "LIMIT_EXCEEDED", breaker: limit_exceeded },
    // QuoteRequest: check_quote_request and the quote of the intent holding it.
    Entry { code: "INVALID_CHAIN_ID", breaker: invalid_chain_id },
    Entry { code: "TRADE_TYPE_AMOUNT", breaker: trade_type_amount },
    Entry { code: "SWAP_PROVIDER_CROSS_CHAIN", breaker: swap_provider_cross_chain },
    Entry { code: "SLIPPAGE_OUT_OF_RANGE", breaker: slippage_out_of_range },
    Entry { code: "CALL_VALUE_WITHOUT_DATA", breaker: call_value_without_data },
    Entry { code: "NOTHING_TO_DO", breaker: nothing_to_do },
    // Intent consistency: check_intent and the quote.
    Entry { code: "INTENT_INCONSISTENT", breaker: intent_inconsistent },
    // Intent addresses: check_intent_addresses and check_meta_transactions of a derived intent.
    Entry { code: "INTENT_ADDRESS_MISMATCH", breaker: intent_address_mismatch },
    Entry { code: "PRECONDITION_MISMATCH", breaker: precondition_mismatch },
    Entry { code: "META_TRANSACTION_MISMATCH", breaker: meta_transaction_mismatch },
    // Quote.
    Entry { code: "WRONG_STATUS", breaker: wrong_status },
    Entry { code: "QUOTE_LIFETIME", breaker: quote_lifetime },
    // Commit.
    Entry { code: "INTENT_MODIFIED", breaker: intent_modified },
    Entry { code: "QUOTE_EXPIRED", breaker: quote_expired },
    Entry { code: "FEE_OPTIONS_EXPIRED", breaker: fee_options_expired },
    Entry { code: "SERVICE_CONTRACTS_MISMATCH", breaker: service_contracts_mismatch },
    // Execute.
    Entry { code: "INTENT_ID_MISMATCH", breaker: intent_id_mismatch },
    Entry { code: "DEPOSIT_PROOF_MISSING", breaker: deposit_proof_missing },
    Entry { code: "DEPOSIT_PROOF_CONFLICT", breaker: deposit_proof_conflict },
    Entry { code: "EXECUTION_WINDOW_EXPIRED", breaker: execution_window_expired },
    Entry { code: "DEPOSIT_UNVERIFIED", breaker: deposit_unverified },
    Entry { code: "DEPOSIT_HASH_MISMATCH", breaker: deposit_hash_mismatch },
    Entry { code: "DEPOSIT_WRONG_CHAIN", breaker: deposit_wrong_chain },
    Entry { code: "DEPOSIT_REVERTED", breaker: deposit_reverted },
    Entry { code: "DEPOSIT_UNCONFIRMED", breaker: deposit_unconfirmed },
    Entry { code: "DEPOSIT_MISMATCH", breaker: deposit_mismatch },
    Entry { code: "FEE_OPTION_NOT_OFFERED", breaker: fee_option_not_offered },
    Entry { code: "NATIVE_FEE_REQUIRED", breaker: native_fee_required },
    Entry { code: "SIGNATURE_EXPIRED", breaker: signature_expired },
    Entry { code: "GASLESS_NATIVE_DEPOSIT", breaker: gasless_native_deposit },
    Entry { code: "ENTRYPOINT_MISSING", breaker: entrypoint_missing },
    Entry { code: "FEE_TOKEN_MISMATCH", breaker: fee_token_mismatch },
    Entry { code: "FEE_PARAMETERS", breaker: fee_parameters },
    Entry { code: "NONCE_REQUIRED", breaker: nonce_required },
    Entry { code: "NONCE_MISMATCH", breaker: nonce_mismatch },
    Entry { code: "PERMIT_INCOMPLETE", breaker: permit_incomplete },
    Entry { code: "PERMIT_NOT_SUPPORTED", breaker: permit_not_supported },
    Entry { code: "PERMIT_EXPIRED", breaker: permit_expired },
    Entry { code: "PERMIT_DEADLINE_MISMATCH", breaker: permit_deadline_mismatch },
    Entry { code: "PERMIT_AMOUNT_INSUFFICIENT", breaker: permit_amount_insufficient },
    Entry { code: "PERMIT_UNVERIFIED", breaker: permit_unverified },
    Entry { code: "INVALID_SIGNATURE", breaker: invalid_signature },
    Entry { code: "SIGNER_MISMATCH", breaker: signer_mismatch },
    // Lifecycle.
    Entry { code: "INVALID_TRANSITION", breaker: invalid_transition },
    Entry { code: "CLOCK_WENT_BACKWARDS", breaker: clock_went_backwards },
    Entry { code: "STATUS_REASON_REQUIRED", breaker: status_reason_required },
    Entry { code: "WINDOW_STILL_OPEN", breaker: window_still_open },
    // Execution after the deposit: the facts that answer an executing record's steps.
    Entry { code: "FACT_NOT_ASKED", breaker: fact_not_asked },
    Entry { code: "BALANCE_MISMATCH", breaker: balance_mismatch },
    Entry { code: "PRECONDITION_UNMET", breaker: precondition_unmet },
    Entry { code: "ORIGIN_HASH_MISMATCH", breaker: origin_hash_mismatch },
    Entry { code: "ORIGIN_WRONG_CHAIN", breaker: origin_wrong_chain },
    Entry { code: "ORIGIN_UNCONFIRMED", breaker: origin_unconfirmed },
    // A cross-chain intent past its burn.
    Entry { code: "ATTESTATION_MISMATCH", breaker: attestation_mismatch },
    Entry { code: "RECEIPT_HASH_MISMATCH", breaker: receipt_hash_mismatch },
    Entry { code: "RECEIPT_WRONG_CHAIN", breaker: receipt_wrong_chain },
    Entry { code: "RECEIPT_UNCONFIRMED", breaker: receipt_unconfirmed },
    // Replacement deposits.
    Entry { code: "DEPOSIT_ALREADY_SUCCEEDED", breaker: deposit_already_succeeded },
    Entry { code: "RETRY_TOO_LATE", breaker: retry_too_late },
    // Persisted records.
    Entry { code: "INVALID_RECORD", breaker: invalid_record },
];

fn reason_of(code: &str) -> Option<Reason> {
    Reason::ALL.iter().copied().find(|reason| reason.code() == code)
}

#[test]
fn the_table_has_exactly_one_entry_per_reason_of_the_catalogue() {
    let catalogue: BTreeSet<&str> = Reason::ALL.iter().map(|reason| reason.code()).collect();
    let table: BTreeSet<&str> = TABLE.iter().map(|entry| entry.code).collect();
    let without_entry: Vec<&&str> = catalogue.difference(&table).collect();
    assert!(without_entry.is_empty(), "reasons of the catalogue without a mutation entry: {without_entry:?}");
    let not_in_catalogue: Vec<&&str> = table.difference(&catalogue).collect();
    assert!(not_in_catalogue.is_empty(), "mutation entries naming reasons not in the catalogue: {not_in_catalogue:?}");
    assert_eq!(table.len(), TABLE.len(), "a reason has more than one entry");
}

proptest! {
    #![proptest_config(proptest_config(32))]

    #[test]
    fn every_entry_breaks_exactly_its_rule_and_names_its_path(
        world in generators::world(Config::EVERY_MODE),
        choices in proptest::collection::vec(any_choices(), TABLE.len()),
    ) {
        for (entry, mut dice) in TABLE.iter().zip(choices) {
            let reason = reason_of(entry.code).expect("checked by the_table_has_exactly_one_entry_per_reason");
            let trial = (entry.breaker)(&world, &mut dice);
            prop_assert!(!trial.checks.is_empty());
            for Check { operation, result, path } in trial.checks {
                match result {
                    Ok(()) => {
                        return Err(TestCaseError::fail(format!(
                            "{}: {} passed {operation}; expected {} at {path:?}",
                            entry.code, trial.what, entry.code
                        )))
                    }
                    Err(error) => prop_assert_eq!(
                        (error.reason(), error.path()),
                        (reason, path.as_deref()),
                        "{}: {} ({}): {}",
                        entry.code,
                        trial.what,
                        operation,
                        error
                    ),
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Helpers

/// A random instant offset: zero, a nanosecond, up to a few seconds, or up to a day.
fn offset(dice: &mut Choices) -> i128 {
    match dice.below(4) {
        0 => 0,
        1 => 1,
        2 => (dice.next_u64() % (5 * NS as u64)) as i128,
        _ => (dice.next_u64() % (86_400 * NS as u64)) as i128,
    }
}

fn pick_mode(dice: &mut Choices, modes: &[Mode]) -> Mode {
    *dice.pick(modes)
}

/// A chain id other than `chain` (and not zero).
fn other_chain(chain: u64, dice: &mut Choices) -> u64 {
    loop {
        let other = match dice.below(3) {
            0 => chain.wrapping_add(1),
            1 => u64::MAX,
            _ => dice.next_u64(),
        };
        if other != chain && other != 0 {
            return other;
        }
    }
}

fn quote_at(world: &World, intent: Intent, at: Timestamp) -> Result<(), Error> {
    IntentRecord::quote(intent, Some(world.gas_fee_options.clone()), &world.policy(), at).map(|_| ())
}

/// Applies a lifecycle event; a failed event must leave the record exactly as it was.
fn event(record: &mut IntentRecord, apply: impl FnOnce(&mut IntentRecord) -> Result<(), Error>) -> Result<(), Error> {
    let before = record.clone();
    let result = apply(record);
    if result.is_err() {
        assert_eq!(*record, before, "a failed event changed the record");
    }
    result
}

/// Executes `request` on the world's committed record at `at`, with `facts`.
fn execute_with(world: &World, request: &ExecuteRequest, facts: &ChainFacts<'_>, at: Timestamp) -> Result<(), Error> {
    let mut record = world.committed();
    event(&mut record, |r| r.apply(EventInput::execute_with(request, *facts), at).map(drop))
}

/// Executes `request` on the world's committed record at its execute time, with the world's
/// chain facts.
fn execute(world: &World, request: &ExecuteRequest) -> Result<(), Error> {
    execute_with(world, request, &world.facts(), world.times.execute_at)
}

/// An execute trial of `signature` in a request of `world`.
fn execute_trial(world: &World, what: String, signature: DepositSignature, path: &str) -> Trial {
    let request = world.request_with(Some(signature));
    Trial::one(what, "execute", execute(world, &request), path)
}

/// Offers `option` too (the world's fee options are quoted with the intent) and returns it.
fn offer(world: &mut World, option: FeeOption) -> FeeOption {
    world.gas_fee_options.fee_options.push(option.clone());
    option
}

/// A fee option for `world` with the given token, fee and collector; `is2612` true.
fn option_of(world: &World, token: Address, amount: U256, collector: Address) -> FeeOption {
    let mut option = world.gas_fee_options.fee_options[0].clone();
    option.token_address = token;
    option.amount = amount;
    option.fee_collector_address = collector;
    option.is_2612 = true;
    option
}

fn native_only(intent: &Intent) -> bool {
    intent.quote_request.only_native_gas_fee == Some(true)
}

fn deposit_token(world: &World) -> Address {
    world.intent.deposit_transaction.token_address
}

/// A fee of at least 1 that keeps the deposit plus the fee below 2^256, if there is one.
fn fee_below_overflow(world: &World, dice: &mut Choices) -> Option<U256> {
    let room = U256::MAX - world.intent.deposit_transaction.amount;
    (!room.is_zero()).then(|| U256::from(1 + dice.below(1_000_000) as u64).min(room))
}

// ---------------------------------------------------------------------------------------------
// Parsing: the wire text of a generated object

/// The generated objects the support schema knows, as trees of their wire text.
fn wire_documents(world: &World) -> Vec<(Root, J)> {
    vec![
        (Root::Intent, parse_json(&intent_core::to_string(&world.intent))),
        (Root::QuoteRequest, parse_json(&intent_core::to_string(&world.intent.quote_request))),
        (Root::GasFeeOptions, parse_json(&intent_core::to_string(&world.gas_fee_options))),
    ]
}

/// A random member or element (not the document itself) of a random document for which
/// `wanted` holds: the document, and the node. Nodes inside unknown members have no kind and
/// are never picked.
fn pick_node(world: &World, dice: &mut Choices, wanted: impl Fn(&J, &Node) -> bool) -> (Root, J, Node) {
    let mut documents = wire_documents(world);
    dice.shuffle(&mut documents);
    for (root, tree) in documents {
        let candidates: Vec<Node> = nodes(&tree, root.kind())
            .into_iter()
            .filter(|n| !n.path.is_empty() && n.kind.is_some() && wanted(support::get(&tree, &n.path), n))
            .collect();
        if !candidates.is_empty() {
            let node = dice.pick(&candidates).clone();
            return (root, tree, node);
        }
    }
    panic!("no generated document has such a member")
}

fn of_kind(wanted: fn(Kind) -> bool) -> impl Fn(&J, &Node) -> bool {
    move |_, node| node.kind.is_some_and(wanted)
}

fn parse_check(root: Root, text: &[u8], path: &str) -> Check {
    check("parse", Doc::parse(root, text).map(|_| ()), path)
}

/// Replaces the node's value, writes the document and parses it; the error must name the
/// node.
fn replace_and_parse(root: Root, mut tree: J, node: &Node, value: J, what: &str) -> Trial {
    let path = path_string(&node.path);
    let what = format!("{root:?}: {what} at {path}: {}", support::excerpt(&canonical_text(&value), 80));
    *get_mut(&mut tree, &node.path) = value;
    Trial { what, checks: vec![parse_check(root, canonical_text(&tree).as_bytes(), &path)] }
}

fn string(text: &str) -> J {
    J::Str(text.to_string())
}

fn number(text: &str) -> J {
    J::Num(text.to_string())
}

fn invalid_json(world: &World, dice: &mut Choices) -> Trial {
    match dice.below(4) {
        0 => {
            let (root, tree) = dice.pick(&wire_documents(world)).clone();
            let tail = *dice.pick(&[" x", "}", ",", "{}", "\u{0}", "[]"]);
            let text = format!("{}{tail}", canonical_text(&tree));
            Trial {
                what: format!("{root:?} followed by {tail:?}"),
                checks: vec![parse_check(root, text.as_bytes(), "")],
            }
        }
        1 => {
            // A member written twice, in any object of the schema (unknown members included).
            let (root, mut tree, node) = pick_node(world, dice, |j, n| {
                matches!(n.kind, Some(Kind::Obj(_))) && matches!(j, J::Obj(m) if !m.is_empty())
            });
            let J::Obj(members) = get_mut(&mut tree, &node.path) else { unreachable!() };
            let member = dice.pick(members).clone();
            members.push(member.clone());
            let mut path = node.path.clone();
            path.push(Step::Key(member.0.clone()));
            let path = path_string(&path);
            Trial {
                what: format!("{root:?}: member {path} twice"),
                checks: vec![parse_check(root, canonical_text(&tree).as_bytes(), &path)],
            }
        }
        2 => {
            // A string that is not JSON: a lone surrogate, a raw control character, a bad escape.
            let (root, mut tree, node) = pick_node(world, dice, of_kind(|k| k == Kind::Str));
            *get_mut(&mut tree, &node.path) = string("@@MARK@@");
            let broken = *dice.pick(&[
                "\"\\ud800\"",
                "\"a\\udc00\"",
                "\"\\ud83dx\"",
                "\"\u{1}\"",
                "\"\\q\"",
                "\"\\u12\"",
                "\"\t\"",
            ]);
            let text = canonical_text(&tree).replacen("\"@@MARK@@\"", broken, 1);
            let path = path_string(&node.path);
            Trial {
                what: format!("{root:?}: {broken:?} at {path}"),
                checks: vec![parse_check(root, text.as_bytes(), &path)],
            }
        }
        _ => {
            // Invalid UTF-8 inside a string: the document as a whole is not JSON text.
            let (root, mut tree, node) = pick_node(world, dice, of_kind(|k| k == Kind::Str));
            *get_mut(&mut tree, &node.path) = string("@@MARK@@");
            let text = canonical_text(&tree);
            let at = text.find("@@MARK@@").expect("the marker");
            let mut bytes = text.into_bytes();
            bytes[at] = *dice.pick(&[0xff, 0xc0, 0x80, 0xed]);
            Trial { what: format!("{root:?}: invalid UTF-8 in a string"), checks: vec![parse_check(root, &bytes, "")] }
        }
    }
}

fn missing_field(world: &World, dice: &mut Choices) -> Trial {
    if dice.chance(1, 4) {
        // An element of an array set to null.
        let (root, tree, node) = pick_node(world, dice, |_, n| matches!(n.path.last(), Some(Step::Index(_))));
        return replace_and_parse(root, tree, &node, J::Null, "element null");
    }
    let (root, mut tree, node) =
        pick_node(world, dice, |_, n| !n.removable && matches!(n.path.last(), Some(Step::Key(_))));
    if dice.chance(1, 2) {
        return replace_and_parse(root, tree, &node, J::Null, "required member null");
    }
    let (parent, last) = node.path.split_at(node.path.len() - 1);
    let Step::Key(key) = &last[0] else { unreachable!() };
    if let J::Obj(members) = get_mut(&mut tree, parent) {
        members.retain(|(k, _)| k != key);
    }
    let path = path_string(&node.path);
    Trial {
        what: format!("{root:?}: required member {path} removed"),
        checks: vec![parse_check(root, canonical_text(&tree).as_bytes(), &path)],
    }
}

fn invalid_type(world: &World, dice: &mut Choices) -> Trial {
    let (root, tree, node) = pick_node(
        world,
        dice,
        of_kind(|k| matches!(k, Kind::Str | Kind::TextOrDecimal | Kind::Bool | Kind::Obj(_) | Kind::Arr(_))),
    );
    let value = match node.kind {
        Some(Kind::TextOrDecimal) => dice.pick(&[J::Bool(false), J::Arr(vec![]), J::Obj(vec![])]).clone(),
        Some(Kind::Str) => dice.pick(&[number("1"), J::Bool(true), J::Arr(vec![]), J::Obj(vec![])]).clone(),
        Some(Kind::Bool) => dice.pick(&[string("true"), number("1"), number("0"), J::Arr(vec![])]).clone(),
        Some(Kind::Obj(_)) => dice.pick(&[J::Arr(vec![]), string("{}"), number("0"), J::Bool(false)]).clone(),
        _ => dice.pick(&[J::Obj(vec![]), string("[]"), number("0"), J::Bool(true)]).clone(),
    };
    replace_and_parse(root, tree, &node, value, "wrong JSON type")
}

fn hex_digits(dice: &mut Choices, n: usize) -> String {
    (0..n).map(|_| char::from(b"0123456789abcdefABCDEF"[dice.below(22)])).collect()
}

fn invalid_address(world: &World, dice: &mut Choices) -> Trial {
    let (root, tree, node) = pick_node(world, dice, of_kind(|k| matches!(k, Kind::Address | Kind::AddressOrEmpty)));
    let pick = dice.below(8);
    // `""` (pick 4) is none for an address-or-empty, so it takes `"0x"` instead.
    let pick = if pick == 4 && node.kind == Some(Kind::AddressOrEmpty) { 5 } else { pick };
    let value = match pick {
        0 => string(&format!("0x{}", hex_digits(dice, 39))),
        1 => string(&format!("0x{}", hex_digits(dice, 41))),
        2 => string(&hex_digits(dice, 40)),
        3 => string(&format!("0x{}zz", hex_digits(dice, 38))),
        4 => string(""),
        5 => string("0x"),
        6 => number("1"),
        _ => J::Bool(true),
    };
    replace_and_parse(root, tree, &node, value, "not an address")
}

/// A mixed-case spelling of `address` that is not its EIP-55 checksum: one letter's case
/// toggled in the checksummed form, keeping both cases present.
fn bad_checksum(address: Address, dice: &mut Choices) -> Option<String> {
    let good = address.to_checksum(None);
    let letters: Vec<usize> = (2..42).filter(|&i| good.as_bytes()[i].is_ascii_alphabetic()).collect();
    let start = dice.below(letters.len().max(1));
    (0..letters.len()).find_map(|k| {
        let mut bytes = good.clone().into_bytes();
        bytes[letters[(start + k) % letters.len()]] ^= 0x20;
        let text = String::from_utf8(bytes).unwrap();
        let digits = &text[2..];
        (digits.bytes().any(|b| b.is_ascii_lowercase()) && digits.bytes().any(|b| b.is_ascii_uppercase()))
            .then_some(text)
    })
}

fn invalid_checksum(world: &World, dice: &mut Choices) -> Trial {
    let (root, tree, node) = pick_node(world, dice, of_kind(|k| matches!(k, Kind::Address | Kind::AddressOrEmpty)));
    let J::Str(current) = support::get(&tree, &node.path) else { unreachable!() };
    // An address-or-empty that is `""` takes some other address, misspelt.
    let current: Address = current.parse().unwrap_or(Address::repeat_byte(0xab));
    let text = bad_checksum(current, dice)
        .or_else(|| bad_checksum(Address::repeat_byte(0xab), dice))
        .expect("an address with letters");
    replace_and_parse(root, tree, &node, string(&text), "wrong checksum")
}

fn invalid_hex(world: &World, dice: &mut Choices) -> Trial {
    if dice.chance(1, 4) {
        // bytes32: the deposit transaction hash of a hash-mode request.
        let mut tree = parse_json(&intent_core::to_string(&world.request_for(Mode::Hash)));
        let bad = match dice.below(4) {
            0 => format!("0x{}", hex_digits(dice, 63)),
            1 => format!("0x{}", hex_digits(dice, 66)),
            2 => format!("0x{}g", hex_digits(dice, 63)),
            _ => hex_digits(dice, 64),
        };
        *get_mut(&mut tree, &[Step::Key("depositTransactionHash".into())]) = string(&bad);
        let result = from_slice::<ExecuteRequest>(canonical_text(&tree).as_bytes()).map(|_| ());
        return Trial::one(format!("depositTransactionHash {bad:?}"), "parse", result, "depositTransactionHash");
    }
    let (root, tree, node) = pick_node(world, dice, of_kind(|k| k == Kind::Bytes));
    let value = match dice.below(6) {
        0 => {
            let odd = 2 * dice.below(8) + 1;
            string(&format!("0x{}", hex_digits(dice, odd)))
        }
        1 => string(&format!("0x{}zz", hex_digits(dice, 2))),
        2 => string(&hex_digits(dice, 4)),
        3 => string(""),
        4 => string("0x0g"),
        _ => number("0"),
    };
    replace_and_parse(root, tree, &node, value, "not hex bytes")
}

fn invalid_number(world: &World, dice: &mut Choices) -> Trial {
    let (root, tree, node) =
        pick_node(world, dice, of_kind(|k| matches!(k, Kind::Uint | Kind::U64 | Kind::U8 | Kind::Decimal)));
    let value = if node.kind == Some(Kind::Decimal) {
        dice.pick(&[string("1.5"), string("0"), J::Bool(false), J::Arr(vec![])]).clone()
    } else {
        dice.pick(&[
            number("-1"),
            number("1.5"),
            number("15e-1"),
            number("-5e2"),
            string("12a"),
            string(""),
            string("-1"),
            string("1e3"),
            string(" 1"),
            string("0x10"),
            string("1.0"),
            J::Bool(true),
            J::Obj(vec![]),
        ])
        .clone()
    };
    replace_and_parse(root, tree, &node, value, "not an integer")
}

fn number_out_of_range(world: &World, dice: &mut Choices) -> Trial {
    let (root, tree, node) = pick_node(
        world,
        dice,
        of_kind(|k| matches!(k, Kind::Uint | Kind::U64 | Kind::U8 | Kind::Decimal | Kind::TextOrDecimal)),
    );
    let two_256 = support::pow2(256);
    let value = match node.kind {
        Some(Kind::Uint) => {
            dice.pick(&[string(&two_256), number(&two_256), number("1e78"), string(&format!("000{two_256}"))]).clone()
        }
        Some(Kind::U64) => dice
            .pick(&[number("18446744073709551616"), string("18446744073709551616"), number("1e20"), number(&two_256)])
            .clone(),
        Some(Kind::U8) => dice.pick(&[number("256"), string("300"), number("2.56e2"), number("1e3")]).clone(),
        _ => dice.pick(&[number("1e400"), number("-1e309"), number("1.8e308")]).clone(),
    };
    replace_and_parse(root, tree, &node, value, "out of range")
}

fn invalid_timestamp(world: &World, dice: &mut Choices) -> Trial {
    let (root, tree, node) = pick_node(world, dice, of_kind(|k| k == Kind::Timestamp));
    let value = dice
        .pick(&[
            string("2026-02-29T00:00:00Z"),
            string("2026-13-01T00:00:00Z"),
            string("2026-01-01 00:00:00Z"),
            string("2026-01-01T24:00:00Z"),
            string("2026-01-01T00:00:60Z"),
            string("2026-01-01T00:00:00"),
            string("2026-01-01T00:00:00.Z"),
            string("2026-01-01T00:00:00.1234567891Z"),
            string("9999-12-31T23:59:59-00:01"),
            string("0000-01-01T00:00:00+00:01"),
            string("2026-01-01T00:00:00+24:00"),
            string(""),
            number("0"),
        ])
        .clone();
    replace_and_parse(root, tree, &node, value, "not an RFC 3339 instant")
}

fn invalid_enum(world: &World, dice: &mut Choices) -> Trial {
    let (root, tree, node) = pick_node(world, dice, of_kind(|k| matches!(k, Kind::Enum(..))));
    let Some(Kind::Enum(names, open)) = node.kind else { unreachable!() };
    let value = if open {
        dice.pick(&[string("lower"), string(""), string("A-B"), string("É"), string("AUTO "), number("1")]).clone()
    } else {
        match dice.below(4) {
            0 => string(&dice.pick(names).to_lowercase()),
            1 => string(""),
            2 => string("OTHER_VALUE"),
            _ => number("0"),
        }
    };
    replace_and_parse(root, tree, &node, value, "not a name of the enum")
}

fn limit_exceeded(world: &World, dice: &mut Choices) -> Trial {
    match dice.below(5) {
        0 => {
            // A string of 4 KiB + 2 bytes (in 2-byte characters).
            let (root, tree, node) = pick_node(world, dice, of_kind(|k| k == Kind::Str));
            replace_and_parse(root, tree, &node, string(&"é".repeat(2049)), "string above 4 KiB")
        }
        1 => {
            // 65 elements in an array other than calls.
            let (root, mut tree, node) = pick_node(world, dice, |j, n| {
                matches!(n.kind, Some(Kind::Arr(_)))
                    && matches!(j, J::Arr(a) if !a.is_empty())
                    && n.path.last() != Some(&Step::Key("calls".into()))
            });
            let J::Arr(items) = get_mut(&mut tree, &node.path) else { unreachable!() };
            let first = items[0].clone();
            items.resize(65, first);
            let path = path_string(&node.path);
            Trial {
                what: format!("{root:?}: 65 elements at {path}"),
                checks: vec![parse_check(root, canonical_text(&tree).as_bytes(), &path)],
            }
        }
        2 => {
            // bytes of 128 KiB + 1.
            let (root, tree, node) = pick_node(world, dice, of_kind(|k| k == Kind::Bytes));
            let value = string(&format!("0x{}", "ab".repeat((128 << 10) + 1)));
            replace_and_parse(root, tree, &node, value, "bytes above 128 KiB")
        }
        3 => {
            // 257 calls in a bundle.
            let mut tree = parse_json(&intent_core::to_string(&world.intent));
            let call = parse_json(r#"{"to":"0x0000000000000000000000000000000000000001"}"#);
            *get_mut(&mut tree, &[Step::Key("originCalls".into()), Step::Key("calls".into())]) =
                J::Arr(vec![call; 257]);
            Trial {
                what: "257 calls".into(),
                checks: vec![parse_check(Root::Intent, canonical_text(&tree).as_bytes(), "originCalls.calls")],
            }
        }
        _ => {
            // A document above 1 MiB (white space after it).
            let (root, tree) = dice.pick(&wire_documents(world)).clone();
            let text = format!("{}{}", canonical_text(&tree), " ".repeat(1 << 20));
            Trial { what: format!("{root:?} above 1 MiB"), checks: vec![parse_check(root, text.as_bytes(), "")] }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// QuoteRequest rules: check_quote_request (paths relative to the request) and the quote of the
// intent holding it (paths under quoteRequest)

fn request_trial(world: &World, intent: Intent, what: String, path: &str) -> Trial {
    let direct = check_quote_request(&intent.quote_request);
    let in_intent = format!("quoteRequest{}{path}", if path.is_empty() { "" } else { "." });
    let intent_rules = check_intent(&intent);
    let quoted = quote_at(world, intent, world.times.quote_at);
    Trial {
        what,
        checks: vec![
            check("check_quote_request", direct, path),
            check("check_intent", intent_rules, &in_intent),
            check("quote", quoted, &in_intent),
        ],
    }
}

fn invalid_chain_id(world: &World, dice: &mut Choices) -> Trial {
    let mut intent = world.intent.clone();
    let path = if dice.chance(1, 2) {
        set_origin_chain(&mut intent, 0);
        "originChainId"
    } else {
        set_destination_chain(&mut intent, 0);
        "destinationChainId"
    };
    request_trial(world, intent, format!("{path} 0"), path)
}

fn trade_type_amount(world: &World, dice: &mut Choices) -> Trial {
    use intent_core::TradeType::{ExactInput, ExactOutput};
    let mut intent = world.intent.clone();
    let request = &mut intent.quote_request;
    let amount = U256::from(1 + dice.below(1000) as u64);
    let zero_or_none = if dice.chance(1, 2) { Some(U256::ZERO) } else { None };
    let any = if dice.chance(1, 2) { U256::ZERO } else { amount };
    // (trade type, originTokenAmount, destinationTokenAmount, the field at fault)
    let (trade_type, origin, destination, path) = match dice.below(8) {
        0 => (Some(ExactInput), zero_or_none, None, "originTokenAmount"),
        1 => (Some(ExactInput), Some(amount), Some(any), "destinationTokenAmount"),
        2 => (Some(ExactOutput), None, zero_or_none, "destinationTokenAmount"),
        3 => (Some(ExactOutput), Some(any), Some(amount), "originTokenAmount"),
        4 => (None, None, None, "originTokenAmount"),
        5 => (None, Some(amount), Some(any), "destinationTokenAmount"),
        6 => (None, Some(U256::ZERO), None, "originTokenAmount"),
        _ => (None, None, Some(U256::ZERO), "destinationTokenAmount"),
    };
    let what =
        format!("tradeType {trade_type:?}, originTokenAmount {origin:?}, destinationTokenAmount {destination:?}");
    request.trade_type = trade_type;
    request.origin_token_amount = origin;
    request.destination_token_amount = destination;
    request_trial(world, intent, what, path)
}

fn empty_options() -> QuoteOptions {
    QuoteOptions {
        bridge_provider: None,
        service_address_overrides: None,
        slippage_tolerance: None,
        swap_provider: None,
        unknown: UnknownMembers::new(),
    }
}

fn swap_provider_cross_chain(world: &World, dice: &mut Choices) -> Trial {
    let mut intent = world.intent.clone();
    if intent.origin_chain_id == intent.destination_chain_id {
        let other = other_chain(intent.origin_chain_id, dice);
        set_destination_chain(&mut intent, other);
    }
    let provider = dice.pick(&[RouteProvider::Auto, RouteProvider::None, RouteProvider::Other("X_9".into())]).clone();
    intent.quote_request.options.get_or_insert_with(empty_options).swap_provider = Some(provider.clone());
    request_trial(world, intent, format!("swapProvider {provider} across chains"), "options.swapProvider")
}

fn slippage_out_of_range(world: &World, dice: &mut Choices) -> Trial {
    let mut intent = world.intent.clone();
    let slippage = *dice.pick(&[1.0, 1.0 + f64::EPSILON, 2.5, f64::MAX, -5e-324, -1.0, -f64::MAX, 1e21]);
    intent.quote_request.options.get_or_insert_with(empty_options).slippage_tolerance =
        Some(intent_core::Decimal::new(slippage).unwrap());
    request_trial(world, intent, format!("slippageTolerance {slippage}"), "options.slippageTolerance")
}

fn call_value_without_data(world: &World, dice: &mut Choices) -> Trial {
    let mut intent = world.intent.clone();
    let request = &mut intent.quote_request;
    request.destination_call_value = Some(U256::from(dice.next_u64()));
    request.destination_call_data = if dice.chance(1, 2) { None } else { Some(Bytes::new()) };
    if does_nothing(request) {
        request.destination_to_address = Some(flip(request.owner_address));
    }
    let what = format!("destinationCallValue with destinationCallData {:?}", request.destination_call_data);
    request_trial(world, intent, what, "destinationCallValue")
}

fn nothing_to_do(world: &World, dice: &mut Choices) -> Trial {
    let mut intent = world.intent.clone();
    let origin = intent.origin_chain_id;
    set_destination_chain(&mut intent, origin);
    let request = &mut intent.quote_request;
    request.destination_token_address = request.origin_token_address;
    request.destination_call_data = if dice.chance(1, 2) { None } else { Some(Bytes::new()) };
    request.destination_call_value = None;
    request.destination_to_address = if dice.chance(1, 2) { None } else { Some(request.owner_address) };
    let what = format!("same chain and token, recipient {:?}", request.destination_to_address);
    request_trial(world, intent, what, "")
}

// ---------------------------------------------------------------------------------------------
// Intent consistency: check_intent and the quote

fn intent_inconsistent(world: &World, dice: &mut Choices) -> Trial {
    let mut intent = world.intent.clone();
    let (origin, destination) = (intent.origin_chain_id, intent.destination_chain_id);
    let path = match dice.below(19) {
        0 => {
            intent.owner_address = flip(intent.owner_address);
            "ownerAddress"
        }
        1 => {
            intent.origin_chain_id = other_chain(origin, dice);
            "originChainId"
        }
        2 => {
            intent.destination_chain_id = other_chain(destination, dice);
            "destinationChainId"
        }
        3 => {
            intent.deposit_transaction.to_address = flip(intent.deposit_transaction.to_address);
            "depositTransaction.toAddress"
        }
        4 => {
            intent.deposit_transaction.token_address = flip(intent.deposit_transaction.token_address);
            "depositTransaction.tokenAddress"
        }
        5 => {
            intent.origin_calls.chain_id = other_chain(origin, dice);
            "originCalls.chainId"
        }
        6 => {
            intent.origin_precondition.chain_id = other_chain(origin, dice);
            "originPrecondition.chainId"
        }
        7 => {
            intent.origin_meta_txn.chain_id = other_chain(origin, dice);
            "originMetaTxn.chainId"
        }
        8 => {
            intent.fees.origin_gas.chain_id = other_chain(origin, dice);
            "fees.originGas.chainId"
        }
        9 => {
            let chain = other_chain(destination, dice);
            intent.destination_calls.get_or_insert_with(|| world.intent.origin_calls.clone()).chain_id = chain;
            "destinationCalls.chainId"
        }
        10 => {
            let chain = other_chain(destination, dice);
            intent.destination_precondition.get_or_insert_with(|| world.intent.origin_precondition.clone()).chain_id =
                chain;
            "destinationPrecondition.chainId"
        }
        11 => {
            let chain = other_chain(destination, dice);
            intent.destination_meta_txn.get_or_insert_with(|| world.intent.origin_meta_txn.clone()).chain_id = chain;
            "destinationMetaTxn.chainId"
        }
        12 => {
            let chain = other_chain(destination, dice);
            intent.fees.destination_gas.get_or_insert_with(|| world.intent.fees.origin_gas.clone()).chain_id = chain;
            "fees.destinationGas.chainId"
        }
        13 | 14 => {
            let quote = &mut intent.quote;
            let from = dice.chance(1, 2);
            let (amount, min) = if from {
                (&mut quote.from_amount, &mut quote.from_amount_min)
            } else {
                (&mut quote.to_amount, &mut quote.to_amount_min)
            };
            if *amount < U256::MAX {
                *min = *amount + U256::from(1 + dice.below(3) as u64).min(U256::MAX - *amount);
            } else {
                *amount = U256::MAX - U256::from(1u8);
                *min = U256::MAX;
            }
            if from {
                "quote.fromAmountMin"
            } else {
                "quote.toAmountMin"
            }
        }
        15 | 16 => {
            let ids = &mut intent.quote.route_providers_request_ids;
            if ids.is_empty() || dice.chance(1, 2) {
                ids.push("extra".into());
            } else {
                ids.pop();
            }
            "quote.routeProvidersRequestIds"
        }
        17 => {
            let fees = &mut intent.quote.route_providers_fee_usd;
            if fees.is_empty() || dice.chance(1, 2) {
                fees.push(intent_core::Decimal::ZERO);
            } else {
                fees.pop();
            }
            "quote.routeProvidersFeeUsd"
        }
        _ => {
            // createdAt at or after expiresAt (equal is already inconsistent).
            intent.created_at = Some(shift_clamped(intent.expires_at, offset(dice)));
            "expiresAt"
        }
    };
    let what = format!("{path} disagrees");
    let direct = check_intent(&intent);
    let quoted = quote_at(world, intent, world.times.quote_at);
    Trial { what, checks: vec![check("check_intent", direct, path), check("quote", quoted, path)] }
}

// ---------------------------------------------------------------------------------------------
// Intent addresses

/// One of the changes of `rules_addresses::breakages` that breaks `reason`'s rule, applied to
/// the world's intent with its addresses derived under the published context or a local one.
fn address_trial(world: &World, dice: &mut Choices, reason: Reason) -> Trial {
    let context = if dice.chance(1, 2) { WalletContext::PUBLISHED } else { crate::rules_addresses::local_context() };
    let valid = with_derived_addresses(&world.intent, &context);
    let mut candidates: Vec<_> =
        crate::rules_addresses::breakages(&valid).into_iter().filter(|broken| broken.reason == reason).collect();
    let broken = candidates.swap_remove(dice.below(candidates.len()));
    let operation = match broken.checked {
        crate::rules_addresses::Checked::Addresses => "check_intent_addresses",
        crate::rules_addresses::Checked::MetaTransactions => "check_meta_transactions",
    };
    Trial::one(format!("{} changed", broken.what), operation, broken.run(&context), broken.path)
}

fn intent_address_mismatch(world: &World, dice: &mut Choices) -> Trial {
    address_trial(world, dice, Reason::IntentAddressMismatch)
}

fn precondition_mismatch(world: &World, dice: &mut Choices) -> Trial {
    address_trial(world, dice, Reason::PreconditionMismatch)
}

fn meta_transaction_mismatch(world: &World, dice: &mut Choices) -> Trial {
    address_trial(world, dice, Reason::MetaTransactionMismatch)
}

// ---------------------------------------------------------------------------------------------
// Quote

fn wrong_status(world: &World, dice: &mut Choices) -> Trial {
    let mut intent = world.intent.clone();
    let others: Vec<IntentStatus> = IntentStatus::NAMES
        .iter()
        .filter_map(|n| IntentStatus::from_name(n))
        .filter(|s| *s != IntentStatus::Quoted)
        .collect();
    intent.status = dice.pick(&others).clone();
    let what = format!("status {}", intent.status);
    Trial::one(what, "quote", quote_at(world, intent, world.times.quote_at), "status")
}

fn quote_lifetime(world: &World, dice: &mut Choices) -> Trial {
    let expires = nanos(world.intent.expires_at);
    let earliest = nanos(Timestamp::MIN);
    // now ≥ expiresAt (equal is expired), or expiresAt > now + 300 s.
    let at = if dice.chance(1, 2) || expires - 300 * NS - 1 < earliest {
        (expires + offset(dice)).min(nanos(Timestamp::MAX))
    } else {
        (expires - 300 * NS - 1 - offset(dice)).max(earliest)
    };
    let at = at_nanos(at);
    let what = format!("quoted at {at}, expiresAt {}", world.intent.expires_at);
    Trial::one(what, "quote", quote_at(world, world.intent.clone(), at), "expiresAt")
}

// ---------------------------------------------------------------------------------------------
// Commit

fn commit(
    record: &mut IntentRecord,
    intent: &Intent,
    contracts: &intent_core::ServiceContracts,
    at: Timestamp,
) -> Result<(), Error> {
    event(record, |r| r.apply(EventInput::commit_with(intent, Some(contracts)), at).map(|_| ()))
}

fn intent_modified(world: &World, dice: &mut Choices) -> Trial {
    let tree = parse_json(&world.intent.canonical_json());
    let mutation = support::mutate(&tree, Kind::Obj("Intent"), dice);
    let changed: Intent = from_slice(canonical_text(&mutation.tree).as_bytes()).expect("a changed intent parses");
    let mut record = world.quoted();
    let result = commit(&mut record, &changed, &changed.service_contracts, world.times.commit_at);
    if let Err(error) = &result {
        if let Problem::IntentModified { expected, actual, changed: paths } = error.problem() {
            assert_eq!((*expected, *actual), (world.intent.canonical_hash(), changed.canonical_hash()));
            assert_eq!(paths, &reference_diff(&tree, &mutation.tree), "{}", mutation.what);
        }
    }
    Trial::one(mutation.what, "commit", result, "intent")
}

fn quote_expired(world: &World, dice: &mut Choices) -> Trial {
    let at = shift_clamped(world.intent.expires_at, offset(dice));
    let mut record = world.quoted();
    let result = commit(&mut record, &world.intent, &world.intent.service_contracts, at);
    Trial::one(format!("committed at {at}, expiresAt {}", world.intent.expires_at), "commit", result, "")
}

fn fee_options_expired(world: &World, dice: &mut Choices) -> Trial {
    let mut world = world.clone();
    let at = world.times.commit_at;
    world.gas_fee_options.expires_at = shift_clamped(at, -offset(dice));
    let mut record = world.quoted();
    let result = commit(&mut record, &world.intent, &world.intent.service_contracts, at);
    let what = format!("committed at {at}, fee options expire at {}", world.gas_fee_options.expires_at);
    Trial::one(what, "commit", result, "")
}

fn service_contracts_mismatch(world: &World, dice: &mut Choices) -> Trial {
    let mut contracts = world.intent.service_contracts.clone();
    let what = match dice.below(4) {
        0 => {
            contracts.service_intent_entrypoint_address = flip_or_fill(contracts.service_intent_entrypoint_address);
            "another entrypoint"
        }
        1 => {
            contracts.service_router_address = flip_or_fill(contracts.service_router_address);
            "another router"
        }
        2 => {
            contracts.service_router_shim_address = flip_or_fill(contracts.service_router_shim_address);
            "another router shim"
        }
        _ => {
            match contracts.unknown.iter().next().map(|m| m.key().to_string()) {
                Some(key) => {
                    contracts.unknown.remove(&key);
                }
                None => {
                    contracts.insert_unknown("extra", "1").unwrap();
                }
            }
            "other unknown members"
        }
    };
    let mut record = world.quoted();
    let result = commit(&mut record, &world.intent, &contracts, world.times.commit_at);
    Trial::one(what.into(), "commit", result, "serviceContracts")
}

// ---------------------------------------------------------------------------------------------
// Execute: the world's committed record executes a request at the world's execute time

fn intent_id_mismatch(world: &World, dice: &mut Choices) -> Trial {
    let mode = pick_mode(dice, &Mode::ALL);
    let mut request = world.request_for(mode);
    if dice.chance(1, 2) {
        request.intent_id.push(*dice.pick(&['x', '\u{0}', 'é', ' ']));
    } else {
        request.intent_id = if request.intent_id.is_empty() { "other".into() } else { String::new() };
    }
    let what = format!("{mode:?} request for {:?}", request.intent_id);
    Trial::one(what, "execute", execute(world, &request), "intentId")
}

fn deposit_proof_missing(world: &World, dice: &mut Choices) -> Trial {
    let mode = pick_mode(dice, &Mode::ALL);
    let mut request = world.request_for(mode);
    request.deposit_signature = None;
    request.deposit_transaction_hash = None;
    Trial::one(format!("{mode:?} request without proof"), "execute", execute(world, &request), "")
}

fn deposit_proof_conflict(world: &World, dice: &mut Choices) -> Trial {
    let mode = pick_mode(dice, &Mode::GASLESS);
    let mut request = world.request_for(mode);
    request.deposit_transaction_hash = Some(world.parts.hash);
    Trial::one(format!("{mode:?} request with a hash too"), "execute", execute(world, &request), "depositSignature")
}

fn execution_window_expired(world: &World, dice: &mut Choices) -> Trial {
    let mode = pick_mode(dice, &Mode::ALL);
    let request = world.request_for(mode);
    let at = shift_clamped(world.window_closes_at(), offset(dice));
    let what = format!("{mode:?} request at {at}, window closes at {}", world.window_closes_at());
    Trial::one(what, "execute", execute_with(world, &request, &world.facts(), at), "")
}

/// Executes the world's hash-mode request with `evidence` in place of the world's.
fn deposit_trial(world: &World, what: String, evidence: &DepositEvidence) -> Trial {
    let facts = ChainFacts { deposit_evidence: Some(evidence), ..world.facts() };
    let result = execute_with(world, &world.request_for(Mode::Hash), &facts, world.times.execute_at);
    Trial::one(what, "execute", result, "depositTransactionHash")
}

fn deposit_unverified(world: &World, _: &mut Choices) -> Trial {
    // A deposit hash and no evidence of it: never taken on its word by default.
    let facts = ChainFacts { deposit_evidence: None, ..world.facts() };
    let result = execute_with(world, &world.request_for(Mode::Hash), &facts, world.times.execute_at);
    Trial::one("hash request without evidence".into(), "execute", result, "depositTransactionHash")
}

fn deposit_hash_mismatch(world: &World, dice: &mut Choices) -> Trial {
    let mut evidence = world.deposit_evidence.clone();
    let in_receipt = dice.chance(1, 2);
    let hash = if in_receipt { &mut evidence.receipt.transaction_hash } else { &mut evidence.transaction.hash };
    hash.0[dice.below(32)] ^= 1 << dice.below(8);
    deposit_trial(world, format!("evidence of another hash (in the receipt: {in_receipt})"), &evidence)
}

fn deposit_wrong_chain(world: &World, dice: &mut Choices) -> Trial {
    let mut evidence = world.deposit_evidence.clone();
    let chain = other_chain(world.intent.origin_chain_id, dice);
    evidence.chain_id = Quantity::from(chain);
    deposit_trial(world, format!("evidence read from chain {chain}"), &evidence)
}

fn deposit_reverted(world: &World, dice: &mut Choices) -> Trial {
    let mut evidence = world.deposit_evidence.clone();
    let status = if dice.chance(3, 4) { U256::ZERO } else { U256::from(2 + dice.below(1000)) };
    evidence.receipt.status = Quantity(status);
    deposit_trial(world, format!("receipt status {status}"), &evidence)
}

fn deposit_unconfirmed(world: &World, dice: &mut Choices) -> Trial {
    // The head below the receipt's block: no confirmation yet (the world's policy wants one).
    let mut evidence = world.deposit_evidence.clone();
    let below = 1 + dice.below(EVIDENCE_BLOCK as usize);
    evidence.head_block_number = Quantity::from(EVIDENCE_BLOCK - below as u64);
    let what = format!("head {} for block {}", evidence.head_block_number, evidence.receipt.block_number);
    deposit_trial(world, what, &evidence)
}

fn deposit_mismatch(world: &World, dice: &mut Choices) -> Trial {
    let deposit = &world.intent.deposit_transaction;
    let mut evidence = world.deposit_evidence.clone();
    let short = deposit.amount.checked_sub(U256::from(1 + dice.below(3))).unwrap_or(U256::ZERO);
    let field = if deposit.amount.is_zero() {
        *dice.pick(&["tokenAddress", "toAddress"])
    } else {
        *dice.pick(&["tokenAddress", "toAddress", "amount"])
    };
    let native = deposit.token_address == Address::ZERO;
    match (field, native) {
        // A native deposit's token is the transaction's value: its recipient or amount is contradicted.
        ("tokenAddress" | "toAddress", true) => evidence.transaction.to = Some(flip(deposit.to_address)),
        ("amount", true) => evidence.transaction.value = Quantity(short),
        ("tokenAddress", false) => match dice.below(3) {
            0 => evidence.receipt.logs.clear(),
            1 => evidence.receipt.logs[0].address = flip(deposit.token_address),
            _ => evidence.receipt.logs[0].topics[0].0[31] ^= 1,
        },
        ("toAddress", false) => evidence.receipt.logs[0].topics[2] = flip(deposit.to_address).into_word(),
        _ => evidence.receipt.logs[0].data = Bytes::copy_from_slice(&short.to_be_bytes::<32>()),
    }
    let contradicted = if native && field == "tokenAddress" { "toAddress" } else { field };
    let trial = deposit_trial(world, format!("a deposit contradicting {contradicted} (native: {native})"), &evidence);
    for check in &trial.checks {
        if let Err(error) = &check.result {
            if let Problem::DepositMismatch { field, .. } = error.problem() {
                assert_eq!(*field, contradicted, "{}", trial.what);
            }
        }
    }
    trial
}

fn fee_option_not_offered(world: &World, dice: &mut Choices) -> Trial {
    let mode = pick_mode(dice, &Mode::GASLESS);
    let mut signature = world.signature_for(mode);
    let offered = &world.gas_fee_options.fee_options;
    let what = loop {
        let option = &mut signature.selected_gas_fee_option;
        let what = match dice.below(4) {
            0 => {
                option.token_symbol.push('x');
                "another symbol"
            }
            1 => {
                let usd = option.amount_usd.get();
                let other = if (usd * 2.0 + 1.0).is_finite() { usd * 2.0 + 1.0 } else { usd / 2.0 };
                option.amount_usd = intent_core::Decimal::new(other).unwrap();
                "another amountUsd"
            }
            2 => {
                option.token_decimals = option.token_decimals.wrapping_add(1);
                "other decimals"
            }
            _ => {
                option.insert_unknown("extra", "true").unwrap();
                "an unknown member"
            }
        };
        if !offered.contains(&signature.selected_gas_fee_option) {
            break what;
        }
    };
    world.sign(&mut signature);
    execute_trial(
        world,
        format!("{mode:?}: selected option with {what}"),
        signature,
        "depositSignature.selectedGasFeeOption",
    )
}

fn native_fee_required(world: &World, dice: &mut Choices) -> Trial {
    let mode = pick_mode(dice, &Mode::GASLESS);
    let mut world = world.clone();
    world.intent.quote_request.only_native_gas_fee = Some(true);
    // A token option that every mode could use but for the request's wish.
    let fee = fee_below_overflow(&world, dice).filter(|_| dice.chance(1, 2));
    let option = match fee {
        Some(fee) => option_of(&world, deposit_token(&world), fee, flip(Address::ZERO)),
        None => option_of(&world, deposit_token(&world), U256::ZERO, Address::ZERO),
    };
    let option = offer(&mut world, option);
    let signature = world.signature_with(mode, option);
    execute_trial(
        &world,
        format!("{mode:?}: token fee for a native-only request"),
        signature,
        "depositSignature.selectedGasFeeOption.tokenAddress",
    )
}

/// A deadline before `floor(now)` (the world's instants are after 1970, so there is one).
fn passed_deadline(world: &World, dice: &mut Choices) -> u64 {
    let floor = u64::try_from(floor_seconds(world.times.execute_at)).expect("after 1970");
    assert!(floor >= 1);
    floor - 1 - (offset(dice) / NS) as u64 % floor
}

fn signature_expired(world: &World, dice: &mut Choices) -> Trial {
    // Entrypoint mode without a permit, or permit-only: the permit deadline is not the
    // signature's, so only the signature expires.
    let mode = pick_mode(dice, &[Mode::Entrypoint, Mode::PermitOnly]);
    let mut signature = world.signature_for(mode);
    signature.deadline = passed_deadline(world, dice);
    world.sign(&mut signature);
    let what = format!("{mode:?}: deadline {} at {}", signature.deadline, world.times.execute_at);
    execute_trial(world, what, signature, "depositSignature.deadline")
}

fn gasless_native_deposit(world: &World, dice: &mut Choices) -> Trial {
    let mode = pick_mode(dice, &Mode::GASLESS);
    let mut world = world.clone();
    let request = &mut world.intent.quote_request;
    request.origin_token_address = Address::ZERO;
    if does_nothing(request) {
        request.destination_to_address = Some(flip(request.owner_address));
    }
    generators::make_consistent(&mut world.intent);
    let option = if native_only(&world.intent) {
        {
            let option = option_of(&world, Address::ZERO, U256::ZERO, Address::ZERO);
            offer(&mut world, option)
        }
    } else {
        dice.pick(&world.gas_fee_options.fee_options).clone()
    };
    let signature = world.signature_with(mode, option);
    execute_trial(&world, format!("{mode:?}: native deposit"), signature, "depositSignature")
}

fn entrypoint_missing(world: &World, dice: &mut Choices) -> Trial {
    let mode = pick_mode(dice, &[Mode::Entrypoint, Mode::EntrypointPermit]);
    let signature = world.signature_for(mode);
    let mut world = world.clone();
    world.intent.service_contracts.service_intent_entrypoint_address = AddressOrEmpty::Empty;
    execute_trial(
        &world,
        format!("{mode:?} for an intent without entrypoint"),
        signature,
        "depositSignature.intentSignature",
    )
}

fn fee_token_mismatch(world: &World, dice: &mut Choices) -> Trial {
    let mode = pick_mode(dice, &[Mode::Entrypoint, Mode::EntrypointPermit]);
    let mut world = world.clone();
    let token = if native_only(&world.intent) { Address::ZERO } else { flip(deposit_token(&world)) };
    let fee = U256::from(1 + dice.below(1000) as u64);
    let option = {
        let option = option_of(&world, token, fee, flip(Address::ZERO));
        offer(&mut world, option)
    };
    let signature = world.signature_with(mode, option);
    execute_trial(
        &world,
        format!("{mode:?}: fee in {token}"),
        signature,
        "depositSignature.selectedGasFeeOption.tokenAddress",
    )
}

fn fee_parameters(world: &World, dice: &mut Choices) -> Trial {
    let mode = pick_mode(dice, &Mode::GASLESS);
    let mut world = world.clone();
    let native = native_only(&world.intent);
    let deposit = deposit_token(&world);
    let fee = fee_below_overflow(&world, dice);
    // A fee without a collector, where a fee is otherwise allowed; else a collector without a fee.
    let token_for_fee = match (native, mode.has_intent_signature()) {
        (true, true) => None,
        (true, false) => Some(Address::ZERO),
        (false, true) => Some(deposit),
        (false, false) => Some(if dice.chance(1, 2) { deposit } else { flip(deposit) }),
    };
    let option = match (fee, token_for_fee) {
        (Some(fee), Some(token)) if dice.chance(1, 2) => option_of(&world, token, fee, Address::ZERO),
        _ => {
            let token = if native { Address::ZERO } else { *dice.pick(&[deposit, flip(deposit)]) };
            option_of(&world, token, U256::ZERO, flip(Address::ZERO))
        }
    };
    let what = format!("{mode:?}: fee {} with collector {}", option.amount, option.fee_collector_address);
    let option = offer(&mut world, option);
    let signature = world.signature_with(mode, option);
    execute_trial(&world, what, signature, "depositSignature.selectedGasFeeOption.feeCollectorAddress")
}

fn nonce_required(world: &World, dice: &mut Choices) -> Trial {
    let mode = pick_mode(dice, &[Mode::Entrypoint, Mode::EntrypointPermit]);
    let mut signature = world.signature_for(mode);
    signature.user_nonce = None;
    execute_trial(world, format!("{mode:?} without a user nonce"), signature, "depositSignature.userNonce")
}

fn nonce_mismatch(world: &World, dice: &mut Choices) -> Trial {
    // The owner signed with the world's user nonce; the chain says the owner is at another.
    let mode = pick_mode(dice, &[Mode::Entrypoint, Mode::EntrypointPermit]);
    let request = world.request_for(mode);
    let current = world.parts.user_nonce.wrapping_add(U256::from(1 + dice.below(3) as u64));
    let facts = ChainFacts { entrypoint_nonce: Some(current), ..world.facts() };
    let result = execute_with(world, &request, &facts, world.times.execute_at);
    let what = format!("{mode:?}: user nonce {} while the owner is at {current}", world.parts.user_nonce);
    Trial::one(what, "execute", result, "depositSignature.userNonce")
}

fn permit_incomplete(world: &World, dice: &mut Choices) -> Trial {
    let mode = pick_mode(dice, &Mode::GASLESS);
    let mut signature = world.signature_for(mode);
    // What the permit needs; the deposit plus a fee in the deposit token may overflow (an
    // amount of 2^256 - 1 is valid), and then no amount suffices, which is checked after
    // PERMIT_INCOMPLETE: any amount shows an incomplete permit.
    let needed = world.permit_needed(&signature.selected_gas_fee_option).unwrap_or(U256::MAX);
    // Which of permitSignature, permitDeadline, permitAmount the broken signature has.
    let present: [bool; 3] = loop {
        let subset = [dice.chance(1, 2), dice.chance(1, 2), dice.chance(1, 2)];
        let count = subset.iter().filter(|&&p| p).count();
        let allowed = match mode {
            Mode::PermitOnly => count < 3,
            _ => count > 0 && count < 3,
        };
        if allowed {
            break subset;
        }
    };
    signature.permit_signature = present[0].then(|| Bytes::from(vec![0x11; 65]));
    signature.permit_deadline = present[1].then_some(signature.deadline);
    signature.permit_amount = present[2].then_some(needed);
    world.sign(&mut signature);
    let field = ["permitSignature", "permitDeadline", "permitAmount"][present.iter().position(|&p| !p).unwrap()];
    let what = format!("{mode:?} with permit fields {present:?}");
    execute_trial(world, what, signature, &format!("depositSignature.{field}"))
}

fn permit_not_supported(world: &World, dice: &mut Choices) -> Trial {
    let mode = pick_mode(dice, &[Mode::EntrypointPermit, Mode::PermitOnly]);
    let mut world = world.clone();
    if native_only(&world.intent) {
        world.intent.quote_request.only_native_gas_fee = *dice.pick(&[None, Some(false)]);
    }
    let deposit = deposit_token(&world);
    let mut option = match fee_below_overflow(&world, dice).filter(|_| dice.chance(1, 2)) {
        Some(fee) => option_of(&world, deposit, fee, flip(Address::ZERO)),
        None => option_of(&world, deposit, U256::ZERO, Address::ZERO),
    };
    option.is_2612 = false;
    let option = offer(&mut world, option);
    let signature = world.signature_with(mode, option);
    execute_trial(
        &world,
        format!("{mode:?}: permit for a token without ERC-2612"),
        signature,
        "depositSignature.selectedGasFeeOption.is2612",
    )
}

fn permit_expired(world: &World, dice: &mut Choices) -> Trial {
    // Permit-only mode: in entrypoint mode the permit deadline is the signature's.
    let mut signature = world.signature_for(Mode::PermitOnly);
    signature.permit_deadline = Some(passed_deadline(world, dice));
    world.sign(&mut signature);
    let what = format!("permit deadline {:?} at {}", signature.permit_deadline, world.times.execute_at);
    execute_trial(world, what, signature, "depositSignature.permitDeadline")
}

fn permit_deadline_mismatch(world: &World, dice: &mut Choices) -> Trial {
    let mut signature = world.signature_for(Mode::EntrypointPermit);
    let floor = u64::try_from(floor_seconds(world.times.execute_at)).expect("after 1970");
    let deadline = signature.deadline;
    let step = 1 + (offset(dice) / NS) as u64;
    let other = if deadline < u64::MAX && (dice.chance(1, 2) || deadline == floor) {
        deadline.saturating_add(step)
    } else {
        deadline - step.min(deadline - floor)
    };
    signature.permit_deadline = Some(other);
    world.sign(&mut signature);
    execute_trial(
        world,
        format!("permit deadline {other}, deadline {deadline}"),
        signature,
        "depositSignature.permitDeadline",
    )
}

fn permit_amount_insufficient(world: &World, dice: &mut Choices) -> Trial {
    let mode = pick_mode(dice, &[Mode::EntrypointPermit, Mode::PermitOnly]);
    let mut signature = world.signature_for(mode);
    // Without overflow, a permit short of what the deposit and the fee need; with it (the
    // world's deposit plus its fee in the deposit token), or now and then, the overflow below.
    let needed = world.permit_needed(&signature.selected_gas_fee_option).unwrap_or_default();
    if !needed.is_zero() && dice.chance(2, 3) {
        let short = U256::from(1 + dice.below(3) as u64).min(needed);
        signature.permit_amount = Some(needed - short);
        world.sign(&mut signature);
        let what = format!("{mode:?}: permit {} for {needed}", needed - short);
        return execute_trial(world, what, signature, "depositSignature.permitAmount");
    }
    // The deposit plus the fee overflows: insufficient whatever the permit says.
    let mut world = world.clone();
    world.intent.quote_request.only_native_gas_fee = None;
    world.intent.deposit_transaction.amount = U256::MAX;
    let fee = U256::from(1 + dice.below(1000) as u64);
    let option = {
        let option = option_of(&world, deposit_token(&world), fee, flip(Address::ZERO));
        offer(&mut world, option)
    };
    let signature = world.signature_with(mode, option);
    execute_trial(
        &world,
        format!("{mode:?}: deposit 2^256-1 plus fee {fee}"),
        signature,
        "depositSignature.permitAmount",
    )
}

fn permit_unverified(world: &World, dice: &mut Choices) -> Trial {
    // A valid permit, and no token facts to verify it with: never accepted by default.
    let mode = pick_mode(dice, &[Mode::EntrypointPermit, Mode::PermitOnly]);
    let request = world.request_for(mode);
    let facts = ChainFacts { token_permit: None, ..world.facts() };
    let result = execute_with(world, &request, &facts, world.times.execute_at);
    Trial::one(format!("{mode:?} without token facts"), "execute", result, "depositSignature.permitSignature")
}

/// The secp256k1 group order n.
fn curve_order() -> U256 {
    "115792089237316195423570985008687907852837564279074904382605163141518161494337".parse().unwrap()
}

fn invalid_signature(world: &World, dice: &mut Choices) -> Trial {
    let mode = pick_mode(dice, &Mode::GASLESS);
    let mut signature = world.signature_for(mode);
    let permit = !mode.has_intent_signature() || (mode.has_permit() && dice.chance(1, 2));
    let target = if permit { &mut signature.permit_signature } else { &mut signature.intent_signature };
    let mut bytes = target.clone().unwrap().to_vec();
    let what = match dice.below(9) {
        0 => {
            bytes.pop();
            "64 bytes"
        }
        1 => {
            bytes.push(0);
            "66 bytes"
        }
        2 => {
            bytes[64] = *dice.pick(&[2, 26, 29, 255]);
            "bad v"
        }
        3 => {
            bytes[..32].fill(0);
            "r zero"
        }
        4 => {
            bytes[32..64].fill(0);
            "s zero"
        }
        5 => {
            let s = U256::from_be_slice(&bytes[32..64]);
            bytes[32..64].copy_from_slice(&(curve_order() - s).to_be_bytes::<32>());
            bytes[64] ^= 1;
            "high s"
        }
        6 => {
            bytes[..32].copy_from_slice(&curve_order().to_be_bytes::<32>());
            "r = n"
        }
        7 => {
            bytes[..32].fill(0xff);
            "r above n"
        }
        _ => {
            bytes.clear();
            "empty"
        }
    };
    *target = Some(Bytes::from(bytes));
    let field = if permit { "permitSignature" } else { "intentSignature" };
    execute_trial(world, format!("{mode:?}: {field} {what}"), signature, &format!("depositSignature.{field}"))
}

fn signer_mismatch(world: &World, dice: &mut Choices) -> Trial {
    let mode = pick_mode(dice, &Mode::GASLESS);
    let mut signature = world.signature_for(mode);
    let permit = !mode.has_intent_signature() || (mode.has_permit() && dice.chance(1, 2));
    let field = if permit { "permitSignature" } else { "intentSignature" };
    let path = format!("depositSignature.{field}");
    match dice.below(3) {
        0 => {
            // Signed by someone else (the other signature stays the owner's).
            let mut by_stranger = signature.clone();
            world.sign_with(&world.stranger_key(), &mut by_stranger);
            if permit {
                signature.permit_signature = by_stranger.permit_signature;
            } else {
                signature.intent_signature = by_stranger.intent_signature;
            }
            execute_trial(world, format!("{mode:?}: {field} by a stranger"), signature, &path)
        }
        1 if permit => {
            // The owner signed a permit with another nonce than the token's.
            let mut token_permit = world.token_permit.clone();
            token_permit.nonce = token_permit.nonce.wrapping_add(U256::from(1u8));
            let facts = ChainFacts { token_permit: Some(&token_permit), ..world.facts() };
            let request = world.request_with(Some(signature));
            let result = execute_with(world, &request, &facts, world.times.execute_at);
            Trial::one(format!("{mode:?}: permit for another nonce"), "execute", result, &path)
        }
        _ if !permit => {
            // The owner signed the deposit intent for an entrypoint with other names.
            let mut other = world.clone();
            other.names =
                EntrypointNames { type_name: format!("{}V2", world.names.type_name).into(), ..world.names.clone() };
            // The permit signature is signed again over the same digest: the same bytes.
            other.sign(&mut signature);
            execute_trial(world, format!("{mode:?}: intent signed for another entrypoint"), signature, &path)
        }
        _ => {
            // The owner signed the permit for another token domain.
            let mut other = world.clone();
            other.token_permit.domain.verifying_contract =
                Some(flip(other.token_permit.domain.verifying_contract.unwrap_or_default()));
            // The intent signature is signed again over the same digest: the same bytes.
            other.sign(&mut signature);
            execute_trial(world, format!("{mode:?}: permit signed for another token"), signature, &path)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Lifecycle

// The states a record can be in (the lifecycle tests' list).
use intent_test_support::model::STATES;

/// The world's record brought to `status` along its happy path (ABORTED by an abort or by
/// the expiry of the window, REFUNDED after FAILED or ABORTED).
fn record_in(world: &World, status: &IntentStatus, dice: &mut Choices) -> IntentRecord {
    let x = world.times.execute_at;
    let mut record = world.quoted();
    if *status == IntentStatus::Quoted {
        return record;
    }
    record = world.committed();
    let abort = |record: &mut IntentRecord, dice: &mut Choices| {
        if dice.chance(1, 2) {
            let _ = record.apply(EventInput::abort("operator abort"), x).unwrap();
        } else {
            let _ = record.apply(EventInput::expire(), world.window_closes_at()).unwrap();
        }
    };
    match status {
        IntentStatus::Committed => {}
        IntentStatus::Aborted => abort(&mut record, dice),
        IntentStatus::Refunded if dice.chance(1, 2) => {
            abort(&mut record, dice);
            let at = record.last_event_at();
            let _ = record.apply(EventInput::refund(), at).unwrap();
        }
        _ => {
            let _ = record.apply(EventInput::execute_with(&world.request_for(Mode::Hash), world.facts()), x).unwrap();
            match status {
                IntentStatus::Failed => {
                    let _ = record.apply(EventInput::fail("reverted"), x).unwrap();
                }
                IntentStatus::Succeeded => {
                    let _ = record.apply(EventInput::succeed(), x).unwrap();
                }
                IntentStatus::Refunded => {
                    let _ = record.apply(EventInput::fail("reverted"), x).unwrap();
                    let _ = record.apply(EventInput::refund(), x).unwrap();
                }
                _ => {}
            }
        }
    }
    assert_eq!(record.status(), status);
    record
}

/// Applies `event` to `record` at `at`, never as a replay (docs/spec.md §6.3, which the table of
/// [`Event::next_status`] does not cover): the commit sends another intent, the execute a
/// request other than the one that started execution.
fn apply(world: &World, record: &mut IntentRecord, event: &Event, at: Timestamp) -> Result<(), Error> {
    let mut sent = world.intent.clone();
    sent.id = sent.id.wrapping_add(1);
    let mut request = world.request.clone();
    if record.execute_request().is_some_and(|kept| kept.canonical_hash() == request.canonical_hash()) {
        request.intent_id.push('x');
    }
    let replacement = replacement_deposit(world);
    let input = match event {
        Event::Quote => return self::event(record, |r| r.check_event(event, at).map(drop)),
        Event::Commit => EventInput::commit(&sent),
        Event::Execute => EventInput::execute_with(&request, world.facts()),
        Event::Fail => EventInput::fail("reverted"),
        Event::Succeed => EventInput::succeed(),
        Event::Abort => EventInput::abort("operator abort"),
        Event::Expire => EventInput::expire(),
        Event::Refund => EventInput::refund(),
        Event::Retry => EventInput::retry(replacement.0, ChainFacts::with_deposit_evidence(&replacement.1)),
    };
    self::event(record, |r| r.apply(input, at).map(drop))
}

fn invalid_transition(world: &World, dice: &mut Choices) -> Trial {
    let status = dice.pick(&STATES).clone();
    let mut record = record_in(world, &status, dice);
    let all: &'static [Event] = &Event::ALL;
    let refused: Vec<&Event> = all.iter().filter(|e| e.next_status(Some(&status)).is_none()).collect();
    let event = *dice.pick(&refused);
    let name = event.name();
    // At the last event's instant (not backwards) or later.
    let at = shift_clamped(record.last_event_at(), offset(dice));
    let result = apply(world, &mut record, event, at);
    Trial::one(format!("{name} in {status} at {at}"), name, result, "")
}

fn clock_went_backwards(world: &World, dice: &mut Choices) -> Trial {
    let status = dice.pick(&STATES).clone();
    let mut record = record_in(world, &status, dice);
    let all: &'static [Event] = &Event::ALL;
    let event = dice.pick(all);
    let name = event.name();
    let at = shift_clamped(record.last_event_at(), -1 - offset(dice));
    let result = apply(world, &mut record, event, at);
    Trial::one(format!("{name} in {status} at {at}, last event {}", record.last_event_at()), name, result, "")
}

fn status_reason_required(world: &World, dice: &mut Choices) -> Trial {
    let x = world.times.execute_at;
    if dice.chance(1, 2) {
        let mut record = record_in(world, &IntentStatus::Executing, dice);
        let result = event(&mut record, |r| r.apply(EventInput::fail(""), shift_clamped(x, offset(dice))).map(drop));
        Trial::one("fail without a reason".into(), "fail", result, "reason")
    } else {
        let mut record = world.committed();
        let result = event(&mut record, |r| r.apply(EventInput::abort(""), x).map(drop));
        Trial::one("abort without a reason".into(), "abort", result, "reason")
    }
}

fn window_still_open(world: &World, dice: &mut Choices) -> Trial {
    let mut record = world.committed();
    let (c, closes) = (nanos(world.times.commit_at), nanos(world.window_closes_at()));
    let at = at_nanos(match dice.below(3) {
        0 => closes - 1,
        1 => c,
        _ => c + (dice.next_u64() as i128) % (closes - c),
    });
    let result = event(&mut record, |r| r.apply(EventInput::expire(), at).map(drop));
    Trial::one(format!("expire at {at}, window closes at {}", world.window_closes_at()), "expire", result, "")
}

/// The world's record EXECUTING on its proven deposit hash: its deposit stage SUCCEEDED.
fn deposit_done(world: &World, dice: &mut Choices) -> IntentRecord {
    let record = record_in(world, &IntentStatus::Executing, dice);
    assert!(matches!(record.next_step(record.last_event_at()), Some(intent_core::Step::ReadBalance { .. })));
    record
}

/// The balance that meets the precondition of `record`'s intent, `above` it.
fn meeting(record: &IntentRecord, above: U256) -> BalanceFact {
    let intent = record.intent();
    let deposit = &intent.deposit_transaction;
    BalanceFact {
        amount: deposit.amount.saturating_add(above),
        block_number: EVIDENCE_BLOCK,
        chain_id: intent.origin_chain_id,
        token: deposit.token_address,
        wallet: intent.origin_intent_address,
        unknown: UnknownMembers::new(),
    }
}

/// The origin transaction's hash in the records that sent it.
const ORIGIN_HASH: B256 = B256::repeat_byte(0x0b);

/// A report of the transaction of `kind` of `record`'s intent, `status`, hash [`ORIGIN_HASH`].
fn progress_report(record: &IntentRecord, kind: TransactionType, status: TransactionStatus) -> TransactionReport {
    TransactionReport {
        chain_id: record.intent().origin_chain_id,
        status,
        status_reason: None,
        txn_hash: Some(ORIGIN_HASH),
        txn_mined_at: None,
        kind,
        unknown: UnknownMembers::new(),
    }
}

/// The world's record with its precondition met and its origin transaction SENT (or MINING).
fn origin_sent(world: &World, dice: &mut Choices) -> IntentRecord {
    let mut record = deposit_done(world, dice);
    let at = record.last_event_at();
    let _ = record.apply(EventInput::balance(&meeting(&record, U256::ZERO)), at).unwrap();
    let status = if dice.chance(1, 2) { TransactionStatus::Sent } else { TransactionStatus::Mining };
    let sent = progress_report(&record, TransactionType::Origin, status);
    let _ = record.apply(EventInput::progress(&sent), at).unwrap();
    record
}

/// A mined receipt of [`ORIGIN_HASH`] on `record`'s origin chain, with one confirmation.
fn origin_evidence(record: &IntentRecord) -> OriginEvidence {
    OriginEvidence {
        chain_id: Quantity(U256::from(record.intent().origin_chain_id)),
        head_block_number: Quantity::from(EVIDENCE_BLOCK),
        receipt: EvidenceReceipt {
            block_number: Quantity::from(EVIDENCE_BLOCK),
            logs: Vec::new(),
            status: Quantity::from(1),
            transaction_hash: ORIGIN_HASH,
            unknown: UnknownMembers::new(),
        },
        unknown: UnknownMembers::new(),
    }
}

fn fact_not_asked(world: &World, dice: &mut Choices) -> Trial {
    let (what, operation, mut record, input) = match dice.below(3) {
        0 => {
            let mut record = deposit_done(world, dice);
            let at = record.last_event_at();
            let sent = progress_report(&record, TransactionType::Deposit, TransactionStatus::Sent);
            let _ = record.apply(EventInput::progress(&sent), at).unwrap();
            ("a balance before the deposit SUCCEEDED", "balance", record, None)
        }
        1 => ("a balance after the origin was sent", "balance", origin_sent(world, dice), None),
        _ => {
            let record = deposit_done(world, dice);
            ("a receipt before the origin was sent", "originReceipt", record, Some(()))
        }
    };
    let at = shift_clamped(record.last_event_at(), offset(dice));
    let mut balance = meeting(&record, U256::ZERO);
    balance.block_number += 1; // not the kept one, which would be a replay
    let receipt = origin_evidence(&record);
    let input = match input {
        None => EventInput::balance(&balance),
        Some(()) => EventInput::origin_receipt(&receipt),
    };
    let result = event(&mut record, |r| r.apply(input, at).map(drop));
    Trial::one(what.into(), operation, result, "")
}

/// A replacement deposit other than the world's deposit transaction (so never a replay),
/// with the evidence that proves it.
fn replacement_deposit(world: &World) -> (B256, DepositEvidence) {
    let mut hash = world.request_for(Mode::Hash).deposit_transaction_hash.unwrap_or_default();
    hash.0[0] ^= 0xff;
    (hash, intent_test_support::evidence::paying(&world.intent, hash))
}

fn deposit_already_succeeded(world: &World, dice: &mut Choices) -> Trial {
    let mut record = deposit_done(world, dice);
    let what = if dice.chance(1, 2) {
        let at = record.last_event_at();
        let _ = record.apply(EventInput::fail("reverted"), at).unwrap();
        "a retry of a FAILED record whose deposit SUCCEEDED"
    } else {
        "a retry of an EXECUTING record whose deposit SUCCEEDED"
    };
    let (hash, evidence) = replacement_deposit(world);
    let at = shift_clamped(record.last_event_at(), offset(dice));
    let facts = ChainFacts::with_deposit_evidence(&evidence);
    let result = event(&mut record, |r| r.apply(EventInput::retry(hash, facts), at).map(drop));
    Trial::one(what.into(), "retry", result, "")
}

fn retry_too_late(world: &World, dice: &mut Choices) -> Trial {
    let case = dice.below(3);
    let mut record = if case == 1 { origin_sent(world, dice) } else { deposit_done(world, dice) };
    let at = record.last_event_at();
    if case == 0 {
        let _ = record.apply(EventInput::balance(&meeting(&record, U256::ZERO)), at).unwrap();
    }
    // The deposit reported failed afterwards: only the later stage refuses the retry.
    let failed = progress_report(&record, TransactionType::Deposit, TransactionStatus::Failed);
    let _ = record.apply(EventInput::progress(&failed), at).unwrap();
    let what = match case {
        0 => "a retry once a balance met the precondition",
        1 => "a retry once the origin transaction was sent",
        _ => {
            let kind = dice.pick(&[TransactionType::Origin, TransactionType::Destination, TransactionType::Refund]);
            let mut report = progress_report(&record, kind.clone(), TransactionStatus::Failed);
            report.chain_id = TransactionReport::chain_of(kind, record.intent()).unwrap();
            let _ = record.apply(EventInput::fail_with("reverted", Some(&report)), at).unwrap();
            "a retry of a record that failed after the deposit stage"
        }
    };
    let (hash, evidence) = replacement_deposit(world);
    let at = shift_clamped(at, offset(dice));
    let facts = ChainFacts::with_deposit_evidence(&evidence);
    let result = event(&mut record, |r| r.apply(EventInput::retry(hash, facts), at).map(drop));
    Trial::one(what.into(), "retry", result, "")
}

fn balance_mismatch(world: &World, dice: &mut Choices) -> Trial {
    let mut record = deposit_done(world, dice);
    let mut fact = meeting(&record, U256::from(dice.below(3)));
    let field = *dice.pick(&["chainId", "token", "wallet"]);
    match field {
        "chainId" => fact.chain_id = fact.chain_id.wrapping_add(1 + dice.next_u64() % 1000).max(1),
        "token" => fact.token = flip(fact.token),
        _ => fact.wallet = flip(fact.wallet),
    }
    let at = shift_clamped(record.last_event_at(), offset(dice));
    let result = event(&mut record, |r| r.apply(EventInput::balance(&fact), at).map(drop));
    Trial::one(format!("a balance of another {field}"), "balance", result, field)
}

fn precondition_unmet(world: &World, dice: &mut Choices) -> Trial {
    let mut record = deposit_done(world, dice);
    if record.intent().deposit_transaction.amount.is_zero() {
        // Nothing is below a zero deposit: the fixture's executing record instead.
        record = crate::fixtures::executing_record();
    }
    let mut fact = meeting(&record, U256::ZERO);
    let short = U256::from(1 + dice.below(3)).min(fact.amount);
    fact.amount -= short;
    let at = shift_clamped(record.last_event_at(), offset(dice));
    let result = event(&mut record, |r| r.apply(EventInput::balance(&fact), at).map(drop));
    Trial::one(format!("a balance {short} below the deposit"), "balance", result, "amount")
}

fn origin_trial(
    world: &World,
    dice: &mut Choices,
    what: &str,
    path: &str,
    change: impl FnOnce(&mut OriginEvidence, &mut Choices),
) -> Trial {
    let mut record = origin_sent(world, dice);
    let mut evidence = origin_evidence(&record);
    change(&mut evidence, dice);
    let at = shift_clamped(record.last_event_at(), offset(dice));
    let result = event(&mut record, |r| r.apply(EventInput::origin_receipt(&evidence), at).map(drop));
    Trial::one(what.into(), "originReceipt", result, path)
}

fn origin_hash_mismatch(world: &World, dice: &mut Choices) -> Trial {
    origin_trial(world, dice, "a receipt of another transaction", "receipt.transactionHash", |evidence, dice| {
        evidence.receipt.transaction_hash.0[dice.below(32)] ^= 1 << dice.below(8);
    })
}

fn origin_wrong_chain(world: &World, dice: &mut Choices) -> Trial {
    origin_trial(world, dice, "a receipt from another chain", "chainId", |evidence, dice| {
        evidence.chain_id = Quantity(evidence.chain_id.0 ^ U256::from(1 + dice.below(1000)));
    })
}

fn origin_unconfirmed(world: &World, dice: &mut Choices) -> Trial {
    origin_trial(world, dice, "a receipt with the head below its block", "headBlockNumber", |evidence, dice| {
        let below = 1 + dice.below(EVIDENCE_BLOCK as usize);
        evidence.head_block_number = Quantity::from(EVIDENCE_BLOCK - below as u64);
    })
}

/// The fixture's cross-chain record past its burn (docs/spec.md §6.9), whatever the world:
/// the route's facts are of one burn, which the fixture builds.
fn attestation_mismatch(_world: &World, dice: &mut Choices) -> Trial {
    let mut record = crate::fixtures::burned_record();
    let mut fact = crate::fixtures::attestation_fact();
    // The bytes an attester completes: the nonce, finalityThresholdExecuted, feeExecuted
    // and expirationBlock.
    let completed =
        |at: usize| (12..44).contains(&at) || (144..148).contains(&at) || (148 + 164..148 + 228).contains(&at);
    let (what, path) = if dice.chance(1, 2) {
        let mut message = fact.message.to_vec();
        let at = loop {
            let at = dice.below(message.len());
            if !completed(at) {
                break at;
            }
        };
        message[at] ^= 1 << dice.below(8);
        fact.message = message.into();
        (format!("a message changed at byte {at}"), "message")
    } else {
        let len = loop {
            let len = dice.below(400);
            if !len.is_multiple_of(65) || len == 0 {
                break len;
            }
        };
        fact.attestation = Bytes::from(vec![0x1b; len]);
        (format!("an attestation of {len} bytes"), "attestation")
    };
    let at = shift_clamped(record.last_event_at(), offset(dice));
    let result = event(&mut record, |r| r.apply(EventInput::attestation(&fact), at).map(drop));
    Trial::one(what, "attestation", result, path)
}

/// A route or destination receipt of the fixture's cross-chain record following its
/// transaction, changed by `change`.
fn route_trial(
    dice: &mut Choices,
    what: &str,
    path: &str,
    change: impl FnOnce(&mut OriginEvidence, &mut Choices),
) -> Trial {
    let destination = crate::fixtures::intent().destination_chain_id;
    let mut evidence =
        intent_test_support::evidence::receipt(destination, crate::fixtures::REPORTED_HASH, 1, Vec::new());
    change(&mut evidence, dice);
    let (mut record, operation) = if dice.chance(1, 2) {
        (crate::fixtures::route_sent_record(), "routeReceipt")
    } else {
        (crate::fixtures::destination_sent_record(), "destinationReceipt")
    };
    let at = shift_clamped(record.last_event_at(), offset(dice));
    let input = if operation == "routeReceipt" {
        EventInput::route_receipt(&evidence)
    } else {
        EventInput::destination_receipt(&evidence)
    };
    let result = event(&mut record, |r| r.apply(input, at).map(drop));
    Trial::one(format!("{what} ({operation})"), operation, result, path)
}

/// An origin gone of the fixture's burned record, changed by `change`.
fn origin_gone_trial(
    dice: &mut Choices,
    what: &str,
    path: &str,
    change: impl FnOnce(&mut intent_core::OriginGone, &mut Choices),
) -> Trial {
    let mut record = crate::fixtures::burned_record();
    let mut gone = intent_core::OriginGone {
        chain_id: record.intent().origin_chain_id,
        hash: crate::fixtures::REPORTED_HASH,
        head_block_number: dice.next_u64(),
        unknown: UnknownMembers::new(),
    };
    change(&mut gone, dice);
    let at = shift_clamped(record.last_event_at(), offset(dice));
    let result = event(&mut record, |r| r.apply(EventInput::origin_gone(&gone), at).map(drop));
    Trial::one(format!("{what} (originGone)"), "originGone", result, path)
}

fn receipt_hash_mismatch(_world: &World, dice: &mut Choices) -> Trial {
    if dice.chance(1, 3) {
        return origin_gone_trial(dice, "an origin gone of another transaction", "hash", |gone, dice| {
            gone.hash.0[dice.below(32)] ^= 1 << dice.below(8);
        });
    }
    route_trial(dice, "a receipt of another transaction", "receipt.transactionHash", |evidence, dice| {
        evidence.receipt.transaction_hash.0[dice.below(32)] ^= 1 << dice.below(8);
    })
}

fn receipt_wrong_chain(_world: &World, dice: &mut Choices) -> Trial {
    if dice.chance(1, 3) {
        return origin_gone_trial(dice, "an origin gone of another chain", "chainId", |gone, dice| {
            gone.chain_id ^= 1 + dice.below(1000) as u64;
        });
    }
    route_trial(dice, "a receipt from another chain", "chainId", |evidence, dice| {
        evidence.chain_id = Quantity(evidence.chain_id.0 ^ U256::from(1 + dice.below(1000)));
    })
}

fn receipt_unconfirmed(_world: &World, dice: &mut Choices) -> Trial {
    route_trial(dice, "a receipt with the head below its block", "headBlockNumber", |evidence, dice| {
        let below = 1 + dice.below(EVIDENCE_BLOCK as usize);
        evidence.head_block_number = Quantity::from(EVIDENCE_BLOCK - below as u64);
    })
}

/// The state of a record in any status with one member broken (docs/spec.md §6.2), restored.
fn invalid_record(world: &World, dice: &mut Choices) -> Trial {
    let status = dice.pick(&STATES).clone();
    let mut state = record_in(world, &status, dice).state();
    let (what, path) = match dice.below(7) {
        0 => {
            state.version = 2 + dice.next_u64() % 1000;
            ("an unknown version", "version")
        }
        1 => {
            state.status = IntentStatus::Invalid;
            ("status INVALID", "status")
        }
        2 => {
            let mut bytes = state.intent_hash.0;
            bytes[dice.below(32)] ^= 1 << dice.below(8);
            state.intent_hash = bytes.into();
            ("another intent hash", "intentHash")
        }
        3 => {
            state.intent.status = IntentStatus::Committed;
            state.intent_hash = state.intent.canonical_hash();
            ("a quoted intent not in status QUOTED", "intent.status")
        }
        4 => {
            state.committed_at = match state.committed_at {
                Some(_) => None,
                None => Some(state.quoted_at),
            };
            ("committedAt against the status", "committedAt")
        }
        5 => {
            state.revision += 1 + dice.next_u64() % 1000;
            ("a revision beyond the status's", "revision")
        }
        _ => {
            state.last_event_at = shift_clamped(state.status_since, -1 - offset(dice));
            ("lastEventAt before statusSince", "lastEventAt")
        }
    };
    let result = IntentRecord::from_state(state).map(drop);
    Trial::one(format!("{what} in {status}"), "restore", result, path)
}
