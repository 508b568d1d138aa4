//! Attestations of the CCTP V2 route (docs/spec.md 5.8): where the service gets the
//! signatures that let a burn on one chain mint on another.
//!
//! What lives here:
//!
//! - `iris.rs`: the answer of Circle's Iris API V2 (`GET /v2/messages/{sourceDomain}
//!   ?transactionHash=…`), read ([`read_messages`]) and written, one shape for Circle's
//!   service and the local attester.
//! - `client.rs`: [`Attestations`], how the rest of the service asks for a transaction's
//!   attestations, and [`IrisClient`], its implementation over HTTP.
//! - `local.rs`: [`LocalAttester`], what Circle does on a local chain: it reads a burn's
//!   receipt from the node, waits the configured confirmations, completes the message
//!   (nonce, finality, fee executed) and signs it with test keys, and serves the Iris API on
//!   loopback.
//!
//! What does not live here: the formats, hashes and the attestation check (the core's
//! `intent_core::cctp`), and when an intent asks for an attestation (the executor's).

mod client;
mod iris;
mod local;

pub use client::{Attestations, IrisClient};
pub use iris::{read_messages, Attested};
pub use local::{LocalAttester, Source};

/// Why no attestation could be had.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AttestError {
    /// The attester did not answer, or answered an error status: ask again later.
    #[error("attester unavailable: {0}")]
    Unavailable(String),
    /// The attester answered what is not the Iris V2 shape.
    #[error("the attester's answer does not read: {0}")]
    Answer(String),
}
