//! Signing the core's digests: a development key signs the digest the core computed, and
//! the signature is read back through the core's [`Signature`] (so it passed the checks of
//! docs/spec.md §5.3) and given in the forms a contract call takes.
//!
//! The independent side of the tests (alloy's signer hashing EIP-712 typed data itself)
//! does not live here: it is what these signatures are compared with.

use alloy_primitives::B256;
use alloy_signer::SignerSync;
use alloy_signer_local::PrivateKeySigner;
use intent_core::eip712::Signature;

use crate::Result;

/// `signer`'s signature of `digest`, read through the core: 65 bytes with `v` 27 or 28.
///
/// # Errors
///
/// [`crate::Error::Sign`] when the key cannot sign; [`crate::Error::Core`] when the core
/// refuses what the key produced (it never should: the test says so).
pub fn sign_digest(signer: &PrivateKeySigner, digest: B256) -> Result<Signature> {
    let raw = signer.sign_hash_sync(&digest)?.as_bytes();
    Ok(Signature::from_bytes(&raw)?)
}

/// The `(v, r, s)` arguments of a contract call for `raw`, 65 bytes `r ‖ s ‖ v` sent as
/// they are (so a `v` of 0 or 1 reaches the contract unchanged, as a tampering test needs).
///
/// # Panics
///
/// When `raw` is not 65 bytes: a mistake in the test, not an input.
pub fn vrs(raw: &[u8]) -> (u8, B256, B256) {
    assert_eq!(raw.len(), 65, "a signature is 65 bytes");
    (raw[64], B256::from_slice(&raw[..32]), B256::from_slice(&raw[32..64]))
}

/// The `(v, r, s)` of a signature in its relayable form ([`Signature::to_bytes`], `v` 27 or 28).
pub fn relayable(signature: &Signature) -> (u8, B256, B256) {
    (signature.v(), B256::from(signature.r()), B256::from(signature.s()))
}

/// `signature` with `v` lowered to 0 or 1: the form the core accepts and on-chain ECDSA
/// recovery refuses.
pub fn with_v_0_or_1(signature: &Signature) -> [u8; 65] {
    let mut raw = signature.to_bytes();
    raw[64] -= 27;
    raw
}
