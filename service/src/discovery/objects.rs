//! The wire objects of the discovery operations, with the published field names (docs/spec.md
//! §12, Discovery): declared with the core's `wire_object!`, so that a request is read with
//! the core's limits, reasons and paths, and keeps its unknown members as every object does.
//! What fills them is [`super::catalog`] and [`super::prices`].

use intent_core::{wire_object, Address, Bytes, Decimal, RouteProvider, ServiceContracts, Timestamp};

wire_object! {
    /// GetChains's request.
    pub struct GetChainsRequest {
        /// `routeProvider`: Only the chains this provider routes; this service routes every
        /// configured chain through its own quoter, so any provider but `AUTO` and the
        /// configured one is refused.
        route_provider: Option<RouteProvider> = "routeProvider",
    }
}

wire_object! {
    /// GetChains's answer: every configured chain.
    pub struct GetChainsResponse {
        /// `chains`: The chains, in the configuration's order.
        chains: Vec<ChainInfo> = "chains",
    }
}

wire_object! {
    /// One chain, as the published ChainInfo.
    pub struct ChainInfo {
        /// `blockExplorer`: Its explorer (`explorerUrl` of the configuration); absent: none.
        block_explorer: Option<BlockExplorer> = "blockExplorer",
        /// `id`: The chain id.
        id: u64 = "id",
        /// `isTestnet`: Whether it is a test network (beyond the published ChainInfo).
        is_testnet: bool = "isTestnet",
        /// `logoUri`: Its logo; the configuration names none, so always absent.
        logo_uri: Option<String> = "logoUri",
        /// `name`: Its name.
        name: String = "name",
        /// `nativeCurrency`: Its native currency.
        native_currency: NativeCurrency = "nativeCurrency",
    }
}

wire_object! {
    /// A chain's block explorer.
    pub struct BlockExplorer {
        /// `name`: Its name: the chain's name and ` explorer`.
        name: String = "name",
        /// `url`: Its address.
        url: String = "url",
    }
}

wire_object! {
    /// A chain's native currency.
    pub struct NativeCurrency {
        /// `decimals`: Its decimals.
        decimals: u8 = "decimals",
        /// `name`: Its name.
        name: String = "name",
        /// `symbol`: Its symbol.
        symbol: String = "symbol",
    }
}

wire_object! {
    /// GetTokenList's request.
    pub struct GetTokenListRequest {
        /// `chainIds`: The chains whose tokens are listed; empty: every configured chain.
        chain_ids: Vec<u64> = "chainIds",
        /// `excludeTokens`: Token addresses left out.
        exclude_tokens: Option<Vec<Address>> = "excludeTokens",
        /// `includeAllListed`: Accepted either way: every token here is listed.
        include_all_listed: Option<bool> = "includeAllListed",
        /// `includeExternal`: Tokens of external lists: `true` is refused (`FILTER_NOT_SERVED`).
        include_external: Option<bool> = "includeExternal",
        /// `limit`: The most tokens answered.
        limit: Option<u64> = "limit",
        /// `searchQuery`: Only tokens whose symbol or name holds it, in any case.
        search_query: Option<String> = "searchQuery",
        /// `tokenAddress`: Only the token at this address.
        token_address: Option<Address> = "tokenAddress",
    }
}

wire_object! {
    /// GetTokenList's, GetExactInputRoutes's and GetExactOutputRoutes's answer.
    pub struct TokenListResponse {
        /// `tokens`: The tokens.
        tokens: Vec<TokenInfo> = "tokens",
    }
}

wire_object! {
    /// One token, as the published TokenInfo.
    pub struct TokenInfo {
        /// `address`: The token (the zero address for a chain's native token).
        address: Address = "address",
        /// `chainId`: Its chain.
        chain_id: u64 = "chainId",
        /// `decimals`: Its decimals.
        decimals: u8 = "decimals",
        /// `featureIndex`: Always 0: no token is featured.
        feature_index: u64 = "featureIndex",
        /// `featured`: Always false.
        featured: bool = "featured",
        /// `logoUri`: Its logo, when configured.
        logo_uri: Option<String> = "logoUri",
        /// `name`: Its name.
        name: String = "name",
        /// `supportsBridging`: Absent: the service's cross-chain quotes are not executed.
        supports_bridging: Option<bool> = "supportsBridging",
        /// `symbol`: Its symbol.
        symbol: String = "symbol",
    }
}

wire_object! {
    /// GetTokenPrices's request.
    pub struct GetTokenPricesRequest {
        /// `tokens`: The tokens priced.
        tokens: Vec<Token> = "tokens",
    }
}

wire_object! {
    /// A token named by its chain and address.
    pub struct Token {
        /// `chainId`: Its chain.
        chain_id: u64 = "chainId",
        /// `tokenAddress`: The token (the zero address for the native token).
        token_address: Address = "tokenAddress",
        /// `tokenSymbol`: Its symbol (written on the answer; ignored on the request).
        token_symbol: Option<String> = "tokenSymbol",
    }
}

wire_object! {
    /// GetTokenPrices's answer.
    pub struct GetTokenPricesResponse {
        /// `tokenPrices`: One per token asked for, in the request's order.
        token_prices: Vec<TokenPrice> = "tokenPrices",
    }
}

wire_object! {
    /// A token's price.
    pub struct TokenPrice {
        /// `priceUsd`: Its price in USD; absent for a token the service does not know.
        price_usd: Option<Decimal> = "priceUsd",
        /// `token`: The token.
        token: Token = "token",
        /// `updatedAt`: When the price was read (the pool) or answered (the configuration).
        updated_at: Timestamp = "updatedAt",
    }
}

wire_object! {
    /// GetExactInputRoutes's request: where the origin token can go.
    pub struct GetExactInputRoutesRequest {
        /// `destinationChainId`: Only tokens on this chain.
        destination_chain_id: Option<u64> = "destinationChainId",
        /// `destinationTokenAddress`: Only this token.
        destination_token_address: Option<Address> = "destinationTokenAddress",
        /// `originChainId`: The origin chain.
        origin_chain_id: u64 = "originChainId",
        /// `originTokenAddress`: The origin token.
        origin_token_address: Address = "originTokenAddress",
    }
}

wire_object! {
    /// GetExactOutputRoutes's request: which tokens can pay for the destination token.
    pub struct GetExactOutputRoutesRequest {
        /// `destinationChainId`: The destination chain.
        destination_chain_id: u64 = "destinationChainId",
        /// `destinationTokenAddress`: The destination token.
        destination_token_address: Address = "destinationTokenAddress",
        /// `originChainId`: Only tokens on this chain.
        origin_chain_id: Option<u64> = "originChainId",
        /// `originTokenAddress`: Only this token.
        origin_token_address: Option<Address> = "originTokenAddress",
        /// `ownerAddress`: Only the tokens this owner holds: refused (`FILTER_NOT_SERVED`).
        owner_address: Option<Address> = "ownerAddress",
    }
}

wire_object! {
    /// GetProtocolContracts's request.
    pub struct GetProtocolContractsRequest {
        /// `chainId`: The chain whose contracts `ServiceContracts` holds (beyond the published
        /// request); absent: the first configured chain.
        chain_id: Option<u64> = "chainId",
        /// `intentProtocol`: The protocol version; this service has one, `v1`, and refuses
        /// another.
        intent_protocol: Option<String> = "intentProtocol",
    }
}

wire_object! {
    /// GetProtocolContracts's answer.
    pub struct GetProtocolContractsResponse {
        /// `ServiceContracts`: The published member: the contracts of the chain asked for.
        service_contracts: ServiceContracts = "ServiceContracts",
        /// `chains`: Beyond the published answer: every configured chain's contracts.
        chains: Vec<ChainContracts> = "chains",
    }
}

wire_object! {
    /// One chain's contracts.
    pub struct ChainContracts {
        /// `cctp`: Its CCTP V2 domain and contracts (docs/spec.md 5.8), as configured; absent
        /// for a chain without the route.
        cctp: Option<CctpContracts> = "cctp",
        /// `chainId`: The chain.
        chain_id: u64 = "chainId",
        /// `serviceContracts`: Its service contracts.
        service_contracts: ServiceContracts = "serviceContracts",
        /// `walletContracts`: Its intent wallet deployment; absent for a chain without one.
        wallet_contracts: Option<WalletContracts> = "walletContracts",
    }
}

wire_object! {
    /// A chain's CCTP V2 domain and contracts (docs/spec.md 5.8): what a client needs to read
    /// a cross-chain intent's burn and mint.
    pub struct CctpContracts {
        /// `domain`: The chain's CCTP domain (not its chain id).
        domain: u32 = "domain",
        /// `messageTransmitter`: The message transmitter (`receiveMessage`, `MessageSent`).
        message_transmitter: Address = "messageTransmitter",
        /// `tokenMessenger`: The token messenger (`depositForBurn`).
        token_messenger: Address = "tokenMessenger",
        /// `usdc`: The token the messenger burns and mints.
        usdc: Address = "usdc",
    }
}

wire_object! {
    /// An intent wallet deployment: what a client needs to derive and check an intent
    /// address (docs/spec.md 5.6) and to build a recovery's guest batch.
    pub struct WalletContracts {
        /// `creationCode`: The wallet proxy's creation code.
        creation_code: Bytes = "creationCode",
        /// `factory`: The factory whose CREATE2 addresses are the intent addresses.
        factory: Address = "factory",
        /// `guestModule`: The guest module.
        guest_module: Address = "guestModule",
        /// `mainModule`: The module a new wallet delegates to.
        main_module: Address = "mainModule",
        /// `mainModuleUpgradable`: The module a wallet moves to on a configuration update.
        main_module_upgradable: Address = "mainModuleUpgradable",
    }
}
