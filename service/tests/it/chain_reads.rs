//! The service's chain facts read from a real node (docs/spec.md §6.5, §12): Anvil started
//! and the repository's contracts deployed by `intent-chain-tests`' harness, the service
//! built in process with its configuration's `rpcUrl` pointing at it, and every exchange
//! over HTTP through the router. Deposit hashes proven by real transactions (each DEPOSIT_*
//! reason from one), permit domains and nonces and entrypoint nonces read from the chain, a
//! node that stops answering (503, the record unchanged, a retry once it is back), and the
//! abort transaction checked on chain. The database is `INTENT_SERVICE_TEST_DB` (a
//! `postgres://` URL) or a fresh SQLite file; `chain/` must be installed (`npm ci`).

use crate::support::app::App;
use crate::support::{at, base, commit_body, database, hash_request, random_hash};
use alloy_network::TransactionBuilder;
use alloy_primitives::{Address, B256, U256};
use alloy_provider::ext::AnvilApi;
use alloy_provider::Provider;
use alloy_rpc_types_eth::TransactionRequest;
use alloy_sol_types::SolValue;
use axum::http::{HeaderMap, Method, StatusCode};
use intent_chain_tests::sign::sign_digest as chain_sign;
use intent_chain_tests::Chain;
use intent_contracts::IPermitToken;
use intent_core::eip712::{Domain, EntrypointNames, Permit};
use intent_core::{from_slice, to_string, QuoteResponse, Timestamp, TokenPermit};
use intent_service::chain::ChainView;
use intent_service::config::ServiceConfig;
use intent_service::demo::{self, Gasless};
use k256::ecdsa::SigningKey;
use serde_json::{json, Value};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// The development accounts' parts.
const USER: usize = 1;
const RECIPIENT: usize = 5;

/// Base's USDC in the shipped configuration: the destination of every intent here.
const DESTINATION_TOKEN: &str = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

/// 1000 tokens, minted to the user.
fn minted() -> U256 {
    U256::from(10).pow(U256::from(21))
}

/// 125 tokens: the amount of the intents here.
fn deposit_amount() -> U256 {
    U256::from(125) * U256::from(10).pow(U256::from(18))
}

/// The entrypoint names the deployed entrypoint verifies with, none of them the defaults.
fn custom_names() -> EntrypointNames {
    EntrypointNames {
        type_name: "ServiceIntentV2".into(),
        domain_name: "ServiceIntentEntrypointV2".into(),
        domain_version: "2".into(),
    }
}

/// A node with the contracts: the entrypoint (under [`custom_names`]) and two ERC-2612
/// tokens with ERC-5267 `eip712Domain()`, minted to the user.
struct Deployed {
    chain: Chain,
    token: Address,
    other_token: Address,
    entrypoint: Address,
}

impl Deployed {
    async fn new() -> Deployed {
        let chain = Chain::start().await.expect("anvil starts: run `(cd chain && npm ci --ignore-scripts)` first");
        let entrypoint = chain.deploy_entrypoint(&custom_names()).await.unwrap();
        let token = chain.deploy_permit_token("Deposit Token", "DPT").await.unwrap();
        let other_token = chain.deploy_permit_token("Other Token", "OTT").await.unwrap();
        for t in [token, other_token] {
            chain.mint(t, chain.address(USER), minted()).await.unwrap();
        }
        Deployed { chain, token, other_token, entrypoint }
    }
}

/// The deployed contracts, and the service reading their node.
struct Setup {
    chain: Chain,
    token: Address,
    other_token: Address,
    app: App,
}

/// The chain entry of the configuration for a node at `rpc_url`.
fn chain_entry(chain_id: u64, rpc_url: &str, entrypoint: Address) -> Value {
    json!({
        "chainId": chain_id,
        "nativeTokenSymbol": "ETH",
        "nativeTokenPriceUsd": 3401.27,
        "gasPrice": "1000000000",
        "gasLimit": 100000,
        "entrypoint": {
            "address": entrypoint.to_checksum(None),
            "name": "ServiceIntentEntrypointV2",
            "version": "2",
            "typeName": "ServiceIntentV2"
        },
        "rpcUrl": rpc_url,
        "routerAddress": "0x555B5e43324096b87908201434f4E8CE04c41Dbd",
        "routerShimAddress": "0x38B2b6BfCA70993A5F17ed315F6501f9F6AB6E5b",
        "metaTxnContract": "0x371a866dC5F452f90201869cDA2f00ffdC800d09",
        "walletFactoryAddress": "0x4e59b44847b379578588920ca78fbf26c0b4956c"
    })
}

/// A token entry of the configuration, with its permit domain's name (version 1).
fn token_entry(chain_id: u64, address: Address, symbol: &str, name: &str) -> Value {
    json!({"chainId": chain_id, "address": address.to_checksum(None), "symbol": symbol, "decimals": 18,
           "priceUsd": 1, "feeToken": true, "permit": {"name": name, "version": "1"}})
}

impl Setup {
    /// [`Deployed::new`], and the service reading its node, with the configuration changed by `change`.
    async fn new(change: impl FnOnce(&mut Value)) -> Setup {
        Setup::serve(Deployed::new().await, None, change).await
    }

    /// The service reading `deployed`'s node at `rpc_url` (its own endpoint when `None`),
    /// with the configuration changed by `change`.
    async fn serve(deployed: Deployed, rpc_url: Option<&str>, change: impl FnOnce(&mut Value)) -> Setup {
        let Deployed { chain, token, other_token, entrypoint } = deployed;
        let endpoint = chain.endpoint();
        let chain_id = intent_chain_tests::CHAIN_ID;
        let app = App::open(&database("chain-reads"), |config| {
            let entry = chain_entry(chain_id, rpc_url.unwrap_or(&endpoint), entrypoint);
            config["chains"].as_array_mut().unwrap().push(entry);
            let tokens = config["tokens"].as_array_mut().unwrap();
            tokens.push(token_entry(chain_id, token, "DPT", "Deposit Token"));
            tokens.push(token_entry(chain_id, other_token, "OTT", "Other Token"));
            change(config);
        })
        .await;
        Setup { chain, token, other_token, app }
    }

    fn user(&self) -> Address {
        self.chain.address(USER)
    }

    /// The user's key as the service's demo signer takes it.
    fn user_key(&self) -> SigningKey {
        SigningKey::from_slice(self.chain.key(USER).to_bytes().as_slice()).unwrap()
    }

    /// POST `body` to the operation at the test clock's `now` (checked against the OpenAPI document).
    async fn call(&self, operation: &str, now: Timestamp, body: &str) -> Answer {
        let reply = self.app.rpc(operation, now, body).await;
        Answer {
            status: StatusCode::from_u16(reply.status).unwrap(),
            body: serde_json::from_str(&reply.body).unwrap_or(Value::Null),
            headers: reply.headers,
        }
    }

    /// `GET /healthz`'s text.
    async fn healthz(&self) -> String {
        self.app.request(Method::GET, "/healthz", &[], b"").await.body
    }

    /// An intent of `amount` of `token` (zero: the native token) from this chain, quoted at
    /// `now` and committed a second later.
    async fn committed(&self, now: Timestamp, token: Address, amount: U256) -> QuoteResponse {
        self.committed_by(self.user(), now, token, amount).await
    }

    /// [`Setup::committed`] for the owner `owner`.
    async fn committed_by(&self, owner: Address, now: Timestamp, token: Address, amount: U256) -> QuoteResponse {
        let request = json!({
            "ownerAddress": owner.to_checksum(None),
            "originChainId": intent_chain_tests::CHAIN_ID,
            "originTokenAddress": token.to_checksum(None),
            "destinationChainId": 8453,
            "destinationTokenAddress": DESTINATION_TOKEN,
            "destinationToAddress": owner.to_checksum(None),
            "originTokenAmount": amount.to_string(),
            "tradeType": "EXACT_INPUT",
            "onlyNativeGasFee": false
        });
        let quoted = self.call("QuoteIntent", now, &request.to_string()).await;
        assert_eq!(quoted.status, StatusCode::OK, "{}", quoted.body);
        let quote: QuoteResponse = from_slice(quoted.body.to_string().as_bytes()).unwrap();
        let committed = self.call("CommitIntent", at(now, 1), &commit_body(&quote)).await;
        assert_eq!(committed.status, StatusCode::OK, "{}", committed.body);
        quote
    }

    /// The stored (revision, status) of `intent_id`.
    async fn stored(&self, intent_id: &str) -> (i64, String) {
        self.app.stored(intent_id).await
    }

    /// The user pays `amount` of `token` to `to`, mined; the transaction's hash.
    async fn pay(&self, token: Address, to: Address, amount: U256) -> B256 {
        let token = IPermitToken::new(token, self.chain.provider());
        token.transfer(to, amount).from(self.user()).send().await.unwrap().watch().await.unwrap()
    }

    /// The user sends `value` wei to `to`, mined; the transaction's hash.
    async fn send_native(&self, to: Address, value: U256) -> B256 {
        let request = TransactionRequest::default().with_from(self.user()).with_to(to).with_value(value);
        self.chain.provider().send_transaction(request).await.unwrap().watch().await.unwrap()
    }

    /// The token's EIP-712 domain as deployed: `(name, "1", chainId, token)`.
    fn domain(&self, name: &str, token: Address) -> Domain {
        Domain {
            name: Some(name.to_owned().into()),
            version: Some("1".into()),
            chain_id: Some(U256::from(intent_chain_tests::CHAIN_ID)),
            verifying_contract: Some(token),
            salt: None,
        }
    }

    /// A permit-only request for `quote`, signed by the user over the permit nonce `nonce`
    /// under `domain`, valid until `deadline`.
    fn permit_request(&self, quote: &QuoteResponse, domain: &Domain, nonce: u64, deadline: u64) -> String {
        let permit = TokenPermit { domain: domain.clone(), nonce: U256::from(nonce) };
        to_string(&demo::permit_only_request(quote, &self.user_key(), &permit, deadline).unwrap())
    }

    /// A committed intent of [`deposit_amount`] of the token, and the user's payment of its
    /// deposit, mined.
    async fn committed_and_paid(&self, now: Timestamp) -> (QuoteResponse, B256) {
        let quote = self.committed(now, self.token, deposit_amount()).await;
        let deposit = &quote.intent.deposit_transaction;
        let paid = self.pay(self.token, deposit.to_address, deposit.amount).await;
        (quote, paid)
    }
}

struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: Value,
}

impl Answer {
    fn cause(&self) -> &str {
        self.body["cause"].as_str().unwrap_or("")
    }

    fn msg(&self) -> &str {
        self.body["msg"].as_str().unwrap_or("")
    }

    /// Asserts the intent is EXECUTING.
    fn executing(&self) {
        assert_eq!((self.status, &self.body["intentStatus"]), (StatusCode::OK, &json!("EXECUTING")), "{}", self.body);
    }
}

/// A deadline an hour after `now`.
fn deadline(now: Timestamp) -> u64 {
    u64::try_from(now.unix_seconds()).unwrap() + 3600
}

#[tokio::test]
async fn deposit_hashes_are_proven_by_the_node_each_reason_from_a_real_transaction() {
    // Two confirmations: a deposit is accepted once one more block follows it.
    let setup = Setup::new(|config| config["chains"][2]["depositConfirmations"] = json!(2)).await;
    let provider = setup.chain.provider();
    let now = base();
    let amount = deposit_amount();

    // An ERC-20 transfer: one block short of the confirmations (DEPOSIT_UNCONFIRMED, the
    // record unchanged), then accepted as the same request once another block is mined.
    let (quote, paid) = setup.committed_and_paid(now).await;
    let id = quote.intent.intent_id.as_str();
    let before = setup.stored(id).await;
    let early = setup.call("ExecuteIntent", at(now, 2), &hash_request(id, paid)).await;
    assert_eq!(
        (early.status, early.cause()),
        (StatusCode::UNPROCESSABLE_ENTITY, "DEPOSIT_UNCONFIRMED at depositTransactionHash")
    );
    assert_eq!(setup.stored(id).await, before);
    provider.anvil_mine(Some(1), None).await.unwrap();
    setup.call("ExecuteIntent", at(now, 3), &hash_request(id, paid)).await.executing();

    // A native transfer of the intent's value to its deposit address.
    let ether = U256::from(10).pow(U256::from(18));
    let quote = setup.committed(now, Address::ZERO, ether).await;
    let deposit = &quote.intent.deposit_transaction;
    let sent = setup.send_native(deposit.to_address, deposit.amount).await;
    provider.anvil_mine(Some(1), None).await.unwrap();
    setup.call("ExecuteIntent", at(now, 2), &hash_request(&quote.intent.intent_id, sent)).await.executing();

    // Not mined yet (automining off): a retryable answer, not a verdict, the record
    // unchanged; the same request is accepted once the block and one more are mined.
    let quote = setup.committed(now, setup.token, amount).await;
    let id = quote.intent.intent_id.as_str();
    let deposit = &quote.intent.deposit_transaction;
    provider.anvil_set_auto_mine(false).await.unwrap();
    let token = IPermitToken::new(setup.token, provider);
    let pending = token.transfer(deposit.to_address, deposit.amount).from(setup.user()).send().await.unwrap();
    let pending = *pending.tx_hash();
    let before = setup.stored(id).await;
    let waiting = setup.call("ExecuteIntent", at(now, 2), &hash_request(id, pending)).await;
    assert_eq!(
        (waiting.status, waiting.body["error"].as_str(), waiting.cause()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("IntentStatus"), "DEPOSIT_NOT_MINED at depositTransactionHash")
    );
    assert_eq!(waiting.headers["retry-after"], "2");
    assert_eq!(setup.stored(id).await, before);
    provider.anvil_mine(Some(2), None).await.unwrap();
    provider.anvil_set_auto_mine(true).await.unwrap();
    setup.call("ExecuteIntent", at(now, 3), &hash_request(id, pending)).await.executing();

    // Each contradiction, from its own real transaction, on a fresh committed intent.
    let refused = |quote: &QuoteResponse, hash: B256| {
        let body = hash_request(&quote.intent.intent_id, hash);
        let setup = &setup;
        async move {
            provider.anvil_mine(Some(1), None).await.unwrap();
            setup.call("ExecuteIntent", at(now, 2), &body).await
        }
    };
    // Reverted: more than the user holds, mined with a fixed gas limit.
    let quote = setup.committed(now, setup.token, amount).await;
    let to = quote.intent.deposit_transaction.to_address;
    let too_much = token.transfer(to, minted() * U256::from(2)).from(setup.user()).gas(100_000);
    let reverted = too_much.send().await.unwrap().watch().await.unwrap();
    let answer = refused(&quote, reverted).await;
    assert_eq!(
        (answer.status, answer.cause()),
        (StatusCode::BAD_REQUEST, "DEPOSIT_REVERTED at depositTransactionHash")
    );
    // Another token, another recipient, a short amount: the message names the field.
    let cases: [(&str, Address, bool, U256); 3] = [
        ("tokenAddress", setup.other_token, true, U256::ZERO),
        ("toAddress", setup.token, false, U256::ZERO),
        ("amount", setup.token, true, U256::from(1)),
    ];
    for (field, paid_token, to_intent, short) in cases {
        let quote = setup.committed(now, setup.token, amount).await;
        let deposit = &quote.intent.deposit_transaction;
        let to = if to_intent { deposit.to_address } else { setup.chain.address(RECIPIENT) };
        let hash = setup.pay(paid_token, to, deposit.amount - short).await;
        let answer = refused(&quote, hash).await;
        assert_eq!(
            (answer.status, answer.cause()),
            (StatusCode::BAD_REQUEST, "DEPOSIT_MISMATCH at depositTransactionHash"),
            "{field}"
        );
        assert!(answer.msg().contains(&format!("depositTransaction.{field}")), "{field}: {}", answer.msg());
        assert_eq!(setup.stored(&quote.intent.intent_id).await.1, "COMMITTED");
    }
}

#[tokio::test]
async fn a_deposit_made_on_another_chain_the_service_reads_is_deposit_wrong_chain() {
    let other = Chain::start_on(31_338, &[]).await.unwrap();
    let other_endpoint = other.endpoint();
    let setup = Setup::new(|config| {
        let mut entry = chain_entry(31_338, &other_endpoint, Address::ZERO);
        entry["entrypoint"] = json!({"address": ""});
        config["chains"].as_array_mut().unwrap().push(entry);
    })
    .await;
    let now = base();
    let quote = setup.committed(now, Address::ZERO, U256::from(10).pow(U256::from(18))).await;
    let deposit = &quote.intent.deposit_transaction;
    // The same value to the same address, on the other chain.
    let request = TransactionRequest::default().with_from(other.address(USER)).with_to(deposit.to_address);
    let elsewhere = other.provider().send_transaction(request.with_value(deposit.amount)).await.unwrap();
    let elsewhere = elsewhere.watch().await.unwrap();
    let answer = setup.call("ExecuteIntent", at(now, 2), &hash_request(&quote.intent.intent_id, elsewhere)).await;
    assert_eq!(
        (answer.status, answer.cause()),
        (StatusCode::BAD_REQUEST, "DEPOSIT_WRONG_CHAIN at depositTransactionHash")
    );
    // A hash no node knows is not mined, not a verdict.
    let unknown = setup.call("ExecuteIntent", at(now, 2), &hash_request(&quote.intent.intent_id, random_hash())).await;
    assert_eq!(unknown.cause(), "DEPOSIT_NOT_MINED at depositTransactionHash");
}

#[tokio::test]
async fn permit_domains_and_nonces_and_entrypoint_nonces_are_read_from_the_node() {
    // The other token is configured with a permit name its eip712Domain() contradicts.
    let setup = Setup::new(|config| {
        config["tokens"][5]["permit"] = json!({"name": "Not Its Name", "version": "1"});
    })
    .await;
    let now = base();
    let amount = deposit_amount();
    let domain = setup.domain("Deposit Token", setup.token);

    // The owner's first permit (nonce 0 on chain) spent on chain, outside the service: the
    // token's nonce is then 1.
    let permit = Permit {
        owner: setup.user(),
        spender: setup.chain.address(RECIPIENT),
        value: U256::from(1),
        nonce: U256::ZERO,
        deadline: U256::MAX,
    };
    let signature = chain_sign(setup.chain.key(USER), permit.digest(&domain)).unwrap();
    let token = IPermitToken::new(setup.token, setup.chain.provider());
    let (r, s) = (B256::from(signature.r()), B256::from(signature.s()));
    let call = token.permit(permit.owner, permit.spender, permit.value, permit.deadline, signature.v(), r, s);
    call.send().await.unwrap().watch().await.unwrap();
    assert_eq!(token.nonces(setup.user()).call().await.unwrap(), U256::from(1));

    // A permit over the stale nonce 0 recovers to someone else; over nonce 1, accepted.
    let quote = setup.committed(now, setup.token, amount).await;
    let stale = setup.call("ExecuteIntent", at(now, 2), &setup.permit_request(&quote, &domain, 0, deadline(now))).await;
    assert_eq!(
        (stale.status, stale.cause()),
        (StatusCode::UNAUTHORIZED, "SIGNER_MISMATCH at depositSignature.permitSignature")
    );
    let fresh = setup.permit_request(&quote, &domain, 1, deadline(now));
    setup.call("ExecuteIntent", at(now, 3), &fresh).await.executing();

    // The entrypoint nonce is read (0): nonce 1 is NONCE_MISMATCH naming it; the intent
    // signed under the chain's configured entrypoint names with nonce 0 is accepted. The
    // owner is a fresh key, so that its used (chain, owner, nonce 0) never meets one stored
    // by an earlier run on a shared database.
    let mut secret = [0u8; 32];
    getrandom::fill(&mut secret).unwrap();
    let owner_key = SigningKey::from_slice(&secret).unwrap();
    let owner = Address::from_private_key(&owner_key);
    let quote = setup.committed_by(owner, now, setup.token, amount).await;
    let chain = ChainView::new(ServiceConfig::load(None).unwrap()).unwrap();
    let sign = |nonce: u64| {
        let mode = Gasless::Entrypoint { nonce: U256::from(nonce) };
        to_string(&demo::gasless_request(&quote, &owner_key, mode, deadline(now), &custom_names(), &chain).unwrap())
    };
    let ahead = setup.call("ExecuteIntent", at(now, 2), &sign(1)).await;
    assert_eq!(
        (ahead.status, ahead.cause()),
        (StatusCode::BAD_REQUEST, "NONCE_MISMATCH at depositSignature.userNonce")
    );
    setup.call("ExecuteIntent", at(now, 3), &sign(0)).await.executing();

    // A token whose configured permit domain contradicts its eip712Domain(): a
    // configuration error, listed by /healthz, and the permit unverified.
    let quote = setup.committed(now, setup.other_token, amount).await;
    let other_domain = setup.domain("Other Token", setup.other_token);
    let answer =
        setup.call("ExecuteIntent", at(now, 2), &setup.permit_request(&quote, &other_domain, 0, deadline(now))).await;
    assert_eq!(
        (answer.status, answer.cause()),
        (StatusCode::UNAUTHORIZED, "PERMIT_UNVERIFIED at depositSignature.permitSignature")
    );
    let health = setup.healthz().await;
    assert!(health.starts_with("ok\n"), "{health}");
    assert!(health.contains("chain 31337: facts read from its node"), "{health}");
    assert!(health.contains("chain 42161: no node (no rpcUrl)"), "{health}");
    assert!(health.contains("configuration error") && health.contains("Not Its Name"), "{health}");
}

/// What the relay in front of the node does with a connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Node {
    /// Passes it through.
    Up,
    /// Closes it at once: a node that is down.
    Down,
    /// Holds it open and never answers: a node that hangs.
    Silent,
}

/// A TCP relay in front of a node. Changing its mode cuts every open connection, so the
/// service's pooled connections see the new mode too.
struct Relay {
    addr: std::net::SocketAddr,
    mode: watch::Sender<Node>,
}

impl Relay {
    async fn start(target: std::net::SocketAddr) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let mode = watch::channel(Node::Up).0;
        let modes = mode.clone();
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let mut changed = modes.subscribe();
                let now = *changed.borrow_and_update();
                tokio::spawn(async move {
                    match now {
                        Node::Down => drop(inbound),
                        Node::Silent => {
                            let _ = changed.changed().await;
                        }
                        Node::Up => {
                            let Ok(mut outbound) = TcpStream::connect(target).await else { return };
                            tokio::select! {
                                _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                                _ = changed.changed() => {}
                            }
                        }
                    }
                });
            }
        });
        Relay { addr, mode }
    }

    fn set(&self, mode: Node) {
        self.mode.send_replace(mode);
    }
}

#[tokio::test]
async fn a_node_that_is_down_or_hangs_is_503_and_loses_nothing() {
    let deployed = Deployed::new().await;
    let relay = Relay::start(deployed.chain.endpoint().trim_start_matches("http://").parse().unwrap()).await;
    let url = format!("http://{}", relay.addr);
    let setup =
        Setup::serve(deployed, Some(&url), |config| config["server"] = json!({"nodeTimeoutMillis": 1000})).await;
    let now = base();
    let (quote, paid) = setup.committed_and_paid(now).await;
    let id = quote.intent.intent_id.as_str();
    let before = setup.stored(id).await;
    for mode in [Node::Down, Node::Silent] {
        relay.set(mode);
        let started = std::time::Instant::now();
        let answer = setup.call("ExecuteIntent", at(now, 2), &hash_request(id, paid)).await;
        assert_eq!(
            (answer.status, answer.body["error"].as_str(), answer.body["code"].as_i64(), answer.cause()),
            (StatusCode::SERVICE_UNAVAILABLE, Some("ChainNodeHealth"), Some(9001), "CHAIN_NODE_UNAVAILABLE"),
            "{mode:?}"
        );
        assert_eq!(answer.headers["retry-after"], "5");
        assert!(answer.msg().contains("chain 31337"), "{}", answer.msg());
        // Bounded by the node timeout (with room for a loaded machine), not hanging.
        assert!(started.elapsed() < std::time::Duration::from_secs(30), "{mode:?}: {:?}", started.elapsed());
        assert_eq!(setup.stored(id).await, before, "{mode:?}: the record is unchanged");
        let status = setup.call("RuntimeStatus", at(now, 2), "").await;
        let node =
            status.body["status"]["services"].as_array().unwrap().iter().find(|s| s["name"] == "chain 31337 node");
        assert_eq!(
            (status.body["status"]["healthOK"].as_bool(), node.map(|n| &n["healthy"])),
            (Some(false), Some(&json!(false)))
        );
    }
    // The node back: the same request is accepted.
    relay.set(Node::Up);
    setup.call("ExecuteIntent", at(now, 3), &hash_request(id, paid)).await.executing();
    let status = setup.call("RuntimeStatus", at(now, 3), "").await;
    assert_eq!(status.body["status"]["healthOK"], json!(true), "{}", status.body);
}

#[tokio::test]
async fn an_abort_on_a_chain_with_a_node_must_be_a_successful_transaction() {
    let setup = Setup::new(|_| {}).await;
    let now = base();
    let amount = deposit_amount();
    let quote = setup.committed(now, setup.token, amount).await;
    let id = quote.intent.intent_id.as_str();
    let abort = |hash: B256| {
        json!({"intentId": id, "chainId": intent_chain_tests::CHAIN_ID, "abortTransactionHash": hash.to_string()})
            .to_string()
    };
    // Unknown to the node; and reverted.
    let unknown = setup.call("AbortIntent", at(now, 2), &abort(random_hash())).await;
    assert_eq!(
        (unknown.status, unknown.cause()),
        (StatusCode::BAD_REQUEST, "ABORT_NOT_SUCCEEDED at abortTransactionHash")
    );
    let token = IPermitToken::new(setup.token, setup.chain.provider());
    let to = setup.chain.address(RECIPIENT);
    let too_much = token.transfer(to, minted() * U256::from(2)).from(setup.user()).gas(100_000);
    let reverted = too_much.send().await.unwrap().watch().await.unwrap();
    let answer = setup.call("AbortIntent", at(now, 2), &abort(reverted)).await;
    assert_eq!(answer.cause(), "ABORT_NOT_SUCCEEDED at abortTransactionHash");
    assert_eq!(setup.stored(id).await.1, "COMMITTED");
    // A successful transaction: ABORTED, and the receipt keeps it SUCCEEDED.
    let succeeded = setup.send_native(to, U256::from(1)).await;
    let answer = setup.call("AbortIntent", at(now, 3), &abort(succeeded)).await;
    assert_eq!((answer.status, &answer.body["status"]), (StatusCode::OK, &json!("ABORTED")), "{}", answer.body);
    let receipt = setup.call("GetIntentReceipt", at(now, 4), &json!({"intentId": id}).to_string()).await;
    let transaction = &receipt.body["intentReceipt"]["originTransaction"];
    assert_eq!((&transaction["status"], &transaction["txnHash"]), (&json!("SUCCEEDED"), &json!(succeeded.to_string())));
}

#[tokio::test]
async fn without_eip712_domain_the_configured_domain_must_be_the_tokens_domain_separator() {
    // Tokens with DOMAIN_SEPARATOR() and nonces(owner) but no eip712Domain().
    let deployed = Deployed::new().await;
    let deploy = |name: &'static str, symbol: &'static str| {
        let args = (name.to_owned(), symbol.to_owned()).abi_encode_params();
        let chain = &deployed.chain;
        async move { chain.deploy("TestLegacyDomainToken", &args).await.unwrap() }
    };
    let matching = deploy("Dai Token", "DAI").await;
    let contradicted = deploy("Dai Two", "DAI2").await;
    for token in [matching, contradicted] {
        deployed.chain.mint(token, deployed.chain.address(USER), minted()).await.unwrap();
    }
    let chain_id = intent_chain_tests::CHAIN_ID;
    let setup = Setup::serve(deployed, None, |config| {
        let tokens = config["tokens"].as_array_mut().unwrap();
        tokens.push(token_entry(chain_id, matching, "DAI", "Dai Token"));
        let mut wrong = token_entry(chain_id, contradicted, "DAI2", "Dai Two");
        wrong["permit"]["version"] = json!("2");
        tokens.push(wrong);
    })
    .await;
    let now = base();
    let amount = deposit_amount();

    // The configured (name, version) with the chain id and the token is its separator's
    // domain: the permit is verified under it and accepted.
    let quote = setup.committed(now, matching, amount).await;
    let request = setup.permit_request(&quote, &setup.domain("Dai Token", matching), 0, deadline(now));
    setup.call("ExecuteIntent", at(now, 2), &request).await.executing();

    // A configured version the separator contradicts: a configuration error, the permit unverified.
    let quote = setup.committed(now, contradicted, amount).await;
    let mut domain = setup.domain("Dai Two", contradicted);
    domain.version = Some("2".into());
    let answer =
        setup.call("ExecuteIntent", at(now, 2), &setup.permit_request(&quote, &domain, 0, deadline(now))).await;
    assert_eq!(
        (answer.status, answer.cause()),
        (StatusCode::UNAUTHORIZED, "PERMIT_UNVERIFIED at depositSignature.permitSignature")
    );
    let health = setup.healthz().await;
    assert!(health.contains(&format!("token {contradicted}: its DOMAIN_SEPARATOR()")), "{health}");
    assert!(!health.contains(&format!("token {matching}")), "{health}");
}
