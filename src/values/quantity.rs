//! [`Quantity`]: an unsigned integer as an Ethereum node writes it in JSON-RPC (a
//! `QUANTITY`: `0x` and the hex digits without leading zeros, `0x0` for zero). Only the
//! chain facts a node returns use it (docs/spec.md §6.5); the objects of §2 write `uint`s as
//! decimal strings.

use core::fmt;

use alloy_primitives::U256;

use crate::error::Problem;
use crate::json::Sink;

/// An unsigned integer up to 2^256−1 in a node's hex form: `0x1`, `0x7a69`, `0x0`.
///
/// Read strictly, so that writing gives back the text that was read: `0x` then 1 to 64
/// lowercase or uppercase hex digits, no leading zero except in `0x0` (`INVALID_HEX`
/// otherwise). Written in lowercase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Quantity(pub U256);

impl Quantity {
    /// Parses a node's `QUANTITY` text.
    pub(crate) fn parse(text: &str) -> Result<Quantity, Problem> {
        let Some(digits) = text.strip_prefix("0x") else {
            return Err(Problem::InvalidHex("a quantity starts with 0x"));
        };
        if digits.is_empty() || digits.len() > 64 {
            return Err(Problem::InvalidHex("a quantity has 1 to 64 hex digits"));
        }
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(Problem::InvalidHex("a quantity is hex digits"));
        }
        if digits.len() > 1 && digits.starts_with('0') {
            return Err(Problem::InvalidHex("a quantity has no leading zero"));
        }
        U256::from_str_radix(digits, 16).map(Quantity).map_err(|_| Problem::InvalidHex("a quantity is hex digits"))
    }

    /// Writes `0x` and the lowercase hex digits without leading zeros, in quotes.
    pub(crate) fn write_quoted<S: Sink + ?Sized>(&self, out: &mut S) {
        use core::fmt::Write;
        let mut text = alloc::string::String::with_capacity(68);
        // Writing to a String cannot fail.
        let _ = write!(text, "\"{self}\"");
        out.write_str(&text);
    }

    /// The value as a `u64`, when it fits.
    pub fn to_u64(self) -> Option<u64> {
        u64::try_from(self.0).ok()
    }
}

impl From<U256> for Quantity {
    fn from(value: U256) -> Self {
        Quantity(value)
    }
}

impl From<u64> for Quantity {
    fn from(value: u64) -> Self {
        Quantity(U256::from(value))
    }
}

/// `0x` and the lowercase hex digits without leading zeros.
impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#x}", self.0)
    }
}
