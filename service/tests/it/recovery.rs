//! Recovery on the local stack (docs/spec.md §12, Recovery): a same-chain swap quoted, a
//! short deposit sent to its intent address (so the intent can never run), then
//! PrepareIntentRecovery, the owner's key signing the payload hash, BuildIntentRecoveryTransaction
//! and the transaction sent by someone else: the owner has the deposit back, the wallet is
//! deployed and the intent's origin meta-transaction can no longer run. Then a leftover (a
//! token sent to the wallet afterwards) is recovered to another address at the wallet's next
//! nonce, without a deploy. GetIntentHistory's `includeBalances` and `onlyRecoverable` say
//! what the address holds before and after. Balances are read from the chain; the service runs without a
//! relayer key, so its executor does nothing here.

use alloy_primitives::{Address, Bytes, B256, U256};
use alloy_signer::SignerSync;
use intent_chain_tests::wallet::tokens;
use intent_core::{from_slice, QuoteResponse};
use serde_json::{json, Value};

use crate::support::stack::{Stack, StackChain, DEPLOYER, OWNER};
use crate::support::{call_in_process, ACCESS_KEY};

/// Who receives the leftover.
const OTHER: usize = 4;

struct Run {
    stack: Stack,
    router: axum::Router,
}

impl Run {
    async fn start(chain_id: u64, name: &str) -> Run {
        Run::start_chains(&[chain_id], name).await
    }

    async fn start_chains(chain_ids: &[u64], name: &str) -> Run {
        let stack = Stack::start(chain_ids, &[]).await.expect("the stack starts (npm ci in chain/)");
        let config = stack.service_json();
        let config = intent_service::config::ServiceConfig::parse(config.to_string().as_bytes()).unwrap();
        let db = crate::support::database(name);
        let router = intent_service::Service::open(config, &db, &[], &[], false).await.unwrap().router();
        Run { stack, router }
    }

    fn chain(&self) -> &StackChain {
        &self.stack.chains[0]
    }

    async fn call(&self, operation: &str, body: Value) -> (u16, Value) {
        let path = format!("/rpc/Service/{operation}");
        let (status, answer) =
            call_in_process(&self.router, &path, &[("x-access-key", ACCESS_KEY)], &body.to_string()).await;
        (status.as_u16(), answer)
    }

    async fn ok(&self, operation: &str, body: Value) -> Value {
        let (status, answer) = self.call(operation, body).await;
        assert_eq!(status, 200, "{operation}: {answer}");
        answer
    }

    /// GetIntentHistory of this stack's chain with `members`.
    async fn history(&self, mut members: Value) -> Value {
        members["originChainId"] = json!(self.chain().chain_id);
        self.ok("GetIntentHistory", members).await
    }

    async fn balance(&self, token: Address, who: Address) -> U256 {
        self.chain().chain.token_balance(token, who).await.unwrap()
    }

    /// The owner's signature of `hash`, as 65 bytes `r ‖ s ‖ v`.
    fn signed(&self, signer: usize, hash: B256) -> Bytes {
        let signature = self.chain().chain.key(signer).sign_hash_sync(&hash).unwrap();
        Bytes::from(signature.as_bytes().to_vec())
    }

    /// The transaction BuildIntentRecoveryTransaction answers for `prepared` signed by the
    /// owner, sent by the deployer (anyone may send it).
    async fn recover(&self, prepared: &Value) -> Value {
        self.recover_on(0, prepared).await
    }

    /// As [`Run::recover`], on the stack's chain `index`.
    async fn recover_on(&self, index: usize, prepared: &Value) -> Value {
        let chain = &self.stack.chains[index];
        let hash: B256 = prepared["payloadHash"].as_str().unwrap().parse().unwrap();
        let built = self
            .ok(
                "BuildIntentRecoveryTransaction",
                json!({"intentId": prepared["intentId"], "intentAddress": prepared["intentAddress"],
                    "payload": prepared["payload"], "signature": self.signed(OWNER, hash)}),
            )
            .await;
        assert_eq!(built["payloadHash"], prepared["payloadHash"]);
        assert_eq!(built["value"], "0");
        assert_eq!(built["chainId"], prepared["chainId"]);
        let to: Address = built["to"].as_str().unwrap().parse().unwrap();
        assert_eq!(to, chain.wallet.guest, "the guest module");
        let data: Bytes = built["data"].as_str().unwrap().parse().unwrap();
        chain.chain.send_data(DEPLOYER, to, data).await.expect("the recovery runs");
        built
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_deposit_then_a_leftover_are_recovered_with_the_owners_signature() {
    let run = Run::start(31_337_912, "recovery").await;
    let chain = run.chain();
    let (sold, bought) = (chain.tokens[0].address, chain.tokens[1].address);
    let owner = chain.chain.address(OWNER);
    let request = chain.sell_request(bought, 100, owner, 0.01);
    let quote: QuoteResponse =
        from_slice(run.ok("QuoteIntent", request).await.to_string().as_bytes()).expect("a quote");
    let intent = &quote.intent;
    let wallet = intent.origin_intent_address;

    // A short deposit: half of what the intent needs; it can never run.
    let short = intent.deposit_transaction.amount / U256::from(2);
    let before = run.balance(sold, owner).await;
    chain.deposit(sold, wallet, short).await.unwrap();
    assert_eq!(run.balance(sold, owner).await, before - short);

    // The history says what the address holds, and keeps it among the recoverable ones.
    let history = run.history(json!({"includeBalances": true, "page": {"pageSize": 50}})).await;
    assert_eq!(history["nextPage"]["pageSize"], 20, "a page with balances holds 20 intents at most");
    let item = &history["intents"][0];
    assert_eq!(item["intentId"], intent.intent_id.as_str());
    assert_eq!(item["hasBalance"], true);
    assert_eq!(item["balances"][0]["intentAddress"], wallet.to_string());
    assert_eq!(item["balances"][0]["tokens"][0]["balance"], short.to_string());
    let recoverable = run.history(json!({"onlyRecoverable": true})).await;
    assert_eq!(recoverable["intents"].as_array().unwrap().len(), 1);
    assert!(recoverable["intents"][0].get("balances").is_none(), "only with includeBalances");

    let prepared = run.ok("PrepareIntentRecovery", json!({"intentId": intent.intent_id})).await;
    assert_eq!(prepared["intentAddress"], wallet.to_string());
    assert_eq!(prepared["chainId"], chain.chain_id);
    assert_eq!(
        prepared["recoveryTokens"],
        json!([{"contractAddress": sold.to_string(), "balance": short.to_string(), "chainId": chain.chain_id,
            "decimals": 18, "symbol": "SUSD", "priceUsd": "1", "balanceUsd": "50.000000"}]),
        "only the token the wallet holds"
    );
    assert_eq!(prepared["payload"]["nonce"], "0", "the origin bundle's nonce: only one of the two can run");
    assert_eq!(prepared["payload"]["calls"].as_array().unwrap().len(), 1);
    // The typed data the owner's wallet software signs hashes to the payload hash.
    let typed: alloy_dyn_abi::eip712::TypedData = serde_json::from_value(prepared["typedData"].clone()).unwrap();
    assert_eq!(typed.eip712_signing_hash().unwrap().to_string(), prepared["payloadHash"].as_str().unwrap());

    // Another key's signature is refused.
    let hash: B256 = prepared["payloadHash"].as_str().unwrap().parse().unwrap();
    let (status, refused) = run
        .call(
            "BuildIntentRecoveryTransaction",
            json!({"intentId": intent.intent_id, "intentAddress": wallet.to_string(),
                "payload": prepared["payload"], "signature": run.signed(OTHER, hash)}),
        )
        .await;
    assert_eq!((status, refused["cause"].as_str().unwrap()), (401, "SIGNER_MISMATCH at signature"), "{refused}");

    // Another wallet, or a payload of another chain, is refused.
    let elsewhere = json!({"intentId": intent.intent_id, "intentAddress": owner.to_string()});
    let (status, refused) = run.call("PrepareIntentRecovery", elsewhere).await;
    assert_eq!((status, refused["cause"].as_str().unwrap()), (400, "INTENT_INCONSISTENT at intentAddress"));
    let mut other_chain = prepared["payload"].clone();
    other_chain["chainId"] = json!(chain.chain_id + 1);
    let (status, refused) = run
        .call(
            "BuildIntentRecoveryTransaction",
            json!({"intentId": intent.intent_id, "intentAddress": wallet.to_string(),
                "payload": other_chain, "signature": run.signed(OWNER, hash)}),
        )
        .await;
    assert_eq!((status, refused["cause"].as_str().unwrap()), (400, "INTENT_INCONSISTENT at payload"), "{refused}");

    let built = run.recover(&prepared).await;
    assert_eq!(built["requiresDeploy"], true);
    assert_eq!(run.balance(sold, owner).await, before, "the owner has the deposit back");
    assert_eq!(run.balance(sold, wallet).await, U256::ZERO);
    assert!(chain.has_code(wallet).await.unwrap(), "the batch deployed the wallet");
    // The recovery took the origin bundle's nonce: its meta-transaction can no longer run.
    let origin = &intent.origin_meta_txn;
    assert!(chain.chain.send_data(DEPLOYER, origin.contract, origin.input.clone()).await.is_err());

    // A leftover: tokens sent to the wallet afterwards, recovered to another address.
    let leftover = tokens(3);
    chain.deposit(bought, wallet, leftover).await.unwrap();
    let other = chain.chain.address(OTHER);
    let prepared = run
        .ok(
            "PrepareIntentRecovery",
            json!({"intentId": intent.intent_id, "intentAddress": wallet.to_string(),
                "tokenAddress": bought.to_string(), "refundToAddress": other.to_string()}),
        )
        .await;
    assert_eq!(prepared["payload"]["nonce"], "1", "the wallet's next nonce");
    let built = run.recover(&prepared).await;
    assert_eq!(built["requiresDeploy"], false);
    assert_eq!(run.balance(bought, other).await, leftover);
    assert_eq!(run.balance(bought, wallet).await, U256::ZERO);

    // Nothing left: nothing to do, and nothing recoverable.
    let history = run.history(json!({"includeBalances": true})).await;
    assert_eq!(history["intents"][0]["hasBalance"], false);
    assert_eq!(history["intents"][0]["balances"][0]["tokens"], json!([]));
    let recoverable = run.history(json!({"onlyRecoverable": true})).await;
    assert_eq!(recoverable["intents"], json!([]));
    let (status, nothing) = run.call("PrepareIntentRecovery", json!({"intentId": intent.intent_id})).await;
    assert_eq!((status, nothing["cause"].as_str().unwrap()), (400, "NOTHING_TO_DO at tokenAddress"), "{nothing}");
    assert_eq!((&nothing["error"], &nothing["code"]), (&json!("IntentsSkipped"), &json!(7000)), "{nothing}");
}

#[tokio::test]
async fn recovery_is_refused_on_a_chain_without_a_wallet_and_for_another_address() {
    let app = crate::support::app::App::open(&crate::support::database("recovery-refused"), |_| {}).await;
    let quote = app.quote(crate::support::base(), &crate::support::quote_request()).await;
    let id = &quote.intent.intent_id;
    let reply = app.rpc("PrepareIntentRecovery", crate::support::base(), &json!({"intentId": id}).to_string()).await;
    assert_eq!(reply.cause(), "ROUTE_NOT_SERVED at intentId");
    let unknown = app
        .rpc("PrepareIntentRecovery", crate::support::base(), &json!({"intentId": format!("{id}0")}).to_string())
        .await;
    assert_eq!(unknown.json()["error"], "NotFound", "{}", unknown.body);
}

#[tokio::test]
async fn recovery_of_an_intent_on_a_chain_no_longer_served_is_unsupported_network() {
    let db = crate::support::database("recovery-chain-gone");
    let quoted = crate::support::app::App::open(&db, |_| {}).await;
    let quote = quoted.quote(crate::support::base(), &crate::support::quote_request()).await;
    drop(quoted);
    let origin = quote.intent.origin_chain_id;
    // The same database under a configuration without the intent's origin chain.
    let app = crate::support::app::App::open(&db, |config| {
        config["chains"].as_array_mut().unwrap().retain(|chain| chain["chainId"] != origin);
        config["tokens"].as_array_mut().unwrap().retain(|token| token["chainId"] != origin);
    })
    .await;
    let body = json!({"intentId": quote.intent.intent_id}).to_string();
    let reply = app.rpc("PrepareIntentRecovery", crate::support::base(), &body).await;
    assert_eq!(reply.cause(), "CHAIN_NOT_SERVED at intentId", "{}", reply.body);
    assert_eq!((&reply.json()["error"], &reply.json()["code"]), (&json!("UnsupportedNetwork"), &json!(8008)));
}

#[tokio::test]
async fn recovery_needs_the_chains_node_to_read_the_balances() {
    // Chain 8453 runs its same-chain intents in wallets but names no node.
    let app = crate::support::app::App::open(&crate::support::database("recovery-no-node"), |config| {
        let wallet = json!({"factory": config["chains"][1]["walletFactoryAddress"],
            "mainModule": "0x0000000000000000000000000000000000000001",
            "mainModuleUpgradable": "0x0000000000000000000000000000000000000000",
            "guestModule": config["chains"][1]["metaTxnContract"]});
        config["chains"][1]["wallet"] = wallet;
    })
    .await;
    let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
    let request = json!({"ownerAddress": "0x8ba1f109551bD432803012645Ac136ddd64DBA72", "originChainId": 8453,
        "originTokenAddress": usdc, "destinationChainId": 8453, "destinationTokenAddress": usdc,
        "destinationToAddress": "0x290d26C036Fa30924a037CAD2F7e4E56885dE99f", "originTokenAmount": "1000000"});
    let quote = app.quote(crate::support::base(), &request.to_string()).await;
    let body = json!({"intentId": quote.intent.intent_id}).to_string();
    let reply = app.rpc("PrepareIntentRecovery", crate::support::base(), &body).await;
    assert_eq!(reply.cause(), "ROUTE_NOT_SERVED at intentId", "{}", reply.body);
    assert!(reply.body.contains("no node"), "{}", reply.body);
}

/// A cross-chain intent whose destination bundle never ran (what the route minted sits at
/// the destination intent address): the owner recovers it on the destination chain with a
/// payload in the destination bundle's own nonce space, after which that bundle can no
/// longer run.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cross_chain_intents_destination_wallet_is_recovered_on_the_destination_chain() {
    let run = Run::start_chains(&[31_337_913, 31_337_914], "recovery-destination").await;
    let (origin, destination) = (&run.stack.chains[0], &run.stack.chains[1]);
    let owner = origin.chain.address(OWNER);
    let usdc = |units: u64| U256::from(units) * U256::from(1_000_000);
    let request = json!({
        "ownerAddress": owner, "originChainId": origin.chain_id, "originTokenAddress": origin.cctp.usdc,
        "destinationChainId": destination.chain_id, "destinationTokenAddress": destination.cctp.usdc,
        "destinationToAddress": destination.chain.address(OTHER), "tradeType": "EXACT_INPUT",
        "originTokenAmount": usdc(100).to_string(), "options": {"slippageTolerance": 0.01},
    });
    let quote: QuoteResponse =
        from_slice(run.ok("QuoteIntent", request).await.to_string().as_bytes()).expect("a quote");
    let intent = &quote.intent;
    let wallet = intent.destination_intent_address.expect("a cross-chain intent's destination wallet");
    let space = intent.destination_calls.as_ref().and_then(|bundle| bundle.space).expect("its own space");

    // What the route would have minted, at the destination wallet, and nothing ran.
    let minted = usdc(60);
    let before = destination.chain.token_balance(destination.cctp.usdc, owner).await.unwrap();
    destination.deposit(destination.cctp.usdc, wallet, minted).await.unwrap();

    let asked = json!({"intentId": intent.intent_id, "intentAddress": wallet.to_string()});
    let prepared = run.ok("PrepareIntentRecovery", asked).await;
    assert_eq!(prepared["intentSource"], "destination");
    assert_eq!(
        (&prepared["chainId"], &prepared["intentAddress"]),
        (&json!(destination.chain_id), &json!(wallet.to_string()))
    );
    assert_eq!(prepared["payload"]["space"], space.to_string(), "the destination bundle's space");
    assert_eq!(prepared["payload"]["nonce"], "0");
    let swept = &prepared["recoveryTokens"];
    assert_eq!(swept.as_array().unwrap().len(), 1, "only what the wallet holds: {swept}");
    assert_eq!(swept[0]["contractAddress"], destination.cctp.usdc.to_string());
    assert_eq!(swept[0]["balance"], minted.to_string());

    let built = run.recover_on(1, &prepared).await;
    assert_eq!(built["requiresDeploy"], true);
    let usdc_of = |who: Address| destination.chain.token_balance(destination.cctp.usdc, who);
    assert_eq!(usdc_of(owner).await.unwrap(), before, "the owner has it back on the destination chain");
    assert_eq!(usdc_of(wallet).await.unwrap(), U256::ZERO);
    // The recovery took the destination bundle's nonce: its meta-transaction can no longer run.
    let meta = intent.destination_meta_txn.as_ref().expect("a destination meta-transaction");
    assert!(destination.chain.send_data(DEPLOYER, meta.contract, meta.input.clone()).await.is_err());
}
