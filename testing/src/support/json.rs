//! JSON tree

use super::*;

/// A JSON value with number text kept exactly and members in the order written.
#[derive(Clone, Debug, PartialEq)]
pub enum J {
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

/// Parses strict RFC 8259 JSON (panics on anything else: it only reads the crate's output and
/// this module's own text).
pub fn parse_json(text: &str) -> J {
    let mut p = Parser { b: text.as_bytes(), i: 0 };
    p.ws();
    let value = p.value();
    p.ws();
    assert_eq!(p.i, p.b.len(), "trailing text after JSON value in {text:?}");
    value
}

pub(crate) struct Parser<'a> {
    b: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(self.i) {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) {
        assert_eq!(self.b.get(self.i), Some(&c), "expected {:?} at {}", c as char, self.i);
        self.i += 1;
    }

    fn value(&mut self) -> J {
        match self.b[self.i] {
            b'n' => self.literal("null", J::Null),
            b't' => self.literal("true", J::Bool(true)),
            b'f' => self.literal("false", J::Bool(false)),
            b'"' => J::Str(self.string()),
            b'[' => {
                self.i += 1;
                self.ws();
                let mut items = Vec::new();
                if self.b[self.i] == b']' {
                    self.i += 1;
                    return J::Arr(items);
                }
                loop {
                    self.ws();
                    items.push(self.value());
                    self.ws();
                    match self.b[self.i] {
                        b',' => self.i += 1,
                        b']' => {
                            self.i += 1;
                            return J::Arr(items);
                        }
                        c => panic!("unexpected {:?} in array", c as char),
                    }
                }
            }
            b'{' => {
                self.i += 1;
                self.ws();
                let mut members = Vec::new();
                if self.b[self.i] == b'}' {
                    self.i += 1;
                    return J::Obj(members);
                }
                loop {
                    self.ws();
                    let key = self.string();
                    self.ws();
                    self.eat(b':');
                    self.ws();
                    members.push((key, self.value()));
                    self.ws();
                    match self.b[self.i] {
                        b',' => self.i += 1,
                        b'}' => {
                            self.i += 1;
                            return J::Obj(members);
                        }
                        c => panic!("unexpected {:?} in object", c as char),
                    }
                }
            }
            _ => {
                let start = self.i;
                if self.b[self.i] == b'-' {
                    self.i += 1;
                }
                let digits = |p: &mut Self| {
                    let from = p.i;
                    while p.b.get(p.i).is_some_and(u8::is_ascii_digit) {
                        p.i += 1;
                    }
                    assert!(p.i > from, "expected digits at {from}");
                };
                if self.b[self.i] == b'0' {
                    self.i += 1;
                } else {
                    digits(self);
                }
                if self.b.get(self.i) == Some(&b'.') {
                    self.i += 1;
                    digits(self);
                }
                if let Some(b'e' | b'E') = self.b.get(self.i) {
                    self.i += 1;
                    if let Some(b'+' | b'-') = self.b.get(self.i) {
                        self.i += 1;
                    }
                    digits(self);
                }
                J::Num(std::str::from_utf8(&self.b[start..self.i]).unwrap().to_string())
            }
        }
    }

    fn literal(&mut self, word: &str, value: J) -> J {
        assert_eq!(&self.b[self.i..self.i + word.len()], word.as_bytes());
        self.i += word.len();
        value
    }

    fn hex4(&mut self) -> u32 {
        let text = std::str::from_utf8(&self.b[self.i..self.i + 4]).unwrap();
        self.i += 4;
        u32::from_str_radix(text, 16).unwrap()
    }

    fn string(&mut self) -> String {
        self.eat(b'"');
        let mut bytes = Vec::new();
        loop {
            let c = self.b[self.i];
            self.i += 1;
            match c {
                b'"' => return String::from_utf8(bytes).unwrap(),
                b'\\' => {
                    let e = self.b[self.i];
                    self.i += 1;
                    let ch = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let first = self.hex4();
                            let code = if (0xD800..0xDC00).contains(&first) {
                                self.eat(b'\\');
                                self.eat(b'u');
                                let second = self.hex4();
                                assert!((0xDC00..0xE000).contains(&second), "lone surrogate");
                                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                            } else {
                                first
                            };
                            char::from_u32(code).expect("lone surrogate")
                        }
                        _ => panic!("bad escape"),
                    };
                    let mut buf = [0; 4];
                    bytes.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                0x00..=0x1f => panic!("control character in string"),
                _ => bytes.push(c),
            }
        }
    }
}

/// Writes `s` as a JSON string with the escaping of docs/spec.md §4 (RFC 8785 §3.2.2.2).
pub fn write_canonical_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

pub fn canonical_string(s: &str) -> String {
    let mut out = String::new();
    write_canonical_string(&mut out, s);
    out
}

/// The canonical order of keys (docs/spec.md §4, RFC 8785 §3.2.3), computed independently of the
/// crate: compare the keys' UTF-16 code units, as JavaScript's default sort does.
pub fn key_order(a: &str, b: &str) -> std::cmp::Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

/// The compact text of a tree whose leaves are already in canonical form, with object members
/// sorted by [`key_order`]: the canonical JSON of docs/spec.md §4.
pub fn canonical_text(j: &J) -> String {
    let mut out = String::new();
    write_canonical(&mut out, j);
    out
}

pub(crate) fn write_canonical(out: &mut String, j: &J) {
    match j {
        J::Null => out.push_str("null"),
        J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        J::Num(t) => out.push_str(t),
        J::Str(s) => write_canonical_string(out, s),
        J::Arr(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(out, item);
            }
            out.push(']');
        }
        J::Obj(members) => {
            let mut sorted: Vec<&(String, J)> = members.iter().collect();
            sorted.sort_by(|a, b| key_order(&a.0, &b.0));
            out.push('{');
            for (i, (k, v)) in sorted.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical_string(out, k);
                out.push(':');
                write_canonical(out, v);
            }
            out.push('}');
        }
    }
}

/// The canonical form of a generic JSON value (an unknown member, docs/spec.md §4): keys sorted by
/// [`key_order`], integer literals exact (`-0` as `0`), other numbers in ECMAScript form.
pub fn canonicalise_generic(j: &J) -> J {
    match j {
        J::Num(t) if is_integer_literal(t) => J::Num(if t == "-0" { "0".into() } else { t.clone() }),
        J::Num(t) => J::Num(ecmascript(t.parse::<f64>().unwrap())),
        J::Arr(items) => J::Arr(items.iter().map(canonicalise_generic).collect()),
        J::Obj(members) => {
            let mut members: Vec<(String, J)> =
                members.iter().map(|(k, v)| (k.clone(), canonicalise_generic(v))).collect();
            members.sort_by(|a, b| key_order(&a.0, &b.0));
            J::Obj(members)
        }
        other => other.clone(),
    }
}

pub fn is_integer_literal(text: &str) -> bool {
    !text.contains(['.', 'e', 'E'])
}
