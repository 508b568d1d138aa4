//! The signatures an intent wallet's `execute(payload, signature)` takes (docs/spec.md 5.6),
//! in v3's encoding: a header, then the configuration's tree with what the wallet must
//! recover revealed and the rest given as node hashes.
//!
//! - The proof of bundle `i` (anyone may send it): the owner's leaf as a node hash, bundle
//!   `i`'s any-address leaf revealed with its payload hash, every subtree without it as a node
//!   hash. The wallet gives it full weight when the payload it runs hashes to that digest.
//! - The owner's signature (recovery): the owner's leaf as an ECDSA signature of weight 1
//!   over the payload hash for the wallet's own address, the bundles' tree as a node hash.
//!
//! Either recovers the configuration's image hash, which is what the wallet checks.

use alloc::vec::Vec;

use alloy_primitives::{Bytes, U256};

use super::config::{signer_leaf, IntentConfiguration, Tree, OWNER_WEIGHT, THRESHOLD};
use crate::eip712::Signature;

/// The signature's first bytes: the flag byte (a plain signature, with the chain id, no
/// checkpointer, a one-byte checkpoint, a one-byte threshold), the checkpoint (0), then the
/// threshold.
const HEADER: [u8; 3] = [0x04, 0x00, THRESHOLD];
/// An ECDSA signature of the payload hash (flag 0), with the weight in the low bits.
const FLAG_SIGNATURE_HASH: u8 = 0x00;
/// A node hash (flag 3).
const FLAG_NODE: u8 = 0x30;
/// A branch (flag 4), with the byte length of its size in the low bits.
const FLAG_BRANCH: u8 = 0x40;
/// An any-address-subdigest leaf (flag 8).
const FLAG_ANY_ADDRESS_SUBDIGEST: u8 = 0x80;

impl IntentConfiguration {
    /// The signature that proves bundle `index`'s leaf: with the bundle's packed payload
    /// ([`super::packed_payload`]), anyone can run the bundle at the wallet. `None` when the
    /// configuration has no bundle `index`.
    pub fn bundle_signature(&self, index: usize) -> Option<Bytes> {
        let tree = self.bundle_tree();
        if !tree.holds(index) {
            return None;
        }
        let mut out = Vec::from(HEADER);
        out.push(FLAG_NODE);
        out.extend_from_slice(signer_leaf(self.owner(), OWNER_WEIGHT).as_slice());
        write_right(tree, index, &mut out);
        Some(out.into())
    }

    /// The signature by the owner's key: `signature` over the payload hash of the payload to
    /// run with the wallet's address as the domain's verifying contract
    /// ([`super::payload_hash_for`]). The owner can run any payload with it, whatever the
    /// bundles.
    pub fn owner_signature(&self, signature: &Signature) -> Bytes {
        let mut out = Vec::from(HEADER);
        out.push(FLAG_SIGNATURE_HASH | OWNER_WEIGHT);
        out.extend_from_slice(&signature.r().to_be_bytes::<32>());
        // ERC-2098: the parity of y in the top bit of s, which is at most n/2.
        let y_parity: U256 = U256::from(signature.v() - 27) << 255_usize;
        out.extend_from_slice(&(signature.s() | y_parity).to_be_bytes::<32>());
        out.push(FLAG_NODE);
        out.extend_from_slice(self.bundle_tree().hash().as_slice());
        out.into()
    }
}

/// Writes `tree` as the right of a pair that reveals bundle `index`: the wallet folds the
/// parts of a tree from the left, so a right subtree that is itself a pair goes into a branch
/// of its own.
fn write_right(tree: &Tree, index: usize, out: &mut Vec<u8>) {
    match tree {
        Tree::Node { .. } if tree.holds(index) => {
            let mut branch = Vec::new();
            write(tree, index, &mut branch);
            let len = branch.len().to_be_bytes();
            let size = &len[len.iter().take_while(|byte| **byte == 0).count()..];
            out.push(FLAG_BRANCH | size.len() as u8);
            out.extend_from_slice(size);
            out.extend_from_slice(&branch);
        }
        _ => write(tree, index, out),
    }
}

/// Writes `tree` revealing bundle `index`: its leaf, the pairs on the way to it, node
/// hashes for the rest.
fn write(tree: &Tree, index: usize, out: &mut Vec<u8>) {
    match tree {
        _ if !tree.holds(index) => {
            out.push(FLAG_NODE);
            out.extend_from_slice(tree.hash().as_slice());
        }
        Tree::Leaf { digest, .. } => {
            out.push(FLAG_ANY_ADDRESS_SUBDIGEST);
            out.extend_from_slice(digest.as_slice());
        }
        Tree::Node { left, right, .. } => {
            write(left, index, out);
            write_right(right, index, out);
        }
    }
}
