//! Real receipts as vectors (`tests/vectors/chain/deposits.json`): on a fresh node, an
//! ERC-20 transfer to the intent address, a native transfer to it, a transaction that
//! reverts, and a transfer of another token; for each, exactly what
//! `eth_getTransactionByHash` and `eth_getTransactionReceipt` return, with the chain id and
//! the head block (`eth_chainId`, `eth_blockNumber`) after two more empty blocks.
//!
//! The node's mnemonic, genesis timestamp and block interval are fixed (`intent_chain_tests::Chain`),
//! so the file regenerates byte for byte; this test fails when it would not. Regenerate
//! after changing the contracts or the pinned Anvil with
//! `INTENT_CHAIN_WRITE_VECTORS=1 cargo test -p intent-chain-tests --test chain receipts`.

use std::path::Path;

use alloy_network::TransactionBuilder;
use alloy_primitives::{TxHash, U256};
use alloy_provider::ext::AnvilApi;
use alloy_provider::Provider;
use alloy_rpc_types_eth::TransactionRequest;
use intent_chain_tests::Chain;
use intent_contracts::IPermitToken;
use serde_json::{json, Map, Value};

use crate::fixtures::{amount, minted, INTENT_ADDRESS, USER};

const VECTORS: &str = "tests/vectors/chain/deposits.json";
const WRITE: &str = "INTENT_CHAIN_WRITE_VECTORS";

/// `value` with every object's keys in sorted order, whatever serde_json's map keeps.
fn sorted(value: Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(String, Value)> = map.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(entries.into_iter().map(|(k, v)| (k, sorted(v))).collect::<Map<_, _>>())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(sorted).collect()),
        other => other,
    }
}

async fn raw(chain: &Chain, method: &'static str, hash: TxHash) -> Value {
    chain.provider().raw_request(method.into(), (hash,)).await.unwrap()
}

async fn case(chain: &Chain, name: &str, description: &str, hash: TxHash) -> Value {
    json!({
        "name": name,
        "description": description,
        "transaction": raw(chain, "eth_getTransactionByHash", hash).await,
        "receipt": raw(chain, "eth_getTransactionReceipt", hash).await,
    })
}

async fn generate() -> String {
    let chain = Chain::start().await.unwrap();
    let (user, intent_address) = (chain.address(USER), chain.address(INTENT_ADDRESS));
    let deposit_token = chain.deploy_permit_token("Deposit Token", "DPT").await.unwrap();
    let other_token = chain.deploy_permit_token("Other Token", "OTT").await.unwrap();
    chain.mint(deposit_token, user, minted()).await.unwrap();
    chain.mint(other_token, user, minted()).await.unwrap();
    let provider = chain.provider();
    let deposit = IPermitToken::new(deposit_token, provider);
    let other = IPermitToken::new(other_token, provider);

    let erc20 = deposit.transfer(intent_address, amount()).from(user).send().await.unwrap().watch().await.unwrap();
    let native_request = TransactionRequest::default()
        .with_from(user)
        .with_to(intent_address)
        .with_value(U256::from(1_000_000_000_000_000_000_u128));
    let native = provider.send_transaction(native_request).await.unwrap().watch().await.unwrap();
    // More than the user holds, with a fixed gas limit so that it is mined (and reverts)
    // instead of failing its estimate.
    let too_much = deposit.transfer(intent_address, minted()).from(user).gas(100_000);
    let reverted = too_much.send().await.unwrap().watch().await.unwrap();
    let other_transfer =
        other.transfer(intent_address, amount()).from(user).send().await.unwrap().watch().await.unwrap();
    chain.provider().anvil_mine(Some(2), None).await.unwrap();

    let document = json!({
        "generator": format!("chain-tests/tests/chain/receipts.rs: {WRITE}=1 cargo test -p intent-chain-tests --test chain receipts"),
        "node": "anvil of the npm package @foundry-rs/anvil pinned in chain/package-lock.json",
        "chainId": provider.raw_request::<_, Value>("eth_chainId".into(), ()).await.unwrap(),
        "headBlock": provider.raw_request::<_, Value>("eth_blockNumber".into(), ()).await.unwrap(),
        "from": user.to_checksum(None),
        "intentAddress": intent_address.to_checksum(None),
        "depositToken": deposit_token.to_checksum(None),
        "otherToken": other_token.to_checksum(None),
        "cases": [
            case(&chain, "erc20Transfer", "125 of depositToken from `from` to intentAddress", erc20).await,
            case(&chain, "nativeTransfer", "1 ether from `from` to intentAddress", native).await,
            case(&chain, "reverted", "1000 of depositToken, more than `from` holds after the first case: status 0", reverted).await,
            case(&chain, "otherTokenTransfer", "125 of otherToken from `from` to intentAddress", other_transfer).await,
        ],
    });
    let mut text = serde_json::to_string_pretty(&sorted(document)).unwrap();
    text.push('\n');
    text
}

#[tokio::test]
async fn the_committed_receipts_are_what_the_node_returns() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(VECTORS);
    let generated = generate().await;
    if std::env::var_os(WRITE).is_some_and(|value| value == "1") {
        std::fs::write(&path, &generated).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{VECTORS} differs from what the node returns now; if the contracts or the pinned Anvil changed on \
         purpose, regenerate it with {WRITE}=1 cargo test -p intent-chain-tests --test chain receipts"
    );
}
