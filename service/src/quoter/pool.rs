//! A Uniswap V2 pool's arithmetic: the constant-product amounts with its 0.3 % fee, as the
//! V2 library's `getAmountOut` and `getAmountIn` compute them (integer division, the input
//! rounded up by one unit), and the price impact against the pool's mid price.
//!
//! Pure functions of the reserves the caller read (`crate::chain` reads them from the
//! node); what a pool is worth in USD, and the rest of a quote, is `pricing`'s.

use alloy_primitives::U256;

/// A pool's reserves, ordered for one swap: of the token sold and of the token bought.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reserves {
    /// The reserve of the token the swap sells to the pool.
    pub reserve_in: U256,
    /// The reserve of the token the swap buys from the pool.
    pub reserve_out: U256,
}

/// Uniswap V2's fee, in thousandths kept: 997 of every 1 000 units sold are swapped.
const FEE_KEPT: u64 = 997;
const THOUSAND: u64 = 1_000;

impl Reserves {
    /// What selling `amount_in` buys: `amountIn·997·reserveOut / (reserveIn·1000 +
    /// amountIn·997)`, rounded down. `None` for an empty pool, no input, or a product past
    /// 256 bits (reserves are at most 112 bits, so only an absurd input).
    pub fn amount_out(&self, amount_in: U256) -> Option<U256> {
        if amount_in.is_zero() || self.reserve_in.is_zero() || self.reserve_out.is_zero() {
            return None;
        }
        let in_with_fee = amount_in.checked_mul(U256::from(FEE_KEPT))?;
        let numerator = in_with_fee.checked_mul(self.reserve_out)?;
        let denominator = self.reserve_in.checked_mul(U256::from(THOUSAND))?.checked_add(in_with_fee)?;
        Some(numerator / denominator)
    }

    /// What buying `amount_out` costs: `reserveIn·amountOut·1000 / ((reserveOut −
    /// amountOut)·997) + 1`. `None` for an empty pool, no output, an output the pool does not
    /// hold, or a product past 256 bits.
    pub fn amount_in(&self, amount_out: U256) -> Option<U256> {
        if amount_out.is_zero() || self.reserve_in.is_zero() || amount_out >= self.reserve_out {
            return None;
        }
        let numerator = self.reserve_in.checked_mul(amount_out)?.checked_mul(U256::from(THOUSAND))?;
        let denominator = (self.reserve_out - amount_out).checked_mul(U256::from(FEE_KEPT))?;
        (numerator / denominator).checked_add(U256::from(1))
    }

    /// The price impact of selling `amount_in` for `amount_out`: the swap's price
    /// (`amount_out / amount_in`) against the mid price (`reserveOut / reserveIn`), less one;
    /// negative, and −0.003 or below for any swap (the fee). 0 for no input.
    pub fn impact(&self, amount_in: U256, amount_out: U256) -> f64 {
        if amount_in.is_zero() || self.reserve_out.is_zero() {
            return 0.0;
        }
        // (out · reserveIn) / (in · reserveOut), each product exact, divided as floats.
        let executed = float(amount_out) * float(self.reserve_in);
        let mid = float(amount_in) * float(self.reserve_out);
        executed / mid - 1.0
    }
}

/// `x` as the nearest float.
fn float(x: U256) -> f64 {
    x.to_string().parse().unwrap_or(f64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u(n: u128) -> U256 {
        U256::from(n)
    }

    /// Worked by hand from the V2 library's formulas.
    #[test]
    fn amounts_are_uniswap_v2s() {
        let pool = Reserves { reserve_in: u(1_000), reserve_out: u(1_000) };
        // 100·997·1000 / (1000·1000 + 100·997) = 99 700 000 / 1 099 700 = 90.66… → 90.
        assert_eq!(pool.amount_out(u(100)), Some(u(90)));
        // 1000·90·1000 / ((1000 − 90)·997) + 1 = 90 000 000 / 907 270 + 1 = 99.19… → 99 + 1.
        assert_eq!(pool.amount_in(u(90)), Some(u(100)));
        // 10 000 DAI against 5 WETH (18 decimals each): selling 1 DAI.
        let e18 = 10u128.pow(18);
        let pool = Reserves { reserve_in: u(10_000 * e18), reserve_out: u(5 * e18) };
        // 997e18 · 5e18 / (1e22 · 1000 + 997e18) = 4.98e39 / 1.0000997e25 → 498 450 304 504 640 (floor).
        assert_eq!(pool.amount_out(u(e18)), Some(u(498_450_304_504_640)));
        // Buying 0.0005 WETH: 1e22·5e14·1000 / ((5e18 − 5e14)·997) + 1.
        let wanted = u(5 * 10u128.pow(14));
        let expected = u(10_000 * e18) * wanted * u(1000) / ((u(5 * e18) - wanted) * u(997)) + u(1);
        assert_eq!(pool.amount_in(wanted), Some(expected));
        assert_eq!(expected, u(1_003_109_338_015_045_236));
    }

    #[test]
    fn an_empty_pool_no_amount_or_more_than_the_pool_holds_has_no_amount() {
        let pool = Reserves { reserve_in: u(1_000), reserve_out: u(1_000) };
        assert_eq!(pool.amount_out(U256::ZERO), None);
        assert_eq!(pool.amount_in(U256::ZERO), None);
        assert_eq!(pool.amount_in(u(1_000)), None);
        assert_eq!(Reserves { reserve_in: U256::ZERO, reserve_out: u(1) }.amount_out(u(1)), None);
        assert_eq!(pool.amount_out(U256::MAX), None);
    }

    #[test]
    fn the_impact_is_the_swap_price_against_the_mid_price() {
        let pool = Reserves { reserve_in: u(1_000), reserve_out: u(2_000) };
        // 100 in for 181 out: 181/100 against 2 → −0.095.
        assert!((pool.impact(u(100), u(181)) - -0.095).abs() < 1e-12);
        assert_eq!(pool.impact(U256::ZERO, u(1)), 0.0);
    }
}
