//! The wire model: the objects and enums of SPEC §2, how each value kind is read and
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
//! - `objects`: the objects of SPEC §2, declared with `wire_object!`.
//! - `enums`: the enums of SPEC §2, declared with `wire_enum!`.
//! - `unknown`: the members an object's schema does not name.

pub(crate) mod declare;
pub(crate) mod enums;
pub(crate) mod objects;
pub(crate) mod unknown;
pub(crate) mod wire_value;

pub use unknown::{UnknownMember, UnknownMembers};
