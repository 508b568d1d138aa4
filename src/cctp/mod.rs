//! The CCTP V2 route's formats (docs/spec.md 5.8): what a burn on one chain sends to the
//! mint on another, as pure functions of the caller's bytes.
//!
//! What lives here:
//!
//! - `message.rs`: the message ([`Message`]) and the burn message body ([`BurnMessage`]),
//!   read from and written to their packed bytes, the message hash, and what the attester
//!   fills in ([`Message::complete`]).
//! - `log.rs`: the messages a receipt's `MessageSent` logs carry ([`message_sent`]), and
//!   the burn for one mint recipient among them ([`burn_for`]).
//! - `attestation.rs`: whether an attestation's signatures come from enough enabled
//!   attesters in the order the transmitter requires ([`check_attestation`]), and the
//!   attestation an attester writes ([`attestation`]).
//!
//! What does not live here: signing (the attester's key is the service's), reading a chain
//! or an attester over HTTP, and the stages of a cross-chain intent (the lifecycle's
//! `route` module).
//!
//! ```
//! use intent_core::cctp::{BurnMessage, Message};
//! use intent_core::{B256, U256};
//!
//! let body = BurnMessage { amount: U256::from(1_000_000), max_fee: U256::from(100), ..BurnMessage::default() };
//! let sent = Message { version: 1, source_domain: 0, destination_domain: 6, body: body.to_bytes().into(), ..Message::default() };
//! let completed = sent.complete(B256::repeat_byte(7), 1000, U256::from(42), U256::ZERO)?;
//! let read = Message::from_bytes(&completed.to_bytes())?;
//! assert_eq!(read, completed);
//! assert_eq!(BurnMessage::from_bytes(&read.body)?.fee_executed, U256::from(42));
//! # Ok::<(), intent_core::cctp::Error>(())
//! ```

mod attestation;
mod log;
mod message;

pub use attestation::{attestation, check_attestation, SIGNATURE_LEN};
pub use log::{burn_for, message_sent, MESSAGE_SENT};
pub use message::{address_of, bytes32_of, BurnMessage, Message, BURN_MESSAGE_HEADER_LEN, MESSAGE_HEADER_LEN};

/// Why bytes are not a CCTP message, a body, a `MessageSent` log or an accepted attestation
/// (docs/spec.md 5.8).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Shorter than the fixed part of what was read.
    #[error("a CCTP {what} of {len} bytes is shorter than its {min}-byte header")]
    TooShort {
        /// `message` or `burn message body`.
        what: &'static str,
        /// The length read.
        len: usize,
        /// The fixed part's length.
        min: usize,
    },
    /// A bytes32 that names an address has nonzero high bytes.
    #[error("a bytes32 holding an address has nonzero high bytes")]
    NotAnAddress,
    /// A body given to [`Message::complete`] that is not a burn message body.
    #[error("the message body is not a burn message body: {0}")]
    NotABurn(&'static str),
    /// A `MessageSent` log of the transmitter whose data is not one ABI-encoded `bytes`.
    #[error("log {index}: a MessageSent whose data is not one ABI-encoded bytes")]
    MalformedLog {
        /// The log's position in the receipt.
        index: usize,
    },
    /// A threshold of zero accepts nothing.
    #[error("the attestation threshold is zero")]
    NoThreshold,
    /// Not exactly threshold signatures of 65 bytes.
    #[error("an attestation of {len} bytes is not {threshold} signatures of 65 bytes")]
    AttestationLength {
        /// The attestation's length.
        len: usize,
        /// The signatures required.
        threshold: usize,
    },
    /// A signature that is not `r ‖ s ‖ v` with `v` 27 or 28 and a low `s`, or recovers no key.
    #[error("signature {index} of the attestation is malformed or recovers no key")]
    BadSignature {
        /// The signature's position.
        index: usize,
    },
    /// A signer that is not an enabled attester.
    #[error("signature {index} of the attestation is not by an enabled attester")]
    UnknownAttester {
        /// The signature's position.
        index: usize,
    },
    /// A signer not above the previous one.
    #[error("signature {index} of the attestation is not by a signer above the previous one")]
    SignerOrder {
        /// The signature's position.
        index: usize,
    },
}
