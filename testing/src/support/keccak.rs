//! Keccak-256 (the original Keccak padding, as Ethereum uses), from `tiny-keccak`: another
//! implementation than the `sha3` crate the library hashes with (through alloy), to check the
//! streamed hash against the canonical text.

use super::*;

pub fn keccak256(data: &[u8]) -> B256 {
    use tiny_keccak::{Hasher as _, Keccak};
    let mut hasher = Keccak::v256();
    hasher.update(data);
    let mut out = [0u8; 32];
    hasher.finalize(&mut out);
    B256::from(out)
}
