//! `TextOrDecimal`: the `text-or-decimal` kind of docs/spec.md §1, a value the service sends
//! either as a JSON string or as a JSON number (`GasDetail.totalFeeUsd`).

use alloc::string::String;
use core::fmt;

use super::Decimal;

/// A JSON string (any text) or a JSON number read as a [`Decimal`], kept as received:
/// written back as the same string, or as the number in ECMAScript form. The two
/// spellings of one amount (`"1.5"` and `1.5`) are different values with different
/// canonical hashes, since the specification writes each as received.
#[derive(Debug, Clone, PartialEq)]
pub enum TextOrDecimal {
    /// Received as a JSON string; the text is kept unchanged (it need not be a number).
    Text(String),
    /// Received as a JSON number.
    Decimal(Decimal),
}

impl TextOrDecimal {
    /// The text, when it came as a string.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            TextOrDecimal::Text(text) => Some(text),
            TextOrDecimal::Decimal(_) => None,
        }
    }

    /// The number, when it came as a JSON number.
    pub fn as_decimal(&self) -> Option<Decimal> {
        match self {
            TextOrDecimal::Text(_) => None,
            TextOrDecimal::Decimal(value) => Some(*value),
        }
    }
}

impl From<String> for TextOrDecimal {
    fn from(text: String) -> Self {
        TextOrDecimal::Text(text)
    }
}

impl From<&str> for TextOrDecimal {
    fn from(text: &str) -> Self {
        TextOrDecimal::Text(String::from(text))
    }
}

impl From<Decimal> for TextOrDecimal {
    fn from(value: Decimal) -> Self {
        TextOrDecimal::Decimal(value)
    }
}

/// The text as is, or the number in ECMAScript form.
impl fmt::Display for TextOrDecimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextOrDecimal::Text(text) => f.write_str(text),
            TextOrDecimal::Decimal(value) => value.fmt(f),
        }
    }
}
