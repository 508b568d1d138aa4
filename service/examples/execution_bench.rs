//! What executing an intent costs on Anvil (BENCHMARKS.md, "Executing a same-chain swap on
//! Anvil"), in one run on the local stack of `tests/it/support/stack.rs`, each figure beside
//! its floor measured interleaved with it, round by round (alternating which goes first):
//!
//! 1. the time from ExecuteIntent (hash mode: the owner's deposit made before the clock
//!    starts) to the receipt's status SUCCEEDED (GetIntentReceipt read every 10 ms), with
//!    automatic mining and then with one-second blocks, beside the same Uniswap V2 swap sent
//!    directly by an account (approve, then swapExactTokensForTokens, each receipt read every
//!    10 ms) under the same mining;
//! 2. the gas the intent's origin transaction used, beside the direct approve + swap;
//! 3. QuoteIntent on the stack's configuration (the pool's reserves and the gas price read
//!    from the node) beside the same quote on that configuration without `rpcUrl` (a chain
//!    with `wallet` and `swap` but no node keeps the configured prices: docs/spec.md §12);
//! 4. with both chains mining a block a second (BENCHMARKS.md, "A cross-chain intent on
//!    Anvil"): a cross-chain intent (100 SUSD on the first chain for SEUR on the second:
//!    a swap into USDC and its burn, the attestation, the mint, a swap out of USDC) from
//!    ExecuteIntent to SUCCEEDED and the time each stage took (the origin transaction
//!    judged, the ROUTE transaction judged, the destination transaction judged), beside
//!    the same swap, burn, mint and swap sent directly by an account that asks the same
//!    attester, and beside the floor of the blocks the route must wait (the attester's
//!    confirmations on the origin chain, then one block for the mint and one for the
//!    destination transaction); the gas per chain beside the direct transactions'.
//!
//! The stack has two chains (the same-chain rounds run on the first). The service runs in
//! process (SQLite) with the stack's relayer key. Medians, minima and maxima are printed;
//! nothing is asserted about a time.
//!
//! ```text
//! (cd chain && npm ci --ignore-scripts)
//! cargo run -p intent-service --example execution_bench -- [--rounds N] [--cross-chain-rounds N]
//! ```

#[path = "../tests/it/support/anvil.rs"]
mod anvil;
#[path = "../tests/it/support/stack.rs"]
mod stack;

#[path = "execution_bench/cross_chain.rs"]
mod cross_chain;

use std::time::{Duration, Instant};

use alloy_network::TransactionBuilder;
use alloy_primitives::{Address, Bytes, B256, U256};
use alloy_provider::Provider;
use alloy_rpc_types_eth::{TransactionReceipt, TransactionRequest};
use alloy_sol_types::SolCall;
use anvil::call;
use clap::Parser;
use intent_chain_tests::wallet::tokens;
use intent_contracts::{IPermitToken, IUniswapV2Router02};
use intent_core::{from_slice, to_string, QuoteResponse};
use intent_service::config::ServiceConfig;
use intent_service::relay::RelayerKey;
use intent_service::Service;
use serde_json::{json, Value};
use stack::{Stack, StackChain, OWNER, RELAYER};

type Failed = Box<dyn std::error::Error + Send + Sync>;

/// Who the intents pay, and the account that swaps directly.
const RECIPIENT: usize = 3;
const TRADER: usize = 4;
/// Whole tokens sold per swap, by the intent and by the trader.
const AMOUNT: u64 = 100;

/// Measures intent execution against a direct swap, and the quote's pool reads.
#[derive(Debug, Parser)]
struct Args {
    /// Rounds per mining mode (one intent and one direct swap each); the quotes are timed
    /// ten times as often.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=200))]
    rounds: u32,
    /// Rounds of the cross-chain intent and its direct counterpart (0: none).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(0..=50))]
    cross_chain_rounds: u32,
}

/// Medians, minima and maxima of what one run measured.
#[derive(Default)]
struct Samples {
    intent: Vec<Duration>,
    direct: Vec<Duration>,
    intent_gas: Vec<u64>,
    direct_gas: Vec<u64>,
}

#[tokio::main]
async fn main() -> Result<(), Failed> {
    let args = Args::parse();
    let rounds = args.rounds as usize;
    let stack = Stack::start(&stack::chain_ids(2), &[]).await?;
    let chain = &stack.chains[0];
    let (sold, bought) = (chain.tokens[0].address, chain.tokens[1].address);
    let swaps = u64::from(args.rounds) * 2 * AMOUNT;
    chain.chain.mint(sold, chain.chain.address(OWNER), tokens(swaps)).await?;
    chain.chain.mint(sold, chain.chain.address(TRADER), tokens(swaps)).await?;

    let scratch = std::env::temp_dir().join(format!("intent-execution-bench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let db = |name: &str| format!("sqlite://{}", scratch.join(format!("{name}.db")).display());
    let mut config = stack.service_json();
    config["rateLimits"] = json!({"requestsPerSecond": 100_000, "burst": 100_000, "quotesPerMinute": 100_000});
    let key = RelayerKey::parse(&chain.chain.key(RELAYER).to_bytes().to_string(), "the bench")?;
    let service = Service::open_relaying(parse(&config)?, &db("node"), &[], &[], false, Some(key)).await?;
    let mut configured = config.clone();
    for chain in configured["chains"].as_array_mut().ok_or("no chains")? {
        let chain = chain.as_object_mut().ok_or("a chain is not an object")?;
        chain.remove("rpcUrl");
    }
    let priced = Service::open_relaying(parse(&configured)?, &db("prices"), &[], &[], false, None).await?;
    let (router, priced_router) = (service.router(), priced.router());

    let mut modes = Vec::new();
    for (label, block_time) in [("automatic mining", 0), ("one-second blocks", 1)] {
        if block_time > 0 {
            chain.mine_every(block_time).await?;
        }
        let mut samples = Samples::default();
        for round in 0..rounds {
            for intent_first in [round % 2 == 0, round % 2 != 0] {
                if intent_first {
                    let (elapsed, gas) = intent(chain, &router, bought).await?;
                    samples.intent.push(elapsed);
                    samples.intent_gas.push(gas);
                } else {
                    let (elapsed, gas) = direct(chain, sold, bought).await?;
                    samples.direct.push(elapsed);
                    samples.direct_gas.push(gas);
                }
            }
        }
        modes.push((label, samples));
    }

    // The quotes: the same request on both services, interleaved, alternating the first.
    let request = chain.sell_request(bought, AMOUNT, chain.chain.address(RECIPIENT), 0.01);
    let (mut read, mut prices) = (Vec::new(), Vec::new());
    for round in 0..rounds * 10 {
        for node_first in [round % 2 == 0, round % 2 != 0] {
            let (router, into) = if node_first { (&router, &mut read) } else { (&priced_router, &mut prices) };
            let started = Instant::now();
            call(router, "QuoteIntent", &request).await?;
            into.push(started.elapsed());
        }
    }

    let build = if cfg!(debug_assertions) { "a debug build" } else { "a release build" };
    println!("execution on Anvil, {rounds} rounds per mode, {build}");
    println!("{:<20} {:<44} {:>10} {:>10} {:>10}", "mining", "measured", "median", "min", "max");
    for (label, samples) in &mut modes {
        row(label, "ExecuteIntent -> receipt SUCCEEDED", &mut samples.intent);
        row(label, "floor: approve + swap sent directly, mined", &mut samples.direct);
    }
    let (intent_gas, direct_gas) = modes.iter().fold((Vec::new(), Vec::new()), |(mut i, mut d), (_, s)| {
        i.extend(&s.intent_gas);
        d.extend(&s.direct_gas);
        (i, d)
    });
    gas_row("gas: the intent's origin transaction", intent_gas);
    gas_row("gas: floor, approve + swap", direct_gas);
    row("quote", "QuoteIntent, pool and gas read from the node", &mut read);
    row("quote", "floor: the same, configured prices", &mut prices);
    let (read, prices) = (median(&read), median(&prices));
    println!("quote: the node's reads add {:.2} ms at the median", (read.as_secs_f64() - prices.as_secs_f64()) * 1e3);

    if args.cross_chain_rounds > 0 {
        cross_chain::run(&stack, &router, args.cross_chain_rounds as usize).await?;
    }

    service.app.records.store().close().await;
    priced.app.records.store().close().await;
    drop(stack);
    std::fs::remove_dir_all(&scratch)?;
    Ok(())
}

fn parse(config: &Value) -> Result<ServiceConfig, Failed> {
    Ok(ServiceConfig::parse(config.to_string().as_bytes())?)
}

/// One intent selling [`AMOUNT`] for `bought`: quoted, committed and deposited, then timed
/// from ExecuteIntent to SUCCEEDED; the time and the origin transaction's gas.
async fn intent(chain: &StackChain, router: &axum::Router, bought: Address) -> Result<(Duration, u64), Failed> {
    let request = chain.sell_request(bought, AMOUNT, chain.chain.address(RECIPIENT), 0.01);
    let quote = call(router, "QuoteIntent", &request).await?;
    let quote: QuoteResponse = from_slice(quote.to_string().as_bytes())?;
    let intent = &quote.intent;
    let body: Value = serde_json::from_str(&to_string(intent))?;
    call(router, "CommitIntent", &json!({ "intent": body })).await?;
    let (to, amount) = (intent.origin_intent_address, intent.deposit_transaction.amount);
    let deposit = chain.deposit(chain.tokens[0].address, to, amount).await?;
    let execute = json!({"intentId": intent.intent_id, "depositTransactionHash": deposit.to_string()});

    let started = Instant::now();
    call(router, "ExecuteIntent", &execute).await?;
    let receipt = loop {
        let receipt = call(router, "GetIntentReceipt", &json!({"intentId": intent.intent_id})).await?;
        let receipt = receipt["intentReceipt"].clone();
        if receipt["status"] != "EXECUTING" {
            break receipt;
        }
        if started.elapsed() > Duration::from_secs(60) {
            return Err(format!("still executing after a minute: {receipt}").into());
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    let elapsed = started.elapsed();
    if receipt["status"] != "SUCCEEDED" {
        return Err(format!("the intent did not succeed: {receipt}").into());
    }
    let hash: B256 = receipt["originTransaction"]["txnHash"].as_str().ok_or("no origin hash")?.parse()?;
    let mined = chain.chain.provider().get_transaction_receipt(hash).await?.ok_or("the origin is not mined")?;
    Ok((elapsed, mined.gas_used))
}

/// The floor: the trader approves the router for [`AMOUNT`] and swaps it for `bought`, each
/// sent and its receipt awaited; the time for both and their gas.
async fn direct(chain: &StackChain, sold: Address, bought: Address) -> Result<(Duration, u64), Failed> {
    let router = chain.uniswap.router;
    let trader = chain.chain.address(TRADER);
    let approve = IPermitToken::approveCall { spender: router, value: tokens(AMOUNT) };
    let swap = IUniswapV2Router02::swapExactTokensForTokensCall {
        amountIn: tokens(AMOUNT),
        amountOutMin: U256::ZERO,
        path: vec![sold, bought],
        to: trader,
        deadline: U256::MAX,
    };
    let started = Instant::now();
    let approved = mined(chain, trader, sold, approve.abi_encode().into()).await?;
    let swapped = mined(chain, trader, router, swap.abi_encode().into()).await?;
    let elapsed = started.elapsed();
    if !(approved.status() && swapped.status()) {
        return Err("the direct swap reverted".into());
    }
    Ok((elapsed, approved.gas_used + swapped.gas_used))
}

/// Sends `data` to `to` from `from` and reads its receipt every 10 ms until it is mined.
async fn mined(chain: &StackChain, from: Address, to: Address, data: Bytes) -> Result<TransactionReceipt, Failed> {
    let request = TransactionRequest::default().with_from(from).with_to(to).with_input(data);
    let provider = chain.chain.provider();
    let hash = *provider.send_transaction(request).await?.tx_hash();
    loop {
        if let Some(receipt) = provider.get_transaction_receipt(hash).await? {
            return Ok(receipt);
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

fn median<T: Copy + Ord>(samples: &[T]) -> T {
    let mut sorted = samples.to_vec();
    sorted.sort();
    sorted[sorted.len() / 2]
}

fn row(mode: &str, what: &str, samples: &mut [Duration]) {
    let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1e3);
    let (min, max) = (samples.iter().min().copied(), samples.iter().max().copied());
    let (Some(min), Some(max)) = (min, max) else { return };
    println!("{mode:<20} {what:<44} {:>10} {:>10} {:>10}", ms(median(samples)), ms(min), ms(max));
}

fn gas_row(what: &str, samples: Vec<u64>) {
    let (Some(min), Some(max)) = (samples.iter().min(), samples.iter().max()) else { return };
    println!("{:<20} {what:<44} {:>10} {:>10} {:>10}", "gas", median(&samples), min, max);
}
