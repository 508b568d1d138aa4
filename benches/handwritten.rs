//! The hand-written pieces beside the kept crates that could replace them (README, "What is
//! written by hand, and why"; numbers in BENCHMARKS.md), over the corpus of
//! `benches/data/intents.jsonl`:
//!
//! - `json_reader`: `from_slice::<Intent>` (reads, validates and keeps every number exact)
//!   beside `serde_json` reading the same text into an untyped `Value` (no validation, no
//!   paths, integers above 2^64 rounded to `f64`).
//! - `rfc3339`: `Timestamp::parse` and its `Display` beside `jiff::Timestamp`'s, on the
//!   corpus's 897 timestamps.
//!
//! Run: `cargo bench --bench handwritten`.

use intent_test_support::bench as support;

use std::hint::black_box;
use std::str::FromStr;

use criterion::{criterion_group, Criterion, Throughput};
use intent_core::{from_slice, Intent, Timestamp};

/// The quoted RFC 3339 timestamps of the corpus (`"2026-11-21T11:05:08-07:00"`), unquoted.
fn corpus_timestamps(lines: &[&'static [u8]]) -> Vec<&'static str> {
    let mut found = Vec::new();
    for line in lines {
        let text = std::str::from_utf8(line).expect("the corpus is UTF-8");
        for (i, piece) in text.split('"').enumerate() {
            let bytes = piece.as_bytes();
            if i % 2 == 1 && bytes.len() >= 20 && bytes[4] == b'-' && bytes[10] == b'T' {
                found.push(piece);
            }
        }
    }
    found
}

fn json_reader(c: &mut Criterion, lines: &[&'static [u8]]) {
    let mut group = c.benchmark_group("json_reader");
    group.throughput(Throughput::Elements(lines.len() as u64));
    group.bench_function("intent_core::from_slice::<Intent>", |b| {
        b.iter(|| {
            for line in lines {
                black_box(from_slice::<Intent>(black_box(line)).expect("the corpus is valid"));
            }
        })
    });
    group.bench_function("serde_json::from_slice::<Value>", |b| {
        b.iter(|| {
            for line in lines {
                black_box(serde_json::from_slice::<serde_json::Value>(black_box(line)).expect("the corpus is valid"));
            }
        })
    });
    group.finish();
}

fn rfc3339(c: &mut Criterion, texts: &[&str]) {
    let ours: Vec<Timestamp> = texts.iter().map(|t| Timestamp::parse(t).expect("valid")).collect();
    let theirs: Vec<jiff::Timestamp> = texts.iter().map(|t| jiff::Timestamp::from_str(t).expect("valid")).collect();
    for (a, b) in ours.iter().zip(&theirs) {
        assert_eq!((a.unix_seconds(), a.subsec_nanos()), (b.as_second(), b.subsec_nanosecond() as u32));
    }
    let mut group = c.benchmark_group("rfc3339");
    group.throughput(Throughput::Elements(texts.len() as u64));
    group.bench_function("parse: Timestamp::parse", |b| {
        b.iter(|| texts.iter().for_each(|t| drop(black_box(Timestamp::parse(black_box(t))))))
    });
    group.bench_function("parse: jiff::Timestamp::from_str", |b| {
        b.iter(|| texts.iter().for_each(|t| drop(black_box(jiff::Timestamp::from_str(black_box(t))))))
    });
    group.bench_function("format: Timestamp (Display)", |b| b.iter(|| display_each(&ours)));
    group.bench_function("format: jiff::Timestamp (Display)", |b| b.iter(|| display_each(&theirs)));
    group.finish();
}

/// Writes each value with `Display` into one reused `String`.
fn display_each<T: std::fmt::Display>(values: &[T]) {
    let mut out = String::with_capacity(64);
    for value in values {
        out.clear();
        std::fmt::Write::write_fmt(&mut out, format_args!("{value}")).expect("a String takes any text");
        black_box(&out);
    }
}

fn benches(c: &mut Criterion) {
    let corpus = support::corpus();
    json_reader(c, &corpus.lines);
    rfc3339(c, &corpus_timestamps(&corpus.lines));
}

criterion_group!(handwritten, benches);

fn main() {
    handwritten();
    Criterion::default().configure_from_args().final_summary();
}
