//! One chain's node: alloy's HTTP provider for the chain's `rpcUrl`, with the bounded time
//! every read of one request shares (`server.nodeTimeoutMillis`), and how a failed call is
//! told apart: the contract refused it (a revert, no code, an answer of another shape: a
//! fact about the contract) or the node failed (no answer in time, a transport error: a
//! fact about the node, answered ChainNodeHealth).
//!
//! This is the one place the service connects to a chain (one scheme rule, one timeout):
//! [`crate::chain::ChainView::node`] gives a chain's [`Node`], and the relayer
//! ([`crate::relay`]) sends the transactions it signed itself, and follows them, through
//! the same [`Node::provider`], each call within [`Node::timeout`]. What is read at
//! execute time, and when, is [`super::reads`].

use std::future::Future;
use std::time::Duration;

use alloy_provider::{DynProvider, Provider, ProviderBuilder};

/// A chain's node.
#[derive(Clone)]
pub struct Node {
    chain_id: u64,
    url: String,
    provider: DynProvider,
    timeout: Duration,
}

impl std::fmt::Debug for Node {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Node").field("chain_id", &self.chain_id).field("url", &self.url).finish_non_exhaustive()
    }
}

/// Why a read from a node gave no fact.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NodeError {
    /// The node did not answer within the timeout, or its transport failed, or it answered
    /// what cannot be read: nothing is known, and the request may be retried.
    Unavailable(String),
    /// The contract refused the call: it reverted, has no code, or answered something that
    /// is not the function's result. A fact about the contract, not the node.
    Refused(String),
}

impl std::fmt::Display for NodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NodeError::Unavailable(why) => write!(f, "node unavailable: {why}"),
            NodeError::Refused(why) => write!(f, "the contract refused the call: {why}"),
        }
    }
}

impl Node {
    /// The node of `chain_id` at `url` (http or https), whose reads for one request take
    /// at most `timeout` in all. Nothing is sent until the first read.
    ///
    /// # Errors
    ///
    /// A URL that does not parse, or of another scheme: its message.
    pub fn connect(chain_id: u64, url: &str, timeout: Duration) -> Result<Node, String> {
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(format!("rpcUrl {url:?}: JSON-RPC over http:// or https:// only"));
        }
        let parsed = url.parse().map_err(|e| format!("rpcUrl {url:?}: {e}"))?;
        // No fillers (nonces, gas, chain id) and no wallet: reads need none, and the relayer
        // sets every field of what it signs itself (its nonce above all).
        let provider = ProviderBuilder::new().disable_recommended_fillers().connect_http(parsed).erased();
        Ok(Node { chain_id, url: url.to_owned(), provider, timeout })
    }

    /// The chain's id.
    pub fn chain_id(&self) -> u64 {
        self.chain_id
    }

    /// The node's JSON-RPC URL, as configured.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The read-only provider.
    pub fn provider(&self) -> &DynProvider {
        &self.provider
    }

    /// The time all reads of one request may take (and each of the relayer's calls).
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// `reads`, or [`NodeError::Unavailable`] when they take longer than the timeout.
    ///
    /// # Errors
    ///
    /// What `reads` fails with, or the timeout.
    pub async fn within<T>(&self, reads: impl Future<Output = Result<T, NodeError>>) -> Result<T, NodeError> {
        match tokio::time::timeout(self.timeout, reads).await {
            Ok(result) => result,
            Err(_) => Err(NodeError::Unavailable(format!("no answer within {} ms", self.timeout.as_millis()))),
        }
    }

    /// The newest block's number: whether the node answers (RuntimeStatus).
    ///
    /// # Errors
    ///
    /// [`NodeError::Unavailable`].
    pub async fn head(&self) -> Result<u64, NodeError> {
        self.within(async { self.provider.get_block_number().await.map_err(rpc_error) }).await
    }
}

/// A JSON-RPC error of a plain request (not a contract call): the node's.
pub fn rpc_error(error: alloy_transport::TransportError) -> NodeError {
    NodeError::Unavailable(error.to_string())
}

/// A contract call's error: the contract's refusal, or the node's failure.
pub fn call_error(error: alloy_contract::Error) -> NodeError {
    use alloy_contract::Error;
    match error {
        Error::TransportError(alloy_transport::RpcError::ErrorResp(payload)) if payload.message.contains("revert") => {
            NodeError::Refused(payload.message.to_string())
        }
        Error::ZeroData(..) | Error::AbiError(_) => NodeError::Refused(error.to_string()),
        other => NodeError::Unavailable(other.to_string()),
    }
}
