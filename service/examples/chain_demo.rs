//! The gasless flow on a real node, in one command (service/README.md, "Relaying"):
//! starts Anvil from `chain/node_modules`, deploys the repository's entrypoint and an
//! ERC-2612 token, mints to the demo owner (`service/demo/owner.key`), starts the service
//! with the node's `rpcUrl` and a relayer key, and runs QuoteIntent, CommitIntent and a
//! gasless ExecuteIntent signed by the demo signer's code (an intent signature and a permit
//! for the entrypoint: the owner holds no ether and sends nothing), then waits for the
//! receipt's deposit to succeed and prints the receipts and the balances. Everything it
//! starts stops when it ends; its database is a scratch file it deletes.
//!
//! ```text
//! (cd chain && npm ci --ignore-scripts)
//! cargo run -p intent-service --example chain_demo
//! ```

#[path = "../tests/it/support/anvil.rs"]
mod anvil;

use anvil::call;

use std::time::{Duration, Instant};

use alloy_primitives::{Address, B256, U256};
use intent_contracts::{IPermitToken, IServiceIntentEntrypoint};
use intent_core::eip712::EntrypointNames;
use intent_core::{from_slice, to_string, QuoteResponse};
use intent_service::chain::ChainView;
use intent_service::config::ServiceConfig;
use intent_service::relay::RelayerKey;
use intent_service::{demo, Service};
use k256::ecdsa::SigningKey;
use serde_json::{json, Value};

type Failed = Box<dyn std::error::Error>;

#[tokio::main]
async fn main() -> Result<(), Failed> {
    let node = anvil::deploy(&[]).await;
    let chain = &node.chain;
    println!("anvil at {}: entrypoint {}, token {}", chain.endpoint(), node.entrypoint, node.token);

    let owner_text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/demo/owner.key"))?;
    let owner_key = SigningKey::from_slice(owner_text.trim().parse::<B256>()?.as_slice())?;
    let owner = Address::from_private_key(&owner_key);
    let minted = U256::from(1_000u64) * U256::from(10u64).pow(U256::from(18u64));
    chain.mint(node.token, owner, minted).await?;

    let scratch = std::env::temp_dir().join(format!("intent-chain-demo-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let config = ServiceConfig::parse(node.config().to_string().as_bytes())?;
    let relayer = RelayerKey::parse(&node.relayer_key(anvil::RELAYER), "the demo")?;
    println!("relayer {}", relayer.address());
    let db = format!("sqlite://{}", scratch.join("demo.db").display());
    let service = Service::open_relaying(config.clone(), &db, &[], &[], false, Some(relayer)).await?;
    let router = service.router();

    let quote = call(&router, "QuoteIntent", &node.quote_request(owner)).await?;
    let quote: QuoteResponse = from_slice(quote.to_string().as_bytes())?;
    let intent_id = quote.intent.intent_id.clone();
    call(&router, "CommitIntent", &json!({ "intent": serde_json::from_str::<Value>(&to_string(&quote.intent))? }))
        .await?;
    let deadline = u64::try_from(intent_core::Timestamp::now().unix_seconds())? + 600;
    let mode = demo::Gasless::EntrypointWithPermit { nonce: U256::ZERO };
    let request =
        demo::gasless_request(&quote, &owner_key, mode, deadline, &EntrypointNames::DEFAULT, &ChainView::new(config)?)?;
    let executed = call(&router, "ExecuteIntent", &serde_json::from_str(&to_string(&request))?).await?;
    println!("ExecuteIntent {intent_id}: {executed}");

    let started = Instant::now();
    let mut last_states: Option<Value> = None;
    let receipt = loop {
        let mut body = json!({"intentId": intent_id, "timeoutSeconds": 10});
        if let Some(states) = &last_states {
            body["lastReceiptStates"] = states.clone();
        }
        let answer = call(&router, "WaitIntentReceipt", &body).await?;
        let receipt = answer["intentReceipt"].clone();
        let deposit = &receipt["depositTransaction"];
        println!("receipt: {} deposit {} {}", receipt["status"], deposit["status"], deposit["txnHash"]);
        match deposit["status"].as_str() {
            Some("SUCCEEDED") => break receipt,
            Some("REVERTED" | "FAILED") => return Err(format!("the deposit failed: {receipt}").into()),
            _ if started.elapsed() > Duration::from_secs(60) => return Err("no deposit within a minute".into()),
            _ => last_states = Some(answer["receiptStates"].clone()),
        }
    };
    println!("{}", serde_json::to_string_pretty(&receipt)?);

    let token = IPermitToken::new(node.token, chain.provider());
    let fee = &request.deposit_signature.as_ref().ok_or("no deposit signature")?.selected_gas_fee_option;
    for (who, address) in [
        ("owner", owner),
        ("intent address", quote.intent.origin_intent_address),
        ("fee collector", fee.fee_collector_address),
    ] {
        println!("balance of the {who} {address}: {} RTT (wei)", token.balanceOf(address).call().await?);
    }
    let entrypoint = IServiceIntentEntrypoint::new(node.entrypoint, chain.provider());
    println!(
        "owner's nonces: entrypoint {}, permit {}",
        entrypoint.nonces(owner).call().await?,
        token.nonces(owner).call().await?
    );

    service.app.records.store().close().await;
    std::fs::remove_dir_all(&scratch)?;
    Ok(())
}
