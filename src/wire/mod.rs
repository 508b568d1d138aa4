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
