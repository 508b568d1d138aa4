//! Chain facts (docs/spec.md §6.5): what only the chain knows and an execute request is
//! checked against, passed in like `now`. The library reads no chain; the caller does.
//!
//! This module holds the facts themselves ([`ChainFacts`], [`TokenPermit`]); the rules
//! that use them are in [`crate::rules::check_execute`].

use alloy_primitives::U256;

use crate::eip712::Domain;

/// What only the chain knows about a token's permits: its EIP-712 domain and the owner's
/// current permit nonce. With it, a permit signature is recovered and checked against the
/// owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenPermit {
    /// The token's EIP-712 domain.
    pub domain: Domain,
    /// The owner's permit nonce at the token.
    pub nonce: U256,
}

/// The chain facts an execute request is checked against (docs/spec.md §6.5).
///
/// [`ChainFacts::default()`] knows nothing and accepts nothing unverified: it is enough
/// for the deposit-hash mode and for entrypoint mode without a permit, and refuses any
/// permit signature with `PERMIT_UNVERIFIED`. A permit signature is either verified
/// against [`ChainFacts::token_permit`] or, only when the caller sets
/// [`ChainFacts::accept_unverified_permit`], left to the chain.
///
/// Which signatures need which facts:
/// - entrypoint mode (an `intentSignature`): the intent signature is always recovered,
///   under the entrypoint's domain, which the record knows; a permit beside it is a
///   permit signature;
/// - permit-only mode: the permit is the only signature, so without token facts nothing
///   would be verified at all.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChainFacts<'a> {
    /// The deposit token's permit domain and the owner's permit nonce. With them a permit
    /// signature is recovered and must be the owner's (`SIGNER_MISMATCH` otherwise).
    pub token_permit: Option<&'a TokenPermit>,
    /// The owner's current nonce at the entrypoint. With it, an entrypoint-mode request
    /// whose `userNonce` differs is `NONCE_MISMATCH` (the entrypoint would revert);
    /// without it the nonce is not compared. Unused in the other modes.
    pub entrypoint_nonce: Option<U256>,
    /// **Unsafe opt-in.** Accept a permit signature that cannot be verified here because
    /// [`ChainFacts::token_permit`] is `None`: it is then checked for form only
    /// (`INVALID_SIGNATURE` when malformed or high-s) and not recovered, so anyone's
    /// signature passes, and only the token contract refuses a stranger's permit on chain.
    /// Ignored when `token_permit` is given: known facts are always used.
    pub accept_unverified_permit: bool,
}

impl<'a> ChainFacts<'a> {
    /// The facts of a token's permits, and nothing else.
    pub const fn with_token_permit(token_permit: &'a TokenPermit) -> ChainFacts<'a> {
        ChainFacts { token_permit: Some(token_permit), entrypoint_nonce: None, accept_unverified_permit: false }
    }
}
