//! Value kinds of docs/spec.md §1 that need a type of their own: [`Timestamp`] (an RFC 3339
//! instant), [`Decimal`] (a finite `f64`), [`Quantity`] (a node's hex integer), [`TextOrDecimal`] (a string or a number, kept
//! as received), [`AddressOrEmpty`] (an address or `""`), and the text forms of
//! addresses and hex.
//!
//! How each kind is read from and written to JSON (which JSON token, which error) lives
//! apart, in `wire::wire_value`, which calls the parsers and formatters here.

mod address_or_empty;
mod decimal;
pub(crate) mod hex;
mod quantity;
mod text_or_decimal;
mod timestamp;

pub use address_or_empty::AddressOrEmpty;
pub use decimal::Decimal;
pub use quantity::Quantity;
pub use text_or_decimal::TextOrDecimal;
pub use timestamp::Timestamp;
