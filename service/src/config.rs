//! The service's configuration file: projects and their access keys, operator keys, the
//! server's limits and rates, the lifecycle policy, and the chains, tokens, prices and fees
//! the built-in quoter ([`crate::quoter`]) quotes from.
//!
//! The file is JSON, declared with the core's `wire_object!`, so a mistake in it is the
//! core's typed error with the JSON path of the field (`chains[1].gasPrice`), and a member
//! the declaration does not name (a misspelled `"polcy"`) is refused at its path rather
//! than ignored. The shipped example (`service/config/example.json`) is compiled into the
//! binary and used when no `--config` is given. What the keys protect and how they are
//! compared lives in [`crate::keys`]; nothing here reads a clock or the network.

use intent_core::eip712::EntrypointNames;
use intent_core::wallet::WalletContext;
use intent_core::{
    from_slice_with, wire_object, Address, AddressOrEmpty, Bytes, Decimal, EntrypointNamesState, Error, Limits, Policy,
    RouteProvider, U256,
};

/// The shipped example configuration: chains 42161 and 8453, DAI, USDC and native ETH,
/// one access key and one operator key. It quotes `examples/quote-request.json` for any
/// owner.
pub const EXAMPLE_CONFIG: &str = include_str!("../config/example.json");

wire_object! {
    /// The whole configuration file.
    pub struct ServiceConfig {
        /// `acceptUnverifiedDeposits`: **unsafe**: on a chain without `rpcUrl`, accept a
        /// deposit transaction hash without a node's evidence of it, so that any 32 bytes
        /// start an execution there (docs/spec.md §6.5); a chain with a node always proves it. Default false: a hash is then
        /// DEPOSIT_UNVERIFIED. The shipped example configuration, which has no node, states
        /// it, and the service warns at start.
        accept_unverified_deposits: Option<bool> = "acceptUnverifiedDeposits",
        /// `acceptUnverifiedPermits`: accept a permit signature whose token has no permit
        /// domain here, leaving its verification to the chain (docs/spec.md §6.5). Default false.
        accept_unverified_permits: Option<bool> = "acceptUnverifiedPermits",
        /// `allowUnknownRequestMembers`: keep a quote request's members that neither the
        /// published schema nor docs/spec.md names, without effect, rather than refuse them
        /// (`MEMBER_NOT_SERVED`, docs/spec.md §12). Default false.
        allow_unknown_request_members: Option<bool> = "allowUnknownRequestMembers",
        /// `attestation`: Where the CCTP route's attestations are fetched (docs/spec.md 5.8);
        /// absent: none are.
        attestation: Option<AttestationConfig> = "attestation",
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
        /// `projects`: The projects and their access keys (at least one; `--access-key`
        /// adds to the first).
        projects: Vec<ProjectConfig> = "projects",
        /// `rateLimits`: Requests per access key; absent: [`RateLimits::DEFAULT`].
        rate_limits: Option<RateLimitConfig> = "rateLimits",
        /// `server`: Timeouts and connection limits; absent: [`ServerLimits::DEFAULT`].
        server: Option<ServerConfig> = "server",
        /// `serviceVersion`: The `serviceVersion` of every intent quoted here.
        service_version: String = "serviceVersion",
        /// `tokens`: The tokens quoted (the native token of each chain is implied).
        tokens: Vec<TokenConfig> = "tokens",
    }
}

wire_object! {
    /// One project: its id (the `projectId` of the intents its keys quote) and its keys.
    pub struct ProjectConfig {
        /// `accessKeys`: The keys accepted in `X-Access-Key` for this project.
        access_keys: Vec<String> = "accessKeys",
        /// `projectId`: The project's id.
        project_id: u64 = "projectId",
    }
}

wire_object! {
    /// Rates per access key; every member defaults to [`RateLimits::DEFAULT`]'s.
    pub struct RateLimitConfig {
        /// `burst`: Requests accepted at once before the rate applies.
        burst: Option<u64> = "burst",
        /// `quotesPerMinute`: QuoteIntent calls per minute (its burst is the same number).
        quotes_per_minute: Option<u64> = "quotesPerMinute",
        /// `requestsPerSecond`: Requests per second of each other operation.
        requests_per_second: Option<u64> = "requestsPerSecond",
    }
}

wire_object! {
    /// The server's timeouts and limits; every member defaults to [`ServerLimits::DEFAULT`]'s.
    pub struct ServerConfig {
        /// `abandonedQuoteGraceSeconds`: How long a QUOTED record is kept after its quote
        /// expired (it can never be committed) before the sweep deletes it.
        abandoned_quote_grace_seconds: Option<u64> = "abandonedQuoteGraceSeconds",
        /// `bodyTimeoutSeconds`: How long a request body may take to arrive whole.
        body_timeout_seconds: Option<u64> = "bodyTimeoutSeconds",
        /// `headerTimeoutSeconds`: How long a request's headers may take to arrive whole,
        /// counted from the connection's start or the end of its previous answer: an idle
        /// keep-alive connection is closed after it too.
        header_timeout_seconds: Option<u64> = "headerTimeoutSeconds",
        /// `keptRecords`: How many of the records it stored last an instance keeps parsed
        /// in memory, to start their next change from (0: none; every change reads the
        /// store).
        kept_records: Option<u64> = "keptRecords",
        /// `maxConnections`: Connections open at once; more wait in the listen backlog.
        max_connections: Option<u64> = "maxConnections",
        /// `maxRequestsInFlight`: Requests served at once; more wait for a slot.
        max_requests_in_flight: Option<u64> = "maxRequestsInFlight",
        /// `maxWaitersPerKey`: WaitIntentReceipt calls open at once per access key.
        max_waiters_per_key: Option<u64> = "maxWaitersPerKey",
        /// `nodeTimeoutMillis`: How long the chain reads of one request may take in all
        /// before it is answered CHAIN_NODE_UNAVAILABLE (ChainNodeHealth, 503).
        node_timeout_millis: Option<u64> = "nodeTimeoutMillis",
        /// `shutdownGraceSeconds`: How long a shutdown waits for the requests in flight.
        shutdown_grace_seconds: Option<u64> = "shutdownGraceSeconds",
    }
}

/// The server's timeouts and limits, with the configuration's values over the defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServerLimits {
    /// Headers must arrive whole within this time of the connection's start or of its
    /// previous answer (so an idle connection is closed after it).
    pub header_timeout: std::time::Duration,
    /// A body must arrive whole within this time.
    pub body_timeout: std::time::Duration,
    /// Connections open at once.
    pub max_connections: usize,
    /// Requests served at once.
    pub max_requests_in_flight: usize,
    /// WaitIntentReceipt calls open at once per access key.
    pub max_waiters_per_key: usize,
    /// How long a shutdown waits for the requests in flight before closing them.
    pub shutdown_grace: std::time::Duration,
    /// How long an expired quote's record is kept before the sweep deletes it.
    pub quote_grace: std::time::Duration,
    /// How long the chain reads of one request may take in all.
    pub node_timeout: std::time::Duration,
    /// How many of the records it stored last an instance keeps parsed.
    pub kept_records: usize,
}

impl ServerLimits {
    /// The defaults: headers in 10 s (idle connections closed after 10 s), bodies in 10 s,
    /// 512 connections, 256 requests in flight, 64 waiters per key, 10 s of grace, expired
    /// quotes deleted an hour after they expired, 5 s for one request's chain reads, 2,048
    /// records kept parsed.
    pub const DEFAULT: ServerLimits = ServerLimits {
        header_timeout: std::time::Duration::from_secs(10),
        body_timeout: std::time::Duration::from_secs(10),
        max_connections: 512,
        max_requests_in_flight: 256,
        max_waiters_per_key: 64,
        shutdown_grace: std::time::Duration::from_secs(10),
        quote_grace: std::time::Duration::from_secs(3600),
        node_timeout: std::time::Duration::from_secs(5),
        kept_records: 2048,
    };
}

/// Rates per access key, with the configuration's values over the defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimits {
    /// Requests per second of each operation but QuoteIntent.
    pub requests_per_second: u64,
    /// Requests accepted at once before the rate applies.
    pub burst: u64,
    /// QuoteIntent calls per minute, and at once.
    pub quotes_per_minute: u64,
}

impl RateLimits {
    /// The service's published rates: 50 requests a second with a burst of 100, and 20
    /// quotes a minute.
    pub const DEFAULT: RateLimits = RateLimits { requests_per_second: 50, burst: 100, quotes_per_minute: 20 };
}

wire_object! {
    /// One chain the quoter routes from or to.
    pub struct ChainConfig {
        /// `blockTimeMillis`: The chain's time between blocks, in milliseconds, for a quote's
        /// `estimatedDuration` (docs/spec.md §12); absent: quotes on the chain have none.
        block_time_millis: Option<u64> = "blockTimeMillis",
        /// `cctp`: The chain's CCTP V2 domain and deployment (docs/spec.md 5.8); absent: the
        /// chain has no CCTP route.
        cctp: Option<CctpConfig> = "cctp",
        /// `chainId`: The chain id.
        chain_id: u64 = "chainId",
        /// `depositConfirmations`: Blocks a deposit transaction must have (its own
        /// included) before an execute accepts it; absent: the policy's (1).
        deposit_confirmations: Option<u64> = "depositConfirmations",
        /// `entrypoint`: The deployed intent entrypoint and the EIP-712 names it verifies with.
        entrypoint: EntrypointConfig = "entrypoint",
        /// `explorerUrl`: The chain's block explorer (GetChains's `blockExplorer`); absent:
        /// none is named.
        explorer_url: Option<String> = "explorerUrl",
        /// `gasLimit`: The gas one intent's calls take on this chain.
        gas_limit: u64 = "gasLimit",
        /// `gasPrice`: The gas price in wei.
        gas_price: U256 = "gasPrice",
        /// `isTestnet`: Whether the chain is a test network (GetChains, the intents'
        /// `isTestnet`); absent: false.
        is_testnet: Option<bool> = "isTestnet",
        /// `maxFeeBumps`: How many times a transaction the service sent and that is not
        /// mined is replaced with the same nonce and a higher fee (docs/spec.md §12, The
        /// executor); absent: 5.
        max_fee_bumps: Option<u64> = "maxFeeBumps",
        /// `metaTxnContract`: The contract that relays the intent wallet's meta-transactions.
        meta_txn_contract: Address = "metaTxnContract",
        /// `name`: The chain's name (GetChains); absent: `Chain <chainId>`.
        name: Option<String> = "name",
        /// `nativeCurrency`: The native currency's name, symbol and decimals (GetChains);
        /// absent: `nativeTokenSymbol` as both name and symbol, 18 decimals.
        native_currency: Option<NativeCurrencyConfig> = "nativeCurrency",
        /// `nativeTokenPriceUsd`: The native token's price in USD.
        native_token_price_usd: Decimal = "nativeTokenPriceUsd",
        /// `nativeTokenSymbol`: The native token's symbol.
        native_token_symbol: String = "nativeTokenSymbol",
        /// `replaceAfterBlocks`: Blocks after which a transaction the service sent and that
        /// is not mined is replaced (docs/spec.md §12, The executor); absent: 3.
        replace_after_blocks: Option<u64> = "replaceAfterBlocks",
        /// `routerAddress`: The router the origin calls go through.
        router_address: AddressOrEmpty = "routerAddress",
        /// `routerShimAddress`: The router shim (`""`: none).
        router_shim_address: AddressOrEmpty = "routerShimAddress",
        /// `rpcUrl`: The chain's JSON-RPC endpoint over HTTP; absent: no node, and the chain
        /// facts are this file's (docs/spec.md §6.5).
        rpc_url: Option<String> = "rpcUrl",
        /// `swap`: The swap venue of the chain's same-chain quotes (docs/spec.md §12); only
        /// with `wallet`. Absent: a same-chain quote between two tokens is not served.
        swap: Option<SwapConfig> = "swap",
        /// `wallet`: The intent wallet deployment (docs/spec.md 5.6) whose intent addresses
        /// and guest batches the chain's same-chain quotes are built for. Absent: the chain's
        /// quotes keep their placeholder calls and addresses, and its intents are only ever
        /// moved on by ReportIntentOutcome.
        wallet: Option<WalletConfig> = "wallet",
        /// `walletFactoryAddress`: The factory whose CREATE2 addresses are the intent addresses.
        wallet_factory_address: Address = "walletFactoryAddress",
    }
}

wire_object! {
    /// A chain's native currency, as the published `NativeCurrency`.
    pub struct NativeCurrencyConfig {
        /// `decimals`: Its decimals.
        decimals: u8 = "decimals",
        /// `name`: Its name.
        name: String = "name",
        /// `symbol`: Its symbol.
        symbol: String = "symbol",
    }
}

wire_object! {
    /// A chain's intent wallet deployment: the members of the core's
    /// [`WalletContext`] ([`WalletConfig::context`]).
    pub struct WalletConfig {
        /// `creationCode`: The wallet proxy's creation code; absent: the published one.
        creation_code: Option<Bytes> = "creationCode",
        /// `factory`: The factory whose CREATE2 addresses are the intent addresses.
        factory: Address = "factory",
        /// `guestModule`: The guest module the meta-transactions call.
        guest_module: Address = "guestModule",
        /// `mainModule`: The module a new wallet delegates to (part of the address).
        main_module: Address = "mainModule",
        /// `mainModuleUpgradable`: The module a wallet moves to on a configuration update
        /// (not part of the address; the zero address where none is deployed).
        main_module_upgradable: Address = "mainModuleUpgradable",
    }
}

impl WalletConfig {
    /// The core's wallet context of this deployment.
    pub fn context(&self) -> WalletContext {
        WalletContext {
            factory: self.factory,
            main_module: self.main_module,
            main_module_upgradable: self.main_module_upgradable,
            guest_module: Some(self.guest_module),
            creation_code: self.creation_code.clone().unwrap_or(WalletContext::PUBLISHED.creation_code),
        }
    }
}

wire_object! {
    /// A chain's CCTP V2 deployment (docs/spec.md 5.8): its domain and contracts.
    pub struct CctpConfig {
        /// `confirmations`: Blocks a burn on this chain has (its own included) before the
        /// attester signs it, for a cross-chain quote's `estimatedDuration` (docs/spec.md
        /// §12); absent: 1.
        confirmations: Option<u64> = "confirmations",
        /// `domain`: The chain's CCTP domain (not its chain id).
        domain: u32 = "domain",
        /// `maxFee`: The `maxFee` of a burn from this chain, in its USDC's units: what the
        /// attester may execute as `feeExecuted` (docs/spec.md §12); absent: 0.
        max_fee: Option<U256> = "maxFee",
        /// `messageTransmitter`: The message transmitter (`sendMessage`, `receiveMessage`).
        message_transmitter: Address = "messageTransmitter",
        /// `tokenMessenger`: The token messenger (`depositForBurn`, the mint).
        token_messenger: Address = "tokenMessenger",
        /// `usdc`: The token the messenger burns and mints.
        usdc: Address = "usdc",
    }
}

/// A CCTP V2 route the service executes ([`ServiceConfig::cctp_route`]).
#[derive(Debug, Clone)]
pub struct CctpRoute<'a> {
    /// The origin chain.
    pub origin: &'a ChainConfig,
    /// Its CCTP deployment.
    pub origin_cctp: &'a CctpConfig,
    /// The destination chain.
    pub destination: &'a ChainConfig,
    /// Its CCTP deployment.
    pub destination_cctp: &'a CctpConfig,
    /// The wallet context of both chains' intent wallets.
    pub context: WalletContext,
}

impl CctpConfig {
    /// `maxFee`, absent: 0.
    pub fn max_fee(&self) -> U256 {
        self.max_fee.unwrap_or_default()
    }

    /// `confirmations`, absent (or 0): 1.
    pub fn confirmations(&self) -> u64 {
        self.confirmations.unwrap_or(1).max(1)
    }
}

wire_object! {
    /// Where the CCTP route's attestations come from: an Iris API V2 (Circle's, or the
    /// local stack's attester).
    pub struct AttestationConfig {
        /// `url`: The API's base (`GET {url}/v2/messages/{sourceDomain}?transactionHash=…`),
        /// http or https.
        url: String = "url",
        /// `waitBoundSeconds`: How long a cross-chain intent may wait after its burn (for the
        /// attestation, or for the destination chain's node) before the wait is reported on
        /// `/healthz`, in RuntimeStatus and in the `service_intents_waiting_past_bound`
        /// metric; absent: [`AttestationConfig::WAIT_BOUND_SECONDS`]. It never fails the
        /// intent: its funds are in flight.
        wait_bound_seconds: Option<u64> = "waitBoundSeconds",
    }
}

impl AttestationConfig {
    /// The wait bound when `waitBoundSeconds` is absent: half an hour, above the time
    /// Circle's attestation of a finalized burn takes on the slowest chain it serves.
    pub const WAIT_BOUND_SECONDS: u64 = 1800;

    /// How long a cross-chain intent may wait before the wait is reported.
    pub fn wait_bound(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.wait_bound_seconds.unwrap_or(Self::WAIT_BOUND_SECONDS))
    }
}

wire_object! {
    /// A chain's swap venue.
    pub struct SwapConfig {
        /// `uniswapV2Router`: The Uniswap V2 router (`Router02`) the swaps go through; its
        /// `factory()` holds the pools.
        uniswap_v2_router: Address = "uniswapV2Router",
    }
}

wire_object! {
    /// A chain's intent entrypoint: its address and the EIP-712 names the deployed contract
    /// verifies with (each absent name: the policy's).
    pub struct EntrypointConfig {
        /// `address`: The entrypoint contract (`""`: none, no entrypoint mode on this chain).
        address: AddressOrEmpty = "address",
        /// `name`: Its EIP-712 domain name.
        name: Option<String> = "name",
        /// `typeName`: The name of its signed struct type.
        type_name: Option<String> = "typeName",
        /// `version`: Its EIP-712 domain version.
        version: Option<String> = "version",
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
        /// `logoUri`: Its logo (the published TokenMetadata's `logoUri`); absent: none.
        logo_uri: Option<String> = "logoUri",
        /// `name`: Its name (the published TokenMetadata's `name`); absent: its symbol.
        name: Option<String> = "name",
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
        /// `maxPriceImpact`: The largest loss to price impact (a fraction, in [0, 1]) a
        /// pool-priced quote may have; beyond it the quote is refused HighPriceImpact.
        /// Absent: [`FeeConfig::DEFAULT_MAX_PRICE_IMPACT`].
        max_price_impact: Option<Decimal> = "maxPriceImpact",
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
        /// `executionTimeoutSeconds`: How long after an execute an intent may stay
        /// EXECUTING before the executor fails it (docs/spec.md §6.7, §12, The executor).
        execution_timeout_seconds: Option<u64> = "executionTimeoutSeconds",
        /// `executionWindowSeconds`: How long after commit execute may come.
        execution_window_seconds: Option<u64> = "executionWindowSeconds",
        /// `quoteTtlSeconds`: How long a quote lives.
        quote_ttl_seconds: Option<u64> = "quoteTtlSeconds",
    }
}

impl FeeConfig {
    /// The bound on a pool-priced quote's loss to price impact when the configuration
    /// names none: 15 %.
    pub const DEFAULT_MAX_PRICE_IMPACT: f64 = 0.15;

    /// The configured bound on a pool-priced quote's loss to price impact, else the default.
    pub fn max_price_impact(&self) -> f64 {
        self.max_price_impact.map_or(Self::DEFAULT_MAX_PRICE_IMPACT, |bound| bound.get())
    }
}

/// Why a configuration cannot be used.
#[derive(Debug)]
pub enum ConfigError {
    /// The file could not be read.
    Read(std::io::Error),
    /// The file is not a valid configuration: the core's error, with its path.
    Invalid(Error),
    /// A member no declaration names (a misspelling): its path.
    UnknownMember(String),
    /// The configuration parsed but says something impossible.
    Unusable(String),
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConfigError::Read(e) => write!(f, "cannot read the configuration: {e}"),
            ConfigError::Invalid(e) => write!(f, "invalid configuration: {e}"),
            ConfigError::UnknownMember(path) => write!(f, "invalid configuration: unknown member at {path}"),
            ConfigError::Unusable(why) => write!(f, "unusable configuration: {why}"),
        }
    }
}

impl std::error::Error for ConfigError {}

/// The most chains, tokens or keys a configuration lists.
const MAX_CONFIG_ENTRIES: usize = 4096;

impl ChainConfig {
    /// The chain's name: `name`, else `Chain <chainId>`.
    pub fn display_name(&self) -> String {
        self.name.clone().unwrap_or_else(|| format!("Chain {}", self.chain_id))
    }

    /// The chain's native currency: `nativeCurrency`, else `nativeTokenSymbol` as its name
    /// and symbol with 18 decimals.
    pub fn currency(&self) -> NativeCurrencyConfig {
        self.native_currency.clone().unwrap_or_else(|| NativeCurrencyConfig {
            decimals: 18,
            name: self.native_token_symbol.clone(),
            symbol: self.native_token_symbol.clone(),
            unknown: Default::default(),
        })
    }

    /// Whether the chain is a test network (`isTestnet`, absent: false).
    pub fn is_testnet(&self) -> bool {
        self.is_testnet.unwrap_or(false)
    }

    /// The wallet context of the chain's intent wallets: `None` for a chain without `wallet`.
    pub fn wallet_context(&self) -> Option<WalletContext> {
        self.wallet.as_ref().map(WalletConfig::context)
    }

    /// One line for the start: whether the chain's same-chain quotes carry real bundles.
    pub fn execution_line(&self) -> String {
        match (&self.wallet, &self.swap) {
            (Some(wallet), swap) => format!(
                "chain {}: same-chain quotes run in intent wallets of factory {} (guest module {}); swaps {}",
                self.chain_id,
                wallet.factory,
                wallet.guest_module,
                swap.as_ref().map_or("not served (no swap)".to_owned(), |s| format!(
                    "through the Uniswap V2 router {}",
                    s.uniswap_v2_router
                )),
            ),
            (None, _) => format!(
                "chain {}: no wallet: quotes keep placeholder calls and addresses, and its intents move on only by \
                 ReportIntentOutcome",
                self.chain_id
            ),
        }
    }

    /// Checks `wallet` and `swap` of the chain at `at` (`chains[i]`): no zero address (but
    /// `mainModuleUpgradable`, which a deployment without stage 2 lacks), a
    /// creation code when given, the wallet's factory and guest module the chain's
    /// `walletFactoryAddress` and `metaTxnContract`, a `routerAddress` (the refunds and
    /// sweeps go through it), and `swap` only beside `wallet`.
    fn check_wallet(&self, at: &str) -> Result<(), ConfigError> {
        let unusable = |member: &str, why: &str| Err(ConfigError::Unusable(format!("{at}.{member}: {why}")));
        let Some(wallet) = &self.wallet else {
            if self.swap.is_some() {
                return unusable("swap", "a swap needs the chain's wallet (no member wallet)");
            }
            return Ok(());
        };
        let addresses = [
            ("wallet.factory", wallet.factory),
            ("wallet.mainModule", wallet.main_module),
            ("wallet.guestModule", wallet.guest_module),
        ];
        let swap = self.swap.as_ref().map(|s| ("swap.uniswapV2Router", s.uniswap_v2_router));
        if let Some((member, _)) = addresses.iter().chain(swap.as_ref()).find(|(_, a)| *a == Address::ZERO) {
            return unusable(member, "the zero address");
        }
        if wallet.creation_code.as_ref().is_some_and(|code| code.is_empty()) {
            return unusable("wallet.creationCode", "empty");
        }
        if wallet.factory != self.wallet_factory_address {
            return unusable("wallet.factory", "differs from the chain's walletFactoryAddress");
        }
        if wallet.guest_module != self.meta_txn_contract {
            return unusable("wallet.guestModule", "differs from the chain's metaTxnContract");
        }
        if self.router_address.address().is_none() {
            return unusable("routerAddress", "a chain with a wallet needs its ServiceRouter (refunds and sweeps)");
        }
        Ok(())
    }
}

impl ServiceConfig {
    /// Parses and checks a configuration document.
    ///
    /// # Errors
    ///
    /// [`ConfigError::Invalid`] with the core's reason and path, [`ConfigError::UnknownMember`]
    /// with the path of a member no declaration names, or [`ConfigError::Unusable`] for a
    /// duplicate chain, token, project or key, a token on an unknown chain, no project, an
    /// empty key, a zero limit or rate, fees of 100 % or more, or a chain's `wallet` or
    /// `swap` that cannot be used (its message starts with the member's path).
    pub fn parse(text: &[u8]) -> Result<ServiceConfig, ConfigError> {
        let limits = Limits { max_array_len: MAX_CONFIG_ENTRIES, ..Limits::DEFAULT };
        let config: ServiceConfig = from_slice_with(text, &limits).map_err(ConfigError::Invalid)?;
        if let Some(path) = config.unknown_member() {
            return Err(ConfigError::UnknownMember(path));
        }
        config.check()?;
        Ok(config)
    }

    /// The path of the first member that no declaration names, if any.
    fn unknown_member(&self) -> Option<String> {
        fn first(unknown: &intent_core::UnknownMembers, at: &str) -> Option<String> {
            let key = unknown.iter().next()?.key();
            Some(if at.is_empty() { key.to_owned() } else { format!("{at}.{key}") })
        }
        let listed = |name: &str, i: usize| format!("{name}[{i}]");
        first(&self.unknown, "")
            .or_else(|| self.projects.iter().enumerate().find_map(|(i, p)| first(&p.unknown, &listed("projects", i))))
            .or_else(|| {
                self.chains.iter().enumerate().find_map(|(i, c)| {
                    let at = |member: &str| format!("{}.{member}", listed("chains", i));
                    first(&c.unknown, &listed("chains", i))
                        .or_else(|| first(&c.entrypoint.unknown, &at("entrypoint")))
                        .or_else(|| c.wallet.as_ref().and_then(|w| first(&w.unknown, &at("wallet"))))
                        .or_else(|| c.swap.as_ref().and_then(|s| first(&s.unknown, &at("swap"))))
                        .or_else(|| c.cctp.as_ref().and_then(|x| first(&x.unknown, &at("cctp"))))
                })
            })
            .or_else(|| {
                self.tokens.iter().enumerate().find_map(|(i, t)| {
                    first(&t.unknown, &listed("tokens", i)).or_else(|| {
                        t.permit.as_ref().and_then(|p| first(&p.unknown, &format!("{}.permit", listed("tokens", i))))
                    })
                })
            })
            .or_else(|| first(&self.fees.unknown, "fees"))
            .or_else(|| self.policy.as_ref().and_then(|p| first(&p.unknown, "policy")))
            .or_else(|| self.rate_limits.as_ref().and_then(|r| first(&r.unknown, "rateLimits")))
            .or_else(|| self.server.as_ref().and_then(|s| first(&s.unknown, "server")))
            .or_else(|| self.attestation.as_ref().and_then(|a| first(&a.unknown, "attestation")))
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
            chain.check_wallet(&format!("chains[{i}]"))?;
            self.check_cctp(i)?;
        }
        if let Some(attestation) = &self.attestation {
            if !(attestation.url.starts_with("http://") || attestation.url.starts_with("https://")) {
                return unusable("attestation.url: http:// or https:// only".into());
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
        if self.projects.is_empty() {
            return unusable("no project is listed".into());
        }
        for (i, project) in self.projects.iter().enumerate() {
            if self.projects[..i].iter().any(|p| p.project_id == project.project_id) {
                return unusable(format!("project {} is listed twice", project.project_id));
            }
        }
        let keys: Vec<&String> = self.projects.iter().flat_map(|p| &p.access_keys).chain(&self.operator_keys).collect();
        if keys.iter().any(|key| key.is_empty()) {
            return unusable("an access or operator key is empty".into());
        }
        if keys.iter().enumerate().any(|(i, key)| keys[..i].contains(key)) {
            return unusable("a key is listed twice (keys name one project, or the operator)".into());
        }
        let server = self.server_limits();
        let rates = self.rate_limits();
        if [server.max_connections, server.max_requests_in_flight, server.max_waiters_per_key].contains(&0)
            || [server.header_timeout, server.body_timeout, server.node_timeout].contains(&std::time::Duration::ZERO)
            || [rates.requests_per_second, rates.burst, rates.quotes_per_minute].contains(&0)
        {
            return unusable("a limit, timeout or rate is zero".into());
        }
        if self.fees.service_fee_bps.saturating_add(self.fees.provider_fee_bps) >= 10_000 {
            return unusable("service and provider fees take 100 % or more".into());
        }
        let slippage = self.fees.default_slippage.get();
        if !(0.0..1.0).contains(&slippage) {
            return unusable("defaultSlippage is not in [0, 1)".into());
        }
        if !(0.0..=1.0).contains(&self.fees.max_price_impact()) {
            return unusable("maxPriceImpact is not in [0, 1]".into());
        }
        Ok(())
    }

    /// Checks chain `i`'s `cctp`: no zero address, and a domain no other chain has.
    fn check_cctp(&self, i: usize) -> Result<(), ConfigError> {
        let Some(cctp) = &self.chains[i].cctp else { return Ok(()) };
        let at = |member: &str, why: &str| Err(ConfigError::Unusable(format!("chains[{i}].cctp.{member}: {why}")));
        let addresses = [
            ("tokenMessenger", cctp.token_messenger),
            ("messageTransmitter", cctp.message_transmitter),
            ("usdc", cctp.usdc),
        ];
        if let Some((member, _)) = addresses.iter().find(|(_, address)| *address == Address::ZERO) {
            return at(member, "the zero address");
        }
        if self.chains[..i].iter().any(|c| c.cctp.as_ref().is_some_and(|other| other.domain == cctp.domain)) {
            return at("domain", "another chain has this domain");
        }
        Ok(())
    }

    /// The CCTP V2 route between `origin` and `destination` when the service executes it
    /// (docs/spec.md §12, "Cross-chain quotes"): two different chains, each with a `wallet`
    /// and a `cctp`, their wallet deployments at the same addresses (the core checks an
    /// intent's addresses under one wallet context), and an `attestation` source. `None`:
    /// a cross-chain quote between them keeps its placeholders.
    pub fn cctp_route(&self, origin: u64, destination: u64) -> Option<CctpRoute<'_>> {
        self.attestation.as_ref()?;
        let (from, to) = (self.chain(origin)?, self.chain(destination)?);
        let context = from.wallet_context()?;
        let same = to.wallet_context().is_some_and(|other| other == context);
        (origin != destination && same).then_some(())?;
        Some(CctpRoute {
            origin: from,
            origin_cctp: from.cctp.as_ref()?,
            destination: to,
            destination_cctp: to.cctp.as_ref()?,
            context,
        })
    }

    /// The server's limits: the configured ones over [`ServerLimits::DEFAULT`].
    pub fn server_limits(&self) -> ServerLimits {
        let default = ServerLimits::DEFAULT;
        let Some(config) = &self.server else { return default };
        let seconds = |value: Option<u64>, default| value.map_or(default, std::time::Duration::from_secs);
        let count = |value: Option<u64>, default| value.map_or(default, |n| usize::try_from(n).unwrap_or(usize::MAX));
        ServerLimits {
            header_timeout: seconds(config.header_timeout_seconds, default.header_timeout),
            body_timeout: seconds(config.body_timeout_seconds, default.body_timeout),
            max_connections: count(config.max_connections, default.max_connections),
            max_requests_in_flight: count(config.max_requests_in_flight, default.max_requests_in_flight),
            max_waiters_per_key: count(config.max_waiters_per_key, default.max_waiters_per_key),
            shutdown_grace: seconds(config.shutdown_grace_seconds, default.shutdown_grace),
            quote_grace: seconds(config.abandoned_quote_grace_seconds, default.quote_grace),
            node_timeout: config.node_timeout_millis.map_or(default.node_timeout, std::time::Duration::from_millis),
            kept_records: count(config.kept_records, default.kept_records),
        }
    }

    /// The rates per access key: the configured ones over [`RateLimits::DEFAULT`].
    pub fn rate_limits(&self) -> RateLimits {
        let default = RateLimits::DEFAULT;
        let Some(config) = &self.rate_limits else { return default };
        RateLimits {
            requests_per_second: config.requests_per_second.unwrap_or(default.requests_per_second),
            burst: config.burst.unwrap_or(default.burst),
            quotes_per_minute: config.quotes_per_minute.unwrap_or(default.quotes_per_minute),
        }
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
            if let Some(seconds) = config.execution_timeout_seconds {
                policy.execution_timeout_seconds = seconds;
            }
            if let Some(names) = &config.entrypoint {
                policy.entrypoint = EntrypointNames::from(names.clone());
            }
        }
        policy
    }
}

/// Gives chain 0 of a configuration document a wallet (the published context, at the
/// chain's factory and meta-transaction contract) and a swap router: for tests.
#[cfg(test)]
pub(crate) fn with_published_wallet(config: &mut serde_json::Value) {
    let chain = &mut config["chains"][0];
    let published = WalletContext::PUBLISHED;
    chain["walletFactoryAddress"] = published.factory.to_string().into();
    chain["metaTxnContract"] = published.guest_module.map(|a| a.to_string()).into();
    chain["wallet"] = serde_json::json!({
        "factory": published.factory,
        "mainModule": published.main_module,
        "mainModuleUpgradable": published.main_module_upgradable,
        "guestModule": published.guest_module,
    });
    chain["swap"] = serde_json::json!({"uniswapV2Router": "0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24"});
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
        assert_eq!(
            (config.projects.len(), config.projects[0].access_keys.len(), config.operator_keys.len()),
            (1, 1, 1)
        );
        assert_eq!(config.server_limits(), ServerLimits::DEFAULT);
        assert_eq!(config.rate_limits(), RateLimits::DEFAULT);
    }

    #[test]
    fn a_wallet_is_the_cores_context_and_a_chain_without_one_says_so() {
        let mut config = example();
        with_published_wallet(&mut config);
        let config = ServiceConfig::parse(config.to_string().as_bytes()).unwrap();
        assert_eq!(config.chains[0].wallet_context(), Some(WalletContext::PUBLISHED));
        assert!(config.chains[0].execution_line().contains("through the Uniswap V2 router"));
        assert_eq!(config.chains[1].wallet_context(), None);
        assert!(config.chains[1].execution_line().contains("no wallet"), "{}", config.chains[1].execution_line());
        let mut code = example();
        with_published_wallet(&mut code);
        code["chains"][0]["wallet"]["creationCode"] = "0x6000".into();
        let config = ServiceConfig::parse(code.to_string().as_bytes()).unwrap();
        assert_eq!(config.chains[0].wallet_context().unwrap().creation_code, Bytes::from_static(&[0x60, 0]));
    }

    /// Gives chains 0 and 1 a CCTP deployment (domains 0 and 6) and the configuration an
    /// attester.
    fn with_cctp(config: &mut serde_json::Value) {
        for (i, domain) in [(0, 0), (1, 6)] {
            config["chains"][i]["cctp"] = serde_json::json!({
                "domain": domain,
                "tokenMessenger": format!("0x{}", format!("{}", 1 + i).repeat(40)),
                "messageTransmitter": format!("0x{}", format!("{}", 3 + i).repeat(40)),
                "usdc": format!("0x{}", format!("{}", 5 + i).repeat(40)),
            });
        }
        config["attestation"] = serde_json::json!({"url": "http://127.0.0.1:9000"});
    }

    #[test]
    fn a_cctp_deployment_and_an_attester_are_read() {
        let mut config = example();
        with_cctp(&mut config);
        let config = ServiceConfig::parse(config.to_string().as_bytes()).unwrap();
        let cctp = config.chains[1].cctp.as_ref().unwrap();
        assert_eq!(cctp.domain, 6);
        assert_eq!(cctp.token_messenger, "0x2222222222222222222222222222222222222222".parse::<Address>().unwrap());
        assert_eq!(config.attestation.as_ref().unwrap().url, "http://127.0.0.1:9000");
        assert!(ServiceConfig::load(None).unwrap().attestation.is_none());
    }

    #[test]
    fn an_unusable_cctp_member_or_attester_is_refused_at_its_path() {
        type Change = fn(&mut serde_json::Value);
        const ZERO: &str = "0x0000000000000000000000000000000000000000";
        let unusable: [(&str, Change); 5] = [
            ("chains[0].cctp.tokenMessenger: the zero address", |c| {
                c["chains"][0]["cctp"]["tokenMessenger"] = ZERO.into()
            }),
            ("chains[1].cctp.messageTransmitter: the zero address", |c| {
                c["chains"][1]["cctp"]["messageTransmitter"] = ZERO.into()
            }),
            ("chains[0].cctp.usdc: the zero address", |c| c["chains"][0]["cctp"]["usdc"] = ZERO.into()),
            ("chains[1].cctp.domain: another chain has this domain", |c| c["chains"][1]["cctp"]["domain"] = 0.into()),
            ("attestation.url: http:// or https:// only", |c| c["attestation"]["url"] = "ftp://x".into()),
        ];
        for (why, change) in unusable {
            let mut config = example();
            with_cctp(&mut config);
            change(&mut config);
            match ServiceConfig::parse(config.to_string().as_bytes()) {
                Err(ConfigError::Unusable(message)) => assert_eq!(message, why),
                other => panic!("{why}: {other:?}"),
            }
        }
        let mut config = example();
        with_cctp(&mut config);
        config["chains"][1]["cctp"]["domain"] = 4_294_967_296_u64.into();
        match ServiceConfig::parse(config.to_string().as_bytes()) {
            Err(ConfigError::Invalid(e)) => assert_eq!(e.path(), Some("chains[1].cctp.domain")),
            other => panic!("{other:?}"),
        }
        for (member, at) in [("chains", "chains[0].cctp.tokenMesenger"), ("attestation", "attestation.uri")] {
            let mut config = example();
            with_cctp(&mut config);
            if member == "chains" {
                config["chains"][0]["cctp"]["tokenMesenger"] = ZERO.into();
            } else {
                config["attestation"]["uri"] = "http://x".into();
            }
            match ServiceConfig::parse(config.to_string().as_bytes()) {
                Err(ConfigError::UnknownMember(path)) => assert_eq!(path, at),
                other => panic!("{at}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_malformed_wallet_member_is_the_cores_error_with_its_path() {
        let mut config = example();
        with_published_wallet(&mut config);
        config["chains"][0]["wallet"]["creationCode"] = "0x6".into();
        match ServiceConfig::parse(config.to_string().as_bytes()) {
            Err(ConfigError::Invalid(e)) => assert_eq!(e.path(), Some("chains[0].wallet.creationCode")),
            other => panic!("{other:?}"),
        }
        let mut config = example();
        with_published_wallet(&mut config);
        config["chains"][0]["swap"]["uniswapV2Router"] = "0x12".into();
        match ServiceConfig::parse(config.to_string().as_bytes()) {
            Err(ConfigError::Invalid(e)) => assert_eq!(e.path(), Some("chains[0].swap.uniswapV2Router")),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_unusable_wallet_or_swap_is_refused_at_its_path() {
        type Change = fn(&mut serde_json::Value);
        const ZERO: &str = "0x0000000000000000000000000000000000000000";
        let cases: [(&str, Change); 8] = [
            ("chains[0].wallet.factory: the zero address", |c| c["chains"][0]["wallet"]["factory"] = ZERO.into()),
            ("chains[0].wallet.mainModule: the zero address", |c| c["chains"][0]["wallet"]["mainModule"] = ZERO.into()),
            ("chains[0].swap.uniswapV2Router: the zero address", |c| {
                c["chains"][0]["swap"]["uniswapV2Router"] = ZERO.into()
            }),
            ("chains[0].wallet.creationCode: empty", |c| c["chains"][0]["wallet"]["creationCode"] = "0x".into()),
            ("chains[0].wallet.factory: differs", |c| {
                c["chains"][0]["walletFactoryAddress"] = "0x4e59b44847b379578588920ca78fbf26c0b4956c".into()
            }),
            ("chains[0].wallet.guestModule: differs", |c| {
                c["chains"][0]["wallet"]["guestModule"] = "0x4e59b44847b379578588920ca78fbf26c0b4956c".into()
            }),
            ("chains[0].routerAddress: a chain with a wallet", |c| c["chains"][0]["routerAddress"] = "".into()),
            ("chains[1].swap: a swap needs", |c| c["chains"][1]["swap"] = c["chains"][0]["swap"].clone()),
        ];
        for (why, change) in cases {
            let mut config = example();
            with_published_wallet(&mut config);
            change(&mut config);
            match ServiceConfig::parse(config.to_string().as_bytes()) {
                Err(ConfigError::Unusable(message)) => assert!(message.starts_with(why), "{message}"),
                other => panic!("{why}: {other:?}"),
            }
        }
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
    fn a_misspelled_member_is_refused_at_its_path() {
        type Change = fn(&mut serde_json::Value);
        let cases: [(&str, Change); 8] = [
            ("acceptUnverifedPermits", |c| c["acceptUnverifedPermits"] = true.into()),
            ("polcy", |c| c["polcy"] = serde_json::json!({"quoteTtlSeconds": 5})),
            ("policy.quoteTTLSeconds", |c| c["policy"]["quoteTTLSeconds"] = 5.into()),
            ("tokens[1].permit.verison", |c| c["tokens"][1]["permit"]["verison"] = "2".into()),
            ("server.headerTimeout", |c| c["server"] = serde_json::json!({"headerTimeout": 1})),
            ("chains[0].entrypoint.typname", |c| c["chains"][0]["entrypoint"]["typname"] = "X".into()),
            ("chains[0].wallet.mainModul", |c| {
                with_published_wallet(c);
                c["chains"][0]["wallet"]["mainModul"] = "0x01".into()
            }),
            ("chains[0].swap.router", |c| {
                with_published_wallet(c);
                c["chains"][0]["swap"]["router"] = "0x01".into()
            }),
        ];
        for (path, change) in cases {
            let mut config = example();
            change(&mut config);
            match ServiceConfig::parse(config.to_string().as_bytes()) {
                Err(ConfigError::UnknownMember(at)) => assert_eq!(at, path),
                other => panic!("{path}: {other:?}"),
            }
        }
    }

    #[test]
    fn impossible_configurations_are_refused() {
        type Change = fn(&mut serde_json::Value);
        let cases: [(&str, Change); 9] = [
            ("chain 42161 is listed twice", |c| c["chains"][1]["chainId"] = 42161.into()),
            ("not listed", |c| c["tokens"][0]["chainId"] = 1.into()),
            ("empty", |c| c["projects"][0]["accessKeys"][0] = "".into()),
            ("no project", |c| c["projects"] = serde_json::json!([])),
            ("project 42 is listed twice", |c| {
                c["projects"] =
                    serde_json::json!([{"projectId": 42, "accessKeys": ["a"]}, {"projectId": 42, "accessKeys": ["b"]}])
            }),
            ("a key is listed twice", |c| c["operatorKeys"][0] = "demo-access-key".into()),
            ("is zero", |c| c["rateLimits"] = serde_json::json!({"burst": 0})),
            ("is zero", |c| c["server"] = serde_json::json!({"nodeTimeoutMillis": 0})),
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
