//! The executor end to end (docs/spec.md §12, The executor): the local stack of
//! `tests/it/support/stack.rs` on a chain of its own, the service in process on its
//! `service.json` with the stack's relayer key, driven through its router: a same-chain
//! swap quoted, committed and executed in hash mode (the owner transfers the deposit to the
//! intent address itself), then executed by the service from the relayer's key with no
//! other call: the recipient is paid at least `toAmountMin`, the fee collector its fee, the
//! wallet is left empty, and the receipt's origin transaction SUCCEEDED with the hash the
//! chain mined, sent once.

use std::future::IntoFuture;
use std::time::{Duration, Instant};

use crate::relay::Instance;
use crate::support::stack::{Stack, FEE_COLLECTOR, OWNER, RELAYER};
use crate::support::{call_in_process, commit_body, hash_request, ACCESS_KEY};
use alloy_primitives::{Address, U256};
use alloy_provider::Provider;
use alloy_sol_types::SolCall;
use intent_chain_tests::wallet::tokens;
use intent_contracts::IPermitToken;
use intent_core::{from_slice, QuoteResponse};
use intent_service::config::ServiceConfig;
use intent_service::relay::RelayerKey;
use intent_service::Service;
use serde_json::{json, Value};

/// The chain of this file's stack: its own, so that tests sharing one database never drive
/// each other's intents.
const CHAIN: u64 = 31_337_901;

/// Who the swap pays.
const RECIPIENT: usize = 3;

async fn rpc(router: &axum::Router, operation: &str, body: &str) -> Value {
    let path = format!("/rpc/Service/{operation}");
    let (status, answer) = call_in_process(router, &path, &[("x-access-key", ACCESS_KEY)], body).await;
    assert_eq!(status, 200, "{operation}: {answer}");
    answer
}

/// `GET /metrics` with the operator key.
async fn scrape(router: &axum::Router) -> String {
    use tower::ServiceExt;
    let request = axum::http::Request::get("/metrics")
        .header("x-access-key", crate::support::OPERATOR_KEY)
        .body(axum::body::Body::empty())
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The receipt of `intent_id` once it is no longer EXECUTING (within a minute).
async fn settled(router: &axum::Router, intent_id: &str) -> Value {
    let started = Instant::now();
    loop {
        let body = json!({"intentId": intent_id}).to_string();
        let receipt = rpc(router, "GetIntentReceipt", &body).await["intentReceipt"].clone();
        if receipt["status"] != "EXECUTING" {
            return receipt;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "still executing: {receipt}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_relayer_key_an_executing_intent_says_why_and_fails_at_the_time_bound() {
    const CHAIN: u64 = 31_337_902;
    let stack = Stack::start(&[CHAIN], &[]).await.expect("the stack starts (npm ci in chain/)");
    let chain = &stack.chains[0];
    let mut config = stack.service_json();
    config["policy"]["executionTimeoutSeconds"] = 2.into();
    let config = ServiceConfig::parse(config.to_string().as_bytes()).unwrap();
    let service = Service::open(config, &crate::support::database("execute-no-key"), &[], &[], false).await.unwrap();
    let router = service.router();
    let health = {
        use tower::ServiceExt;
        let request = axum::http::Request::get("/healthz").body(axum::body::Body::empty()).unwrap();
        let response = router.clone().oneshot(request).await.unwrap();
        String::from_utf8_lossy(&axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap()).into_owned()
    };
    let not_executed = format!(
        "chain {CHAIN}: intents not executed here (the service has no relayer key (--relayer-key-file or \
         INTENT_RELAYER_KEY)): they fail at the execution time bound"
    );
    assert!(health.contains(&not_executed), "{health}");
    let (sold, owner) = (chain.tokens[0].address, chain.chain.address(OWNER));
    let request = json!({
        "ownerAddress": owner, "originChainId": CHAIN, "originTokenAddress": sold,
        "destinationChainId": CHAIN, "destinationTokenAddress": sold, "destinationToAddress": chain.chain.address(RECIPIENT),
        "tradeType": "EXACT_INPUT", "originTokenAmount": tokens(5).to_string(),
    });
    let quote: QuoteResponse =
        from_slice(rpc(&router, "QuoteIntent", &request.to_string()).await.to_string().as_bytes()).unwrap();
    let intent = &quote.intent;
    rpc(&router, "CommitIntent", &commit_body(&quote)).await;
    let wallet = intent.origin_intent_address;
    let transfer = IPermitToken::transferCall { to: wallet, value: intent.deposit_transaction.amount };
    let deposit = chain.chain.send_data(OWNER, sold, transfer.abi_encode().into()).await.unwrap();
    let executed = rpc(&router, "ExecuteIntent", &hash_request(&intent.intent_id, deposit.transaction_hash)).await;
    assert_eq!(executed["intentStatus"], "EXECUTING", "{executed}");
    let body = json!({"intentId": intent.intent_id}).to_string();
    let waiting = rpc(&router, "GetIntentReceipt", &body).await["intentReceipt"].clone();
    if waiting["status"] == "EXECUTING" {
        let why = "not executed by this instance: the service has no relayer key (--relayer-key-file or \
                   INTENT_RELAYER_KEY); it fails at the execution time bound";
        assert_eq!(waiting["originTransaction"]["statusReason"], why, "{waiting}");
    }

    let receipt = settled(&router, &intent.intent_id).await;
    assert_eq!(receipt["status"], "FAILED", "{receipt}");
    let reason = receipt["originTransaction"]["statusReason"].as_str().unwrap_or_default();
    assert!(reason.ends_with("within 2 s of the execute"), "{receipt}");
    // Nothing was sent: the deposit stays at the intent address, which the owner's key recovers.
    let held = IPermitToken::new(sold, chain.chain.provider()).balanceOf(wallet).call().await.unwrap();
    assert_eq!(held, intent.deposit_transaction.amount);
    assert_eq!(chain.chain.provider().get_transaction_count(chain.chain.address(RELAYER)).await.unwrap(), 0);
    let metrics = scrape(&router).await;
    assert!(metrics.contains("service_executions_total{outcome=\"timed_out\"} 1"), "{metrics}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_same_chain_swap_deposited_in_hash_mode_is_executed_by_the_service() {
    let stack = Stack::start(&[CHAIN], &[]).await.expect("the stack starts (npm ci in chain/)");
    let chain = &stack.chains[0];
    let config = ServiceConfig::parse(stack.service_json().to_string().as_bytes()).unwrap();
    let key = RelayerKey::parse(&chain.chain.key(RELAYER).to_bytes().to_string(), "the stack").unwrap();
    let db = crate::support::database("execute-swap");
    let service = Service::open_relaying(config, &db, &[], &[], false, Some(key)).await.unwrap();
    let router = service.router();

    let (sold, bought) = (chain.tokens[0].address, chain.tokens[1].address);
    let (owner, recipient) = (chain.chain.address(OWNER), chain.chain.address(RECIPIENT));
    let request = json!({
        "ownerAddress": owner, "originChainId": CHAIN, "originTokenAddress": sold,
        "destinationChainId": CHAIN, "destinationTokenAddress": bought, "destinationToAddress": recipient,
        "tradeType": "EXACT_INPUT", "originTokenAmount": tokens(100).to_string(),
        "options": {"slippageTolerance": 0.01},
    });
    let quote: QuoteResponse =
        from_slice(rpc(&router, "QuoteIntent", &request.to_string()).await.to_string().as_bytes()).unwrap();
    let intent = &quote.intent;
    rpc(&router, "CommitIntent", &commit_body(&quote)).await;

    let balance = |token: Address, who: Address| {
        let contract = IPermitToken::new(token, chain.chain.provider());
        async move { contract.balanceOf(who).call().await.unwrap() }
    };
    let collector = chain.chain.address(FEE_COLLECTOR);
    let (received_before, collected_before) = (balance(bought, recipient).await, balance(sold, collector).await);
    let relayer = chain.chain.address(RELAYER);
    let relayer_nonce_before = chain.chain.provider().get_transaction_count(relayer).await.unwrap();

    // The owner deposits at the intent address itself, and executes with the hash.
    let wallet = intent.origin_intent_address;
    let transfer = IPermitToken::transferCall { to: wallet, value: intent.deposit_transaction.amount };
    let deposit = chain.chain.send_data(OWNER, sold, transfer.abi_encode().into()).await.unwrap();
    let executed = rpc(&router, "ExecuteIntent", &hash_request(&intent.intent_id, deposit.transaction_hash)).await;
    assert_eq!(executed["intentStatus"], "EXECUTING", "{executed}");

    // Nothing else is called: the service reads the balance, sends and follows.
    let receipt = settled(&router, &intent.intent_id).await;
    assert_eq!(receipt["status"], "SUCCEEDED", "{receipt}");
    let origin = &receipt["originTransaction"];
    assert_eq!(origin["status"], "SUCCEEDED", "{receipt}");
    assert_eq!(receipt["depositTransaction"]["status"], "SUCCEEDED", "{receipt}");
    let hash = origin["txnHash"].as_str().unwrap().parse().unwrap();
    let mined = chain.chain.provider().get_transaction_receipt(hash).await.unwrap().expect("mined");
    assert!(mined.status());
    assert_eq!(mined.from, relayer, "sent from the relayer's key");
    assert_eq!(mined.to, Some(intent.origin_meta_txn.contract));

    assert!(balance(bought, recipient).await - received_before >= intent.quote.to_amount_min);
    assert_eq!(balance(sold, collector).await - collected_before, intent.fees.service_fee_total);
    assert_eq!(balance(sold, wallet).await, U256::ZERO);
    assert_eq!(balance(bought, wallet).await, U256::ZERO);
    let relayer_nonce = chain.chain.provider().get_transaction_count(relayer).await.unwrap();
    assert_eq!(relayer_nonce, relayer_nonce_before + 1, "one origin transaction, sent once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_meta_transaction_someone_else_sent_first_is_adopted_and_never_sent_again() {
    const CHAIN: u64 = 31_337_903;
    let stack = Stack::start(&[CHAIN], &[]).await.expect("the stack starts (npm ci in chain/)");
    let chain = &stack.chains[0];
    let config = ServiceConfig::parse(stack.service_json().to_string().as_bytes()).unwrap();
    let key = RelayerKey::parse(&chain.chain.key(RELAYER).to_bytes().to_string(), "the stack").unwrap();
    let service =
        Service::open_relaying(config, &crate::support::database("execute-adopt"), &[], &[], false, Some(key))
            .await
            .unwrap();
    let router = service.router();
    let (sold, owner, recipient) =
        (chain.tokens[0].address, chain.chain.address(OWNER), chain.chain.address(RECIPIENT));
    let request = json!({
        "ownerAddress": owner, "originChainId": CHAIN, "originTokenAddress": sold,
        "destinationChainId": CHAIN, "destinationTokenAddress": sold, "destinationToAddress": recipient,
        "tradeType": "EXACT_INPUT", "originTokenAmount": tokens(7).to_string(),
    });
    let quote: QuoteResponse =
        from_slice(rpc(&router, "QuoteIntent", &request.to_string()).await.to_string().as_bytes()).unwrap();
    let intent = &quote.intent;
    rpc(&router, "CommitIntent", &commit_body(&quote)).await;
    let wallet = intent.origin_intent_address;
    let transfer = IPermitToken::transferCall { to: wallet, value: intent.deposit_transaction.amount };
    let deposit = chain.chain.send_data(OWNER, sold, transfer.abi_encode().into()).await.unwrap();
    // Someone else (the recipient's account) sends the quoted meta-transaction first.
    let meta = &intent.origin_meta_txn;
    let theirs = chain.chain.send_data(RECIPIENT, meta.contract, meta.input.clone()).await.unwrap();
    assert!(theirs.status());

    let executed = rpc(&router, "ExecuteIntent", &hash_request(&intent.intent_id, deposit.transaction_hash)).await;
    assert_eq!(executed["intentStatus"], "EXECUTING", "{executed}");
    let receipt = settled(&router, &intent.intent_id).await;
    assert_eq!(receipt["status"], "SUCCEEDED", "{receipt}");
    assert_eq!(receipt["originTransaction"]["txnHash"], theirs.transaction_hash.to_string(), "{receipt}");
    let relayer = chain.chain.address(RELAYER);
    assert_eq!(chain.chain.provider().get_transaction_count(relayer).await.unwrap(), 0, "nothing sent by the relayer");
    let metrics = scrape(&router).await;
    assert!(metrics.contains("service_executions_total{outcome=\"adopted\"} 1"), "{metrics}");
    assert!(!metrics.contains("service_executions_total{outcome=\"sent\"}"), "{metrics}");
}

/// The stack on a runtime of its own, for the tests whose service instances stop as a
/// crash would ([`Instance`]: each on its runtime).
struct OwnStack {
    runtime: tokio::runtime::Runtime,
    stack: Stack,
}

impl OwnStack {
    fn start(chain_id: u64) -> OwnStack {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
        let stack = runtime.block_on(Stack::start(&[chain_id], &[])).expect("the stack starts (npm ci in chain/)");
        OwnStack { runtime, stack }
    }

    fn chain(&self) -> &crate::support::stack::StackChain {
        &self.stack.chains[0]
    }

    fn raw(&self, method: &str, params: Value) {
        let provider = self.chain().chain.provider();
        let params = params.as_array().cloned().unwrap_or_default();
        self.runtime.block_on(provider.raw_request::<_, Value>(method.to_owned().into(), params)).unwrap();
    }

    fn relayer_nonce(&self) -> u64 {
        let relayer = self.chain().chain.address(RELAYER);
        self.runtime.block_on(self.chain().chain.provider().get_transaction_count(relayer).into_future()).unwrap()
    }

    fn relayer_key(&self) -> String {
        self.chain().chain.key(RELAYER).to_bytes().to_string()
    }

    /// Quotes a plain transfer of 3 tokens to the recipient with `service`, commits it,
    /// deposits it at the intent address and answers the quote and the deposit's hash.
    fn deposited(&self, service: &Instance) -> (QuoteResponse, alloy_primitives::B256) {
        let chain = self.chain();
        let sold = chain.tokens[0].address;
        let request = json!({
            "ownerAddress": chain.chain.address(OWNER), "originChainId": chain.chain_id, "originTokenAddress": sold,
            "destinationChainId": chain.chain_id, "destinationTokenAddress": sold,
            "destinationToAddress": chain.chain.address(RECIPIENT),
            "tradeType": "EXACT_INPUT", "originTokenAmount": tokens(3).to_string(),
        });
        let quote: QuoteResponse =
            from_slice(service.rpc("QuoteIntent", &request.to_string()).to_string().as_bytes()).unwrap();
        service.rpc("CommitIntent", &commit_body(&quote));
        let to = quote.intent.origin_intent_address;
        let transfer = IPermitToken::transferCall { to, value: quote.intent.deposit_transaction.amount };
        let deposit = self.runtime.block_on(chain.chain.send_data(OWNER, sold, transfer.abi_encode().into())).unwrap();
        (quote, deposit.transaction_hash)
    }

    /// The receipt `service` gives once `check` holds for it (within a minute).
    fn wait(&self, service: &Instance, intent_id: &str, check: impl Fn(&Value) -> bool) -> Value {
        let started = Instant::now();
        loop {
            let receipt = service.receipt(intent_id);
            if check(&receipt) {
                return receipt;
            }
            assert!(started.elapsed() < Duration::from_secs(60), "{receipt}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

#[test]
fn a_restart_after_the_origin_transaction_was_sent_follows_it_and_sends_it_once() {
    let own = OwnStack::start(31_337_904);
    let config = own.stack.service_json();
    let db = crate::support::database("execute-restart");
    let first = Instance::start(&config, &db, Some(&own.relayer_key()));
    let (quote, deposit) = own.deposited(&first);
    let intent_id = quote.intent.intent_id.clone();
    own.raw("evm_setAutomine", json!([false]));
    assert_eq!(first.rpc("ExecuteIntent", &hash_request(&intent_id, deposit))["intentStatus"], "EXECUTING");
    let sent = own.wait(&first, &intent_id, |r| r["originTransaction"]["status"] == "SENT");
    drop(first);

    let second = Instance::start(&config, &db, Some(&own.relayer_key()));
    own.raw("evm_mine", json!([]));
    let done = own.wait(&second, &intent_id, |r| r["status"] != "EXECUTING");
    assert_eq!(done["status"], "SUCCEEDED", "{done}");
    assert_eq!(done["originTransaction"]["txnHash"], sent["originTransaction"]["txnHash"]);
    assert_eq!(own.relayer_nonce(), 1, "one origin transaction, mined once");
    own.raw("evm_mine", json!([]));
    assert_eq!(own.relayer_nonce(), 1, "nothing else was sent");
}

#[test]
fn two_instances_on_one_database_execute_an_intent_once() {
    let own = OwnStack::start(31_337_905);
    let config = own.stack.service_json();
    let db = crate::support::database("execute-two");
    let (one, two) = (
        Instance::start(&config, &db, Some(&own.relayer_key())),
        Instance::start(&config, &db, Some(&own.relayer_key())),
    );
    let (quote, deposit) = own.deposited(&one);
    let intent_id = quote.intent.intent_id.clone();
    assert_eq!(two.rpc("ExecuteIntent", &hash_request(&intent_id, deposit))["intentStatus"], "EXECUTING");
    let done = own.wait(&one, &intent_id, |r| r["status"] != "EXECUTING");
    assert_eq!(done["status"], "SUCCEEDED", "{done}");
    assert_eq!(two.receipt(&intent_id)["originTransaction"], done["originTransaction"]);
    assert_eq!(own.relayer_nonce(), 1, "executed once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swap_whose_pool_moved_after_the_quote_fails_with_the_revert_and_refunds_the_owner() {
    const CHAIN: u64 = 31_337_906;
    const MOVER: usize = 4;
    let stack = Stack::start(&[CHAIN], &[]).await.expect("the stack starts (npm ci in chain/)");
    let chain = &stack.chains[0];
    let config = ServiceConfig::parse(stack.service_json().to_string().as_bytes()).unwrap();
    let key = RelayerKey::parse(&chain.chain.key(RELAYER).to_bytes().to_string(), "the stack").unwrap();
    let service =
        Service::open_relaying(config, &crate::support::database("execute-refund"), &[], &[], false, Some(key))
            .await
            .unwrap();
    let router = service.router();
    let (sold, bought) = (chain.tokens[0].address, chain.tokens[1].address);
    let (owner, recipient) = (chain.chain.address(OWNER), chain.chain.address(RECIPIENT));
    let request = json!({
        "ownerAddress": owner, "originChainId": CHAIN, "originTokenAddress": sold,
        "destinationChainId": CHAIN, "destinationTokenAddress": bought, "destinationToAddress": recipient,
        "tradeType": "EXACT_INPUT", "originTokenAmount": tokens(100).to_string(),
        "options": {"slippageTolerance": 0.001},
    });
    let quote: QuoteResponse =
        from_slice(rpc(&router, "QuoteIntent", &request.to_string()).await.to_string().as_bytes()).unwrap();
    let intent = &quote.intent;
    rpc(&router, "CommitIntent", &commit_body(&quote)).await;
    let balance = |token: Address, who: Address| {
        let contract = IPermitToken::new(token, chain.chain.provider());
        async move { contract.balanceOf(who).call().await.unwrap() }
    };
    let owner_before = balance(sold, owner).await;
    let wallet = intent.origin_intent_address;
    let transfer = IPermitToken::transferCall { to: wallet, value: intent.deposit_transaction.amount };
    let deposit = chain.chain.send_data(OWNER, sold, transfer.abi_encode().into()).await.unwrap();

    // Someone swaps a fifth of the pool's SUSD in before the intent runs: the price moves
    // far beyond the quote's slippage.
    let moved = tokens(250_000);
    chain.chain.mint(sold, chain.chain.address(MOVER), moved).await.unwrap();
    chain.chain.approve(sold, chain.chain.address(MOVER), chain.uniswap.router, moved).await.unwrap();
    let swap = intent_contracts::IUniswapV2Router02::swapExactTokensForTokensCall {
        amountIn: moved,
        amountOutMin: U256::ZERO,
        path: vec![sold, bought],
        to: chain.chain.address(MOVER),
        deadline: U256::MAX,
    };
    assert!(chain.chain.send_data(MOVER, chain.uniswap.router, swap.abi_encode().into()).await.unwrap().status());

    let executed = rpc(&router, "ExecuteIntent", &hash_request(&intent.intent_id, deposit.transaction_hash)).await;
    assert_eq!(executed["intentStatus"], "EXECUTING", "{executed}");
    let receipt = settled(&router, &intent.intent_id).await;
    assert_eq!(receipt["status"], "REFUNDED", "{receipt}");
    let origin = &receipt["originTransaction"];
    assert_eq!(origin["status"], "FAILED", "{receipt}");
    let reason = origin["statusReason"].as_str().unwrap_or_default();
    assert!(reason.contains("INSUFFICIENT_OUTPUT_AMOUNT"), "{receipt}");
    let refund = &receipt["refundTransaction"];
    assert_eq!((&refund["status"], &refund["txnHash"]), (&"SUCCEEDED".into(), &origin["txnHash"]), "{receipt}");
    // The owner is repaid in the same transaction, less the fee the executor kept.
    let fee = intent.fees.service_fee_total;
    assert_eq!(balance(sold, owner).await, owner_before - fee);
    assert_eq!(balance(sold, wallet).await, U256::ZERO);
    assert_eq!(balance(bought, recipient).await, U256::ZERO);
    let metrics = scrape(&router).await;
    assert!(metrics.contains("service_executions_total{outcome=\"failed\"} 1"), "{metrics}");
}
