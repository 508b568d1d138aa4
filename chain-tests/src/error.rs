//! The harness's one error type: what went wrong starting, compiling or talking to the
//! chain. A contract's revert is not here: tests decode it from [`alloy_contract::Error`].

use std::path::PathBuf;

/// A failure of the harness itself (never a verdict of a contract).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// `chain/node_modules` lacks a file the harness runs; `npm ci --ignore-scripts` in
    /// `chain/` installs it.
    #[error("{0} is missing: run `npm ci --ignore-scripts` in chain/")]
    ChainNotInstalled(PathBuf),
    /// `node build.mjs` could not run, failed, or printed something else than artifacts.
    #[error("compiling the contracts: {0}")]
    Build(String),
    /// The Anvil node did not start.
    #[error("starting anvil: {0}")]
    Node(#[from] alloy_node_bindings::NodeError),
    /// The node answered something a node never should (e.g. no latest block).
    #[error("unexpected answer from the node: {0}")]
    Answer(&'static str),
    /// A JSON-RPC request failed.
    #[error("json-rpc: {0}")]
    Rpc(#[from] alloy_transport::TransportError),
    /// A contract call or transaction was refused (a revert, decodable by the caller).
    #[error("contract: {0}")]
    Contract(#[from] alloy_contract::Error),
    /// A sent transaction's receipt could not be had.
    #[error("pending transaction: {0}")]
    Pending(#[from] alloy_provider::PendingTransactionError),
    /// A transaction that had to succeed was mined but reverted, or deployed nothing.
    #[error("transaction {0} reverted or created no contract")]
    Reverted(alloy_primitives::TxHash),
    /// The local signer refused to sign.
    #[error("signing: {0}")]
    Sign(#[from] alloy_signer::Error),
    /// The core refused a signature it produced the digest for.
    #[error("intent-core: {0}")]
    Core(#[from] intent_core::Error),
}

/// The harness's result.
pub type Result<T> = std::result::Result<T, Error>;
