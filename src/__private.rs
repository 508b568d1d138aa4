//! What the expansion of [`wire_object!`](crate::wire_object) names, outside this crate
//! too: the value-kind trait, the reader and the writer of members, the diff of objects.
//! Hidden from the docs and not part of the public API; only the macro is. With the feature
//! `secp256k1`, also the `k256` recovery path, for the test that compares the two backends.

pub use crate::json::Sink;
#[cfg(feature = "serde")]
pub use crate::serde_bridge;
pub use crate::wire::declare::{keys_sorted, MemberWriter};
pub use crate::wire::diff::{Diff, UnknownMembersDiff};
pub use crate::wire::wire_value::{read_member_value, Form, WireValue};
pub use crate::wire::WireReader;
#[cfg(feature = "serde")]
pub use serde;

use alloc::borrow::Cow;

use crate::{Error, UnknownMembers};

/// [`eip712::recover_signer`](crate::eip712::recover_signer) through the pure-Rust `k256`
/// backend, which a build with the feature `secp256k1` does not otherwise use: the reference
/// `tests/it/recovery_backends.rs` compares libsecp256k1 against. The same checks of the
/// signature's form run first.
#[cfg(feature = "secp256k1")]
pub fn recover_signer_with_k256(digest: &crate::B256, signature: &[u8]) -> Result<crate::Address, Error> {
    crate::eip712::Signature::from_bytes(signature)?.recover_with_k256(digest)
}

/// Reads the value of the unknown member `key` into `unknown`
/// (`UnknownMembers::read_member`, crate-private).
pub fn read_unknown_member(
    unknown: &mut UnknownMembers,
    key: Cow<'_, str>,
    r: &mut WireReader<'_>,
) -> Result<(), Error> {
    unknown.read_member(key, r)
}

/// Ends the reading of `unknown` when its object has closed
/// (`UnknownMembers::finish_reading`, crate-private).
pub fn finish_unknown_members(unknown: &mut UnknownMembers) -> Result<(), Error> {
    unknown.finish_reading()
}
