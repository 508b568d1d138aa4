//! Intent addresses (docs/spec.md 5.6): the counterfactual Sequence v3 wallet whose
//! configuration commits to an intent's call bundles, and the bytes that run a bundle there.
//!
//! What lives here, as pure functions of the caller's values:
//!
//! - `payload.rs`: a [`CallBundle`](crate::CallBundle) as v3's payload of kind call: its
//!   EIP-712 payload hash ([`payload_hash`], [`payload_hash_for`]) and its packed form
//!   ([`packed_payload`]), with the bounds v3 can encode.
//! - `config.rs`: the intent configuration ([`IntentConfiguration`]): threshold 1,
//!   checkpoint 0, the owner's signer leaf beside the tree of one any-address-subdigest leaf
//!   per bundle, and its image hash.
//! - `context.rs`: the deployment a wallet belongs to ([`WalletContext`], the published one
//!   by default) and the CREATE2 address of an image hash under it.
//! - `signature.rs`: the signatures `execute(payload, signature)` takes: the proof of one
//!   bundle's leaf, which anyone may send, and the owner's ECDSA signature, for recovery.
//! - `guest.rs`: the guest batch ([`IntentConfiguration::guest_batch`]), the calldata of a
//!   meta-transaction that deploys the wallet and runs one bundle there (5.7).
//!
//! What does not live here: whether an intent's addresses and meta-transactions are the ones
//! derived from its bundles (rules, in `rules::addresses`), building bundles from a quote, and
//! anything that talks to a chain.
//!
//! ```
//! use intent_core::wallet::{IntentConfiguration, WalletContext};
//! use intent_core::{from_slice, Address, CallBundle};
//!
//! let bundle: CallBundle = from_slice(
//!     br#"{"chainId":1,"calls":[{"to":"0x0000000000000000000000000000000000000001","value":"7"}]}"#,
//! )?;
//! let owner: Address = "0x8456195dd0793c621c7f9245edF0fEf85b1B879C".parse().unwrap();
//! let configuration = IntentConfiguration::new(owner, core::slice::from_ref(&bundle))?;
//! let address = configuration.address(&WalletContext::PUBLISHED);
//!
//! // One changed value is another wallet.
//! let mut other = bundle.clone();
//! other.calls[0].value = Some(intent_core::U256::from(8));
//! let changed = IntentConfiguration::new(owner, &[other])?;
//! assert_ne!(changed.address(&WalletContext::PUBLISHED), address);
//! # Ok::<(), intent_core::Error>(())
//! ```

mod config;
mod context;
mod guest;
mod payload;
mod signature;

pub use config::IntentConfiguration;
pub use context::WalletContext;
pub use payload::{packed_payload, payload_hash, payload_hash_for};
