//! The wire model: the objects and enums of SPEC §2, how each value kind is read and
//! written, and the unknown members every object keeps.
//!
//! Reading validates while decoding; writing streams into a [`crate::Sink`] in the wire
//! or the canonical form.

pub(crate) mod enums;
pub(crate) mod kinds;
pub(crate) mod object;
pub(crate) mod objects;
pub(crate) mod unknown;

pub use unknown::{UnknownMember, UnknownMembers};

use crate::json::Reader;
use crate::values::hex::ChecksumCache;
use crate::{Error, Limits};

/// The JSON reader the wire objects are read with: it keeps, for one document, the
/// mixed-case addresses whose EIP-55 checksum was verified (an intent names the same few
/// addresses many times). The JSON layer itself knows no schema.
pub(crate) type WireReader<'a> = Reader<'a, ChecksumCache>;

/// A [`WireReader`] over `bytes`; fails when they exceed the document limit or are not
/// UTF-8.
pub(crate) fn reader<'a>(bytes: &'a [u8], limits: &'a Limits) -> Result<WireReader<'a>, Error> {
    Reader::with_memo(bytes, limits, ChecksumCache::new())
}
