//! Exact numbers: integers read from JSON number text or decimal-digit strings without
//! ever passing through `f64`, and the text forms the canonical writer needs.

use alloy_primitives::U256;

use crate::error::Problem;

/// Most decimal digits a value below 2^256 can have.
const U256_MAX_DIGITS: usize = 78;

/// The exact value of a JSON number's text as an unsigned 256-bit integer: `1e3`,
/// `1000.0` and `-0` are integers; `-5` and `1.5` are not (SPEC §1).
pub(crate) fn uint_from_number_text(text: &str) -> Result<U256, Problem> {
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(at) => (&unsigned[..at], parse_exponent(&unsigned[at + 1..])),
        None => (unsigned, 0),
    };
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    // value = digits × 10^scale, digits = int_part ‖ frac_part
    let mut scale = exponent - frac_part.len() as i64;
    let int_part = int_part.trim_start_matches('0');
    let (int_part, frac_part) =
        if int_part.is_empty() { ("", frac_part.trim_start_matches('0')) } else { (int_part, frac_part) };
    if int_part.is_empty() && frac_part.is_empty() {
        return Ok(U256::ZERO);
    }
    if negative {
        return Err(Problem::InvalidNumber("negative"));
    }
    // Trailing zeros move into the scale: 1500e-2 is 15 × 10^0.
    let trimmed_frac = frac_part.trim_end_matches('0');
    scale += (frac_part.len() - trimmed_frac.len()) as i64;
    let (int_part, frac_part) = if trimmed_frac.is_empty() {
        let trimmed_int = int_part.trim_end_matches('0');
        scale += (int_part.len() - trimmed_int.len()) as i64;
        (trimmed_int, "")
    } else {
        (int_part, trimmed_frac)
    };
    if scale < 0 {
        return Err(Problem::InvalidNumber("not an integer"));
    }
    let digit_count = (int_part.len() + frac_part.len()) as i64;
    if digit_count + scale > U256_MAX_DIGITS as i64 {
        return Err(Problem::NumberOutOfRange("above 2^256-1"));
    }
    let mut value = U256::ZERO;
    for part in [int_part, frac_part] {
        value = push_digits(value, part)?;
    }
    for _ in 0..scale {
        value = value.checked_mul(U256::from(10u8)).ok_or(Problem::NumberOutOfRange("above 2^256-1"))?;
    }
    Ok(value)
}

/// A JSON exponent's value, saturated far beyond any exponent that could still give an
/// integer below 2^256 from a document of bounded size.
fn parse_exponent(text: &str) -> i64 {
    const CAP: i64 = 1 << 40;
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let mut value: i64 = 0;
    for d in digits.bytes() {
        value = (value * 10 + i64::from(d - b'0')).min(CAP);
    }
    if negative {
        -value
    } else {
        value
    }
}

/// `value × 10^digits.len() + digits`, for ASCII decimal digits.
fn push_digits(mut value: U256, digits: &str) -> Result<U256, Problem> {
    const OVERFLOW: Problem = Problem::NumberOutOfRange("above 2^256-1");
    for chunk in digits.as_bytes().chunks(19) {
        let mut part: u64 = 0;
        for &d in chunk {
            part = part * 10 + u64::from(d - b'0');
        }
        let factor = U256::from(10u64.pow(chunk.len() as u32));
        value = value.checked_mul(factor).and_then(|v| v.checked_add(U256::from(part))).ok_or(OVERFLOW)?;
    }
    Ok(value)
}

/// The value of a JSON string of decimal digits (leading zeros allowed).
pub(crate) fn uint_from_decimal_string(text: &str) -> Result<U256, Problem> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Problem::InvalidNumber("expected decimal digits"));
    }
    let significant = text.trim_start_matches('0');
    if significant.len() > U256_MAX_DIGITS {
        return Err(Problem::NumberOutOfRange("above 2^256-1"));
    }
    push_digits(U256::ZERO, significant)
}

/// A finite `f64` from JSON number text; `1e400` is out of range, not infinity.
pub(crate) fn f64_from_number_text(text: &str) -> Result<f64, Problem> {
    match text.parse::<f64>() {
        Ok(value) if value.is_finite() => Ok(value),
        _ => Err(Problem::NumberOutOfRange("not a finite double")),
    }
}

/// Room for the decimal digits of any `U256`, written in whole chunks of 19 digits.
pub(crate) struct DecimalBuffer {
    bytes: [u8; 5 * 19],
}

impl DecimalBuffer {
    pub(crate) const fn new() -> Self {
        DecimalBuffer { bytes: [0; 5 * 19] }
    }

    /// The decimal digits of `value`, written without allocating.
    pub(crate) fn format(&mut self, value: &U256) -> &str {
        let mut end = self.bytes.len();
        let limbs = value.as_limbs();
        if limbs[2] == 0 && limbs[3] == 0 {
            let mut small = u128::from(limbs[0]) | u128::from(limbs[1]) << 64;
            loop {
                end -= 1;
                self.bytes[end] = b'0' + (small % 10) as u8;
                small /= 10;
                if small == 0 {
                    break;
                }
            }
        } else {
            const CHUNK: u64 = 10_000_000_000_000_000_000; // 10^19
            let mut rest = *value;
            while !rest.is_zero() {
                let (quotient, remainder) = rest.div_rem(U256::from(CHUNK));
                let mut chunk = remainder.as_limbs()[0];
                let chunk_end = end;
                for _ in 0..19 {
                    end -= 1;
                    self.bytes[end] = b'0' + (chunk % 10) as u8;
                    chunk /= 10;
                }
                rest = quotient;
                if rest.is_zero() {
                    while end < chunk_end - 1 && self.bytes[end] == b'0' {
                        end += 1;
                    }
                }
            }
        }
        core::str::from_utf8(&self.bytes[end..]).unwrap_or("0")
    }
}

/// Writes `value` in ECMAScript `Number.prototype.toString` form (`-0` as `0`) into `buffer`.
pub(crate) fn format_ecmascript(buffer: &mut ryu_js::Buffer, value: f64) -> &str {
    if value == 0.0 {
        "0"
    } else {
        buffer.format_finite(value)
    }
}
