//! The `signature` target's properties: signer recovery over arbitrary digests and
//! signatures, in every form.

use super::*;

/// The order n of the secp256k1 group, written out here rather than taken from the library.
pub(crate) const CURVE_ORDER: [u8; 32] = hex!("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141");

/// `fuzz_targets/signature.rs`: the first 32 bytes of `data` are a digest (zero-padded),
/// the rest a signature. `Signature::from_bytes` accepts exactly what docs/spec.md §5.3 allows; an
/// accepted signature writes back its bytes (with `v` as 27 or 28) and reads back equal, its
/// high-s twin is refused, recovery is deterministic and agrees with `recover_signer`, and
/// a recovered signer verifies while another address does not.
pub fn signature(data: &[u8]) {
    let split = data.len().min(32);
    let mut digest = B256::ZERO;
    digest[..split].copy_from_slice(&data[..split]);
    let bytes = &data[split..];
    cctp_formats(&digest, bytes);

    let parsed = Signature::from_bytes(bytes);
    assert_eq!(parsed.is_ok(), allowed_by_spec(bytes), "from_bytes({}) = {parsed:?}", hex::encode(bytes));
    let signature = match parsed {
        Ok(signature) => signature,
        Err(error) => {
            assert_eq!(error.reason(), Reason::InvalidSignature);
            check_error(&error);
            assert_eq!(recover_signer(&digest, bytes), Err(error));
            return;
        }
    };

    let mut written = [0u8; 65];
    written.copy_from_slice(bytes);
    written[64] = if matches!(bytes[64], 1 | 28) { 28 } else { 27 };
    assert_eq!(signature.to_bytes(), written, "to_bytes does not write back {}", hex::encode(bytes));
    assert_eq!(Signature::from_bytes(&signature.to_bytes()), Ok(signature));
    assert_eq!(
        (signature.r(), signature.s(), signature.v()),
        (split_u256(bytes, 0), split_u256(bytes, 32), written[64])
    );

    let mut twin = written;
    twin[32..64].copy_from_slice(&(U256::from_be_bytes(CURVE_ORDER) - signature.s()).to_be_bytes::<32>());
    twin[64] = 55 - written[64];
    assert_eq!(
        Signature::from_bytes(&twin).map_err(|e| e.reason()),
        Err(Reason::InvalidSignature),
        "the high-s twin of {} is accepted",
        hex::encode(bytes)
    );

    let recovered = signature.recover(&digest);
    assert_eq!(signature.recover(&digest), recovered, "recovery is not deterministic");
    assert_eq!(recover_signer(&digest, bytes), recovered);
    match recovered {
        Ok(signer) => {
            assert_eq!(signature.verify(&digest, signer), Ok(()));
            let mut other = signer;
            other[19] ^= 1;
            let refused = signature.verify(&digest, other).map_err(|e| e.reason());
            assert_eq!(refused, Err(Reason::SignerMismatch));
        }
        Err(error) => {
            assert_eq!(error.reason(), Reason::InvalidSignature);
            check_error(&error);
            assert_eq!(signature.verify(&digest, Address::ZERO), Err(error));
        }
    }
}

/// The CCTP V2 formats (docs/spec.md 5.8) over the same bytes: a message or a burn body read
/// from them writes them back, and as an attestation of threshold 1 they pass exactly when
/// they are a signature with `v` 27 or 28 that recovers, its signer the one recovered; a
/// single signature otherwise is `BadSignature` at 0, any other length `AttestationLength`.
fn cctp_formats(digest: &B256, bytes: &[u8]) {
    if let Ok(message) = cctp::Message::from_bytes(bytes) {
        assert_eq!(message.to_bytes(), bytes, "a CCTP message does not write back");
        let _ = message.complete(*digest, 0, U256::MAX, U256::MAX);
    }
    if let Ok(body) = cctp::BurnMessage::from_bytes(bytes) {
        assert_eq!(body.to_bytes(), bytes, "a burn message body does not write back");
        let _ = body.minted();
    }
    let signer = recover_signer(digest, bytes).ok().filter(|_| matches!(bytes.get(64), Some(27 | 28)));
    let attesters: Vec<Address> = signer.into_iter().collect();
    let checked = cctp::check_attestation(digest, bytes, &attesters, 1);
    let expected = match signer {
        Some(signer) => Ok(vec![signer]),
        None if bytes.len() == cctp::SIGNATURE_LEN => Err(cctp::Error::BadSignature { index: 0 }),
        None => Err(cctp::Error::AttestationLength { len: bytes.len(), threshold: 1 }),
    };
    assert_eq!(checked, expected, "check_attestation({})", hex::encode(bytes));
}

pub(crate) fn split_u256(bytes: &[u8], at: usize) -> U256 {
    U256::from_be_slice(&bytes[at..at + 32])
}

/// docs/spec.md §5.3 read directly: 65 bytes, `v` in {0, 1, 27, 28}, `0 < r < n`, `0 < s ≤ n/2`.
pub(crate) fn allowed_by_spec(bytes: &[u8]) -> bool {
    if bytes.len() != 65 || !matches!(bytes[64], 0 | 1 | 27 | 28) {
        return false;
    }
    let (r, s, n) = (split_u256(bytes, 0), split_u256(bytes, 32), U256::from_be_bytes(CURVE_ORDER));
    !r.is_zero() && r < n && !s.is_zero() && s <= n / U256::from(2)
}
