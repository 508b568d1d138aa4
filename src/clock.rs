//! The one clock adapter (docs/spec.md §6, §11): [`Timestamp::now`] and
//! `Timestamp: TryFrom<SystemTime>`, with the `std` feature.
//!
//! Nothing inside the core calls it: every rule and event takes `now` as an argument, so a
//! host decides where time comes from (the system clock here, an injected clock in tests).

use std::time::{SystemTime, UNIX_EPOCH};

use crate::error::{Error, Problem};
use crate::Timestamp;

impl Timestamp {
    /// The system clock's time.
    ///
    /// A system clock outside the years 0000–9999 that a timestamp can hold is read as the
    /// nearest of [`Timestamp::MIN`] and [`Timestamp::MAX`]; use `Timestamp::try_from` with
    /// a `SystemTime` to be told instead.
    pub fn now() -> Timestamp {
        let now = SystemTime::now();
        Timestamp::try_from(now).unwrap_or(if now < UNIX_EPOCH { Timestamp::MIN } else { Timestamp::MAX })
    }
}

impl TryFrom<SystemTime> for Timestamp {
    type Error = Error;

    /// The same instant, to the nanosecond.
    ///
    /// # Errors
    ///
    /// `INVALID_TIMESTAMP` for an instant outside the years 0000–9999.
    fn try_from(time: SystemTime) -> Result<Timestamp, Error> {
        let out_of_range = || Error::new(Problem::InvalidTimestamp("outside the years 0000-9999"));
        let (seconds, nanos) = match time.duration_since(UNIX_EPOCH) {
            Ok(after) => (i64::try_from(after.as_secs()).map_err(|_| out_of_range())?, after.subsec_nanos()),
            Err(before) => {
                let before = before.duration();
                let whole = i64::try_from(before.as_secs()).map_err(|_| out_of_range())?;
                match before.subsec_nanos() {
                    0 => (-whole, 0),
                    nanos => (-whole - 1, 1_000_000_000 - nanos),
                }
            }
        };
        Timestamp::from_unix(seconds, nanos).ok_or_else(out_of_range)
    }
}
