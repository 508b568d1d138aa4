//! What the service reads from a chain's node for one request (docs/spec.md §6.5, §12): the
//! deposit token's EIP-712 domain (ERC-5267 `eip712Domain()`, else the configured name and
//! version checked against `DOMAIN_SEPARATOR()`) and the owner's permit nonce, the owner's
//! entrypoint nonce, the evidence of a deposit transaction (its receipt, the transaction and
//! the head block, as the core's `DepositEvidence`; an origin transaction's receipt as its
//! `OriginEvidence`), and whether an abort transaction
//! succeeded; at quote time the reserves of a Uniswap V2 pool and the gas price; for a
//! recovery, a wallet's balances, whether it is deployed and its nonce.
//!
//! Each function reads and says what it found; deciding what the facts mean is the core's,
//! and caching and reporting are [`super::ChainView`]'s. Nothing here holds a lock or a
//! database transaction.

use alloy_primitives::{Address, B256, U256};
use alloy_provider::Provider;
use intent_core::eip712::Domain;
use intent_core::{from_slice_with, DepositEvidence, Limits, OriginEvidence};
use serde_json::{json, Value};

use super::contracts::{IntentEntrypoint, PermitToken, UniswapV2Factory, UniswapV2Pair, UniswapV2Router};
use super::node::{call_error, rpc_error, Node, NodeError};

/// What a token says of its EIP-712 domain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenDomain {
    /// The domain the token verifies permits under.
    Known(Domain),
    /// The token does not say, or says something the configuration contradicts: a
    /// configuration error (the message), not a user's.
    Unusable(String),
}

/// The ERC-5267 field bits of `eip712Domain()`: name, version, chainId, verifyingContract, salt.
const FIELD_BITS: [u8; 5] = [0x01, 0x02, 0x04, 0x08, 0x10];

/// The domain of `token` on `node`'s chain: ERC-5267 `eip712Domain()` where the token has
/// it; otherwise `configured` (name, version) when the token's `DOMAIN_SEPARATOR()` is that
/// domain's separator.
///
/// # Errors
///
/// [`NodeError::Unavailable`] only; a refusal is a [`TokenDomain::Unusable`].
pub async fn token_domain(
    node: &Node,
    token: Address,
    configured: Option<(&str, &str)>,
) -> Result<TokenDomain, NodeError> {
    let contract = PermitToken::new(token, node.provider());
    match contract.eip712Domain().call().await.map_err(call_error) {
        Ok(reported) => {
            let fields = reported.fields.0[0];
            if !reported.extensions.is_empty() || fields & !0x1f != 0 {
                return Ok(TokenDomain::Unusable(format!(
                    "token {token}: eip712Domain() names extensions or fields this service does not know"
                )));
            }
            let has = |bit: usize| fields & FIELD_BITS[bit] != 0;
            let domain = Domain {
                name: has(0).then(|| reported.name.into()),
                version: has(1).then(|| reported.version.into()),
                chain_id: has(2).then_some(reported.chainId),
                verifying_contract: has(3).then_some(reported.verifyingContract),
                salt: has(4).then_some(reported.salt),
            };
            if let Some((name, version)) = configured {
                if domain.name.as_deref() != Some(name) || domain.version.as_deref() != Some(version) {
                    return Ok(TokenDomain::Unusable(format!(
                        "token {token}: the configured permit name {name:?} and version {version:?} differ from \
                         its eip712Domain() ({:?}, {:?})",
                        domain.name.as_deref().unwrap_or_default(),
                        domain.version.as_deref().unwrap_or_default()
                    )));
                }
            }
            Ok(TokenDomain::Known(domain))
        }
        Err(NodeError::Refused(_)) => {
            let Some((name, version)) = configured else {
                return Ok(TokenDomain::Unusable(format!(
                    "token {token}: no eip712Domain() and no permit domain in the configuration"
                )));
            };
            let domain = Domain {
                name: Some(name.to_owned().into()),
                version: Some(version.to_owned().into()),
                chain_id: Some(U256::from(node.chain_id())),
                verifying_contract: Some(token),
                salt: None,
            };
            match contract.DOMAIN_SEPARATOR().call().await.map_err(call_error) {
                Ok(separator) if separator == domain.separator() => Ok(TokenDomain::Known(domain)),
                Ok(separator) => Ok(TokenDomain::Unusable(format!(
                    "token {token}: its DOMAIN_SEPARATOR() {separator} is not the configured permit domain's \
                     (name {name:?}, version {version:?})"
                ))),
                Err(NodeError::Refused(why)) => Ok(TokenDomain::Unusable(format!(
                    "token {token}: neither eip712Domain() nor DOMAIN_SEPARATOR() answers ({why})"
                ))),
                Err(unavailable) => Err(unavailable),
            }
        }
        Err(unavailable) => Err(unavailable),
    }
}

/// `owner`'s permit nonce at `token` (`nonces(owner)`).
///
/// # Errors
///
/// [`NodeError`].
pub async fn permit_nonce(node: &Node, token: Address, owner: Address) -> Result<U256, NodeError> {
    PermitToken::new(token, node.provider()).nonces(owner).call().await.map_err(call_error)
}

/// `user`'s nonce at the entrypoint (`nonces(user)`).
///
/// # Errors
///
/// [`NodeError`].
pub async fn entrypoint_nonce(node: &Node, entrypoint: Address, user: Address) -> Result<U256, NodeError> {
    IntentEntrypoint::new(entrypoint, node.provider()).nonces(user).call().await.map_err(call_error)
}

/// The limits the evidence is read with: a receipt may hold more logs than a request's
/// arrays (a deposit through a router), each log's data up to the core's default.
fn evidence_limits() -> Limits {
    Limits { max_document_bytes: 4 << 20, max_array_len: 1024, ..Limits::DEFAULT }
}

/// The members of a receipt the deposit rules read (of each log: address, topics, data).
fn receipt_members(receipt: &Value) -> Value {
    let logs: Vec<Value> = receipt["logs"]
        .as_array()
        .map(|logs| {
            logs.iter()
                .map(|log| json!({"address": log["address"], "topics": log["topics"], "data": log["data"]}))
                .collect()
        })
        .unwrap_or_default();
    json!({
        "transactionHash": receipt["transactionHash"],
        "status": receipt["status"],
        "blockNumber": receipt["blockNumber"],
        "logs": logs,
    })
}

/// What the node says of the transaction `hash`: `None` while it does not know it or has
/// not mined it. The receipt and the transaction are read first, the head block after them,
/// so that the head is never older than the receipt's block.
///
/// # Errors
///
/// [`NodeError::Unavailable`], also for an answer the core cannot read.
pub async fn deposit_evidence(node: &Node, hash: B256) -> Result<Option<DepositEvidence>, NodeError> {
    let provider = node.provider();
    let receipt = provider.raw_request::<_, Value>("eth_getTransactionReceipt".into(), (hash,));
    let transaction = provider.raw_request::<_, Value>("eth_getTransactionByHash".into(), (hash,));
    let (receipt, transaction) = tokio::try_join!(receipt, transaction).map_err(rpc_error)?;
    if receipt.is_null() || transaction.is_null() || transaction["blockNumber"].is_null() {
        return Ok(None);
    }
    let head = provider.get_block_number().await.map_err(rpc_error)?;
    let document = json!({
        "chainId": format!("{:#x}", node.chain_id()),
        "headBlockNumber": format!("{head:#x}"),
        "receipt": receipt_members(&receipt),
        "transaction": {
            "from": transaction["from"],
            "hash": transaction["hash"],
            "to": transaction["to"],
            "value": transaction["value"],
        },
    });
    from_slice_with(document.to_string().as_bytes(), &evidence_limits())
        .map(Some)
        .map_err(|e| NodeError::Unavailable(format!("the node's receipt or transaction of {hash} does not read: {e}")))
}

/// The core's evidence of an origin transaction: `receipt` as the node gave it (only the
/// members the judgement reads, as for a deposit), read at head `head` of chain `chain_id`,
/// with the same limits as a deposit's evidence.
///
/// # Errors
///
/// [`NodeError::Unavailable`] for a receipt the core cannot read.
pub fn origin_evidence(chain_id: u64, head: u64, receipt: &Value) -> Result<OriginEvidence, NodeError> {
    let document = json!({
        "chainId": format!("{chain_id:#x}"),
        "headBlockNumber": format!("{head:#x}"),
        "receipt": receipt_members(receipt),
    });
    from_slice_with(document.to_string().as_bytes(), &evidence_limits()).map_err(|e| {
        NodeError::Unavailable(format!("the node's receipt {} does not read: {e}", receipt["transactionHash"]))
    })
}

/// Whether the transaction `hash` is mined and succeeded (receipt status 1): `None` while
/// the node does not know it or has not mined it.
///
/// # Errors
///
/// [`NodeError::Unavailable`].
pub async fn succeeded(node: &Node, hash: B256) -> Result<Option<bool>, NodeError> {
    let receipt = node.provider().get_transaction_receipt(hash).await.map_err(rpc_error)?;
    Ok(receipt.map(|receipt| receipt.status()))
}

/// The chain id the node serves (`eth_chainId`).
///
/// # Errors
///
/// [`NodeError::Unavailable`].
pub async fn served_chain(node: &Node) -> Result<u64, NodeError> {
    node.provider().get_chain_id().await.map_err(rpc_error)
}

/// The reserves of the Uniswap V2 pool of `sold` and `bought` whose factory is `router`'s
/// `factory()`, as (the reserve of `sold`, the reserve of `bought`) by the pair's `token0()`:
/// `None` when the factory has no such pair.
///
/// # Errors
///
/// [`NodeError`]: [`NodeError::Refused`] when the router, factory or pair refuses a call.
pub async fn pool_reserves(
    node: &Node,
    router: Address,
    sold: Address,
    bought: Address,
) -> Result<Option<(U256, U256)>, NodeError> {
    let provider = node.provider();
    let factory = UniswapV2Router::new(router, provider).factory().call().await.map_err(call_error)?;
    let pair = UniswapV2Factory::new(factory, provider).getPair(sold, bought).call().await.map_err(call_error)?;
    if pair == Address::ZERO {
        return Ok(None);
    }
    let pair = UniswapV2Pair::new(pair, provider);
    let token0 = pair.token0();
    let reserves = pair.getReserves();
    let (token0, reserves) = tokio::try_join!(token0.call(), reserves.call()).map_err(call_error)?;
    let (reserve0, reserve1) = (U256::from(reserves.reserve0), U256::from(reserves.reserve1));
    Ok(Some(if token0 == sold { (reserve0, reserve1) } else { (reserve1, reserve0) }))
}

/// The node's gas price (`eth_gasPrice`), in wei.
///
/// # Errors
///
/// [`NodeError::Unavailable`].
pub async fn gas_price(node: &Node) -> Result<U256, NodeError> {
    node.provider().get_gas_price().await.map(U256::from).map_err(rpc_error)
}

/// What a wallet holds of `token` (the zero address: the native token), in its units.
///
/// # Errors
///
/// [`NodeError`].
pub async fn balance(node: &Node, token: Address, holder: Address) -> Result<U256, NodeError> {
    if token == Address::ZERO {
        return node.provider().get_balance(holder).await.map_err(rpc_error);
    }
    PermitToken::new(token, node.provider()).balanceOf(holder).call().await.map_err(call_error)
}

/// The wallet at `wallet`'s state for a payload in `space`: whether it is deployed (has code),
/// and its nonce there (`readNonce(space)`; 0 for a wallet not deployed yet).
///
/// # Errors
///
/// [`NodeError`].
pub async fn wallet_state(node: &Node, wallet: Address, space: U256) -> Result<(bool, U256), NodeError> {
    let code = node.provider().get_code_at(wallet).await.map_err(rpc_error)?;
    if code.is_empty() {
        return Ok((false, U256::ZERO));
    }
    let nonce = intent_contracts::IIntentWallet::new(wallet, node.provider()).readNonce(space).call().await;
    Ok((true, nonce.map_err(call_error)?))
}
