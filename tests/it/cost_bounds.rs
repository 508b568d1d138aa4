//! Bounded cost for hostile input: what `changed_paths`, a failed commit and an
//! error body cost at the limits of docs/spec.md §9 and near 1 MiB, counted by a global allocator
//! that records, per thread, the allocations, the bytes they ask for and the peak of live
//! heap. No timing is asserted (time is for `cargo bench --bench hostile`).
//!
//! The stated bounds: peak live heap at most 8 × the input; bytes allocated by
//! `changed_paths` or a failed commit at most [`DIFF_BYTES_PER_INPUT_BYTE`] × the input (and a
//! constant when no unknown member differs); by a failed parse (its error included) at most
//! [`PARSE_BYTES_PER_INPUT_BYTE`] × the input; an error body's JSON at most
//! `ErrorBody::MAX_JSON_LEN` bytes.

use crate::hostile;

use hostile::*;
use intent_core::IntentRecord;
use intent_core::{
    changed_paths, from_slice, Address, Error, ErrorBody, EventInput, Intent, Policy, Reason, Timestamp,
    MAX_CHANGED_PATHS, MAX_CHANGED_PATH_LEN, TRUNCATION_MARKER,
};

use crate::heap::{cost_of, Cost};

/// Bytes `changed_paths` or a failed commit may allocate per byte of the larger input.
const DIFF_BYTES_PER_INPUT_BYTE: u64 = 2;

/// Bytes a failed parse may allocate per byte of input, its error included: the bound of
/// `tests/cost_parse.rs` for any parse (unknown members' canonical text grows by a quarter at a
/// time, which keeps the peak low and the bytes requested within this multiple).
const PARSE_BYTES_PER_INPUT_BYTE: u64 = 32;

/// Peak live heap per byte of input.
const PEAK_PER_INPUT_BYTE: u64 = 8;

fn parse(bytes: &[u8]) -> Intent {
    from_slice(bytes).unwrap_or_else(|e| panic!("rejected: {e:.300}"))
}

/// `path` as `changed_paths` reports it: whole, or cut with the marker.
fn reported(path: &str) -> String {
    if path.len() <= MAX_CHANGED_PATH_LEN {
        return path.to_string();
    }
    let mut end = MAX_CHANGED_PATH_LEN;
    while !path.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}{TRUNCATION_MARKER}", &path[..end])
}

fn assert_diff_cost(what: &str, input_len: usize, cost: Cost) {
    let input = input_len as u64;
    assert!(cost.bytes <= DIFF_BYTES_PER_INPUT_BYTE * input, "{what}: allocated {cost:?} for {input} bytes of input");
    assert!(cost.peak <= PEAK_PER_INPUT_BYTE * input, "{what}: peak {cost:?} for {input} bytes of input");
}

// ---------------------------------------------------------------------------------------
// changed_paths

#[test]
fn a_change_at_the_bottom_of_a_deep_path_of_long_keys_is_one_cut_path() {
    for keys in [DeepKeys::PLAIN, DeepKeys::ESCAPED] {
        let (a_text, b_text) = (deep_intent(&keys, "1"), deep_intent(&keys, "2"));
        assert!(b_text.len() <= MAX_DOCUMENT);
        let (a, b) = (parse(&a_text), parse(&b_text));
        let (changed, cost) = cost_of(|| changed_paths(&a, &b));
        eprintln!("deep path, {} escapes, {} bytes: {cost:?}", keys.escapes, b_text.len());
        assert_eq!(changed, [reported(&deep_path(&keys))]);
        assert!(changed[0].len() <= MAX_CHANGED_PATH_LEN + TRUNCATION_MARKER.len());
        assert_diff_cost("deep path", b_text.len(), cost);
    }
}

#[test]
fn changes_below_a_cut_path_are_named_once() {
    let key = "k".repeat(MAX_STRING);
    let with = |list: &str| parse(&intent_with_members(&format!(r#""x":{{"{key}":{list}}}"#)));
    let (a, b) = (with("[1,2,3]"), with("[4,5,6,7]"));
    assert_eq!(changed_paths(&a, &b), [reported(&format!("x.{key}"))]);
}

#[test]
fn the_escaped_deep_path_is_near_the_document_limit() {
    let text = deep_intent(&DeepKeys::ESCAPED, "1");
    assert!(text.len() > MAX_DOCUMENT * 9 / 10 && text.len() <= MAX_DOCUMENT, "{} bytes", text.len());
}

#[test]
fn many_changed_leaves_in_an_unknown_member_stop_at_the_cap() {
    let (a_text, b_text) = (wide_value("1"), wide_value("2"));
    let (a, b) = (parse(&a_text), parse(&b_text));
    let (changed, cost) = cost_of(|| changed_paths(&a, &b));
    eprintln!("wide value, {} bytes: {cost:?}", b_text.len());
    let mut expected: Vec<String> = (0..MAX_CHANGED_PATHS - 1).map(|i| format!("x[0][0][{i}]")).collect();
    expected.push(TRUNCATION_MARKER.to_string());
    assert_eq!(changed, expected);
    assert_diff_cost("wide value", b_text.len(), cost);
}

#[test]
fn many_changed_fields_of_a_maximal_intent_stop_at_the_cap() {
    let (a, b) = (maximal_intent(0), maximal_intent(1));
    let input = wire(&b).len();
    let (changed, cost) = cost_of(|| changed_paths(&a, &b));
    eprintln!("maximal intents, every call changed, {input} bytes: {cost:?}");
    let mut expected: Vec<String> =
        (0..MAX_CHANGED_PATHS - 1).map(|i| format!("destinationCalls.calls[{i}].data")).collect();
    expected.push(TRUNCATION_MARKER.to_string());
    assert_eq!(changed, expected);
    assert_diff_cost("maximal intents", input, cost);
}

#[test]
fn one_change_in_a_maximal_intent_costs_the_same_as_in_the_example() {
    let maximal = maximal_intent(0);
    let input = wire(&maximal).len();
    assert!(input > MAX_DOCUMENT * 9 / 10 && input <= MAX_DOCUMENT, "{input} bytes");
    parse(&wire(&maximal));
    let mut costs = Vec::new();
    for a in [example_intent(), maximal] {
        let mut b = a.clone();
        let last = b.origin_calls.calls.len() - 1;
        b.origin_calls.calls[last].to = Address::repeat_byte(0x77);
        let (changed, cost) = cost_of(|| changed_paths(&a, &b));
        assert_eq!(changed, [format!("originCalls.calls[{last}].to")]);
        costs.push(cost);
    }
    eprintln!("one change, example then maximal: {costs:?}");
    // The path, the list and the leaf buffer (the largest leaf, 1,762 bytes of call data
    // in the maximal intent), nothing that grows with the number of fields.
    assert!(costs.iter().all(|cost| cost.allocations <= 16 && cost.bytes < 8192), "{costs:?}");
}

/// Equal intents cost the growths of two buffers (the longest path of the schema, the
/// largest leaf: 880 bytes of call data, 1,762 bytes of text) and nothing per field.
#[test]
fn equal_maximal_intents_have_no_changed_paths_and_allocate_only_two_buffers() {
    let (a, b) = (maximal_intent(3), parse(&wire(&maximal_intent(3))));
    let (changed, cost) = cost_of(|| changed_paths(&a, &b));
    assert_eq!(changed, Vec::<String>::new());
    assert!(cost.allocations <= 16 && cost.bytes < 8192, "{cost:?}");
}

// ---------------------------------------------------------------------------------------
// A failed commit

fn quoted(intent: Intent) -> IntentRecord {
    let at = "2026-11-21T18:30:00Z".parse::<Timestamp>().unwrap();
    IntentRecord::quote(intent, None, &Policy::default(), at).unwrap()
}

fn commit(record: &mut IntentRecord, intent: &Intent) -> Error {
    let at = "2026-11-21T18:31:00Z".parse::<Timestamp>().unwrap();
    record.apply(EventInput::commit_with(intent, Some(&intent.service_contracts)), at).map(|_| ()).unwrap_err()
}

fn changed_of(error: &Error) -> &[String] {
    match error.problem() {
        intent_core::Problem::IntentModified { changed, .. } => changed,
        other => panic!("not INTENT_MODIFIED: {other:?}"),
    }
}

/// A failed commit walks the two intents and parses nothing: its allocations are the
/// diff's buffers and the error's own (the path, the list), a few KiB for the example and
/// for a maximal intent of 1 MiB alike.
#[test]
fn a_failed_commit_does_not_parse_the_quoted_intent() {
    let mut costs = Vec::new();
    for intent in [example_intent(), maximal_intent(0)] {
        let mut record = quoted(intent.clone());
        let mut modified = intent;
        modified.origin_calls.calls[0].to = Address::repeat_byte(0x77);
        let (error, cost) = cost_of(|| commit(&mut record, &modified));
        assert_eq!((error.reason(), error.path()), (Reason::IntentModified, Some("intent")));
        assert_eq!(changed_of(&error), ["originCalls.calls[0].to"]);
        costs.push(cost);
    }
    eprintln!("failed commit, example then maximal: {costs:?}");
    assert!(costs.iter().all(|cost| cost.allocations <= 16 && cost.bytes < 8192), "{costs:?}");
}

#[test]
fn a_failed_commit_of_a_deep_path_of_long_keys_is_bounded() {
    let keys = DeepKeys::ESCAPED;
    let (a_text, b_text) = (deep_intent(&keys, "1"), deep_intent(&keys, r#""1""#));
    let mut record = quoted(parse(&a_text));
    let modified = parse(&b_text);
    let (error, cost) = cost_of(|| commit(&mut record, &modified));
    eprintln!("failed commit, deep path, {} bytes: {cost:?}", b_text.len());
    assert_eq!((error.reason(), error.path()), (Reason::IntentModified, Some("intent")));
    assert_eq!(changed_of(&error), [reported(&deep_path(&keys))]);
    assert_diff_cost("failed commit, deep path", b_text.len(), cost);
    assert!(error.body().to_json_with(&error).len() <= ErrorBody::MAX_JSON_LEN);
}

// ---------------------------------------------------------------------------------------
// Error bodies

fn cut(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}{TRUNCATION_MARKER}", &text[..end])
}

/// The parse error of `text`, its cost and its body's JSON, checked against the bounds.
fn failed_parse(what: &str, text: &[u8]) -> Error {
    let (error, cost) = cost_of(|| from_slice::<Intent>(text).unwrap_err());
    eprintln!("{what}, {} bytes: {cost:?}", text.len());
    let input = text.len() as u64;
    assert!(cost.bytes <= PARSE_BYTES_PER_INPUT_BYTE * input, "{what}: allocated {cost:?} for {input} bytes");
    assert!(cost.peak <= PEAK_PER_INPUT_BYTE * input, "{what}: peak {cost:?} for {input} bytes");
    let body = error.body();
    for json in [body.to_json(), body.to_json_with(&error)] {
        assert!(json.len() <= ErrorBody::MAX_JSON_LEN, "{what}: a body of {} bytes", json.len());
        serde_json::from_str::<serde_json::Value>(&json).unwrap();
    }
    assert!(body.msg.len() <= ErrorBody::MAX_MSG_LEN + TRUNCATION_MARKER.len(), "{what}");
    error
}

#[test]
fn the_error_of_a_deep_path_of_long_keys_has_a_bounded_body() {
    for keys in [DeepKeys::PLAIN, DeepKeys::ESCAPED] {
        // A lone surrogate at the bottom: INVALID_JSON at the deepest member.
        let text = deep_intent(&keys, r#""\ud800""#);
        let error = failed_parse("deep path error", &text);
        let path = deep_path(&keys);
        assert_eq!((error.reason(), error.path()), (Reason::InvalidJson, Some(path.as_str())));
        let body = error.body();
        assert_eq!(body.cause, format!("INVALID_JSON at {}", cut(&path, ErrorBody::MAX_PATH_LEN)));
        assert!(body.msg.ends_with(TRUNCATION_MARKER));
        let line: serde_json::Value = serde_json::from_str(&body.to_json_with(&error)).unwrap();
        assert_eq!(line["path"], cut(&path, ErrorBody::MAX_PATH_LEN));
        assert_eq!(line["reason"], "INVALID_JSON");
    }
}

#[test]
fn the_error_of_a_deep_array_has_its_whole_path() {
    let text = deep_array(r#""\ud800""#);
    let error = failed_parse("deep array error", &text);
    let path = format!("x{}", "[0]".repeat(UNKNOWN_DEPTH));
    assert_eq!((error.reason(), error.path()), (Reason::InvalidJson, Some(path.as_str())));
}

#[test]
fn the_error_of_an_intent_modified_everywhere_has_a_bounded_message() {
    let keys = DeepKeys::ESCAPED;
    let mut record = quoted(parse(&deep_intent(&keys, "1")));
    let mut modified = maximal_intent(1);
    modified.unknown = parse(&deep_intent(&keys, "2")).unknown;
    let error = commit(&mut record, &modified);
    assert_eq!((error.reason(), error.path()), (Reason::IntentModified, Some("intent")));
    assert_eq!(changed_of(&error).len(), MAX_CHANGED_PATHS);
    let body = error.body();
    assert_eq!(body.msg.len(), ErrorBody::MAX_MSG_LEN + TRUNCATION_MARKER.len());
    assert!(body.to_json_with(&error).len() <= ErrorBody::MAX_JSON_LEN);
}
