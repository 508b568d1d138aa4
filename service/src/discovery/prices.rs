//! What a token is worth in USD for GetTokenPrices: the configured price, or on a chain whose
//! configuration names a node and a `swap`, the mid price of the token's Uniswap V2 pool
//! against the chain's reference token (its first configured token) times the reference's
//! configured price. Pure arithmetic on the reserves the caller read.

use intent_core::U256;

/// The USD price of a token from its pool against the reference token: `reserveRef /
/// 10^decimalsRef` reference tokens for `reserveToken / 10^decimalsToken` tokens, each
/// reference token worth `reference_usd`. `None` for an empty pool.
pub fn pool_price(
    (reserve_token, decimals_token): (U256, u8),
    (reserve_reference, decimals_reference): (U256, u8),
    reference_usd: f64,
) -> Option<f64> {
    if reserve_token.is_zero() || reserve_reference.is_zero() {
        return None;
    }
    let token = f64::from(reserve_token) / 10f64.powi(i32::from(decimals_token));
    let reference = f64::from(reserve_reference) / 10f64.powi(i32::from(decimals_reference));
    let price = reference / token * reference_usd;
    price.is_finite().then_some(price)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mid_price_times_the_reference_price() {
        // 1 000 tokens (6 decimals) against 2 000 reference tokens (18) at 1.5 USD: 3 USD.
        let reference = U256::from(2_000) * U256::from(10u128.pow(18));
        let price = pool_price((U256::from(1_000_000_000u64), 6), (reference, 18), 1.5).unwrap();
        assert!((price - 3.0).abs() < 1e-12, "{price}");
    }

    #[test]
    fn an_empty_pool_gives_no_price() {
        let (zero, five) = (U256::ZERO, U256::from(5));
        assert_eq!(pool_price((zero, 18), (five, 18), 1.0), None);
        assert_eq!(pool_price((five, 18), (zero, 18), 1.0), None);
    }
}
