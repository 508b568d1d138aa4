//! The cross-chain rounds of `execution_bench` (BENCHMARKS.md, "A cross-chain intent on
//! Anvil"): both chains mining a block a second, each round times one cross-chain intent
//! and the same work sent directly by an account (alternating which goes first):
//!
//! - the intent: [`AMOUNT`] SUSD on the first chain for SEUR on the second, EXACT_INPUT,
//!   2 % slippage, quoted, committed and deposited by the owner before the clock starts;
//!   timed from ExecuteIntent (hash mode) to SUCCEEDED, GetIntentReceipt read every 10 ms,
//!   with the moment each of the origin, ROUTE and destination transactions was first
//!   reported SUCCEEDED;
//! - the direct counterpart: the trader approves the Uniswap router and swaps SUSD for
//!   USDC, approves the token messenger and burns it for itself on the second chain (the
//!   intent's `maxFee` and finality), asks the same attester every 10 ms until the burn is
//!   attested, calls `receiveMessage` on the second chain, approves the router and swaps
//!   the USDC minted for SEUR; each transaction sent and its receipt read every 10 ms;
//! - the floor of the blocks: the attester's confirmations on the origin chain, then one
//!   block for the mint and one for the destination transaction, at one second a block.
//!
//! Gas is summed per chain: the intent's origin transaction, and its ROUTE and destination
//! transactions; the direct approve + swap + approve + burn, and receive + approve + swap.

use std::time::{Duration, Instant};

use alloy_primitives::{Address, Bytes, B256, U256};
use alloy_provider::Provider;
use alloy_rpc_types_eth::TransactionReceipt;
use alloy_sol_types::SolCall;
use intent_chain_tests::wallet::tokens;
use intent_contracts::{ICctpMessageTransmitter, ICctpTokenMessenger, IPermitToken, IUniswapV2Router02};
use intent_core::cctp::bytes32_of;
use intent_core::{from_slice, to_string, QuoteResponse};
use intent_service::attest::{Attestations, Attested, IrisClient};
use serde_json::{json, Value};

use super::stack::{Stack, StackChain, ATTESTER_CONFIRMATIONS, OWNER};
use super::{call, gas_row, row, Failed, AMOUNT, RECIPIENT, TRADER};

/// CCTP V2's finalized threshold, which the intent's burn asks for.
const FINALIZED: u32 = 2000;

/// What one round measured of one side: the total, the three stages, the gas per chain.
struct Sample {
    total: Duration,
    stages: [Duration; 3],
    gas: [u64; 2],
}

/// Runs `rounds` rounds on `stack`'s first two chains with the service behind `router`,
/// and prints the rows.
pub async fn run(stack: &Stack, router: &axum::Router, rounds: usize) -> Result<(), Failed> {
    let (origin, destination) = (&stack.chains[0], &stack.chains[1]);
    for chain in [origin, destination] {
        chain.mine_every(1).await?;
    }
    let spent = tokens(AMOUNT) * U256::from(rounds as u64);
    origin.chain.mint(origin.tokens[0].address, origin.chain.address(OWNER), spent).await?;
    origin.chain.mint(origin.tokens[0].address, origin.chain.address(TRADER), spent).await?;
    let attester = IrisClient::new(&stack.attester_url, Duration::from_secs(10))?;
    let max_fee: U256 = stack.service_json()["chains"][0]["cctp"]["maxFee"].as_str().unwrap_or("0").parse()?;

    let (mut intents, mut directs) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        for intent_first in [round % 2 == 0, round % 2 != 0] {
            if intent_first {
                intents.push(intent(origin, destination, router).await?);
            } else {
                directs.push(direct(origin, destination, &attester, max_fee).await?);
            }
        }
    }

    println!("a cross-chain intent, both chains mining a block a second, {rounds} rounds");
    let label = "cross-chain";
    let floor = Duration::from_secs(ATTESTER_CONFIRMATIONS + 2);
    let intent_stages = ["  origin transaction judged", "  ROUTE: attested, minted, judged", "  destination judged"];
    let direct_stages =
        ["  approve, swap, approve, burn mined", "  attested, receiveMessage mined", "  approve, swap mined"];
    for (what, stages, samples) in [
        ("ExecuteIntent -> SUCCEEDED", intent_stages, &intents),
        ("floor: sent directly, mined", direct_stages, &directs),
    ] {
        row(label, what, &mut samples.iter().map(|s| s.total).collect::<Vec<_>>());
        for (index, stage) in stages.iter().enumerate() {
            let mut times: Vec<Duration> = samples.iter().map(|s| s.stages[index]).collect();
            row(label, stage, &mut times);
        }
    }
    println!(
        "{label:<20} {:<44} {:>10}",
        "floor: blocks (confirmations + 1 per chain)",
        format!("{:.1} ms", floor.as_secs_f64() * 1e3)
    );
    for (index, chain) in ["origin chain", "destination chain"].iter().enumerate() {
        gas_row(&format!("{chain}: the intent's"), intents.iter().map(|s| s.gas[index]).collect());
        gas_row(&format!("{chain}: floor, direct"), directs.iter().map(|s| s.gas[index]).collect());
    }
    Ok(())
}

/// One cross-chain intent, quoted, committed and deposited, then timed from ExecuteIntent.
async fn intent(origin: &StackChain, destination: &StackChain, router: &axum::Router) -> Result<Sample, Failed> {
    let request = json!({
        "ownerAddress": origin.chain.address(OWNER), "originChainId": origin.chain_id,
        "originTokenAddress": origin.tokens[0].address, "destinationChainId": destination.chain_id,
        "destinationTokenAddress": destination.tokens[1].address,
        "destinationToAddress": destination.chain.address(RECIPIENT),
        "tradeType": "EXACT_INPUT", "originTokenAmount": tokens(AMOUNT).to_string(),
        "options": {"slippageTolerance": 0.02},
    });
    let quote: QuoteResponse = from_slice(call(router, "QuoteIntent", &request).await?.to_string().as_bytes())?;
    let intent = &quote.intent;
    let body: Value = serde_json::from_str(&to_string(intent))?;
    call(router, "CommitIntent", &json!({ "intent": body })).await?;
    let (to, amount) = (intent.origin_intent_address, intent.deposit_transaction.amount);
    let deposit = origin.deposit(origin.tokens[0].address, to, amount).await?;
    while origin.chain.provider().get_transaction_receipt(deposit).await?.is_none() {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let execute = json!({"intentId": intent.intent_id, "depositTransactionHash": deposit.to_string()});

    let members = ["originTransaction", "routeTransaction", "destinationTransaction"];
    let mut reached: [Option<Duration>; 3] = [None; 3];
    let started = Instant::now();
    call(router, "ExecuteIntent", &execute).await?;
    let receipt = loop {
        let receipt = call(router, "GetIntentReceipt", &json!({"intentId": intent.intent_id})).await?;
        let receipt = receipt["intentReceipt"].clone();
        for (member, at) in members.iter().zip(&mut reached) {
            if at.is_none() && receipt[member]["status"] == "SUCCEEDED" {
                *at = Some(started.elapsed());
            }
        }
        if receipt["status"] != "EXECUTING" {
            break receipt;
        }
        if started.elapsed() > Duration::from_secs(120) {
            return Err(format!("still executing after two minutes: {receipt}").into());
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    let total = started.elapsed();
    if receipt["status"] != "SUCCEEDED" {
        return Err(format!("the intent did not succeed: {receipt}").into());
    }
    let [Some(first), Some(second), Some(third)] = reached else {
        return Err(format!("a stage was never reported SUCCEEDED: {receipt}").into());
    };
    let mut used = [0u64; 2];
    for (index, (chain, member)) in
        [(origin, members[0]), (destination, members[1]), (destination, members[2])].into_iter().enumerate()
    {
        let hash: B256 = receipt[member]["txnHash"].as_str().ok_or("no hash")?.parse()?;
        let mined = chain.chain.provider().get_transaction_receipt(hash).await?.ok_or("not mined")?;
        used[usize::from(index > 0)] += mined.gas_used;
    }
    Ok(Sample { total, stages: [first, second - first, third - second], gas: used })
}

/// The same work sent directly by the trader, timed from its first transaction.
async fn direct(
    origin: &StackChain,
    destination: &StackChain,
    attester: &IrisClient,
    max_fee: U256,
) -> Result<Sample, Failed> {
    let trader = origin.chain.address(TRADER);
    let (susd, seur) = (origin.tokens[0].address, destination.tokens[1].address);
    let (usdc_a, usdc_b) = (origin.cctp.usdc, destination.cctp.usdc);
    let mut gas = [0u64; 2];
    let started = Instant::now();

    // The origin chain: swap into USDC, burn it for the trader on the destination chain.
    let before = origin.chain.token_balance(usdc_a, trader).await?;
    gas[0] += approve_and_swap(origin, trader, tokens(AMOUNT), [susd, usdc_a]).await?;
    let usdc = origin.chain.token_balance(usdc_a, trader).await? - before;
    let approve = IPermitToken::approveCall { spender: origin.cctp.messenger, value: usdc };
    gas[0] += mined(origin, trader, usdc_a, approve.abi_encode().into()).await?.gas_used;
    let burn = ICctpTokenMessenger::depositForBurnCall {
        amount: usdc,
        destinationDomain: destination.cctp.domain,
        mintRecipient: bytes32_of(trader),
        burnToken: usdc_a,
        destinationCaller: B256::ZERO,
        maxFee: max_fee,
        minFinalityThreshold: FINALIZED,
    };
    let burned = mined(origin, trader, origin.cctp.messenger, burn.abi_encode().into()).await?;
    gas[0] += burned.gas_used;
    let first = started.elapsed();

    // The attestation, then the mint on the destination chain.
    let (message, attestation) = loop {
        if let Some(Attested::Complete { message, attestation }) =
            attester.fetch(origin.cctp.domain, burned.transaction_hash).await?.into_iter().next()
        {
            break (message, attestation);
        }
        if started.elapsed() > Duration::from_secs(120) {
            return Err("the direct burn was not attested within two minutes".into());
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    let before = destination.chain.token_balance(usdc_b, trader).await?;
    let receive = ICctpMessageTransmitter::receiveMessageCall { message: Bytes::from(message.to_bytes()), attestation };
    gas[1] += mined(destination, trader, destination.cctp.transmitter, receive.abi_encode().into()).await?.gas_used;
    let minted = destination.chain.token_balance(usdc_b, trader).await? - before;
    let second = started.elapsed();

    // The destination chain: swap the USDC minted for SEUR.
    gas[1] += approve_and_swap(destination, trader, minted, [usdc_b, seur]).await?;
    let total = started.elapsed();
    Ok(Sample { total, stages: [first, second - first, total - second], gas })
}

/// `from` approves `chain`'s Uniswap router for `amount` of `path[0]` and swaps it along
/// `path` to itself: the gas of both.
async fn approve_and_swap(chain: &StackChain, from: Address, amount: U256, path: [Address; 2]) -> Result<u64, Failed> {
    let router = chain.uniswap.router;
    let approve = IPermitToken::approveCall { spender: router, value: amount };
    let swap = IUniswapV2Router02::swapExactTokensForTokensCall {
        amountIn: amount,
        amountOutMin: U256::ZERO,
        path: path.to_vec(),
        to: from,
        deadline: U256::MAX,
    };
    let approved = mined(chain, from, path[0], approve.abi_encode().into()).await?;
    let swapped = mined(chain, from, router, swap.abi_encode().into()).await?;
    Ok(approved.gas_used + swapped.gas_used)
}

/// [`super::mined`], a revert an error.
async fn mined(chain: &StackChain, from: Address, to: Address, data: Bytes) -> Result<TransactionReceipt, Failed> {
    let receipt = super::mined(chain, from, to, data).await?;
    if !receipt.status() {
        return Err(format!("{} to {to} reverted", receipt.transaction_hash).into());
    }
    Ok(receipt)
}
