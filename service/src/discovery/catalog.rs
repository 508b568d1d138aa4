//! What the configuration says about the chains, their tokens, their contracts and the
//! routes between tokens, as the discovery operations answer it: pure functions of the
//! configuration (and, for a route through a pool, of whether the pool exists, which the
//! caller read). What a token is worth is [`super::prices`]'s; the objects are
//! [`super::objects`]'.

use intent_core::{Address, ServerFailure, ServiceContracts, UnknownMembers};

use super::objects::{
    BlockExplorer, CctpContracts, ChainContracts, ChainInfo, NativeCurrency, TokenInfo, WalletContracts,
};
use crate::config::{ChainConfig, ServiceConfig};
use crate::failure::Failure;

/// The published ChainInfo of `chain`.
pub fn chain_info(chain: &ChainConfig) -> ChainInfo {
    let currency = chain.currency();
    let name = chain.display_name();
    ChainInfo {
        block_explorer: chain.explorer_url.as_ref().map(|url| BlockExplorer {
            name: format!("{name} explorer"),
            url: url.clone(),
            unknown: UnknownMembers::new(),
        }),
        id: chain.chain_id,
        is_testnet: chain.is_testnet(),
        logo_uri: None,
        name,
        native_currency: NativeCurrency {
            decimals: currency.decimals,
            name: currency.name,
            symbol: currency.symbol,
            unknown: UnknownMembers::new(),
        },
        unknown: UnknownMembers::new(),
    }
}

/// The service contracts of `chain`, as an intent quoted there carries them.
pub fn service_contracts(chain: &ChainConfig) -> ServiceContracts {
    ServiceContracts {
        service_intent_entrypoint_address: chain.entrypoint.address,
        service_router_address: chain.router_address,
        service_router_shim_address: chain.router_shim_address,
        // The repository has no utils contract: the wallet's sweeps go through the router.
        service_utils_address: Some(intent_core::AddressOrEmpty::Empty),
        unknown: UnknownMembers::new(),
    }
}

/// `chain`'s contracts: its service contracts and its wallet deployment.
pub fn chain_contracts(chain: &ChainConfig) -> ChainContracts {
    ChainContracts {
        cctp: chain.cctp.as_ref().map(|cctp| CctpContracts {
            domain: cctp.domain,
            message_transmitter: cctp.message_transmitter,
            token_messenger: cctp.token_messenger,
            usdc: cctp.usdc,
            unknown: UnknownMembers::new(),
        }),
        chain_id: chain.chain_id,
        service_contracts: service_contracts(chain),
        wallet_contracts: chain.wallet_context().map(|context| WalletContracts {
            creation_code: context.creation_code,
            factory: context.factory,
            guest_module: context.guest_module.unwrap_or(chain.meta_txn_contract),
            main_module: context.main_module,
            main_module_upgradable: context.main_module_upgradable,
            unknown: UnknownMembers::new(),
        }),
        unknown: UnknownMembers::new(),
    }
}

/// Every token of `chain`: its native token first (the zero address), then its configured
/// tokens in the configuration's order.
pub fn tokens_of(config: &ServiceConfig, chain: &ChainConfig) -> Vec<TokenInfo> {
    let currency = chain.currency();
    let native = TokenInfo {
        address: Address::ZERO,
        chain_id: chain.chain_id,
        decimals: currency.decimals,
        feature_index: 0,
        featured: false,
        logo_uri: None,
        name: currency.name,
        supports_bridging: None,
        symbol: currency.symbol,
        unknown: UnknownMembers::new(),
    };
    let listed = config.tokens.iter().filter(|t| t.chain_id == chain.chain_id).map(|token| TokenInfo {
        address: token.address,
        chain_id: token.chain_id,
        decimals: token.decimals,
        feature_index: 0,
        featured: false,
        logo_uri: token.logo_uri.clone(),
        name: token.name.clone().unwrap_or_else(|| token.symbol.clone()),
        supports_bridging: None,
        symbol: token.symbol.clone(),
        unknown: UnknownMembers::new(),
    });
    std::iter::once(native).chain(listed).collect()
}

/// The token at `address` on `chain_id`: `CHAIN_NOT_SERVED` at `path` on a chain not
/// served, `ROUTE_NOT_SERVED` at `path` for a token not served there.
pub fn token(config: &ServiceConfig, chain_id: u64, address: Address, path: &str) -> Result<TokenInfo, Failure> {
    let chain = chain(config, chain_id, path)?;
    tokens_of(config, chain).into_iter().find(|t| t.address == address).ok_or_else(|| {
        let what = format!("token {address} on chain {chain_id}");
        Failure::from(ServerFailure::RouteNotServed { path, what: &what })
    })
}

/// The chain `chain_id`, or `CHAIN_NOT_SERVED` at `path` (UnsupportedNetwork).
pub fn chain<'c>(config: &'c ServiceConfig, chain_id: u64, path: &str) -> Result<&'c ChainConfig, Failure> {
    config.chain(chain_id).ok_or_else(|| Failure::from(ServerFailure::ChainNotServed { path, chain_id }))
}

/// How the quoter would route `from` to `to` (docs/spec.md §12, Discovery).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// It quotes the pair.
    Served,
    /// It quotes the pair when each of these pools exists: (chain, the Uniswap V2 router to
    /// ask, the token sold, the token bought); the chain's swap venue's pool of the two
    /// tokens, or over the CCTP V2 route the pools into and out of USDC.
    ThroughPools(Vec<(u64, Address, Address, Address)>),
    /// It does not quote the pair.
    NotServed,
}

/// How the quoter routes `from` (on `from_chain`) to `to` (on `to_chain`), both known tokens:
/// between chains off the CCTP V2 route, or on a chain without a wallet, every pair is quoted
/// (at the configured prices); on a chain with a wallet, the same token (a transfer to another
/// recipient), or two ERC-20 tokens through the chain's `swap` (with a node, only where its
/// pool exists); over the CCTP V2 route ([`ServiceConfig::cctp_route`]), two ERC-20 tokens,
/// each swapped into or out of its chain's USDC through the chain's `swap` when it is not that
/// USDC (with a node, only where the pool exists); never a swap of the native token, nor a swap
/// on a chain without `swap`.
pub fn route(
    config: &ServiceConfig,
    from_chain: &ChainConfig,
    from: Address,
    to_chain: &ChainConfig,
    to: Address,
) -> Route {
    if from_chain.chain_id != to_chain.chain_id {
        let Some(route) = config.cctp_route(from_chain.chain_id, to_chain.chain_id) else { return Route::Served };
        let legs = [(from_chain, from, route.origin_cctp.usdc), (to_chain, route.destination_cctp.usdc, to)];
        return through(legs.into_iter().filter(|(_, sold, bought)| sold != bought));
    }
    if from_chain.wallet.is_none() || from == to {
        return Route::Served;
    }
    through(std::iter::once((from_chain, from, to)))
}

/// The route through the swaps of `legs` (chain, token sold, token bought).
fn through<'c>(legs: impl Iterator<Item = (&'c ChainConfig, Address, Address)>) -> Route {
    let mut pools = Vec::new();
    for (chain, sold, bought) in legs {
        if sold == Address::ZERO || bought == Address::ZERO {
            return Route::NotServed;
        }
        match (&chain.swap, &chain.rpc_url) {
            (None, _) => return Route::NotServed,
            (Some(_), None) => {}
            (Some(swap), Some(_)) => pools.push((chain.chain_id, swap.uniswap_v2_router, sold, bought)),
        }
    }
    if pools.is_empty() {
        Route::Served
    } else {
        Route::ThroughPools(pools)
    }
}
