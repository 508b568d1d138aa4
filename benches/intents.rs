//! The benchmarks of the hot paths, each beside its floor in the same criterion group, over the
//! corpus of `benches/data/intents.jsonl` (320 realistic intents written by
//! `benches/data/gen_intents.py`) and, for the canonical hash and parsing, also over
//! `benches/data/intents_dense.jsonl` (200 intents denser in numbers, decimals, call data and
//! unknown members, written by `benches/data/gen_dense.py`; groups suffixed `_dense`). Every benchmark processes the whole corpus (16
//! signatures for recovery) per iteration, with `Throughput::Elements` set to the number of
//! items, so criterion reports items per second; `benches/report.py` turns criterion's
//! medians into the tables of BENCHMARKS.md.
//!
//! Groups: `canonical_hash` (each intent hashed with it in cache) and `canonical_hash_cold`
//! (one pass over the corpus), `parse_and_hash`, the same three with `_dense`, `deposit_digest`, `recover`, `commit`,
//! `restore_record`.
//!
//! After the groups, a full `cargo bench` (no filter) also prints an interleaved
//! cross-check of the goals' ratios (`support::interleaved_report`).

use intent_test_support::bench as support;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, BatchSize, Criterion, Throughput};
use intent_core::eip712::recover_signer;
use intent_core::rules::{deposit_intent, deposit_intent_digest, deposit_intent_typed_data};
use intent_core::{from_slice, to_string, Canonical, Intent, IntentRecord, RecordState, StatePart};

use support::Corpus;

fn elements(n: usize) -> Throughput {
    Throughput::Elements(n as u64)
}

/// Times the second of two back-to-back calls of `f` on each item, so that the item is in
/// the CPU cache, as an intent is right after it was parsed or built.
fn second_call_time<T>(items: &[T], iters: u64, f: impl Fn(&T)) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        for item in items {
            f(item);
            let start = Instant::now();
            f(item);
            total += start.elapsed();
        }
    }
    total
}

/// `canonical_hash` of a parsed intent beside `keccak256` of its canonical bytes: in group
/// `canonical_hash` with the intent (and the bytes) in cache, in group
/// `canonical_hash_cold` in one pass over the whole corpus (2.5 MB of intents, so each
/// intent comes from memory, while the floor streams contiguous bytes).
fn canonical_hash(c: &mut Criterion, corpus: &Corpus, suffix: &str) {
    let mut group = c.benchmark_group(format!("canonical_hash{suffix}"));
    group.throughput(elements(corpus.intents.len()));
    group.bench_function("floor: keccak256(canonical bytes)", |b| {
        b.iter_custom(|iters| {
            second_call_time(&corpus.canonical, iters, |text| {
                black_box(alloy_primitives::keccak256(black_box(text.as_bytes())));
            })
        })
    });
    group.bench_function("Intent::canonical_hash", |b| {
        b.iter_custom(|iters| {
            second_call_time(&corpus.intents, iters, |intent| {
                black_box(black_box(intent).canonical_hash());
            })
        })
    });
    group.bench_function("info: Intent::canonical_json (String)", |b| {
        b.iter_custom(|iters| {
            second_call_time(&corpus.intents, iters, |intent| {
                black_box(black_box(intent).canonical_json());
            })
        })
    });
    group.finish();

    let mut group = c.benchmark_group(format!("canonical_hash_cold{suffix}"));
    group.throughput(elements(corpus.intents.len()));
    group.bench_function("floor: keccak256(canonical bytes)", |b| {
        b.iter(|| {
            for text in &corpus.canonical {
                black_box(alloy_primitives::keccak256(black_box(text.as_bytes())));
            }
        })
    });
    group.bench_function("Intent::canonical_hash", |b| {
        b.iter(|| {
            for intent in &corpus.intents {
                black_box(black_box(intent).canonical_hash());
            }
        })
    });
    group.finish();
}

/// `from_slice::<Intent>` + `canonical_hash` from the wire bytes beside a serde_json
/// `Value` parse of the same bytes + `keccak256` of the canonical bytes.
fn parse_and_hash(c: &mut Criterion, corpus: &Corpus, suffix: &str) {
    let mut group = c.benchmark_group(format!("parse_and_hash{suffix}"));
    group.throughput(elements(corpus.lines.len()));
    group.bench_function("floor: serde_json::Value parse + keccak256(canonical bytes)", |b| {
        b.iter(|| {
            for (line, text) in corpus.lines.iter().zip(&corpus.canonical) {
                black_box(serde_json::from_slice::<serde_json::Value>(black_box(line)).unwrap());
                black_box(alloy_primitives::keccak256(black_box(text.as_bytes())));
            }
        })
    });
    group.bench_function("from_slice::<Intent> + canonical_hash", |b| {
        b.iter(|| {
            for line in &corpus.lines {
                let intent: Intent = from_slice(black_box(line)).unwrap();
                black_box(intent.canonical_hash());
            }
        })
    });
    group.bench_function("info: from_slice::<Intent>", |b| {
        b.iter(|| {
            for line in &corpus.lines {
                black_box(from_slice::<Intent>(black_box(line)).unwrap());
            }
        })
    });
    group.bench_function("info: serde_json::Value parse", |b| {
        b.iter(|| {
            for line in &corpus.lines {
                black_box(serde_json::from_slice::<serde_json::Value>(black_box(line)).unwrap());
            }
        })
    });
    group.finish();
}

/// docs/spec.md §11.1: serde_json through the `serde` feature beside the library's own
/// entry points, which are their floors (the serde path hands the raw text to the same
/// reader, and writes the same text): goal at most 1.1× `from_slice::<Intent>`.
fn serde_json_entry_points(c: &mut Criterion, corpus: &Corpus) {
    let mut group = c.benchmark_group("serde_parse");
    group.throughput(elements(corpus.lines.len()));
    group.bench_function("floor: from_slice::<Intent>", |b| {
        b.iter(|| {
            for line in &corpus.lines {
                black_box(from_slice::<Intent>(black_box(line)).unwrap());
            }
        })
    });
    group.bench_function("serde_json::from_slice::<Intent>", |b| {
        b.iter(|| {
            for line in &corpus.lines {
                black_box(serde_json::from_slice::<Intent>(black_box(line)).unwrap());
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group("serde_write");
    group.throughput(elements(corpus.intents.len()));
    group.bench_function("floor: to_string(&Intent)", |b| {
        b.iter(|| {
            for intent in &corpus.intents {
                black_box(intent_core::to_string(black_box(intent)));
            }
        })
    });
    group.bench_function("serde_json::to_string(&Intent)", |b| {
        b.iter(|| {
            for intent in &corpus.intents {
                black_box(serde_json::to_string(black_box(intent)).unwrap());
            }
        })
    });
    group.finish();
}

alloy_sol_types::sol! {
    /// The deposit-intent struct of docs/spec.md §5.1, for alloy's static `sol!` digest (a reference).
    struct ServiceIntent {
        address user;
        address token;
        uint256 amount;
        address intentAddress;
        uint256 deadline;
        uint256 chainId;
        uint256 nonce;
        uint256 feeAmount;
        address feeCollector;
    }
}

/// The deposit-intent digest from a parsed intent with a cached domain beside the floor of
/// its own keccak work: keccak256 over 10 × 32 bytes (the struct hash input) and over 66
/// bytes (the digest input).
fn deposit_digest(c: &mut Criterion, corpus: &Corpus) {
    let deposits = support::deposits(corpus);
    let sol: Vec<(ServiceIntent, alloy_sol_types::Eip712Domain)> = corpus
        .intents
        .iter()
        .zip(&deposits)
        .map(|(intent, deposit)| {
            let m = deposit_intent(intent, &deposit.signature).unwrap();
            let message = ServiceIntent {
                user: m.user,
                token: m.token,
                amount: m.amount,
                intentAddress: m.intent_address,
                deadline: m.deadline,
                chainId: m.chain_id,
                nonce: m.nonce,
                feeAmount: m.fee_amount,
                feeCollector: m.fee_collector,
            };
            let domain = alloy_sol_types::eip712_domain! {
                name: "ServiceIntentEntrypoint",
                version: "1",
                chain_id: deposit.domain.chain_id(),
                verifying_contract: deposit.domain.verifying_contract(),
            };
            let digest = alloy_sol_types::SolStruct::eip712_signing_hash(&message, &domain);
            assert_eq!(digest, support::deposit_digest(intent, deposit));
            (message, domain)
        })
        .collect();

    let mut group = c.benchmark_group("deposit_digest");
    group.throughput(elements(deposits.len()));
    group.bench_function("floor: keccak256(320 B) + keccak256(66 B)", |b| {
        b.iter(|| deposits.iter().for_each(support::deposit_digest_floor))
    });
    group.bench_function("deposit_intent + EntrypointDomain::digest (cached domain)", |b| {
        b.iter(|| {
            for (intent, deposit) in corpus.intents.iter().zip(&deposits) {
                black_box(support::deposit_digest(black_box(intent), black_box(deposit)));
            }
        })
    });
    let names = intent_core::eip712::EntrypointNames::default();
    group.bench_function("info: deposit_intent_digest (domain built per call)", |b| {
        b.iter(|| {
            for (intent, deposit) in corpus.intents.iter().zip(&deposits) {
                black_box(deposit_intent_digest(intent, &deposit.signature, &names).unwrap());
            }
        })
    });
    group.bench_function("info: deposit_intent_typed_data + TypedData::to_json (docs/spec.md §5.4)", |b| {
        b.iter(|| {
            for (intent, deposit) in corpus.intents.iter().zip(&deposits) {
                let typed = deposit_intent_typed_data(intent, &deposit.signature, &names).unwrap();
                black_box(typed.to_json());
            }
        })
    });
    group.bench_function("info: alloy sol! eip712_signing_hash (runtime domain)", |b| {
        b.iter(|| {
            for (message, domain) in &sol {
                black_box(alloy_sol_types::SolStruct::eip712_signing_hash(black_box(message), black_box(domain)));
            }
        })
    });
    group.finish();
}

/// `recover_signer` beside k256's `recover_from_prehash` + address derivation and alloy's
/// `recover_address_from_prehash`, on the same digests.
fn recover(c: &mut Criterion, corpus: &Corpus) {
    let signed = support::signed(corpus);
    let mut group = c.benchmark_group("recover");
    group.throughput(elements(signed.len()));
    group.bench_function("floor: k256 recover_from_prehash + address", |b| {
        b.iter(|| {
            for s in &signed {
                black_box(support::k256_recover(black_box(&s.digest), black_box(&s.signature)));
            }
        })
    });
    group.bench_function("floor: alloy Signature::recover_address_from_prehash", |b| {
        b.iter(|| {
            for s in &signed {
                let signature = alloy_primitives::Signature::from_raw(black_box(&s.signature)).unwrap();
                black_box(signature.recover_address_from_prehash(black_box(&s.digest)).unwrap());
            }
        })
    });
    group.bench_function("recover_signer", |b| {
        b.iter(|| {
            for s in &signed {
                black_box(recover_signer(black_box(&s.digest), black_box(&s.signature)).unwrap());
            }
        })
    });
    group.finish();
}

/// The whole commit check from the CommitRequest bytes (parse with every value validated,
/// hash, compare with the quoted hash, check both expiries and the service contracts, move
/// the record to COMMITTED), reported in intents per second. The quoted records are cloned
/// outside the timing.
fn commit(c: &mut Criterion, corpus: &Corpus) {
    let commits = support::commits(corpus);
    let mut group = c.benchmark_group("commit");
    group.throughput(elements(commits.records.len()));
    group.bench_function("reference: serde_json::Value parse + keccak256(canonical bytes)", |b| {
        b.iter(|| {
            for (request, text) in commits.requests.iter().zip(&corpus.canonical) {
                black_box(serde_json::from_slice::<serde_json::Value>(black_box(request.as_bytes())).unwrap());
                black_box(alloy_primitives::keccak256(black_box(text.as_bytes())));
            }
        })
    });
    group.bench_function("from_slice::<CommitRequest> + IntentRecord::commit", |b| {
        b.iter_batched_ref(
            || commits.records.clone(),
            |records| {
                for ((record, request), at) in records.iter_mut().zip(&commits.requests).zip(&commits.times) {
                    support::commit(record, black_box(request.as_bytes()), *at);
                }
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

/// Restoring a committed record from its RecordState JSON text (`from_slice::<RecordState>`
/// and `IntentRecord::from_state`: no signature recovery) beside `from_slice::<Intent>` of
/// the same intent, the floor (goal: at most 1.3× of it). For the breakdown: the parse
/// alone, and the parse plus the canonical hash that `from_state` checks `intentHash` against.
fn restore_record(c: &mut Criterion, corpus: &Corpus) {
    let states = support::committed_states(&support::commits(corpus));
    let mut group = c.benchmark_group("restore_record");
    group.throughput(elements(states.len()));
    group.bench_function("floor: from_slice::<Intent>", |b| {
        b.iter(|| {
            for line in &corpus.lines {
                black_box(from_slice::<Intent>(black_box(line)).unwrap());
            }
        })
    });
    group.bench_function("info: from_slice::<RecordState>", |b| {
        b.iter(|| {
            for state in &states {
                black_box(from_slice::<RecordState>(black_box(state.as_bytes())).unwrap());
            }
        })
    });
    group.bench_function("info: from_slice::<Intent> + canonical_hash", |b| {
        b.iter(|| {
            for line in &corpus.lines {
                black_box(from_slice::<Intent>(black_box(line)).unwrap().canonical_hash());
            }
        })
    });
    group.bench_function("from_slice::<RecordState> + IntentRecord::from_state", |b| {
        b.iter(|| {
            for state in &states {
                black_box(support::restore(black_box(state.as_bytes())));
            }
        })
    });
    group.finish();
}

/// Writing a committed record's RecordState JSON, as a server stores it at each change:
/// `to_string(&record.state())` (the floor: the state built, cloning the record, and
/// written), beside `IntentRecord::state_json(StatePart::Whole)` on records that wrote their
/// quoted members' text before (a record kept between changes), its first call (which
/// writes it), and `state_json(StatePart::Changing)`, what a server that stores the quoted
/// part apart writes at each change.
fn write_state(c: &mut Criterion, corpus: &Corpus) {
    let states = support::committed_states(&support::commits(corpus));
    let records: Vec<IntentRecord> = states.iter().map(|state| support::restore(state.as_bytes())).collect();
    let mut changing = records.clone();
    let mut written = records.clone();
    for record in &mut written {
        record.state_json(StatePart::Whole);
    }
    let mut group = c.benchmark_group("write_state");
    group.throughput(elements(records.len()));
    group.bench_function("floor: to_string(&record.state())", |b| {
        b.iter(|| {
            for record in &records {
                black_box(to_string(&black_box(record).state()));
            }
        })
    });
    group.bench_function("IntentRecord::state_json(Whole), quoted members written before", |b| {
        b.iter(|| {
            for record in &mut written {
                black_box(black_box(&mut *record).state_json(StatePart::Whole));
            }
        })
    });
    group.bench_function("IntentRecord::state_json(Changing) (all but the quoted members)", |b| {
        b.iter(|| {
            for record in &mut changing {
                black_box(black_box(&mut *record).state_json(StatePart::Changing));
            }
        })
    });
    group.bench_function("info: IntentRecord::state_json(Whole), first call", |b| {
        b.iter_batched_ref(
            || records.clone(),
            |records| {
                for record in records.iter_mut() {
                    black_box(record.state_json(StatePart::Whole));
                }
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let corpus = support::corpus();
    let dense = support::dense_corpus();
    canonical_hash(c, &corpus, "");
    canonical_hash(c, &dense, "_dense");
    parse_and_hash(c, &corpus, "");
    parse_and_hash(c, &dense, "_dense");
    serde_json_entry_points(c, &corpus);
    deposit_digest(c, &corpus);
    recover(c, &corpus);
    commit(c, &corpus);
    restore_record(c, &corpus);
    write_state(c, &corpus);
}

criterion_group! {
    name = intents;
    config = support::quick_criterion();
    targets = benches
}

fn main() {
    intents();
    Criterion::default().configure_from_args().final_summary();
    if support::cross_check_requested() {
        support::interleaved_report(&support::corpus(), &support::dense_corpus(), 15);
    }
}
