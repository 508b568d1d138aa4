//! Relaying gasless deposits on a real node (docs/spec.md §12): Anvil from `chain/` with the
//! repository's entrypoint and an ERC-2612 token deployed by `intent-chain-tests`, the
//! service in process on a loopback port with its configuration's `rpcUrl` pointing at the
//! node and a relayer key, driven over HTTP; the owner signs with the demo signer's code
//! (`intent_service::demo`). Each service instance runs on a runtime of its own, so that
//! dropping it stops it as a crash would (its relayer task included). Each test has its own
//! relayer and so its own chain id, since the tests may share one database (PostgreSQL) and
//! a chain's relay queue is taken by any relayer of the chain (an owner's entrypoint nonce
//! is claimed per chain, so owners may repeat across chains). Relays not mined in time are
//! replaced, and a relayer short of funds is reported while its intents wait.
//!
//! Needs `npm ci --ignore-scripts` in `chain/` (chain/README.md); the database is
//! `INTENT_SERVICE_TEST_DB` or a fresh SQLite file, as for the other service tests.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use crate::support::anvil::{self, Deployed};
use crate::support::{post, ACCESS_KEY, OPERATOR_KEY};
use alloy_primitives::{Address, U256};
use alloy_provider::Provider;
use intent_chain_tests::CHAIN_ID;
use intent_contracts::{IPermitToken, IServiceIntentEntrypoint};
use intent_core::eip712::EntrypointNames;
use intent_core::{from_slice, to_string, ExecuteRequest, QuoteResponse};
use intent_service::chain::ChainView;
use intent_service::config::ServiceConfig;
use intent_service::relay::{RelayerKey, NO_KEY};
use intent_service::{demo, server, Service};
use k256::ecdsa::SigningKey;
use serde_json::{json, Value};

/// What each owner is minted.
const MINTED: u128 = 1_000_000_000_000_000_000_000;

/// A node with the entrypoint and the token deployed, and its runtime.
struct Node {
    runtime: tokio::runtime::Runtime,
    deployed: Deployed,
    relayer: usize,
}

impl std::ops::Deref for Node {
    type Target = Deployed;

    fn deref(&self) -> &Deployed {
        &self.deployed
    }
}

impl Node {
    /// Starts Anvil, deploys, and mints to the development accounts `owners`; account
    /// `relayer` relays (each test its own: see [`anvil::ACCOUNTS`]), on a chain of its own
    /// (its id: [`CHAIN_ID`] × 1000 + `relayer`).
    fn start(owners: &[usize], relayer: usize) -> Node {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        let deployed = runtime.block_on(async {
            let deployed = anvil::deploy_on(CHAIN_ID * 1000 + relayer as u64, &[]).await;
            for &owner in owners {
                let (chain, token) = (&deployed.chain, deployed.token);
                chain.mint(token, chain.address(owner), U256::from(MINTED)).await.unwrap();
            }
            deployed
        });
        Node { runtime, deployed, relayer }
    }

    fn block_on<T>(&self, future: impl std::future::IntoFuture<Output = T>) -> T {
        self.runtime.block_on(future.into_future())
    }

    /// Turns Anvil's automatic mining on or off.
    fn automine(&self, on: bool) {
        self.block_on(self.chain.provider().raw_request::<_, Value>("evm_setAutomine".into(), (on,))).unwrap();
    }

    /// Sets the ether balance of `who` (Anvil's `anvil_setBalance`).
    fn set_balance(&self, who: Address, wei: U256) {
        self.block_on(self.chain.provider().raw_request::<_, Value>("anvil_setBalance".into(), (who, wei))).unwrap();
    }

    /// Mines one block with what is pending.
    fn mine(&self) {
        self.block_on(self.chain.provider().raw_request::<_, Value>("evm_mine".into(), ())).unwrap();
    }

    fn balance(&self, who: Address) -> U256 {
        self.block_on(self.chain.token_balance(self.token, who)).unwrap()
    }

    fn entrypoint_nonce(&self, who: Address) -> U256 {
        self.block_on(IServiceIntentEntrypoint::new(self.entrypoint, self.chain.provider()).nonces(who).call()).unwrap()
    }

    fn permit_nonce(&self, who: Address) -> U256 {
        self.block_on(IPermitToken::new(self.token, self.chain.provider()).nonces(who).call()).unwrap()
    }

    fn allowance(&self, owner: Address, spender: Address) -> U256 {
        self.block_on(IPermitToken::new(self.token, self.chain.provider()).allowance(owner, spender).call()).unwrap()
    }

    /// The relayer's transactions counted by the node (mined ones).
    fn relayer_nonce(&self) -> u64 {
        self.block_on(self.chain.provider().get_transaction_count(self.chain.address(self.relayer))).unwrap()
    }

    /// A service relaying on this node with its relayer's key, on a fresh database `name`.
    fn relaying(&self, name: &str) -> Instance {
        Instance::start(&self.config(), &crate::support::database(name), Some(&self.relayer_key(self.relayer)))
    }

    /// `owner` approves the entrypoint for everything it holds.
    fn approve_entrypoint(&self, owner: usize) {
        self.block_on(self.chain.approve(self.token, self.chain.address(owner), self.entrypoint, U256::MAX)).unwrap();
    }

    /// The k256 key of development account `index`, as the demo signer takes it.
    fn signing_key(&self, index: usize) -> SigningKey {
        SigningKey::from_slice(self.chain.key(index).to_bytes().as_slice()).unwrap()
    }
}

/// One service instance on its own runtime; dropping it stops everything it runs.
pub(crate) struct Instance {
    runtime: Option<tokio::runtime::Runtime>,
    addr: SocketAddr,
}

impl Instance {
    pub(crate) fn start(config: &Value, db: &str, relayer_key: Option<&str>) -> Instance {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        let addr = runtime.block_on(async {
            let config = ServiceConfig::parse(config.to_string().as_bytes()).unwrap();
            let key = relayer_key.map(|key| RelayerKey::parse(key, "test").unwrap());
            let service = Service::open_relaying(config, db, &[], &[], false, key).await.unwrap();
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let addr = listener.local_addr().unwrap();
            let records = service.app.records.clone();
            let (router, limits) = (service.router(), service.limits);
            tokio::spawn(server::serve(listener, router, limits, std::future::pending::<()>(), move || {
                records.shut_down()
            }));
            addr
        });
        Instance { runtime: Some(runtime), addr }
    }

    pub(crate) fn rpc(&self, operation: &str, body: &str) -> Value {
        let reply =
            post(self.addr, &format!("/rpc/Service/{operation}"), &[("X-Access-Key", ACCESS_KEY)], body.as_bytes());
        assert_eq!(reply.status, 200, "{operation}: {}", reply.body);
        reply.json()
    }

    /// Quotes `amount` of the node's token from development account `owner` and commits it.
    fn committed(&self, node: &Node, owner: usize) -> QuoteResponse {
        let request = node.quote_request(node.chain.address(owner));
        let quote: QuoteResponse =
            from_slice(self.rpc("QuoteIntent", &request.to_string()).to_string().as_bytes()).unwrap();
        self.rpc("CommitIntent", &crate::support::commit_body(&quote));
        quote
    }

    pub(crate) fn receipt(&self, intent_id: &str) -> Value {
        self.rpc("GetIntentReceipt", &json!({"intentId": intent_id}).to_string())["intentReceipt"].clone()
    }

    /// Waits (WaitIntentReceipt, then again while it is not so) until the receipt's deposit
    /// transaction has `status`, for at most a minute.
    fn wait_deposit(&self, intent_id: &str, status: &str) -> Value {
        let started = Instant::now();
        let mut states: Option<Value> = None;
        loop {
            let mut body = json!({"intentId": intent_id, "timeoutSeconds": 5});
            if let Some(states) = &states {
                body["lastReceiptStates"] = states.clone();
            }
            let answer = self.rpc("WaitIntentReceipt", &body.to_string());
            let receipt = answer["intentReceipt"].clone();
            if receipt["depositTransaction"]["status"] == status {
                return receipt;
            }
            assert!(started.elapsed() < Duration::from_secs(60), "no deposit {status}: {receipt}");
            states = Some(answer["receiptStates"].clone());
        }
    }

    fn metrics(&self) -> String {
        crate::support::request(self.addr, "GET", "/metrics", &[("X-Access-Key", OPERATOR_KEY)], b"").body
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// A gasless request for `quote` signed by development account `owner` in `mode`, as
/// `intent-demo-sign` signs it, with this node's configuration (its token's permit domain).
fn signed(node: &Node, quote: &QuoteResponse, owner: usize, mode: demo::Gasless) -> ExecuteRequest {
    let config = ServiceConfig::parse(node.config().to_string().as_bytes()).unwrap();
    let deadline = intent_core::Timestamp::now().unix_seconds() as u64 + 600;
    let key = node.signing_key(owner);
    demo::gasless_request(quote, &key, mode, deadline, &EntrypointNames::DEFAULT, &ChainView::new(config).unwrap())
        .unwrap()
}

fn entrypoint_mode(nonce: u64) -> demo::Gasless {
    demo::Gasless::Entrypoint { nonce: U256::from(nonce) }
}

/// Asserts the deposit moved: the amount to the intent address, the fee to the collector.
fn assert_deposited(
    node: &Node,
    quote: &QuoteResponse,
    request: &ExecuteRequest,
    owner: usize,
    collector_before: U256,
) {
    let option = &request.deposit_signature.as_ref().unwrap().selected_gas_fee_option;
    let amount = quote.intent.deposit_transaction.amount;
    assert_eq!(node.balance(quote.intent.origin_intent_address), amount);
    assert_eq!(node.balance(node.chain.address(owner)), U256::from(MINTED) - amount - option.amount);
    assert!(!option.amount.is_zero(), "the fee is paid in the deposit token");
    assert_eq!(node.balance(option.fee_collector_address) - collector_before, option.amount);
}

#[test]
fn a_gasless_deposit_is_relayed_and_followed_to_succeeded() {
    let node = Node::start(&[1], 11);
    node.approve_entrypoint(1);
    let service = node.relaying("relay");
    let quote = service.committed(&node, 1);
    let request = signed(&node, &quote, 1, entrypoint_mode(0));
    let collector = request.deposit_signature.as_ref().unwrap().selected_gas_fee_option.fee_collector_address;
    let collector_before = node.balance(collector);
    let answer = service.rpc("ExecuteIntent", &to_string(&request));
    assert_eq!(answer["intentStatus"], "EXECUTING");

    let receipt = service.wait_deposit(&quote.intent.intent_id, "SUCCEEDED");
    let deposit = &receipt["depositTransaction"];
    assert_eq!(receipt["status"], "EXECUTING", "the later stages stay operator-reported");
    assert_eq!((deposit["type"].as_str(), deposit["chainId"].as_u64()), (Some("DEPOSIT"), Some(node.chain_id)));
    assert!(deposit["txnHash"].as_str().is_some_and(|hash| hash.len() == 66), "{deposit}");
    assert!(deposit["txnMinedAt"].is_string(), "{deposit}");
    assert_deposited(&node, &quote, &request, 1, collector_before);
    assert_eq!(node.entrypoint_nonce(node.chain.address(1)), U256::from(1));
    assert_eq!(node.relayer_nonce(), 1);
    let metrics = service.metrics();
    assert!(metrics.contains("service_relays_total{outcome=\"succeeded\"} 1"), "{metrics}");
    assert!(metrics.contains("service_relays_total{outcome=\"sent\"} 1"), "{metrics}");
}

#[test]
fn a_gasless_deposit_with_a_permit_bumps_both_nonces() {
    let node = Node::start(&[2], 12);
    let service = node.relaying("relay-permit");
    let quote = service.committed(&node, 2);
    let request = signed(&node, &quote, 2, demo::Gasless::EntrypointWithPermit { nonce: U256::ZERO });
    let collector = request.deposit_signature.as_ref().unwrap().selected_gas_fee_option.fee_collector_address;
    let collector_before = node.balance(collector);
    service.rpc("ExecuteIntent", &to_string(&request));

    service.wait_deposit(&quote.intent.intent_id, "SUCCEEDED");
    assert_deposited(&node, &quote, &request, 2, collector_before);
    let owner = node.chain.address(2);
    assert_eq!((node.entrypoint_nonce(owner), node.permit_nonce(owner)), (U256::from(1), U256::from(1)));
}

#[test]
fn permit_only_mode_relays_the_permit_for_the_intent_address() {
    let node = Node::start(&[3], 13);
    let service = node.relaying("relay-permit-only");
    let quote = service.committed(&node, 3);
    let request = signed(&node, &quote, 3, demo::Gasless::PermitOnly);
    service.rpc("ExecuteIntent", &to_string(&request));

    service.wait_deposit(&quote.intent.intent_id, "SUCCEEDED");
    let permitted = request.deposit_signature.as_ref().unwrap().permit_amount.unwrap();
    assert_eq!(node.allowance(node.chain.address(3), quote.intent.origin_intent_address), permitted);
    assert_eq!(node.permit_nonce(node.chain.address(3)), U256::from(1));
}

#[test]
fn a_relay_that_reverts_on_chain_fails_the_intent_with_the_decoded_error() {
    let node = Node::start(&[4], 14);
    node.approve_entrypoint(4);
    let service = node.relaying("relay-revert");
    let quote = service.committed(&node, 4);
    let request = signed(&node, &quote, 4, entrypoint_mode(0));
    node.automine(false);
    service.rpc("ExecuteIntent", &to_string(&request));
    service.wait_deposit(&quote.intent.intent_id, "SENT");
    // The owner spends its whole balance before the relay is mined, in the same block and
    // ahead of it (a higher tip; its gas is given, since an estimate would run on the
    // pending state, after the relay).
    let owner = node.chain.address(4);
    let token = IPermitToken::new(node.token, node.chain.provider());
    let spend =
        token.transfer(node.chain.address(20), U256::from(MINTED)).from(owner).max_priority_fee_per_gas(50_000_000_000);
    let spend = node.block_on(spend.max_fee_per_gas(100_000_000_000).gas(100_000).send()).unwrap();
    node.mine();
    assert!(node.block_on(spend.get_receipt()).unwrap().status());

    let receipt = service.wait_deposit(&quote.intent.intent_id, "REVERTED");
    let reason = format!("ERC20InsufficientBalance({owner}, 0, ");
    assert_eq!(receipt["status"], "FAILED");
    assert!(receipt["depositTransaction"]["statusReason"].as_str().unwrap().starts_with(&reason), "{receipt}");
    assert!(receipt["originTransaction"]["statusReason"].as_str().unwrap().starts_with(&reason), "{receipt}");
    assert!(service.metrics().contains("service_relays_total{outcome=\"reverted\"} 1"));
}

#[test]
fn a_restart_while_a_relay_is_pending_follows_it_and_sends_nothing_twice() {
    let node = Node::start(&[5], 15);
    node.approve_entrypoint(5);
    let db = crate::support::database("relay-restart");
    let first = Instance::start(&node.config(), &db, Some(&node.relayer_key(node.relayer)));
    let quote = first.committed(&node, 5);
    node.automine(false);
    first.rpc("ExecuteIntent", &to_string(&signed(&node, &quote, 5, entrypoint_mode(0))));
    let sent = first.wait_deposit(&quote.intent.intent_id, "SENT");
    drop(first);

    let second = Instance::start(&node.config(), &db, Some(&node.relayer_key(node.relayer)));
    node.mine();
    let done = second.wait_deposit(&quote.intent.intent_id, "SUCCEEDED");
    assert_eq!(done["depositTransaction"]["txnHash"], sent["depositTransaction"]["txnHash"]);
    assert_eq!(node.relayer_nonce(), 1, "one relay transaction, mined once");
    node.mine();
    assert_eq!(node.relayer_nonce(), 1, "nothing else was sent");
    assert_eq!(node.entrypoint_nonce(node.chain.address(5)), U256::from(1));
}

#[test]
fn concurrent_gasless_intents_are_relayed_with_distinct_nonces() {
    let node = Node::start(&[6, 7, 8, 10], 16);
    let owners = [6, 7, 8, 10];
    for owner in owners {
        node.approve_entrypoint(owner);
    }
    let service = node.relaying("relay-concurrent");
    let requests: Vec<(QuoteResponse, ExecuteRequest)> = owners
        .iter()
        .map(|&owner| {
            let quote = service.committed(&node, owner);
            let request = signed(&node, &quote, owner, entrypoint_mode(0));
            (quote, request)
        })
        .collect();
    std::thread::scope(|scope| {
        for (_, request) in &requests {
            let service = &service;
            scope.spawn(move || service.rpc("ExecuteIntent", &to_string(request)));
        }
    });
    let mut hashes = Vec::new();
    for (quote, _) in &requests {
        let receipt = service.wait_deposit(&quote.intent.intent_id, "SUCCEEDED");
        hashes.push(receipt["depositTransaction"]["txnHash"].as_str().unwrap().to_owned());
    }
    hashes.sort();
    hashes.dedup();
    assert_eq!(hashes.len(), owners.len());
    assert_eq!(node.relayer_nonce(), owners.len() as u64, "nonces 0 to 3, each once");
}

#[test]
fn without_a_relayer_key_a_gasless_deposit_is_checked_and_its_receipt_says_why() {
    let node = Node::start(&[17], 18);
    let service = Instance::start(&node.config(), &crate::support::database("relay-no-key"), None);
    let quote = service.committed(&node, 17);
    let answer = service.rpc("ExecuteIntent", &to_string(&signed(&node, &quote, 17, entrypoint_mode(0))));
    assert_eq!(answer["intentStatus"], "EXECUTING");
    let deposit = service.receipt(&quote.intent.intent_id)["depositTransaction"].clone();
    assert_eq!((deposit["status"].as_str(), deposit["statusReason"].as_str()), (Some("PENDING"), Some(NO_KEY)));
    assert_eq!(node.relayer_nonce(), 0);
}

/// The intents queued for relaying on `chain_id` in the database `db`.
fn queued(node: &Node, db: &str, chain_id: u64) -> Vec<String> {
    node.block_on(async {
        let store = intent_service::store::Store::open(db).await.unwrap();
        store.queued_relays(chain_id).await.unwrap()
    })
}

#[test]
fn a_deposit_accepted_without_a_relayer_key_is_queued_and_relayed_once_by_the_next_start_with_one() {
    let node = Node::start(&[24], 25);
    node.approve_entrypoint(24);
    let db = crate::support::database("relay-queued");
    // Without a key, the execute is answered and the deposit queued in the store, nothing
    // signed: the state a crash between the answer and the signing leaves behind.
    let first = Instance::start(&node.config(), &db, None);
    let quote = first.committed(&node, 24);
    let intent_id = quote.intent.intent_id.clone();
    let request = signed(&node, &quote, 24, entrypoint_mode(0));
    let collector = request.deposit_signature.as_ref().unwrap().selected_gas_fee_option.fee_collector_address;
    let collector_before = node.balance(collector);
    assert_eq!(first.rpc("ExecuteIntent", &to_string(&request))["intentStatus"], "EXECUTING");
    let deposit = first.receipt(&intent_id)["depositTransaction"].clone();
    assert_eq!((deposit["status"].as_str(), deposit["statusReason"].as_str()), (Some("PENDING"), Some(NO_KEY)));
    assert_eq!(deposit["txnHash"], Value::Null, "{deposit}");
    assert_eq!(queued(&node, &db, node.chain_id), [intent_id.as_str()]);
    drop(first);
    assert_eq!(node.relayer_nonce(), 0);

    // The next start has a key: it relays what is queued for its chain, once.
    let second = Instance::start(&node.config(), &db, Some(&node.relayer_key(node.relayer)));
    let receipt = second.wait_deposit(&intent_id, "SUCCEEDED");
    assert_eq!(receipt["status"], "EXECUTING");
    assert_eq!(receipt["depositTransaction"]["statusReason"], Value::Null, "{receipt}");
    assert_deposited(&node, &quote, &request, 24, collector_before);
    assert_eq!(node.relayer_nonce(), 1, "one relay transaction");
    assert_eq!(node.entrypoint_nonce(node.chain.address(24)), U256::from(1));
    // Off the queue once its relay was stored: a later start has nothing left to relay.
    assert!(queued(&node, &db, node.chain_id).is_empty());
}

#[test]
fn a_node_of_another_chain_is_refused_for_reads_and_relays_nothing() {
    let node = Node::start(&[26], 27);
    node.approve_entrypoint(26);
    let db = crate::support::database("relay-other-chain");
    let first = Instance::start(&node.config(), &db, None);
    let queued_quote = first.committed(&node, 26);
    let intent_id = queued_quote.intent.intent_id.clone();
    let request = to_string(&signed(&node, &queued_quote, 26, entrypoint_mode(0)));
    assert_eq!(first.rpc("ExecuteIntent", &request)["intentStatus"], "EXECUTING");
    let refused_quote = first.committed(&node, 26);
    drop(first);

    // The configuration names a node that serves another chain.
    let other = node.block_on(intent_chain_tests::Chain::start_on(CHAIN_ID, &[])).unwrap();
    let mut misconfigured = node.config();
    misconfigured["chains"][0]["rpcUrl"] = other.endpoint().into();
    let second = Instance::start(&misconfigured, &db, Some(&node.relayer_key(node.relayer)));
    // Its facts are not read from it: 503, the record unchanged.
    let request = to_string(&signed(&node, &refused_quote, 26, entrypoint_mode(1)));
    let refused = post(second.addr, "/rpc/Service/ExecuteIntent", &[("X-Access-Key", ACCESS_KEY)], request.as_bytes());
    assert_eq!((refused.status, refused.json()["code"].as_i64()), (503, Some(9001)), "{}", refused.body);
    assert_eq!(second.receipt(&refused_quote.intent.intent_id)["status"], "COMMITTED");
    // Nor is the queued deposit relayed through it: nothing signed, the receipt says why.
    let why = format!(
        "not relayed yet, tried again: node unavailable: the node at {} serves chain {CHAIN_ID}, not {}",
        other.endpoint(),
        node.chain_id
    );
    let started = Instant::now();
    loop {
        let deposit = second.receipt(&intent_id)["depositTransaction"].clone();
        if deposit["statusReason"] == why.as_str() {
            assert_eq!((deposit["status"].as_str(), deposit["txnHash"].as_str()), (Some("PENDING"), None));
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "{deposit}");
        std::thread::sleep(Duration::from_millis(50));
    }
    let relayer = node.chain.address(node.relayer);
    assert_eq!(node.block_on(other.provider().get_transaction_count(relayer)).unwrap(), 0);
    drop(second);

    // Once the configuration names the chain's own node, the queued deposit is relayed.
    let third = Instance::start(&node.config(), &db, Some(&node.relayer_key(node.relayer)));
    let receipt = third.wait_deposit(&intent_id, "SUCCEEDED");
    assert_eq!(receipt["depositTransaction"]["statusReason"], Value::Null, "{receipt}");
    assert_eq!(node.relayer_nonce(), 1);
}

#[test]
fn the_relayer_key_is_never_printed_and_a_chain_without_rpc_url_is_not_relayed() {
    // Development account 1's key: a key anyone knows, used here for its printed form only.
    let key = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
    let address = RelayerKey::parse(key, "test").unwrap().address();
    let log = crate::support::scratch().join("relay-start.log");
    let server = crate::support::Server::start_env(
        &crate::support::database("relay-start"),
        &[("INTENT_RELAYER_KEY", key)],
        &log,
    );
    let printed = server.printed.join("\n");
    assert!(printed.contains(&format!("relayer {address}")), "{printed}");
    assert!(!printed.to_lowercase().contains(&key[2..]), "{printed}");
    let not_relayed = "not relayed: chain 42161 has no rpcUrl in the service configuration";
    assert!(printed.contains(&format!("chain 42161: gasless deposits {not_relayed}")), "{printed}");

    // The shipped configuration's chains have no node: a gasless deposit is checked, then
    // its receipt says why it is not relayed.
    let now = crate::support::base();
    let quote = server.committed(now, &crate::support::demo_quote_request());
    let deadline = now.unix_seconds() as u64 + 600;
    // A random nonce: tests sharing one database never claim the same one.
    let nonce = u64::from_be_bytes(crate::support::random_hash()[..8].try_into().unwrap()) >> 1;
    let request = crate::support::gasless_request(&quote, crate::support::Gasless::Entrypoint { nonce }, deadline);
    assert_eq!(server.rpc("ExecuteIntent", crate::support::at(now, 2), &request).json()["intentStatus"], "EXECUTING");
    let body = json!({"intentId": quote.intent.intent_id}).to_string();
    let receipt = server.rpc("GetIntentReceipt", crate::support::at(now, 3), &body).json()["intentReceipt"].clone();
    assert_eq!(receipt["depositTransaction"]["statusReason"], not_relayed, "{receipt}");
    drop(server);
    let log = std::fs::read_to_string(&log).unwrap();
    assert!(!log.to_lowercase().contains(&key[2..]), "the log shows the key: {log}");
}

#[test]
fn the_service_bindings_are_the_compiled_contracts_functions_and_errors() {
    use alloy_sol_types::SolInterface;
    use intent_service::chain::contracts::{IntentEntrypoint, PermitToken};
    let artifacts = intent_chain_tests::artifacts::artifacts().expect("npm ci --ignore-scripts in chain/");
    let abi = |name: &str| &artifacts.get(name).unwrap().abi;
    let has_function =
        |contract: &str, selector: [u8; 4]| abi(contract).functions().any(|f| f.selector().0 == selector);
    let has_error = |contract: &str, selector: [u8; 4]| abi(contract).errors().any(|e| e.selector().0 == selector);
    for selector in IntentEntrypoint::IServiceIntentEntrypointCalls::selectors() {
        assert!(has_function("ServiceIntentEntrypoint", selector), "{selector:?}");
    }
    for selector in PermitToken::IPermitTokenCalls::selectors() {
        assert!(has_function("TestPermitToken", selector), "{selector:?}");
    }
    for selector in IntentEntrypoint::IServiceIntentEntrypointErrors::selectors() {
        assert!(has_error("ServiceIntentEntrypoint", selector), "{selector:?}");
    }
    for selector in PermitToken::IPermitTokenErrors::selectors() {
        assert!(has_error("TestPermitToken", selector), "{selector:?}");
    }
}

#[test]
fn an_execute_refused_while_the_node_is_down_is_relayed_once_it_answers() {
    let node = Node::start(&[19], 21);
    node.approve_entrypoint(19);
    let db = crate::support::database("relay-node-down");
    // The first instance's node does not answer (nothing listens on port 1): the owner's
    // entrypoint nonce cannot be read, so the execute is refused as retryable
    // (ChainNodeHealth 9001/503) and nothing is changed, queued or sent.
    let mut unreachable = node.config();
    unreachable["chains"][0]["rpcUrl"] = "http://127.0.0.1:1".into();
    let first = Instance::start(&unreachable, &db, Some(&node.relayer_key(node.relayer)));
    let quote = first.committed(&node, 19);
    let request = to_string(&signed(&node, &quote, 19, entrypoint_mode(0)));
    let refused = post(first.addr, "/rpc/Service/ExecuteIntent", &[("X-Access-Key", ACCESS_KEY)], request.as_bytes());
    assert_eq!((refused.status, refused.json()["code"].as_i64()), (503, Some(9001)), "{}", refused.body);
    assert_eq!(first.receipt(&quote.intent.intent_id)["status"], "COMMITTED");
    drop(first);

    // Once the node answers, the same request is accepted and relayed, once.
    let second = Instance::start(&node.config(), &db, Some(&node.relayer_key(node.relayer)));
    let answer = second.rpc("ExecuteIntent", &request);
    assert_eq!(answer["intentStatus"], "EXECUTING");
    second.wait_deposit(&quote.intent.intent_id, "SUCCEEDED");
    assert_eq!(node.relayer_nonce(), 1);
    assert_eq!(node.entrypoint_nonce(node.chain.address(19)), U256::from(1));
}

#[test]
fn a_relayer_short_of_funds_is_reported_and_its_intent_waits_until_it_can_pay() {
    let node = Node::start(&[22], 23);
    node.approve_entrypoint(22);
    let relayer = node.chain.address(node.relayer);
    node.set_balance(relayer, U256::ZERO);
    let service = node.relaying("relay-short");
    let quote = service.committed(&node, 22);
    service.rpc("ExecuteIntent", &to_string(&signed(&node, &quote, 22, entrypoint_mode(0))));
    let short = format!("the relayer {relayer} cannot pay for gas on chain {}: balance 0 wei", node.chain_id);
    let started = Instant::now();
    let waiting = loop {
        let receipt = service.receipt(&quote.intent.intent_id);
        let reason = receipt["depositTransaction"]["statusReason"].as_str().unwrap_or_default().to_owned();
        if reason.starts_with(&format!("not relayed yet, waiting: {short}")) {
            break receipt;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "not waiting: {receipt}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(
        (waiting["status"].as_str(), waiting["depositTransaction"]["status"].as_str()),
        (Some("EXECUTING"), Some("PENDING"))
    );
    assert_eq!(waiting["depositTransaction"]["txnHash"], Value::Null, "nothing signed: {waiting}");
    let health = crate::support::request(service.addr, "GET", "/healthz", &[], b"");
    assert_eq!(health.status, 200);
    assert!(health
        .body
        .contains(&format!("chain {} relayer: short of funds, its intents wait: {short}", node.chain_id)));
    let status = service.rpc("RuntimeStatus", "{}")["status"].clone();
    assert_eq!(status["healthOK"], false, "{status}");
    let entry =
        status["services"].as_array().unwrap().iter().find(|s| s["name"] == format!("chain {} relayer", node.chain_id));
    assert!(entry.is_some_and(|entry| entry["healthy"] == false), "{status}");
    let gauge = format!("service_relayer_short_of_funds{{chain_id=\"{}\"}}", node.chain_id);
    assert!(service.metrics().contains(&format!("{gauge} 1")), "{}", service.metrics());

    node.set_balance(relayer, U256::from(10u64).pow(U256::from(20u64)));
    service.wait_deposit(&quote.intent.intent_id, "SUCCEEDED");
    assert_eq!(node.relayer_nonce(), 1, "signed and sent once, once it could pay");
    assert_eq!(node.entrypoint_nonce(node.chain.address(22)), U256::from(1));
    assert!(service.metrics().contains(&format!("{gauge} 0")));
    let health = crate::support::request(service.addr, "GET", "/healthz", &[], b"");
    assert!(!health.body.contains("short of funds"), "{}", health.body);
}

#[test]
fn a_relay_not_mined_within_the_configured_blocks_is_replaced_with_a_higher_fee() {
    let node = Node::start(&[20], 9);
    node.approve_entrypoint(20);
    let mut config = node.config();
    config["chains"][0]["replaceAfterBlocks"] = 2.into();
    let service =
        Instance::start(&config, &crate::support::database("relay-replaced"), Some(&node.relayer_key(node.relayer)));
    let quote = service.committed(&node, 20);
    let intent_id = quote.intent.intent_id.clone();
    let request = signed(&node, &quote, 20, entrypoint_mode(0));
    let collector = request.deposit_signature.as_ref().unwrap().selected_gas_fee_option.fee_collector_address;
    let collector_before = node.balance(collector);
    node.automine(false);
    service.rpc("ExecuteIntent", &to_string(&request));
    let first = service.wait_deposit(&intent_id, "SENT")["depositTransaction"]["txnHash"].clone();
    // The next blocks' base fee is far above what the relay offers: it stays in the pool
    // while empty blocks are mined, one at a time, until the relayer replaces it.
    let base_fee = U256::from(1_000_000_000_000u64);
    node.block_on(node.chain.provider().raw_request::<_, Value>("anvil_setNextBlockBaseFeePerGas".into(), (base_fee,)))
        .unwrap();
    let started = Instant::now();
    let replaced = loop {
        node.mine();
        assert_eq!(node.relayer_nonce(), 0, "the first version is not mined");
        let waited = Instant::now();
        let hash = loop {
            let hash = service.receipt(&intent_id)["depositTransaction"]["txnHash"].clone();
            if hash != first || waited.elapsed() > Duration::from_millis(500) {
                break hash;
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        if hash != first {
            break hash;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "never replaced");
    };
    node.automine(true);
    node.mine();
    let done = service.wait_deposit(&intent_id, "SUCCEEDED");
    let mined = done["depositTransaction"]["txnHash"].clone();
    assert_ne!(mined, first, "the replacement is what was mined: {done}");
    let receipt = node
        .block_on(node.chain.provider().get_transaction_receipt(mined.as_str().unwrap().parse().unwrap()))
        .unwrap()
        .expect("the mined version's receipt");
    assert!(receipt.status());
    let first_hash = first.as_str().unwrap().parse().unwrap();
    assert!(node.block_on(node.chain.provider().get_transaction_receipt(first_hash)).unwrap().is_none());
    let _ = replaced;
    assert_eq!(node.relayer_nonce(), 1, "one nonce, mined once");
    assert_eq!(node.entrypoint_nonce(node.chain.address(20)), U256::from(1));
    assert_deposited(&node, &quote, &request, 20, collector_before);
    assert!(service.metrics().contains("service_relays_total{outcome=\"replaced\"}"), "{}", service.metrics());
}

#[test]
fn a_relay_the_node_refuses_is_forgotten_and_signed_again_with_a_fresh_nonce() {
    // Account 0 relays (the one account no other test relays with; it deployed the
    // contracts, so its nonces are counted from `deployed`).
    let node = Node::start(&[8, 10], 0);
    node.approve_entrypoint(8);
    node.approve_entrypoint(10);
    let deployed = node.relayer_nonce();
    let service = node.relaying("relay-refused");
    let first = service.committed(&node, 8);
    service.rpc("ExecuteIntent", &to_string(&signed(&node, &first, 8, entrypoint_mode(0))));
    service.wait_deposit(&first.intent.intent_id, "SUCCEEDED");
    // The relayer's account spends the nonce the task counts on next, at a fee no relay
    // offers, while nothing is mined: the node refuses the relay that reuses it.
    node.automine(false);
    let relayer = node.chain.address(node.relayer);
    let own = alloy_rpc_types_eth::TransactionRequest::default()
        .from(relayer)
        .to(relayer)
        .nonce(deployed + 1)
        .gas_limit(21_000)
        .max_fee_per_gas(1_000_000_000_000)
        .max_priority_fee_per_gas(1_000_000_000_000);
    let _pending = node.block_on(node.chain.provider().send_transaction(own)).unwrap();
    let second = service.committed(&node, 10);
    service.rpc("ExecuteIntent", &to_string(&signed(&node, &second, 10, entrypoint_mode(0))));
    let started = Instant::now();
    while !service.metrics().contains("service_relays_total{outcome=\"rejected\"} 1") {
        assert!(started.elapsed() < Duration::from_secs(30), "not refused: {}", service.metrics());
        std::thread::sleep(Duration::from_millis(50));
    }
    // Signed again with the next nonce the node counts, a second later, and mined.
    service.wait_deposit(&second.intent.intent_id, "SENT");
    node.automine(true);
    node.mine();
    service.wait_deposit(&second.intent.intent_id, "SUCCEEDED");
    assert_eq!(node.relayer_nonce(), deployed + 3, "the first relay, the account's own, then the second relay");
    assert_eq!(node.entrypoint_nonce(node.chain.address(10)), U256::from(1));
}
