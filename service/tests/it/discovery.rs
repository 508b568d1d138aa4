//! Discovery (docs/spec.md §12, Discovery): GetChains, GetTokenList, GetTokenPrices,
//! GetExactInputRoutes, GetExactOutputRoutes and GetProtocolContracts, answered from the
//! shipped configuration (no node) and, for the pools' prices, the routes through a pool and
//! the wallet contracts, from the local stack on Anvil. Every exchange is checked against the
//! OpenAPI document by the support's senders.

use serde_json::{json, Value};

use crate::support::stack::Stack;
use crate::support::{call_in_process, ACCESS_KEY};

const ARBITRUM_DAI: &str = "0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1";
const ARBITRUM_USDC: &str = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";
const BASE_USDC: &str = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const NATIVE: &str = "0x0000000000000000000000000000000000000000";

/// The service on the shipped configuration changed by `change`.
async fn service(name: &str, change: impl FnOnce(&mut Value)) -> axum::Router {
    crate::support::app::App::open(&crate::support::database(name), change).await.router
}

/// `operation` with `body`: the status and the answer.
async fn call(router: &axum::Router, operation: &str, body: Value) -> (u16, Value) {
    let path = format!("/rpc/Service/{operation}");
    let (status, answer) = call_in_process(router, &path, &[("x-access-key", ACCESS_KEY)], &body.to_string()).await;
    (status.as_u16(), answer)
}

async fn ok(router: &axum::Router, operation: &str, body: Value) -> Value {
    let (status, answer) = call(router, operation, body).await;
    assert_eq!(status, 200, "{operation}: {answer}");
    answer
}

async fn refused(router: &axum::Router, operation: &str, body: Value) -> String {
    let (status, answer) = call(router, operation, body).await;
    assert_eq!(status, 400, "{operation}: {answer}");
    answer["cause"].as_str().unwrap().to_owned()
}

/// The cause of `operation`'s refusal of `body` for a chain the service does not serve:
/// UnsupportedNetwork (8008, 422).
async fn unsupported(router: &axum::Router, operation: &str, body: Value) -> String {
    let (status, answer) = call(router, operation, body).await;
    assert_eq!(
        (status, &answer["error"], &answer["code"]),
        (422, &json!("UnsupportedNetwork"), &json!(8008)),
        "{answer}"
    );
    answer["cause"].as_str().unwrap().to_owned()
}

/// The `(chainId, address)` of each token of a token list.
fn listed(answer: &Value) -> Vec<(u64, String)> {
    answer["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["chainId"].as_u64().unwrap(), t["address"].as_str().unwrap().to_owned()))
        .collect()
}

#[tokio::test]
async fn get_chains_answers_each_configured_chain_as_the_published_chain_info() {
    let router = service("discovery-chains", |config| {
        config["chains"][1]["isTestnet"] = json!(true);
        config["chains"][1].as_object_mut().unwrap().remove("nativeCurrency");
        config["chains"][1].as_object_mut().unwrap().remove("name");
        config["chains"][1].as_object_mut().unwrap().remove("explorerUrl");
    })
    .await;
    let answer = ok(&router, "GetChains", json!({})).await;
    assert_eq!(
        answer["chains"][0],
        json!({"id": 42161, "name": "Arbitrum One", "isTestnet": false,
            "nativeCurrency": {"name": "Ether", "symbol": "ETH", "decimals": 18},
            "blockExplorer": {"name": "Arbitrum One explorer", "url": "https://arbiscan.io"}})
    );
    // Without them: `Chain <id>`, the native token's symbol with 18 decimals, no explorer.
    assert_eq!(
        answer["chains"][1],
        json!({"id": 8453, "name": "Chain 8453", "isTestnet": true,
            "nativeCurrency": {"name": "ETH", "symbol": "ETH", "decimals": 18}})
    );
    assert_eq!(ok(&router, "GetChains", json!({"routeProvider": "PROVIDER_1"})).await, answer);
    assert_eq!(
        refused(&router, "GetChains", json!({"routeProvider": "LIFI"})).await,
        "ROUTE_NOT_SERVED at routeProvider"
    );
}

#[tokio::test]
async fn get_token_list_lists_the_configured_tokens_native_first_and_filters_them() {
    let router = service("discovery-tokens", |config| {
        config["tokens"][1]["logoUri"] = json!("https://example.org/usdc.svg");
    })
    .await;
    let answer = ok(&router, "GetTokenList", json!({"chainIds": [42161]})).await;
    assert_eq!(
        listed(&answer),
        [(42161, NATIVE.to_owned()), (42161, ARBITRUM_DAI.to_owned()), (42161, ARBITRUM_USDC.to_owned())]
    );
    assert_eq!(
        answer["tokens"][2],
        json!({"chainId": 42161, "address": ARBITRUM_USDC, "name": "USD Coin", "symbol": "USDC", "decimals": 6,
            "logoUri": "https://example.org/usdc.svg", "featured": false, "featureIndex": 0})
    );
    assert_eq!(answer["tokens"][0]["name"], "Ether");
    // No chain named: every chain's.
    assert_eq!(listed(&ok(&router, "GetTokenList", json!({"chainIds": []})).await).len(), 6);
    let search = ok(&router, "GetTokenList", json!({"chainIds": [], "searchQuery": "usd coin"})).await;
    assert_eq!(listed(&search), [(42161, ARBITRUM_USDC.to_owned()), (8453, BASE_USDC.to_owned())]);
    let one = ok(&router, "GetTokenList", json!({"chainIds": [8453], "tokenAddress": BASE_USDC})).await;
    assert_eq!(listed(&one), [(8453, BASE_USDC.to_owned())]);
    let rest = ok(&router, "GetTokenList", json!({"chainIds": [42161], "excludeTokens": [NATIVE], "limit": 1})).await;
    assert_eq!(listed(&rest), [(42161, ARBITRUM_DAI.to_owned())]);
    assert_eq!(
        unsupported(&router, "GetTokenList", json!({"chainIds": [42161, 5]})).await,
        "CHAIN_NOT_SERVED at chainIds[1]"
    );
    assert_eq!(
        refused(&router, "GetTokenList", json!({"chainIds": [], "includeExternal": true})).await,
        "FILTER_NOT_SERVED at includeExternal"
    );
}

#[tokio::test]
async fn get_token_prices_answers_the_configured_prices_without_a_node_and_none_for_an_unknown_token() {
    let router = service("discovery-prices", |_| {}).await;
    let answer = ok(
        &router,
        "GetTokenPrices",
        json!({"tokens": [
            {"chainId": 42161, "tokenAddress": ARBITRUM_DAI},
            {"chainId": 8453, "tokenAddress": NATIVE},
            {"chainId": 8453, "tokenAddress": ARBITRUM_DAI},
            {"chainId": 5, "tokenAddress": NATIVE},
        ]}),
    )
    .await;
    let prices = answer["tokenPrices"].as_array().unwrap();
    assert_eq!(prices[0]["priceUsd"], 1.0001);
    assert_eq!(prices[0]["token"]["tokenSymbol"], "DAI");
    assert_eq!(prices[1]["priceUsd"], 3401.27);
    assert!(prices[2].get("priceUsd").is_none(), "{answer}");
    assert!(prices[3].get("priceUsd").is_none(), "{answer}");
    assert_eq!(prices[3]["token"], json!({"chainId": 5, "tokenAddress": NATIVE}));
}

#[tokio::test]
async fn the_routes_are_what_the_quoter_quotes() {
    // Chain 8453 runs its same-chain intents in wallets with no swap: only transfers there.
    let router = service("discovery-routes", |config| {
        let wallet = json!({"factory": config["chains"][1]["walletFactoryAddress"],
            "mainModule": "0x0000000000000000000000000000000000000001",
            "mainModuleUpgradable": "0x0000000000000000000000000000000000000000",
            "guestModule": config["chains"][1]["metaTxnContract"]});
        config["chains"][1]["wallet"] = wallet;
    })
    .await;
    let from_base =
        ok(&router, "GetExactInputRoutes", json!({"originChainId": 8453, "originTokenAddress": BASE_USDC})).await;
    let tokens = listed(&from_base);
    assert!(tokens.contains(&(42161, ARBITRUM_DAI.to_owned())), "between chains: every pair");
    assert_eq!(tokens.iter().filter(|(chain, _)| *chain == 8453).collect::<Vec<_>>(), [&(8453, BASE_USDC.to_owned())]);
    // On a chain without a wallet, every pair.
    let on_arbitrum = ok(
        &router,
        "GetExactInputRoutes",
        json!({"originChainId": 42161, "originTokenAddress": ARBITRUM_DAI, "destinationChainId": 42161}),
    )
    .await;
    assert_eq!(listed(&on_arbitrum).len(), 3);
    let to_base = ok(
        &router,
        "GetExactOutputRoutes",
        json!({"destinationChainId": 8453, "destinationTokenAddress": NATIVE, "originChainId": 8453}),
    )
    .await;
    assert_eq!(listed(&to_base), [(8453, NATIVE.to_owned())]);
    assert_eq!(
        refused(&router, "GetExactInputRoutes", json!({"originChainId": 8453, "originTokenAddress": ARBITRUM_DAI}))
            .await,
        "ROUTE_NOT_SERVED at originTokenAddress"
    );
    assert_eq!(
        refused(
            &router,
            "GetExactOutputRoutes",
            json!({"destinationChainId": 8453, "destinationTokenAddress": NATIVE, "ownerAddress": ARBITRUM_DAI})
        )
        .await,
        "FILTER_NOT_SERVED at ownerAddress"
    );
}

#[tokio::test]
async fn get_protocol_contracts_answers_the_chains_service_contracts_and_wallet_deployments() {
    let router = service("discovery-contracts", |_| {}).await;
    let answer = ok(&router, "GetProtocolContracts", json!({})).await;
    let first = json!({
        "serviceIntentEntrypointAddress": "0x371a866dC5F452f90201869cDA2f00ffdC800d09",
        "serviceRouterAddress": "0x555B5e43324096b87908201434f4E8CE04c41Dbd",
        "serviceRouterShimAddress": "0x38B2b6BfCA70993A5F17ed315F6501f9F6AB6E5b",
        "serviceUtilsAddress": "",
    });
    assert_eq!(answer["ServiceContracts"], first);
    assert_eq!(answer["chains"][1]["chainId"], 8453);
    assert!(answer["chains"][0].get("walletContracts").is_none(), "no wallet configured: {answer}");
    let base = ok(&router, "GetProtocolContracts", json!({"chainId": 8453, "intentProtocol": "v1"})).await;
    assert_eq!(base["ServiceContracts"], answer["chains"][1]["serviceContracts"]);
    assert_eq!(
        unsupported(&router, "GetProtocolContracts", json!({"chainId": 5})).await,
        "CHAIN_NOT_SERVED at chainId"
    );
    assert_eq!(
        refused(&router, "GetProtocolContracts", json!({"intentProtocol": "v1_5"})).await,
        "FILTER_NOT_SERVED at intentProtocol"
    );
}

/// On the stack: the pool prices SEUR (configured here at 9 USD) at its mid price against
/// SUSD, the chain's first token (1.25 USD); the routes through the pool exist; the wallet
/// contracts are the stack's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_chain_with_a_node_and_a_swap_prices_and_routes_come_from_the_pool() {
    let stack = Stack::start(&[31_337_911], &[]).await.expect("the stack starts (npm ci in chain/)");
    let chain = &stack.chains[0];
    let mut config = stack.service_json();
    config["tokens"][1]["priceUsd"] = json!(9.0);
    let config = intent_service::config::ServiceConfig::parse(config.to_string().as_bytes()).unwrap();
    let db = crate::support::database("discovery-stack");
    let router = intent_service::Service::open(config, &db, &[], &[], false).await.unwrap().router();
    let (susd, seur) = (chain.tokens[0].address.to_string(), chain.tokens[1].address.to_string());

    let answer = ok(
        &router,
        "GetTokenPrices",
        json!({"tokens": [{"chainId": 31_337_911, "tokenAddress": seur}, {"chainId": 31_337_911, "tokenAddress": susd}]}),
    )
    .await;
    let seur_usd = answer["tokenPrices"][0]["priceUsd"].as_f64().unwrap();
    assert!((seur_usd - 1.25).abs() < 1e-9, "{answer}");
    assert_eq!(answer["tokenPrices"][1]["priceUsd"], 1.0);

    let routes =
        ok(&router, "GetExactInputRoutes", json!({"originChainId": 31_337_911, "originTokenAddress": susd})).await;
    let usdc = chain.cctp.usdc.to_string();
    assert_eq!(
        listed(&routes),
        [(31_337_911, susd.clone()), (31_337_911, seur.clone()), (31_337_911, usdc)],
        "no swap of the native token; the stack's USDC through its pool with SUSD"
    );

    let contracts = ok(&router, "GetProtocolContracts", json!({})).await;
    let wallet = &contracts["chains"][0]["walletContracts"];
    let context = chain.wallet_context();
    assert_eq!(wallet["factory"], context.factory.to_string());
    assert_eq!(wallet["mainModule"], context.main_module.to_string());
    assert_eq!(wallet["mainModuleUpgradable"], context.main_module_upgradable.to_string());
    assert_eq!(wallet["guestModule"], chain.wallet.guest.to_string());
    assert_eq!(wallet["creationCode"], context.creation_code.to_string());
}
