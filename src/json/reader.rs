//! A pull reader over one JSON document (RFC 8259), with the limits of docs/spec.md §9.
//!
//! The typed decoders drive it member by member, so no intermediate tree is built for
//! the fields the schema knows. Nesting is bounded by [`Limits::max_depth`] before any
//! recursion, so deep input cannot exhaust the stack.
//!
//! A syntax error is `INVALID_JSON` located at the offending byte: its offset, line and
//! column are worked out when the error is built, never while reading well-formed input.

use alloc::borrow::Cow;
use alloc::string::String;

use super::canonical_buffers::CanonicalBuffers;
use super::find_special;
use crate::error::{Error, Problem};
use crate::Limits;

/// The JSON type of the next value, judged from its first byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    /// `null`
    Null,
    /// `true` or `false`
    Bool,
    /// a number
    Number,
    /// a string
    String,
    /// `[`
    Array,
    /// `{`
    Object,
}

/// A cursor over a JSON document that has already been checked to be UTF-8.
///
/// `M` is whatever the layer above keeps for the length of one document (the wire layer
/// keeps the addresses whose EIP-55 checksum it verified); the reader never looks at it.
/// Likewise it keeps the buffers the document's generic values are canonicalised through
/// (`json::canonical_value`), so that they are allocated once per document.
pub struct Reader<'a, M = ()> {
    text: &'a str,
    pos: usize,
    depth: usize,
    limits: &'a Limits,
    memo: M,
    fractions_inexact: bool,
    canonical_buffers: CanonicalBuffers,
}

/// The `INVALID_JSON` error `what` at byte `offset` of `bytes` (at most `bytes.len()`),
/// with its line (1 + the line feeds before it) and column (1 + the characters between the
/// line's start and it; continuation bytes of UTF-8 are not counted). Linear in `offset`,
/// and only ever paid on the way out of a failed parse.
#[cold]
fn syntax_error(bytes: &[u8], offset: usize, what: &'static str) -> Error {
    let before = bytes.get(..offset).unwrap_or(bytes);
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |at| at + 1);
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let column = 1 + before.get(line_start..).unwrap_or_default().iter().filter(|&&b| b & 0xc0 != 0x80).count();
    Error::new(Problem::InvalidJson(what)).at_position(offset, line, column)
}

impl<'a> Reader<'a> {
    /// A reader over `bytes`; fails when they exceed the document limit or are not UTF-8.
    pub fn new(bytes: &'a [u8], limits: &'a Limits) -> Result<Self, Error> {
        Reader::with_memo(bytes, limits, ())
    }
}

impl<'a, M> Reader<'a, M> {
    /// [`Reader::new`], keeping `memo` for the caller ([`Reader::memo`]).
    pub fn with_memo(bytes: &'a [u8], limits: &'a Limits, memo: M) -> Result<Self, Error> {
        if bytes.len() > limits.max_document_bytes {
            return Err(Error::new(Problem::LimitExceeded {
                what: "document bytes",
                limit: limits.max_document_bytes,
            }));
        }
        let text = core::str::from_utf8(bytes).map_err(|e| syntax_error(bytes, e.valid_up_to(), "invalid utf-8"))?;
        Ok(Reader {
            text,
            pos: 0,
            depth: 0,
            limits,
            memo,
            fractions_inexact: false,
            canonical_buffers: CanonicalBuffers::default(),
        })
    }

    /// Lends the canonicalisation buffers (empty when lent already).
    pub(crate) fn take_canonical_buffers(&mut self) -> CanonicalBuffers {
        core::mem::take(&mut self.canonical_buffers)
    }

    /// Takes the canonicalisation buffers back for the next value.
    pub(crate) fn keep_canonical_buffers(&mut self, buffers: CanonicalBuffers) {
        self.canonical_buffers = buffers;
    }

    /// What the caller keeps for the length of this document.
    pub(crate) fn memo(&mut self) -> &mut M {
        &mut self.memo
    }

    /// Declares that the document's numbers with a fraction or an exponent were binary
    /// floats (text written from a serde data model), so that they are never taken for
    /// exact integers.
    #[cfg(feature = "serde")]
    pub(crate) fn mark_fractions_inexact(&mut self) {
        self.fractions_inexact = true;
    }

    /// Whether numbers with a fraction or an exponent were binary floats
    /// ([`Reader::mark_fractions_inexact`]).
    pub fn fractions_inexact(&self) -> bool {
        self.fractions_inexact
    }

    /// The limits this reader enforces.
    pub fn limits(&self) -> &'a Limits {
        self.limits
    }

    /// Succeeds when nothing but white space is left.
    pub fn finish(&mut self) -> Result<(), Error> {
        match self.peek_byte() {
            None => Ok(()),
            Some(_) => Err(self.syntax("trailing characters after the document")),
        }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// The syntax error `what` at the current position.
    fn syntax(&self, what: &'static str) -> Error {
        self.syntax_at(self.pos, what)
    }

    /// The syntax error `what` at byte `offset`.
    fn syntax_at(&self, offset: usize, what: &'static str) -> Error {
        syntax_error(self.bytes(), offset, what)
    }

    #[inline]
    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes().get(self.pos) {
            self.pos += 1;
        }
    }

    #[inline]
    fn peek_byte(&mut self) -> Option<u8> {
        self.skip_ws();
        self.bytes().get(self.pos).copied()
    }

    /// The type of the next value.
    #[inline]
    pub fn peek(&mut self) -> Result<Token, Error> {
        match self.peek_byte() {
            Some(b'n') => Ok(Token::Null),
            Some(b't' | b'f') => Ok(Token::Bool),
            Some(b'-' | b'0'..=b'9') => Ok(Token::Number),
            Some(b'"') => Ok(Token::String),
            Some(b'[') => Ok(Token::Array),
            Some(b'{') => Ok(Token::Object),
            Some(_) => Err(self.syntax("unexpected character")),
            None => Err(self.syntax("unexpected end of input")),
        }
    }

    /// The offset of the next value (after white space), for taking raw text.
    pub fn value_start(&mut self) -> usize {
        self.skip_ws();
        self.pos
    }

    /// The text between `start` and the current position.
    pub fn text_since(&self, start: usize) -> &'a str {
        self.text.get(start..self.pos).unwrap_or_default()
    }

    /// Consumes `literal`; the error is at its first byte that differs (or is missing).
    fn expect_literal(&mut self, literal: &'static str) -> Result<(), Error> {
        if self.bytes().get(self.pos..self.pos + literal.len()) == Some(literal.as_bytes()) {
            self.pos += literal.len();
            return Ok(());
        }
        let rest = self.bytes().get(self.pos..).unwrap_or_default();
        let differs = literal.bytes().zip(rest).position(|(want, &got)| want != got);
        Err(self.syntax_at(differs.map_or(self.bytes().len(), |at| self.pos + at), "invalid literal"))
    }

    /// Consumes `null` if it is next; says whether it was.
    #[inline]
    pub fn take_null(&mut self) -> Result<bool, Error> {
        if self.peek_byte() == Some(b'n') {
            self.expect_literal("null")?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// Reads `true` or `false`.
    pub fn read_bool(&mut self) -> Result<bool, Error> {
        match self.peek_byte() {
            Some(b't') => self.expect_literal("true").map(|()| true),
            Some(b'f') => self.expect_literal("false").map(|()| false),
            _ => Err(Error::new(Problem::InvalidType { expected: "a boolean" })),
        }
    }

    fn enter(&mut self) -> Result<(), Error> {
        if self.depth >= self.limits.max_depth {
            return Err(Error::new(Problem::LimitExceeded { what: "nesting depth", limit: self.limits.max_depth }));
        }
        self.depth += 1;
        self.pos += 1;
        Ok(())
    }

    /// Consumes `{`; `expected` names what the schema wants here if it is not an object.
    pub fn begin_object(&mut self, expected: &'static str) -> Result<(), Error> {
        match self.peek()? {
            Token::Object => self.enter(),
            _ => Err(Error::new(Problem::InvalidType { expected })),
        }
    }

    /// The next member's key, with its `:` consumed, or `None` after the closing `}`.
    /// `first` is true for the first call on an object.
    #[inline]
    pub fn next_key(&mut self, first: bool) -> Result<Option<Cow<'a, str>>, Error> {
        match self.peek_byte() {
            Some(b'}') => {
                self.pos += 1;
                self.depth -= 1;
                return Ok(None);
            }
            Some(b',') if !first => self.pos += 1,
            Some(_) if first => {}
            _ => return Err(self.syntax("expected ',' or '}' in an object")),
        }
        if self.peek_byte() != Some(b'"') {
            return Err(self.syntax("expected a member name"));
        }
        let key = self.read_string_token()?;
        if key.len() > self.limits.max_string_bytes {
            return Err(self.string_limit());
        }
        if self.peek_byte() != Some(b':') {
            return Err(self.syntax("expected ':' after a member name"));
        }
        self.pos += 1;
        Ok(Some(key))
    }

    /// Consumes `[`; `expected` names what the schema wants here if it is not an array.
    pub fn begin_array(&mut self, expected: &'static str) -> Result<(), Error> {
        match self.peek()? {
            Token::Array => self.enter(),
            _ => Err(Error::new(Problem::InvalidType { expected })),
        }
    }

    /// True when another element follows (its separator consumed), false after the
    /// closing `]`. `first` is true for the first call on an array.
    pub fn next_element(&mut self, first: bool) -> Result<bool, Error> {
        match self.peek_byte() {
            Some(b']') => {
                self.pos += 1;
                self.depth -= 1;
                Ok(false)
            }
            Some(b',') if !first => {
                self.pos += 1;
                Ok(true)
            }
            Some(_) if first => Ok(true),
            _ => Err(self.syntax("expected ',' or ']' in an array")),
        }
    }

    pub(crate) fn string_limit(&self) -> Error {
        Error::new(Problem::LimitExceeded { what: "string bytes", limit: self.limits.max_string_bytes })
    }

    /// Reads a string value without checking the string limit (for kinds with limits of
    /// their own, such as `bytes`); `expected` names the kind if the value is no string.
    /// (`expected` is a function, as for the other readers, so that a read that succeeds
    /// neither builds nor drops a [`Problem`].)
    pub fn read_str_unlimited(&mut self, expected: impl FnOnce() -> Problem) -> Result<Cow<'a, str>, Error> {
        match self.peek()? {
            Token::String => self.read_string_token(),
            _ => Err(Error::new(expected())),
        }
    }

    /// Reads a string value of at most [`Limits::max_string_bytes`].
    pub fn read_str(&mut self, expected: impl FnOnce() -> Problem) -> Result<Cow<'a, str>, Error> {
        let s = self.read_str_unlimited(expected)?;
        if s.len() > self.limits.max_string_bytes {
            return Err(self.string_limit());
        }
        Ok(s)
    }

    /// Reads the string starting at the current `"`.
    fn read_string_token(&mut self) -> Result<Cow<'a, str>, Error> {
        let start = self.pos + 1;
        let bytes = self.bytes();
        let i = find_special(bytes, start);
        match bytes.get(i) {
            Some(b'"') => {
                self.pos = i + 1;
                return Ok(Cow::Borrowed(self.text.get(start..i).unwrap_or_default()));
            }
            Some(b'\\') => {}
            Some(_) => return Err(self.syntax_at(i, "control character in a string")),
            None => return Err(self.syntax_at(i, "unterminated string")),
        }
        let mut owned = String::from(self.text.get(start..i).unwrap_or_default());
        self.pos = i;
        loop {
            let run_start = self.pos;
            self.pos = find_special(bytes, run_start);
            match bytes.get(self.pos) {
                Some(b'"' | b'\\') => {}
                Some(_) => return Err(self.syntax("control character in a string")),
                None => return Err(self.syntax("unterminated string")),
            }
            owned.push_str(self.text.get(run_start..self.pos).unwrap_or_default());
            if bytes.get(self.pos) == Some(&b'"') {
                self.pos += 1;
                return Ok(Cow::Owned(owned));
            }
            self.pos += 1;
            let escaped = match bytes.get(self.pos) {
                Some(b'"') => '"',
                Some(b'\\') => '\\',
                Some(b'/') => '/',
                Some(b'b') => '\u{8}',
                Some(b'f') => '\u{c}',
                Some(b'n') => '\n',
                Some(b'r') => '\r',
                Some(b't') => '\t',
                Some(b'u') => {
                    self.pos += 1;
                    let c = self.read_unicode_escape()?;
                    owned.push(c);
                    continue;
                }
                _ => return Err(self.syntax("invalid escape in a string")),
            };
            owned.push(escaped);
            self.pos += 1;
        }
    }

    /// Reads four hex digits; the error is at the first that is missing or not hex.
    fn read_hex4(&mut self) -> Result<u32, Error> {
        let mut value = 0u32;
        for at in self.pos..self.pos + 4 {
            let nibble = match self.bytes().get(at) {
                None => return Err(self.syntax_at(at, "short \\u escape")),
                Some(&d) => char::from(d).to_digit(16).ok_or_else(|| self.syntax_at(at, "invalid \\u escape"))?,
            };
            value = value << 4 | nibble;
        }
        self.pos += 4;
        Ok(value)
    }

    /// Reads the four hex digits after `\u` (and a low surrogate after a high one). A lone
    /// surrogate is located at the `\` of its escape: the high one's when no escape
    /// follows it, else the escape that is not a low surrogate.
    fn read_unicode_escape(&mut self) -> Result<char, Error> {
        let escape = self.pos - 2;
        let first = self.read_hex4()?;
        let code = match first {
            0xd800..=0xdbff => {
                if self.bytes().get(self.pos..self.pos + 2) != Some(b"\\u") {
                    return Err(self.syntax_at(escape, "lone surrogate in a string"));
                }
                let second_escape = self.pos;
                self.pos += 2;
                let second = self.read_hex4()?;
                if !(0xdc00..=0xdfff).contains(&second) {
                    return Err(self.syntax_at(second_escape, "lone surrogate in a string"));
                }
                0x10000 + ((first - 0xd800) << 10) + (second - 0xdc00)
            }
            0xdc00..=0xdfff => return Err(self.syntax_at(escape, "lone surrogate in a string")),
            other => other,
        };
        char::from_u32(code).ok_or_else(|| self.syntax_at(escape, "invalid \\u escape"))
    }

    /// Reads a number and returns its text, checked against the JSON grammar
    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`; `expected` names the kind if the
    /// value is no number.
    pub fn read_number_text(&mut self, expected: impl FnOnce() -> Problem) -> Result<&'a str, Error> {
        if self.peek()? != Token::Number {
            return Err(Error::new(expected()));
        }
        self.scan_number()
    }

    /// Reads the number at the current position ([`Reader::read_number_text`]).
    fn scan_number(&mut self) -> Result<&'a str, Error> {
        let start = self.pos;
        let bytes = self.bytes();
        let mut i = start;
        let digits = |i: &mut usize| {
            let run = digit_run(bytes, *i);
            *i += run;
            run
        };
        if bytes.get(i) == Some(&b'-') {
            i += 1;
        }
        match bytes.get(i) {
            Some(b'0') => i += 1,
            Some(b'1'..=b'9') => {
                digits(&mut i);
            }
            _ => return Err(self.syntax_at(i, "invalid number")),
        }
        if bytes.get(i) == Some(&b'.') {
            i += 1;
            if digits(&mut i) == 0 {
                return Err(self.syntax_at(i, "invalid number"));
            }
        }
        if let Some(b'e' | b'E') = bytes.get(i) {
            i += 1;
            if let Some(b'+' | b'-') = bytes.get(i) {
                i += 1;
            }
            if digits(&mut i) == 0 {
                return Err(self.syntax_at(i, "invalid number"));
            }
        }
        self.pos = i;
        Ok(self.text.get(start..i).unwrap_or_default())
    }
}

/// How many ASCII decimal digits `bytes` holds from `from` on (zero when `from` is past the
/// end): eight bytes at a time while eight remain, so the long integers and the full
/// precision doubles of a document cost one step per eight digits.
fn digit_run(bytes: &[u8], from: usize) -> usize {
    let mut at = from;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let flags = non_digit_flags(u64::from_le_bytes(word));
        if flags != 0 {
            return at - from + (flags.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    while bytes.get(at).is_some_and(u8::is_ascii_digit) {
        at += 1;
    }
    at - from
}

/// The high bit of each byte of `word` (little-endian: the first byte lowest) that is not
/// an ASCII digit, and possibly of bytes after the first such byte (never before it): a
/// byte above `9` gets its high bit from adding 0x46, a byte below `0` from subtracting
/// 0x30, a byte of 0x80 or more has it already; a carry or borrow only starts at a flagged
/// byte and only moves to later ones.
#[inline(always)]
fn non_digit_flags(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    (word.wrapping_add(ONES * 0x46) | word.wrapping_sub(ONES * 0x30) | word) & HIGHS
}

#[cfg(test)]
mod tests {
    use super::digit_run;

    #[test]
    fn digit_runs_end_at_the_first_byte_that_is_no_digit_whatever_it_and_its_neighbours_are() {
        let by_bytes = |bytes: &[u8], from: usize| bytes.iter().skip(from).take_while(|b| b.is_ascii_digit()).count();
        for stop in 0..=255u8 {
            for len in 0..20 {
                for before in [b'0', b'9', 0x00, 0xff, b'/', b':'] {
                    // `before` precedes the run; `stop` ends it; `9` and a byte of 0xff follow.
                    let mut bytes = alloc::vec![before];
                    bytes.extend((0..len).map(|i| b'0' + (i * 7 % 10) as u8));
                    bytes.extend([stop, b'9', 0xff]);
                    for from in 0..bytes.len() + 2 {
                        assert_eq!(digit_run(&bytes, from), by_bytes(&bytes, from), "{bytes:?} from {from}");
                    }
                }
            }
        }
    }
}
