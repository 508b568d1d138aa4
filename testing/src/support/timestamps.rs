//! Timestamps (proleptic Gregorian, H. Hinnant's algorithms)

use super::*;

pub(crate) fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

pub(crate) fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Reads the canonical form `YYYY-MM-DDTHH:MM:SS[.f]Z`: (Unix seconds, nanoseconds).
pub fn parse_canonical_timestamp(s: &str) -> (i64, u32) {
    let n = |a: usize, b: usize| s[a..b].parse::<i64>().unwrap();
    let days = days_from_civil(n(0, 4), n(5, 7), n(8, 10));
    let seconds = days * 86_400 + n(11, 13) * 3600 + n(14, 16) * 60 + n(17, 19);
    let nanos = match s[19..].strip_prefix('.') {
        Some(rest) => {
            let fraction = rest.trim_end_matches(['Z', 'z']);
            format!("{fraction:0<9}").parse::<u32>().unwrap()
        }
        None => 0,
    };
    (seconds, nanos)
}

pub(crate) fn local_date_time(seconds: i64) -> String {
    let (y, m, d) = civil_from_days(seconds.div_euclid(86_400));
    let s = seconds.rem_euclid(86_400);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// The canonical form of an instant.
pub fn format_canonical_timestamp(seconds: i64, nanos: u32) -> String {
    let mut out = local_date_time(seconds);
    if nanos != 0 {
        out.push('.');
        out.push_str(format!("{nanos:09}").trim_end_matches('0'));
    }
    out.push('Z');
    out
}

/// A random RFC 3339 spelling of the same instant: another offset, `t`/`z`, a fraction with
/// trailing zeros.
pub fn respell_timestamp(rng: &mut Choices, canonical: &str) -> String {
    let (seconds, nanos) = parse_canonical_timestamp(canonical);
    let mut offset_minutes: i64 = if rng.chance(1, 4) { 0 } else { rng.below(2 * 1439 + 1) as i64 - 1439 };
    let year = |s: i64| civil_from_days(s.div_euclid(86_400)).0;
    if !(0..=9999).contains(&year(seconds + offset_minutes * 60)) {
        offset_minutes = 0;
    }
    let mut out = local_date_time(seconds + offset_minutes * 60);
    if rng.chance(1, 2) {
        out.replace_range(10..11, "t");
    }
    if nanos != 0 || rng.chance(1, 3) {
        let digits = format!("{nanos:09}");
        let significant = digits.trim_end_matches('0').len().max(1);
        out.push('.');
        out.push_str(&digits[..significant + rng.below(9 - significant + 1)]);
    }
    if offset_minutes == 0 && rng.chance(2, 3) {
        out.push(if rng.chance(1, 2) { 'Z' } else { 'z' });
    } else {
        let sign = if offset_minutes < 0 || (offset_minutes == 0 && rng.chance(1, 2)) { '-' } else { '+' };
        let _ = write!(out, "{sign}{:02}:{:02}", offset_minutes.abs() / 60, offset_minutes.abs() % 60);
    }
    out
}
