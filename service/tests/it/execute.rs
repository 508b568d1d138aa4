//! The executor end to end (docs/spec.md §12, The executor) on the local stack of
//! `tests/it/support/stack.rs`, each test on a chain of its own, the service on the stack's
//! `service.json` (with the stack's relayer key unless said otherwise), driven over its
//! router: intents quoted, committed, deposited by the owner at the intent address and
//! executed in hash mode (or signed gasless and relayed), then executed by the service with
//! no other call. A swap pays the
//! recipient at least `toAmountMin`, the fee collector its fee, and leaves the wallet empty;
//! a gasless deposit that failed, replaced through RetryIntent, is executed to success;
//! a permit-only request is refused (nothing would pull the deposit) and nothing moves;
//! a swap whose pool moved fails with the router's revert and refunds the owner in the same
//! transaction; a swap then a destination call (EXACT_INPUT and EXACT_OUTPUT) hands a
//! recording vault the output (the owner gets what it did not pull or spend), and the vault's revert undoes the swap and refunds the
//! owner in the same transaction; a meta-transaction someone else sent first is adopted; without a relayer key
//! the receipt says why and the intent fails at the time bound; a restart after the origin
//! transaction was sent follows it, and two instances on one database execute once (those
//! two with each instance on a runtime of its own, [`Instance`], so that dropping one stops
//! it as a crash would). Balances and nonces are read from the chain.

use std::future::IntoFuture;
use std::time::{Duration, Instant};

use crate::relay::Instance;
use crate::support::stack::{Stack, StackChain, FEE_COLLECTOR, OWNER, RELAYER};
use crate::support::{call_in_process, commit_body, hash_request, ACCESS_KEY, OPERATOR_KEY};
use alloy_primitives::{Address, B256, U256};
use alloy_provider::Provider;
use alloy_sol_types::{SolCall, SolError};
use intent_chain_tests::sign::sign_digest;
use intent_chain_tests::wallet::{guest_batch, tokens, IRecordingVault};
use intent_contracts::{IServiceRouter, IUniswapV2Router02};
use intent_core::wallet::IntentConfiguration;
use intent_core::{from_slice, QuoteResponse};
use intent_service::config::ServiceConfig;
use intent_service::relay::RelayerKey;
use intent_service::Service;
use serde_json::{json, Value};

alloy_sol_types::sol! {
    /// `chain/contracts/test/SpenderVault.sol`: a vault whose deposits its `spender` pulls.
    #[sol(rpc)]
    interface ISpenderVault {
        function spender() external view returns (address);
        function deposited(address token, address caller) external view returns (uint256);
    }

    /// OpenZeppelin's ERC-20 refusal of a `transferFrom` above the allowance.
    error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
}

/// Who the intents pay.
const RECIPIENT: usize = 3;

/// A stack of one chain and a service on it, in process.
struct Executing {
    stack: Stack,
    router: axum::Router,
}

impl Executing {
    /// The stack on chain `chain_id` (each test its own, so that tests sharing one database
    /// never drive each other's intents) and a service on database `name`, with the
    /// relayer's key when `keyed`, its configuration changed by `configure`.
    async fn start(chain_id: u64, name: &str, keyed: bool, configure: impl FnOnce(&mut Value)) -> Executing {
        let stack = Stack::start(&[chain_id], &[]).await.expect("the stack starts (npm ci in chain/)");
        let mut config = stack.service_json();
        configure(&mut config);
        let config = ServiceConfig::parse(config.to_string().as_bytes()).unwrap();
        let chain = &stack.chains[0];
        let key = keyed.then(|| RelayerKey::parse(&chain.chain.key(RELAYER).to_bytes().to_string(), "stack").unwrap());
        let db = crate::support::database(name);
        let service = Service::open_relaying(config, &db, &[], &[], false, key).await.unwrap();
        Executing { router: service.router(), stack }
    }

    fn chain(&self) -> &StackChain {
        &self.stack.chains[0]
    }

    /// The two test tokens: the one sold, the one bought.
    fn tokens(&self) -> (Address, Address) {
        (self.chain().tokens[0].address, self.chain().tokens[1].address)
    }

    async fn rpc(&self, operation: &str, body: &str) -> Value {
        let path = format!("/rpc/Service/{operation}");
        let (status, answer) = call_in_process(&self.router, &path, &[("x-access-key", ACCESS_KEY)], body).await;
        assert_eq!(status, 200, "{operation}: {answer}");
        answer
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

    /// Quotes `amount` of the sold token to `to` (paid to the recipient) from the owner,
    /// with `slippage`, and commits it.
    async fn committed(&self, to: Address, amount: u64, slippage: f64) -> QuoteResponse {
        let chain = self.chain();
        self.quote_and_commit(chain.sell_request(to, amount, chain.chain.address(RECIPIENT), slippage)).await
    }

    /// Quotes `request` and commits the quote.
    async fn quote_and_commit(&self, request: Value) -> QuoteResponse {
        let quote = self.rpc("QuoteIntent", &request.to_string()).await;
        let quote: QuoteResponse = from_slice(quote.to_string().as_bytes()).unwrap();
        self.rpc("CommitIntent", &commit_body(&quote)).await;
        quote
    }

    /// Quotes, commits, deposits and executes `request`: the quote and its receipt once it
    /// is no longer EXECUTING.
    async fn run(&self, request: Value) -> (QuoteResponse, Value) {
        let quote = self.quote_and_commit(request).await;
        let deposit = self.deposit(&quote).await;
        self.execute(&quote, deposit).await;
        let receipt = self.settled(&quote.intent.intent_id).await;
        (quote, receipt)
    }

    /// The owner deposits `quote`'s amount at its intent address: the transfer's hash.
    async fn deposit(&self, quote: &QuoteResponse) -> B256 {
        let (to, amount) = (quote.intent.origin_intent_address, quote.intent.deposit_transaction.amount);
        self.chain().deposit(self.tokens().0, to, amount).await.unwrap()
    }

    /// Executes `quote` with the deposit `hash`: EXECUTING.
    async fn execute(&self, quote: &QuoteResponse, hash: B256) {
        let executed = self.rpc("ExecuteIntent", &hash_request(&quote.intent.intent_id, hash)).await;
        assert_eq!(executed["intentStatus"], "EXECUTING", "{executed}");
    }

    /// The receipt of `intent_id` once it is no longer EXECUTING (within a minute).
    async fn settled(&self, intent_id: &str) -> Value {
        let started = Instant::now();
        loop {
            let body = json!({"intentId": intent_id}).to_string();
            let receipt = self.rpc("GetIntentReceipt", &body).await["intentReceipt"].clone();
            if receipt["status"] != "EXECUTING" {
                return receipt;
            }
            assert!(started.elapsed() < Duration::from_secs(60), "still executing: {receipt}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    async fn balance(&self, token: Address, who: Address) -> U256 {
        self.chain().chain.token_balance(token, who).await.unwrap()
    }

    async fn relayer_nonce(&self) -> u64 {
        let relayer = self.chain().chain.address(RELAYER);
        self.chain().chain.provider().get_transaction_count(relayer).await.unwrap()
    }

    /// `quote`'s gasless ExecuteRequest in `mode`, signed by the owner's key, valid ten minutes.
    fn gasless_request(
        &self,
        quote: &QuoteResponse,
        mode: intent_service::demo::Gasless,
    ) -> intent_core::ExecuteRequest {
        let config = ServiceConfig::parse(self.stack.service_json().to_string().as_bytes()).unwrap();
        let view = intent_service::chain::ChainView::new(config).unwrap();
        let key = k256::ecdsa::SigningKey::from_slice(self.chain().chain.key(OWNER).to_bytes().as_slice()).unwrap();
        let deadline = intent_core::Timestamp::now().unix_seconds() as u64 + 600;
        let names = intent_core::eip712::EntrypointNames::DEFAULT;
        intent_service::demo::gasless_request(quote, &key, mode, deadline, &names, &view).unwrap()
    }
}

/// Asserts that `receipt` SUCCEEDED with its deposit and origin transactions, the origin one
/// `quote`'s meta-transaction mined from the relayer's key, sent once.
async fn assert_succeeded(run: &Executing, quote: &QuoteResponse, receipt: &Value) {
    assert_eq!(receipt["status"], "SUCCEEDED", "{receipt}");
    assert_eq!(receipt["depositTransaction"]["status"], "SUCCEEDED", "{receipt}");
    let origin = &receipt["originTransaction"];
    assert_eq!(origin["status"], "SUCCEEDED", "{receipt}");
    let hash = origin["txnHash"].as_str().unwrap().parse().unwrap();
    let mined = run.chain().chain.provider().get_transaction_receipt(hash).await.unwrap().expect("mined");
    assert!(mined.status());
    assert_eq!(mined.from, run.chain().chain.address(RELAYER), "sent from the relayer's key");
    assert_eq!(mined.to, Some(quote.intent.origin_meta_txn.contract));
    assert_eq!(run.relayer_nonce().await, 1, "one origin transaction, sent once");
}

/// Asserts that `receipt` is REFUNDED: its origin transaction FAILED with a reason that
/// contains `reason`, its refund SUCCEEDED in that same transaction.
fn assert_refunded(receipt: &Value, reason: &str) {
    assert_eq!(receipt["status"], "REFUNDED", "{receipt}");
    let origin = &receipt["originTransaction"];
    assert_eq!(origin["status"], "FAILED", "{receipt}");
    assert!(origin["statusReason"].as_str().unwrap_or_default().contains(reason), "{receipt}");
    let refund = &receipt["refundTransaction"];
    assert_eq!((&refund["status"], &refund["txnHash"]), (&"SUCCEEDED".into(), &origin["txnHash"]), "{receipt}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_same_chain_swap_deposited_in_hash_mode_is_executed_by_the_service() {
    let run = Executing::start(31_337_901, "execute-swap", true, |_| {}).await;
    let chain = run.chain();
    let (sold, bought) = run.tokens();
    let quote = run.committed(bought, 100, 0.01).await;
    let intent = &quote.intent;
    let (recipient, collector) = (chain.chain.address(RECIPIENT), chain.chain.address(FEE_COLLECTOR));
    let (received_before, collected_before) =
        (run.balance(bought, recipient).await, run.balance(sold, collector).await);

    let deposit = run.deposit(&quote).await;
    run.execute(&quote, deposit).await;
    // Nothing else is called: the service reads the balance, sends and follows.
    let receipt = run.settled(&intent.intent_id).await;
    assert_succeeded(&run, &quote, &receipt).await;

    let wallet = intent.origin_intent_address;
    assert!(run.balance(bought, recipient).await - received_before >= intent.quote.to_amount_min);
    assert_eq!(run.balance(sold, collector).await - collected_before, intent.fees.service_fee_total);
    assert_eq!(run.balance(sold, wallet).await, U256::ZERO);
    assert_eq!(run.balance(bought, wallet).await, U256::ZERO);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gasless_swap_is_relayed_then_executed_from_the_relayers_key() {
    let run = Executing::start(31_337_907, "execute-gasless", true, |_| {}).await;
    let chain = run.chain();
    let (sold, bought) = run.tokens();
    let quote = run.committed(bought, 50, 0.01).await;
    let intent = &quote.intent;
    let recipient = chain.chain.address(RECIPIENT);
    let received_before = run.balance(bought, recipient).await;
    // The owner signs the entrypoint's deposit with a permit (no approval, no gas of its own).
    let request =
        run.gasless_request(&quote, intent_service::demo::Gasless::EntrypointWithPermit { nonce: U256::ZERO });
    let executed = run.rpc("ExecuteIntent", &intent_core::to_string(&request)).await;
    assert_eq!(executed["intentStatus"], "EXECUTING", "{executed}");

    let receipt = run.settled(&intent.intent_id).await;
    assert_eq!(receipt["status"], "SUCCEEDED", "{receipt}");
    let (deposit, origin) = (&receipt["depositTransaction"], &receipt["originTransaction"]);
    assert_eq!((&deposit["status"], &origin["status"]), (&"SUCCEEDED".into(), &"SUCCEEDED".into()), "{receipt}");
    assert_ne!(deposit["txnHash"], origin["txnHash"], "{receipt}");
    assert!(run.balance(bought, recipient).await - received_before >= intent.quote.to_amount_min);
    assert_eq!(run.balance(sold, intent.origin_intent_address).await, U256::ZERO);
    assert_eq!(run.relayer_nonce().await, 2, "the relay and the origin transaction, each once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_permit_only_request_on_an_executed_chain_is_refused_and_nothing_moves() {
    let run = Executing::start(31_337_915, "execute-permit-only", true, |_| {}).await;
    let chain = run.chain();
    let (sold, bought) = run.tokens();
    let quote = run.committed(bought, 50, 0.01).await;
    let intent = &quote.intent;
    let owner = chain.chain.address(OWNER);
    let owned_before = run.balance(sold, owner).await;
    // The permit names the intent address as spender: nothing on this chain would pull it.
    let request = run.gasless_request(&quote, intent_service::demo::Gasless::PermitOnly);
    let body = intent_core::to_string(&request);
    let path = "/rpc/Service/ExecuteIntent";
    let (status, answer) = call_in_process(&run.router, path, &[("x-access-key", ACCESS_KEY)], &body).await;

    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["code"], 2000, "{answer}");
    let cause = answer["cause"].as_str().unwrap();
    assert!(cause.starts_with("OPTION_NOT_SERVED at depositSignature.permitSignature"), "{answer}");
    assert!(answer["msg"].as_str().unwrap().contains("sign in entrypoint mode"), "{answer}");
    let body = json!({"intentId": intent.intent_id}).to_string();
    let receipt = run.rpc("GetIntentReceipt", &body).await["intentReceipt"].clone();
    assert_eq!(receipt["status"], "COMMITTED", "{receipt}");
    assert_eq!(run.relayer_nonce().await, 0, "nothing relayed");
    assert_eq!(run.balance(sold, owner).await, owned_before);
    assert_eq!(run.balance(sold, intent.origin_intent_address).await, U256::ZERO);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_gasless_deposit_replaced_through_retry_intent_is_executed_to_success() {
    let run = Executing::start(31_337_916, "execute-retry", true, |_| {}).await;
    let chain = run.chain();
    let (sold, bought) = run.tokens();
    let quote = run.committed(bought, 50, 0.01).await;
    let intent = &quote.intent;
    let recipient = chain.chain.address(RECIPIENT);
    let received_before = run.balance(bought, recipient).await;
    // Entrypoint mode with no permit and no approval: the relay's estimate reverts, nothing
    // is sent, and the intent fails at the deposit stage.
    let request = run.gasless_request(&quote, intent_service::demo::Gasless::Entrypoint { nonce: U256::ZERO });
    let executed = run.rpc("ExecuteIntent", &intent_core::to_string(&request)).await;
    assert_eq!(executed["intentStatus"], "EXECUTING", "{executed}");
    let failed = run.settled(&intent.intent_id).await;
    assert_eq!((&failed["status"], &failed["depositTransaction"]["status"]), (&"FAILED".into(), &"FAILED".into()));
    assert_eq!(run.relayer_nonce().await, 0, "nothing was sent for the failed relay");

    // The owner deposits itself and hands the replacement to RetryIntent.
    let deposit = run.deposit(&quote).await;
    let body = json!({"intentId": intent.intent_id, "depositTransactionHash": deposit}).to_string();
    let retried = run.rpc("RetryIntent", &body).await;
    assert_eq!(retried["intentStatus"], "EXECUTING", "{retried}");

    let receipt = run.settled(&intent.intent_id).await;
    assert_eq!(receipt["status"], "SUCCEEDED", "{receipt}");
    let (deposited, origin) = (&receipt["depositTransaction"], &receipt["originTransaction"]);
    assert_eq!((&deposited["status"], &origin["status"]), (&"SUCCEEDED".into(), &"SUCCEEDED".into()), "{receipt}");
    assert_eq!(deposited["txnHash"], json!(deposit), "{receipt}");
    assert!(run.balance(bought, recipient).await - received_before >= intent.quote.to_amount_min);
    assert_eq!(run.balance(sold, intent.origin_intent_address).await, U256::ZERO);
    assert_eq!(run.relayer_nonce().await, 1, "the origin transaction, once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swap_whose_pool_moved_after_the_quote_fails_with_the_revert_and_refunds_the_owner() {
    const MOVER: usize = 4;
    let run = Executing::start(31_337_906, "execute-refund", true, |_| {}).await;
    let chain = run.chain();
    let (sold, bought) = run.tokens();
    let quote = run.committed(bought, 100, 0.001).await;
    let intent = &quote.intent;
    let owner = chain.chain.address(OWNER);
    let owner_before = run.balance(sold, owner).await;
    let deposit = run.deposit(&quote).await;

    // Someone swaps a fifth of the pool's SUSD in before the intent runs: the price moves
    // far beyond the quote's slippage.
    chain.move_price(MOVER, [sold, bought], tokens(250_000)).await.unwrap();

    run.execute(&quote, deposit).await;
    let receipt = run.settled(&intent.intent_id).await;
    assert_refunded(&receipt, "INSUFFICIENT_OUTPUT_AMOUNT");
    // The owner is repaid in the same transaction, less the fee the executor kept.
    assert_eq!(run.balance(sold, owner).await, owner_before - intent.fees.service_fee_total);
    assert_eq!(run.balance(sold, intent.origin_intent_address).await, U256::ZERO);
    assert_eq!(run.balance(bought, chain.chain.address(RECIPIENT)).await, U256::ZERO);
    let metrics = run.get("/metrics").await;
    assert!(metrics.contains("service_executions_total{outcome=\"failed\"} 1"), "{metrics}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_meta_transaction_someone_else_sent_first_is_adopted_and_never_sent_again() {
    let run = Executing::start(31_337_903, "execute-adopt", true, |_| {}).await;
    let chain = run.chain();
    let quote = run.committed(run.tokens().0, 7, 0.01).await;
    let intent = &quote.intent;
    let deposit = run.deposit(&quote).await;
    // Someone else (the recipient's account) sends the quoted meta-transaction first.
    let meta = &intent.origin_meta_txn;
    let theirs = chain.chain.send_data(RECIPIENT, meta.contract, meta.input.clone()).await.unwrap();
    assert!(theirs.status());

    run.execute(&quote, deposit).await;
    let receipt = run.settled(&intent.intent_id).await;
    assert_eq!(receipt["status"], "SUCCEEDED", "{receipt}");
    assert_eq!(receipt["originTransaction"]["txnHash"], theirs.transaction_hash.to_string(), "{receipt}");
    assert_eq!(run.relayer_nonce().await, 0, "nothing sent by the relayer");
    let metrics = run.get("/metrics").await;
    assert!(metrics.contains("service_executions_total{outcome=\"adopted\"} 1"), "{metrics}");
    assert!(!metrics.contains("service_executions_total{outcome=\"sent\"}"), "{metrics}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_relayer_key_an_executing_intent_says_why_and_fails_at_the_time_bound() {
    let bound = |config: &mut Value| config["policy"]["executionTimeoutSeconds"] = 2.into();
    let run = Executing::start(31_337_902, "execute-no-key", false, bound).await;
    let chain = run.chain();
    let why = "the service has no relayer key (--relayer-key-file or INTENT_RELAYER_KEY)";
    let health = run.get("/healthz").await;
    let line =
        format!("chain {}: intents not executed here ({why}): they fail at the execution time bound", chain.chain_id);
    assert!(health.contains(&line), "{health}");
    let quote = run.committed(run.tokens().0, 5, 0.01).await;
    let intent = &quote.intent;
    let deposit = run.deposit(&quote).await;
    run.execute(&quote, deposit).await;
    let body = json!({"intentId": intent.intent_id}).to_string();
    let waiting = run.rpc("GetIntentReceipt", &body).await["intentReceipt"].clone();
    if waiting["status"] == "EXECUTING" {
        let said = format!("not executed by this instance: {why}; it fails at the execution time bound");
        assert_eq!(waiting["originTransaction"]["statusReason"], said.as_str(), "{waiting}");
    }

    let receipt = run.settled(&intent.intent_id).await;
    assert_eq!(receipt["status"], "FAILED", "{receipt}");
    let reason = receipt["originTransaction"]["statusReason"].as_str().unwrap_or_default();
    assert!(reason.ends_with("within 2 s of the execute"), "{receipt}");
    // Nothing was sent: the deposit stays at the intent address, which the owner's key recovers.
    let held = run.balance(run.tokens().0, intent.origin_intent_address).await;
    assert_eq!(held, intent.deposit_transaction.amount);
    assert_eq!(run.relayer_nonce().await, 0);
    let metrics = run.get("/metrics").await;
    assert!(metrics.contains("service_executions_total{outcome=\"timed_out\"} 1"), "{metrics}");
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
        let (to, amount) = (quote.intent.origin_intent_address, quote.intent.deposit_transaction.amount);
        (quote, self.runtime.block_on(chain.deposit(sold, to, amount)).unwrap())
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

/// A QuoteIntent body on `chain`: the owner buys exactly `amount` whole tokens of `to` with
/// the first test token, paid to `recipient`.
fn buy_request(chain: &StackChain, to: Address, amount: u64, recipient: Address) -> Value {
    let mut request = chain.sell_request(to, 0, recipient, 0.01);
    let object = request.as_object_mut().unwrap();
    object.remove("originTokenAmount");
    object.insert("tradeType".into(), "EXACT_OUTPUT".into());
    object.insert("destinationTokenAmount".into(), tokens(amount).to_string().into());
    request
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_exact_output_swap_pays_the_recipient_the_exact_amount_and_the_owner_the_leftover() {
    let run = Executing::start(31_337_908, "execute-exact-output", true, |_| {}).await;
    let chain = run.chain();
    let (sold, bought) = run.tokens();
    let (owner, recipient) = (chain.chain.address(OWNER), chain.chain.address(RECIPIENT));
    let collector = chain.chain.address(FEE_COLLECTOR);
    let (owner_before, received_before, collected_before) =
        (run.balance(sold, owner).await, run.balance(bought, recipient).await, run.balance(sold, collector).await);
    // What the pool asks now for the amount bought: the swap will spend that, and the
    // wallet's leftover (the quote's slippage margin) goes back to the owner.
    let router = IUniswapV2Router02::new(chain.uniswap.router, chain.chain.provider());
    let spent = router.getAmountsIn(tokens(5), vec![sold, bought]).call().await.unwrap()[0];

    let (quote, receipt) = run.run(buy_request(chain, bought, 5, recipient)).await;
    let intent = &quote.intent;
    assert_succeeded(&run, &quote, &receipt).await;
    assert_eq!(run.balance(bought, recipient).await - received_before, tokens(5), "exactly the amount bought");
    assert_eq!(run.balance(sold, collector).await - collected_before, intent.fees.service_fee_total);
    let leftover = intent.deposit_transaction.amount - intent.fees.service_fee_total - spent;
    assert!(leftover > U256::ZERO, "the quote's margin was not spent");
    assert_eq!(run.balance(sold, owner).await, owner_before - intent.deposit_transaction.amount + leftover);
    assert_eq!(run.balance(sold, intent.origin_intent_address).await, U256::ZERO);
    assert_eq!(run.balance(bought, intent.origin_intent_address).await, U256::ZERO);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plain_transfer_of_the_deposit_token_pays_the_recipient_and_the_fee_collector() {
    let run = Executing::start(31_337_909, "execute-transfer", true, |_| {}).await;
    let chain = run.chain();
    let sold = run.tokens().0;
    let (recipient, collector) = (chain.chain.address(RECIPIENT), chain.chain.address(FEE_COLLECTOR));
    let (received_before, collected_before) = (run.balance(sold, recipient).await, run.balance(sold, collector).await);

    let (quote, receipt) = run.run(chain.sell_request(sold, 20, recipient, 0.01)).await;
    let intent = &quote.intent;
    assert_succeeded(&run, &quote, &receipt).await;
    let fee = intent.fees.service_fee_total;
    assert!(fee > U256::ZERO);
    assert_eq!(run.balance(sold, recipient).await - received_before, tokens(20) - fee);
    assert_eq!(intent.quote.to_amount, tokens(20) - fee);
    assert_eq!(run.balance(sold, collector).await - collected_before, fee);
    assert_eq!(run.balance(sold, intent.origin_intent_address).await, U256::ZERO);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_destination_call_is_handed_the_output_and_the_vault_records_what_it_pulled() {
    let run = Executing::start(31_337_910, "execute-destination-call", true, |_| {}).await;
    let chain = run.chain();
    let sold = run.tokens().0;
    let vault = chain.chain.deploy("RecordingVault", &[]).await.expect("the test vault deploys");
    let owner_before = run.balance(sold, chain.chain.address(OWNER)).await;
    // Exactly 4 tokens to the vault, which pulls them from the intent's wallet.
    let mut request = buy_request(chain, sold, 4, vault);
    calls_vault_deposit(&mut request, sold, tokens(4));

    let (quote, receipt) = run.run(request).await;
    let intent = &quote.intent;
    assert_succeeded(&run, &quote, &receipt).await;
    let wallet = intent.origin_intent_address;
    let recorded = IRecordingVault::new(vault, chain.chain.provider()).deposited(sold, wallet).call().await.unwrap();
    assert_eq!(recorded, tokens(4), "the vault recorded what the wallet's call deposited");
    assert_eq!(run.balance(sold, vault).await, tokens(4));
    assert_eq!(run.balance(sold, wallet).await, U256::ZERO);
    assert_eq!(run.balance(sold, chain.chain.address(OWNER)).await, owner_before - intent.deposit_transaction.amount);
}

/// Gives `request` the destination call `deposit(token, amount)` of a RecordingVault.
fn calls_vault_deposit(request: &mut Value, token: Address, amount: U256) {
    let call = IRecordingVault::depositCall { token, amount };
    request["destinationCallData"] = alloy_primitives::Bytes::from(call.abi_encode()).to_string().into();
}

/// A swap of 100 sold tokens into `vault`'s `deposit(bought, pulled(toAmountMin))`: the
/// request, and the `toAmountMin` the pool gives now (quoted once without the call; the
/// call does not change the price).
async fn swap_into_vault(run: &Executing, vault: Address, pulled: impl Fn(U256) -> U256) -> (Value, U256) {
    let bought = run.tokens().1;
    let mut request = run.chain().sell_request(bought, 100, vault, 0.01);
    let priced = run.rpc("QuoteIntent", &request.to_string()).await;
    let least: U256 = priced["intent"]["quote"]["toAmountMin"].as_str().unwrap().parse().unwrap();
    calls_vault_deposit(&mut request, bought, pulled(least));
    (request, least)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swap_then_a_destination_call_hands_the_vault_the_output_and_the_owner_the_rest() {
    let run = Executing::start(31_337_912, "execute-swap-and-call", true, |_| {}).await;
    let chain = run.chain();
    let (sold, bought) = run.tokens();
    let vault = chain.chain.deploy("RecordingVault", &[]).await.expect("the test vault deploys");
    let (owner, collector) = (chain.chain.address(OWNER), chain.chain.address(FEE_COLLECTOR));
    let (owner_before, collected_before) = (run.balance(bought, owner).await, run.balance(sold, collector).await);
    let (request, least) = swap_into_vault(&run, vault, |least| least).await;

    let (quote, receipt) = run.run(request).await;
    let intent = &quote.intent;
    assert_eq!(intent.quote.to_amount_min, least);
    assert_succeeded(&run, &quote, &receipt).await;
    let wallet = intent.origin_intent_address;
    let recorded = IRecordingVault::new(vault, chain.chain.provider()).deposited(bought, wallet).call().await.unwrap();
    assert_eq!(recorded, least, "the vault recorded what the wallet's call deposited: toAmountMin");
    assert_eq!(run.balance(sold, collector).await - collected_before, intent.fees.service_fee_total);
    assert_eq!(run.balance(sold, wallet).await, U256::ZERO);
    assert_eq!(run.balance(bought, wallet).await, U256::ZERO);
    // What the swap bought beyond what the vault pulled went to the owner.
    let hash = receipt["originTransaction"]["txnHash"].as_str().unwrap().parse().unwrap();
    let mined = chain.chain.provider().get_transaction_receipt(hash).await.unwrap().expect("mined");
    let swapped = mined
        .inner
        .logs()
        .iter()
        .filter(|log| log.address() == wallet)
        .find_map(|log| log.log_decode::<IServiceRouter::SwappedAndCalled>().ok())
        .expect("the router's swap ran as the wallet");
    let output = swapped.inner.data.amountOut;
    assert!(output > least, "the quote's slippage margin");
    assert_eq!(run.balance(bought, owner).await - owner_before, output - least);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_exact_output_swap_then_a_destination_call_hands_the_vault_exactly_the_amount_bought() {
    let run = Executing::start(31_337_914, "execute-buy-and-call", true, |_| {}).await;
    let chain = run.chain();
    let (sold, bought) = run.tokens();
    let vault = chain.chain.deploy("RecordingVault", &[]).await.expect("the test vault deploys");
    let owner = chain.chain.address(OWNER);
    let owner_before = run.balance(sold, owner).await;
    let mut request = buy_request(chain, bought, 5, vault);
    calls_vault_deposit(&mut request, bought, tokens(5));

    let (quote, receipt) = run.run(request).await;
    let intent = &quote.intent;
    assert_succeeded(&run, &quote, &receipt).await;
    let wallet = intent.origin_intent_address;
    let recorded = IRecordingVault::new(vault, chain.chain.provider()).deposited(bought, wallet).call().await.unwrap();
    assert_eq!(recorded, tokens(5), "exactly the amount bought");
    assert_eq!(run.balance(sold, wallet).await, U256::ZERO);
    assert_eq!(run.balance(bought, wallet).await, U256::ZERO);
    // The input the swap did not spend (the quote's margin) went back to the owner.
    let spent = owner_before - run.balance(sold, owner).await;
    assert!(spent < intent.deposit_transaction.amount, "the owner got the unspent input back: {spent}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swap_then_a_destination_call_approves_the_destination_approve_address_that_pulls_for_the_target() {
    let run = Executing::start(31_337_915, "execute-swap-and-spender", true, |_| {}).await;
    let chain = run.chain();
    let bought = run.tokens().1;
    let vault = chain.chain.deploy("SpenderVault", &[]).await.expect("the test vault deploys");
    let spender = ISpenderVault::new(vault, chain.chain.provider()).spender().call().await.unwrap();
    // The vault's deposit has its spender pull: approved to the vault itself, the pull fails.
    let (mut request, least) = swap_into_vault(&run, vault, |least| least).await;
    request["destinationApproveAddress"] = spender.to_string().into();

    let (quote, receipt) = run.run(request).await;
    assert_succeeded(&run, &quote, &receipt).await;
    let wallet = quote.intent.origin_intent_address;
    let recorded = ISpenderVault::new(vault, chain.chain.provider()).deposited(bought, wallet).call().await.unwrap();
    assert_eq!(recorded, least, "the spender pulled what the call deposited");
    assert_eq!(run.balance(bought, vault).await, least);
    assert_eq!(run.balance(bought, wallet).await, U256::ZERO);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_destination_call_that_reverts_after_a_swap_fails_and_refunds_the_owner_in_the_same_transaction() {
    let run = Executing::start(31_337_913, "execute-swap-and-call-refund", true, |_| {}).await;
    let chain = run.chain();
    let (sold, bought) = run.tokens();
    let vault = chain.chain.deploy("RecordingVault", &[]).await.expect("the test vault deploys");
    let owner = chain.chain.address(OWNER);
    let (owner_sold, owner_bought) = (run.balance(sold, owner).await, run.balance(bought, owner).await);
    // The vault asks for twice what the swap can buy: its pull reverts, and with it the swap.
    let (request, least) = swap_into_vault(&run, vault, |least| least * U256::from(2)).await;

    let (quote, receipt) = run.run(request).await;
    let intent = &quote.intent;
    // The status reason is the one call's decoded revert: the token's refusal of the pull.
    let index = intent.origin_calls.calls.iter().position(|call| call.delegate_call == Some(true)).unwrap();
    let prefix = format!("origin call {index} failed: ");
    assert_refunded(&receipt, &prefix);
    let reason = receipt["originTransaction"]["statusReason"].as_str().unwrap();
    let data = alloy_primitives::hex::decode(reason.strip_prefix(&prefix).unwrap()).expect("the revert data in hex");
    let refused = ERC20InsufficientAllowance::abi_decode(&data).expect("the token's allowance error");
    assert_eq!((refused.spender, refused.needed), (vault, least * U256::from(2)), "{reason}");
    // The owner is repaid the deposit in the same transaction, less the fee the executor
    // kept; the swap was undone, so nothing was bought.
    assert_eq!(run.balance(sold, owner).await, owner_sold - intent.fees.service_fee_total);
    assert_eq!(run.balance(bought, owner).await, owner_bought);
    let wallet = intent.origin_intent_address;
    assert_eq!(run.balance(sold, wallet).await, U256::ZERO);
    assert_eq!(run.balance(bought, wallet).await, U256::ZERO);
    let recorded = IRecordingVault::new(vault, chain.chain.provider()).deposited(bought, wallet).call().await.unwrap();
    assert_eq!(recorded, U256::ZERO);
    assert_eq!(run.relayer_nonce().await, 1, "one origin transaction, sent once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deposit_short_of_the_precondition_sends_nothing_and_the_owners_key_recovers_it() {
    let window = |config: &mut Value| config["policy"]["executionWindowSeconds"] = 3.into();
    let run = Executing::start(31_337_911, "execute-short", true, window).await;
    let chain = run.chain();
    let sold = run.tokens().0;
    let owner = chain.chain.address(OWNER);
    let owner_before = run.balance(sold, owner).await;
    let quote = run.committed(sold, 10, 0.01).await;
    let intent = &quote.intent;
    let wallet = intent.origin_intent_address;
    let short = intent.deposit_transaction.amount - U256::from(1);
    let deposit = chain.deposit(sold, wallet, short).await.unwrap();

    // The deposit's evidence shows less than the precondition: the execute is refused.
    let (status, refused) = call_in_process(
        &run.router,
        "/rpc/Service/ExecuteIntent",
        &[("x-access-key", ACCESS_KEY)],
        &hash_request(&intent.intent_id, deposit),
    )
    .await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["cause"], "DEPOSIT_MISMATCH at depositTransactionHash", "{refused}");
    // Past the execution window the intent is ABORTED, and nothing was ever sent.
    let started = Instant::now();
    let receipt = loop {
        let body = json!({"intentId": intent.intent_id}).to_string();
        let receipt = run.rpc("GetIntentReceipt", &body).await["intentReceipt"].clone();
        if receipt["status"] == "ABORTED" {
            break receipt;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "not past its window: {receipt}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let origin = &receipt["originTransaction"];
    assert_eq!((&origin["status"], &origin["statusReason"]), (&"ABORTED".into(), &"execution window expired".into()));
    assert!(origin["txnHash"].is_null(), "{receipt}");
    assert_eq!(run.relayer_nonce().await, 0, "nothing sent");
    assert_eq!(run.balance(sold, wallet).await, short, "the deposit waits at the intent address");

    // The owner's key signs a payload of its own for the wallet: sweep the deposit token
    // back to the owner, deployed and run through the guest module like any bundle.
    let configuration = IntentConfiguration::new(owner, std::slice::from_ref(&intent.origin_calls)).unwrap();
    assert_eq!(configuration.address(&chain.wallet_context()), wallet);
    let sweep = intent_contracts::IServiceRouter::sweepCall { token: sold, to: owner }.abi_encode();
    let recovery = json!({
        "chainId": chain.chain_id, "space": "0", "nonce": "0",
        "calls": [{"to": chain.wallet.router, "data": alloy_primitives::Bytes::from(sweep), "delegateCall": true,
                   "behaviorOnError": 1}],
    });
    let recovery: intent_core::CallBundle = from_slice(recovery.to_string().as_bytes()).unwrap();
    let digest = intent_core::wallet::payload_hash_for(&recovery, wallet).unwrap();
    let signature = sign_digest(chain.chain.key(OWNER), digest).unwrap();
    let payload = intent_core::wallet::packed_payload(&recovery).unwrap();
    let batch =
        guest_batch(&chain.wallet, &configuration, chain.chain_id, payload, &configuration.owner_signature(&signature));
    let recovered = chain.chain.send_data(OWNER, chain.wallet.guest, batch).await.unwrap();
    assert!(recovered.status());
    assert_eq!(run.balance(sold, wallet).await, U256::ZERO);
    assert_eq!(run.balance(sold, owner).await, owner_before, "the owner has all of it back");
    assert_eq!(run.relayer_nonce().await, 0, "the service sent nothing");
}
