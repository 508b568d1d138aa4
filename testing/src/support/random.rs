//! Random values of each kind, in canonical form

use super::*;

/// A random `uint` (decimal digits, at most 2^256 − 1), biased towards the edges.
pub fn random_uint(rng: &mut Choices) -> String {
    match rng.below(6) {
        0 => "0".into(),
        1 => U256_MAX.into(),
        2 => pow2(rng.below(256) as u32),
        3 => dec_sub_one(&pow2(1 + rng.below(256) as u32)),
        _ => loop {
            let len = 1 + rng.below(78);
            let mut digits: String = (0..len).map(|_| char::from(b'0' + rng.below(10) as u8)).collect();
            digits = digits.trim_start_matches('0').to_string();
            if digits.is_empty() {
                digits = "0".into();
            }
            if digits.len() < 78 || digits.as_str() <= U256_MAX {
                break digits;
            }
        },
    }
}

/// A random finite double, biased towards the edges of the ECMAScript form.
pub fn random_double(rng: &mut Choices) -> f64 {
    match rng.below(4) {
        0 => *rng.pick(&[
            0.0,
            -0.0,
            1e21,
            1e20,
            123456789012345680000.0,
            1e-6,
            1e-7,
            5e-324,
            -5e-324,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            0.1,
            0.30000000000000004,
            9007199254740993.0,
            2f64.powi(53),
        ]),
        1 => (rng.next_u64() as i64 as f64) / 10f64.powi(rng.below(30) as i32),
        _ => loop {
            let x = f64::from_bits(rng.next_u64());
            if x.is_finite() {
                break x;
            }
        },
    }
}

/// A random instant in years 0000–9999 in canonical form.
pub fn random_timestamp(rng: &mut Choices) -> String {
    let min = days_from_civil(0, 1, 1) * 86_400;
    let max = days_from_civil(9999, 12, 31) * 86_400 + 86_399;
    let seconds = match rng.below(5) {
        0 => *rng.pick(&[min, max, 0, -1, days_from_civil(2000, 2, 29) * 86_400, days_from_civil(1900, 3, 1) * 86_400]),
        _ => min + (rng.next_u64() % (max - min + 1) as u64) as i64,
    };
    let nanos = match rng.below(4) {
        0 => 0,
        1 => rng.below(1000) as u32 * 1_000_000,
        2 => 999_999_999,
        _ => rng.below(1_000_000_000) as u32,
    };
    format_canonical_timestamp(seconds, nanos)
}

/// A random string of any Unicode scalar values.
pub fn random_unicode_string(rng: &mut Choices) -> String {
    (0..rng.below(12))
        .map(|_| match rng.below(4) {
            0 => random_char(rng),
            1 => char::from(rng.below(0x80) as u8),
            _ => loop {
                if let Some(c) = char::from_u32(rng.below(0x11_0000) as u32) {
                    break c;
                }
            },
        })
        .collect()
}

/// A random canonical value of a leaf kind.
pub fn random_leaf(rng: &mut Choices, kind: Kind) -> Option<J> {
    let hex = |rng: &mut Choices, n: usize| -> String {
        let mut s = String::from("0x");
        for _ in 0..n {
            let _ = write!(s, "{:02x}", rng.below(256));
        }
        s
    };
    Some(match kind {
        Kind::Uint => J::Str(random_uint(rng)),
        Kind::U64 => J::Num(match rng.below(3) {
            0 => u64::MAX.to_string(),
            1 => rng.below(1000).to_string(),
            _ => rng.next_u64().to_string(),
        }),
        Kind::U8 => J::Num(rng.below(256).to_string()),
        Kind::Decimal => J::Num(ecmascript(random_double(rng))),
        Kind::Address => J::Str(hex(rng, 20)),
        Kind::AddressOrEmpty if rng.chance(1, 4) => J::Str(String::new()),
        Kind::AddressOrEmpty => J::Str(hex(rng, 20)),
        Kind::TextOrDecimal if rng.chance(1, 2) => J::Num(ecmascript(random_double(rng))),
        Kind::TextOrDecimal => J::Str(random_unicode_string(rng)),
        Kind::Bytes => {
            let n = rng.below(40);
            J::Str(hex(rng, n))
        }
        Kind::Bytes32 => J::Str(hex(rng, 32)),
        Kind::Timestamp => J::Str(random_timestamp(rng)),
        Kind::Str => J::Str(random_unicode_string(rng)),
        Kind::Bool => J::Bool(rng.chance(1, 2)),
        Kind::Enum(names, _) => J::Str(rng.pick(names).to_string()),
        Kind::Obj(_) | Kind::Arr(_) => return None,
    })
}
