//! Value kinds of SPEC §1 that need a type of their own: [`Timestamp`] (an RFC 3339
//! instant) and [`Decimal`] (a finite `f64`), and the text forms of addresses and hex.
//!
//! How each kind is read from and written to JSON lives in [`crate::wire::kinds`].

mod decimal;
pub(crate) mod hex;
mod timestamp;

pub use decimal::Decimal;
pub use timestamp::Timestamp;
