//! The wire model: the objects and enums of docs/spec.md §2, how each value kind is read and
//! written, and the unknown members every object keeps.
//!
//! Reading validates while decoding; writing streams into a [`crate::Sink`] in the wire
//! or the canonical form. The value types themselves ([`crate::Timestamp`], …) live in
//! `values`; the JSON tokens and string escaping below this layer in `json`.
//!
//! - `wire_value`: the [`WireValue`](wire_value::WireValue) trait (read, write, diff one
//!   value) and its implementations for every value kind, `Option` and `Vec`.
//! - `declare`: the `wire_object!` macro that declares an object, and the member writer
//!   it uses.
//! - `objects`: the objects of docs/spec.md §2, declared with `wire_object!`.
//! - `receipt`: the receipt objects (the service's 2026 schema) and the requests that read,
//!   wait for and abort them.
//! - `history`: the requests and responses that search intents and list a project's
//!   history a page at a time.
//! - `runtime`: the service's clock, ping and health objects.
//! - `enums`: the enums of docs/spec.md §2, declared with `wire_enum!`.
//! - `unknown`: the members an object's schema does not name.
//! - `diff`: which paths differ between two objects ([`crate::changed_paths`]), walked
//!   through each value's `WireValue::diff`.

pub(crate) mod declare;
pub(crate) mod diff;
pub(crate) mod enums;
pub(crate) mod history;
pub(crate) mod objects;
pub(crate) mod receipt;
pub(crate) mod runtime;
pub(crate) mod unknown;
pub(crate) mod wire_value;

pub use unknown::{UnknownMember, UnknownMembers};

use crate::json::Reader;
use crate::values::hex::ChecksumCache;
use crate::{Error, Limits};

/// The JSON reader the wire objects are read with: it keeps, for one document, the
/// mixed-case addresses whose EIP-55 checksum was verified (an intent names the same few
/// addresses many times). The JSON layer itself knows no schema.
pub type WireReader<'a> = Reader<'a, ChecksumCache>;

/// A [`WireReader`] over `bytes`; fails when they exceed the document limit or are not
/// UTF-8.
pub(crate) fn reader<'a>(bytes: &'a [u8], limits: &'a Limits) -> Result<WireReader<'a>, Error> {
    Reader::with_memo(bytes, limits, ChecksumCache::new())
}
