//! `Timestamp`: an instant read from RFC 3339 text and written in the canonical UTC form
//! `YYYY-MM-DDTHH:MM:SS[.f]Z` (docs/spec.md §1).

use core::fmt;
use core::str::FromStr;

use crate::error::{Error, Problem};

/// An instant in years 0000–9999 (UTC), to the nanosecond.
///
/// Ordered by time; `"2026-11-21T20:30:00+01:00"` and `"2026-11-21T19:30:00Z"` are equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp {
    seconds: i64,
    nanos: u32,
}

/// 0000-01-01T00:00:00Z in Unix seconds.
const MIN_SECONDS: i64 = -62_167_219_200;
/// 9999-12-31T23:59:59Z in Unix seconds.
const MAX_SECONDS: i64 = 253_402_300_799;
const SECONDS_PER_DAY: i64 = 86_400;

fn invalid(what: &'static str) -> Error {
    Error::new(Problem::InvalidTimestamp(what))
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_index = (month + 9) % 12;
    let day_of_year = (153 * month_index + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The date of a day count since 1970-01-01 (H. Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let days = days + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_index + 2) / 5 + 1) as u32;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

fn is_leap_year(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if is_leap_year(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Reads `count` ASCII digits at `at`.
fn digits(text: &[u8], at: usize, count: usize) -> Result<i64, Error> {
    let field = text.get(at..at + count).ok_or_else(|| invalid("too short"))?;
    field.iter().try_fold(0i64, |value, &b| match b {
        b'0'..=b'9' => Ok(value * 10 + i64::from(b - b'0')),
        _ => Err(invalid("expected a digit")),
    })
}

fn expect(text: &[u8], at: usize, allowed: &[u8]) -> Result<u8, Error> {
    match text.get(at) {
        Some(b) if allowed.contains(b) => Ok(*b),
        _ => Err(invalid("expected YYYY-MM-DDTHH:MM:SS[.f](Z|+hh:mm)")),
    }
}

impl Timestamp {
    /// The earliest instant: 0000-01-01T00:00:00Z.
    pub const MIN: Timestamp = Timestamp { seconds: MIN_SECONDS, nanos: 0 };
    /// The latest instant: 9999-12-31T23:59:59.999999999Z.
    pub const MAX: Timestamp = Timestamp { seconds: MAX_SECONDS, nanos: 999_999_999 };

    /// The instant `seconds` + `nanos` after the Unix epoch, or `None` outside years
    /// 0000–9999 or with `nanos` ≥ 10^9.
    pub const fn from_unix(seconds: i64, nanos: u32) -> Option<Timestamp> {
        if seconds < MIN_SECONDS || seconds > MAX_SECONDS || nanos >= 1_000_000_000 {
            None
        } else {
            Some(Timestamp { seconds, nanos })
        }
    }

    /// Whole seconds since the Unix epoch, rounded towards the past (the `floor(now)` of
    /// signature deadlines).
    pub const fn unix_seconds(self) -> i64 {
        self.seconds
    }

    /// The nanoseconds past [`Timestamp::unix_seconds`].
    pub const fn subsec_nanos(self) -> u32 {
        self.nanos
    }

    /// This instant moved by `seconds`, or `None` if that leaves years 0000–9999.
    pub const fn checked_add_seconds(self, seconds: i64) -> Option<Timestamp> {
        match self.seconds.checked_add(seconds) {
            Some(moved) => Timestamp::from_unix(moved, self.nanos),
            None => None,
        }
    }

    /// This instant moved by `seconds`, held at [`Timestamp::MIN`] or [`Timestamp::MAX`]
    /// where that leaves years 0000–9999: a lifetime that would end after year 9999 never ends.
    pub const fn saturating_add_seconds(self, seconds: i64) -> Timestamp {
        match self.checked_add_seconds(seconds) {
            Some(moved) => moved,
            None if seconds < 0 => Timestamp::MIN,
            None => Timestamp::MAX,
        }
    }

    /// Reads RFC 3339 text: `YYYY-MM-DD`, `T` or `t`, `HH:MM:SS`, an optional fraction of
    /// 1 to 9 digits, then `Z`, `z` or `±hh:mm`. Leap seconds (`:60`) name no Unix instant
    /// and are rejected, as are instants outside years 0000–9999 after the offset.
    pub fn parse(text: &str) -> Result<Timestamp, Error> {
        let b = text.as_bytes();
        let year = digits(b, 0, 4)?;
        expect(b, 4, b"-")?;
        let month = digits(b, 5, 2)?;
        expect(b, 7, b"-")?;
        let day = digits(b, 8, 2)?;
        expect(b, 10, b"Tt")?;
        let hour = digits(b, 11, 2)?;
        expect(b, 13, b":")?;
        let minute = digits(b, 14, 2)?;
        expect(b, 16, b":")?;
        let second = digits(b, 17, 2)?;
        if !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
            return Err(invalid("no such date"));
        }
        if hour > 23 || minute > 59 || second > 59 {
            return Err(invalid("no such time of day"));
        }
        let mut at = 19;
        let mut nanos = 0u32;
        if b.get(at) == Some(&b'.') {
            at += 1;
            let start = at;
            while b.get(at).is_some_and(u8::is_ascii_digit) {
                at += 1;
            }
            let count = at - start;
            if count == 0 || count > 9 {
                return Err(invalid("fraction must have 1 to 9 digits"));
            }
            nanos = (digits(b, start, count)? * 10i64.pow((9 - count) as u32)) as u32;
        }
        let offset_seconds = match expect(b, at, b"Zz+-")? {
            b'Z' | b'z' => {
                at += 1;
                0
            }
            sign => {
                let hours = digits(b, at + 1, 2)?;
                expect(b, at + 3, b":")?;
                let minutes = digits(b, at + 4, 2)?;
                if hours > 23 || minutes > 59 {
                    return Err(invalid("no such offset"));
                }
                at += 6;
                let magnitude = hours * 3600 + minutes * 60;
                if sign == b'-' {
                    -magnitude
                } else {
                    magnitude
                }
            }
        };
        if at != b.len() {
            return Err(invalid("trailing characters"));
        }
        let local = days_from_civil(year, month, day) * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second;
        Timestamp::from_unix(local - offset_seconds, nanos).ok_or_else(|| invalid("outside years 0000-9999"))
    }

    /// Writes the canonical form into `buffer` and returns it.
    pub(crate) fn format<'b>(&self, buffer: &'b mut [u8; 30]) -> &'b str {
        let days = self.seconds.div_euclid(SECONDS_PER_DAY);
        let second_of_day = self.seconds.rem_euclid(SECONDS_PER_DAY) as u32;
        let (year, month, day) = civil_from_days(days);
        let mut text = TextBuffer { bytes: buffer, len: 0 };
        text.digits(year as u32, 4);
        text.byte(b'-');
        text.digits(month, 2);
        text.byte(b'-');
        text.digits(day, 2);
        text.byte(b'T');
        text.digits(second_of_day / 3600, 2);
        text.byte(b':');
        text.digits(second_of_day / 60 % 60, 2);
        text.byte(b':');
        text.digits(second_of_day % 60, 2);
        if self.nanos != 0 {
            let mut nanos = self.nanos;
            let mut width = 9;
            while nanos.is_multiple_of(10) {
                nanos /= 10;
                width -= 1;
            }
            text.byte(b'.');
            text.digits(nanos, width);
        }
        text.byte(b'Z');
        let len = text.len;
        core::str::from_utf8(&buffer[..len]).unwrap_or_default()
    }
}

/// Fixed-width decimal fields written into a stack buffer.
struct TextBuffer<'b> {
    bytes: &'b mut [u8; 30],
    len: usize,
}

impl TextBuffer<'_> {
    fn byte(&mut self, b: u8) {
        self.bytes[self.len] = b;
        self.len += 1;
    }

    fn digits(&mut self, mut value: u32, width: usize) {
        for i in (0..width).rev() {
            self.bytes[self.len + i] = b'0' + (value % 10) as u8;
            value /= 10;
        }
        self.len += width;
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.format(&mut [0; 30]))
    }
}

impl FromStr for Timestamp {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Timestamp::parse(text)
    }
}
