//! RFC 8785's own test data (`tests/vectors/rfc8785/`, from the reference implementation's
//! testdata): each input JSON, held as an unknown member's value, has the canonical form of
//! the expected output (docs/spec.md §4: key order by UTF-16 code units, RFC 8785 string escaping,
//! ECMAScript numbers); and the crate writes every double of the ES6 number test file in
//! the expected ECMAScript form.
//!
//! The one deliberate difference from RFC 8785: an integer literal in an unknown member
//! stays exact instead of going through a double (two amounts that round to the same
//! double must not share a hash). None of the test files has an integer literal beyond
//! 2^53, where the two differ; [`integers_in_unknown_members_stay_exact_unlike_rfc_8785`]
//! shows the difference.

use intent_core::{from_slice, Canonical, CommitResponse, Decimal};

const FILES: &[&str] = &["arrays", "french", "structures", "unicode", "values", "weird"];

fn vector(path: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/vectors/rfc8785/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The canonical JSON of `value` held as the unknown member `"jcs"` of a small object.
fn canonical_as_unknown_member(value: &str) -> String {
    let document = format!(r#"{{"intentId": "i", "jcs": {value}}}"#);
    let parsed: CommitResponse = from_slice(document.as_bytes()).unwrap();
    let canonical = parsed.unknown.get("jcs").unwrap().canonical_json().to_string();
    assert_eq!(parsed.canonical_json(), format!(r#"{{"intentId":"i","jcs":{canonical}}}"#));
    canonical
}

#[test]
fn every_rfc_8785_test_file_canonicalises_to_its_expected_output() {
    for name in FILES {
        let input = vector(&format!("input/{name}.json"));
        let expected = vector(&format!("output/{name}.json"));
        assert_eq!(canonical_as_unknown_member(&input), expected.trim_end_matches('\n'), "{name}.json");
    }
}

#[test]
fn weird_json_orders_keys_by_utf16_code_units() {
    // The smiley (a surrogate pair, D83D DE02) sorts before U+FB33, unlike in UTF-8 byte
    // order; the file checks exactly that.
    let canonical = canonical_as_unknown_member(&vector("input/weird.json"));
    let smiley = canonical.find('\u{1F602}').unwrap();
    let dalet = canonical.find('\u{FB33}').unwrap();
    assert!(smiley < dalet, "{canonical}");
    assert!("\u{1F602}".as_bytes() > "\u{FB33}".as_bytes());
}

#[test]
fn integers_in_unknown_members_stay_exact_unlike_rfc_8785() {
    // RFC 8785 would write 2^53 + 1 as 9007199254740992 and 12345678901234567890 as
    // 12345678901234567000.
    assert_eq!(
        canonical_as_unknown_member("[9007199254740993, 12345678901234567890, -0, 9007199254740993.0]"),
        "[9007199254740993,12345678901234567890,0,9007199254740992]"
    );
}

#[test]
fn every_double_of_the_es6_test_file_is_written_in_ecmascript_form() {
    let text = vector("es6testfile-first3000.txt");
    let mut lines = 0;
    let mut members = Vec::new();
    for line in text.lines() {
        let (bits, expected) = line.split_once(',').unwrap();
        let value = f64::from_bits(u64::from_str_radix(bits, 16).unwrap());
        let decimal = Decimal::new(value).unwrap_or_else(|| panic!("{line}: not finite"));
        assert_eq!(decimal.to_string(), expected, "{line}");
        members.push((format!("n{lines}"), expected));
        lines += 1;
    }
    assert_eq!(lines, 3000);
    // The same texts read back as numbers of unknown members keep their form.
    let body: Vec<String> = members.iter().map(|(key, text)| format!(r#""{key}":{text}"#)).collect();
    let document = format!(r#"{{"intentId":"i",{}}}"#, body.join(","));
    let parsed: CommitResponse = from_slice(document.as_bytes()).unwrap();
    for (key, text) in &members {
        assert_eq!(parsed.unknown.get(key).unwrap().canonical_json(), *text, "{key}");
    }
}
