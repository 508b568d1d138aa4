//! Numbers

use super::*;

pub const U256_MAX: &str = "115792089237316195423570985008687907853269984665640564039457584007913129639935";

/// 2^n in decimal.
pub fn pow2(n: u32) -> String {
    let mut digits = vec![1u8]; // little-endian
    for _ in 0..n {
        let mut carry = 0;
        for d in digits.iter_mut() {
            let v = *d * 2 + carry;
            *d = v % 10;
            carry = v / 10;
        }
        if carry > 0 {
            digits.push(carry);
        }
    }
    digits.iter().rev().map(|d| char::from(b'0' + d)).collect()
}

/// `s + 1` for a decimal-digit string.
pub fn dec_add_one(s: &str) -> String {
    let mut digits: Vec<u8> = s.bytes().map(|b| b - b'0').collect();
    let mut i = digits.len();
    loop {
        if i == 0 {
            digits.insert(0, 1);
            break;
        }
        i -= 1;
        if digits[i] == 9 {
            digits[i] = 0;
        } else {
            digits[i] += 1;
            break;
        }
    }
    digits.iter().map(|d| char::from(b'0' + d)).collect()
}

/// `s - 1` for a positive decimal-digit string without leading zeros.
pub fn dec_sub_one(s: &str) -> String {
    let mut digits: Vec<u8> = s.bytes().map(|b| b - b'0').collect();
    let mut i = digits.len();
    loop {
        i -= 1;
        if digits[i] == 0 {
            digits[i] = 9;
        } else {
            digits[i] -= 1;
            break;
        }
    }
    let text: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
    let trimmed = text.trim_start_matches('0');
    if trimmed.is_empty() {
        "0".into()
    } else {
        trimmed.into()
    }
}

/// Shortest round-trip digits of a finite non-zero `x` (Rust's choice, see `closest_even`):
/// `(negative, digits, e)` with `digits × 10^e` reading back as `|x|`.
pub fn shortest_digits(x: f64) -> (bool, String, i64) {
    let text = format!("{:e}", x.abs());
    let (mantissa, exp) = text.split_once('e').unwrap();
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let exp: i64 = exp.parse().unwrap();
    (x.is_sign_negative(), digits.clone(), exp - (digits.len() as i64 - 1))
}

/// ECMA-262 Number::toString picks, among the shortest digit strings that round-trip, the one
/// closest to `x`, and the even one of two equally close (Rust's `{:e}` rounds that tie away:
/// -1274235351877961.25 is "…961.3" in Rust, "…961.2" in ECMAScript). `digits` are Rust's
/// shortest digits with the first at 10^`exp`.
pub(crate) fn closest_even(x: f64, digits: String, exp: i64) -> String {
    let k = digits.len();
    // A tie needs the exact value to end in 5 right after the k-th digit; most doubles are
    // ruled out from k + 1 correctly rounded digits, before the exact expansion.
    let rounded = format!("{:.*e}", k, x);
    if !rounded.split_once('e').unwrap().0.ends_with('5') {
        return digits;
    }
    let exact = format!("{:.800e}", x);
    let (mantissa, exact_exp) = exact.split_once('e').unwrap();
    let exact_digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let exact_digits = exact_digits.trim_end_matches('0');
    let tie = exact_exp.parse::<i64>().unwrap() == exp && exact_digits.len() == k + 1 && exact_digits.ends_with('5');
    if !tie {
        return digits;
    }
    let low = exact_digits[..k].to_string();
    let high = dec_add_one(&low);
    let round_trips = |d: &str| format!("{}.{}e{}", &d[..1], &d[1..], exp).parse::<f64>() == Ok(x);
    let even = |d: &str| (d.as_bytes()[k - 1] - b'0').is_multiple_of(2);
    match (high.len() == k, round_trips(&low), round_trips(&high)) {
        (true, true, true) => {
            if even(&low) {
                low
            } else {
                high
            }
        }
        _ => digits,
    }
}

/// ECMAScript `Number.prototype.toString` of a finite `x` (`-0` as `0`), from the shortest
/// round-trip digits (ECMA-262 Number::toString).
pub fn ecmascript(x: f64) -> String {
    if x == 0.0 {
        return "0".into();
    }
    let (negative, s, exp) = shortest_digits(x);
    let first_exp = exp + s.len() as i64 - 1;
    let s = closest_even(x.abs(), s, first_exp);
    let exp = first_exp - (s.len() as i64 - 1);
    let k = s.len() as i64;
    let n = exp + k;
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    if k <= n && n <= 21 {
        out.push_str(&s);
        out.extend(std::iter::repeat_n('0', (n - k) as usize));
    } else if 0 < n && n <= 21 {
        out.push_str(&s[..n as usize]);
        out.push('.');
        out.push_str(&s[n as usize..]);
    } else if -6 < n && n <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-n) as usize));
        out.push_str(&s);
    } else {
        let e = n - 1;
        out.push_str(&s[..1]);
        if k > 1 {
            out.push('.');
            out.push_str(&s[1..]);
        }
        let _ = write!(out, "e{}{}", if e >= 0 { "+" } else { "-" }, e.abs());
    }
    out
}

pub(crate) fn push_exponent(rng: &mut Choices, out: &mut String, e: i64) {
    out.push(if rng.chance(1, 2) { 'e' } else { 'E' });
    if e < 0 {
        out.push('-');
    } else if rng.chance(1, 2) {
        out.push('+');
    }
    if rng.chance(1, 4) {
        out.push_str(&"0".repeat(1 + rng.below(20)));
    }
    let _ = write!(out, "{}", e.abs());
}

/// A random JSON number spelling of exactly `(−)digits × 10^exp` (`digits` without leading
/// zeros, or `"0"`). With `force_fraction_or_exponent` the text always has a `.` or an
/// exponent (so an unknown member's non-integer number stays one).
pub fn spell_exact(
    rng: &mut Choices,
    negative: bool,
    digits: &str,
    exp: i64,
    force_fraction_or_exponent: bool,
) -> String {
    let force = force_fraction_or_exponent;
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    if digits == "0" {
        // `-0` is zero: its exact value is an integer in range (docs/spec.md §1).
        let forms: &[&str] = if force {
            &["0.0", "0e0", "0.000", "0E+5", "0.0e-3"]
        } else {
            &["0", "0.0", "0e0", "0E+5", "-0", "-0.0", "-0e-7"]
        };
        let form: &str = rng.pick::<&str>(forms);
        out.push_str(form);
        return out;
    }
    let len = digits.len() as i64;
    let zeros = |n: usize| "0".repeat(n);
    // Mostly a few padding zeros, sometimes a hundred (mantissas far longer than 78 digits).
    let padding = |rng: &mut Choices, most: usize| if rng.chance(1, 8) { 100 + rng.below(30) } else { rng.below(most) };
    match rng.below(3) {
        0 if (0..=30).contains(&exp) => {
            out.push_str(digits);
            out.push_str(&zeros(exp as usize));
            if force || rng.chance(1, 3) {
                out.push('.');
                out.push_str(&zeros(1 + rng.below(3)));
            }
        }
        1 => {
            let k = padding(rng, 3);
            out.push_str("0.");
            out.push_str(&zeros(k));
            out.push_str(digits);
            out.push_str(&zeros(padding(rng, 2)));
            let e = exp + len + k as i64;
            if e != 0 || rng.chance(1, 2) {
                push_exponent(rng, &mut out, e);
            }
        }
        _ => {
            let p = 1 + rng.below(digits.len());
            out.push_str(&digits[..p]);
            let mut fraction = digits[p..].to_string();
            fraction.push_str(&zeros(padding(rng, 3)));
            let has_point = !fraction.is_empty();
            if has_point {
                out.push('.');
                out.push_str(&fraction);
            }
            let e = exp + (len - p as i64);
            if e != 0 || (force && !has_point) || rng.chance(1, 3) {
                push_exponent(rng, &mut out, e);
            }
        }
    }
    out
}
