//! A small driver for profiling (BENCHMARKS.md, "Where the time goes"): it runs one
//! operation of the benchmarks over the corpus, `reps` times, inside a function that
//! callgrind can isolate with `--toggle-collect`.
//!
//! ```text
//! cargo bench --no-run            # builds target/release/deps/profile-<hash>
//! valgrind --tool=callgrind --toggle-collect='profile::run*' \
//!     target/release/deps/profile-<hash> canonical_hash 1
//! callgrind_annotate callgrind.out.<pid>
//! perf record -e cpu-clock target/release/deps/profile-<hash> canonical_hash_hot 5
//! ```
//!
//! Operations over the 320 intents: `keccak` (keccak256 of the canonical bytes),
//! `canonical_hash`, `keccak_hot` and `canonical_hash_hot` (each intent 20 times in a row,
//! so in cache), `canonical_json`, `parse`, `parse_hash`, `serde_value`, `commit`,
//! `digest` and `digest_floor` (the deposit-intent digest with a cached domain and its keccak
//! floor); over 16 signatures: `recover`, `recover_alloy`, `recover_k256`. A third argument
//! `dense` runs the operation over the 200 intents of `benches/data/intents_dense.jsonl`
//! instead (`profile canonical_hash 1 dense`). Run by `cargo bench` without an operation, it
//! does nothing.

use intent_test_support::bench as support;

use std::hint::black_box;

use alloy_primitives::keccak256;
use intent_core::eip712::recover_signer;
use intent_core::{from_slice, Canonical, Intent};

use support::{Commits, Corpus, Deposit, Signed};

#[inline(never)]
fn run_keccak(corpus: &Corpus, times: usize) {
    for text in &corpus.canonical {
        for _ in 0..times {
            black_box(keccak256(black_box(text.as_bytes())));
        }
    }
}

#[inline(never)]
fn run_canonical_hash(corpus: &Corpus, times: usize) {
    for intent in &corpus.intents {
        for _ in 0..times {
            black_box(black_box(intent).canonical_hash());
        }
    }
}

/// A sink that copies into a buffer it reuses: the canonical writer's work without keccak.
struct CopySink {
    bytes: Vec<u8>,
}

impl intent_core::Sink for CopySink {
    #[inline(always)]
    fn write_str(&mut self, text: &str) {
        self.bytes.extend_from_slice(text.as_bytes());
    }

    #[inline(always)]
    fn write_ascii(&mut self, ascii: &[u8]) {
        self.bytes.extend_from_slice(ascii);
    }
}

/// The canonical writer alone, intent in cache, into [`CopySink`]; prints the time per intent.
#[inline(never)]
fn run_canonical_write(corpus: &Corpus, times: usize) {
    let mut sink = CopySink { bytes: Vec::with_capacity(1 << 16) };
    let start = std::time::Instant::now();
    for intent in &corpus.intents {
        for _ in 0..times {
            sink.bytes.clear();
            black_box(intent).write_canonical(&mut sink);
            black_box(&sink.bytes);
        }
    }
    let per = start.elapsed().as_nanos() as f64 / (corpus.intents.len() * times) as f64;
    println!("canonical writer into a copying sink: {per:.0} ns per intent");
}

#[inline(never)]
fn run_canonical_json(corpus: &Corpus) {
    for intent in &corpus.intents {
        black_box(black_box(intent).canonical_json());
    }
}

#[inline(never)]
fn run_parse(corpus: &Corpus) {
    for line in &corpus.lines {
        black_box(from_slice::<Intent>(black_box(line)).unwrap());
    }
}

#[inline(never)]
fn run_parse_hash(corpus: &Corpus) {
    for line in &corpus.lines {
        black_box(from_slice::<Intent>(black_box(line)).unwrap().canonical_hash());
    }
}

#[inline(never)]
fn run_serde_value(corpus: &Corpus) {
    for line in &corpus.lines {
        black_box(serde_json::from_slice::<serde_json::Value>(black_box(line)).unwrap());
    }
}

#[inline(never)]
fn run_commit(commits: &mut Commits) {
    for ((record, request), at) in commits.records.iter_mut().zip(&commits.requests).zip(&commits.times) {
        support::commit(record, black_box(request.as_bytes()), *at);
    }
}

#[inline(never)]
fn run_digest(corpus: &Corpus, deposits: &[Deposit]) {
    for (intent, deposit) in corpus.intents.iter().zip(deposits) {
        black_box(support::deposit_digest(black_box(intent), black_box(deposit)));
    }
}

#[inline(never)]
fn run_digest_floor(deposits: &[Deposit]) {
    deposits.iter().for_each(support::deposit_digest_floor);
}

#[inline(never)]
fn run_recover(signed: &[Signed]) {
    for s in signed {
        black_box(recover_signer(black_box(&s.digest), black_box(&s.signature)).unwrap());
    }
}

#[inline(never)]
fn run_recover_alloy(signed: &[Signed]) {
    for s in signed {
        let signature = alloy_primitives::Signature::from_raw(black_box(&s.signature)).unwrap();
        black_box(signature.recover_address_from_prehash(black_box(&s.digest)).unwrap());
    }
}

#[inline(never)]
fn run_recover_k256(signed: &[Signed]) {
    for s in signed {
        black_box(support::k256_recover(black_box(&s.digest), black_box(&s.signature)));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let Some(op) = args.first() else { return };
    let reps: usize = args.get(1).map_or(1, |n| n.parse().expect("reps"));
    let corpus = match args.get(2).map(String::as_str) {
        None => support::corpus(),
        Some("dense") => support::dense_corpus(),
        Some(other) => panic!("unknown corpus {other}"),
    };
    for _ in 0..reps {
        match op.as_str() {
            "keccak" => run_keccak(&corpus, 1),
            "keccak_hot" => run_keccak(&corpus, 20),
            "canonical_hash" => run_canonical_hash(&corpus, 1),
            "canonical_hash_hot" => run_canonical_hash(&corpus, 20),
            "canonical_json" => run_canonical_json(&corpus),
            "canonical_write_hot" => run_canonical_write(&corpus, 20),
            "parse" => run_parse(&corpus),
            "parse_hash" => run_parse_hash(&corpus),
            "serde_value" => run_serde_value(&corpus),
            "commit" => run_commit(&mut support::commits(&corpus)),
            "digest" => run_digest(&corpus, &support::deposits(&corpus)),
            "digest_floor" => run_digest_floor(&support::deposits(&corpus)),
            "recover" => run_recover(&support::signed(&corpus)),
            "recover_alloy" => run_recover_alloy(&support::signed(&corpus)),
            "recover_k256" => run_recover_k256(&support::signed(&corpus)),
            other => panic!("unknown operation {other}"),
        }
    }
}
