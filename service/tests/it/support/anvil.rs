//! A node for the relaying tests and the chain demo: Anvil started by `intent-chain-tests`
//! with the repository's entrypoint and an ERC-2612 token deployed, and the shipped
//! configuration turned to it (its first chain replaced by the node's, with `rpcUrl`, the
//! entrypoint and the token with its permit domain), and [`call`], an operation answered by
//! the router in process. Shared by the relay tests (`tests/it/relay.rs`), `examples/chain_demo.rs` and
//! `examples/relay_bench.rs`.

#![allow(dead_code)]

use alloy_primitives::Address;
use axum::body::Body;
use axum::http::Request;
use intent_chain_tests::{Chain, CHAIN_ID};
use intent_core::eip712::EntrypointNames;
use intent_service::config::EXAMPLE_CONFIG;
use serde_json::{json, Value};
use tower::ServiceExt;

/// The test token's EIP-712 name (its ERC-20 name); its version is "1".
pub const TOKEN_NAME: &str = "Relay Test Token";

/// Development accounts Anvil makes: the relaying tests give each test its own owners and
/// relayer, and a chain of its own ([`deploy_on`]), so that tests sharing one database never
/// share an owner's entrypoint nonce, a relayer's pending relays or a chain's relay queue.
pub const ACCOUNTS: usize = 28;

/// The development account that relays in the demo: nothing else sends from it.
pub const RELAYER: usize = 9;

/// A started node with the entrypoint (default EIP-712 names) and the token deployed.
pub struct Deployed {
    pub chain: Chain,
    pub chain_id: u64,
    pub entrypoint: Address,
    pub token: Address,
}

/// Starts Anvil (chain [`CHAIN_ID`]) with `args` and deploys.
///
/// # Panics
///
/// Without `npm ci --ignore-scripts` in `chain/`, or when a deployment fails.
pub async fn deploy(args: &[&str]) -> Deployed {
    deploy_on(CHAIN_ID, args).await
}

/// [`deploy`] on a node of the chain `chain_id`.
///
/// # Panics
///
/// As [`deploy`].
pub async fn deploy_on(chain_id: u64, args: &[&str]) -> Deployed {
    let accounts = ACCOUNTS.to_string();
    let args: Vec<&str> = ["--accounts", accounts.as_str()].into_iter().chain(args.iter().copied()).collect();
    let chain = Chain::start_on(chain_id, &args).await.expect("anvil (run `npm ci --ignore-scripts` in chain/)");
    let entrypoint = chain.deploy_entrypoint(&EntrypointNames::DEFAULT).await.expect("the entrypoint deploys");
    let token = chain.deploy_permit_token(TOKEN_NAME, "RTT").await.expect("the token deploys");
    Deployed { chain, chain_id, entrypoint, token }
}

impl Deployed {
    /// The shipped configuration with its first chain replaced by this node's.
    pub fn config(&self) -> Value {
        let mut config: Value = serde_json::from_str(EXAMPLE_CONFIG).expect("the shipped configuration");
        let replaced = config["chains"][0]["chainId"].clone();
        let mut chain = config["chains"][0].clone();
        chain["chainId"] = self.chain_id.into();
        chain["rpcUrl"] = self.chain.endpoint().into();
        chain["entrypoint"] = json!({"address": self.entrypoint.to_string()});
        config["chains"][0] = chain;
        let mut tokens: Vec<Value> = config["tokens"]
            .as_array()
            .expect("tokens")
            .iter()
            .filter(|token| token["chainId"] != replaced)
            .cloned()
            .collect();
        tokens.push(json!({
            "chainId": self.chain_id, "address": self.token.to_string(), "symbol": "RTT", "decimals": 18,
            "priceUsd": 1, "feeToken": true, "permit": {"name": TOKEN_NAME, "version": "1"}
        }));
        config["tokens"] = tokens.into();
        config
    }

    /// The shipped example quote request from `owner`, paying in this node's token.
    pub fn quote_request(&self, owner: Address) -> Value {
        let mut request: Value =
            serde_json::from_str(include_str!("../../../../examples/quote-request.json")).expect("the example request");
        request["ownerAddress"] = owner.to_string().into();
        request["originChainId"] = self.chain_id.into();
        request["originTokenAddress"] = self.token.to_string().into();
        request
    }

    /// The private key of development account `index` in hex, as `INTENT_RELAYER_KEY` holds it.
    pub fn relayer_key(&self, index: usize) -> String {
        self.chain.key(index).to_bytes().to_string()
    }
}

/// The access key of the shipped configuration (public).
pub const ACCESS_KEY: &str = "demo-access-key";

/// POSTs `body` to the service's `operation` through `router` in process and answers the
/// JSON, or the error body as the error.
pub async fn call(router: &axum::Router, operation: &str, body: &Value) -> Result<Value, String> {
    let request = Request::post(format!("/rpc/Service/{operation}"))
        .header("x-access-key", ACCESS_KEY)
        .body(Body::from(body.to_string()))
        .map_err(|e| e.to_string())?;
    let response = router.clone().oneshot(request).await.map_err(|e| e.to_string())?;
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.map_err(|e| e.to_string())?;
    let answer: Value = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
    if !status.is_success() {
        return Err(format!("{operation}: {status} {answer}"));
    }
    Ok(answer)
}
