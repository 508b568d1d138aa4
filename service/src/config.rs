//! The service's configuration file: access and operator keys, the lifecycle policy, and
//! the chains, tokens, prices and fees the built-in quoter ([`crate::quoter`]) quotes from.
//!
//! The file is JSON, declared with the core's `wire_object!`, so a mistake in it is the
//! core's typed error with the JSON path of the field (`chains[1].gasPrice`). The shipped
//! example (`service/config/example.json`) is compiled into the binary and used when no
//! `--config` is given. What the keys protect and how they are compared lives in
//! [`crate::http`]; nothing here reads a clock or the network.

use intent_core::eip712::EntrypointNames;
use intent_core::{
    from_slice_with, wire_object, Address, AddressOrEmpty, Decimal, EntrypointNamesState, Error, Limits, Policy,
    RouteProvider, U256,
};

/// The shipped example configuration: chains 42161 and 8453, DAI, USDC and native ETH,
/// one access key and one operator key. It quotes `examples/quote-request.json` for any
/// owner.
pub const EXAMPLE_CONFIG: &str = include_str!("../config/example.json");

wire_object! {
    /// The whole configuration file.
    pub struct ServiceConfig {
        /// `acceptUnverifiedPermits`: accept a permit signature whose token has no permit
        /// domain here, leaving its verification to the chain (docs/spec.md §6.5). Default false.
        accept_unverified_permits: Option<bool> = "acceptUnverifiedPermits",
        /// `accessKeys`: The keys accepted in `X-Access-Key` on the service's endpoints.
        access_keys: Vec<String> = "accessKeys",
        /// `chains`: The chains quoted.
        chains: Vec<ChainConfig> = "chains",
        /// `feeCollectorAddress`: Who collects the gas fees paid in tokens.
        fee_collector_address: Address = "feeCollectorAddress",
        /// `fees`: Service and provider fees, slippage and the route provider.
        fees: FeeConfig = "fees",
        /// `operatorKeys`: The keys accepted on `/rpc/Operator/ReportIntentOutcome`.
        operator_keys: Vec<String> = "operatorKeys",
        /// `policy`: Quote lifetime, execution window, entrypoint names; absent: the defaults.
        policy: Option<PolicyConfig> = "policy",
        /// `projectId`: The `projectId` of every intent quoted here.
        project_id: u64 = "projectId",
        /// `serviceVersion`: The `serviceVersion` of every intent quoted here.
        service_version: String = "serviceVersion",
        /// `tokens`: The tokens quoted (the native token of each chain is implied).
        tokens: Vec<TokenConfig> = "tokens",
    }
}

wire_object! {
    /// One chain the quoter routes from or to.
    pub struct ChainConfig {
        /// `chainId`: The chain id.
        chain_id: u64 = "chainId",
        /// `entrypointAddress`: The intent entrypoint (`""`: none, no entrypoint mode).
        entrypoint_address: AddressOrEmpty = "entrypointAddress",
        /// `gasLimit`: The gas one intent's calls take on this chain.
        gas_limit: u64 = "gasLimit",
        /// `gasPrice`: The gas price in wei.
        gas_price: U256 = "gasPrice",
        /// `metaTxnContract`: The contract that relays the intent wallet's meta-transactions.
        meta_txn_contract: Address = "metaTxnContract",
        /// `nativeTokenPriceUsd`: The native token's price in USD.
        native_token_price_usd: Decimal = "nativeTokenPriceUsd",
        /// `nativeTokenSymbol`: The native token's symbol.
        native_token_symbol: String = "nativeTokenSymbol",
        /// `routerAddress`: The router the origin calls go through.
        router_address: AddressOrEmpty = "routerAddress",
        /// `routerShimAddress`: The router shim (`""`: none).
        router_shim_address: AddressOrEmpty = "routerShimAddress",
        /// `walletFactoryAddress`: The factory whose CREATE2 addresses are the intent addresses.
        wallet_factory_address: Address = "walletFactoryAddress",
    }
}

wire_object! {
    /// One ERC-20 token on one chain.
    pub struct TokenConfig {
        /// `address`: The token contract.
        address: Address = "address",
        /// `chainId`: Its chain.
        chain_id: u64 = "chainId",
        /// `decimals`: Its decimals.
        decimals: u8 = "decimals",
        /// `feeToken`: Whether gas fees may be paid in it (a fee option is offered).
        fee_token: bool = "feeToken",
        /// `permit`: Its ERC-2612 domain, when it supports permits.
        permit: Option<PermitConfig> = "permit",
        /// `priceUsd`: Its price in USD.
        price_usd: Decimal = "priceUsd",
        /// `symbol`: Its symbol.
        symbol: String = "symbol",
    }
}

wire_object! {
    /// A token's ERC-2612 domain: name and version (the chain id and the token's address
    /// complete it).
    pub struct PermitConfig {
        /// `name`: The domain name.
        name: String = "name",
        /// `version`: The domain version.
        version: String = "version",
    }
}

wire_object! {
    /// The fees the built-in quoter charges.
    pub struct FeeConfig {
        /// `defaultSlippage`: The slippage tolerance when the request names none.
        default_slippage: Decimal = "defaultSlippage",
        /// `providerFeeBps`: The route provider's fee, in basis points of the input.
        provider_fee_bps: u64 = "providerFeeBps",
        /// `routeProvider`: The route provider when the request names none (or AUTO).
        route_provider: RouteProvider = "routeProvider",
        /// `serviceFeeBps`: The service's fee, in basis points of the input.
        service_fee_bps: u64 = "serviceFeeBps",
    }
}

wire_object! {
    /// The lifecycle policy (docs/spec.md §6.1); every member defaults to [`Policy::default`]'s.
    pub struct PolicyConfig {
        /// `entrypoint`: The entrypoint's EIP-712 names.
        entrypoint: Option<EntrypointNamesState> = "entrypoint",
        /// `executionWindowSeconds`: How long after commit execute may come.
        execution_window_seconds: Option<u64> = "executionWindowSeconds",
        /// `quoteTtlSeconds`: How long a quote lives.
        quote_ttl_seconds: Option<u64> = "quoteTtlSeconds",
    }
}

/// Why a configuration cannot be used.
#[derive(Debug)]
pub enum ConfigError {
    /// The file could not be read.
    Read(std::io::Error),
    /// The file is not a valid configuration: the core's error, with its path.
    Invalid(Error),
    /// The configuration parsed but says something impossible.
    Unusable(String),
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConfigError::Read(e) => write!(f, "cannot read the configuration: {e}"),
            ConfigError::Invalid(e) => write!(f, "invalid configuration: {e}"),
            ConfigError::Unusable(why) => write!(f, "unusable configuration: {why}"),
        }
    }
}

impl std::error::Error for ConfigError {}

/// The most chains, tokens or keys a configuration lists.
const MAX_CONFIG_ENTRIES: usize = 4096;

impl ServiceConfig {
    /// Parses and checks a configuration document.
    ///
    /// # Errors
    ///
    /// [`ConfigError::Invalid`] with the core's reason and path, or
    /// [`ConfigError::Unusable`] for a duplicate chain or token, a token on an unknown
    /// chain, an empty key or fees of 100 % or more.
    pub fn parse(text: &[u8]) -> Result<ServiceConfig, ConfigError> {
        let limits = Limits { max_array_len: MAX_CONFIG_ENTRIES, ..Limits::DEFAULT };
        let config: ServiceConfig = from_slice_with(text, &limits).map_err(ConfigError::Invalid)?;
        config.check()?;
        Ok(config)
    }

    /// Reads the file at `path`, or the shipped example when `path` is `None`.
    ///
    /// # Errors
    ///
    /// As [`ServiceConfig::parse`], or [`ConfigError::Read`].
    pub fn load(path: Option<&std::path::Path>) -> Result<ServiceConfig, ConfigError> {
        match path {
            Some(path) => ServiceConfig::parse(&std::fs::read(path).map_err(ConfigError::Read)?),
            None => ServiceConfig::parse(EXAMPLE_CONFIG.as_bytes()),
        }
    }

    fn check(&self) -> Result<(), ConfigError> {
        let unusable = |why: String| Err(ConfigError::Unusable(why));
        for (i, chain) in self.chains.iter().enumerate() {
            if self.chains[..i].iter().any(|c| c.chain_id == chain.chain_id) {
                return unusable(format!("chain {} is listed twice", chain.chain_id));
            }
        }
        for (i, token) in self.tokens.iter().enumerate() {
            if self.chain(token.chain_id).is_none() {
                return unusable(format!("token {} names chain {}, which is not listed", token.symbol, token.chain_id));
            }
            if token.address == Address::ZERO {
                return unusable(format!("token {}: the zero address is the native token", token.symbol));
            }
            if self.tokens[..i].iter().any(|t| t.chain_id == token.chain_id && t.address == token.address) {
                return unusable(format!("token {} on chain {} is listed twice", token.address, token.chain_id));
            }
        }
        if self.access_keys.iter().chain(&self.operator_keys).any(String::is_empty) {
            return unusable("an access or operator key is empty".into());
        }
        if self.fees.service_fee_bps.saturating_add(self.fees.provider_fee_bps) >= 10_000 {
            return unusable("service and provider fees take 100 % or more".into());
        }
        let slippage = self.fees.default_slippage.get();
        if !(0.0..1.0).contains(&slippage) {
            return unusable("defaultSlippage is not in [0, 1)".into());
        }
        Ok(())
    }

    /// The chain with id `chain_id`.
    pub fn chain(&self, chain_id: u64) -> Option<&ChainConfig> {
        self.chains.iter().find(|c| c.chain_id == chain_id)
    }

    /// The token at `address` on `chain_id` (not the native token).
    pub fn token(&self, chain_id: u64, address: Address) -> Option<&TokenConfig> {
        self.tokens.iter().find(|t| t.chain_id == chain_id && t.address == address)
    }

    /// The lifecycle policy: the configured lifetimes and names over the defaults.
    pub fn policy(&self) -> Policy {
        let mut policy = Policy::default();
        if let Some(config) = &self.policy {
            if let Some(seconds) = config.quote_ttl_seconds {
                policy.quote_ttl_seconds = seconds;
            }
            if let Some(seconds) = config.execution_window_seconds {
                policy.execution_window_seconds = seconds;
            }
            if let Some(names) = &config.entrypoint {
                policy.entrypoint = EntrypointNames::from(names.clone());
            }
        }
        policy
    }
}

#[cfg(test)]
mod tests {
    use intent_core::Reason;

    use super::*;

    fn example() -> serde_json::Value {
        serde_json::from_str(EXAMPLE_CONFIG).unwrap()
    }

    #[test]
    fn the_shipped_example_loads_with_the_default_policy() {
        let config = ServiceConfig::load(None).unwrap();
        let policy = config.policy();
        assert_eq!((policy.quote_ttl_seconds, policy.execution_window_seconds), (300, 600));
        assert_eq!(policy.entrypoint, EntrypointNames::default());
        assert_eq!((config.access_keys.len(), config.operator_keys.len()), (1, 1));
    }

    #[test]
    fn a_malformed_field_is_the_cores_error_with_its_path() {
        let mut config = example();
        config["chains"][1]["gasPrice"] = "-1".into();
        match ServiceConfig::parse(config.to_string().as_bytes()) {
            Err(ConfigError::Invalid(e)) => {
                assert_eq!((e.reason(), e.path()), (Reason::InvalidNumber, Some("chains[1].gasPrice")))
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn impossible_configurations_are_refused() {
        type Change = fn(&mut serde_json::Value);
        let cases: [(&str, Change); 4] = [
            ("listed twice", |c| c["chains"][1]["chainId"] = 42161.into()),
            ("not listed", |c| c["tokens"][0]["chainId"] = 1.into()),
            ("empty", |c| c["accessKeys"][0] = "".into()),
            ("100 %", |c| c["fees"]["serviceFeeBps"] = 9_997.into()),
        ];
        for (why, change) in cases {
            let mut config = example();
            change(&mut config);
            match ServiceConfig::parse(config.to_string().as_bytes()) {
                Err(ConfigError::Unusable(message)) => assert!(message.contains(why), "{message}"),
                other => panic!("{why}: {other:?}"),
            }
        }
    }
}
