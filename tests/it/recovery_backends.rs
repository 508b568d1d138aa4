//! The two signer-recovery backends give the same answers (docs/spec.md §5.3): with the
//! feature `secp256k1`, `eip712::recover_signer` recovers through libsecp256k1, and each case
//! here compares its whole result (the address, or the error with its reason, path and
//! message) with the pure-Rust `k256` path, `__private::recover_signer_with_k256`: on every
//! signature of `tests/vectors/eip712.json`, on a signature whose recovered point is the
//! identity, and on generated keys, digests and malformed signatures.
//!
//! Compiled only with the feature (`cargo test --features secp256k1 --test it`, a step of
//! `.ci/run`); without it both names are the same `k256` path. The rest of the suite, the
//! EIP-712 vectors and every signature rule included, runs through whichever backend the
//! build has.

use intent_core::__private::recover_signer_with_k256;
use intent_core::eip712::recover_signer;
use intent_core::{Address, Error, Reason, B256, U256};
use k256::ecdsa::SigningKey;
use k256::elliptic_curve::sec1::ToEncodedPoint;
use k256::{ProjectivePoint, Scalar};
use proptest::prelude::*;
use serde_json::Value;

use crate::fixtures::{address_of, curve_order, high_s, sign};
use crate::support::proptest_config;

/// Both backends' results for one signature; they must be equal.
fn both(digest: &B256, signature: &[u8]) -> (Result<Address, Error>, Result<Address, Error>) {
    (recover_signer(digest, signature), recover_signer_with_k256(digest, signature))
}

fn hex_member(case: &Value, key: &str) -> Vec<u8> {
    alloy_primitives::hex::decode(case[key].as_str().unwrap_or_else(|| panic!("{key} missing in {case}"))).unwrap()
}

#[test]
fn every_eip712_vector_signature_recovers_the_same_through_both_backends() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/eip712.json")).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    let (mut recovered, mut rejected) = (0, 0);
    // Every case with a digest: all but the three whose input fails before a digest exists.
    for case in file["cases"].as_array().unwrap().iter().filter(|case| case["digest"].is_string()) {
        let digest = B256::from_slice(&hex_member(case, "digest"));
        let signature = hex_member(case, "signature");
        let (libsecp256k1, k256) = both(&digest, &signature);
        assert_eq!(libsecp256k1, k256, "{}", case["name"]);
        // And both are what eth-account says (tests/it/eip712_vectors.rs checks each kind in full).
        match (&libsecp256k1, case["signer"].as_str()) {
            (Ok(signer), Some(expected)) => {
                assert_eq!(*signer, expected.parse::<Address>().unwrap(), "{}", case["name"]);
                recovered += 1;
            }
            (Err(error), None) => {
                assert_eq!(error.reason(), Reason::InvalidSignature, "{}", case["name"]);
                assert_eq!(case["error"], "INVALID_SIGNATURE", "{}", case["name"]);
                rejected += 1;
            }
            (ours, theirs) => panic!("{}: ours {ours:?}, eth-account {theirs:?}", case["name"]),
        }
    }
    assert!(recovered >= 98 && rejected >= 24, "{recovered} recovered, {rejected} rejected");
}

/// A signature whose recovered point is the identity: with `R = k·G`, `r = R.x` and
/// `z = s·k`, `r⁻¹(s·R − z·G) = 0`. Both backends refuse it the same way.
#[test]
fn a_signature_that_recovers_the_point_at_infinity_is_invalid_signature_on_both_backends() {
    let (k, s) = (Scalar::from(7u64), 1u64);
    let point = (ProjectivePoint::GENERATOR * k).to_affine().to_encoded_point(false);
    let r = U256::from_be_slice(point.x().unwrap());
    assert!(r < curve_order(), "R.x is below n, so it is r itself");
    let y_odd = point.y().unwrap()[31] & 1 == 1;
    let mut signature = [0u8; 65];
    signature[..32].copy_from_slice(&r.to_be_bytes::<32>());
    signature[32..64].copy_from_slice(&U256::from(s).to_be_bytes::<32>());
    signature[64] = 27 + u8::from(y_odd);
    let digest = B256::from(U256::from(7u64 * s)); // z = s·k
    let (libsecp256k1, k256) = both(&digest, &signature);
    assert_eq!(libsecp256k1, k256);
    let error = libsecp256k1.unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::InvalidSignature, None));
    // The same r and s over another digest recover a key: only the identity is refused.
    let other = B256::from(U256::from(8u64));
    let (libsecp256k1, k256) = both(&other, &signature);
    assert_eq!(libsecp256k1, k256);
    assert!(libsecp256k1.is_ok());
}

/// What a generated case does to a good signature.
#[derive(Debug, Clone)]
enum Malformation {
    /// Nothing: both backends must recover the signing key's address.
    None,
    /// One bit of `r ‖ s ‖ v` flipped.
    FlipBit { byte: usize, bit: u8 },
    /// `v` replaced (0, 1, 27 and 28 are accepted).
    SetV(u8),
    /// `r` replaced by any 32 bytes: about half are no curve point's x-coordinate.
    SetR([u8; 32]),
    /// `s` replaced by any 32 bytes (most are above n/2).
    SetS([u8; 32]),
    /// `s` replaced by n − s, `v` flipped (EIP-2).
    HighS,
    /// `r` or `s` zero.
    Zero { r: bool },
    /// `r` replaced by n + `small` (not below the order).
    ROutOfRange(u8),
    /// Cut or lengthened to this many bytes.
    Length(usize),
}

fn malformation() -> impl Strategy<Value = Malformation> {
    prop_oneof![
        3 => Just(Malformation::None),
        2 => (0..65usize, 0..8u8).prop_map(|(byte, bit)| Malformation::FlipBit { byte, bit }),
        1 => any::<u8>().prop_map(Malformation::SetV),
        2 => any::<[u8; 32]>().prop_map(Malformation::SetR),
        1 => any::<[u8; 32]>().prop_map(Malformation::SetS),
        1 => Just(Malformation::HighS),
        1 => any::<bool>().prop_map(|r| Malformation::Zero { r }),
        1 => any::<u8>().prop_map(Malformation::ROutOfRange),
        1 => (0..130usize).prop_map(Malformation::Length),
    ]
}

fn apply(malformation: &Malformation, good: &[u8]) -> Vec<u8> {
    let mut out = good.to_vec();
    match malformation {
        Malformation::None => {}
        Malformation::FlipBit { byte, bit } => out[*byte] ^= 1 << bit,
        Malformation::SetV(v) => out[64] = *v,
        Malformation::SetR(r) => out[..32].copy_from_slice(r),
        Malformation::SetS(s) => out[32..64].copy_from_slice(s),
        Malformation::HighS => out = high_s(good).to_vec(),
        Malformation::Zero { r } => out[if *r { 0..32 } else { 32..64 }].fill(0),
        Malformation::ROutOfRange(small) => {
            out[..32].copy_from_slice(&(curve_order() + U256::from(*small)).to_be_bytes::<32>());
        }
        Malformation::Length(len) => out.resize(*len, 0x5a),
    }
    out
}

/// Digests: any 32 bytes, and the edges of the scalar field (zero, n − 1, n, 2^256 − 1).
fn digest() -> impl Strategy<Value = B256> {
    let n = curve_order();
    prop_oneof![
        4 => any::<[u8; 32]>().prop_map(B256::from),
        1 => prop::sample::select(vec![U256::ZERO, n - U256::from(1), n, U256::MAX]).prop_map(B256::from),
    ]
}

proptest! {
    #![proptest_config(proptest_config(256))]

    #[test]
    fn generated_keys_digests_and_malformed_signatures_get_the_same_answer_from_both_backends(
        secret in any::<[u8; 32]>().prop_filter("a valid secp256k1 secret", |s| SigningKey::from_slice(s).is_ok()),
        digest in digest(),
        malformation in malformation(),
    ) {
        let key = SigningKey::from_slice(&secret).unwrap();
        let signature = apply(&malformation, &sign(&key, &digest));
        let (libsecp256k1, k256) = both(&digest, &signature);
        prop_assert_eq!(&libsecp256k1, &k256, "{:?}", malformation);
        if let Malformation::None = malformation {
            prop_assert_eq!(libsecp256k1, Ok(address_of(&key)));
        }
    }
}
