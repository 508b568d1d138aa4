//! How long a relayed gasless deposit takes (BENCHMARKS.md, "Deposit stage"): from the
//! ExecuteIntent request to the receipt's deposit SUCCEEDED seen by a WaitIntentReceipt, on
//! Anvil with automatic mining and with one-second blocks, beside the floor measured in the
//! same run and interleaved with it: the node's own time to mine a plain transfer (sent,
//! then its receipt read every 10 ms). The service runs in process with a relayer key (one
//! owner, entrypoint mode, nonces 0 to N-1); p50 and p99 of each are printed.
//!
//! ```text
//! (cd chain && npm ci --ignore-scripts)
//! cargo run -p intent-service --example relay_bench -- [N]
//! ```

#[path = "../tests/it/support/anvil.rs"]
mod anvil;

use std::time::{Duration, Instant};

use alloy_network::TransactionBuilder;
use alloy_primitives::U256;
use alloy_provider::Provider;
use alloy_rpc_types_eth::TransactionRequest;
use anvil::call;
use intent_core::eip712::EntrypointNames;
use intent_core::{from_slice, to_string, QuoteResponse};
use intent_service::chain::ChainView;
use intent_service::config::ServiceConfig;
use intent_service::relay::RelayerKey;
use intent_service::{demo, Service};
use k256::ecdsa::SigningKey;
use serde_json::{json, Value};

type Failed = Box<dyn std::error::Error>;

/// The owner (a development account) and the account receiving the floor's transfers.
const OWNER: usize = 1;
const SINK: usize = 2;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn summary(name: &str, samples: &mut [Duration]) {
    samples.sort();
    println!(
        "  {name:<44} p50 {:>8.1} ms   p99 {:>8.1} ms   (n = {})",
        percentile(samples, 0.5).as_secs_f64() * 1e3,
        percentile(samples, 0.99).as_secs_f64() * 1e3,
        samples.len()
    );
}

/// One mode: `args` for Anvil, `n` intents and `n` plain transfers, interleaved.
async fn run(label: &str, args: &[&str], n: usize) -> Result<(), Failed> {
    let node = anvil::deploy(args).await;
    let chain = &node.chain;
    let owner = chain.address(OWNER);
    chain.mint(node.token, owner, U256::MAX >> 1).await?;
    chain.approve(node.token, owner, node.entrypoint, U256::MAX).await?;
    // The bench measures the deposit stage, not the rate limiter: its key's rates are lifted.
    let mut config = node.config();
    config["rateLimits"] = json!({"requestsPerSecond": 100_000, "burst": 100_000, "quotesPerMinute": 100_000});
    let config = ServiceConfig::parse(config.to_string().as_bytes())?;
    let scratch = std::env::temp_dir().join(format!("intent-relay-bench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let db = format!("sqlite://{}", scratch.join(format!("{}.db", label.replace(' ', "-"))).display());
    let key = RelayerKey::parse(&node.relayer_key(anvil::RELAYER), "the bench")?;
    let service = Service::open_relaying(config.clone(), &db, &[], &[], false, Some(key)).await?;
    let router = service.router();
    let owner_key = SigningKey::from_slice(chain.key(OWNER).to_bytes().as_slice())?;
    let view = ChainView::new(config)?;

    let (mut relayed, mut floor) = (Vec::new(), Vec::new());
    for nonce in 0..n {
        // The floor: a plain transfer, sent and mined.
        let transfer = TransactionRequest::default().with_to(chain.address(SINK)).with_value(U256::from(1));
        let started = Instant::now();
        let pending = chain.provider().send_transaction(transfer).await?;
        let hash = *pending.tx_hash();
        while chain.provider().get_transaction_receipt(hash).await?.is_none() {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        floor.push(started.elapsed());

        // The relay: quoted and committed beforehand, timed from ExecuteIntent.
        let quote = call(&router, "QuoteIntent", &node.quote_request(owner)).await?;
        let quote: QuoteResponse = from_slice(quote.to_string().as_bytes())?;
        let intent: Value = serde_json::from_str(&to_string(&quote.intent))?;
        call(&router, "CommitIntent", &json!({ "intent": intent })).await?;
        let deadline = u64::try_from(intent_core::Timestamp::now().unix_seconds())? + 600;
        let mode = demo::Gasless::Entrypoint { nonce: U256::from(nonce) };
        let request = demo::gasless_request(&quote, &owner_key, mode, deadline, &EntrypointNames::DEFAULT, &view)?;
        let request: Value = serde_json::from_str(&to_string(&request))?;
        let started = Instant::now();
        call(&router, "ExecuteIntent", &request).await?;
        let mut states: Option<Value> = None;
        loop {
            let mut body = json!({"intentId": quote.intent.intent_id, "timeoutSeconds": 30});
            if let Some(states) = &states {
                body["lastReceiptStates"] = states.clone();
            }
            let answer = call(&router, "WaitIntentReceipt", &body).await?;
            match answer["intentReceipt"]["depositTransaction"]["status"].as_str() {
                Some("SUCCEEDED") => break,
                Some("REVERTED" | "FAILED") => return Err(format!("the deposit failed: {answer}").into()),
                _ => states = Some(answer["receiptStates"].clone()),
            }
        }
        relayed.push(started.elapsed());
    }
    println!("{label}:");
    summary("ExecuteIntent -> receipt's deposit SUCCEEDED", &mut relayed);
    summary("floor: a plain transfer sent and mined", &mut floor);
    service.app.records.store().close().await;
    std::fs::remove_dir_all(&scratch)?;
    Ok(())
}

#[tokio::main]
async fn main() -> Result<(), Failed> {
    let n = std::env::args().nth(1).map(|n| n.parse()).transpose()?.unwrap_or(50);
    run("Anvil, automatic mining", &[], n).await?;
    run("Anvil, one-second blocks", &["--block-time", "1"], n).await?;
    Ok(())
}
