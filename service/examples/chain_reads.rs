//! What the chain reads add to an ExecuteIntent (docs/spec.md §12, BENCHMARKS.md): the same
//! ExecuteIntent timed on two services built in this process from the same configuration,
//! one whose origin chain has an `rpcUrl` (a local Anvil started by `intent-chain-tests`'
//! harness, with the repository's token deployed) and one without it (the configured facts,
//! deposit hashes taken unverified), interleaved request by request, alternating which goes
//! first. Two modes: deposit-hash (the node's receipt, transaction and head block) and
//! permit-only gasless (the token's permit nonce; its domain is read once and kept). The
//! quote, the commit and the deposit transaction are made before the clock starts; only the
//! ExecuteIntent call through the router is timed. Prints p50 and p99 per mode and service.
//!
//! Needs `chain/` installed (`(cd chain && npm ci --ignore-scripts)`).
//!
//! ```text
//! cargo run -p intent-service --release --example chain_reads -- [--requests N]
//! ```

use std::time::{Duration, Instant};

use alloy_primitives::{Address, B256, U256};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use intent_chain_tests::{Chain, CHAIN_ID};
use intent_contracts::IPermitToken;
use intent_core::eip712::Domain;
use intent_core::{from_slice, to_string, QuoteResponse, Timestamp, TokenPermit};
use intent_service::config::{ServiceConfig, EXAMPLE_CONFIG};
use intent_service::{demo, Service};
use k256::ecdsa::SigningKey;
use serde_json::{json, Value};
use tower::ServiceExt;

const USER: usize = 1;
const KEY: &str = "demo-access-key";

/// The two ways of proving a deposit measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Hash,
    PermitOnly,
}

/// The shipped configuration with the chain of `token`, its node at `rpc_url` when given,
/// and rates high enough not to limit the run.
fn config(token: Address, rpc_url: Option<&str>) -> ServiceConfig {
    let mut config: Value = serde_json::from_str(EXAMPLE_CONFIG).unwrap();
    let mut chain = json!({
        "chainId": CHAIN_ID, "nativeTokenSymbol": "ETH", "nativeTokenPriceUsd": 3401.27,
        "gasPrice": "1000000000", "gasLimit": 100000,
        "entrypoint": {"address": ""},
        "routerAddress": "0x555B5e43324096b87908201434f4E8CE04c41Dbd",
        "routerShimAddress": "0x38B2b6BfCA70993A5F17ed315F6501f9F6AB6E5b",
        "metaTxnContract": "0x371a866dC5F452f90201869cDA2f00ffdC800d09",
        "walletFactoryAddress": "0x4e59b44847b379578588920ca78fbf26c0b4956c"
    });
    if let Some(url) = rpc_url {
        chain["rpcUrl"] = json!(url);
    }
    config["chains"].as_array_mut().unwrap().push(chain);
    config["tokens"].as_array_mut().unwrap().push(json!({
        "chainId": CHAIN_ID, "address": token.to_checksum(None), "symbol": "DPT", "decimals": 18,
        "priceUsd": 1, "feeToken": true, "permit": {"name": "Deposit Token", "version": "1"}
    }));
    config["rateLimits"] = json!({"requestsPerSecond": 1_000_000, "burst": 1_000_000, "quotesPerMinute": 1_000_000});
    ServiceConfig::parse(config.to_string().as_bytes()).unwrap()
}

/// POSTs `body` to the operation; the status and the JSON answer.
async fn call(service: &Service, operation: &str, body: String) -> (StatusCode, Value) {
    let request = Request::post(format!("/rpc/Service/{operation}")).header("x-access-key", KEY).body(Body::from(body));
    let response = service.router().oneshot(request.unwrap()).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

/// A committed intent of 125 tokens from `owner` on the Anvil chain.
async fn committed(service: &Service, owner: Address, token: Address) -> QuoteResponse {
    let request = json!({
        "ownerAddress": owner.to_checksum(None), "originChainId": CHAIN_ID,
        "originTokenAddress": token.to_checksum(None), "destinationChainId": 8453,
        "destinationTokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        "destinationToAddress": owner.to_checksum(None), "originTokenAmount": "125000000000000000000",
        "tradeType": "EXACT_INPUT", "onlyNativeGasFee": false
    });
    let (status, body) = call(service, "QuoteIntent", request.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let quote: QuoteResponse = from_slice(body.to_string().as_bytes()).unwrap();
    let (status, body) = call(service, "CommitIntent", format!("{{\"intent\":{}}}", to_string(&quote.intent))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    quote
}

/// A permit-only request for `quote` signed by `key` over permit nonce 0 under `domain`.
fn permit_request(quote: &QuoteResponse, key: &SigningKey, domain: &Domain) -> String {
    let deadline = u64::try_from(Timestamp::now().unix_seconds()).unwrap() + 3600;
    let permit = TokenPermit { domain: domain.clone(), nonce: U256::ZERO };
    to_string(&demo::permit_only_request(quote, key, &permit, deadline).unwrap())
}

/// The `p` quantile of `samples` (sorted here).
fn quantile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    let rank = ((samples.len() as f64 * p).ceil() as usize).saturating_sub(1);
    samples.get(rank).copied().unwrap_or_default()
}

fn main() {
    let mut requests = 200usize;
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        match (pair[0].as_str(), pair.get(1)) {
            ("--requests", Some(n)) => requests = n.parse().expect("--requests N"),
            (other, _) => panic!("unknown flag {other}"),
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(run(requests));
}

async fn run(requests: usize) {
    let chain = Chain::start().await.expect("anvil starts: run `(cd chain && npm ci --ignore-scripts)` first");
    let token = chain.deploy_permit_token("Deposit Token", "DPT").await.unwrap();
    let (user, key) = (chain.address(USER), SigningKey::from_slice(chain.key(USER).to_bytes().as_slice()).unwrap());
    chain.mint(token, user, U256::from(10).pow(U256::from(30))).await.unwrap();
    let domain = Domain {
        name: Some("Deposit Token".into()),
        version: Some("1".into()),
        chain_id: Some(U256::from(CHAIN_ID)),
        verifying_contract: Some(token),
        salt: None,
    };
    let scratch = std::env::temp_dir().join(format!("intent-chain-reads-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let db = |name: &str| format!("sqlite://{}", scratch.join(name).display());
    let with_node =
        Service::open(config(token, Some(&chain.endpoint())), &db("node.db"), &[], &[], false).await.unwrap();
    let without = Service::open(config(token, None), &db("plain.db"), &[], &[], false).await.unwrap();
    let erc20 = IPermitToken::new(token, chain.provider());
    let mut samples: Vec<(Mode, bool, Duration)> = Vec::new();
    let started = Instant::now();
    for i in 0..requests {
        for mode in [Mode::Hash, Mode::PermitOnly] {
            let order = if i % 2 == 0 { [true, false] } else { [false, true] };
            for node in order {
                let service = if node { &with_node } else { &without };
                let quote = committed(service, user, token).await;
                let deposit = &quote.intent.deposit_transaction;
                let body = match mode {
                    Mode::Hash if node => {
                        let paid = erc20.transfer(deposit.to_address, deposit.amount).from(user).send().await.unwrap();
                        let hash = paid.watch().await.unwrap();
                        json!({"intentId": quote.intent.intent_id, "depositTransactionHash": hash}).to_string()
                    }
                    Mode::Hash => {
                        let mut hash = [0u8; 32];
                        getrandom::fill(&mut hash).unwrap();
                        json!({"intentId": quote.intent.intent_id, "depositTransactionHash": B256::from(hash)})
                            .to_string()
                    }
                    Mode::PermitOnly => permit_request(&quote, &key, &domain),
                };
                let timer = Instant::now();
                let (status, answer) = call(service, "ExecuteIntent", body).await;
                let took = timer.elapsed();
                assert_eq!(status, StatusCode::OK, "{mode:?}, node {node}: {answer}");
                samples.push((mode, node, took));
            }
        }
    }
    println!(
        "ExecuteIntent, {requests} per mode and service, interleaved, in {:.1} s (Anvil on loopback, auto-mining)",
        started.elapsed().as_secs_f64()
    );
    println!("{:<12} {:>22} {:>22} {:>12}", "mode", "no node p50 / p99", "node p50 / p99", "added p50");
    for mode in [Mode::Hash, Mode::PermitOnly] {
        let of = |node: bool| -> Vec<Duration> {
            samples.iter().filter(|(m, n, _)| *m == mode && *n == node).map(|(_, _, d)| *d).collect()
        };
        let (mut plain, mut read) = (of(false), of(true));
        let (plain50, plain99) = (quantile(&mut plain, 0.5), quantile(&mut plain, 0.99));
        let (read50, read99) = (quantile(&mut read, 0.5), quantile(&mut read, 0.99));
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "{:<12} {:>10.2} / {:>7.2} ms {:>10.2} / {:>7.2} ms {:>9.2} ms",
            format!("{mode:?}"),
            ms(plain50),
            ms(plain99),
            ms(read50),
            ms(read99),
            ms(read50) - ms(plain50)
        );
    }
    with_node.app.records.store().close().await;
    without.app.records.store().close().await;
    let _ = std::fs::remove_dir_all(&scratch);
}
