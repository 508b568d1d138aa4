//! Public-key recovery behind [`Signature::recover`](super::Signature::recover): the curve
//! arithmetic, done by one of two backends chosen at build time.
//!
//! - **k256** (the default): alloy-primitives' pure-Rust backend. no_std, builds for any
//!   target, WebAssembly included.
//! - **libsecp256k1** (feature `secp256k1`): the C library through the `secp256k1` crate,
//!   about 4× faster (BENCHMARKS.md, "Signer recovery backends"); needs a C compiler for the
//!   target.
//!
//! Both take a signature that already passed the library's own checks of docs/spec.md §5.3
//! (65 bytes, `v`, `r` and `s` non-zero and below n, EIP-2 low `s`: `Signature::from_bytes`
//! in `signature.rs`, not here), so neither backend's own rules decide anything; both answer
//! only "which address, or none". `tests/it/recovery_backends.rs` runs both on the EIP-712
//! vectors and on generated keys, digests and malformed signatures, and requires the same
//! answers.

use alloy_primitives::{Address, B256, U256};

/// The address of the key that made the signature `(r, s, y_parity)` over `digest`, through
/// the backend this build uses; `None` when no key recovers.
#[cfg(not(feature = "secp256k1"))]
pub(super) fn recover(r: U256, s: U256, y_parity: bool, digest: &B256) -> Option<Address> {
    with_k256(r, s, y_parity, digest)
}

/// The address of the key that made the signature `(r, s, y_parity)` over `digest`, through
/// the backend this build uses; `None` when no key recovers.
#[cfg(feature = "secp256k1")]
pub(super) fn recover(r: U256, s: U256, y_parity: bool, digest: &B256) -> Option<Address> {
    with_libsecp256k1(r, s, y_parity, digest)
}

/// Recovery through alloy-primitives' `k256` backend.
pub(super) fn with_k256(r: U256, s: U256, y_parity: bool, digest: &B256) -> Option<Address> {
    alloy_primitives::Signature::new(r, s, y_parity).recover_address_from_prehash(digest).ok()
}

/// Recovery through libsecp256k1: `secp256k1_ecdsa_recover`, then the address of the
/// uncompressed key (the last 20 bytes of keccak-256 over its 64 coordinate bytes).
#[cfg(feature = "secp256k1")]
fn with_libsecp256k1(r: U256, s: U256, y_parity: bool, digest: &B256) -> Option<Address> {
    use secp256k1::ecdsa::{RecoverableSignature, RecoveryId};
    use secp256k1::Message;

    let mut compact = [0u8; 64];
    let (r_bytes, s_bytes) = compact.split_at_mut(32);
    r_bytes.copy_from_slice(&r.to_be_bytes::<32>());
    s_bytes.copy_from_slice(&s.to_be_bytes::<32>());
    let recovery_id = if y_parity { RecoveryId::One } else { RecoveryId::Zero };
    // Parsing fails only for r or s not below n, which the caller has already refused.
    let signature = RecoverableSignature::from_compact(&compact, recovery_id).ok()?;
    let key = libsecp256k1::with_context(|context| context.recover_ecdsa(&Message::from_digest(digest.0), &signature))
        .ok()?;
    let [_tag, coordinates @ ..] = key.serialize_uncompressed();
    Some(Address::from_raw_public_key(&coordinates))
}

/// The verification context libsecp256k1 needs for recovery.
#[cfg(feature = "secp256k1")]
mod libsecp256k1 {
    use secp256k1::{Secp256k1, VerifyOnly};

    /// Runs `f` with a verification context: one per process with the standard library (a
    /// context holds no secret and is only read), else a new one per call (an allocation
    /// and libsecp256k1's self-test: about 2 µs, some 5 % of a recovery, measured on the
    /// machine of BENCHMARKS.md).
    pub(super) fn with_context<T>(f: impl FnOnce(&Secp256k1<VerifyOnly>) -> T) -> T {
        #[cfg(feature = "std")]
        {
            static CONTEXT: std::sync::OnceLock<Secp256k1<VerifyOnly>> = std::sync::OnceLock::new();
            f(CONTEXT.get_or_init(Secp256k1::verification_only))
        }
        #[cfg(not(feature = "std"))]
        {
            f(&Secp256k1::verification_only())
        }
    }
}
