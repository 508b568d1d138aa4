//! The `canonical` target's properties: the canonical JSON of every kind the bytes parse
//! as has the form of docs/spec.md §4 (checked by an independent reading) and is idempotent.

use super::*;

/// `fuzz_targets/canonical.rs`: for every kind `data` parses as, the canonical JSON has the
/// form of docs/spec.md §4 (checked here without the library's reader) and is idempotent: it parses
/// to an equal value whose canonical JSON is byte-identical, and `changed_paths` between the
/// two is empty. Against the example of its kind, `changed_paths` is empty exactly when the
/// hashes are equal.
pub fn canonical(data: &[u8]) {
    struct Canonicalise;
    impl EachKind for Canonicalise {
        fn on<T: Answer>(&self, data: &[u8]) {
            canonical_as::<T>(data);
        }
    }
    each_kind(data, &Canonicalise);
}

pub(crate) fn canonical_as<T: Answer>(data: &[u8]) {
    let Ok(value) = from_slice::<T>(data) else { return };
    let text = value.canonical_json();
    if let Err(why) = CanonicalText::check(&text) {
        panic!("the canonical JSON of a {} is not canonical: {why}\n{text}", type_name::<T>());
    }
    let again: T = reread(&text, "canonical JSON");
    assert_eq!(again, value, "the canonical JSON reads back to another {}:\n{text}", type_name::<T>());
    assert_eq!(again.canonical_json(), text, "the canonical form is not idempotent");
    assert_eq!(again.canonical_hash(), value.canonical_hash());
    assert_eq!(changed_paths(&value, &again), Vec::<String>::new());
    assert_eq!(changed_paths(&again, &value), Vec::<String>::new());
    if let Some(example) = example_of::<T>() {
        let same = example.canonical_hash() == value.canonical_hash();
        for (a, b) in [(example, &value), (&value, example)] {
            let changed = changed_paths(a, b);
            assert_eq!(changed.is_empty(), same, "changed paths {changed:?} disagree with the hashes");
            check_changed_paths(&changed);
        }
    }
}

/// The example document of a kind, to diff fuzzed values against: an Intent, GasFeeOptions
/// or QuoteRequest has one.
pub(crate) fn example_of<T: 'static>() -> Option<&'static T> {
    let examples = examples();
    let candidates: [&dyn Any; 3] = [&examples.intent, &examples.gas_fee_options, &examples.quote_request];
    candidates.into_iter().find_map(|candidate| candidate.downcast_ref::<T>())
}

/// An independent reading of docs/spec.md §4's form: no white space, members in strictly ascending
/// order of the UTF-16 code units of their (decoded) keys, RFC 8785 string escapes, ECMAScript numbers.
pub(crate) struct CanonicalText<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl CanonicalText<'_> {
    fn check(text: &str) -> Result<(), String> {
        let mut reader = CanonicalText { bytes: text.as_bytes(), at: 0 };
        reader.value()?;
        match reader.at == reader.bytes.len() {
            true => Ok(()),
            false => reader.fail("text after the value"),
        }
    }

    fn fail<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("{what} at byte {}", self.at))
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let matched = self.peek() == Some(byte);
        self.at += usize::from(matched);
        matched
    }

    fn value(&mut self) -> Result<(), String> {
        match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => self.string().map(drop),
            Some(b't') => self.literal("true"),
            Some(b'f') => self.literal("false"),
            Some(b'n') => self.literal("null"),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => self.fail("expected a value (no white space)"),
        }
    }

    fn literal(&mut self, word: &str) -> Result<(), String> {
        match self.bytes[self.at..].starts_with(word.as_bytes()) {
            true => {
                self.at += word.len();
                Ok(())
            }
            false => self.fail("expected a literal"),
        }
    }

    fn object(&mut self) -> Result<(), String> {
        self.at += 1;
        if self.eat(b'}') {
            return Ok(());
        }
        let mut previous: Option<Vec<u8>> = None;
        loop {
            if self.peek() != Some(b'"') {
                return self.fail("expected a key");
            }
            let key = self.string()?;
            let utf16 = |key: &[u8]| String::from_utf8_lossy(key).encode_utf16().collect::<Vec<u16>>();
            if previous.as_ref().is_some_and(|previous| utf16(previous) >= utf16(&key)) {
                return self.fail("members not in ascending UTF-16 order of their keys");
            }
            previous = Some(key);
            if !self.eat(b':') {
                return self.fail("expected ':'");
            }
            self.value()?;
            if self.eat(b'}') {
                return Ok(());
            }
            if !self.eat(b',') {
                return self.fail("expected ',' or '}'");
            }
        }
    }

    fn array(&mut self) -> Result<(), String> {
        self.at += 1;
        if self.eat(b']') {
            return Ok(());
        }
        loop {
            self.value()?;
            if self.eat(b']') {
                return Ok(());
            }
            if !self.eat(b',') {
                return self.fail("expected ',' or ']'");
            }
        }
    }

    /// Reads a string, returning its decoded bytes.
    fn string(&mut self) -> Result<Vec<u8>, String> {
        self.at += 1;
        let mut decoded = Vec::new();
        loop {
            let Some(byte) = self.peek() else { return self.fail("unterminated string") };
            self.at += 1;
            match byte {
                b'"' => return Ok(decoded),
                b'\\' => {
                    let escape = self.peek();
                    self.at += 1;
                    decoded.push(match escape {
                        Some(b'"') => b'"',
                        Some(b'\\') => b'\\',
                        Some(b'b') => 0x08,
                        Some(b't') => b'\t',
                        Some(b'n') => b'\n',
                        Some(b'f') => 0x0c,
                        Some(b'r') => b'\r',
                        Some(b'u') => {
                            let code = match self.bytes.get(self.at..self.at + 4) {
                                Some([b'0', b'0', high @ (b'0' | b'1'), low @ (b'0'..=b'9' | b'a'..=b'f')]) => {
                                    (high - b'0') << 4 | if *low <= b'9' { low - b'0' } else { low - b'a' + 10 }
                                }
                                _ => return self.fail("\\u escape of something other than a control character"),
                            };
                            if matches!(code, 0x08 | 0x09 | 0x0a | 0x0c | 0x0d) {
                                return self.fail("\\u escape of a character that has a short escape");
                            }
                            self.at += 4;
                            code
                        }
                        _ => return self.fail("an escape RFC 8785 does not write"),
                    });
                }
                0x00..=0x1f => return self.fail("an unescaped control character"),
                _ => decoded.push(byte),
            }
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?(e[+-][1-9][0-9]*)?`, not `-0`, and a single
    /// integer digit before an exponent: what ECMAScript's `Number.prototype.toString` and
    /// exact integers write.
    fn number(&mut self) -> Result<(), String> {
        let start = self.at;
        while matches!(self.peek(), Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')) {
            self.at += 1;
        }
        let text = &self.bytes[start..self.at];
        let unsigned = text.strip_prefix(b"-").unwrap_or(text);
        let (mantissa, exponent) = match unsigned.iter().position(|&b| b == b'e') {
            Some(e) => (&unsigned[..e], Some(&unsigned[e + 1..])),
            None => (unsigned, None),
        };
        let (integer, fraction) = match mantissa.iter().position(|&b| b == b'.') {
            Some(dot) => (&mantissa[..dot], Some(&mantissa[dot + 1..])),
            None => (mantissa, None),
        };
        let digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
        let integer_ok = digits(integer) && (integer == b"0" || integer[0] != b'0');
        let fraction_ok = fraction.is_none_or(|f| digits(f) && f.last() != Some(&b'0'));
        let exponent_ok = exponent.is_none_or(|e| {
            matches!(e.first(), Some(b'+' | b'-')) && digits(&e[1..]) && e[1] != b'0' && integer.len() == 1
        });
        let negative_zero = text.len() != unsigned.len() && mantissa == b"0";
        match integer_ok && fraction_ok && exponent_ok && !negative_zero {
            true => Ok(()),
            false => {
                self.at = start;
                self.fail(&format!("number {:?} is not in ECMAScript form", String::from_utf8_lossy(text)))
            }
        }
    }
}
