//! Cross-chain intents end to end (docs/spec.md §12, The executor; §6.9) on the local stack
//! of `tests/it/support/stack.rs` with two chains (each test its own pair of chain ids), the
//! service on the stack's `service.json` with the relayer's key (the same on both chains),
//! driven over its router: quoted, committed, deposited by the owner at the origin intent
//! address in hash mode, executed, then moved by the service alone: the origin bundle burns
//! the USDC for the destination intent address, the local attester attests the burn, the
//! service mints it on the destination chain (the ROUTE transaction) and runs the
//! destination bundle. Both chains mine a block a second, so that the attester's
//! confirmations come without traffic. Balances are read from both chains.
//!
//! The cases: a USDC transfer (the recipient gets the deposit less the service fee and the
//! CCTP fee, the fee collector both); a swap on each side, EXACT_INPUT and EXACT_OUTPUT; a
//! destination call into `chain/contracts/test/RecordingVault.sol` (the owner gets what it
//! did not pull, on the destination chain); an origin swap whose pool moved (REFUNDED on
//! the origin chain, nothing minted); a destination call that reverts (FAILED, the bridged
//! USDC with the owner on the destination chain, the receipt saying how much and where); a
//! destination swap whose pool moved (FAILED, the bridged USDC with the recipient); an attester that cannot
//! be reached (the ROUTE transaction PENDING with why, the wait reported past its bound on
//! `/healthz`, RuntimeStatus and the metrics); a mint someone else sent first (adopted: the
//! service mints nothing). The other failures of nodes, attester and service are
//! `crossfail`'s.

use std::time::{Duration, Instant};

use crate::support::stack::{Stack, StackChain, ATTESTER_FEE, FEE_COLLECTOR, OWNER, RELAYER};
use crate::support::{call_in_process, commit_body, hash_request, ACCESS_KEY, OPERATOR_KEY};
use alloy_primitives::{Address, B256, U256};
use alloy_provider::Provider;
use alloy_sol_types::SolCall;
use intent_chain_tests::wallet::{tokens, IRecordingVault};
use intent_core::{from_slice, QuoteResponse};
use intent_service::config::ServiceConfig;
use intent_service::relay::RelayerKey;
use intent_service::Service;
use serde_json::{json, Value};

/// Who the intents pay, on the destination chain.
const RECIPIENT: usize = 3;

/// A stack of two chains and a service on both, in process.
struct CrossChain {
    stack: Stack,
    router: axum::Router,
}

impl CrossChain {
    /// The stack on chains `origin` and `destination` (each test its own, so that tests
    /// sharing one database never drive each other's intents), mining a block a second, and
    /// a service on database `name` with the relayer's key.
    async fn start(origin: u64, destination: u64, name: &str) -> CrossChain {
        CrossChain::configured(origin, destination, name, |_| {}).await
    }

    /// The same, the service's configuration changed by `configure`.
    async fn configured(origin: u64, destination: u64, name: &str, configure: impl FnOnce(&mut Value)) -> CrossChain {
        let stack = Stack::start(&[origin, destination], &[]).await.expect("the stack starts (npm ci in chain/)");
        for chain in &stack.chains {
            chain.mine_every(1).await.unwrap();
        }
        let mut config = stack.service_json();
        configure(&mut config);
        let config = ServiceConfig::parse(config.to_string().as_bytes()).unwrap();
        let chain = &stack.chains[0].chain;
        let key = RelayerKey::parse(&chain.key(RELAYER).to_bytes().to_string(), "stack").unwrap();
        let db = crate::support::database(name);
        let service = Service::open_relaying(config, &db, &[], &[], false, Some(key)).await.unwrap();
        CrossChain { router: service.router(), stack }
    }

    fn origin(&self) -> &StackChain {
        &self.stack.chains[0]
    }

    fn destination(&self) -> &StackChain {
        &self.stack.chains[1]
    }

    async fn rpc(&self, operation: &str, body: &str) -> Value {
        let path = format!("/rpc/Service/{operation}");
        let (status, answer) = call_in_process(&self.router, &path, &[("x-access-key", ACCESS_KEY)], body).await;
        assert_eq!(status, 200, "{operation}: {answer}");
        answer
    }

    /// A QuoteIntent body: the owner sends `amount` (in the origin token's smallest units)
    /// of `from` on the origin chain for `to` on the destination chain, paid to
    /// `recipient`, EXACT_INPUT with 1% slippage.
    fn request(&self, from: Address, amount: U256, to: Address, recipient: Address) -> Value {
        json!({
            "ownerAddress": self.origin().chain.address(OWNER), "originChainId": self.origin().chain_id,
            "originTokenAddress": from, "destinationChainId": self.destination().chain_id,
            "destinationTokenAddress": to, "destinationToAddress": recipient,
            "tradeType": "EXACT_INPUT", "originTokenAmount": amount.to_string(),
            "options": {"slippageTolerance": 0.01},
        })
    }

    /// Quotes, commits, deposits (the owner, at the origin intent address) and executes
    /// `request`: the quote and its receipt once it is no longer EXECUTING.
    async fn run(&self, request: Value) -> (QuoteResponse, Value) {
        let quote = self.executing(request).await;
        let receipt = self.settled(&quote.intent.intent_id).await;
        (quote, receipt)
    }

    /// Quotes, commits, deposits and executes `request`: its quote, EXECUTING.
    async fn executing(&self, request: Value) -> QuoteResponse {
        let quote = self.committed(request).await;
        self.execute(&quote).await;
        quote
    }

    /// Quotes and commits `request`: its quote.
    async fn committed(&self, request: Value) -> QuoteResponse {
        let quote = self.rpc("QuoteIntent", &request.to_string()).await;
        let quote: QuoteResponse = from_slice(quote.to_string().as_bytes()).unwrap();
        self.rpc("CommitIntent", &commit_body(&quote)).await;
        quote
    }

    /// Deposits (the owner, at the origin intent address) and executes the committed `quote`.
    async fn execute(&self, quote: &QuoteResponse) {
        let intent = &quote.intent;
        let (token, to, amount) =
            (intent.deposit_transaction.token_address, intent.origin_intent_address, intent.deposit_transaction.amount);
        let deposit = self.origin().deposit(token, to, amount).await.unwrap();
        let executed = self.rpc("ExecuteIntent", &hash_request(&intent.intent_id, deposit)).await;
        assert_eq!(executed["intentStatus"], "EXECUTING", "{executed}");
    }

    /// The receipt of `intent_id` once its burn waits for an attester that does not answer
    /// (within two minutes).
    async fn waiting_for_the_attester(&self, intent_id: &str) -> Value {
        let body = json!({"intentId": intent_id}).to_string();
        let started = Instant::now();
        loop {
            let receipt = self.rpc("GetIntentReceipt", &body).await["intentReceipt"].clone();
            let reason = receipt["routeTransaction"]["statusReason"].as_str().unwrap_or_default();
            if reason.contains("attester unavailable") {
                return receipt;
            }
            assert!(started.elapsed() < Duration::from_secs(120), "not waiting for the attester: {receipt}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// The receipt of `intent_id` once it is no longer EXECUTING (within two minutes).
    async fn settled(&self, intent_id: &str) -> Value {
        let started = Instant::now();
        loop {
            let body = json!({"intentId": intent_id}).to_string();
            let receipt = self.rpc("GetIntentReceipt", &body).await["intentReceipt"].clone();
            if receipt["status"] != "EXECUTING" {
                return receipt;
            }
            assert!(started.elapsed() < Duration::from_secs(120), "still executing: {receipt}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// `GET path` with the operator key: the body.
    async fn get(&self, path: &str) -> String {
        use tower::ServiceExt;
        let request =
            axum::http::Request::get(path).header("x-access-key", OPERATOR_KEY).body(axum::body::Body::empty());
        let response = self.router.clone().oneshot(request.unwrap()).await.unwrap();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// The relayer's transactions mined on `chain`.
    async fn relayer_nonce(chain: &StackChain) -> u64 {
        chain.chain.provider().get_transaction_count(chain.chain.address(RELAYER)).await.unwrap()
    }
}

/// Asserts that `receipt` SUCCEEDED through every stage: the origin transaction on the
/// origin chain, the ROUTE transaction (the mint, CCTPV2_MESSAGE) and the destination
/// transaction on the destination chain, each mined from the relayer's key and sent once.
async fn assert_succeeded(run: &CrossChain, receipt: &Value) {
    assert_eq!(receipt["status"], "SUCCEEDED", "{receipt}");
    let (origin, destination) = (run.origin(), run.destination());
    for (member, chain) in
        [("originTransaction", origin), ("routeTransaction", destination), ("destinationTransaction", destination)]
    {
        let transaction = &receipt[member];
        assert_eq!(transaction["status"], "SUCCEEDED", "{member}: {receipt}");
        assert_eq!(transaction["chainId"], json!(chain.chain_id), "{member}: {receipt}");
        let hash: B256 = transaction["txnHash"].as_str().unwrap().parse().unwrap();
        let mined = chain.chain.provider().get_transaction_receipt(hash).await.unwrap().expect("mined");
        assert!(mined.status(), "{member}");
        assert_eq!(mined.from, chain.chain.address(RELAYER), "{member} sent from the relayer's key");
    }
    assert_eq!(receipt["routeTransaction"]["type"], "ROUTE", "{receipt}");
    assert_eq!(receipt["routeTransaction"]["context"], "CCTPV2_MESSAGE", "{receipt}");
    assert_eq!(receipt["routeTransaction"]["to"], receipt["destinationTransaction"]["from"], "{receipt}");
    assert_eq!(CrossChain::relayer_nonce(origin).await, 1, "the origin transaction, sent once");
    assert_eq!(CrossChain::relayer_nonce(destination).await, 2, "the mint and the destination transaction, each once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cross_chain_usdc_transfer_is_burned_attested_minted_and_delivered() {
    let run = CrossChain::start(31_338_101, 31_338_102, "crosschain-usdc").await;
    let (origin, destination) = (run.origin(), run.destination());
    let (usdc_a, usdc_b) = (origin.cctp.usdc, destination.cctp.usdc);
    let owner = origin.chain.address(OWNER);
    let recipient = destination.chain.address(RECIPIENT);
    let owner_before = origin.chain.token_balance(usdc_a, owner).await.unwrap();
    let received_before = destination.chain.token_balance(usdc_b, recipient).await.unwrap();
    let (collector_a, collector_b) = (origin.chain.address(FEE_COLLECTOR), destination.chain.address(FEE_COLLECTOR));
    let collected_before =
        (balance(origin, usdc_a, collector_a).await, balance(destination, usdc_b, collector_b).await);
    let amount = U256::from(25_000_000u64);

    let (quote, receipt) = run.run(run.request(usdc_a, amount, usdc_b, recipient)).await;
    assert_succeeded(&run, &receipt).await;

    let intent = &quote.intent;
    let fee = intent.fees.service_fee_total;
    let received = destination.chain.token_balance(usdc_b, recipient).await.unwrap() - received_before;
    assert!(received >= intent.quote.to_amount_min, "{received} < {}", intent.quote.to_amount_min);
    // What was burned (the deposit less the service fee) arrives less the fee the
    // attester executed, which the destination's messenger pays the fee collector.
    let attester_fee = U256::from(ATTESTER_FEE);
    assert_eq!(received, amount - fee - attester_fee, "the deposit less the service fee and the CCTP fee");
    assert_eq!(balance(origin, usdc_a, collector_a).await - collected_before.0, fee);
    assert_eq!(balance(destination, usdc_b, collector_b).await - collected_before.1, attester_fee);
    assert_eq!(origin.chain.token_balance(usdc_a, owner).await.unwrap(), owner_before - amount);
    assert_eq!(origin.chain.token_balance(usdc_a, intent.origin_intent_address).await.unwrap(), U256::ZERO);
    let wallet = intent.destination_intent_address.expect("a destination intent address");
    assert_eq!(destination.chain.token_balance(usdc_b, wallet).await.unwrap(), U256::ZERO);
}

/// The balances a test reads before and after, by (chain, token, holder).
async fn balance(chain: &StackChain, token: Address, holder: Address) -> U256 {
    chain.chain.token_balance(token, holder).await.unwrap()
}

/// Asserts that neither intent address holds any of `tokens` (on its own chain).
async fn assert_wallets_empty(run: &CrossChain, quote: &QuoteResponse, origin: &[Address], destination: &[Address]) {
    let intent = &quote.intent;
    for token in origin {
        assert_eq!(balance(run.origin(), *token, intent.origin_intent_address).await, U256::ZERO, "origin {token}");
    }
    let wallet = intent.destination_intent_address.expect("a destination intent address");
    for token in destination {
        assert_eq!(balance(run.destination(), *token, wallet).await, U256::ZERO, "destination {token}");
    }
}

/// Sells the origin chain's first token for the destination chain's second, paid to the
/// recipient, with the request `edit` changed; asserts it SUCCEEDED and left both intent
/// addresses empty. Returns the quote, what the recipient received and what the owner spent.
async fn swap_on_each_side(run: &CrossChain, edit: impl FnOnce(&mut Value)) -> (QuoteResponse, U256, U256) {
    let (origin, destination) = (run.origin(), run.destination());
    let (sold, bought) = (origin.tokens[0].address, destination.tokens[1].address);
    let owner = origin.chain.address(OWNER);
    let recipient = destination.chain.address(RECIPIENT);
    let owner_before = balance(origin, sold, owner).await;
    let received_before = balance(destination, bought, recipient).await;
    let mut request = run.request(sold, tokens(100), bought, recipient);
    edit(&mut request);

    let (quote, receipt) = run.run(request).await;
    assert_succeeded(run, &receipt).await;
    assert_wallets_empty(run, &quote, &[sold, origin.cctp.usdc], &[destination.cctp.usdc, bought]).await;
    let received = balance(destination, bought, recipient).await - received_before;
    let spent = owner_before - balance(origin, sold, owner).await;
    (quote, received, spent)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cross_chain_swap_on_each_side_pays_the_recipient_at_least_the_minimum() {
    let run = CrossChain::start(31_338_111, 31_338_112, "crosschain-swaps").await;
    let (quote, received, spent) = swap_on_each_side(&run, |_| {}).await;
    let minimum = quote.intent.quote.to_amount_min;
    assert!(received >= minimum, "{received} < {minimum}");
    assert_eq!(spent, tokens(100));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cross_chain_exact_output_swap_on_each_side_pays_the_recipient_the_amount() {
    let run = CrossChain::start(31_338_121, 31_338_122, "crosschain-exact-output").await;
    let (quote, received, spent) = swap_on_each_side(&run, |request| {
        let object = request.as_object_mut().unwrap();
        object.remove("originTokenAmount");
        object.insert("tradeType".into(), "EXACT_OUTPUT".into());
        object.insert("destinationTokenAmount".into(), tokens(40).to_string().into());
    })
    .await;
    assert!(received >= tokens(40), "{received} < 40 tokens");
    assert!(received >= quote.intent.quote.to_amount_min);
    assert_eq!(spent, quote.intent.deposit_transaction.amount);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cross_chain_destination_call_hands_the_vault_the_bridged_usdc() {
    let run = CrossChain::start(31_338_131, 31_338_132, "crosschain-call").await;
    let (origin, destination) = (run.origin(), run.destination());
    let (usdc_a, usdc_b) = (origin.cctp.usdc, destination.cctp.usdc);
    let vault = destination.chain.deploy("RecordingVault", &[]).await.expect("the test vault deploys");
    let owner = destination.chain.address(OWNER);
    let owner_before = balance(destination, usdc_b, owner).await;
    // The vault pulls the quote's toAmountMin (learnt from a quote without the call, which
    // does not change it) of the 20 USDC sent; what arrives beyond it goes to the owner
    // on the destination chain.
    let mut request = run.request(usdc_a, U256::from(20_000_000u64), usdc_b, vault);
    let least = run.rpc("QuoteIntent", &request.to_string()).await["intent"]["quote"]["toAmountMin"].clone();
    let least: U256 = least.as_str().unwrap().parse().unwrap();
    calls_vault_deposit(&mut request, usdc_b, least);

    let (quote, receipt) = run.run(request).await;
    assert_succeeded(&run, &receipt).await;

    let intent = &quote.intent;
    assert_eq!(intent.quote.to_amount_min, least);
    let wallet = intent.destination_intent_address.unwrap();
    let recorded = IRecordingVault::new(vault, destination.chain.provider()).deposited(usdc_b, wallet).call().await;
    assert_eq!(recorded.unwrap(), least, "the vault recorded what the wallet's call deposited");
    assert_eq!(balance(destination, usdc_b, vault).await, least);
    let minted = U256::from(20_000_000u64) - intent.fees.service_fee_total - U256::from(ATTESTER_FEE);
    assert_eq!(balance(destination, usdc_b, owner).await - owner_before, minted - least, "the rest to the owner");
    assert_wallets_empty(&run, &quote, &[usdc_a], &[usdc_b]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_origin_swap_refunds_the_owner_on_the_origin_chain_and_nothing_is_bridged() {
    const MOVER: usize = 4;
    let run = CrossChain::start(31_338_141, 31_338_142, "crosschain-origin-fails").await;
    let (origin, destination) = (run.origin(), run.destination());
    let (sold, usdc_a) = (origin.tokens[0].address, origin.cctp.usdc);
    let owner = origin.chain.address(OWNER);
    let recipient = destination.chain.address(RECIPIENT);
    let owner_before = balance(origin, sold, owner).await;
    let mut request = run.request(sold, tokens(100), destination.cctp.usdc, recipient);
    request["options"]["slippageTolerance"] = json!(0.001);
    let quote = run.rpc("QuoteIntent", &request.to_string()).await;
    let quote: QuoteResponse = from_slice(quote.to_string().as_bytes()).unwrap();
    run.rpc("CommitIntent", &commit_body(&quote)).await;
    let intent = &quote.intent;
    let deposit = origin.deposit(sold, intent.origin_intent_address, intent.deposit_transaction.amount).await.unwrap();

    // Someone swaps a fifth of the pool's token in before the intent runs: the price of
    // USDC moves far beyond the quote's slippage.
    origin.move_price(MOVER, [sold, usdc_a], tokens(200_000)).await.unwrap();
    let executed = run.rpc("ExecuteIntent", &hash_request(&intent.intent_id, deposit)).await;
    assert_eq!(executed["intentStatus"], "EXECUTING", "{executed}");
    let receipt = run.settled(&intent.intent_id).await;

    assert_eq!(receipt["status"], "REFUNDED", "{receipt}");
    assert_eq!(receipt["originTransaction"]["status"], "FAILED", "{receipt}");
    let refund = &receipt["refundTransaction"];
    assert_eq!(
        (&refund["status"], &refund["txnHash"]),
        (&"SUCCEEDED".into(), &receipt["originTransaction"]["txnHash"])
    );
    // The owner is repaid on the origin chain in the same transaction, less the fee.
    assert_eq!(balance(origin, sold, owner).await, owner_before - intent.fees.service_fee_total);
    assert_eq!(balance(destination, destination.cctp.usdc, recipient).await, U256::ZERO);
    assert_eq!(CrossChain::relayer_nonce(destination).await, 0, "nothing minted, nothing sent on the destination");
    assert_wallets_empty(&run, &quote, &[sold, usdc_a], &[destination.cctp.usdc]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reverted_destination_call_leaves_the_bridged_usdc_with_the_owner_and_says_so() {
    let run = CrossChain::start(31_338_151, 31_338_152, "crosschain-call-reverts").await;
    let (origin, destination) = (run.origin(), run.destination());
    let (usdc_a, usdc_b) = (origin.cctp.usdc, destination.cctp.usdc);
    let vault = destination.chain.deploy("RecordingVault", &[]).await.expect("the test vault deploys");
    let owner = destination.chain.address(OWNER);
    let (vault_before, owner_before) =
        (balance(destination, usdc_b, vault).await, balance(destination, usdc_b, owner).await);
    // The call pulls more than can arrive: it reverts on the destination chain.
    let mut request = run.request(usdc_a, U256::from(20_000_000u64), usdc_b, vault);
    calls_vault_deposit(&mut request, usdc_b, U256::from(30_000_000u64));

    let (quote, receipt) = run.run(request).await;

    assert_eq!(receipt["status"], "FAILED", "{receipt}");
    let destination_transaction = &receipt["destinationTransaction"];
    assert_eq!(destination_transaction["status"], "FAILED", "{receipt}");
    // What was burned arrives less the CCTP fee, and the fallback sweeps it to the owner on
    // the destination chain (the recipient is the call's target, where USDC swept without
    // the call would be stuck, §12): the receipt names the failed call, the amount and
    // where it went.
    assert_eq!(balance(destination, usdc_b, vault).await, vault_before, "the vault got nothing");
    let minted = balance(destination, usdc_b, owner).await - owner_before;
    let sent = U256::from(20_000_000u64) - quote.intent.fees.service_fee_total - U256::from(ATTESTER_FEE);
    assert_eq!(minted, sent, "the bridged USDC went to the owner");
    let reason = destination_transaction["statusReason"].as_str().unwrap_or_default();
    assert!(reason.starts_with("destination call 0 failed: "), "{receipt}");
    let went = format!("; the bridged {minted} of {usdc_b} went to {owner} on chain {}", destination.chain_id);
    assert!(reason.ends_with(&went), "{reason}");
    let wallet = quote.intent.destination_intent_address.unwrap();
    let recorded = IRecordingVault::new(vault, destination.chain.provider()).deposited(usdc_b, wallet).call().await;
    assert_eq!(recorded.unwrap(), U256::ZERO, "the vault recorded nothing");
    assert_wallets_empty(&run, &quote, &[usdc_a], &[usdc_b]).await;
}

/// The destination pool moves after the quote: the destination swap's minimum is not met, the
/// swap reverts inside the bundle and its fallback pays the bridged USDC to the recipient on
/// the destination chain (no destination call: the recipient can hold it); FAILED, and the
/// receipt says how much went where.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_destination_swap_below_its_minimum_leaves_the_bridged_usdc_with_the_recipient_and_says_so() {
    const MOVER: usize = 4;
    let run = CrossChain::start(31_338_191, 31_338_192, "crosschain-destination-minimum").await;
    let (origin, destination) = (run.origin(), run.destination());
    let (usdc_a, usdc_b, bought) = (origin.cctp.usdc, destination.cctp.usdc, destination.tokens[1].address);
    let recipient = destination.chain.address(RECIPIENT);
    let (usdc_before, bought_before) =
        (balance(destination, usdc_b, recipient).await, balance(destination, bought, recipient).await);
    let quote = run.committed(run.request(usdc_a, U256::from(20_000_000u64), bought, recipient)).await;
    // Someone buys a fifth of the destination pool's token: the quoted minimum is out of reach.
    let moved = U256::from(200_000u64) * U256::from(1_000_000u64);
    destination.move_price(MOVER, [usdc_b, bought], moved).await.unwrap();
    run.execute(&quote).await;
    let receipt = run.settled(&quote.intent.intent_id).await;

    assert_eq!(receipt["status"], "FAILED", "{receipt}");
    assert_eq!(receipt["routeTransaction"]["status"], "SUCCEEDED", "{receipt}");
    let destination_transaction = &receipt["destinationTransaction"];
    assert_eq!(destination_transaction["status"], "FAILED", "{receipt}");
    let minted = balance(destination, usdc_b, recipient).await - usdc_before;
    let sent = U256::from(20_000_000u64) - quote.intent.fees.service_fee_total - U256::from(ATTESTER_FEE);
    assert_eq!(minted, sent, "the bridged USDC went to the recipient");
    assert_eq!(balance(destination, bought, recipient).await, bought_before, "nothing bought");
    let reason = destination_transaction["statusReason"].as_str().unwrap_or_default();
    assert!(reason.starts_with("destination call 0 failed: "), "{receipt}");
    let went = format!("; the bridged {minted} of {usdc_b} went to {recipient} on chain {}", destination.chain_id);
    assert!(reason.ends_with(&went), "{reason}");
    assert_wallets_empty(&run, &quote, &[usdc_a], &[usdc_b, bought]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_attester_that_cannot_be_reached_keeps_the_route_pending_and_the_wait_is_reported_past_its_bound() {
    // Nothing listens on port 1: every request for the attestation fails; the bound is 0 s.
    let run = CrossChain::configured(31_338_161, 31_338_162, "crosschain-wait", |config| {
        config["attestation"] = json!({"url": "http://127.0.0.1:1", "waitBoundSeconds": 0});
    })
    .await;
    let (origin, destination) = (run.origin(), run.destination());
    let recipient = destination.chain.address(RECIPIENT);
    let request = run.request(origin.cctp.usdc, U256::from(5_000_000u64), destination.cctp.usdc, recipient);
    let quote = run.executing(request).await;
    let intent = &quote.intent;

    // The burn is mined; the ROUTE transaction says what it waits for.
    let receipt = run.waiting_for_the_attester(&intent.intent_id).await;
    assert_eq!(receipt["status"], "EXECUTING", "{receipt}");
    assert_eq!(receipt["originTransaction"]["status"], "SUCCEEDED", "{receipt}");
    let route = &receipt["routeTransaction"];
    assert_eq!((&route["status"], &route["chainId"]), (&json!("PENDING"), &json!(destination.chain_id)), "{receipt}");
    let origin_hash = receipt["originTransaction"]["txnHash"].as_str().unwrap();
    let waiting = format!("waiting for the CCTP attestation of {origin_hash}: attester unavailable: ");
    assert!(route["statusReason"].as_str().unwrap().starts_with(&waiting), "{receipt}");

    let health = run.get("/healthz").await;
    let line = format!("intent {}: waiting past the bound (", intent.intent_id);
    assert!(health.lines().any(|l| l.starts_with(&line) && l.contains(&waiting)), "{health}");
    let metrics = run.get("/metrics").await;
    assert!(metrics.contains("service_intents_waiting_past_bound 1"), "{metrics}");
    let status = run.rpc("RuntimeStatus", "{}").await;
    let services = status["status"]["services"].as_array().unwrap();
    let reported = services.iter().find(|s| s["name"] == json!(format!("intent {}", intent.intent_id)));
    assert_eq!(reported.map(|s| s["healthy"].clone()), Some(json!(false)), "{status}");
    assert_eq!(CrossChain::relayer_nonce(destination).await, 0, "nothing minted");
}

/// A gate in front of the attester at `upstream`, on a loopback port, started on the
/// current runtime: 503 while shut (as it starts), else the attester's answer. Its URL, and
/// the switch.
fn attester_gate(upstream: &str) -> (String, std::sync::Arc<std::sync::atomic::AtomicBool>) {
    use axum::response::IntoResponse;
    use std::sync::atomic::{AtomicBool, Ordering};
    let open = std::sync::Arc::new(AtomicBool::new(false));
    let (upstream, gate) = (upstream.to_owned(), open.clone());
    let forward = move |uri: axum::http::Uri| {
        let (upstream, open) = (upstream.clone(), gate.load(Ordering::SeqCst));
        async move {
            if !open {
                return (axum::http::StatusCode::SERVICE_UNAVAILABLE, String::from("shut")).into_response();
            }
            let answer = reqwest::get(format!("{upstream}{uri}")).await.unwrap();
            let status = axum::http::StatusCode::from_u16(answer.status().as_u16()).unwrap();
            (status, answer.text().await.unwrap()).into_response()
        }
    };
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let listener = tokio::net::TcpListener::from_std(listener).unwrap();
    let router = axum::Router::new().fallback(forward);
    let limits = intent_service::config::ServerLimits::DEFAULT;
    tokio::spawn(intent_service::server::serve(listener, router, limits, std::future::pending(), || ()));
    (url, open)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mint_someone_else_sent_first_is_adopted_and_the_service_mints_nothing() {
    use intent_service::attest::{Attestations, Attested, IrisClient};
    const MINTER: usize = 4;
    // The service's attester is behind a gate, shut until someone else has minted.
    let mut gate = None;
    let run = CrossChain::configured(31_338_171, 31_338_172, "crosschain-adopt-mint", |config| {
        let (url, open) = attester_gate(config["attestation"]["url"].as_str().unwrap());
        config["attestation"]["url"] = json!(url);
        gate = Some(open);
    })
    .await;
    let open = gate.unwrap();
    let (origin, destination) = (run.origin(), run.destination());
    let (usdc_b, recipient) = (destination.cctp.usdc, destination.chain.address(RECIPIENT));
    let received_before = balance(destination, usdc_b, recipient).await;
    let request = run.request(origin.cctp.usdc, U256::from(5_000_000u64), usdc_b, recipient);
    let quote = run.executing(request).await;
    let intent = &quote.intent;
    let amount = intent.deposit_transaction.amount;

    // Once the burn is mined, someone else fetches its attestation and mints it.
    let receipt = run.waiting_for_the_attester(&intent.intent_id).await;
    let burn: B256 = receipt["originTransaction"]["txnHash"].as_str().unwrap().parse().unwrap();
    let started = Instant::now();
    let attester = IrisClient::new(&run.stack.attester_url, Duration::from_secs(10)).unwrap();
    let (message, attestation) = loop {
        if let [Attested::Complete { message, attestation }] =
            attester.fetch(origin.cctp.domain, burn).await.unwrap().as_slice()
        {
            break (alloy_primitives::Bytes::from(message.to_bytes()), attestation.clone());
        }
        assert!(started.elapsed() < Duration::from_secs(120), "never attested");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let mint = intent_contracts::ICctpMessageTransmitter::receiveMessageCall { message, attestation };
    let theirs =
        destination.chain.send_data(MINTER, destination.cctp.transmitter, mint.abi_encode().into()).await.unwrap();
    assert!(theirs.status());
    open.store(true, std::sync::atomic::Ordering::SeqCst);

    let receipt = run.settled(&intent.intent_id).await;
    assert_eq!(receipt["status"], "SUCCEEDED", "{receipt}");
    let route = &receipt["routeTransaction"];
    assert_eq!(
        (&route["status"], &route["txnHash"]),
        (&json!("SUCCEEDED"), &json!(theirs.transaction_hash)),
        "{receipt}"
    );
    assert_eq!(CrossChain::relayer_nonce(destination).await, 1, "the destination transaction only: no mint");
    let received = balance(destination, usdc_b, recipient).await - received_before;
    assert_eq!(received, amount - intent.fees.service_fee_total - U256::from(ATTESTER_FEE));
    let metrics = run.get("/metrics").await;
    assert!(metrics.contains("service_executions_total{outcome=\"adopted\"} 1"), "{metrics}");
}

/// Gives `request` the destination call `deposit(token, amount)` of a RecordingVault.
fn calls_vault_deposit(request: &mut Value, token: Address, amount: U256) {
    let call = IRecordingVault::depositCall { token, amount };
    request["destinationCallData"] = alloy_primitives::Bytes::from(call.abi_encode()).to_string().into();
}
