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
//! the two texts are the same bytes. Measured in isolation, this is about twice as fast as
//! `ryu-js`, which wrote the same text before (BENCHMARKS.md, "The canonical hash on two
//! corpora").
//!
//! Prices and amounts in USD are mostly decimals with a few fraction digits (`1234.56`):
//! those below 2^33 with at most six fraction digits are recognised with one multiplication
//! and one division and written directly, without zmij ([`short_decimal`]).
//!
//! Nothing here reads numbers; [`crate::json::number`] holds the exact integer forms.

use super::number::{decimal_len, write_4_digits, write_8_digits};

/// Room for the longest text: a sign, `0.00000` and 17 digits (25 bytes), or a sign and
/// 21 digits.
const REWRITTEN_LEN: usize = 32;

/// A reusable buffer that formats doubles in ECMAScript form.
pub(crate) struct DoubleBuffer {
    shortest: zmij::Buffer,
    rewritten: [u8; REWRITTEN_LEN],
}

impl DoubleBuffer {
    /// A buffer; cheap to make (32 bytes cleared, zmij's part left uninitialised).
    #[inline]
    pub(crate) fn new() -> Self {
        DoubleBuffer { shortest: zmij::Buffer::new(), rewritten: [0; REWRITTEN_LEN] }
    }

    /// The ECMAScript text of `value`, which must be finite (every `Decimal` is; a
    /// non-finite value gives an unspecified number, never a panic).
    pub(crate) fn format(&mut self, value: f64) -> &str {
        let ascii = self.format_ascii(value);
        // Only ASCII digits, signs, points and exponents are ever written.
        core::str::from_utf8(ascii).unwrap_or("0")
    }

    /// [`DoubleBuffer::format`] as bytes (ASCII), for sinks that take bytes unchecked.
    #[inline]
    pub(crate) fn format_ascii(&mut self, value: f64) -> &[u8] {
        if value == 0.0 {
            return b"0";
        }
        if let Some(range) = short_decimal(&mut self.rewritten, value) {
            return &self.rewritten[range];
        }
        self.shortest_digits(value).as_bytes()
    }

    /// The ECMAScript text of `value` (not zero) from zmij's shortest digits.
    #[inline]
    fn shortest_digits(&mut self, value: f64) -> &str {
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

/// The largest magnitude [`short_decimal`] takes: below 2^33 a double's spacing is at most
/// 2^-20, less than 10^-6, so no two decimals with six fraction digits round to the same
/// double.
const SHORT_DECIMAL_LIMIT: f64 = 8_589_934_592.0;

/// Writes `value` when it is the double nearest to a decimal with at most six fraction
/// digits and its magnitude is below 2^33 (`1234.56`, `-0.0042`), and returns where the
/// text is in `out`; `None` for every other double.
///
/// Why the text is right: `m`, about `|value| × 10^6`, is below 2^53, so it converts to a
/// double exactly, and the division `m / 10^6` is correctly rounded (IEEE 754); when the
/// quotient is `|value|` again, `|value|` is the double nearest to the decimal `m / 10^6`,
/// which therefore reads back as it. (The check is what proves it: an `m` that the
/// multiplication rounded one off fails it, and the double goes to zmij.) Below 2^33 the
/// interval of decimals that read back as `value` is narrower than 10^-6, so it holds no
/// other decimal with six fraction digits or fewer, and every decimal with more fraction
/// digits has more significant digits: `m / 10^6`, trailing zeros dropped, is the shortest,
/// and the only one of that length. It is at least 10^-6, so ECMAScript writes it without an
/// exponent.
#[inline]
fn short_decimal(out: &mut [u8; REWRITTEN_LEN], value: f64) -> Option<core::ops::Range<usize>> {
    let magnitude = if value < 0.0 { -value } else { value };
    if magnitude >= SHORT_DECIMAL_LIMIT {
        return None;
    }
    // Signed conversions: one instruction each way on x86-64 (the unsigned ones are several),
    // and the value is below 2^53 either way.
    let millionths = (magnitude * 1e6 + 0.5) as i64;
    if millionths as f64 / 1e6 != magnitude {
        return None;
    }
    let millionths = millionths.unsigned_abs();
    let (integer, fraction) = (millionths / 1_000_000, (millionths % 1_000_000) as u32);
    // Layout: out[0] room for the sign, out[1..13] twelve integer digits (the integer part
    // is below 2^33, ten digits), out[13] the point, out[14..20] six fraction digits.
    write_8_digits(&mut out[12..20], fraction);
    write_4_digits(&mut out[1..5], (integer / 100_000_000) as u32);
    write_8_digits(&mut out[5..13], (integer % 100_000_000) as u32);
    out[13] = b'.';
    let sign_at = 12 - decimal_len(integer);
    out[sign_at] = b'-';
    let start = sign_at + usize::from(value > 0.0);
    // Fraction digits that are not trailing zeros: the six digits as the low bytes of a
    // word, '0' made zero, and the zero bytes counted from the top.
    let mut word = [b'0'; 8];
    word[..6].copy_from_slice(&out[14..20]);
    let zeros = (u64::from_le_bytes(word) ^ u64::from_le_bytes([b'0'; 8])).leading_zeros() as usize / 8;
    let fraction_len = 8 - zeros;
    let end = if fraction_len == 0 { 13 } else { 14 + fraction_len };
    Some(start..end)
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

    #[test]
    fn short_decimals_are_written_as_zmij_writes_them() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut taken = 0;
        for round in 0..400_000u64 {
            let random = next();
            let scale = [1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6, 1e7][(random % 8) as usize];
            let digits = (random >> 8) % [10, 1_000, 1_000_000, 1 << 40, 1 << 53][(round % 5) as usize];
            let mut values = alloc::vec![
                digits as f64 / scale,
                -(digits as f64) / scale,
                f64::from_bits(random),
                (digits as f64 / scale).next_up(),
                (digits as f64 / scale).next_down(),
            ];
            if round < 64 {
                values.extend([
                    SHORT_DECIMAL_LIMIT,
                    SHORT_DECIMAL_LIMIT.next_down(),
                    SHORT_DECIMAL_LIMIT - 1e-6,
                    1e-6,
                    (1e-6f64).next_down(),
                    1e-7,
                    0.5e-6,
                ]);
            }
            for value in values.into_iter().filter(|value| value.is_finite() && *value != 0.0) {
                let mut short = DoubleBuffer::new();
                let mut reference = DoubleBuffer::new();
                if let Some(range) = short_decimal(&mut short.rewritten, value) {
                    taken += 1;
                    assert_eq!(&short.rewritten[range], reference.shortest_digits(value).as_bytes(), "{value:?}");
                }
            }
        }
        assert!(taken > 500_000, "the short path was taken {taken} times");
    }

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
