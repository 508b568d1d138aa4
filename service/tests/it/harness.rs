//! The failure harness's own tests (the cross-chain failure tests stand on it): the proxy
//! forwards, cuts and forwards again; the ledger finds a unit that went to no holder; a
//! reorganisation removes a mined transaction and its logs; the service process killed and
//! started again has what it acknowledged. Each on a node of its own.

use std::time::Duration;

use alloy_primitives::U256;
use alloy_provider::Provider;
use alloy_sol_types::{SolCall, SolEvent};
use intent_chain_tests::wallet::tokens;
use intent_chain_tests::Chain;
use intent_contracts::IPermitToken;
use intent_service::chain::Node;
use serde_json::json;

use crate::support::ledger::Ledger;
use crate::support::nodes;
use crate::support::proxy::{through, Proxy};
use crate::support::restart::Restartable;
use crate::support::{commit_body, database, quote_request};

async fn node(chain_id: u64) -> Chain {
    Chain::start_on(chain_id, &[]).await.expect("anvil (run `npm ci --ignore-scripts` in chain/)")
}

#[tokio::test]
async fn a_cut_proxy_refuses_the_node_and_a_restored_one_forwards_again() {
    let chain = node(31_337_950).await;
    let proxy = Proxy::in_front_of(&chain.endpoint());
    let through_proxy = Node::connect(31_337_950, &proxy.url(), Duration::from_secs(5)).unwrap();
    let reads = || async { through_proxy.provider().get_chain_id().await };
    assert_eq!(reads().await.unwrap(), 31_337_950);
    proxy.cut();
    assert!(proxy.is_cut());
    assert!(reads().await.is_err(), "a cut proxy forwards nothing");
    // The node itself still answers the test.
    assert_eq!(chain.provider().get_chain_id().await.unwrap(), 31_337_950);
    proxy.restore();
    assert_eq!(reads().await.unwrap(), 31_337_950);
}

#[test]
fn through_points_a_chain_and_the_attester_at_proxies() {
    let (node, attester) = (Proxy::in_front_of("http://127.0.0.1:1"), Proxy::in_front_of("http://127.0.0.1:2/"));
    let mut config =
        json!({"chains": [{"chainId": 1, "rpcUrl": "a"}, {"chainId": 2, "rpcUrl": "b"}], "attestation": {"url": "c"}});
    through(&mut config, 2, Some(&node), Some(&attester));
    assert_eq!(config["chains"][0]["rpcUrl"], "a");
    assert_eq!(config["chains"][1]["rpcUrl"], node.url());
    assert_eq!(config["attestation"]["url"], attester.url());
}

#[tokio::test]
async fn the_ledger_accounts_for_a_transfer_between_holders_and_finds_one_to_anyone_else() {
    let chain = node(31_337_951).await;
    let token = chain.deploy_permit_token("Ledger Token", "LT").await.unwrap();
    let (a, b, elsewhere) = (chain.address(1), chain.address(2), chain.address(3));
    chain.mint(token, a, tokens(10)).await.unwrap();
    let ledger = Ledger::new()
        .chain(31_337_951, chain.provider().clone())
        .holder("a", 31_337_951, a)
        .holder("b", 31_337_951, b)
        .asset("LT", &[(31_337_951, token)]);
    let transfer = |to, amount| IPermitToken::transferCall { to, value: amount }.abi_encode().into();

    let before = ledger.read().await;
    chain.send_data(1, token, transfer(b, tokens(4))).await.unwrap();
    let after = ledger.read().await;
    ledger.assert_accounted(&before, &after);
    assert_eq!(after.delta(&before, 31_337_951, token, b), i128::try_from(tokens(4)).unwrap());
    assert_eq!(after.delta(&before, 31_337_951, token, a), -i128::try_from(tokens(4)).unwrap());

    chain.send_data(1, token, transfer(elsewhere, U256::from(1))).await.unwrap();
    let astray = ledger.unaccounted(&after, &ledger.read().await);
    let held = tokens(10);
    assert_eq!(
        astray,
        format!(
            "LT: the holders held {held}, now {}\n  a (chain 31337951): {} -> {}\n",
            held - U256::from(1),
            tokens(6),
            tokens(6) - U256::from(1)
        )
    );
}

#[tokio::test]
async fn a_reorganisation_removes_the_last_blocks_transaction_and_its_logs() {
    let chain = node(31_337_952).await;
    let provider = chain.provider();
    let token = chain.deploy_permit_token("Reorg Token", "RT").await.unwrap();
    chain.mint(token, chain.address(1), tokens(1)).await.unwrap();
    let transfer = IPermitToken::transferCall { to: chain.address(2), value: tokens(1) };
    let sent = chain.send_data(1, token, transfer.abi_encode().into()).await.unwrap();
    let (head, topic) = (nodes::head(provider).await, IPermitToken::Transfer::SIGNATURE_HASH);
    assert!(nodes::mined(provider, sent.transaction_hash).await);
    assert_eq!(nodes::sent(provider, chain.address(1)).await, 1);
    let transfers = nodes::count_logs(provider, token, topic).await;

    nodes::reorg(provider, 1).await;
    assert_eq!(nodes::head(provider).await, head, "as many blocks, the last one replaced");
    assert!(!nodes::mined(provider, sent.transaction_hash).await);
    assert_eq!(nodes::sent(provider, chain.address(1)).await, 0);
    assert_eq!(nodes::count_logs(provider, token, topic).await, transfers - 1);
}

#[tokio::test]
async fn mining_by_hand_holds_a_transaction_until_a_block_is_mined() {
    let chain = node(31_337_953).await;
    let provider = chain.provider();
    nodes::automine(provider, false).await;
    let head = nodes::head(provider).await;
    let pending = provider
        .send_transaction(
            alloy_rpc_types_eth::TransactionRequest::default()
                .from(chain.address(1))
                .to(chain.address(2))
                .value(U256::from(1)),
        )
        .await
        .unwrap();
    let hash = *pending.tx_hash();
    assert!(!nodes::mined(provider, hash).await);
    nodes::mine(provider, 2).await;
    assert!(nodes::mined(provider, hash).await);
    assert_eq!(nodes::head(provider).await, head + 2);
}

#[test]
fn a_killed_service_process_restarted_on_its_database_has_what_it_acknowledged() {
    let config: serde_json::Value = serde_json::from_str(intent_service::config::EXAMPLE_CONFIG).unwrap();
    let key = "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6";
    let mut service = Restartable::start("harness-restart", &config, &database("harness-restart"), key);
    let quote: intent_core::QuoteResponse =
        intent_core::from_slice(service.rpc("QuoteIntent", &quote_request()).to_string().as_bytes()).unwrap();
    service.rpc("CommitIntent", &commit_body(&quote));
    service.kill();
    service.restart();
    let receipt = service.wait(&quote.intent.intent_id, Duration::from_secs(10), |_| true);
    assert_eq!(receipt["status"], "COMMITTED", "{receipt}");
}
