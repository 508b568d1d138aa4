//! The canonical form (SPEC §4) and the canonical hash: `keccak256(canonical JSON)`.
//!
//! The encoder writes into a [`Sink`], so [`Canonical::canonical_hash`] streams the text
//! straight into the keccak hasher without building it.

use alloc::string::String;

use alloy_primitives::{Keccak256, B256};

use crate::json::Sink;
use crate::wire::kinds::Form;
use crate::WireObject;

/// The canonical JSON and hash of an object. Two intents are the same intent exactly
/// when their canonical hashes are equal.
pub trait Canonical {
    /// Streams the canonical JSON into `out`.
    fn write_canonical<S: Sink + ?Sized>(&self, out: &mut S);

    /// The canonical JSON text.
    fn canonical_json(&self) -> String {
        let mut out = String::new();
        self.write_canonical(&mut out);
        out
    }

    /// `keccak256` of the canonical JSON, computed without building the text.
    fn canonical_hash(&self) -> B256 {
        let mut hasher = Keccak256::new();
        self.write_canonical(&mut hasher);
        hasher.finalize()
    }
}

impl<T: WireObject> Canonical for T {
    fn write_canonical<S: Sink + ?Sized>(&self, out: &mut S) {
        self.write(out, Form::Canonical);
    }
}
