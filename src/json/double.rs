//! The text of a double in the canonical form: ECMAScript's `Number.prototype.toString`
//! (docs/spec.md §4), with `-0` written `0`.
//!
//! The shortest digits that read back to the same double, and the closest of them to it,
//! come from `zmij` (Schubfach); this module only moves its decimal point where ECMAScript
//! puts it. Both forms agree everywhere except in three places, so the common case is a
//! slice of zmij's own text:
//!
//! - zmij writes an integer-valued double below 10^16 with `.0` (`100.0`); ECMAScript
//!   writes `100`;
//! - zmij writes 10^16 ≤ |x| < 10^21 with an exponent (`1.5e+20`); ECMAScript writes every
//!   digit (`150000000000000000000`);
//! - zmij writes 10^-6 ≤ |x| < 10^-5 with an exponent (`1.5e-6`); ECMAScript writes
//!   `0.0000015`.
//!
//! Everywhere else (the plain decimals between, and the exponent forms `1e+21`, `1.5e-7`)
//! the two texts are the same bytes. Measured on the benchmark corpus (BENCHMARKS.md), this
//! is about twice as fast as `ryu-js`, which wrote the same text before.
//!
//! Nothing here reads numbers; [`crate::json::number`] holds the exact integer forms.

/// Room for the longest text: a sign, `0.00000` and 17 digits (25 bytes), or a sign and
/// 21 digits.
const REWRITTEN_LEN: usize = 32;

/// A reusable buffer that formats doubles in ECMAScript form.
pub(crate) struct DoubleBuffer {
    shortest: zmij::Buffer,
    rewritten: [u8; REWRITTEN_LEN],
}

impl DoubleBuffer {
    /// A buffer; cheap to make (nothing is initialised).
    #[inline]
    pub(crate) fn new() -> Self {
        DoubleBuffer { shortest: zmij::Buffer::new(), rewritten: [0; REWRITTEN_LEN] }
    }

    /// The ECMAScript text of `value`, which must be finite (every `Decimal` is; a
    /// non-finite value gives an unspecified number, never a panic).
    #[inline]
    pub(crate) fn format(&mut self, value: f64) -> &str {
        if value == 0.0 {
            return "0";
        }
        let text = self.shortest.format_finite(value);
        let bytes = text.as_bytes();
        let len = bytes.len();
        if let Some(integer) = text.strip_suffix(".0") {
            return integer;
        }
        // zmij's exponent is `e+d`, `e-d`, `e+dd`, `e-dd`, `e+ddd` or `e-ddd` at the end.
        let Some(e_at) = (3..=5).map(|back| len.saturating_sub(back)).find(|&at| bytes.get(at) == Some(&b'e')) else {
            return text;
        };
        let negative_exponent = bytes[e_at + 1] == b'-';
        let exponent = bytes[e_at + 2..].iter().fold(0u32, |sum, &digit| sum * 10 + u32::from(digit - b'0'));
        let fixed = if negative_exponent { exponent == 6 } else { (16..=20).contains(&exponent) };
        if !fixed {
            return text;
        }
        rewrite_fixed(&mut self.rewritten, &text[..e_at], negative_exponent, exponent)
    }
}

/// Writes `mantissa` (`d` or `d.ddd`, maybe signed) times 10^±`exponent` without an
/// exponent, into `out`: the two ranges where ECMAScript writes every digit and zmij
/// does not.
#[cold]
fn rewrite_fixed<'a>(
    out: &'a mut [u8; REWRITTEN_LEN],
    mantissa: &str,
    negative_exponent: bool,
    exponent: u32,
) -> &'a str {
    let (sign, digits) = match mantissa.strip_prefix('-') {
        Some(digits) => ("-", digits),
        None => ("", mantissa),
    };
    let digits = digits.bytes().filter(|&byte| byte != b'.');
    let mut len = 0;
    let mut push = |byte: u8| {
        out[len] = byte;
        len += 1;
    };
    sign.bytes().for_each(&mut push);
    if negative_exponent {
        // d.ddd × 10^-6 is 0.00000dddd.
        b"0.00000".iter().copied().for_each(&mut push);
        digits.for_each(&mut push);
    } else {
        // d.ddd × 10^e (16 ≤ e ≤ 20) is dddd followed by zeros up to e + 1 digits; zmij
        // gives at most 17 digits, so the zeros are never negative in number.
        let count = digits.clone().count();
        digits.for_each(&mut push);
        (count..exponent as usize + 1).for_each(|_| push(b'0'));
    }
    // Only ASCII digits, `-`, `0.` went in.
    core::str::from_utf8(&out[..len]).unwrap_or("0")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(value: f64) -> alloc::string::String {
        alloc::string::String::from(DoubleBuffer::new().format(value))
    }

    #[test]
    fn each_place_where_the_forms_differ() {
        for (value, expected) in [
            (0.0, "0"),
            (-0.0, "0"),
            (1.0, "1"),
            (-100.0, "-100"),
            (1e15, "1000000000000000"),
            (1e16, "10000000000000000"),
            (1.234e16, "12340000000000000"),
            (-1.5e20, "-150000000000000000000"),
            (123456789012345680000.0, "123456789012345680000"),
            (1e21, "1e+21"),
            (1.5e21, "1.5e+21"),
            (1e-5, "0.00001"),
            (1e-6, "0.000001"),
            (-1.5e-6, "-0.0000015"),
            (1.2345678901234567e-6, "0.0000012345678901234567"),
            (1e-7, "1e-7"),
            (1.5e-7, "1.5e-7"),
            (0.1, "0.1"),
            (1234.5678, "1234.5678"),
            (5e-324, "5e-324"),
            (-1.7976931348623157e308, "-1.7976931348623157e+308"),
        ] {
            assert_eq!(text(value), expected, "{value:?}");
        }
    }
}
