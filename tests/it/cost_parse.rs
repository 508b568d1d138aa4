//! What hostile input costs to parse, measured in heap bytes, never in time: for
//! every class of input near the 1 MiB document limit (unknown members in ascending,
//! descending and random key order, at the top level and inside one value; nesting to
//! the depth limit in arrays and objects, keys in and out of order; wide arrays; long keys
//! and strings; numbers whose canonical form is longer than their text), the peak of live
//! heap bytes during `from_slice` stays within [`PEAK_PER_INPUT_BYTE`] times the input, and
//! the bytes requested in total within [`TOTAL_PER_INPUT_BYTE`] times.
//!
//! A counting global allocator keeps, per thread, the live bytes, their peak and the total
//! requested. A `realloc` counts as one resize (live bytes change by the difference), as
//! heap profilers such as dhat count it; the total counts its whole new size.

use intent_core::{from_slice, Canonical, CommitResponse, Limits, Reason};

/// Peak live heap bytes during a parse, per byte of input.
const PEAK_PER_INPUT_BYTE: usize = 8;
/// Heap bytes requested during a parse (allocations and the new sizes of reallocations),
/// per byte of input. The canonical text of a number can be five times its input (`1e20`
/// is `100000000000000000000`), and text grows by a quarter at a time, so the
/// reallocations of a growing buffer request about five times its final size.
const TOTAL_PER_INPUT_BYTE: usize = 32;

/// What one call cost on this thread: the peak of live heap bytes above those live before
/// it, and the bytes requested in total.
#[derive(Debug, Clone, Copy)]
struct HeapCost {
    peak: usize,
    total: usize,
}

fn heap_cost_of<T>(f: impl FnOnce() -> T) -> (T, HeapCost) {
    let (value, cost) = crate::heap::cost_of(f);
    (value, HeapCost { peak: cost.peak as usize, total: cost.bytes as usize })
}

/// The 1 MiB document limit, less room for the object around the members.
const BUDGET: usize = (1 << 20) - 64;

/// Parses `input` as a `CommitResponse`, asserts the heap bounds, and returns the object
/// (dropped outside the measurement) and what it cost.
fn parse_within_bounds(class: &str, input: &str) -> (CommitResponse, HeapCost) {
    assert!(input.len() <= Limits::DEFAULT.max_document_bytes, "{class}: {} bytes is over the limit", input.len());
    assert!(input.len() > BUDGET - (32 << 10), "{class}: {} bytes is not near the limit", input.len());
    let (parsed, cost) = heap_cost_of(|| from_slice::<CommitResponse>(input.as_bytes()));
    let parsed = parsed.unwrap_or_else(|e| panic!("{class}: {e}"));
    let n = input.len();
    println!(
        "{class}: input {n} B, peak {} B ({:.2}x), total {} B ({:.2}x)",
        cost.peak,
        cost.peak as f64 / n as f64,
        cost.total,
        cost.total as f64 / n as f64
    );
    assert!(cost.peak <= PEAK_PER_INPUT_BYTE * n, "{class}: peak {} B for {n} B of input", cost.peak);
    assert!(cost.total <= TOTAL_PER_INPUT_BYTE * n, "{class}: {} B requested for {n} B of input", cost.total);
    (parsed, cost)
}

/// A `CommitResponse` document with `members` (each `"key":value`) after its `intentId`.
fn document(members: &[String]) -> String {
    let mut doc = String::from(r#"{"intentId":"i""#);
    for member in members {
        doc.push(',');
        doc.push_str(member);
    }
    doc.push('}');
    doc
}

/// The `i`-th of many distinct short keys, ascending with `i`: three characters of 62.
fn short_key(i: usize) -> String {
    const DIGITS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    assert!(i < 62 * 62 * 62);
    [i / (62 * 62), i / 62 % 62, i % 62].iter().map(|&d| char::from(DIGITS[d])).collect()
}

/// A permutation of `0..n` from a fixed seed (xorshift and Fisher-Yates).
fn shuffled(n: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for i in (1..n).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        order.swap(i, (state % (i as u64 + 1)) as usize);
    }
    order
}

/// Key orders to try: as generated (ascending), reversed, shuffled.
fn orders(n: usize) -> [(&'static str, Vec<usize>); 3] {
    [("ascending", (0..n).collect()), ("descending", (0..n).rev().collect()), ("random", shuffled(n))]
}

/// As many `"key":0` members with short keys as fit in `budget` bytes.
fn short_members(budget: usize) -> usize {
    budget / r#","abc":0"#.len()
}

#[test]
fn the_counter_counts_live_peak_and_total_bytes() {
    let ((), cost) = heap_cost_of(|| {
        let a = vec![0u8; 1000];
        let b = vec![0u8; 500];
        drop(a);
        let c = vec![0u8; 100];
        drop((b, c));
    });
    assert_eq!((cost.peak, cost.total), (1500, 1600));
}

#[test]
fn unknown_members_at_the_top_level_in_any_key_order() {
    let n = short_members(BUDGET);
    for (order_name, order) in orders(n) {
        let members: Vec<String> = order.iter().map(|&i| format!(r#""{}":0"#, short_key(i))).collect();
        let input = document(&members);
        let (parsed, _) = parse_within_bounds(&format!("{n} top-level unknown members, {order_name}"), &input);
        assert_eq!(parsed.unknown.len(), n);
        let keys: Vec<&str> = parsed.unknown.iter().map(|m| m.key()).collect();
        assert!(keys.windows(2).all(|pair| pair[0] < pair[1]), "{order_name}: members not sorted");
    }
}

#[test]
fn a_wide_object_inside_one_unknown_member_in_any_key_order() {
    let n = short_members(BUDGET - 8);
    for (order_name, order) in orders(n) {
        let inner: Vec<String> = order.iter().map(|&i| format!(r#""{}":0"#, short_key(i))).collect();
        let input = document(&[format!(r#""wide":{{{}}}"#, inner.join(","))]);
        let (parsed, _) = parse_within_bounds(&format!("one unknown object of {n} members, {order_name}"), &input);
        let sorted: Vec<String> = (0..n).map(|i| format!(r#""{}":0"#, short_key(i))).collect();
        assert_eq!(parsed.unknown.get("wide").unwrap().canonical_json(), format!("{{{}}}", sorted.join(",")));
    }
}

#[test]
fn a_duplicate_among_many_unknown_members_is_found_in_any_key_order() {
    let n = short_members(BUDGET) - 1;
    for (order_name, mut order) in orders(n) {
        order.insert(n / 2, n / 3);
        let members: Vec<String> = order.iter().map(|&i| format!(r#""{}":0"#, short_key(i))).collect();
        let err = from_slice::<CommitResponse>(document(&members).as_bytes()).unwrap_err();
        assert_eq!((err.reason(), err.path()), (Reason::InvalidJson, Some(short_key(n / 3).as_str())), "{order_name}");
        let inner = members.join(",");
        let err = from_slice::<CommitResponse>(document(&[format!(r#""u":{{{inner}}}"#)]).as_bytes()).unwrap_err();
        let path = format!("u.{}", short_key(n / 3));
        assert_eq!((err.reason(), err.path()), (Reason::InvalidJson, Some(path.as_str())), "{order_name}");
    }
}

/// Unknown members `"kNNNNNN":value` until the budget is spent.
fn members_of(value: &str) -> Vec<String> {
    let count = BUDGET / (value.len() + r#","k000000":"#.len());
    (0..count).map(|i| format!(r#""k{i:06}":{value}"#)).collect()
}

#[test]
fn arrays_nested_to_the_depth_limit() {
    // The document's object is one level; each member's value takes the other 63.
    let depth = Limits::DEFAULT.max_depth - 1;
    let deep = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let (parsed, _) = parse_within_bounds("unknown members of arrays 63 deep", &document(&members_of(&deep)));
    assert_eq!(parsed.unknown.iter().next().unwrap().canonical_json(), deep);
    let err = from_slice::<CommitResponse>(document(&[format!(r#""k":[{deep}]"#)]).as_bytes()).unwrap_err();
    assert_eq!(err.reason(), Reason::LimitExceeded, "one level more is over the limit");
}

#[test]
fn objects_nested_to_the_depth_limit_with_keys_in_and_out_of_order() {
    let depth = Limits::DEFAULT.max_depth - 1;
    // Keys in order at every level; then out of order at every level, so that every
    // object is reordered when it closes.
    let sorted = format!("{}0{}", r#"{"a":"#.repeat(depth), "}".repeat(depth));
    let unsorted = format!("{}0{}", r#"{"b":1,"a":"#.repeat(depth), "}".repeat(depth));
    let canonical = format!("{}0{}", r#"{"a":"#.repeat(depth), r#","b":1}"#.repeat(depth));
    let (parsed, _) = parse_within_bounds("unknown members of objects 63 deep", &document(&members_of(&sorted)));
    assert_eq!(parsed.unknown.iter().next().unwrap().canonical_json(), sorted);
    let (parsed, _) =
        parse_within_bounds("unknown members of objects 63 deep, keys reversed", &document(&members_of(&unsorted)));
    assert_eq!(parsed.unknown.iter().next().unwrap().canonical_json(), canonical);
    assert_eq!(parsed.unknown.iter().next().unwrap().raw_json(), unsorted);
}

#[test]
fn wide_arrays_of_arrays() {
    // 64 arrays of 64 small numbers each: the widest arrays the limits allow, one level in.
    let row = format!("[{}]", vec!["0"; Limits::DEFAULT.max_array_len].join(","));
    let square = format!("[{}]", vec![row.as_str(); Limits::DEFAULT.max_array_len].join(","));
    let (parsed, _) = parse_within_bounds("unknown members of 64x64 arrays", &document(&members_of(&square)));
    assert_eq!(parsed.unknown.iter().next().unwrap().canonical_json(), square);
}

#[test]
fn numbers_whose_canonical_form_is_longer_than_their_text() {
    // `1e20` is written `100000000000000000000`: five times longer.
    let row = format!("[{}]", vec!["1e20"; Limits::DEFAULT.max_array_len].join(","));
    let square = format!("[{}]", vec![row.as_str(); Limits::DEFAULT.max_array_len].join(","));
    let (parsed, _) = parse_within_bounds("unknown members of 64x64 1e20s", &document(&members_of(&square)));
    let member = parsed.unknown.iter().next().unwrap();
    assert_eq!(member.canonical_json(), square.replace("1e20", "100000000000000000000"));
    assert_eq!(member.raw_json(), square);
}

#[test]
fn long_keys_and_strings_at_the_string_limit() {
    let limit = Limits::DEFAULT.max_string_bytes;
    let per_member = 2 * limit + 16;
    let count = BUDGET / per_member;
    let members: Vec<String> = (0..count)
        .rev()
        .map(|i| {
            let key = format!("{i:04}{}", "k".repeat(limit - 4));
            format!(r#""{key}":"{}""#, "v".repeat(limit))
        })
        .collect();
    let (parsed, _) = parse_within_bounds("long keys and strings, descending", &document(&members));
    assert_eq!(parsed.unknown.len(), count);
    // The same members as objects in arrays, as many per array as the limits allow.
    let nested: Vec<String> = members.iter().map(|m| format!("{{{m}}}")).collect();
    let arrays: Vec<String> = nested
        .chunks(Limits::DEFAULT.max_array_len)
        .enumerate()
        .map(|(i, chunk)| format!(r#""u{i}":[{}]"#, chunk.join(",")))
        .collect();
    let (parsed, _) = parse_within_bounds("long keys and strings in arrays of objects", &document(&arrays));
    assert_eq!(parsed.unknown.len(), arrays.len());
}

#[test]
fn escaped_keys_in_reverse_order() {
    // Every key character escaped: the keys are unescaped while reading.
    let members: Vec<String> = (0..BUDGET / r#","\u0030\u0030\u0030":0"#.len())
        .rev()
        .map(|i| format!(r#""{}":0"#, short_key(i).chars().map(|c| format!("\\u{:04x}", c as u32)).collect::<String>()))
        .collect();
    let (parsed, _) = parse_within_bounds("escaped keys, descending", &document(&members));
    assert_eq!(parsed.unknown.iter().next().unwrap().key(), short_key(0));
    assert!(!parsed.canonical_json().contains("\\u"));
}
