//! How a value of each kind of docs/spec.md §1 is read from and written to JSON: the
//! [`WireValue`] trait, the [`Form`] a writer produces, and the trait's implementations for
//! the primitive kinds (integers, addresses, hex, strings, booleans), the kinds of
//! `values` (timestamps, decimals, `text-or-decimal`, `address-or-empty`), `Option` and
//! `Vec`.
//!
//! The value types live in `values` and objects and enums implement the trait through
//! their macros (`wire::declare`, `wire::enums`); the JSON tokens come from `json`.

use alloc::string::String;
use alloc::vec::Vec;

use alloy_primitives::{Address, Bytes, B256, U256};

use super::diff::Diff;
use super::WireReader;
use crate::error::{Error, Problem};
use crate::json::double::DoubleBuffer;
use crate::json::number::{
    f64_from_number_text, uint_from_decimal_string, uint_from_number_text, write_quoted_uint, U64Buffer,
};
use crate::json::reader::Token;
use crate::json::{write_string, Sink};
use crate::values::hex;
use crate::{AddressOrEmpty, Decimal, Limits, Quantity, TextOrDecimal, Timestamp};

/// Which text a writer produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// What travels (docs/spec.md §1 "written on output"): EIP-55 addresses, unknown members as
    /// received.
    Wire,
    /// The canonical form of docs/spec.md §4: lowercase addresses, unknown members canonicalised.
    Canonical,
}

/// A value of one of the kinds of docs/spec.md §1, read and written in its JSON forms.
pub trait WireValue: Sized {
    /// Reads the value at the reader's position (never `null`: the object reader handles
    /// absence).
    fn read(r: &mut WireReader<'_>) -> Result<Self, Error>;

    /// Writes the value in `form`.
    fn write<S: Sink + ?Sized>(&self, out: &mut S, form: Form);

    /// The value an absent or `null` member takes, or `None` when the member is required.
    fn when_absent() -> Option<Self> {
        None
    }

    /// False for an absent optional value, which is left out of its object.
    fn is_present(&self) -> bool {
        true
    }

    /// How many of these an array may hold.
    fn array_limit(limits: &Limits) -> usize {
        limits.max_array_len
    }

    /// Reports to `diff` where `self` and `other` differ in canonical meaning (see
    /// [`crate::changed_paths`]). The default treats the value as a leaf: its path is
    /// reported when the canonical texts differ. `Option`, `Vec` and the objects descend.
    fn diff(&self, other: &Self, diff: &mut Diff) {
        diff.leaves(self, other);
    }
}

/// Reads a uint-like value from a JSON number or a decimal-digit string.
fn read_uint(r: &mut WireReader<'_>) -> Result<U256, Error> {
    const NOT_A_NUMBER: Problem = Problem::InvalidNumber("expected an integer or a decimal-digit string");
    match r.peek()? {
        Token::Number => {
            let text = r.read_number_text(|| NOT_A_NUMBER)?;
            if r.fractions_inexact() && text.contains(['.', 'e', 'E']) {
                return Err(Error::new(Problem::InvalidNumber("a binary float cannot carry an exact integer")));
            }
            Ok(uint_from_number_text(text)?)
        }
        Token::String => Ok(uint_from_decimal_string(&r.read_str(|| NOT_A_NUMBER)?)?),
        _ => Err(Error::new(NOT_A_NUMBER)),
    }
}

impl WireValue for U256 {
    fn read(r: &mut WireReader<'_>) -> Result<Self, Error> {
        read_uint(r)
    }

    fn write<S: Sink + ?Sized>(&self, out: &mut S, _: Form) {
        write_quoted_uint(out, self);
    }
}

macro_rules! small_uint {
    ($ty:ty, $range:literal) => {
        impl WireValue for $ty {
            fn read(r: &mut WireReader<'_>) -> Result<Self, Error> {
                <$ty>::try_from(read_uint(r)?).map_err(|_| Error::new(Problem::NumberOutOfRange($range)))
            }

            fn write<S: Sink + ?Sized>(&self, out: &mut S, _: Form) {
                out.write_ascii(U64Buffer::new().digits(u64::from(*self)));
            }
        }
    };
}

small_uint!(u64, "above 2^64-1");
small_uint!(u32, "above 2^32-1");
small_uint!(u8, "above 255");

impl WireValue for Decimal {
    fn read(r: &mut WireReader<'_>) -> Result<Self, Error> {
        let text = r.read_number_text(|| Problem::InvalidNumber("expected a json number"))?;
        Ok(Decimal::new(f64_from_number_text(text)?).unwrap_or_default())
    }

    fn write<S: Sink + ?Sized>(&self, out: &mut S, _: Form) {
        out.write_ascii(DoubleBuffer::new().format_ascii(self.get()));
    }
}

impl WireValue for String {
    fn read(r: &mut WireReader<'_>) -> Result<Self, Error> {
        Ok(r.read_str(|| Problem::InvalidType { expected: "a string" })?.into_owned())
    }

    fn write<S: Sink + ?Sized>(&self, out: &mut S, _: Form) {
        write_string(out, self);
    }
}

impl WireValue for bool {
    fn read(r: &mut WireReader<'_>) -> Result<Self, Error> {
        r.read_bool()
    }

    fn write<S: Sink + ?Sized>(&self, out: &mut S, _: Form) {
        out.write_str(if *self { "true" } else { "false" });
    }
}

impl WireValue for Address {
    fn read(r: &mut WireReader<'_>) -> Result<Self, Error> {
        let text = r.read_str(|| Problem::InvalidAddress)?;
        Ok(hex::parse_address(&text, r.memo())?)
    }

    fn write<S: Sink + ?Sized>(&self, out: &mut S, form: Form) {
        match form {
            Form::Wire => out.write_checksummed_address(self),
            Form::Canonical => hex::write_hex_string(out, self.as_slice()),
        }
    }
}

/// A string as text, a number as a decimal; any other JSON value is `INVALID_TYPE`.
impl WireValue for TextOrDecimal {
    fn read(r: &mut WireReader<'_>) -> Result<Self, Error> {
        const PROBLEM: Problem = Problem::InvalidType { expected: "a string or a number" };
        match r.peek()? {
            Token::String => Ok(TextOrDecimal::Text(r.read_str(|| PROBLEM)?.into_owned())),
            Token::Number => Decimal::read(r).map(TextOrDecimal::Decimal),
            _ => Err(Error::new(PROBLEM)),
        }
    }

    fn write<S: Sink + ?Sized>(&self, out: &mut S, form: Form) {
        match self {
            TextOrDecimal::Text(text) => text.write(out, form),
            TextOrDecimal::Decimal(value) => value.write(out, form),
        }
    }
}

/// `""` as none; anything else exactly as an address, with the same errors.
impl WireValue for AddressOrEmpty {
    fn read(r: &mut WireReader<'_>) -> Result<Self, Error> {
        let text = r.read_str(|| Problem::InvalidAddress)?;
        if text.is_empty() {
            return Ok(AddressOrEmpty::Empty);
        }
        Ok(AddressOrEmpty::Address(hex::parse_address(&text, r.memo())?))
    }

    fn write<S: Sink + ?Sized>(&self, out: &mut S, form: Form) {
        match self {
            AddressOrEmpty::Empty => out.write_str("\"\""),
            AddressOrEmpty::Address(address) => address.write(out, form),
        }
    }
}

impl WireValue for Bytes {
    fn read(r: &mut WireReader<'_>) -> Result<Self, Error> {
        let text = r.read_str_unlimited(|| Problem::InvalidHex("expected a 0x string"))?;
        Ok(hex::parse_bytes(&text, r.limits().max_bytes_len)?)
    }

    fn write<S: Sink + ?Sized>(&self, out: &mut S, _: Form) {
        hex::write_hex_string(out, self);
    }
}

impl WireValue for B256 {
    fn read(r: &mut WireReader<'_>) -> Result<Self, Error> {
        Ok(hex::parse_b256(&r.read_str(|| Problem::InvalidHex("expected a 0x string"))?)?)
    }

    fn write<S: Sink + ?Sized>(&self, out: &mut S, _: Form) {
        hex::write_hex_string(out, self.as_slice());
    }
}

/// A node's hex integer (`0x7a69`): only a string of that form.
impl WireValue for Quantity {
    fn read(r: &mut WireReader<'_>) -> Result<Self, Error> {
        Ok(Quantity::parse(&r.read_str(|| Problem::InvalidHex("expected a 0x quantity string"))?)?)
    }

    fn write<S: Sink + ?Sized>(&self, out: &mut S, _: Form) {
        self.write_quoted(out);
    }
}

impl WireValue for Timestamp {
    fn read(r: &mut WireReader<'_>) -> Result<Self, Error> {
        Timestamp::parse(&r.read_str(|| Problem::InvalidTimestamp("expected an rfc 3339 string"))?)
    }

    fn write<S: Sink + ?Sized>(&self, out: &mut S, _: Form) {
        out.write_str("\"");
        out.write_str(self.format(&mut [0; 30]));
        out.write_str("\"");
    }
}

impl<T: WireValue> WireValue for Option<T> {
    fn read(r: &mut WireReader<'_>) -> Result<Self, Error> {
        T::read(r).map(Some)
    }

    fn write<S: Sink + ?Sized>(&self, out: &mut S, form: Form) {
        if let Some(value) = self {
            value.write(out, form);
        }
    }

    fn when_absent() -> Option<Self> {
        Some(None)
    }

    fn is_present(&self) -> bool {
        self.is_some()
    }

    /// Absent on one side only is a change of the member itself.
    fn diff(&self, other: &Self, diff: &mut Diff) {
        match (self, other) {
            (Some(a), Some(b)) => a.diff(b, diff),
            (None, None) => {}
            _ => diff.changed(),
        }
    }
}

impl<T: WireValue> WireValue for Vec<T> {
    fn read(r: &mut WireReader<'_>) -> Result<Self, Error> {
        r.begin_array("an array")?;
        let limit = T::array_limit(r.limits());
        let mut elements = Vec::new();
        let mut first = true;
        while r.next_element(first)? {
            first = false;
            if elements.len() == limit {
                return Err(Error::new(Problem::LimitExceeded { what: "array elements", limit }));
            }
            let index = elements.len();
            elements.push(read_member_value::<T>(r).map_err(|e| e.in_element(index))?);
        }
        Ok(elements)
    }

    fn write<S: Sink + ?Sized>(&self, out: &mut S, form: Form) {
        out.write_str("[");
        for (i, element) in self.iter().enumerate() {
            if i > 0 {
                out.write_str(",");
            }
            element.write(out, form);
        }
        out.write_str("]");
    }

    /// Element by element; one present on one side only is a change of that element.
    fn diff(&self, other: &Self, diff: &mut Diff) {
        for index in 0..self.len().max(other.len()) {
            diff.element(index, |diff| match (self.get(index), other.get(index)) {
                (Some(a), Some(b)) => a.diff(b, diff),
                _ => diff.changed(),
            });
        }
    }
}

/// Reads a member's or element's value, turning `null` into the kind's absent value or
/// `MISSING_FIELD`.
pub fn read_member_value<T: WireValue>(r: &mut WireReader<'_>) -> Result<T, Error> {
    if r.take_null()? {
        T::when_absent().ok_or_else(|| Error::new(Problem::MissingField))
    } else {
        T::read(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn integers_are_written_as_display_writes_them() {
        let mut values = alloc::vec![0, 1, 9, 10, 99, 100, 101, u64::MAX, u64::MAX - 1];
        let mut power = 1u64;
        while let Some(next) = power.checked_mul(10) {
            values.extend([power - 1, power, power + 1]);
            power = next;
        }
        for value in values {
            let mut out = String::new();
            value.write(&mut out, Form::Canonical);
            assert_eq!(out, value.to_string());
            if let Ok(small) = u32::try_from(value) {
                let mut out = String::new();
                small.write(&mut out, Form::Canonical);
                assert_eq!(out, value.to_string());
            }
        }
    }
}
