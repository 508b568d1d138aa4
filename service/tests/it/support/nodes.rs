//! What the failure tests do to a local node (Anvil's development methods) and count on it:
//! mining turned off and on, blocks mined by hand, a reorganisation (`anvil_reorg`: the
//! last blocks replaced by empty ones, their transactions gone), the transactions an
//! account has sent (its nonce), and the logs of one event a contract emitted (a burn's
//! MessageSent, a mint's MessageReceived), so that "each transaction once" is counted on
//! the chain, not read from the service.
//!
//! Cutting a node off from the service is [`super::proxy`]'s.

use alloy_primitives::{Address, B256};
use alloy_provider::{DynProvider, Provider};
use serde_json::{json, Value};

/// Calls a development method.
///
/// # Panics
///
/// When the node refuses it.
pub async fn raw(node: &DynProvider, method: &str, params: Value) -> Value {
    let params = params.as_array().cloned().unwrap_or_default();
    node.raw_request::<_, Value>(method.to_owned().into(), params).await.unwrap_or_else(|e| panic!("{method}: {e}"))
}

/// Turns Anvil's automine on (a block per transaction) or off.
pub async fn automine(node: &DynProvider, on: bool) {
    raw(node, "evm_setAutomine", json!([on])).await;
}

/// Mines a block every `seconds` (0: no interval mining).
pub async fn mine_every(node: &DynProvider, seconds: u64) {
    raw(node, "evm_setIntervalMining", json!([seconds])).await;
}

/// Mines `blocks` blocks now, with whatever is pending in the first.
pub async fn mine(node: &DynProvider, blocks: u64) {
    raw(node, "anvil_mine", json!([format!("{blocks:#x}")])).await;
}

/// Replaces the last `depth` blocks with as many empty ones: their transactions are gone
/// from the chain (a reorganisation that dropped them).
pub async fn reorg(node: &DynProvider, depth: u64) {
    raw(node, "anvil_reorg", json!([depth, []])).await;
}

/// The head block's number.
pub async fn head(node: &DynProvider) -> u64 {
    node.get_block_number().await.expect("the node answers")
}

/// How many transactions `account` has sent that are in the chain (its nonce at the head).
pub async fn sent(node: &DynProvider, account: Address) -> u64 {
    node.get_transaction_count(account).await.expect("the node answers")
}

/// Whether the node has a receipt of `hash` (the transaction is in the chain).
pub async fn mined(node: &DynProvider, hash: B256) -> bool {
    node.get_transaction_receipt(hash).await.expect("the node answers").is_some()
}

/// How many logs with `topic0` `emitter` emitted in the whole chain.
pub async fn count_logs(node: &DynProvider, emitter: Address, topic0: B256) -> usize {
    let filter = json!({"fromBlock": "0x0", "toBlock": "latest", "address": emitter, "topics": [topic0]});
    let logs = raw(node, "eth_getLogs", json!([filter])).await;
    logs.as_array().map_or(0, Vec::len)
}
