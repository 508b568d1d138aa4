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

    /// The token at `address` on `chain`: the configuration's, else (a CCTP USDC the
    /// configuration does not list) USDC of 6 decimals at 1 USD.
    pub fn on(config: &ServiceConfig, chain: &ChainConfig, address: Address) -> Token {
        match config.token(chain.chain_id, address) {
            Some(token) => Token::listed(token),
            None if address == Address::ZERO => Token::native(chain),
            None => Token {
                address,
                symbol: "USDC".to_owned(),
                decimals: 6,
                price_micro_usd: U256::from(1_000_000),
                is_2612: false,
            },
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
    /// The amounts of both bundles, for an intent over the CCTP V2 route.
    pub cross: Option<CrossTrade>,
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

/// The chain `chain_id`, or `CHAIN_NOT_SERVED` at `path`.
pub fn chain<'c>(config: &'c ServiceConfig, chain_id: u64, path: &str) -> Result<&'c ChainConfig, Failure> {
    config.chain(chain_id).ok_or_else(|| Failure::from(ServerFailure::ChainNotServed { path, chain_id }))
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
    cross: Option<CrossTrade>,
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
        cross: None,
        pool_impact: None,
    };
    complete(r, amounts, [None, None])
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

/// Why a same-chain swap cannot be priced from its pool: nothing to route through.
fn no_pool(r: &Request<'_>, why: &str) -> Failure {
    let what = format!("{} to {} on chain {}: {why}", r.from.symbol, r.to.symbol, r.origin.chain_id);
    Failure::from(ServerFailure::RouteUnavailable { path: "destinationTokenAddress", what: &what })
}

/// Prices a same-chain `request` on `chain` whose intent runs in its wallet (docs/spec.md
/// §12): the service fee in basis points of the deposit, taken first; the rest transferred
/// (one token) or swapped at `venue`; `gas_price` the node's, else the configured one.
///
/// # Errors
///
/// As [`price`]; `ROUTE_UNAVAILABLE` at `destinationTokenAddress` for a swap of the native
/// token, or one the pool cannot price (no liquidity for the amount); `PRICE_IMPACT_TOO_HIGH`
/// at the amount asked for when the pool's price impact is beyond the configured bound;
/// `NUMBER_OUT_OF_RANGE` at the amount asked for when it is too small to swap.
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
    let bound = config.fees.max_price_impact();
    if let Some(loss) = pool_impact.map(|impact| -impact).filter(|loss| *loss > bound) {
        let bps = |fraction: f64| (fraction * 10_000.0).round().clamp(0.0, 10_000.0) as u64;
        let failure =
            ServerFailure::PriceImpactTooHigh { path: r.path(), impact_bps: bps(loss), limit_bps: bps(bound) };
        return Err(failure.into());
    }
    let amounts = Amounts {
        from_amount,
        from_amount_min: less_bps(from_amount, r.slippage_bps),
        to_amount,
        to_amount_min,
        service_fee: from_amount - spend,
        provider_fee,
        wallet: Some(WalletTrade { spend, swap, exact_output: r.exact_output }),
        cross: None,
        pool_impact,
    };
    complete(r, amounts, [gas_price, None])
}

/// The amounts of an intent over the CCTP V2 route (docs/spec.md §12, "Cross-chain
/// quotes"): what each bundle's calls are given. The minted amount is the burned amount less
/// the attester's `feeExecuted` (at most `max_fee`), not known at quote time, so the
/// destination bundle spends its balance and these are bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrossTrade {
    /// What the deposit holds after the service fee: the origin swap's input, or the burn.
    pub spend: U256,
    /// The origin swap's least USDC out (the deposit token is not USDC).
    pub origin_swap_min: Option<U256>,
    /// The USDC burned as priced.
    pub burn: U256,
    /// The least USDC burned.
    pub burn_min: U256,
    /// The burn's `maxFee`.
    pub max_fee: U256,
    /// The least USDC minted at the destination intent address: `burn_min − max_fee`.
    pub arrival_min: U256,
    /// The destination swap's amount (the destination token is not USDC): its least output
    /// (EXACT_INPUT) or its exact output (EXACT_OUTPUT).
    pub destination_swap: Option<U256>,
    /// EXACT_OUTPUT.
    pub exact_output: bool,
}

/// Where one swap of a cross-chain intent is priced, between which tokens.
#[derive(Debug, Clone)]
pub struct Leg {
    /// The pool's reserves (ordered for the swap), else the configured prices.
    pub venue: Venue,
    /// The token sold.
    pub sold: Token,
    /// The token bought.
    pub bought: Token,
    /// The chain, for the failures' text.
    pub chain_id: u64,
}

impl Leg {
    fn unavailable(&self, why: &str, path: &'static str) -> Failure {
        let what = format!("{} to {} on chain {}: {why}", self.sold.symbol, self.bought.symbol, self.chain_id);
        Failure::from(ServerFailure::RouteUnavailable { path, what: &what })
    }

    /// What selling `amount` buys.
    fn out(&self, r: &Request<'_>, amount: U256, provider_bps: u64, path: &'static str) -> Result<U256, Failure> {
        match self.venue {
            Venue::Pool(pool) => pool.amount_out(amount).ok_or_else(|| {
                if amount.is_zero() {
                    too_small(r, "too small to swap")
                } else if pool.reserve_in.is_zero() || pool.reserve_out.is_zero() {
                    self.unavailable("the pool has no liquidity", path)
                } else {
                    r.too_large()
                }
            }),
            Venue::Configured => {
                let (numerator, denominator) = rate(&self.sold, &self.bought);
                Ok(r.mul(less_bps(amount, provider_bps), numerator)? / denominator)
            }
        }
    }

    /// What buying `amount` costs.
    fn cost(&self, r: &Request<'_>, amount: U256, provider_bps: u64, path: &'static str) -> Result<U256, Failure> {
        match self.venue {
            Venue::Pool(pool) => pool.amount_in(amount).ok_or_else(|| {
                if amount.is_zero() {
                    too_small(r, "too small to swap")
                } else if pool.reserve_in.is_zero() || amount >= pool.reserve_out {
                    self.unavailable("the pool cannot deliver the amount", path)
                } else {
                    r.too_large()
                }
            }),
            Venue::Configured => {
                let (numerator, denominator) = rate(&self.sold, &self.bought);
                let net = r.mul(amount, denominator)?.div_ceil(numerator.max(U256::from(1)));
                Ok(r.mul(net, U256::from(10_000))?.div_ceil(U256::from(10_000 - provider_bps.min(9_999))))
            }
        }
    }

    /// The pool's price impact of selling `sold` for `bought`; `None` at configured prices.
    fn impact(&self, sold: U256, bought: U256) -> Option<f64> {
        match self.venue {
            Venue::Pool(pool) => Some(pool.impact(sold, bought)),
            Venue::Configured => None,
        }
    }

    /// The provider fee of selling `sold`: the pool's 0.3 %, else the configured bps.
    fn fee(&self, sold: U256, provider_bps: u64) -> U256 {
        match self.venue {
            Venue::Pool(_) => sold * U256::from(3) / U256::from(1_000),
            Venue::Configured => sold * U256::from(provider_bps) / U256::from(10_000),
        }
    }
}

/// `NUMBER_OUT_OF_RANGE` at the amount asked for: `why`.
fn too_small(r: &Request<'_>, why: &'static str) -> Failure {
    Failure::from(Error::new(Problem::NumberOutOfRange(why)).in_member(r.path()))
}

/// The configured exchange rate between two tokens, `to` units per `from` unit.
fn rate(from: &Token, to: &Token) -> (U256, U256) {
    let numerator = from.price_micro_usd * pow10(to.decimals);
    let denominator = to.price_micro_usd.max(U256::from(1)) * pow10(from.decimals);
    (numerator.max(U256::from(1)), denominator.max(U256::from(1)))
}

/// The swaps of an intent over the CCTP V2 route: into the origin's USDC (absent: the deposit
/// token is that USDC) and out of the destination's USDC (absent: the destination token is
/// that USDC), each with where it is priced.
#[derive(Debug, Clone, Default)]
pub struct CrossLegs {
    /// The origin swap.
    pub origin: Option<Leg>,
    /// The destination swap.
    pub destination: Option<Leg>,
}

/// Prices a cross-chain `request` over the CCTP V2 route (docs/spec.md §12, "Cross-chain
/// quotes"): the service fee in basis points of the deposit, taken first; the rest swapped
/// into USDC at `legs.origin` (when needed), burned with `max_fee`, and the least minted
/// swapped into the destination token at `legs.destination` (when needed); each swap's
/// minimum after the slippage; `gas_prices` the nodes' (origin, destination), else the
/// configured ones.
///
/// # Errors
///
/// As [`price_in_wallet`]; `NUMBER_OUT_OF_RANGE` at the amount asked for when what would be
/// burned does not exceed `max_fee`.
pub fn price_cross(
    config: &ServiceConfig,
    request: &QuoteRequest,
    (origin, destination): (&ChainConfig, &ChainConfig),
    legs: &CrossLegs,
    max_fee: U256,
    gas_prices: [Option<U256>; 2],
) -> Result<Pricing, Failure> {
    let r = Request::new(config, request, origin, destination)?;
    if [r.from.address, r.to.address].contains(&Address::ZERO) {
        let why = "swaps of the native token are not served";
        let what = format!("{} to {} on the CCTP V2 route: {why}", r.from.symbol, r.to.symbol);
        return Err(ServerFailure::RouteUnavailable { path: "destinationTokenAddress", what: &what }.into());
    }
    let provider_bps = config.fees.provider_fee_bps;
    let kept = U256::from(10_000 - config.fees.service_fee_bps);
    let slip = |amount: U256| less_bps(amount, r.slippage_bps);
    let margin = |amount: U256| -> Result<U256, Failure> {
        let margin = r.mul(amount, U256::from(r.slippage_bps))?.div_ceil(U256::from(10_000));
        amount.checked_add(margin).ok_or_else(|| r.too_large())
    };
    let bridge_too_small = || too_small(&r, "too small to bridge: the burn must exceed the CCTP maxFee");
    let requested = if r.exact_output { request.destination_token_amount } else { request.origin_token_amount };
    let requested = requested.unwrap_or_default();
    r.mul(requested, U256::from(10_000))?;
    let (origin_path, destination_path) = ("originTokenAddress", "destinationTokenAddress");
    // (spend, burn, burn_min, arrival, arrival_min, to_amount, to_amount_min, destination swap input)
    let (from_amount, spend, burn, burn_min, to_amount, to_amount_min, destination_sold) = if r.exact_output {
        let arrival_needed = match &legs.destination {
            Some(leg) => margin(leg.cost(&r, requested, provider_bps, destination_path)?)?,
            None => requested,
        };
        let burn_min = arrival_needed.checked_add(max_fee).ok_or_else(|| r.too_large())?;
        let (spend, burn) = match &legs.origin {
            Some(leg) => {
                let spend = margin(leg.cost(&r, burn_min, provider_bps, origin_path)?)?;
                (spend, leg.out(&r, spend, provider_bps, origin_path)?)
            }
            None => (burn_min, burn_min),
        };
        let from_amount = r.mul(spend, U256::from(10_000))?.div_ceil(kept);
        (from_amount, spend, burn, burn_min, requested, requested, arrival_needed)
    } else {
        let spend = requested - requested * U256::from(config.fees.service_fee_bps) / U256::from(10_000);
        let (burn, burn_min) = match &legs.origin {
            Some(leg) => {
                let burn = leg.out(&r, spend, provider_bps, origin_path)?;
                (burn, slip(burn))
            }
            None => (spend, spend),
        };
        if burn_min <= max_fee {
            return Err(bridge_too_small());
        }
        let (arrival, arrival_min) = (burn - max_fee, burn_min - max_fee);
        let (to_amount, to_amount_min) = match &legs.destination {
            Some(leg) => (
                leg.out(&r, arrival, provider_bps, destination_path)?,
                slip(leg.out(&r, arrival_min, provider_bps, destination_path)?),
            ),
            None => (arrival, arrival_min),
        };
        (requested, spend, burn, burn_min, to_amount, to_amount_min, arrival)
    };
    if burn_min <= max_fee || to_amount_min.is_zero() {
        return Err(bridge_too_small());
    }
    // The provider's fee in the deposit token: the origin pool's, then the CCTP fee and the
    // destination pool's at the origin swap's rate (USDC per deposit unit: burn / spend).
    let in_deposit = |usdc: U256| if burn.is_zero() { U256::ZERO } else { usdc.saturating_mul(spend) / burn };
    let origin_fee = legs.origin.as_ref().map_or(U256::ZERO, |leg| leg.fee(spend, provider_bps));
    let destination_fee = legs.destination.as_ref().map_or(U256::ZERO, |leg| leg.fee(destination_sold, provider_bps));
    let provider_fee = origin_fee.saturating_add(in_deposit(max_fee.saturating_add(destination_fee)));
    // The pools' price impacts compound: (1 + a)(1 + b) − 1.
    let impacts = [
        legs.origin.as_ref().map(|leg| leg.impact(spend, burn)),
        legs.destination.as_ref().map(|leg| leg.impact(destination_sold, to_amount)),
    ];
    let pool_impact = if impacts.iter().flatten().any(Option::is_none) {
        None
    } else {
        let factors: Vec<f64> = impacts.iter().flatten().flatten().map(|impact| 1.0 + impact).collect();
        (!factors.is_empty()).then(|| factors.iter().product::<f64>() - 1.0)
    };
    let bound = config.fees.max_price_impact();
    if let Some(loss) = pool_impact.map(|impact| -impact).filter(|loss| *loss > bound) {
        let bps = |fraction: f64| (fraction * 10_000.0).round().clamp(0.0, 10_000.0) as u64;
        let failure =
            ServerFailure::PriceImpactTooHigh { path: r.path(), impact_bps: bps(loss), limit_bps: bps(bound) };
        return Err(failure.into());
    }
    let cross = CrossTrade {
        spend,
        origin_swap_min: legs.origin.as_ref().map(|_| burn_min),
        burn,
        burn_min,
        max_fee,
        arrival_min: burn_min - max_fee,
        destination_swap: legs.destination.as_ref().map(|_| to_amount_min),
        exact_output: r.exact_output,
    };
    let amounts = Amounts {
        from_amount,
        from_amount_min: less_bps(from_amount, r.slippage_bps),
        to_amount,
        to_amount_min,
        service_fee: from_amount - spend,
        provider_fee,
        wallet: None,
        cross: Some(cross),
        pool_impact,
    };
    complete(r, amounts, gas_prices)
}

/// The rest of a quote's numbers from its amounts: the USD figures, gas (at the origin's and
/// the destination's `gas_prices` when their nodes gave them), the fee options.
fn complete(r: Request<'_>, amounts: Amounts, gas_prices: [Option<U256>; 2]) -> Result<Pricing, Failure> {
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

    let origin_gas = Gas::at(origin, gas_prices[0].unwrap_or(origin.gas_price));
    let destination_gas = (request.origin_chain_id != request.destination_chain_id)
        .then(|| Gas::at(destination, gas_prices[1].unwrap_or(destination.gas_price)));
    let gas_micro_usd = origin_gas.fee_micro_usd + destination_gas.as_ref().map_or(U256::ZERO, |g| g.fee_micro_usd);
    let gas_usd = micro_to_f64(gas_micro_usd);
    let native = Token::native(origin);
    let native_cost = gas_micro_usd * pow10(18) / native.price_micro_usd.max(U256::from(1));
    // `onlyNativeGasFee`: the native token's option alone.
    let only_native = request.only_native_gas_fee == Some(true);
    let fee_tokens = config.tokens.iter().filter(|t| t.chain_id == origin.chain_id && t.fee_token && !only_native);
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
        cross: amounts.cross,
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
