//! The intent configuration (docs/spec.md 5.6): threshold 1, checkpoint 0, no checkpointer,
//! and the topology `[owner's signer leaf of weight 1, tree of the bundles' leaves]`, where
//! each bundle is an any-address-subdigest leaf of its payload hash; its leaf and node hashes
//! and its image hash, as v3's `BaseSig` recovers them. The signatures that reveal this tree
//! are in `signature.rs`.

use alloc::boxed::Box;
use alloc::vec::Vec;

use alloy_primitives::{keccak256, Address, Keccak256, B256, U256};

use super::context::WalletContext;
use super::payload::payload_hash;
use crate::error::{Error, Problem};
use crate::CallBundle;

/// The configuration's threshold: one signer's weight, or one proven leaf, is enough.
pub(super) const THRESHOLD: u8 = 1;
/// The owner's weight.
pub(super) const OWNER_WEIGHT: u8 = 1;

/// The intent configuration of an owner and its call bundles, in order: what an intent
/// address commits to. Built from the bundles' payload hashes ([`super::payload_hash`]);
/// the bundles themselves are not kept.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct IntentConfiguration {
    owner: Address,
    payload_hashes: Vec<B256>,
    bundle_tree: Tree,
}

impl IntentConfiguration {
    /// The configuration of `owner` and `bundles`, in the given order (the order is part of
    /// the commitment).
    ///
    /// # Errors
    ///
    /// `MISSING_FIELD` without a bundle (a configuration commits to at least one, as the
    /// published client requires); a bundle's error of [`super::payload_hash`] below
    /// `[i]`, its index.
    pub fn new(owner: Address, bundles: &[CallBundle]) -> Result<Self, Error> {
        let payload_hashes: Vec<B256> = bundles
            .iter()
            .enumerate()
            .map(|(index, bundle)| payload_hash(bundle).map_err(|error| error.in_element(index)))
            .collect::<Result<_, _>>()?;
        let bundle_tree = Tree::of(&payload_hashes).ok_or_else(|| Error::new(Problem::MissingField))?;
        Ok(IntentConfiguration { owner, payload_hashes, bundle_tree })
    }

    /// The owner: the configuration's signer leaf, whose key can run any payload.
    pub fn owner(&self) -> Address {
        self.owner
    }

    /// The bundles' payload hashes, in order: the digests of the any-address leaves.
    pub fn payload_hashes(&self) -> &[B256] {
        &self.payload_hashes
    }

    /// The image hash: `keccak256(keccak256(keccak256(keccak256(root ‖ threshold) ‖
    /// checkpoint) ‖ checkpointer))` with the root of the topology, threshold 1, checkpoint 0
    /// and the zero checkpointer, each as a 32-byte word. It is the CREATE2 salt of the
    /// wallet, and what the wallet checks a signature's recovered configuration against.
    pub fn image_hash(&self) -> B256 {
        let root = node(&signer_leaf(self.owner, OWNER_WEIGHT), &self.bundle_tree.hash());
        let threshold = node(&root, &word(U256::from(THRESHOLD)));
        let checkpoint = node(&threshold, &B256::ZERO);
        node(&checkpoint, &B256::ZERO)
    }

    /// The counterfactual address of this configuration's wallet in `context`.
    pub fn address(&self, context: &WalletContext) -> Address {
        context.address(&self.image_hash())
    }

    /// The tree of the bundles' leaves.
    pub(super) fn bundle_tree(&self) -> &Tree {
        &self.bundle_tree
    }
}

/// A subtree of the bundles' leaves. A subtree holds consecutive bundles.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Tree {
    /// Bundle `index`'s any-address leaf: its payload hash and the leaf's hash.
    Leaf { index: usize, digest: B256, hash: B256 },
    /// Two subtrees, holding bundles `first..end`.
    Node { first: usize, end: usize, hash: B256, left: Box<Tree>, right: Box<Tree> },
}

impl Tree {
    /// The tree of one any-address leaf per payload hash: paired level by level from the
    /// first, an odd last one carried up to the next level. `None` without a hash.
    fn of(payload_hashes: &[B256]) -> Option<Tree> {
        let mut level: Vec<Tree> = payload_hashes
            .iter()
            .enumerate()
            .map(|(index, digest)| Tree::Leaf { index, digest: *digest, hash: any_address_leaf(digest) })
            .collect();
        while level.len() > 1 {
            let mut next = Vec::with_capacity(level.len().div_ceil(2));
            let mut items = level.into_iter();
            while let Some(left) = items.next() {
                next.push(match items.next() {
                    Some(right) => Tree::node(left, right),
                    None => left,
                });
            }
            level = next;
        }
        level.pop()
    }

    fn node(left: Tree, right: Tree) -> Tree {
        let (first, end) = (left.range().0, right.range().1);
        let hash = node(&left.hash(), &right.hash());
        Tree::Node { first, end, hash, left: Box::new(left), right: Box::new(right) }
    }

    /// The subtree's hash: a leaf's hash, or `keccak256(left ‖ right)`.
    pub(super) fn hash(&self) -> B256 {
        match self {
            Tree::Leaf { hash, .. } | Tree::Node { hash, .. } => *hash,
        }
    }

    /// The bundles it holds: `first..end`.
    fn range(&self) -> (usize, usize) {
        match self {
            Tree::Leaf { index, .. } => (*index, index + 1),
            Tree::Node { first, end, .. } => (*first, *end),
        }
    }

    /// Whether it holds bundle `index`.
    pub(super) fn holds(&self, index: usize) -> bool {
        let (first, end) = self.range();
        (first..end).contains(&index)
    }
}

/// A signer leaf: `keccak256("Sequence signer:\n" ‖ address ‖ weight as a 32-byte word)`.
pub(super) fn signer_leaf(address: Address, weight: u8) -> B256 {
    let mut hasher = Keccak256::new();
    hasher.update(b"Sequence signer:\n");
    hasher.update(address);
    hasher.update(word(U256::from(weight)));
    hasher.finalize()
}

/// An any-address-subdigest leaf: `keccak256("Sequence any address subdigest:\n" ‖ digest)`.
fn any_address_leaf(digest: &B256) -> B256 {
    let mut hasher = Keccak256::new();
    hasher.update(b"Sequence any address subdigest:\n");
    hasher.update(digest);
    hasher.finalize()
}

/// A node: `keccak256(left ‖ right)`.
fn node(left: &B256, right: &B256) -> B256 {
    let mut both = [0u8; 64];
    both[..32].copy_from_slice(left.as_slice());
    both[32..].copy_from_slice(right.as_slice());
    keccak256(both)
}

fn word(value: U256) -> B256 {
    B256::from(value.to_be_bytes::<32>())
}
