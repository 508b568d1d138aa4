//! ECDSA signatures over secp256k1 (docs/spec.md §5.3): the 65-byte `r ‖ s ‖ v` form checked
//! while decoding, and signer recovery through the backend of `recovery.rs` (`k256`, or
//! libsecp256k1 with the feature `secp256k1`; no curve arithmetic in this crate). ERC-1271
//! contract signatures are not supported.

use alloy_primitives::{Address, B256, U256};

use super::recovery;
use crate::error::{Error, Problem};

/// The order n of the secp256k1 group.
const N: U256 = U256::from_limbs([0xBFD2_5E8C_D036_4141, 0xBAAE_DCE6_AF48_A03B, 0xFFFF_FFFF_FFFF_FFFE, u64::MAX]);

/// ⌊n / 2⌋: the largest `s` EIP-2 allows.
const HALF_N: U256 = U256::from_limbs([0xDFE9_2F46_681B_20A0, 0x5D57_6E73_57A4_501D, u64::MAX, 0x7FFF_FFFF_FFFF_FFFF]);

fn invalid(why: &'static str) -> Error {
    Error::new(Problem::InvalidSignature(why))
}

fn unrecoverable() -> Error {
    invalid("no public key recovers from it")
}

/// A well-formed ECDSA signature: `0 < r < n`, `0 < s ≤ n/2`, and the parity of the
/// point's `y`. A value of this type always passed the checks of docs/spec.md §5.3 except
/// recovery itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Signature {
    r: U256,
    s: U256,
    y_parity: bool,
}

impl Signature {
    /// Reads `r ‖ s ‖ v`: 65 bytes, `v` in {27, 28} or {0, 1} (read as 27, 28).
    ///
    /// # Errors
    ///
    /// `INVALID_SIGNATURE` for another length, another `v`, `r` or `s` zero, `r` not below
    /// the curve order, or `s` above n/2 (EIP-2; this also rejects `s ≥ n`).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let bytes: &[u8; 65] = bytes.try_into().map_err(|_| invalid("expected 65 bytes"))?;
        let [rs @ .., v] = bytes;
        let (r, s) = rs.split_at(32);
        let (r, s) = (U256::from_be_slice(r), U256::from_be_slice(s));
        let y_parity = match v {
            0 | 27 => false,
            1 | 28 => true,
            _ => return Err(invalid("v must be 27 or 28 (or 0 or 1)")),
        };
        if r.is_zero() || s.is_zero() {
            return Err(invalid("r or s is zero"));
        }
        if r >= N {
            return Err(invalid("r is not below the curve order"));
        }
        if s > HALF_N {
            return Err(invalid("s is above n/2 (eip-2)"));
        }
        Ok(Signature { r, s, y_parity })
    }

    /// The `r` value.
    pub fn r(&self) -> U256 {
        self.r
    }

    /// The `s` value (at most n/2).
    pub fn s(&self) -> U256 {
        self.s
    }

    /// The `v` value: 27 or 28.
    pub fn v(&self) -> u8 {
        27 + u8::from(self.y_parity)
    }

    /// The 65 bytes `r ‖ s ‖ v` with `v` 27 or 28: the form to send on chain
    /// (docs/spec.md §5.3). A signature read with `v` 0 or 1 comes out with 27 or 28, which
    /// on-chain ECDSA recovery (OpenZeppelin's `ECDSA.recover`, `ecrecover`) requires.
    pub fn to_bytes(&self) -> [u8; 65] {
        let mut out = [0u8; 65];
        let (r, rest) = out.split_at_mut(32);
        let (s, v) = rest.split_at_mut(32);
        r.copy_from_slice(&self.r.to_be_bytes::<32>());
        s.copy_from_slice(&self.s.to_be_bytes::<32>());
        v.fill(self.v());
        out
    }

    /// The address whose key made this signature over `digest`, recovered by `k256` or,
    /// with the feature `secp256k1`, by libsecp256k1: the same answer either way.
    ///
    /// # Errors
    ///
    /// `INVALID_SIGNATURE` when no public key recovers (`r` is not the x-coordinate of a
    /// curve point, or the recovered point is the identity).
    pub fn recover(&self, digest: &B256) -> Result<Address, Error> {
        recovery::recover(self.r, self.s, self.y_parity, digest).ok_or_else(unrecoverable)
    }

    /// [`Signature::recover`] through `k256` whatever the build: what the backends are
    /// compared against (`__private::recover_signer_with_k256`).
    #[cfg(feature = "secp256k1")]
    pub(crate) fn recover_with_k256(&self, digest: &B256) -> Result<Address, Error> {
        recovery::with_k256(self.r, self.s, self.y_parity, digest).ok_or_else(unrecoverable)
    }

    /// Checks that this signature over `digest` was made by `expected`.
    ///
    /// # Errors
    ///
    /// `INVALID_SIGNATURE` as [`Signature::recover`]; `SIGNER_MISMATCH` when it recovers to
    /// another address.
    pub fn verify(&self, digest: &B256, expected: Address) -> Result<(), Error> {
        let recovered = self.recover(digest)?;
        if recovered == expected {
            Ok(())
        } else {
            Err(Error::new(Problem::SignerMismatch { recovered, expected }))
        }
    }
}

/// Recovers the signer of `digest` from a 65-byte `r ‖ s ‖ v` signature.
///
/// # Errors
///
/// `INVALID_SIGNATURE` when the signature is malformed ([`Signature::from_bytes`]) or
/// unrecoverable ([`Signature::recover`]).
pub fn recover_signer(digest: &B256, signature: &[u8]) -> Result<Address, Error> {
    Signature::from_bytes(signature)?.recover(digest)
}

/// Checks that a 65-byte `r ‖ s ‖ v` signature over `digest` was made by `expected`.
///
/// # Errors
///
/// `INVALID_SIGNATURE` as [`recover_signer`]; `SIGNER_MISMATCH` when it recovers to
/// another address.
pub fn verify_signer(digest: &B256, signature: &[u8], expected: Address) -> Result<(), Error> {
    Signature::from_bytes(signature)?.verify(digest, expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_n_is_half_the_group_order() {
        assert_eq!(HALF_N, N >> 1);
        assert_eq!(
            N.to_be_bytes::<32>(),
            alloy_primitives::hex!("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141")
        );
    }

    #[test]
    fn to_bytes_writes_v_as_27_or_28() {
        let mut raw = [0u8; 65];
        raw[31] = 1;
        raw[63] = 1;
        raw[64] = 1;
        let signature = Signature::from_bytes(&raw).map_err(|e| e.reason());
        let mut expected = raw;
        expected[64] = 28;
        assert_eq!(signature.map(|s| s.to_bytes()), Ok(expected));
    }
}
