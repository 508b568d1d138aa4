//! Pricing: the numbers of a quote, from the configuration's chains, tokens, prices and
//! fees. Amounts after fees in basis points, the minimums after slippage, gas at each
//! chain's configured limit and price, the gas fee in the native token and in each fee
//! token, and every USD figure (rounded to millionths).
//!
//! Nothing here builds a wire object or knows a wire name: `assembly` places these
//! numbers in the core's types. Addresses and identifiers are in `identifiers`.

use alloy_primitives::{Address, U256};
use intent_core::{Error, Problem, QuoteRequest, RouteProvider, ServerFailure, TradeType};

use super::pool::Reserves;
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
        Gas::at(chain, chain.gas_price)
    }

    /// The gas of `chain` at its configured limit and `price`.
    pub fn at(chain: &ChainConfig, price: U256) -> Gas {
        let fee_native = U256::from(chain.gas_limit).saturating_mul(price);
        let native_price = micro_usd(chain.native_token_price_usd.get());
        Gas {
            limit: chain.gas_limit,
            price,
            fee_native,
            fee_usd: usd(fee_native, 18, native_price),
            fee_micro_usd: fee_native.saturating_mul(native_price) / pow10(18),
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
    /// The pool's price impact (the swap's price against the mid price), for a swap priced
    /// from its pool.
    pub pool_impact: Option<Impact>,
    /// The main call, for an intent run in its wallet.
    pub wallet: Option<WalletTrade>,
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

/// What a quote is priced between: its tokens, the slippage, which amount was asked for.
struct Request<'a> {
    config: &'a ServiceConfig,
    request: &'a QuoteRequest,
    origin: &'a ChainConfig,
    destination: &'a ChainConfig,
    from: Token,
    to: Token,
    slippage: f64,
    slippage_bps: u64,
    exact_output: bool,
}

impl<'a> Request<'a> {
    fn new(
        config: &'a ServiceConfig,
        request: &'a QuoteRequest,
        origin: &'a ChainConfig,
        destination: &'a ChainConfig,
    ) -> Result<Self, Failure> {
        let from = token(config, origin, request.origin_token_address, "originTokenAddress")?;
        let to = token(config, destination, request.destination_token_address, "destinationTokenAddress")?;
        let slippage = request
            .options
            .as_ref()
            .and_then(|o| o.slippage_tolerance)
            .map_or(config.fees.default_slippage.get(), |s| s.get());
        let exact_output = request.trade_type == Some(TradeType::ExactOutput)
            || (request.trade_type.is_none() && request.destination_token_amount.is_some());
        let slippage_bps = (slippage * 10_000.0).round() as u64;
        Ok(Request { config, request, origin, destination, from, to, slippage, slippage_bps, exact_output })
    }

    /// The member of the amount asked for.
    fn path(&self) -> &'static str {
        if self.exact_output {
            "destinationTokenAmount"
        } else {
            "originTokenAmount"
        }
    }

    /// `NUMBER_OUT_OF_RANGE` at the amount asked for: a product would not fit 256 bits.
    fn too_large(&self) -> Failure {
        Failure::from(Error::new(Problem::NumberOutOfRange(TOO_LARGE)).in_member(self.path()))
    }

    fn mul(&self, a: U256, b: U256) -> Result<U256, Failure> {
        a.checked_mul(b).ok_or_else(|| self.too_large())
    }

    /// The configured exchange rate, `to` units per `from` unit, as a fraction.
    fn rate(&self) -> (U256, U256) {
        let numerator = self.from.price_micro_usd * pow10(self.to.decimals);
        let denominator = self.to.price_micro_usd.max(U256::from(1)) * pow10(self.from.decimals);
        (numerator, denominator.max(U256::from(1)))
    }
}

/// The amounts of one quote, before their USD figures.
struct Amounts {
    from_amount: U256,
    from_amount_min: U256,
    to_amount: U256,
    to_amount_min: U256,
    service_fee: U256,
    provider_fee: U256,
    wallet: Option<WalletTrade>,
    pool_impact: Option<f64>,
}

/// The main call of a same-chain intent run in its wallet (docs/spec.md §12).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WalletTrade {
    /// What the main call spends of the deposit after the service fee: the amount
    /// transferred, the swap's `amountIn` (EXACT_INPUT) or its `amountInMax` (EXACT_OUTPUT).
    pub spend: U256,
    /// A swap (the tokens differ), else a transfer.
    pub swap: bool,
    /// EXACT_OUTPUT: the swap buys `toAmount` exactly.
    pub exact_output: bool,
}

/// Prices `request` between `origin` and `destination` (its chains, looked up by the caller)
/// from the configured prices, each fee in basis points of the input.
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
    let r = Request::new(config, request, origin, destination)?;
    let fees = &config.fees;
    let fee_bps = fees.service_fee_bps + fees.provider_fee_bps;

    // value(to) = value(from) · (1 − fees): amounts in each token's units. Every product
    // that holds the requested amount is checked: wrapping would price nonsense.
    let (rate_numerator, rate_denominator) = r.rate();
    let (from_amount, to_amount) = if r.exact_output {
        let to_amount = request.destination_token_amount.unwrap_or_default();
        let net = r.mul(to_amount, rate_denominator)?.div_ceil(rate_numerator.max(U256::from(1)));
        let from_amount = r.mul(net, U256::from(10_000))?.div_ceil(U256::from(10_000 - fee_bps));
        (from_amount, to_amount)
    } else {
        let from_amount = request.origin_token_amount.unwrap_or_default();
        r.mul(from_amount, U256::from(10_000))?;
        (from_amount, r.mul(less_bps(from_amount, fee_bps), rate_numerator)? / rate_denominator)
    };
    let amounts = Amounts {
        from_amount,
        from_amount_min: less_bps(from_amount, r.slippage_bps),
        to_amount,
        to_amount_min: less_bps(to_amount, r.slippage_bps),
        service_fee: from_amount * U256::from(fees.service_fee_bps) / U256::from(10_000),
        provider_fee: from_amount * U256::from(fees.provider_fee_bps) / U256::from(10_000),
        wallet: None,
        pool_impact: None,
    };
    complete(r, amounts, None)
}

/// Where a same-chain swap is priced: a pool's reserves read at quote time, or (a chain
/// without a node) the configured prices.
#[derive(Debug, Clone, Copy)]
pub enum Venue {
    /// The Uniswap V2 pool's reserves, for this swap's direction.
    Pool(Reserves),
    /// The configured prices, less the provider's fee.
    Configured,
}

/// Why a same-chain swap cannot be priced from its pool: the route is not served.
fn no_pool(r: &Request<'_>, why: &str) -> Failure {
    let what = format!("{} to {} on chain {}: {why}", r.from.symbol, r.to.symbol, r.origin.chain_id);
    Failure::from(ServerFailure::RouteNotServed { path: "destinationTokenAddress", what: &what })
}

/// Prices a same-chain `request` on `chain` whose intent runs in its wallet (docs/spec.md
/// §12): the service fee in basis points of the deposit, taken first; the rest transferred
/// (one token) or swapped at `venue`; `gas_price` the node's, else the configured one.
///
/// # Errors
///
/// As [`price`]; `ROUTE_NOT_SERVED` at `destinationTokenAddress` for a swap of the native
/// token, or one the pool cannot price (no liquidity for the amount); `NUMBER_OUT_OF_RANGE`
/// at the amount asked for when it is too small to swap.
pub fn price_in_wallet(
    config: &ServiceConfig,
    request: &QuoteRequest,
    chain: &ChainConfig,
    venue: Venue,
    gas_price: Option<U256>,
) -> Result<Pricing, Failure> {
    let r = Request::new(config, request, chain, chain)?;
    let service_bps = U256::from(config.fees.service_fee_bps);
    let kept = U256::from(10_000 - config.fees.service_fee_bps);
    let swap = r.from.address != r.to.address;
    if swap && (r.from.address == Address::ZERO || r.to.address == Address::ZERO) {
        return Err(no_pool(&r, "swaps of the native token are not served"));
    }
    let too_small = || Failure::from(Error::new(Problem::NumberOutOfRange("too small to swap")).in_member(r.path()));
    // The pool's or the configured amount bought with `spend`, and sold for `bought`.
    let provider_bps = config.fees.provider_fee_bps;
    let (rate_numerator, rate_denominator) = r.rate();
    let bought_with = |spend: U256| -> Result<U256, Failure> {
        match venue {
            Venue::Pool(pool) => pool.amount_out(spend).ok_or_else(|| {
                if spend.is_zero() {
                    too_small()
                } else if pool.reserve_in.is_zero() || pool.reserve_out.is_zero() {
                    no_pool(&r, "the pool has no liquidity")
                } else {
                    r.too_large()
                }
            }),
            Venue::Configured => Ok(r.mul(less_bps(spend, provider_bps), rate_numerator)? / rate_denominator),
        }
    };
    let sold_for = |bought: U256| -> Result<U256, Failure> {
        match venue {
            Venue::Pool(pool) => pool.amount_in(bought).ok_or_else(|| {
                if bought.is_zero() {
                    too_small()
                } else if pool.reserve_in.is_zero() || bought >= pool.reserve_out {
                    no_pool(&r, "the pool cannot deliver the amount")
                } else {
                    r.too_large()
                }
            }),
            Venue::Configured => {
                let net = r.mul(bought, rate_denominator)?.div_ceil(rate_numerator.max(U256::from(1)));
                Ok(r.mul(net, U256::from(10_000))?.div_ceil(U256::from(10_000 - provider_bps.min(9_999))))
            }
        }
    };
    let requested = if r.exact_output { request.destination_token_amount } else { request.origin_token_amount };
    let requested = requested.unwrap_or_default();
    r.mul(requested, U256::from(10_000))?;
    let (from_amount, spend, to_amount, to_amount_min, sold) = if r.exact_output {
        // The swap spends at most its input plus the slippage; the fee is on top.
        let (spend, sold) = if swap {
            let sold = sold_for(requested)?;
            let margin = r.mul(sold, U256::from(r.slippage_bps))?.div_ceil(U256::from(10_000));
            (sold.checked_add(margin).ok_or_else(|| r.too_large())?, sold)
        } else {
            (requested, requested)
        };
        let from_amount = r.mul(spend, U256::from(10_000))?.div_ceil(kept);
        (from_amount, spend, requested, requested, sold)
    } else {
        let spend = requested - requested * service_bps / U256::from(10_000);
        let to_amount = if swap { bought_with(spend)? } else { spend };
        let to_amount_min = if swap { less_bps(to_amount, r.slippage_bps) } else { to_amount };
        (requested, spend, to_amount, to_amount_min, spend)
    };
    let provider_fee = match (swap, venue) {
        (false, _) => U256::ZERO,
        (true, Venue::Pool(_)) => sold * U256::from(3) / U256::from(1_000),
        (true, Venue::Configured) => sold * U256::from(provider_bps) / U256::from(10_000),
    };
    let pool_impact = match venue {
        Venue::Pool(pool) if swap => Some(pool.impact(sold, to_amount)),
        _ => None,
    };
    let amounts = Amounts {
        from_amount,
        from_amount_min: less_bps(from_amount, r.slippage_bps),
        to_amount,
        to_amount_min,
        service_fee: from_amount - spend,
        provider_fee,
        wallet: Some(WalletTrade { spend, swap, exact_output: r.exact_output }),
        pool_impact,
    };
    complete(r, amounts, gas_price)
}

/// The rest of a quote's numbers from its amounts: the USD figures, gas (at `gas_price`
/// when the node gave one), the fee options.
fn complete(r: Request<'_>, amounts: Amounts, gas_price: Option<U256>) -> Result<Pricing, Failure> {
    let Amounts { from_amount, from_amount_min, to_amount, to_amount_min, service_fee, provider_fee, .. } = amounts;
    // Every later product is an amount (or less) times its token's price or at most 10 000.
    for (amount, token) in [(from_amount, &r.from), (to_amount, &r.to)] {
        r.mul(amount, token.price_micro_usd.max(U256::from(10_000)))?;
    }
    let Request { config, request, origin, destination, from, to, slippage, .. } = r;
    let fees = &config.fees;
    let route_provider = match request.options.as_ref().and_then(|o| o.bridge_provider.clone()) {
        Some(RouteProvider::Auto) | None => fees.route_provider.clone(),
        Some(provider) => provider,
    };

    let origin_gas = Gas::at(origin, gas_price.unwrap_or(origin.gas_price));
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
    let pool_impact =
        amounts.pool_impact.map(|fraction| Impact { fraction: round6(fraction), usd: round6(fraction * from_usd) });
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
        pool_impact,
        wallet: amounts.wallet,
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
