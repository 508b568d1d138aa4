//! `Decimal`: a finite `f64` that travels as a JSON number in ECMAScript form.

use core::fmt;

/// A finite double, written in ECMAScript `Number.prototype.toString` form (`-0` as `0`).
/// Used for USD values, slippage and price impacts; never for token amounts.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct Decimal(f64);

impl Decimal {
    /// Zero.
    pub const ZERO: Decimal = Decimal(0.0);

    /// `value` as a decimal, or `None` if it is NaN or infinite.
    pub fn new(value: f64) -> Option<Decimal> {
        value.is_finite().then_some(Decimal(value))
    }

    /// The value.
    pub const fn get(self) -> f64 {
        self.0
    }
}

impl TryFrom<f64> for Decimal {
    type Error = crate::Error;

    fn try_from(value: f64) -> Result<Self, Self::Error> {
        Decimal::new(value).ok_or_else(|| crate::Error::new(crate::Problem::NumberOutOfRange("not a finite double")))
    }
}

impl From<Decimal> for f64 {
    fn from(value: Decimal) -> f64 {
        value.0
    }
}

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(crate::json::double::DoubleBuffer::new().format(self.0))
    }
}
