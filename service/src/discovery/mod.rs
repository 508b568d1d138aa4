//! Discovery (docs/spec.md §12, Discovery): what a client asks before it quotes, answered from
//! what the service knows. GetChains (the configured chains as the published ChainInfo),
//! GetTokenList and GetTokenPrices (the configured tokens; prices from the Uniswap V2 pools
//! where a node and a `swap` are configured, else the configured prices), GetExactInputRoutes
//! and GetExactOutputRoutes (the tokens the quoter routes a token to, or from), and
//! GetProtocolContracts (each chain's service contracts and intent wallet deployment).
//!
//! What lives where: this module, the operations; [`objects`], their wire objects;
//! [`catalog`], what the configuration says (chains, tokens, contracts, which pairs the
//! quoter routes); [`prices`], a pool's price; [`handlers`], the HTTP handlers the operation
//! table ([`crate::http::operations`]) routes to. Nothing here writes a record; the pools are
//! read through [`crate::chain`].

mod catalog;
pub mod handlers;
pub mod objects;
mod prices;

use intent_core::{Address, Decimal, ServerFailure, Timestamp, UnknownMembers};

use catalog::Route;
use objects::{
    ChainInfo, GetChainsRequest, GetChainsResponse, GetExactInputRoutesRequest, GetExactOutputRoutesRequest,
    GetProtocolContractsRequest, GetProtocolContractsResponse, GetTokenListRequest, GetTokenPricesRequest,
    GetTokenPricesResponse, Token, TokenInfo, TokenListResponse, TokenPrice,
};

use crate::chain::ChainView;
use crate::config::ServiceConfig;
use crate::failure::Failure;

/// The intent protocol version this service's intents follow (GetProtocolContracts).
pub const INTENT_PROTOCOL: &str = "v1";

/// GetChains: every configured chain. A `routeProvider` other than `AUTO` and the configured
/// one is `ROUTE_NOT_SERVED` at `routeProvider`.
///
/// # Errors
///
/// As said.
pub fn chains(config: &ServiceConfig, request: &GetChainsRequest) -> Result<GetChainsResponse, Failure> {
    if let Some(provider) = &request.route_provider {
        if *provider != intent_core::RouteProvider::Auto && *provider != config.fees.route_provider {
            let what = format!("route provider {}", provider.name());
            return Err(ServerFailure::RouteNotServed { path: "routeProvider", what: &what }.into());
        }
    }
    let chains: Vec<ChainInfo> = config.chains.iter().map(catalog::chain_info).collect();
    Ok(GetChainsResponse { chains, unknown: UnknownMembers::new() })
}

/// GetProtocolContracts: the contracts of the chain asked for (absent: the first), and every
/// chain's. An `intentProtocol` other than [`INTENT_PROTOCOL`] is `FILTER_NOT_SERVED`, an
/// unknown chain `CHAIN_NOT_SERVED`, at their members.
///
/// # Errors
///
/// As said.
pub fn protocol_contracts(
    config: &ServiceConfig,
    request: &GetProtocolContractsRequest,
) -> Result<GetProtocolContractsResponse, Failure> {
    if request.intent_protocol.as_deref().is_some_and(|p| p != INTENT_PROTOCOL) {
        return Err(ServerFailure::FilterNotServed { path: "intentProtocol" }.into());
    }
    let chain = match request.chain_id {
        Some(id) => catalog::chain(config, id, "chainId")?,
        None => config.chains.first().ok_or_else(|| crate::failure::internal(&"no chain configured"))?,
    };
    Ok(GetProtocolContractsResponse {
        service_contracts: catalog::service_contracts(chain),
        chains: config.chains.iter().map(catalog::chain_contracts).collect(),
        unknown: UnknownMembers::new(),
    })
}

/// GetTokenList: the tokens of the chains asked for (empty: every chain), native first, in
/// the configuration's order, filtered, at most `limit`.
///
/// # Errors
///
/// `CHAIN_NOT_SERVED` at `chainIds[i]` for a chain not configured; `FILTER_NOT_SERVED` at
/// `includeExternal` when it is true.
pub fn token_list(config: &ServiceConfig, request: &GetTokenListRequest) -> Result<TokenListResponse, Failure> {
    if request.include_external == Some(true) {
        return Err(ServerFailure::FilterNotServed { path: "includeExternal" }.into());
    }
    let mut chains = Vec::new();
    for (i, id) in request.chain_ids.iter().enumerate() {
        chains.push(catalog::chain(config, *id, &format!("chainIds[{i}]"))?);
    }
    if chains.is_empty() {
        chains = config.chains.iter().collect();
    }
    let query = request.search_query.as_deref().map(str::to_lowercase);
    let excluded = request.exclude_tokens.as_deref().unwrap_or_default();
    let limit = request.limit.map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX));
    let tokens = chains
        .into_iter()
        .flat_map(|chain| catalog::tokens_of(config, chain))
        .filter(|t| request.token_address.is_none_or(|a| a == t.address))
        .filter(|t| !excluded.contains(&t.address))
        .filter(|t| {
            query.as_deref().is_none_or(|q| t.symbol.to_lowercase().contains(q) || t.name.to_lowercase().contains(q))
        })
        .take(limit)
        .collect();
    Ok(TokenListResponse { tokens, unknown: UnknownMembers::new() })
}

/// GetTokenPrices: each token's price, in the request's order (absent for a token the service
/// does not know).
///
/// # Errors
///
/// `CHAIN_NODE_UNAVAILABLE` when a pool must be read and the chain's node fails.
pub async fn token_prices(
    config: &ServiceConfig,
    view: &ChainView,
    request: &GetTokenPricesRequest,
    now: Timestamp,
) -> Result<GetTokenPricesResponse, Failure> {
    let mut token_prices = Vec::with_capacity(request.tokens.len());
    for asked in &request.tokens {
        let known = catalog::token(config, asked.chain_id, asked.token_address, "tokens").ok();
        let price = match &known {
            Some(token) => price_usd(config, view, token).await?,
            None => None,
        };
        token_prices.push(TokenPrice {
            price_usd: price.and_then(Decimal::new),
            token: Token {
                chain_id: asked.chain_id,
                token_address: asked.token_address,
                token_symbol: known.map(|t| t.symbol),
                unknown: UnknownMembers::new(),
            },
            updated_at: now,
            unknown: UnknownMembers::new(),
        });
    }
    Ok(GetTokenPricesResponse { token_prices, unknown: UnknownMembers::new() })
}

/// The USD price of `token` (a known one): from its pool against the chain's reference token
/// (its first configured token) where the chain names a node and a `swap` and the pool has
/// liquidity, else the configured price.
async fn price_usd(config: &ServiceConfig, view: &ChainView, token: &TokenInfo) -> Result<Option<f64>, Failure> {
    let chain = catalog::chain(config, token.chain_id, "tokens")?;
    let configured = if token.address == Address::ZERO {
        chain.native_token_price_usd.get()
    } else {
        config.token(token.chain_id, token.address).map_or(0.0, |t| t.price_usd.get())
    };
    let reference = config.tokens.iter().find(|t| t.chain_id == chain.chain_id);
    let (Some(swap), Some(_), Some(reference)) = (&chain.swap, &chain.rpc_url, reference) else {
        return Ok(Some(configured));
    };
    if token.address == Address::ZERO || token.address == reference.address {
        return Ok(Some(configured));
    }
    let reads =
        view.quote_reads(chain.chain_id, Some((swap.uniswap_v2_router, token.address, reference.address))).await?;
    let Some(Some((reserve_token, reserve_reference))) = reads.and_then(|r| r.reserves) else {
        return Ok(Some(configured));
    };
    let pool = prices::pool_price(
        (reserve_token, token.decimals),
        (reserve_reference, reference.decimals),
        reference.price_usd.get(),
    );
    Ok(Some(pool.unwrap_or(configured)))
}

/// Which direction a route listing looks in.
#[derive(Debug, Clone, Copy)]
enum Direction {
    /// The tokens the given token can be routed to.
    From,
    /// The tokens that can be routed to the given token.
    To,
}

/// GetExactInputRoutes: the tokens the quoter routes the origin token to.
///
/// # Errors
///
/// `CHAIN_NOT_SERVED` at `originChainId`/`destinationChainId` for an unknown chain,
/// `ROUTE_NOT_SERVED` at `originTokenAddress` for an unknown token; `CHAIN_NODE_UNAVAILABLE` when a pool must be read
/// and the node fails.
pub async fn exact_input_routes(
    config: &ServiceConfig,
    view: &ChainView,
    request: &GetExactInputRoutesRequest,
) -> Result<TokenListResponse, Failure> {
    catalog::chain(config, request.origin_chain_id, "originChainId")?;
    let given = catalog::token(config, request.origin_chain_id, request.origin_token_address, "originTokenAddress")?;
    if let Some(id) = request.destination_chain_id {
        catalog::chain(config, id, "destinationChainId")?;
    }
    let filter = (request.destination_chain_id, request.destination_token_address);
    routes(config, view, &given, Direction::From, filter).await
}

/// GetExactOutputRoutes: the tokens the quoter routes to the destination token. An
/// `ownerAddress` (only the tokens the owner holds) is `FILTER_NOT_SERVED`.
///
/// # Errors
///
/// As [`exact_input_routes`], with the members' roles swapped.
pub async fn exact_output_routes(
    config: &ServiceConfig,
    view: &ChainView,
    request: &GetExactOutputRoutesRequest,
) -> Result<TokenListResponse, Failure> {
    if request.owner_address.is_some() {
        return Err(ServerFailure::FilterNotServed { path: "ownerAddress" }.into());
    }
    catalog::chain(config, request.destination_chain_id, "destinationChainId")?;
    let given = catalog::token(
        config,
        request.destination_chain_id,
        request.destination_token_address,
        "destinationTokenAddress",
    )?;
    if let Some(id) = request.origin_chain_id {
        catalog::chain(config, id, "originChainId")?;
    }
    let filter = (request.origin_chain_id, request.origin_token_address);
    routes(config, view, &given, Direction::To, filter).await
}

/// The known tokens (on `chain`, `token` when given) that `given` is routed to or from.
async fn routes(
    config: &ServiceConfig,
    view: &ChainView,
    given: &TokenInfo,
    direction: Direction,
    (chain, token): (Option<u64>, Option<Address>),
) -> Result<TokenListResponse, Failure> {
    let given_chain = catalog::chain(config, given.chain_id, "chainId")?;
    let mut tokens = Vec::new();
    for other_chain in config.chains.iter().filter(|c| chain.is_none_or(|id| id == c.chain_id)) {
        for other in catalog::tokens_of(config, other_chain) {
            if token.is_some_and(|a| a != other.address) {
                continue;
            }
            let ((from_chain, from), (to_chain, to)) = match direction {
                Direction::From => ((given_chain, given.address), (other_chain, other.address)),
                Direction::To => ((other_chain, other.address), (given_chain, given.address)),
            };
            let served = match catalog::route(config, from_chain, from, to_chain, to) {
                Route::Served => true,
                Route::NotServed => false,
                Route::ThroughPools(pools) => {
                    let mut all = true;
                    for (chain_id, router, sold, bought) in pools {
                        let reads = view.quote_reads(chain_id, Some((router, sold, bought))).await?;
                        all &= reads.and_then(|r| r.reserves).is_some_and(|pool| pool.is_some());
                    }
                    all
                }
            };
            if served {
                tokens.push(other);
            }
        }
    }
    Ok(TokenListResponse { tokens, unknown: UnknownMembers::new() })
}
