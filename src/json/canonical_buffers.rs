//! The buffers a generic value is canonicalised through ([`CanonicalBuffers`]): declared
//! apart from the code that fills them (`canonical_value`) so that the [`Reader`](super::Reader),
//! which keeps them for the length of its document, does not depend on that code, and the
//! layers stay one-way (`canonical_value` reads through the reader, never the reverse).

use alloc::string::String;
use alloc::vec::Vec;

/// One member of an open object: its unescaped key in `keys` and its text (`"key":value`,
/// after a `,` unless it came first) in the output.
#[derive(Clone, Copy)]
pub(super) struct MemberSpan {
    pub(super) key_start: u32,
    pub(super) key_end: u32,
    pub(super) start: u32,
    pub(super) end: u32,
}

/// The buffers a canonical value is written through, empty until a value needs them.
#[derive(Default)]
pub(crate) struct CanonicalBuffers {
    /// The canonical text of the value being read.
    pub(super) out: String,
    /// The unescaped keys of the members of the open objects, in document order.
    pub(super) keys: String,
    /// The members of the open objects, in document order, innermost object last.
    pub(super) members: Vec<MemberSpan>,
    /// The text of an object being reordered, kept for the next one.
    pub(super) reordering: String,
}
