//! A gasless intent relayed and executed on a real node, in one command (service/README.md,
//! "Relaying"): starts the local stack of `tests/it/support/stack.rs` (Anvil, the intent
//! wallet's contracts, Uniswap V2 with a funded SUSD/SEUR pool, the entrypoint), starts the
//! service on the stack's `service.json` with the stack's relayer key, and has the stack's
//! owner swap 100 SUSD for SEUR paid to another account: QuoteIntent, CommitIntent, then a
//! gasless ExecuteIntent (an intent signature and a permit for the entrypoint, signed by the
//! demo signer's code: the owner sends nothing). Each stage is printed as the receipt reports
//! it (the deposit the service relays, then the origin meta-transaction its executor sends),
//! with its transaction hash, and the balances before the deposit, after it and after the
//! origin transaction. Everything it starts stops when it ends; its database is a scratch
//! file it deletes.
//!
//! ```text
//! (cd chain && npm ci --ignore-scripts)
//! cargo run --release -p intent-service --example chain_demo
//! ```

#[path = "../tests/it/support/anvil.rs"]
mod anvil;
#[path = "../tests/it/support/stack.rs"]
mod stack;

use std::time::{Duration, Instant};

use alloy_primitives::{Address, U256};
use anvil::call;
use intent_contracts::IPermitToken;
use intent_core::eip712::EntrypointNames;
use intent_core::{from_slice, to_string, QuoteResponse};
use intent_service::chain::ChainView;
use intent_service::config::ServiceConfig;
use intent_service::relay::RelayerKey;
use intent_service::{demo, Service};
use k256::ecdsa::SigningKey;
use serde_json::{json, Value};
use stack::{Stack, StackChain, FEE_COLLECTOR, OWNER, RELAYER};

type Failed = Box<dyn std::error::Error + Send + Sync>;

/// The account the swap pays.
const RECIPIENT: usize = 3;

#[tokio::main]
async fn main() -> Result<(), Failed> {
    let stack = Stack::start(&stack::chain_ids(1), &[]).await?;
    let chain = &stack.chains[0];
    let bought = chain.tokens[1].address;
    println!(
        "stack: chain {} at {}, wallet factory {}, guest {}, Uniswap V2 router {}, entrypoint {}",
        chain.chain_id,
        chain.chain.endpoint(),
        chain.wallet.factory,
        chain.wallet.guest,
        chain.uniswap.router,
        chain.entrypoint
    );

    let scratch = std::env::temp_dir().join(format!("intent-chain-demo-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let config = ServiceConfig::parse(stack.service_json().to_string().as_bytes())?;
    let relayer = RelayerKey::parse(&chain.chain.key(RELAYER).to_bytes().to_string(), "the stack")?;
    println!("service relaying and executing from {}", relayer.address());
    let db = format!("sqlite://{}", scratch.join("demo.db").display());
    let service = Service::open_relaying(config.clone(), &db, &[], &[], false, Some(relayer)).await?;
    let router = service.router();

    let owner_key = SigningKey::from_slice(chain.chain.key(OWNER).to_bytes().as_slice())?;
    let recipient = chain.chain.address(RECIPIENT);
    let request = chain.sell_request(bought, 100, recipient, 0.01);
    let quote = call(&router, "QuoteIntent", &request).await?;
    let quote: QuoteResponse = from_slice(quote.to_string().as_bytes())?;
    let intent = &quote.intent;
    println!(
        "quote {}: {} SUSD (wei) for at least {} SEUR (wei) to {recipient}, at intent address {}",
        intent.intent_id, intent.deposit_transaction.amount, intent.quote.to_amount_min, intent.origin_intent_address
    );
    call(&router, "CommitIntent", &json!({ "intent": serde_json::from_str::<Value>(&to_string(intent))? })).await?;
    let accounts = [
        ("owner", chain.chain.address(OWNER)),
        ("intent address", intent.origin_intent_address),
        ("recipient", recipient),
        ("fee collector", chain.chain.address(FEE_COLLECTOR)),
    ];
    balances(chain, "before the deposit", &accounts).await?;

    let deadline = u64::try_from(intent_core::Timestamp::now().unix_seconds())? + 600;
    let mode = demo::Gasless::EntrypointWithPermit { nonce: U256::ZERO };
    let view = ChainView::new(config)?;
    let request = demo::gasless_request(&quote, &owner_key, mode, deadline, &EntrypointNames::DEFAULT, &view)?;
    let executed = call(&router, "ExecuteIntent", &serde_json::from_str(&to_string(&request))?).await?;
    println!("ExecuteIntent: {}", executed["intentStatus"]);

    // Each change of the receipt as WaitIntentReceipt answers it, each stage printed once
    // per status it reaches.
    let started = Instant::now();
    let (mut last_states, mut printed) = (None::<Value>, Vec::<String>::new());
    let receipt = loop {
        let mut body = json!({"intentId": intent.intent_id, "timeoutSeconds": 10});
        if let Some(states) = &last_states {
            body["lastReceiptStates"] = states.clone();
        }
        let answer = call(&router, "WaitIntentReceipt", &body).await?;
        let receipt = answer["intentReceipt"].clone();
        for (stage, member) in [("deposit", "depositTransaction"), ("origin", "originTransaction")] {
            let transaction = &receipt[member];
            let Some(status) = transaction["status"].as_str().filter(|status| *status != "PENDING") else { continue };
            let line = format!("{stage} {status} {}", transaction["txnHash"].as_str().unwrap_or("(no hash)"));
            if printed.contains(&line) {
                continue;
            }
            println!("{line}");
            printed.push(line);
            if stage == "deposit" && status == "SUCCEEDED" {
                balances(chain, "after the deposit", &accounts).await?;
            }
        }
        if answer["done"] == true {
            break receipt;
        }
        if started.elapsed() > Duration::from_secs(120) {
            return Err(format!("not done within two minutes: {receipt}").into());
        }
        last_states = Some(answer["receiptStates"].clone());
    };
    println!("intent {}", receipt["status"]);
    balances(chain, "after the origin transaction", &accounts).await?;
    println!("{}", serde_json::to_string_pretty(&receipt)?);

    service.app.records.store().close().await;
    std::fs::remove_dir_all(&scratch)?;
    if receipt["status"] != "SUCCEEDED" {
        return Err(format!("the intent ended {}", receipt["status"]).into());
    }
    Ok(())
}

/// Prints each account's balance of each test token, `when`.
async fn balances(chain: &StackChain, when: &str, accounts: &[(&str, Address)]) -> Result<(), Failed> {
    println!("balances {when} (wei):");
    for (who, address) in accounts {
        let mut line = format!("  {who} {address}:");
        for token in &chain.tokens {
            let balance = IPermitToken::new(token.address, chain.chain.provider()).balanceOf(*address).call().await?;
            line.push_str(&format!(" {balance} {}", token.symbol));
        }
        println!("{line}");
    }
    Ok(())
}
