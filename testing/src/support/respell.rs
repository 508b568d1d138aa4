//! Respelling

use super::*;

/// Which spellings a [`Respeller`] varies.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub key_order: bool,
    pub white_space: bool,
    pub addresses: bool,
    pub uints: bool,
    pub small_uints: bool,
    pub decimals: bool,
    pub timestamps: bool,
    pub escapes: bool,
    pub nulls: bool,
    pub hex_case: bool,
    pub unknown_numbers: bool,
}

impl Style {
    pub const NONE: Style = Style {
        key_order: false,
        white_space: false,
        addresses: false,
        uints: false,
        small_uints: false,
        decimals: false,
        timestamps: false,
        escapes: false,
        nulls: false,
        hex_case: false,
        unknown_numbers: false,
    };
    pub const ALL: Style = Style {
        key_order: true,
        white_space: true,
        addresses: true,
        uints: true,
        small_uints: true,
        decimals: true,
        timestamps: true,
        escapes: true,
        nulls: true,
        hex_case: true,
        unknown_numbers: true,
    };
}

/// Writes a canonical tree in random spellings of the same meaning.
pub struct Respeller<'r> {
    pub rng: &'r mut Choices,
    pub style: Style,
    /// The unknown members of schema objects as written: (key in canonical JSON string form,
    /// raw value text).
    pub unknown_raw: Vec<(String, String)>,
}

impl<'r> Respeller<'r> {
    pub fn new(rng: &'r mut Choices, style: Style) -> Self {
        Respeller { rng, style, unknown_raw: Vec::new() }
    }

    pub fn document(&mut self, tree: &J, root: Kind) -> String {
        let mut out = String::new();
        self.ws(&mut out);
        self.value(tree, Some(root), &mut out);
        self.ws(&mut out);
        out
    }

    fn ws(&mut self, out: &mut String) {
        if self.style.white_space && self.rng.chance(1, 3) {
            for _ in 0..1 + self.rng.below(3) {
                out.push(*self.rng.pick(&[' ', '\t', '\r', '\n']));
            }
        }
    }

    fn value(&mut self, j: &J, kind: Option<Kind>, out: &mut String) {
        match (j, kind) {
            (J::Obj(members), Some(Kind::Obj(name))) => self.object(members, Some(name), out),
            (J::Obj(members), _) => self.object(members, None, out),
            (J::Arr(items), kind) => {
                let child = match kind {
                    Some(Kind::Arr(k)) => Some(*k),
                    _ => None,
                };
                out.push('[');
                self.ws(out);
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                        self.ws(out);
                    }
                    self.value(item, child, out);
                    self.ws(out);
                }
                out.push(']');
            }
            (J::Null, _) => out.push_str("null"),
            (J::Bool(b), _) => out.push_str(if *b { "true" } else { "false" }),
            (J::Num(t), Some(Kind::U64 | Kind::U8)) if self.style.small_uints => {
                let text = match self.rng.below(4) {
                    0 => t.clone(),
                    1 => format!("\"{t}\""),
                    2 => format!("\"{}{t}\"", "0".repeat(1 + self.rng.below(3))),
                    _ => spell_exact(self.rng, false, t, 0, false),
                };
                if text.starts_with('"') {
                    self.string(&text[1..text.len() - 1], out);
                } else {
                    out.push_str(&text);
                }
            }
            (J::Num(t), Some(Kind::Decimal | Kind::TextOrDecimal)) if self.style.decimals => {
                let x: f64 = t.parse().unwrap();
                if x == 0.0 {
                    let zero: &str = self.rng.pick::<&str>(&["0", "-0", "0.0", "-0.0e0", "0E-3"]);
                    out.push_str(zero);
                } else if self.rng.chance(1, 4) {
                    out.push_str(t);
                } else {
                    let (negative, digits, exp) = shortest_digits(x);
                    out.push_str(&spell_exact(self.rng, negative, &digits, exp, false));
                }
            }
            (J::Num(t), None) if self.style.unknown_numbers => {
                if is_integer_literal(t) {
                    out.push_str(if t == "0" && self.rng.chance(1, 2) { "-0" } else { t });
                } else {
                    let x: f64 = t.parse().unwrap();
                    if x == 0.0 || self.rng.chance(1, 4) {
                        out.push_str(t);
                    } else {
                        let (negative, digits, exp) = shortest_digits(x);
                        out.push_str(&spell_exact(self.rng, negative, &digits, exp, true));
                    }
                }
            }
            (J::Num(t), _) => out.push_str(t),
            (J::Str(s), Some(Kind::Uint)) if self.style.uints => match self.rng.below(4) {
                0 => self.string(s, out),
                1 => {
                    let padded = format!("{}{s}", "0".repeat(1 + self.rng.below(3)));
                    self.string(&padded, out)
                }
                2 => out.push_str(s),
                _ => out.push_str(&spell_exact(self.rng, false, s, 0, false)),
            },
            (J::Str(s), Some(Kind::Address | Kind::AddressOrEmpty)) if self.style.addresses && !s.is_empty() => {
                let text = match self.rng.below(3) {
                    0 => s.clone(),
                    1 => format!("0x{}", s[2..].to_ascii_uppercase()),
                    _ => Address::from_str(s).unwrap().to_checksum(None),
                };
                self.string(&text, out);
            }
            (J::Str(s), Some(Kind::Bytes | Kind::Bytes32)) if self.style.hex_case => {
                let text = match self.rng.below(3) {
                    0 => s.clone(),
                    1 => format!("0x{}", s[2..].to_ascii_uppercase()),
                    _ => {
                        let digits: String = s[2..]
                            .chars()
                            .map(|c| if self.rng.chance(1, 2) { c.to_ascii_uppercase() } else { c })
                            .collect();
                        format!("0x{digits}")
                    }
                };
                self.string(&text, out);
            }
            (J::Str(s), Some(Kind::Timestamp)) if self.style.timestamps => {
                let text = respell_timestamp(self.rng, s);
                self.string(&text, out);
            }
            (J::Str(s), _) => self.string(s, out),
        }
    }

    fn object(&mut self, members: &[(String, J)], schema: Option<&'static str>, out: &mut String) {
        // (key, value or None for an added null, kind, whether it is an unknown member of a
        // schema object)
        let mut items: Vec<(&str, Option<&J>, Option<Kind>, bool)> = members
            .iter()
            .map(|(k, v)| match schema.and_then(|s| field(s, k)) {
                Some(f) => (k.as_str(), Some(v), Some(f.kind), false),
                None => (k.as_str(), Some(v), None, schema.is_some()),
            })
            .collect();
        if let (true, Some(name)) = (self.style.nulls, schema) {
            for f in fields(name) {
                if f.optional && !members.iter().any(|(k, _)| k == f.key) && self.rng.chance(1, 2) {
                    items.push((f.key, None, None, false));
                }
            }
        }
        if self.style.key_order {
            self.rng.shuffle(&mut items);
        }
        out.push('{');
        self.ws(out);
        for (i, (key, value, kind, unknown)) in items.into_iter().enumerate() {
            if i > 0 {
                out.push(',');
                self.ws(out);
            }
            self.string(key, out);
            self.ws(out);
            out.push(':');
            self.ws(out);
            let start = out.len();
            match value {
                Some(v) => self.value(v, kind, out),
                None => out.push_str("null"),
            }
            if unknown {
                self.unknown_raw.push((canonical_string(key), out[start..].to_string()));
            }
            self.ws(out);
        }
        out.push('}');
    }

    /// Writes `s` as a JSON string, with random escapes when the style asks for them.
    fn string(&mut self, s: &str, out: &mut String) {
        let mode = if self.style.escapes { self.rng.below(3) } else { 0 };
        if mode == 0 {
            write_canonical_string(out, s);
            return;
        }
        out.push('"');
        for c in s.chars() {
            let must = c == '"' || c == '\\' || (c as u32) < 0x20;
            if !(must || mode == 2 || self.rng.chance(1, 4)) {
                out.push(c);
                continue;
            }
            let short = match c {
                '"' => Some("\\\""),
                '\\' => Some("\\\\"),
                '/' => Some("\\/"),
                '\u{8}' => Some("\\b"),
                '\t' => Some("\\t"),
                '\n' => Some("\\n"),
                '\u{c}' => Some("\\f"),
                '\r' => Some("\\r"),
                _ => None,
            };
            match short {
                Some(text) if self.rng.chance(1, 2) => out.push_str(text),
                _ => {
                    let mut units = [0u16; 2];
                    for unit in c.encode_utf16(&mut units) {
                        let hex = format!("{:04x}", unit);
                        out.push_str("\\u");
                        for h in hex.chars() {
                            out.push(if self.rng.chance(1, 2) { h.to_ascii_uppercase() } else { h });
                        }
                    }
                }
            }
        }
        out.push('"');
    }
}
