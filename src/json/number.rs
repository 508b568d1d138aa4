//! Exact numbers: integers read from JSON number text or decimal-digit strings without
//! ever passing through `f64`, and the text forms the canonical writer needs.

use alloy_primitives::U256;

use crate::error::Problem;
use crate::json::Sink;

/// Most decimal digits a value below 2^256 can have.
const U256_MAX_DIGITS: usize = 78;

/// The exact value of a JSON number's text as an unsigned 256-bit integer: `1e3`,
/// `1000.0` and `-0` are integers; `-5` and `1.5` are not (docs/spec.md §1).
pub(crate) fn uint_from_number_text(text: &str) -> Result<U256, Problem> {
    // The common case, a plain integer below 10^19 (chain ids, decimals, ids): the reader
    // checked the JSON grammar, so there are no leading zeros to trim.
    if (1..=19).contains(&text.len()) && all_digits(text.as_bytes()) {
        return Ok(U256::from(chunk_value(text.as_bytes())));
    }
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
        let Some(next) = value.checked_mul(U256::from(10u8)) else {
            return Err(Problem::NumberOutOfRange("above 2^256-1"));
        };
        value = next;
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
        let part = chunk_value(chunk);
        let factor = U256::from(10u64.pow(chunk.len() as u32));
        let Some(next) = value.checked_mul(factor).and_then(|v| v.checked_add(U256::from(part))) else {
            return Err(OVERFLOW);
        };
        value = next;
    }
    Ok(value)
}

/// The value of a JSON string of decimal digits (leading zeros allowed).
pub(crate) fn uint_from_decimal_string(text: &str) -> Result<U256, Problem> {
    if text.is_empty() || !all_digits(text.as_bytes()) {
        return Err(Problem::InvalidNumber("expected decimal digits"));
    }
    let significant = text.trim_start_matches('0');
    match significant.len() {
        // Up to 38 digits (below 10^38 < 2^128): one or two u64 chunks, no wide arithmetic.
        0..=19 => Ok(U256::from(chunk_value(significant.as_bytes()))),
        20..=38 => {
            let (high, low) = significant.as_bytes().split_at(significant.len() - 19);
            Ok(U256::from(u128::from(chunk_value(high)) * u128::from(CHUNK) + u128::from(chunk_value(low))))
        }
        39..=U256_MAX_DIGITS => push_digits(U256::ZERO, significant),
        _ => Err(Problem::NumberOutOfRange("above 2^256-1")),
    }
}

/// Whether every byte is an ASCII decimal digit (no early exit: the compiler vectorises it).
fn all_digits(bytes: &[u8]) -> bool {
    bytes.iter().fold(true, |all, b| all & b.is_ascii_digit())
}

/// The value of at most 19 ASCII decimal digits: eight at a time, then one at a time.
fn chunk_value(digits: &[u8]) -> u64 {
    let mut chunks = digits.chunks_exact(8);
    let mut value = 0;
    for chunk in &mut chunks {
        value = value * 100_000_000 + eight_digits_value(chunk);
    }
    chunks.remainder().iter().fold(value, |value, &d| value * 10 + u64::from(d - b'0'))
}

/// The value of eight ASCII decimal digits, with three multiplications instead of eight
/// (the digits are combined in pairs, then in fours, then in eights, within one word).
fn eight_digits_value(chunk: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(chunk);
    // Little-endian: the first digit is the lowest byte.
    let digits = u64::from_le_bytes(word) - 0x3030_3030_3030_3030;
    let pairs = (digits * 10 + (digits >> 8)) & 0x00ff_00ff_00ff_00ff;
    let fours = (pairs * 100 + (pairs >> 16)) & 0x0000_ffff_0000_ffff;
    (fours * 10_000 + (fours >> 32)) & 0xffff_ffff
}

/// A finite `f64` from JSON number text; `1e400` is out of range, not infinity.
pub(crate) fn f64_from_number_text(text: &str) -> Result<f64, Problem> {
    match text.parse::<f64>() {
        Ok(value) if value.is_finite() => Ok(value),
        _ => Err(Problem::NumberOutOfRange("not a finite double")),
    }
}

/// `"00" "01" … "99"`: the digits of a number below 100, two at a time.
static DIGIT_PAIRS: [u8; 200] = {
    let mut table = [0u8; 200];
    let mut i = 0;
    while i < 100 {
        table[2 * i] = b'0' + (i / 10) as u8;
        table[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    table
};

/// 10^19, the largest power of ten below 2^64: a `U256` is written in chunks of 19 digits.
const CHUNK: u64 = 10_000_000_000_000_000_000;

/// Writes the four digits of `value` (below 10^4, with leading zeros) into `out`.
#[inline(always)]
pub(crate) fn write_4_digits(out: &mut [u8], value: u32) {
    let (high, low) = ((value / 100) as usize * 2, (value % 100) as usize * 2);
    out[..2].copy_from_slice(&DIGIT_PAIRS[high..high + 2]);
    out[2..4].copy_from_slice(&DIGIT_PAIRS[low..low + 2]);
}

/// Writes the eight digits of `value` (below 10^8, with leading zeros) into `out`, computed
/// side by side in one word (SWAR) and stored at once: fewer instructions than four lookups
/// of digit pairs (BENCHMARKS.md, "The canonical hash on two corpora").
#[inline(always)]
pub(crate) fn write_8_digits(out: &mut [u8], value: u32) {
    out[..8].copy_from_slice(&eight_digits(value));
}

/// The eight ASCII digits of `value` (below 10^8, with leading zeros), first digit first.
/// Lanes of one `u64`: two 32-bit lanes of four digits each (`value / 10^4` in the low
/// lane), split into 16-bit lanes of two digits by `x / 100 = x × 10486 >> 20` (exact below
/// 10^4), and into bytes by `x / 10 = x × 103 >> 10` (exact below 100); no product crosses
/// into the next lane.
#[inline(always)]
fn eight_digits(value: u32) -> [u8; 8] {
    let value = u64::from(value);
    let fours = (value / 10_000) | ((value % 10_000) << 32);
    let hundreds = ((fours * 10_486) >> 20) & 0x0000_007F_0000_007F;
    let twos = hundreds | ((fours - hundreds * 100) << 16);
    let tens = ((twos * 103) >> 10) & 0x000F_000F_000F_000F;
    let digits = tens | ((twos - tens * 10) << 8);
    (digits + u64::from_le_bytes([b'0'; 8])).to_le_bytes()
}

/// Writes the twenty digits of `value`, with leading zeros, into `out`: split into parts
/// of at most eight digits first, so that the divisions (by constants, so multiplications)
/// do not form one long chain.
#[inline(always)]
fn write_20_digits(out: &mut [u8], value: u64) {
    const E8: u64 = 100_000_000;
    const E16: u64 = E8 * E8;
    let (top, rest) = (value / E16, value % E16);
    write_4_digits(&mut out[..4], top as u32);
    write_8_digits(&mut out[4..12], (rest / E8) as u32);
    write_8_digits(&mut out[12..20], (rest % E8) as u32);
}

/// Writes exactly 19 digits of `chunk` (below 10^19, with leading zeros) ending at `end`,
/// and returns where they start. Needs 20 bytes of room before `end`.
fn write_chunk_digits(bytes: &mut [u8], end: usize, chunk: u64) -> usize {
    write_20_digits(&mut bytes[end - 20..end], chunk);
    end - 19
}

/// `10^k` for `k` in `0..=19`: every power of ten a `u64` holds.
static POWERS_OF_TEN: [u64; 20] = {
    let mut table = [1u64; 20];
    let mut k = 1;
    while k < 20 {
        table[k] = table[k - 1] * 10;
        k += 1;
    }
    table
};

/// How many decimal digits `value` has (1 for 0), without a branch: the bit length gives
/// ⌊log10⌋ or one less (1233 / 4096 is just above log10 2), and one comparison with a
/// power of ten settles it. `value | 1` is never 0 and has as many digits as `value`: a
/// power of ten is even, so setting the low bit of an even value never reaches one.
#[inline(always)]
pub(crate) fn decimal_len(value: u64) -> usize {
    let bits = 64 - (value | 1).leading_zeros() as usize;
    let guess = (bits * 1233) >> 12;
    guess + usize::from(value | 1 >= POWERS_OF_TEN[guess])
}

/// Writes the digits of `value` without leading zeros (`0` for 0), ending at `end`, and
/// returns where they start. Needs 20 bytes of room before `end`. Eight or twenty digits
/// are written and the leading zeros skipped: the only branch is on whether the value has
/// more than eight digits, which a given field (a gas figure, an amount) mostly repeats.
#[inline(always)]
fn write_u64_digits(bytes: &mut [u8], end: usize, value: u64) -> usize {
    if value < 100_000_000 {
        write_8_digits(&mut bytes[end - 8..end], value as u32);
    } else {
        write_20_digits(&mut bytes[end - 20..end], value);
    }
    end - decimal_len(value)
}

/// Writes `value` as a quoted decimal string (`"7845"`) into `out`: a `U256` below 2^64
/// (most gas figures and many amounts) through a word-sized buffer, wider ones through
/// [`DecimalBuffer`].
#[inline]
pub(crate) fn write_quoted_uint<S: Sink + ?Sized>(out: &mut S, value: &U256) {
    match value.as_limbs() {
        [word, 0, 0, 0] => {
            let mut bytes = [b'"'; 22];
            let start = write_u64_digits(&mut bytes, 21, *word) - 1;
            bytes[start] = b'"';
            out.write_ascii(&bytes[start..]);
        }
        _ => out.write_ascii(DecimalBuffer::new().quoted(value)),
    }
}

/// The decimal digits of a `u64` (ids, chain ids, nonces, gas figures), written without
/// allocating: [`DecimalBuffer`] for integers that fit in a word.
pub(crate) struct U64Buffer {
    bytes: [u8; 20],
}

impl U64Buffer {
    #[inline(always)]
    pub(crate) const fn new() -> Self {
        U64Buffer { bytes: [0; 20] }
    }

    /// The digits of `value` (ASCII, no leading zeros).
    #[inline(always)]
    pub(crate) fn digits(&mut self, value: u64) -> &[u8] {
        let start = write_u64_digits(&mut self.bytes, 20, value);
        &self.bytes[start..]
    }
}

/// Room for the decimal digits of any `U256` (written in chunks of 19 digits, each with 20
/// bytes of room) between quotes.
pub(crate) struct DecimalBuffer {
    bytes: [u8; 4 * 19 + 20 + 2],
}

impl DecimalBuffer {
    pub(crate) const fn new() -> Self {
        DecimalBuffer { bytes: [0; 4 * 19 + 20 + 2] }
    }

    /// The decimal digits of `value` between quotes (`"7845"`, ASCII), written without
    /// allocating. Values below 2^64 (gas figures) take no wide division at all, values
    /// below 2^128 (token amounts) one `u128` division per 19 digits, and only wider values
    /// (salts) divide the whole `U256`.
    pub(crate) fn quoted(&mut self, value: &U256) -> &[u8] {
        let mut end = self.bytes.len() - 1;
        self.bytes[end] = b'"';
        let limbs = value.as_limbs();
        let mut small = if limbs[2] == 0 && limbs[3] == 0 {
            u128::from(limbs[0]) | u128::from(limbs[1]) << 64
        } else {
            let mut rest = *value;
            loop {
                let (quotient, remainder) = rest.div_rem(U256::from(CHUNK));
                end = write_chunk_digits(&mut self.bytes, end, remainder.as_limbs()[0]);
                rest = quotient;
                let limbs = rest.as_limbs();
                if limbs[2] == 0 && limbs[3] == 0 {
                    break u128::from(limbs[0]) | u128::from(limbs[1]) << 64;
                }
            }
        };
        while small > u128::from(u64::MAX) {
            let quotient = small / u128::from(CHUNK);
            let remainder = (small - quotient * u128::from(CHUNK)) as u64;
            end = write_chunk_digits(&mut self.bytes, end, remainder);
            small = quotient;
        }
        // Every division above left a non-zero quotient (the dividend was at least 2^64),
        // so the leading part is written without leading zeros; the 19-digit chunks after
        // it keep theirs.
        end = write_u64_digits(&mut self.bytes, end, small as u64);
        end -= 1;
        self.bytes[end] = b'"';
        &self.bytes[end..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::{String, ToString};

    #[test]
    fn decimal_buffer_agrees_with_display_at_every_boundary() {
        let mut values = alloc::vec![U256::ZERO, U256::MAX, U256::from(u64::MAX), U256::from(u128::MAX)];
        let mut power = U256::from(1u8);
        for _ in 0..78 {
            values.extend([power - U256::from(1u8), power, power + U256::from(1u8)]);
            power *= U256::from(10u8);
        }
        for shift in 0..256 {
            let bit = U256::from(1u8) << shift;
            values.extend([bit - U256::from(1u8), bit, bit + U256::from(1u8)]);
        }
        let mut x = U256::from(0x9E37_79B9_7F4A_7C15u64);
        for _ in 0..2000 {
            x = x
                .wrapping_mul(U256::from(6_364_136_223_846_793_005u64))
                .wrapping_add(U256::from(1_442_695_040_888_963_407u64));
            values.extend([x, x >> (x.as_limbs()[0] % 256) as usize]);
        }
        for value in values {
            assert_eq!(DecimalBuffer::new().quoted(&value), alloc::format!("\"{value}\"").as_bytes());
            let mut written = String::new();
            write_quoted_uint(&mut written, &value);
            assert_eq!(written, alloc::format!("\"{value}\""));
        }
    }

    #[test]
    fn eight_digits_agree_with_display() {
        let step = if cfg!(debug_assertions) { 997 } else { 1 };
        for value in
            (0..100_000_000u32).step_by(step).chain([99_999_999, 10_000_000, 9_999_999, 10_000, 9_999, 100, 99])
        {
            assert_eq!(eight_digits(value), *alloc::format!("{value:08}").as_bytes(), "{value}");
        }
    }

    #[test]
    fn u64_digits_agree_with_display_at_every_power_of_ten() {
        let mut values = alloc::vec![0, 1, 9, u64::MAX, u64::MAX - 1, 1 << 63];
        for k in 1..20 {
            let power = 10u64.pow(k);
            values.extend([power - 1, power, power + 1, power / 2, power - power / 10]);
        }
        for shift in 0..64 {
            values.extend([(1u64 << shift) - 1, 1 << shift, (1u64 << shift) + 1]);
        }
        for value in values {
            assert_eq!(U64Buffer::new().digits(value), value.to_string().as_bytes(), "{value}");
            assert_eq!(decimal_len(value), value.to_string().len(), "{value}");
        }
    }

    #[test]
    fn decimal_strings_of_every_length_read_exactly() {
        let mut digits = String::new();
        for len in 1..=80 {
            digits.push(char::from(b'0' + (len * 7 % 10) as u8));
            for text in [digits.clone(), alloc::format!("000{digits}")] {
                let expected = U256::from_str_radix(&text, 10).map_err(|_| Problem::NumberOutOfRange("above 2^256-1"));
                assert_eq!(uint_from_decimal_string(&text), expected, "{text}");
            }
        }
        let max = U256::MAX.to_string();
        assert_eq!(uint_from_decimal_string(&max), Ok(U256::MAX));
        let above = "115792089237316195423570985008687907853269984665640564039457584007913129639936";
        assert!(uint_from_decimal_string(above).is_err());
        for (text, value) in
            [("0", 0u128), ("00", 0), ("18446744073709551616", 1 << 64), ("9".repeat(38).as_str(), 10u128.pow(38) - 1)]
        {
            assert_eq!(uint_from_decimal_string(text), Ok(U256::from(value)), "{text}");
        }
    }
}
