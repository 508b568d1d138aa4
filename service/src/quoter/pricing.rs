//! Pricing: the numbers of a quote, from the configuration's chains, tokens, prices and
//! fees. Amounts after fees in basis points, the minimums after slippage, gas at each
//! chain's configured limit and price, the gas fee in the native token and in each fee
//! token, and every USD figure (rounded to millionths).
//!
//! Nothing here builds a wire object or knows a wire name: `assembly` places these
//! numbers in the core's types. Addresses and identifiers are in `identifiers`.

use alloy_primitives::{Address, U256};
use intent_core::{Error, Problem, QuoteRequest, RouteProvider, ServerFailure, TradeType};

use crate::config::{ChainConfig, ServiceConfig, TokenConfig};
use crate::failure::Failure;

/// A token as the quoter prices it: a chain's native token or a configured ERC-20.
#[derive(Debug, Clone)]
pub struct Token {
    /// The token (the zero address for the native token).
    pub address: Address,
    /// Its symbol.
    pub symbol: String,
    /// Its decimals.
    pub decimals: u8,
    /// Its price in millionths of a USD.
    pub price_micro_usd: U256,
    /// Whether it supports ERC-2612 permits.
    pub is_2612: bool,
}

impl Token {
    /// The native token of `chain` (18 decimals, never a permit).
    pub fn native(chain: &ChainConfig) -> Token {
        Token {
            address: Address::ZERO,
            symbol: chain.native_token_symbol.clone(),
            decimals: 18,
            price_micro_usd: micro_usd(chain.native_token_price_usd.get()),
            is_2612: false,
        }
    }

    /// A token of the configuration.
    pub fn listed(token: &TokenConfig) -> Token {
        Token {
            address: token.address,
            symbol: token.symbol.clone(),
            decimals: token.decimals,
            price_micro_usd: micro_usd(token.price_usd.get()),
            is_2612: token.permit.is_some(),
        }
    }

    /// The USD value of `amount` of this token, rounded to millionths.
    fn usd(&self, amount: U256) -> f64 {
        round6(usd(amount, self.decimals, self.price_micro_usd))
    }
}

/// One chain's gas: its limit and price, and the fee they make.
#[derive(Debug, Clone)]
pub struct Gas {
    /// The chain's configured gas limit.
    pub limit: u64,
    /// The chain's configured gas price, in wei.
    pub price: U256,
    /// `limit · price`, in wei.
    pub fee_native: U256,
    /// The fee in USD, unrounded.
    pub fee_usd: f64,
    /// The fee in millionths of a USD, rounded down.
    pub fee_micro_usd: U256,
}

impl Gas {
    /// The gas of `chain` at its configured limit and price.
    pub fn of(chain: &ChainConfig) -> Gas {
        let fee_native = U256::from(chain.gas_limit) * chain.gas_price;
        let price = micro_usd(chain.native_token_price_usd.get());
        Gas {
            limit: chain.gas_limit,
            price: chain.gas_price,
            fee_native,
            fee_usd: usd(fee_native, 18, price),
            fee_micro_usd: fee_native * price / pow10(18),
        }
    }
}

/// The gas fee paid in one token.
#[derive(Debug, Clone)]
pub struct FeeOptionPrice {
    /// The token.
    pub token: Token,
    /// The gas's USD value in the token's units, rounded up.
    pub amount: U256,
    /// `amount` in USD, rounded to millionths.
    pub amount_usd: f64,
}

/// A price impact as a fraction of the input's value and in USD.
#[derive(Debug, Clone, Copy)]
pub struct Impact {
    /// The fraction.
    pub fraction: f64,
    /// In USD.
    pub usd: f64,
}

/// Why a requested amount is refused: some product of the quote would not fit 256 bits.
pub const TOO_LARGE: &str = "too large to price";

/// Every number of one quote.
#[derive(Debug, Clone)]
pub struct Pricing {
    /// The token sent on the origin chain.
    pub from: Token,
    /// The token received on the destination chain.
    pub to: Token,
    /// The slippage allowed, as a fraction of 1.
    pub slippage: f64,
    /// The provider that routes the quote.
    pub route_provider: RouteProvider,
    /// The amount sent.
    pub from_amount: U256,
    /// The least amount sent, after slippage.
    pub from_amount_min: U256,
    /// The amount received.
    pub to_amount: U256,
    /// The least amount received, after slippage.
    pub to_amount_min: U256,
    /// The service's fee, in the origin token.
    pub service_fee: U256,
    /// The provider's fee, in the origin token.
    pub provider_fee: U256,
    /// `from_amount` in USD.
    pub from_usd: f64,
    /// `from_amount_min` in USD.
    pub from_min_usd: f64,
    /// `to_amount` in USD.
    pub to_usd: f64,
    /// `to_amount_min` in USD.
    pub to_min_usd: f64,
    /// The service's fee in USD.
    pub service_fee_usd: f64,
    /// The provider's fee in USD.
    pub provider_fee_usd: f64,
    /// Both fees in USD.
    pub fees_usd: f64,
    /// Value received less value sent.
    pub net_impact: Impact,
    /// What the provider's fee costs.
    pub provider_impact: Impact,
    /// What the service's fee costs.
    pub service_impact: Impact,
    /// Gas on the origin chain.
    pub origin_gas: Gas,
    /// Gas on the destination chain, when it is another chain.
    pub destination_gas: Option<Gas>,
    /// All gas in USD.
    pub gas_usd: f64,
    /// All gas in the origin chain's native token.
    pub native_cost: U256,
    /// The gas fee in the origin chain's native token, then in each of its fee tokens.
    pub fee_options: Vec<FeeOptionPrice>,
}

/// The chain `chain_id`, or `ROUTE_NOT_SERVED` at `path`.
pub fn chain<'c>(config: &'c ServiceConfig, chain_id: u64, path: &str) -> Result<&'c ChainConfig, Failure> {
    config
        .chain(chain_id)
        .ok_or_else(|| Failure::from(ServerFailure::RouteNotServed { path, what: &format!("chain {chain_id}") }))
}

/// The token at `address` on `chain` (the zero address for its native token), or
/// `ROUTE_NOT_SERVED` at `path`.
fn token(config: &ServiceConfig, chain: &ChainConfig, address: Address, path: &str) -> Result<Token, Failure> {
    if address == Address::ZERO {
        return Ok(Token::native(chain));
    }
    let token = config.token(chain.chain_id, address).ok_or_else(|| {
        let what = format!("token {address} on chain {}", chain.chain_id);
        Failure::from(ServerFailure::RouteNotServed { path, what: &what })
    })?;
    Ok(Token::listed(token))
}

/// Prices `request` between `origin` and `destination` (its chains, looked up by the caller).
///
/// # Errors
///
/// `ROUTE_NOT_SERVED` for a token the configuration does not list on its chain;
/// `NUMBER_OUT_OF_RANGE` at the requested amount when a product of the quote would not fit
/// 256 bits.
pub fn price(
    config: &ServiceConfig,
    request: &QuoteRequest,
    origin: &ChainConfig,
    destination: &ChainConfig,
) -> Result<Pricing, Failure> {
    let fees = &config.fees;
    let from = token(config, origin, request.origin_token_address, "originTokenAddress")?;
    let to = token(config, destination, request.destination_token_address, "destinationTokenAddress")?;
    let slippage =
        request.options.as_ref().and_then(|o| o.slippage_tolerance).map_or(fees.default_slippage.get(), |s| s.get());
    let slippage_bps = (slippage * 10_000.0).round() as u64;
    let fee_bps = fees.service_fee_bps + fees.provider_fee_bps;

    // value(to) = value(from) · (1 − fees): amounts in each token's units. Every product
    // that holds the requested amount is checked: wrapping would price nonsense.
    let rate_numerator = from.price_micro_usd * pow10(to.decimals);
    let rate_denominator = to.price_micro_usd.max(U256::from(1)) * pow10(from.decimals);
    let exact_output = request.trade_type == Some(TradeType::ExactOutput)
        || (request.trade_type.is_none() && request.destination_token_amount.is_some());
    let path = if exact_output { "destinationTokenAmount" } else { "originTokenAmount" };
    let too_large = || Failure::from(Error::new(Problem::NumberOutOfRange(TOO_LARGE)).in_member(path));
    let mul = |a: U256, b: U256| a.checked_mul(b).ok_or_else(too_large);
    let (from_amount, to_amount) = if exact_output {
        let to_amount = request.destination_token_amount.unwrap_or_default();
        let net = mul(to_amount, rate_denominator)?.div_ceil(rate_numerator.max(U256::from(1)));
        let from_amount = mul(net, U256::from(10_000))?.div_ceil(U256::from(10_000 - fee_bps));
        (from_amount, to_amount)
    } else {
        let from_amount = request.origin_token_amount.unwrap_or_default();
        mul(from_amount, U256::from(10_000))?;
        (from_amount, mul(less_bps(from_amount, fee_bps), rate_numerator)? / rate_denominator)
    };
    // Every later product is an amount (or less) times its token's price or at most 10 000.
    for (amount, token) in [(from_amount, &from), (to_amount, &to)] {
        mul(amount, token.price_micro_usd.max(U256::from(10_000)))?;
    }
    let service_fee = from_amount * U256::from(fees.service_fee_bps) / U256::from(10_000);
    let provider_fee = from_amount * U256::from(fees.provider_fee_bps) / U256::from(10_000);
    let from_amount_min = less_bps(from_amount, slippage_bps);
    let to_amount_min = less_bps(to_amount, slippage_bps);
    let route_provider = match request.options.as_ref().and_then(|o| o.bridge_provider.clone()) {
        Some(RouteProvider::Auto) | None => fees.route_provider.clone(),
        Some(provider) => provider,
    };

    let origin_gas = Gas::of(origin);
    let destination_gas = (request.origin_chain_id != request.destination_chain_id).then(|| Gas::of(destination));
    let gas_micro_usd = origin_gas.fee_micro_usd + destination_gas.as_ref().map_or(U256::ZERO, |g| g.fee_micro_usd);
    let gas_usd = micro_to_f64(gas_micro_usd);
    let native = Token::native(origin);
    let native_cost = gas_micro_usd * pow10(18) / native.price_micro_usd.max(U256::from(1));
    let fee_tokens = config.tokens.iter().filter(|t| t.chain_id == origin.chain_id && t.fee_token);
    let fee_options = std::iter::once(native)
        .chain(fee_tokens.map(Token::listed))
        .map(|token| fee_option(token, gas_micro_usd))
        .collect();

    let service_fee_usd = from.usd(service_fee);
    let provider_fee_usd = from.usd(provider_fee);
    let from_usd = from.usd(from_amount);
    let to_usd = to.usd(to_amount);
    let impact_usd = round6(to_usd - from_usd);
    let fraction_of_input = |usd: f64| if from_usd > 0.0 { round6(usd / from_usd) } else { 0.0 };
    Ok(Pricing {
        slippage,
        route_provider,
        from_amount,
        from_amount_min,
        to_amount,
        to_amount_min,
        service_fee,
        provider_fee,
        from_min_usd: from.usd(from_amount_min),
        to_min_usd: to.usd(to_amount_min),
        from_usd,
        to_usd,
        service_fee_usd,
        provider_fee_usd,
        fees_usd: round6(service_fee_usd + provider_fee_usd),
        net_impact: Impact { fraction: fraction_of_input(impact_usd), usd: impact_usd },
        provider_impact: Impact { fraction: fraction_of_input(-provider_fee_usd), usd: -provider_fee_usd },
        service_impact: Impact { fraction: fraction_of_input(-service_fee_usd), usd: -service_fee_usd },
        origin_gas,
        destination_gas,
        gas_usd,
        native_cost,
        fee_options,
        from,
        to,
    })
}

/// The gas fee of `gas_micro_usd` paid in `token`: its USD value in the token's units,
/// rounded up.
fn fee_option(token: Token, gas_micro_usd: U256) -> FeeOptionPrice {
    let amount = (gas_micro_usd * pow10(token.decimals)).div_ceil(token.price_micro_usd.max(U256::from(1)));
    let amount_usd = token.usd(amount);
    FeeOptionPrice { token, amount, amount_usd }
}

/// `10^exponent`.
fn pow10(exponent: u8) -> U256 {
    U256::from(10).pow(U256::from(exponent))
}

/// A USD price in millionths, rounded (prices are positive and finite in a checked config).
fn micro_usd(price: f64) -> U256 {
    U256::from((price * 1e6).round().max(0.0) as u64)
}

/// Millionths of a USD as a USD decimal.
fn micro_to_f64(micro: U256) -> f64 {
    micro.to_string().parse::<f64>().unwrap_or(f64::MAX) / 1e6
}

/// The USD value of `amount` units of a token with `decimals` at `price_micro_usd`, as a
/// decimal rounded down to millionths.
fn usd(amount: U256, decimals: u8, price_micro_usd: U256) -> f64 {
    micro_to_f64(amount * price_micro_usd / pow10(decimals))
}

/// `amount · (10 000 − bps) / 10 000` (the caller has checked that `amount · 10 000` fits).
fn less_bps(amount: U256, bps: u64) -> U256 {
    amount * U256::from(10_000 - bps.min(10_000)) / U256::from(10_000)
}

/// `x` rounded to millionths.
pub fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}
