//! Hostile input, beside the parse of ordinary intents: what each class of input
//! at the limits of docs/spec.md §9 costs per byte. The inputs are generated here
//! (`intent_test_support::hostile`, shared with `tests/it/cost_bounds.rs`), never committed.
//!
//! One criterion group, `hostile`, with `Throughput::Bytes` (the input's size) for each
//! case; after it, a summary prints each case's median time per byte and its ratio to the
//! ordinary parse (`benches/data/intents.jsonl`), the numbers BENCHMARKS.md tables.
//!
//! Many unknown members are parsed at 64 KiB in the criterion group (their insertion may
//! be quadratic), and timed at 1 MiB in the summary (median of 3).

use intent_test_support::bench as support;

use intent_test_support::hostile;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use hostile::*;
use intent_core::IntentRecord;
use intent_core::{changed_paths, from_slice, Address, EventInput, Intent, Policy, Timestamp};

/// One measured operation over one input of `bytes` bytes.
struct Case {
    name: String,
    bytes: usize,
    run: Box<dyn Fn()>,
}

fn case(name: impl Into<String>, bytes: usize, run: impl Fn() + 'static) -> Case {
    Case { name: name.into(), bytes, run: Box::new(run) }
}

fn parse_case(name: &str, text: Vec<u8>) -> Case {
    case(format!("parse: {name}"), text.len(), move || {
        let _ = black_box(from_slice::<Intent>(black_box(&text)));
    })
}

fn at(text: &str) -> Timestamp {
    text.parse().unwrap()
}

fn quoted(intent: Intent) -> IntentRecord {
    IntentRecord::quote(intent, None, &Policy::default(), at("2026-11-21T18:30:00Z")).unwrap()
}

fn cases() -> Vec<Case> {
    let corpus = support::corpus();
    let lines = corpus.lines.clone();
    let corpus_bytes = lines.iter().map(|line| line.len()).sum();
    let mut cases = vec![case("normal: parse benches/data/intents.jsonl", corpus_bytes, move || {
        for line in &lines {
            black_box(from_slice::<Intent>(black_box(line)).unwrap());
        }
    })];

    for order in [KeyOrder::Ascending, KeyOrder::Descending, KeyOrder::Random] {
        cases.push(parse_case(&format!("64 KiB of unknown members, {order:?}"), many_members(order, 64 << 10)));
    }
    cases.push(parse_case("unknown member 63 arrays deep", deep_array("1")));
    cases.push(parse_case("unknown member 64x64x64 wide", wide_value("1")));
    cases.push(parse_case("deep path of 4 KiB plain keys", deep_intent(&DeepKeys::PLAIN, "1")));
    cases.push(parse_case("deep path of 4 KiB escaped keys", deep_intent(&DeepKeys::ESCAPED, "1")));
    cases.push(parse_case("maximal intent", wire(&maximal_intent(0))));

    let echo = deep_intent(&DeepKeys::ESCAPED, r#""\ud800""#);
    cases.push(case("error echo: deep path error and its body", echo.len(), move || {
        let error = from_slice::<Intent>(black_box(&echo)).unwrap_err();
        black_box(error.body().to_json_with(&error));
    }));

    let maximal = maximal_intent(0);
    let bytes = wire(&maximal).len();
    let mut one_change = maximal.clone();
    one_change.origin_calls.calls[255].to = Address::repeat_byte(0x77);
    let (a, b) = (maximal.clone(), one_change.clone());
    cases.push(case("changed_paths: maximal intents, one change", bytes, move || {
        black_box(changed_paths(black_box(&a), black_box(&b)));
    }));
    let (a, b) = (maximal.clone(), maximal_intent(1));
    cases.push(case("changed_paths: maximal intents, every call changed", bytes, move || {
        black_box(changed_paths(black_box(&a), black_box(&b)));
    }));
    let deep = |bottom: &str| from_slice::<Intent>(&deep_intent(&DeepKeys::ESCAPED, bottom)).unwrap();
    let (a, b) = (deep("1"), deep("2"));
    let deep_bytes = deep_intent(&DeepKeys::ESCAPED, "1").len();
    cases.push(case("changed_paths: deep path of escaped keys", deep_bytes, move || {
        black_box(changed_paths(black_box(&a), black_box(&b)));
    }));
    let wide = |leaf: &str| from_slice::<Intent>(&wide_value(leaf)).unwrap();
    let (a, b) = (wide("1"), wide("2"));
    cases.push(case("changed_paths: 262,144 changed leaves", wide_value("1").len(), move || {
        black_box(changed_paths(black_box(&a), black_box(&b)));
    }));

    for (name, quoted_intent, sent, bytes) in [
        ("failed commit: maximal intent, one change", maximal, one_change, bytes),
        ("failed commit: deep path of escaped keys", deep("1"), deep("2"), deep_bytes),
    ] {
        let record = std::cell::RefCell::new(quoted(quoted_intent));
        cases.push(case(name, bytes, move || {
            let result = record
                .borrow_mut()
                .apply(EventInput::commit_with(&sent, Some(&sent.service_contracts)), at("2026-11-21T18:31:00Z"))
                .is_err();
            assert!(black_box(result));
        }));
    }
    cases
}

fn criterion_group(c: &mut Criterion, cases: &[Case]) {
    let mut group = c.benchmark_group("hostile");
    group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    for case in cases {
        group.throughput(Throughput::Bytes(case.bytes as u64));
        group.bench_function(&case.name, |b| b.iter(|| (case.run)()));
    }
    group.finish();
}

/// The median of `runs` timings of `f`.
fn median_time(runs: usize, f: &dyn Fn()) -> Duration {
    f();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn ns_per_byte(time: Duration, bytes: usize) -> f64 {
    time.as_secs_f64() * 1e9 / bytes as f64
}

fn summary(cases: &[Case]) {
    println!("\nhostile input, median of 11 runs, ns per input byte (ratio to the ordinary parse):");
    // Every case is timed once, the ordinary parse (the first) included, so the ratios
    // divide medians of the same kind of run.
    let per_byte: Vec<f64> = cases.iter().map(|case| ns_per_byte(median_time(11, &*case.run), case.bytes)).collect();
    let normal = per_byte[0];
    for (case, per_byte) in cases.iter().zip(&per_byte) {
        println!("  {:<58} {:>9} B {:>9.2} ns/B {:>8.1}x", case.name, case.bytes, per_byte, per_byte / normal);
    }
    for order in [KeyOrder::Ascending, KeyOrder::Descending, KeyOrder::Random] {
        let text = many_members(order, MAX_DOCUMENT);
        let parse = || {
            let _ = black_box(from_slice::<Intent>(black_box(&text)));
        };
        let per_byte = ns_per_byte(median_time(3, &parse), text.len());
        let name = format!("parse: 1 MiB of unknown members, {order:?} (median of 3)");
        println!("  {name:<58} {:>9} B {per_byte:>9.2} ns/B {:>8.1}x", text.len(), per_byte / normal);
    }
}

fn main() {
    let cases = cases();
    let mut criterion = Criterion::default().configure_from_args();
    criterion_group(&mut criterion, &cases);
    criterion.final_summary();
    summary(&cases);
}
