//! docs/spec.md §10 (revision 2): a JSON syntax error names where it is. `Error::offset` is the
//! byte offset of the offending byte (the input's length when the input ends too early),
//! `Error::line_column` its line and column from 1 (lines end at `\n`; the column counts
//! characters), and the message says `line L column C`. Errors that are not syntax
//! errors carry no position.

use intent_core::{from_slice, Call, Error, Reason};

/// A document whose first member is a valid call target: `{"to":"0x…",` is 51 bytes.
const TO: &str = r#"{"to":"0x8ba1f109551bd432803012645ac136ddd64dba72","#;

fn syntax_error(text: &[u8]) -> Error {
    let error = from_slice::<Call>(text).unwrap_err();
    assert_eq!(error.reason(), Reason::InvalidJson, "{error}");
    error
}

/// Asserts the error's offset, line, column, path and whole message.
fn assert_at(text: &[u8], offset: usize, (line, column): (usize, usize), path: Option<&str>, message: &str) {
    let error = syntax_error(text);
    let shown = String::from_utf8_lossy(text);
    assert_eq!(error.offset(), Some(offset), "offset in {shown:?}");
    assert_eq!(error.line_column(), Some((line, column)), "line and column in {shown:?}");
    assert_eq!(error.path(), path, "path in {shown:?}");
    assert_eq!(error.to_string(), message, "message for {shown:?}");
}

#[test]
fn a_syntax_error_at_the_first_byte_is_line_1_column_1() {
    assert_at(b"x", 0, (1, 1), None, "invalid json: unexpected character at line 1 column 1");
    assert_at(b"", 0, (1, 1), None, "invalid json: unexpected end of input at line 1 column 1");
    assert_at(b"   ", 3, (1, 4), None, "invalid json: unexpected end of input at line 1 column 4");
}

#[test]
fn a_syntax_error_in_the_middle_of_a_line_is_at_the_offending_byte() {
    assert_at(br#"{"to" 1}"#, 6, (1, 7), None, "invalid json: expected ':' after a member name at line 1 column 7");
    let literal = format!(r#"{TO}"x":trux}}"#);
    assert_at(literal.as_bytes(), 58, (1, 59), Some("x"), "invalid json: invalid literal at x, line 1 column 59");
    let exponent = format!(r#"{TO}"x":1e+}}"#);
    assert_at(exponent.as_bytes(), 58, (1, 59), Some("x"), "invalid json: invalid number at x, line 1 column 59");
}

#[test]
fn a_syntax_error_after_a_newline_counts_lines_and_restarts_the_column() {
    let text = "{\n  \"to\": \"0x8ba1f109551bd432803012645ac136ddd64dba72\",\n  \"value\": 1.\n}";
    // Line 3 starts at byte 56; the byte after `1.` is its 14th.
    assert_at(text.as_bytes(), 69, (3, 14), Some("value"), "invalid json: invalid number at value, line 3 column 14");
    // A carriage return belongs to the line it ends.
    assert_at(b"{\r\n\"to\" 1}", 8, (2, 6), None, "invalid json: expected ':' after a member name at line 2 column 6");
}

#[test]
fn a_syntax_error_in_a_string_counts_characters_not_bytes_in_the_column() {
    // `é` is two bytes: the control character is byte 65 and the 65th character.
    let control = format!("{TO}\"memo\":\"h\u{e9}llo\u{1}\"}}");
    assert_at(
        control.as_bytes(),
        65,
        (1, 65),
        Some("memo"),
        "invalid json: control character in a string at memo, line 1 column 65",
    );
    // After an escape the string is read on another path; the position is the same kind.
    let after_escape = format!("{TO}\"memo\":\"a\\n\u{1}\"}}");
    assert_at(
        after_escape.as_bytes(),
        62,
        (1, 63),
        Some("memo"),
        "invalid json: control character in a string at memo, line 1 column 63",
    );
    let bad_escape = format!(r#"{TO}"memo":"a\q"}}"#);
    assert_at(
        bad_escape.as_bytes(),
        61,
        (1, 62),
        Some("memo"),
        "invalid json: invalid escape in a string at memo, line 1 column 62",
    );
    let bad_hex = format!(r#"{TO}"memo":"\u12g4"}}"#);
    assert_at(
        bad_hex.as_bytes(),
        63,
        (1, 64),
        Some("memo"),
        "invalid json: invalid \\u escape at memo, line 1 column 64",
    );
    // A lone surrogate is located at the `\` of its escape.
    let lone = format!(r#"{TO}"memo":"ab\ud800x"}}"#);
    assert_at(
        lone.as_bytes(),
        61,
        (1, 62),
        Some("memo"),
        "invalid json: lone surrogate in a string at memo, line 1 column 62",
    );
    let unpaired = format!(r#"{TO}"memo":"\ud800\u0041"}}"#);
    assert_at(
        unpaired.as_bytes(),
        65,
        (1, 66),
        Some("memo"),
        "invalid json: lone surrogate in a string at memo, line 1 column 66",
    );
}

#[test]
fn trailing_data_is_located_at_its_first_byte() {
    let text = format!(r#"{}}} x"#, TO.trim_end_matches(','));
    assert_at(
        text.as_bytes(),
        52,
        (1, 53),
        None,
        "invalid json: trailing characters after the document at line 1 column 53",
    );
    let second_line = format!("{}}}\n\n  {{}}", TO.trim_end_matches(','));
    assert_at(
        second_line.as_bytes(),
        55,
        (3, 3),
        None,
        "invalid json: trailing characters after the document at line 3 column 3",
    );
}

#[test]
fn truncated_input_is_located_at_its_end() {
    assert_at(
        br#"{"to":"0x8ba1"#,
        13,
        (1, 14),
        Some("to"),
        "invalid json: unterminated string at to, line 1 column 14",
    );
    assert_at(TO.as_bytes(), 51, (1, 52), None, "invalid json: expected a member name at line 1 column 52");
    let literal = format!(r#"{TO}"x":tr"#);
    assert_at(literal.as_bytes(), 57, (1, 58), Some("x"), "invalid json: invalid literal at x, line 1 column 58");
    let escape = format!(r#"{TO}"memo":"\u12"#);
    assert_at(escape.as_bytes(), 63, (1, 64), Some("memo"), "invalid json: short \\u escape at memo, line 1 column 64");
}

#[test]
fn invalid_utf8_is_located_at_its_first_bad_byte() {
    assert_at(b"{\"to\":\"\xc3\x28\"}", 7, (1, 8), None, "invalid json: invalid utf-8 at line 1 column 8");
    // Characters before it on its line count once each, whatever their length.
    assert_at(b"{\n\"\xc3\xa9\":\"\xff\"}", 8, (2, 6), None, "invalid json: invalid utf-8 at line 2 column 6");
    assert_at(b"\xff", 0, (1, 1), None, "invalid json: invalid utf-8 at line 1 column 1");
}

#[test]
fn errors_that_are_not_syntax_errors_carry_no_position() {
    let to = TO.trim_end_matches(',');
    for text in [
        String::from(r#"{"to":"0x1234"}"#),
        format!(r#"{TO}"x":1,"x":2}}"#),
        String::from(r#"{"value":"1"}"#),
        format!("{to},\"x\":\"{}\"}}", "a".repeat(4097)),
        String::from("[]"),
    ] {
        let error = from_slice::<Call>(text.as_bytes()).unwrap_err();
        assert_eq!((error.offset(), error.line_column()), (None, None), "{error}");
        assert!(!error.to_string().contains(" line "), "{error}");
    }
}

#[test]
fn the_error_body_message_carries_the_line_and_column() {
    let error = syntax_error(b"{\n  \"to\": ]\n}");
    let body = error.body();
    assert_eq!(body.msg, "invalid json: unexpected character at to, line 2 column 9");
    assert_eq!(body.cause, "INVALID_JSON at to");
}

#[test]
fn positions_near_the_document_limit_are_exact() {
    // A million line feeds, then the stray byte: the first column of line 1,000,001.
    let mut lines = "\n".repeat(1_000_000);
    lines.push('x');
    assert_at(
        lines.as_bytes(),
        1_000_000,
        (1_000_001, 1),
        None,
        "invalid json: unexpected character at line 1000001 column 1",
    );
    // 300,000 two-byte characters on one line before a control character: the string is
    // refused where the control character is, before its length is judged.
    let wide = format!("{{\"a\":\"{}\u{1}\"}}", "\u{e9}".repeat(300_000));
    assert_at(
        wide.as_bytes(),
        6 + 600_000,
        (1, 7 + 300_000),
        Some("a"),
        "invalid json: control character in a string at a, line 1 column 300007",
    );
}
