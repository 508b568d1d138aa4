//! What the benchmarks share: the corpora of `benches/data/intents.jsonl` and
//! `benches/data/intents_dense.jsonl`, the inputs of each goal and its floor, and the
//! interleaved cross-check of the goals' ratios.

use std::hint::black_box;
use std::time::Instant;

use alloy_primitives::{keccak256, Address, B256};
use intent_core::eip712::{recover_signer, EntrypointDomain, EntrypointNames};
use intent_core::rules::{check_intent, deposit_intent, entrypoint_domain};
use intent_core::IntentRecord;
use intent_core::{
    from_slice, to_string, Canonical, CommitRequest, DepositSignature, EventInput, Intent, Policy, RecordState,
    Timestamp,
};
use k256::ecdsa::{RecoveryId, Signature as K256Signature, SigningKey, VerifyingKey};

/// How many signatures the recovery benchmarks check (recovery costs ~10^4 times a digest,
/// so a slice of the corpus keeps them quick).
pub const RECOVER_COUNT: usize = 16;

/// A corpus of intents: their wire bytes, parsed, and their canonical JSON.
pub struct Corpus {
    pub lines: Vec<&'static [u8]>,
    pub intents: Vec<Intent>,
    pub canonical: Vec<String>,
}

/// The 320 intents of `benches/data/intents.jsonl` (written by `benches/data/gen_intents.py`).
pub fn corpus() -> Corpus {
    load(include_str!("../../benches/data/intents.jsonl"))
}

/// The 200 intents of `benches/data/intents_dense.jsonl` (written by
/// `benches/data/gen_dense.py`): more numbers and decimals, longer call data, unknown
/// members in every intent.
pub fn dense_corpus() -> Corpus {
    load(include_str!("../../benches/data/intents_dense.jsonl"))
}

/// Loads a corpus, one intent per line, checking that every intent parses, passes
/// `check_intent`, and hashes to the keccak of its canonical JSON.
fn load(data: &'static str) -> Corpus {
    let lines: Vec<&'static [u8]> = data.lines().map(str::as_bytes).collect();
    let intents: Vec<Intent> = lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let intent: Intent = from_slice(line).unwrap_or_else(|e| panic!("intent {}: {e}", i + 1));
            check_intent(&intent).unwrap_or_else(|e| panic!("intent {}: {e}", i + 1));
            intent
        })
        .collect();
    let canonical: Vec<String> = intents.iter().map(Canonical::canonical_json).collect();
    for (intent, text) in intents.iter().zip(&canonical) {
        assert_eq!(intent.canonical_hash(), keccak256(text.as_bytes()));
    }
    Corpus { lines, intents, canonical }
}

/// A deposit signature for `intent` (entrypoint mode): its deposit token as the fee token,
/// a fee, a deadline and a nonce that vary with `i`.
pub fn deposit_signature(intent: &Intent, i: usize) -> DepositSignature {
    let text = format!(
        r#"{{"selectedGasFeeOption":{{"tokenAddress":"{token}","tokenSymbol":"TKN","tokenDecimals":18,
            "amount":"{fee}","amountUsd":0.147772,"feeCollectorAddress":"{collector}","is2612":true}},
            "deadline":{deadline},"userNonce":"{nonce}"}}"#,
        token = intent.deposit_transaction.token_address,
        fee = 147_772_000_000_000u64 + i as u64,
        collector = Address::repeat_byte(0xd1),
        deadline = 1_795_286_100 + i as u64,
        nonce = i,
    );
    from_slice(text.as_bytes()).unwrap()
}

/// One deposit-intent digest to compute, with the bytes its floor hashes.
pub struct Deposit {
    pub signature: DepositSignature,
    /// The entrypoint's domain, computed once (the cached domain).
    pub domain: EntrypointDomain,
    /// The struct hash's input: the type hash and the nine words (10 × 32 bytes).
    pub struct_input: [u8; 320],
    /// The digest's input: `0x19 0x01 ‖ separator ‖ struct hash` (66 bytes).
    pub digest_input: [u8; 66],
}

/// A [`Deposit`] per intent of the corpus; checks that the floor's two keccak calls give
/// the digest.
pub fn deposits(corpus: &Corpus) -> Vec<Deposit> {
    let names = EntrypointNames::default();
    corpus
        .intents
        .iter()
        .enumerate()
        .map(|(i, intent)| {
            let signature = deposit_signature(intent, i);
            let domain = entrypoint_domain(&names, intent).unwrap();
            let m = deposit_intent(intent, &signature).unwrap();
            let words = [
                domain.type_hash().0,
                m.user.into_word().0,
                m.token.into_word().0,
                m.amount.to_be_bytes(),
                m.intent_address.into_word().0,
                m.deadline.to_be_bytes(),
                m.chain_id.to_be_bytes(),
                m.nonce.to_be_bytes(),
                m.fee_amount.to_be_bytes(),
                m.fee_collector.into_word().0,
            ];
            let mut struct_input = [0u8; 320];
            for (chunk, word) in struct_input.chunks_mut(32).zip(&words) {
                chunk.copy_from_slice(word);
            }
            let mut digest_input = [0u8; 66];
            digest_input[..2].copy_from_slice(&[0x19, 0x01]);
            digest_input[2..34].copy_from_slice(domain.separator().as_slice());
            digest_input[34..].copy_from_slice(keccak256(struct_input).as_slice());
            assert_eq!(keccak256(digest_input), domain.digest(&m));
            Deposit { signature, domain, struct_input, digest_input }
        })
        .collect()
}

/// The deposit-intent digest from a parsed intent with a cached domain.
#[inline]
pub fn deposit_digest(intent: &Intent, deposit: &Deposit) -> B256 {
    let message = deposit_intent(intent, &deposit.signature).unwrap();
    deposit.domain.digest(&message)
}

/// The floor of [`deposit_digest`]: keccak256 over the same byte lengths.
#[inline]
pub fn deposit_digest_floor(deposit: &Deposit) {
    black_box(keccak256(black_box(&deposit.struct_input)));
    black_box(keccak256(black_box(&deposit.digest_input)));
}

/// A signed digest: the canonical hash of an intent signed by a key derived from its index.
pub struct Signed {
    pub digest: B256,
    pub signature: [u8; 65],
    pub signer: Address,
}

/// [`RECOVER_COUNT`] signatures over intents of the corpus (k256 signs with low `s`).
pub fn signed(corpus: &Corpus) -> Vec<Signed> {
    corpus
        .intents
        .iter()
        .take(RECOVER_COUNT)
        .enumerate()
        .map(|(i, intent)| {
            let digest = intent.canonical_hash();
            let key = SigningKey::from_slice(keccak256(i.to_be_bytes()).as_slice()).unwrap();
            let (signature, recovery_id) = key.sign_prehash_recoverable(digest.as_slice()).unwrap();
            let mut bytes = [0u8; 65];
            bytes[..64].copy_from_slice(&signature.to_bytes());
            bytes[64] = 27 + recovery_id.to_byte();
            let point = key.verifying_key().to_encoded_point(false);
            let signer = Address::from_slice(&keccak256(&point.as_bytes()[1..])[12..]);
            assert_eq!(recover_signer(&digest, &bytes).unwrap(), signer);
            assert_eq!(k256_recover(&digest, &bytes), signer);
            Signed { digest, signature: bytes, signer }
        })
        .collect()
}

/// The floor of signer recovery: k256's `recover_from_prehash` and the address of the key.
#[inline]
pub fn k256_recover(digest: &B256, bytes: &[u8; 65]) -> Address {
    let signature = K256Signature::from_slice(&bytes[..64]).unwrap();
    let recovery_id = RecoveryId::from_byte(bytes[64] - 27).unwrap();
    let key = VerifyingKey::recover_from_prehash(digest.as_slice(), &signature, recovery_id).unwrap();
    let point = key.to_encoded_point(false);
    Address::from_slice(&keccak256(&point.as_bytes()[1..])[12..])
}

/// The commit check's inputs: a QUOTED record per intent, the CommitRequest bytes a client
/// sends back, and the time of the commit.
pub struct Commits {
    pub records: Vec<IntentRecord>,
    pub requests: Vec<String>,
    pub times: Vec<Timestamp>,
}

/// Quotes every intent 100 s before it expires and prepares its commit 40 s later; checks
/// that each commit succeeds.
pub fn commits(corpus: &Corpus) -> Commits {
    let policy = Policy::default();
    let mut commits = Commits { records: Vec::new(), requests: Vec::new(), times: Vec::new() };
    for (intent, line) in corpus.intents.iter().zip(&corpus.lines) {
        let quoted_at = intent.expires_at.checked_add_seconds(-100).unwrap();
        commits.records.push(IntentRecord::quote(intent.clone(), None, &policy, quoted_at).unwrap());
        let line = std::str::from_utf8(line).unwrap();
        let contracts = to_string(&intent.service_contracts);
        commits.requests.push(format!(r#"{{"intent":{line},"serviceContracts":{contracts}}}"#));
        commits.times.push(quoted_at.checked_add_seconds(40).unwrap());
    }
    for ((record, request), at) in commits.records.iter().zip(&commits.requests).zip(&commits.times) {
        commit(&mut record.clone(), request.as_bytes(), *at);
    }
    commits
}

/// Every commit of [`commits`] applied, and each committed record's RecordState JSON text:
/// what a server loads before it executes.
pub fn committed_states(commits: &Commits) -> Vec<String> {
    let mut states = Vec::with_capacity(commits.records.len());
    for ((record, request), at) in commits.records.iter().zip(&commits.requests).zip(&commits.times) {
        let mut record = record.clone();
        commit(&mut record, request.as_bytes(), *at);
        let text = to_string(&record.state());
        assert_eq!(restore(text.as_bytes()), record, "the state restores the record");
        states.push(text);
    }
    states
}

/// Restores a record from its RecordState JSON text: parse (every value validated), then
/// [`IntentRecord::from_state`] (its checks, the intent's canonical hash among them).
#[inline]
pub fn restore(state: &[u8]) -> IntentRecord {
    IntentRecord::from_state(from_slice::<RecordState>(state).unwrap()).unwrap()
}

/// The whole commit check: parse the CommitRequest (every value validated), hash, compare
/// with the quoted hash, check the expiries and service contracts, move to COMMITTED.
#[inline]
pub fn commit(record: &mut IntentRecord, request: &[u8], at: Timestamp) {
    let request: CommitRequest = from_slice(request).unwrap();
    let _ = black_box(
        record.apply(EventInput::commit_with(&request.intent, request.service_contracts.as_ref()), at).unwrap(),
    );
}

/// Quick criterion settings: the whole `benches/intents.rs` run takes about two minutes.
pub fn quick_criterion() -> criterion::Criterion {
    criterion::Criterion::default()
        .sample_size(30)
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3))
        .without_plots()
}

/// Whether to print the interleaved cross-check after the criterion groups: `cargo bench`
/// runs a bench binary with `--bench`, `cargo test` without it, and a filter
/// (`cargo bench -- canonical`) skips the cross-check unless it is `interleaved`.
pub fn cross_check_requested() -> bool {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut filters = args.iter().filter(|a| !a.starts_with('-'));
    args.iter().any(|a| a == "--bench") && filters.all(|f| f == "interleaved")
}

/// Per item, `rounds` timings of `candidate` and of `floor` taken alternately (the order
/// swapped every round), each after one untimed call of both so that the item is in cache.
/// Returns, summed over the items, the per-item medians and minima (nanoseconds) of the
/// candidate and of the floor.
pub fn interleave<T>(items: &[T], rounds: usize, candidate: impl Fn(&T), floor: impl Fn(&T)) -> [f64; 4] {
    let mut times = vec![(Vec::with_capacity(rounds), Vec::with_capacity(rounds)); items.len()];
    let timed = |f: &dyn Fn(&T), item: &T| {
        let start = Instant::now();
        f(item);
        start.elapsed().as_nanos() as f64
    };
    for round in 0..rounds {
        for (item, (a, b)) in items.iter().zip(&mut times) {
            candidate(item);
            floor(item);
            if round.is_multiple_of(2) {
                a.push(timed(&candidate, item));
                b.push(timed(&floor, item));
            } else {
                b.push(timed(&floor, item));
                a.push(timed(&candidate, item));
            }
        }
    }
    let median = |v: &Vec<f64>| {
        let mut v = v.clone();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let min = |v: &Vec<f64>| v.iter().copied().fold(f64::INFINITY, f64::min);
    let mut sums = [0.0; 4];
    for (a, b) in &times {
        for (sum, value) in sums.iter_mut().zip([median(a), median(b), min(a), min(b)]) {
            *sum += value;
        }
    }
    sums
}

/// Prints the header of the table whose lines [`row`] and [`info_row`] print.
pub fn print_interleaved_header() {
    println!("| goal | candidate per item (median) | floor per item (median) | ratio of medians | ratio of minima | target |");
    println!("|---|---|---|---|---|---|");
}

/// One line of the interleaved table: what [`interleave`] returned, per item, for a goal
/// of at most `target` times the floor.
pub fn row(goal: &str, target: f64, items: usize, sums: [f64; 4]) {
    info_row(goal, &format!("≤ {target}×"), items, sums);
}

/// [`row`] with the target column as given (`—` for a comparison without a goal).
pub fn info_row(goal: &str, target: &str, items: usize, [median_a, median_b, min_a, min_b]: [f64; 4]) {
    let n = items as f64 * 1000.0;
    println!(
        "| {goal} | {:.2} µs | {:.2} µs | {:.2}× | {:.2}× | {target} |",
        median_a / n,
        median_b / n,
        median_a / median_b,
        min_a / min_b
    );
}

/// Prints each goal's ratio from interleaved timings, a cross-check of the criterion
/// groups that holds up on a shared machine: candidate and floor alternate item by item,
/// so a slow phase of the machine (other processes, other virtual machines) slows both.
pub fn interleaved_report(corpus: &Corpus, dense: &Corpus, rounds: usize) {
    println!("\nInterleaved cross-check ({rounds} rounds; per item: median and fastest of its timings, in cache)\n");
    print_interleaved_header();
    for (name, corpus) in [("", corpus), (", dense corpus", dense)] {
        let pairs: Vec<(&Intent, &String)> = corpus.intents.iter().zip(&corpus.canonical).collect();
        let result = interleave(
            &pairs,
            rounds,
            |(intent, _)| {
                black_box(black_box(*intent).canonical_hash());
            },
            |(_, text)| {
                black_box(keccak256(black_box(text.as_bytes())));
            },
        );
        row(&format!("canonical_hash / keccak256(canonical bytes){name}"), 1.2, pairs.len(), result);
        let pairs: Vec<(&[u8], &String)> = corpus.lines.iter().copied().zip(&corpus.canonical).collect();
        let result = interleave(
            &pairs,
            rounds,
            |(line, _)| {
                black_box(from_slice::<Intent>(black_box(line)).unwrap().canonical_hash());
            },
            |(line, text)| {
                black_box(serde_json::from_slice::<serde_json::Value>(black_box(line)).unwrap());
                black_box(keccak256(black_box(text.as_bytes())));
            },
        );
        row(
            &format!("from_slice::<Intent> + canonical_hash / serde_json Value parse + keccak256{name}"),
            1.0,
            pairs.len(),
            result,
        );
    }
    let deposits = deposits(corpus);
    let pairs: Vec<(&Intent, &Deposit)> = corpus.intents.iter().zip(&deposits).collect();
    let result = interleave(
        &pairs,
        rounds,
        |(intent, deposit)| {
            black_box(deposit_digest(black_box(intent), black_box(deposit)));
        },
        |(_, deposit)| deposit_digest_floor(deposit),
    );
    row("deposit digest (cached domain) / keccak256(320 B) + keccak256(66 B)", 1.3, pairs.len(), result);
    let signed = signed(corpus);
    let result = interleave(
        &signed,
        rounds,
        |s| {
            black_box(recover_signer(black_box(&s.digest), black_box(&s.signature)).unwrap());
        },
        |s| {
            black_box(k256_recover(black_box(&s.digest), black_box(&s.signature)));
        },
    );
    row("recover_signer / k256 recover_from_prehash + address", 1.1, signed.len(), result);
}
