//! What the expansion of [`wire_object!`](crate::wire_object) names, outside this crate
//! too: the value-kind trait, the reader and the writer of members, the diff of objects.
//! Hidden from the docs and not part of the public API; only the macro is.

pub use crate::diff::{Diff, UnknownMembersDiff};
pub use crate::json::Sink;
#[cfg(feature = "serde")]
pub use crate::serde_bridge;
pub use crate::wire::declare::{keys_sorted, MemberWriter};
pub use crate::wire::wire_value::{read_member_value, Form, WireValue};
pub use crate::wire::WireReader;
#[cfg(feature = "serde")]
pub use serde;

use alloc::borrow::Cow;

use crate::{Error, UnknownMembers};

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
