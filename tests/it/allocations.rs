//! `canonical_hash` streams the canonical form into the hasher through a stack buffer: it
//! allocates nothing, whatever the intent holds. A counting global allocator
//! counts the allocations made on the current thread, so tests running in parallel on
//! other threads do not disturb the count. No timing is asserted here.

use alloy_primitives::{keccak256, Address, Bytes, U256};
use intent_core::rules::check_intent;
use intent_core::{from_slice, Canonical, CommitRequest, GasFeeOptions, Intent, QuoteRequest};

/// Runs `f` and returns its value with the number of allocations it made on this thread.
fn allocations_during<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let (value, cost) = crate::heap::cost_of(f);
    (value, cost.allocations)
}

/// Asserts that hashing `value` allocates nothing, and that the hash is the keccak of the
/// canonical JSON (so that the value really went through the writer).
fn assert_hash_allocates_nothing<T: Canonical>(what: &str, value: &T) {
    let (hash, allocations) = allocations_during(|| value.canonical_hash());
    assert_eq!(allocations, 0, "{what}: canonical_hash allocated {allocations} times");
    assert_eq!(hash, keccak256(value.canonical_json()), "{what}: hash differs from keccak256(canonical_json)");
}

fn example(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/examples/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn example_intent() -> Intent {
    from_slice(&example("intent.json")).unwrap()
}

#[test]
fn the_counter_counts() {
    let intent = example_intent();
    let (json, allocations) = allocations_during(|| intent.canonical_json());
    assert!(!json.is_empty());
    assert!(allocations > 0, "building the canonical JSON string must allocate, or the counter is broken");
}

#[test]
fn hashing_the_example_intent_allocates_nothing() {
    assert_hash_allocates_nothing("examples/intent.json", &example_intent());
}

#[test]
fn hashing_the_other_example_objects_allocates_nothing() {
    let options: GasFeeOptions = from_slice(&example("gas-fee-options.json")).unwrap();
    assert_hash_allocates_nothing("examples/gas-fee-options.json", &options);
    let request: QuoteRequest = from_slice(&example("quote-request.json")).unwrap();
    assert_hash_allocates_nothing("examples/quote-request.json", &request);
    let intent = example_intent();
    let commit = format!(
        r#"{{"intent":{},"serviceContracts":{}}}"#,
        intent_core::to_string(&intent),
        intent_core::to_string(&intent.service_contracts)
    );
    let commit: CommitRequest = from_slice(commit.as_bytes()).unwrap();
    assert_hash_allocates_nothing("a CommitRequest", &commit);
}

#[test]
fn hashing_an_intent_with_unknown_members_allocates_nothing() {
    let mut intent = example_intent();
    intent
        .insert_unknown(
            "aaPartner",
            r#"{"z": [1, 2.5e-7, -0, "tab\there \u0001 ünï", {"b": null, "a": true}], "big": 123456789012345678901234567890123456789012345678901234567890, "exp": 1E21}"#,
        )
        .unwrap();
    intent.insert_unknown("zzz", r#""日本語 \"quoted\" \\ back\\slash""#).unwrap();
    intent.quote.insert_unknown("aaExtension", "[-0.0, 1e-7, 123456789.125, 18446744073709551616]").unwrap();
    intent.origin_calls.calls[0].insert_unknown("memo", r#"{"nested": {"deeper": [[], {}]}}"#).unwrap();
    intent.fees.origin_gas.insert_unknown("l1DataFee", r#""4750000000000""#).unwrap();
    assert_hash_allocates_nothing("unknown members", &intent);
}

#[test]
fn hashing_an_intent_with_big_numbers_allocates_nothing() {
    let mut intent = example_intent();
    intent.salt = U256::MAX;
    intent.deposit_transaction.amount = U256::from(1u8) << 255;
    intent.quote.from_amount = (U256::from(1u8) << 128) + U256::from(1u8);
    intent.quote.to_amount = U256::from(u128::MAX);
    intent.quote.to_amount_min = U256::from(u64::MAX) + U256::from(1u8);
    intent.fees.fee_token_total = U256::from(10u8).pow(U256::from(77u8));
    intent.origin_calls.nonce = Some(U256::MAX - U256::from(1u8));
    intent.origin_calls.calls[0].value = Some(U256::from(10u8).pow(U256::from(38u8)));
    intent.origin_calls.calls[0].gas_limit = Some(U256::ZERO);
    intent.id = u64::MAX;
    intent.origin_chain_id = u64::MAX;
    assert_hash_allocates_nothing("big numbers", &intent);
}

#[test]
fn hashing_an_intent_with_long_calldata_allocates_nothing() {
    let mut intent = example_intent();
    let long: Vec<u8> = (0..100_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
    intent.origin_calls.calls[0].data = Some(Bytes::from(long.clone()));
    intent.origin_calls.calls[1].data = Some(Bytes::new());
    intent.origin_meta_txn.input = Bytes::from(long[..60_001].to_vec());
    intent.quote_request.destination_call_data = Some(Bytes::from(long[..1089].to_vec()));
    assert_hash_allocates_nothing("long calldata", &intent);
}

#[test]
fn hashing_an_intent_with_non_ascii_strings_allocates_nothing() {
    let mut intent = example_intent();
    intent.intent_id = "ünïcødé → 測試 🚀 \u{1}\u{1f} \"quoted\" \\ \t\n\r\u{8}\u{c} \u{7f}\u{80}".into();
    intent.service_version = "v1.4.2 — “beta” ✓".into();
    intent.origin_precondition.kind = "erc20-min-balance\u{0}".into();
    intent.quote.route_providers_request_ids[0] = "rq_Ünïcødé_→_測試_🚀".repeat(100);
    intent.origin_calls.calls[0].to = Address::repeat_byte(0xAB);
    assert_hash_allocates_nothing("non-ascii strings", &intent);
}

/// Checks every intent of a benchmark corpus (`benches/data/NAME`): it parses, passes
/// `check_intent` (the corpora are meant to be valid intents, docs/spec.md section 7) and
/// hashes without allocating. Returns how many intents it checked.
fn check_benchmark_corpus(name: &str) -> usize {
    let data = std::fs::read_to_string(format!("{}/benches/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut count = 0;
    for (i, line) in data.lines().enumerate() {
        let at = format!("benches/data/{name} line {}", i + 1);
        let intent: Intent = from_slice(line.as_bytes()).unwrap_or_else(|e| panic!("{at}: {e}"));
        check_intent(&intent).unwrap_or_else(|e| panic!("{at}: {e}"));
        assert_hash_allocates_nothing(&at, &intent);
        count += 1;
    }
    count
}

#[test]
fn hashing_every_benchmark_intent_allocates_nothing() {
    let count = check_benchmark_corpus("intents.jsonl");
    assert!(count >= 300, "the benchmark corpus has {count} intents");
}

#[test]
fn hashing_every_dense_benchmark_intent_allocates_nothing() {
    let count = check_benchmark_corpus("intents_dense.jsonl");
    assert!(count >= 200, "the dense benchmark corpus has {count} intents");
}
