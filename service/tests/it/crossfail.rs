//! Cross-chain intents through failures (docs/spec.md §6.9, §12 The executor), end to end on
//! the two-chain local stack of `tests/it/support/stack.rs` (each test its own pair of chain
//! ids, both chains mining a block a second), the service as a process on the stack's
//! `service.json` with the relayer's key ([`Restartable`]), the destination chain's node and
//! the attester behind proxies the test cuts ([`Proxy`]). Each test moves USDC from the
//! owner on the origin chain to the recipient on the destination chain (hash-mode deposit)
//! while something fails:
//!
//! - the attester is down for a while, then up: the intent waits (the ROUTE transaction
//!   PENDING, saying so; the wait reported past its bound on `/healthz`) and completes;
//! - the destination chain's node is down: the intent waits and completes when it returns;
//! - the service is killed between the burn and the mint (before the mint is sent, and
//!   again once it is sent and not mined), and between the mint and the destination
//!   transaction (sent, not mined): it completes after each restart;
//! - the origin chain is reorganised after the burn was mined and before it was attested
//!   (`anvil_reorg`): the burn goes back, is mined again, attested and minted once;
//! - two instances on one PostgreSQL database: each intent is executed once.
//!
//! Every case asserts on both chains: the recipient holds the deposit less the fees, the
//! wallets are empty, each transaction was sent once (the relayer's nonce on each chain,
//! the burns and the mints counted from the transmitters' logs), and the [`Ledger`] of
//! the owner, the recipient, the fee collector and both intent wallets accounts for every
//! unit of USDC on the two chains.

use std::future::Future;
use std::time::Duration;

use alloy_primitives::{B256, U256};
use alloy_provider::DynProvider;
use alloy_sol_types::SolEvent;
use intent_contracts::ICctpMessageTransmitter::{MessageReceived, MessageSent};
use intent_core::{from_slice, QuoteResponse};
use serde_json::{json, Value};

use crate::support::ledger::{Balances, Ledger};
use crate::support::nodes;
use crate::support::proxy::{through, Proxy};
use crate::support::restart::Restartable;
use crate::support::stack::{Stack, StackChain, ATTESTER_FEE, FEE_COLLECTOR, OWNER, RELAYER};
use crate::support::{commit_body, database, hash_request};

/// Who the intents pay, on the destination chain.
const RECIPIENT: usize = 3;

/// USDC an intent sends (6 decimals: 25 USDC).
const AMOUNT: u64 = 25_000_000;

/// How long any stage may take before a test gives up (a bound on a hang: no test asserts
/// a time).
const BOUND: Duration = Duration::from_secs(120);

/// A two-chain stack on a runtime of its own, the destination node and the attester behind
/// proxies, and the service's configuration pointed at them.
struct Cross {
    runtime: tokio::runtime::Runtime,
    stack: Stack,
    destination_node: Proxy,
    attester: Proxy,
    config: Value,
}

/// What the chains say was sent.
#[derive(Debug, PartialEq, Eq)]
struct Sent {
    /// Burns (MessageSent of the origin transmitter).
    burns: usize,
    /// Mints (MessageReceived of the destination transmitter).
    mints: usize,
    /// The relayer's transactions on the origin chain.
    origin: u64,
    /// The relayer's transactions on the destination chain.
    destination: u64,
}

/// Once each: the origin transaction (the burn) on the origin chain, the mint and the
/// destination transaction on the destination chain.
const ONCE: Sent = Sent { burns: 1, mints: 1, origin: 1, destination: 2 };

/// One intent of a test: its quote, its ledger and the balances read before its deposit,
/// and the deposit's hash.
struct Deposited {
    quote: QuoteResponse,
    ledger: Ledger,
    before: Balances,
    deposit: B256,
}

impl Cross {
    /// The stack on chains `origin` and `destination`, mining a block a second, with the
    /// service's configuration changed by `configure`.
    fn start(origin: u64, destination: u64, configure: impl FnOnce(&mut Value)) -> Cross {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
        let stack = runtime.block_on(async {
            let stack = Stack::start(&[origin, destination], &[]).await.expect("the stack starts (npm ci in chain/)");
            for chain in &stack.chains {
                chain.mine_every(1).await.unwrap();
            }
            stack
        });
        let destination_node = Proxy::in_front_of(&stack.chains[1].chain.endpoint());
        let attester = Proxy::in_front_of(&stack.attester_url);
        let mut config = stack.service_json();
        through(&mut config, destination, Some(&destination_node), Some(&attester));
        configure(&mut config);
        Cross { runtime, stack, destination_node, attester, config }
    }

    fn origin(&self) -> &StackChain {
        &self.stack.chains[0]
    }

    fn destination(&self) -> &StackChain {
        &self.stack.chains[1]
    }

    fn block_on<F: Future>(&self, future: F) -> F::Output {
        self.runtime.block_on(future)
    }

    /// A service process on `db` with the relayer's key; `name` names its files.
    fn service(&self, name: &str, db: &str) -> Restartable {
        let key = self.origin().chain.key(RELAYER).to_bytes().to_string();
        Restartable::start(name, &self.config, db, &key)
    }

    /// Quotes AMOUNT of the origin chain's USDC for the destination chain's, paid to the
    /// recipient, and commits it with `service`.
    fn quoted(&self, service: &Restartable) -> QuoteResponse {
        let (origin, destination) = (self.origin(), self.destination());
        let request = json!({
            "ownerAddress": origin.chain.address(OWNER), "originChainId": origin.chain_id,
            "originTokenAddress": origin.cctp.usdc, "destinationChainId": destination.chain_id,
            "destinationTokenAddress": destination.cctp.usdc,
            "destinationToAddress": destination.chain.address(RECIPIENT),
            "tradeType": "EXACT_INPUT", "originTokenAmount": AMOUNT.to_string(),
            "options": {"slippageTolerance": 0.01},
        });
        let quote: QuoteResponse =
            from_slice(service.rpc("QuoteIntent", &request.to_string()).to_string().as_bytes()).unwrap();
        service.rpc("CommitIntent", &commit_body(&quote));
        quote
    }

    /// The owner deposits `quote`'s amount at its origin intent address: the transfer's
    /// hash, once it is mined (the next one-second block).
    fn deposit(&self, quote: &QuoteResponse) -> B256 {
        let origin = self.origin();
        let intent = &quote.intent;
        let (token, to, amount) =
            (intent.deposit_transaction.token_address, intent.origin_intent_address, intent.deposit_transaction.amount);
        let hash = self.block_on(origin.deposit(token, to, amount)).unwrap();
        self.block_on(async {
            while !nodes::mined(origin.chain.provider(), hash).await {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        });
        hash
    }

    /// An intent quoted and committed with `service`, its ledger read, then deposited.
    fn deposited(&self, service: &Restartable) -> Deposited {
        let quote = self.quoted(service);
        let ledger = self.ledger(&quote);
        let before = self.block_on(ledger.read());
        let deposit = self.deposit(&quote);
        Deposited { quote, ledger, before, deposit }
    }

    /// ExecuteIntent with the deposit `hash`: EXECUTING.
    fn execute(&self, service: &Restartable, quote: &QuoteResponse, hash: B256) {
        let executed = service.rpc("ExecuteIntent", &hash_request(&quote.intent.intent_id, hash));
        assert_eq!(executed["intentStatus"], "EXECUTING", "{executed}");
    }

    /// The ledger of `quote`: the owner, the fee collector and the origin wallet on the
    /// origin chain, the recipient, the fee collector (the CCTP fee's), the owner (the
    /// leftovers') and the destination wallet on the destination chain, of USDC on both.
    fn ledger(&self, quote: &QuoteResponse) -> Ledger {
        let (origin, destination) = (self.origin(), self.destination());
        let (a, b) = (origin.chain_id, destination.chain_id);
        let intent = &quote.intent;
        let destination_wallet = intent.destination_intent_address.expect("a cross-chain intent has one");
        Ledger::new()
            .chain(a, origin.chain.provider().clone())
            .chain(b, destination.chain.provider().clone())
            .holder("owner", a, origin.chain.address(OWNER))
            .holder("fee collector", a, origin.chain.address(FEE_COLLECTOR))
            .holder("origin wallet", a, intent.origin_intent_address)
            .holder("recipient", b, destination.chain.address(RECIPIENT))
            .holder("fee collector", b, destination.chain.address(FEE_COLLECTOR))
            .holder("owner", b, destination.chain.address(OWNER))
            .holder("destination wallet", b, destination_wallet)
            .asset("USDC", &[(a, origin.cctp.usdc), (b, destination.cctp.usdc)])
    }

    /// What the chains say was sent.
    fn sent(&self) -> Sent {
        let (origin, destination) = (self.origin(), self.destination());
        let relayer = origin.chain.address(RELAYER);
        self.block_on(async {
            Sent {
                burns: nodes::count_logs(origin.chain.provider(), origin.cctp.transmitter, MessageSent::SIGNATURE_HASH)
                    .await,
                mints: nodes::count_logs(
                    destination.chain.provider(),
                    destination.cctp.transmitter,
                    MessageReceived::SIGNATURE_HASH,
                )
                .await,
                origin: nodes::sent(origin.chain.provider(), relayer).await,
                destination: nodes::sent(destination.chain.provider(), relayer).await,
            }
        })
    }

    /// Asserts what a completed transfer leaves: SUCCEEDED through every stage, the
    /// recipient paid the deposit less the service's fee (to the fee collector on the
    /// origin chain) and the attester's (minted to the fee collector on the destination
    /// chain), both wallets empty, each transaction once, every unit accounted for.
    fn assert_completed(&self, deposited: &Deposited, receipt: &Value) {
        let Deposited { quote, ledger, before, .. } = deposited;
        assert_eq!(receipt["status"], "SUCCEEDED", "{receipt:#}");
        for member in ["originTransaction", "routeTransaction", "destinationTransaction"] {
            assert_eq!(receipt[member]["status"], "SUCCEEDED", "{member}: {receipt:#}");
        }
        let after = self.block_on(ledger.read());
        ledger.assert_accounted(before, &after);
        let (origin, destination) = (self.origin(), self.destination());
        let (a, b) = (origin.chain_id, destination.chain_id);
        let intent = &quote.intent;
        let deposit = signed(intent.deposit_transaction.amount);
        let fee = after.delta(before, a, origin.cctp.usdc, origin.chain.address(FEE_COLLECTOR));
        assert_eq!(after.delta(before, a, origin.cctp.usdc, origin.chain.address(OWNER)), -deposit);
        let cctp_fee = after.delta(before, b, destination.cctp.usdc, destination.chain.address(FEE_COLLECTOR));
        assert_eq!(cctp_fee, i128::from(ATTESTER_FEE), "the attester's fee, minted once");
        let received = after.delta(before, b, destination.cctp.usdc, destination.chain.address(RECIPIENT));
        assert_eq!(received, deposit - fee - cctp_fee, "the recipient holds the deposit less the fees");
        assert!(received >= signed(intent.quote.to_amount_min), "{received} below toAmountMin");
        assert_eq!(after.of(a, origin.cctp.usdc, intent.origin_intent_address), U256::ZERO);
        let destination_wallet = intent.destination_intent_address.unwrap();
        assert_eq!(after.of(b, destination.cctp.usdc, destination_wallet), U256::ZERO);
        assert_eq!(self.sent(), ONCE, "each transaction once: {receipt:#}");
    }

    /// The node of the destination chain, read by the test directly (not through the proxy).
    fn destination_provider(&self) -> &DynProvider {
        self.destination().chain.provider()
    }
}

fn signed(value: U256) -> i128 {
    i128::try_from(value).expect("within i128")
}

/// The receipt's `member` transaction has `status`.
fn at(member: &'static str, status: &'static str) -> impl Fn(&Value) -> bool {
    move |receipt| receipt[member]["status"] == status
}

/// The receipt is no longer EXECUTING.
fn settled(receipt: &Value) -> bool {
    receipt["status"] != "EXECUTING"
}

#[test]
fn with_the_attester_down_the_intent_waits_after_the_burn_and_completes_once_it_is_up() {
    let run = Cross::start(31_338_301, 31_338_302, |config| config["attestation"]["waitBoundSeconds"] = json!(1));
    let service = run.service("crossfail-attester", &database("crossfail-attester"));
    let deposited = run.deposited(&service);
    let (quote, deposit) = (&deposited.quote, deposited.deposit);
    let id = quote.intent.intent_id.as_str();
    run.attester.cut();
    run.execute(&service, quote, deposit);

    // The burn is mined; the route waits for the attestation, and says so.
    let waiting = service.wait(id, BOUND, |r| {
        r["originTransaction"]["status"] == "SUCCEEDED"
            && r["routeTransaction"]["statusReason"].as_str().is_some_and(|why| why.contains("attestation"))
    });
    assert_eq!(waiting["status"], "EXECUTING", "{waiting:#}");
    assert_eq!(waiting["routeTransaction"]["status"], "PENDING", "{waiting:#}");
    // Past the configured bound, the wait is reported (and the intent still waits).
    wait_for(BOUND, || waiting_past_bound(&service) >= 1, || service.logs());
    assert_eq!(service.receipt(id)["status"], "EXECUTING");
    assert_eq!(run.sent(), Sent { burns: 1, mints: 0, origin: 1, destination: 0 }, "nothing minted yet");

    run.attester.restore();
    let receipt = service.wait(id, BOUND, settled);
    run.assert_completed(&deposited, &receipt);
    wait_for(BOUND, || waiting_past_bound(&service) == 0, || service.logs());
}

#[test]
fn with_the_destination_node_down_the_intent_waits_and_completes_when_it_returns() {
    let run = Cross::start(31_338_303, 31_338_304, |_| {});
    let service = run.service("crossfail-node", &database("crossfail-node"));
    let deposited = run.deposited(&service);
    let (quote, deposit) = (&deposited.quote, deposited.deposit);
    let id = quote.intent.intent_id.as_str();
    run.destination_node.cut();
    run.execute(&service, quote, deposit);

    // The burn is mined and attested (the attester reads the origin chain); the mint waits
    // for the destination chain's node.
    let waiting = service.wait(id, BOUND, |r| {
        r["originTransaction"]["status"] == "SUCCEEDED"
            && r["routeTransaction"]["statusReason"].as_str().is_some_and(|why| why.contains("waiting for the mint"))
    });
    assert_eq!(waiting["status"], "EXECUTING", "{waiting:#}");
    assert_eq!(waiting["routeTransaction"]["status"], "PENDING", "{waiting:#}");
    assert_eq!(run.sent(), Sent { burns: 1, mints: 0, origin: 1, destination: 0 });

    run.destination_node.restore();
    let receipt = service.wait(id, BOUND, settled);
    run.assert_completed(&deposited, &receipt);
}

#[test]
fn a_service_killed_between_the_burn_and_the_mint_completes_after_each_restart() {
    let run = Cross::start(31_338_305, 31_338_306, |_| {});
    let mut service = run.service("crossfail-kill-route", &database("crossfail-kill-route"));
    let deposited = run.deposited(&service);
    let (quote, deposit) = (&deposited.quote, deposited.deposit);
    let id = quote.intent.intent_id.as_str();

    // Killed after the burn, before the mint is sent (no attestation yet).
    run.attester.cut();
    run.execute(&service, quote, deposit);
    service.wait(id, BOUND, at("originTransaction", "SUCCEEDED"));
    service.kill();
    run.attester.restore();

    // Killed again once the mint is signed, stored and sent, not mined: the destination
    // chain mines nothing until the service is back.
    let destination = run.destination_provider();
    run.block_on(nodes::mine_every(destination, 0));
    run.block_on(nodes::automine(destination, false));
    service.restart();
    let sent = service.wait(id, BOUND, |r| r["routeTransaction"]["txnHash"].is_string());
    let mint: B256 = sent["routeTransaction"]["txnHash"].as_str().unwrap().parse().unwrap();
    assert!(!run.block_on(nodes::mined(destination, mint)), "not mined before the kill");
    service.kill();
    service.restart();
    run.block_on(run.destination().mine_every(1)).unwrap();

    let receipt = service.wait(id, BOUND, settled);
    run.assert_completed(&deposited, &receipt);
}

#[test]
fn a_service_killed_between_the_mint_and_the_destination_transaction_completes_after_a_restart() {
    let run = Cross::start(31_338_307, 31_338_308, |_| {});
    let mut service = run.service("crossfail-kill-destination", &database("crossfail-kill-destination"));
    let deposited = run.deposited(&service);
    let (quote, deposit) = (&deposited.quote, deposited.deposit);
    let id = quote.intent.intent_id.as_str();

    // The destination chain mines by hand: blocks while the mint is not yet judged, none
    // once it is, so that the destination transaction is sent and not mined.
    let destination = run.destination_provider();
    run.block_on(nodes::mine_every(destination, 0));
    run.block_on(nodes::automine(destination, false));
    run.execute(&service, quote, deposit);
    let started = std::time::Instant::now();
    let sent = loop {
        let receipt = service.receipt(id);
        if receipt["destinationTransaction"]["txnHash"].is_string() {
            break receipt;
        }
        assert!(!settled(&receipt) && started.elapsed() < BOUND, "{receipt:#}\n{}", service.logs());
        if receipt["routeTransaction"]["txnHash"].is_string() && receipt["routeTransaction"]["status"] != "SUCCEEDED" {
            run.block_on(nodes::mine(destination, 1));
        }
        std::thread::sleep(Duration::from_millis(300));
    };
    assert_eq!(sent["routeTransaction"]["status"], "SUCCEEDED", "{sent:#}");
    let hash: B256 = sent["destinationTransaction"]["txnHash"].as_str().unwrap().parse().unwrap();
    assert!(!run.block_on(nodes::mined(destination, hash)), "not mined before the kill");
    service.kill();
    service.restart();
    run.block_on(run.destination().mine_every(1)).unwrap();

    let receipt = service.wait(id, BOUND, settled);
    assert_eq!(receipt["destinationTransaction"]["txnHash"], sent["destinationTransaction"]["txnHash"]);
    run.assert_completed(&deposited, &receipt);
}

#[test]
fn a_burn_reorganised_away_before_its_attestation_is_mined_again_attested_and_minted_once() {
    let run = Cross::start(31_338_309, 31_338_310, |_| {});
    let service = run.service("crossfail-reorg", &database("crossfail-reorg"));
    let deposited = run.deposited(&service);
    let (quote, deposit) = (&deposited.quote, deposited.deposit);
    let id = quote.intent.intent_id.as_str();

    // The origin chain mines by hand: one block holds the burn, too few for the attester
    // (it signs at two), then the reorganisation replaces that block with an empty one.
    let origin = run.origin().chain.provider();
    run.block_on(nodes::mine_every(origin, 0));
    run.block_on(nodes::automine(origin, false));
    run.execute(&service, quote, deposit);
    let sent = service.wait(id, BOUND, |r| r["originTransaction"]["txnHash"].is_string());
    let burn: B256 = sent["originTransaction"]["txnHash"].as_str().unwrap().parse().unwrap();
    run.block_on(nodes::mine(origin, 1));
    service.wait(id, BOUND, at("originTransaction", "SUCCEEDED"));
    assert_eq!(run.sent(), Sent { burns: 1, mints: 0, origin: 1, destination: 0 });
    run.block_on(nodes::reorg(origin, 1));
    assert!(!run.block_on(nodes::mined(origin, burn)), "the burn is gone from the chain");
    assert_eq!(run.sent(), Sent { burns: 0, mints: 0, origin: 0, destination: 0 });

    // The service sees it gone and sends the stored transaction again; the chain mines on.
    service.wait(id, BOUND, |r| r["originTransaction"]["status"] != "SUCCEEDED");
    run.block_on(run.origin().mine_every(1)).unwrap();
    let receipt = service.wait(id, BOUND, settled);
    assert_eq!(receipt["originTransaction"]["txnHash"], json!(burn.to_string()), "the same signed burn");
    run.assert_completed(&deposited, &receipt);
}

#[test]
fn two_instances_on_one_postgresql_database_execute_a_cross_chain_intent_once() {
    let Some(db) = crate::support::postgres() else { return };
    let run = Cross::start(31_338_311, 31_338_312, |_| {});
    let (one, two) = (run.service("crossfail-two-a", &db), run.service("crossfail-two-b", &db));
    let deposited = run.deposited(&one);
    let (quote, deposit) = (&deposited.quote, deposited.deposit);
    let id = quote.intent.intent_id.as_str();
    run.execute(&two, quote, deposit);
    let receipt = one.wait(id, BOUND, settled);
    run.assert_completed(&deposited, &receipt);
    let other = two.receipt(id);
    for member in ["originTransaction", "routeTransaction", "destinationTransaction"] {
        assert_eq!(other[member], receipt[member], "{member}");
    }
}

/// The intents `service` reports waiting past the bound (`/metrics`).
fn waiting_past_bound(service: &Restartable) -> u64 {
    let metrics = service.get("/metrics");
    let line = metrics.lines().find_map(|line| line.strip_prefix("service_intents_waiting_past_bound "));
    line.and_then(|value| value.trim().parse::<f64>().ok()).map_or(0, |value| value as u64)
}

/// Waits until `done` holds, asked every 100 ms for at most `bound` (a bound on a hang).
fn wait_for(bound: Duration, done: impl Fn() -> bool, context: impl Fn() -> String) {
    let started = std::time::Instant::now();
    while !done() {
        assert!(started.elapsed() < bound, "{}", context());
        std::thread::sleep(Duration::from_millis(100));
    }
}
