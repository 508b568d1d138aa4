//! A cross-chain intent on two real nodes, in one command (service/README.md, first
//! section): starts the two-chain local stack of `tests/it/support/stack.rs` (chains 31337
//! and 31338, each with the intent wallet's contracts, Uniswap V2 pools, the entrypoint and
//! the CCTP V2 route; the local attester), both chains mining a block a second, deploys a
//! recording vault on the destination chain, and starts the service in process on the
//! stack's `service.json` with the stack's relayer key. Then the stack's owner swaps 100
//! SUSD on chain 31337 for SEUR on chain 31338 handed to the vault by a destination call
//! (`deposit(SEUR, toAmountMin)`): QuoteIntent, CommitIntent, and a gasless ExecuteIntent
//! (an intent signature and a permit for the entrypoint, signed by the demo signer's code
//! with the owner's key: the owner sends nothing). Each stage is printed as the receipt
//! reports it (the deposit the service relays, the origin transaction that swaps into USDC
//! and burns it, the ROUTE transaction that mints it on the other chain, the destination
//! transaction that swaps into SEUR and calls the vault), with its transaction hash and
//! what it waits for, then the balances before and after on both chains, what the vault
//! recorded, and whether every unit is accounted for. Everything it starts stops when it
//! ends; its database is a scratch file it deletes.
//!
//! ```text
//! (cd chain && npm ci --ignore-scripts)
//! cargo run --release -p intent-service --example chain_demo
//! ```

#[path = "../tests/it/support/anvil.rs"]
mod anvil;
#[path = "../tests/it/support/ledger.rs"]
mod ledger;
#[path = "../tests/it/support/stack.rs"]
mod stack;

use std::time::{Duration, Instant};

use alloy_primitives::{Address, Bytes, U256};
use alloy_sol_types::SolCall;
use anvil::call;
use intent_chain_tests::wallet::IRecordingVault;
use intent_core::eip712::EntrypointNames;
use intent_core::{from_slice, to_string, QuoteResponse};
use intent_service::chain::ChainView;
use intent_service::config::ServiceConfig;
use intent_service::relay::RelayerKey;
use intent_service::{demo, Service};
use k256::ecdsa::SigningKey;
use ledger::{Balances, Ledger};
use serde_json::{json, Value};
use stack::{Stack, StackChain, FEE_COLLECTOR, OWNER, RELAYER};

type Failed = Box<dyn std::error::Error + Send + Sync>;

/// Whole SUSD the owner sells.
const SOLD: u64 = 100;

/// The receipt's transactions in the order they happen: (stage, member).
const STAGES: [(&str, &str); 4] = [
    ("deposit", "depositTransaction"),
    ("origin", "originTransaction"),
    ("route", "routeTransaction"),
    ("destination", "destinationTransaction"),
];

#[tokio::main]
async fn main() -> Result<(), Failed> {
    let started = Instant::now();
    let stack = Stack::start(&stack::chain_ids(2), &[]).await?;
    for chain in &stack.chains {
        chain.mine_every(1).await?;
    }
    let (origin, destination) = (&stack.chains[0], &stack.chains[1]);
    for chain in &stack.chains {
        println!(
            "stack: chain {} at {} (CCTP domain {}), USDC {}, wallet factory {}, entrypoint {}",
            chain.chain_id,
            chain.chain.endpoint(),
            chain.cctp.domain,
            chain.cctp.usdc,
            chain.wallet.factory,
            chain.entrypoint
        );
    }
    println!("attester at {}; both chains mine a block a second", stack.attester_url);
    let vault = destination.chain.deploy("RecordingVault", &[]).await?;
    println!("recording vault on chain {}: {vault}", destination.chain_id);

    let scratch = std::env::temp_dir().join(format!("intent-chain-demo-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let config = ServiceConfig::parse(stack.service_json().to_string().as_bytes())?;
    let relayer = RelayerKey::parse(&origin.chain.key(RELAYER).to_bytes().to_string(), "the stack")?;
    println!("service relaying and executing from {} on both chains", relayer.address());
    let db = format!("sqlite://{}", scratch.join("demo.db").display());
    let service = Service::open_relaying(config.clone(), &db, &[], &[], false, Some(relayer)).await?;
    let router = service.router();

    // Quoted once without the call to learn the least SEUR that arrives, which the vault's
    // deposit then pulls (the call does not change the price).
    let (sold, bought) = (origin.tokens[0].address, destination.tokens[1].address);
    let mut request = json!({
        "ownerAddress": origin.chain.address(OWNER), "originChainId": origin.chain_id,
        "originTokenAddress": sold, "destinationChainId": destination.chain_id,
        "destinationTokenAddress": bought, "destinationToAddress": vault,
        "tradeType": "EXACT_INPUT", "originTokenAmount": intent_chain_tests::wallet::tokens(SOLD).to_string(),
        "options": {"slippageTolerance": 0.02},
    });
    let priced = call(&router, "QuoteIntent", &request).await?;
    let least: U256 = priced["intent"]["quote"]["toAmountMin"].as_str().ok_or("no toAmountMin")?.parse()?;
    let deposit_call = IRecordingVault::depositCall { token: bought, amount: least };
    request["destinationCallData"] = Bytes::from(deposit_call.abi_encode()).to_string().into();
    let quote: QuoteResponse = from_slice(call(&router, "QuoteIntent", &request).await?.to_string().as_bytes())?;
    let intent = &quote.intent;
    let destination_wallet = intent.destination_intent_address.ok_or("the quote has no destination intent address")?;
    println!(
        "quote {}: {SOLD} SUSD on chain {} for at least {least} SEUR (wei) on chain {}, deposited by the vault's \
         call; origin intent address {}, destination intent address {destination_wallet}; estimated {} s",
        intent.intent_id,
        origin.chain_id,
        destination.chain_id,
        intent.origin_intent_address,
        intent.quote.estimated_duration.map_or_else(|| "?".to_owned(), |seconds| seconds.to_string()),
    );
    call(&router, "CommitIntent", &json!({ "intent": serde_json::from_str::<Value>(&to_string(intent))? })).await?;

    let accounts = [
        (origin, "owner", origin.chain.address(OWNER)),
        (origin, "origin intent address", intent.origin_intent_address),
        (origin, "fee collector", origin.chain.address(FEE_COLLECTOR)),
        (destination, "owner", destination.chain.address(OWNER)),
        (destination, "destination intent address", destination_wallet),
        (destination, "vault (recipient)", vault),
        (destination, "fee collector", destination.chain.address(FEE_COLLECTOR)),
    ];
    let ledger = ledger_of(&stack, &accounts);
    let before = ledger.read().await;
    print_balances(&stack, "before", &accounts, &before);

    let owner_key = SigningKey::from_slice(origin.chain.key(OWNER).to_bytes().as_slice())?;
    let deadline = u64::try_from(intent_core::Timestamp::now().unix_seconds())? + 600;
    let mode = demo::Gasless::EntrypointWithPermit { nonce: U256::ZERO };
    let view = ChainView::new(config)?;
    let signed = demo::gasless_request(&quote, &owner_key, mode, deadline, &EntrypointNames::DEFAULT, &view)?;
    let executing = Instant::now();
    let executed = call(&router, "ExecuteIntent", &serde_json::from_str(&to_string(&signed))?).await?;
    println!("ExecuteIntent: {}", executed["intentStatus"]);

    let receipt = follow(&router, &intent.intent_id, executing).await?;
    println!("intent {} after {:.1} s", receipt["status"], executing.elapsed().as_secs_f64());
    let after = ledger.read().await;
    print_balances(&stack, "after", &accounts, &after);
    let recorded =
        IRecordingVault::new(vault, destination.chain.provider()).deposited(bought, destination_wallet).call().await?;
    println!("the vault recorded {recorded} SEUR (wei) deposited by the destination intent address");
    match ledger.unaccounted(&before, &after).as_str() {
        "" => println!(
            "accounted: every unit is with the owner, the recipient, the fee collector, the wallets or the pools"
        ),
        problems => println!("NOT accounted:\n{problems}"),
    }
    println!("done in {:.1} s", started.elapsed().as_secs_f64());

    service.app.records.store().close().await;
    std::fs::remove_dir_all(&scratch)?;
    if receipt["status"] != "SUCCEEDED" {
        return Err(format!("the intent ended {}", receipt["status"]).into());
    }
    Ok(())
}

/// Prints each change of the receipt's stages as WaitIntentReceipt answers them (a stage's
/// status with its hash, or what it waits for), until the intent is done: the receipt.
async fn follow(router: &axum::Router, intent_id: &str, since: Instant) -> Result<Value, Failed> {
    let (mut last_states, mut printed) = (None::<Value>, Vec::<String>::new());
    loop {
        let mut body = json!({"intentId": intent_id, "timeoutSeconds": 10});
        if let Some(states) = &last_states {
            body["lastReceiptStates"] = states.clone();
        }
        let answer = call(router, "WaitIntentReceipt", &body).await?;
        let receipt = answer["intentReceipt"].clone();
        for (stage, member) in STAGES {
            let transaction = &receipt[member];
            let Some(status) = transaction["status"].as_str() else { continue };
            let line = match (transaction["txnHash"].as_str(), transaction["statusReason"].as_str()) {
                (Some(hash), _) if status != "PENDING" => format!("{stage} {status} {hash}"),
                (_, Some(reason)) => format!("{stage} {status}: {reason}"),
                _ => continue,
            };
            if !printed.contains(&line) {
                println!("{:>6.1} s  {line}", since.elapsed().as_secs_f64());
                printed.push(line);
            }
        }
        if answer["done"] == true {
            return Ok(receipt);
        }
        if since.elapsed() > Duration::from_secs(120) {
            return Err(format!("not done within two minutes: {receipt}").into());
        }
        last_states = Some(answer["receiptStates"].clone());
    }
}

/// The ledger of the demo: `accounts` and every chain's pools as holders; USDC (one asset
/// over both chains: burned on one, minted on the other) and each test token per chain.
fn ledger_of(stack: &Stack, accounts: &[(&StackChain, &str, Address)]) -> Ledger {
    let mut ledger = Ledger::new();
    for chain in &stack.chains {
        ledger = ledger.chain(chain.chain_id, chain.chain.provider().clone()).holder(
            "SUSD/SEUR pool",
            chain.chain_id,
            chain.pair,
        );
        for (token, pair) in chain.tokens.iter().zip(&chain.usdc_pairs) {
            ledger = ledger.holder(&format!("{}/USDC pool", token.symbol), chain.chain_id, *pair);
        }
        for token in &chain.tokens {
            ledger =
                ledger.asset(&format!("{} on {}", token.symbol, chain.chain_id), &[(chain.chain_id, token.address)]);
        }
    }
    for (chain, name, address) in accounts {
        ledger = ledger.holder(name, chain.chain_id, *address);
    }
    let usdc: Vec<(u64, Address)> = stack.chains.iter().map(|chain| (chain.chain_id, chain.cctp.usdc)).collect();
    ledger.asset("USDC", &usdc)
}

/// Prints each account's balance of each token of its chain (wei; USDC in its 6 decimals).
fn print_balances(stack: &Stack, when: &str, accounts: &[(&StackChain, &str, Address)], balances: &Balances) {
    println!("balances {when}:");
    for chain in &stack.chains {
        for (_, name, address) in accounts.iter().filter(|(of, _, _)| of.chain_id == chain.chain_id) {
            let mut line = format!("  chain {} {name} {address}:", chain.chain_id);
            for token in &chain.tokens {
                line.push_str(&format!(" {} {}", balances.of(chain.chain_id, token.address, *address), token.symbol));
            }
            line.push_str(&format!(" {} USDC", balances.of(chain.chain_id, chain.cctp.usdc, *address)));
            println!("{line}");
        }
    }
}
