//! The local attester (docs/spec.md 5.8): what Circle's attestation service does, for local
//! chains. Asked for a transaction, it reads the transaction's receipt from the source
//! chain's node; the transmitter's MessageSent logs (read by the core) are the messages.
//! While the receipt's block has fewer than the configured confirmations the messages are
//! pending; then each is completed and signed, and served in the Iris V2 shape.
//!
//! Completing a sent message: the nonce is keccak-256 of the source domain (4 bytes), the
//! transaction hash and the message's position among the transaction's messages (4 bytes),
//! so the same burn always gets the same nonce (asked twice, or re-mined in another block
//! after a reorganisation: one mint); the finality executed is 2000 when the sender asked
//! for more than 1000, else 1000; the fee executed is the configured fee, at most the
//! burn's `maxFee`; no expiration block. A body that is not a burn keeps its bytes.
//!
//! [`LocalAttester::pause`] makes it answer 503 until resumed: an attester down, for tests.
//!
//! Nothing is stored: every answer is read from the node when asked, so a transaction a
//! reorganisation removed is no longer attested.

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::Arc;

use alloy_primitives::{keccak256, Address, Bytes, B256, U256};
use alloy_provider::Provider;
use alloy_signer::SignerSync;
use alloy_signer_local::PrivateKeySigner;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use intent_core::cctp::{attestation, message_sent, BurnMessage, Message};
use serde_json::{json, Value};
use tokio::net::TcpListener;

use super::iris::entry;
use crate::chain::{origin_evidence, Node, NodeError};
use crate::config::ServerLimits;

/// A chain the attester watches.
#[derive(Debug, Clone)]
pub struct Source {
    /// Its CCTP domain.
    pub domain: u32,
    /// Its node.
    pub node: Node,
    /// Its message transmitter, whose MessageSent logs are the messages.
    pub transmitter: Address,
}

/// The local attester: its sources, keys and rules.
#[derive(Debug)]
pub struct LocalAttester {
    sources: BTreeMap<u32, Source>,
    keys: Vec<PrivateKeySigner>,
    confirmations: u64,
    fee: U256,
    /// While set, every request is answered 503 (an attester down, for tests).
    paused: std::sync::atomic::AtomicBool,
}

impl LocalAttester {
    /// An attester of `sources` signing with `keys` (each must be an enabled attester of the
    /// destination transmitters, as many as their threshold) once a burn has `confirmations`
    /// blocks (its own included; at least 1), executing `fee` (at most each burn's `maxFee`).
    pub fn new(sources: Vec<Source>, keys: Vec<PrivateKeySigner>, confirmations: u64, fee: U256) -> LocalAttester {
        let sources = sources.into_iter().map(|source| (source.domain, source)).collect();
        LocalAttester { sources, keys, confirmations: confirmations.max(1), fee, paused: Default::default() }
    }

    /// Pauses the attester (`true`: every request answered 503 `attester paused`, as an
    /// attester that is down) or resumes it (`false`), for tests of the waits.
    pub fn pause(&self, paused: bool) {
        self.paused.store(paused, std::sync::atomic::Ordering::Relaxed);
    }

    /// What the attester answers for `transaction` on `domain`: `None` when it does not know
    /// the domain or the node has no receipt of it with a message; otherwise each message,
    /// completed and signed (`Some(attestation)`) or pending as sent (`None`).
    ///
    /// # Errors
    ///
    /// [`NodeError::Unavailable`] when the node does not answer or its receipt does not read.
    pub async fn entries(
        &self,
        domain: u32,
        transaction: B256,
    ) -> Result<Option<Vec<(Message, Option<Bytes>)>>, NodeError> {
        let Some(source) = self.sources.get(&domain) else { return Ok(None) };
        let node = &source.node;
        let (receipt, head) = node
            .within(async {
                let provider = node.provider();
                let receipt = provider
                    .raw_request::<_, Value>("eth_getTransactionReceipt".into(), (transaction,))
                    .await
                    .map_err(unavailable)?;
                let head = provider.get_block_number().await.map_err(unavailable)?;
                Ok((receipt, head))
            })
            .await?;
        if receipt.is_null() {
            return Ok(None);
        }
        let evidence = origin_evidence(node.chain_id(), head, &receipt)?;
        let sent = message_sent(&evidence.receipt.logs, source.transmitter)
            .map_err(|e| NodeError::Unavailable(format!("the receipt of {transaction}: {e}")))?;
        if sent.is_empty() {
            return Ok(None);
        }
        let block = evidence.receipt.block_number.to_u64().unwrap_or(u64::MAX);
        let confirmed = head.checked_sub(block).is_some_and(|depth| depth + 1 >= self.confirmations);
        Ok(Some(
            sent.into_iter()
                .enumerate()
                .map(|(index, message)| {
                    if !confirmed {
                        return (message, None);
                    }
                    let completed = self.complete(domain, transaction, index, &message);
                    let signed = self.sign(&completed);
                    (completed, Some(signed))
                })
                .collect(),
        ))
    }

    /// `message`, the `index`th of `transaction` on `domain`, as this attester completes it.
    fn complete(&self, domain: u32, transaction: B256, index: usize, message: &Message) -> Message {
        let position = u32::try_from(index).unwrap_or(u32::MAX);
        let nonce = keccak256([&domain.to_be_bytes()[..], transaction.as_slice(), &position.to_be_bytes()].concat());
        let finality = if message.min_finality_threshold > 1000 { 2000 } else { 1000 };
        match BurnMessage::from_bytes(&message.body) {
            Ok(body) => message
                .complete(nonce, finality, self.fee.min(body.max_fee), U256::ZERO)
                .unwrap_or_else(|_| message.clone()),
            Err(_) => Message { nonce, finality_threshold_executed: finality, ..message.clone() },
        }
    }

    /// The attestation of `message` by every key, ordered by signer.
    fn sign(&self, message: &Message) -> Bytes {
        let hash = message.hash();
        let signatures: Vec<(Address, [u8; 65])> = self
            .keys
            .iter()
            .filter_map(|key| Some((key.address(), key.sign_hash_sync(&hash).ok()?.as_bytes())))
            .collect();
        attestation(&signatures)
    }

    /// The Iris V2 routes of this attester.
    pub fn router(self: Arc<Self>) -> Router {
        Router::new().route("/v2/messages/{domain}", get(messages)).with_state(self)
    }

    /// Serves [`LocalAttester::router`] on `listener` until `shutdown` completes.
    pub async fn serve(self: Arc<Self>, listener: TcpListener, shutdown: impl Future<Output = ()>) {
        crate::server::serve(listener, self.router(), ServerLimits::DEFAULT, shutdown, || ()).await;
    }
}

/// A node's failure to answer.
fn unavailable(error: alloy_transport::TransportError) -> NodeError {
    NodeError::Unavailable(error.to_string())
}

/// `GET /v2/messages/{domain}?transactionHash=0x…`.
async fn messages(
    State(attester): State<Arc<LocalAttester>>,
    Path(domain): Path<String>,
    RawQuery(query): RawQuery,
) -> Response {
    let error = |status: StatusCode, why: String| (status, Json(json!({"error": why}))).into_response();
    if attester.paused.load(std::sync::atomic::Ordering::Relaxed) {
        return error(StatusCode::SERVICE_UNAVAILABLE, "attester paused".into());
    }
    let Ok(domain) = domain.parse::<u32>() else {
        return error(StatusCode::BAD_REQUEST, format!("domain {domain:?} is not a u32"));
    };
    let hash = query
        .as_deref()
        .unwrap_or_default()
        .split('&')
        .find_map(|pair| pair.strip_prefix("transactionHash="))
        .and_then(|text| text.parse::<B256>().ok());
    let Some(hash) = hash else {
        return error(StatusCode::BAD_REQUEST, "transactionHash: a 32-byte hex hash is required".into());
    };
    match attester.entries(domain, hash).await {
        Ok(Some(entries)) => {
            let messages: Vec<Value> =
                entries.iter().map(|(message, attestation)| entry(message, attestation.as_ref())).collect();
            Json(json!({ "messages": messages })).into_response()
        }
        Ok(None) => error(StatusCode::NOT_FOUND, format!("no message of {hash} on domain {domain}")),
        Err(e) => error(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
    }
}
