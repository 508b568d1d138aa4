//! Attestations (docs/spec.md 5.8): 65-byte signatures of the message hash, one per
//! attester, ordered by signer. The check is the transmitter's, so what passes here mints.

use alloc::vec::Vec;

use alloy_primitives::{Address, Bytes, B256};

use super::Error;
use crate::eip712::Signature;

/// The bytes of one signature: `r ‖ s ‖ v`.
pub const SIGNATURE_LEN: usize = 65;

/// Accepts `attestation` over `hash` when it is exactly `threshold` signatures, each well
/// formed (`v` 27 or 28, `s` at most n/2), each by one of `attesters`, their signers strictly
/// increasing. Returns the signers.
///
/// # Errors
///
/// The first rule broken, in this order: [`Error::NoThreshold`],
/// [`Error::AttestationLength`], then for each signature in turn [`Error::BadSignature`],
/// [`Error::UnknownAttester`], [`Error::SignerOrder`].
pub fn check_attestation(
    hash: &B256,
    attestation: &[u8],
    attesters: &[Address],
    threshold: usize,
) -> Result<Vec<Address>, Error> {
    if threshold == 0 {
        return Err(Error::NoThreshold);
    }
    if Some(attestation.len()) != threshold.checked_mul(SIGNATURE_LEN) {
        return Err(Error::AttestationLength { len: attestation.len(), threshold });
    }
    let mut signers: Vec<Address> = Vec::with_capacity(threshold);
    for (index, raw) in attestation.chunks_exact(SIGNATURE_LEN).enumerate() {
        // On-chain recovery takes v 27 or 28 only, where the core also reads 0 and 1.
        if !matches!(raw[64], 27 | 28) {
            return Err(Error::BadSignature { index });
        }
        let signer = Signature::from_bytes(raw)
            .and_then(|signature| signature.recover(hash))
            .map_err(|_| Error::BadSignature { index })?;
        if !attesters.contains(&signer) {
            return Err(Error::UnknownAttester { index });
        }
        if signers.last().is_some_and(|previous| *previous >= signer) {
            return Err(Error::SignerOrder { index });
        }
        signers.push(signer);
    }
    Ok(signers)
}

/// The attestation of `signatures` (each with its signer): ordered by signer, concatenated.
pub fn attestation(signatures: &[(Address, [u8; SIGNATURE_LEN])]) -> Bytes {
    let mut ordered: Vec<&(Address, [u8; SIGNATURE_LEN])> = signatures.iter().collect();
    ordered.sort_by_key(|(signer, _)| *signer);
    ordered.iter().flat_map(|(_, signature)| signature.iter().copied()).collect::<Vec<u8>>().into()
}
