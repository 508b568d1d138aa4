//! The JSON layer: a pull reader over the input bytes ([`Reader`]), the text sink that
//! writers stream into ([`Sink`], with string escaping, from [`crate::text`]), the canonical key order
//! ([`key_order`]) and the canonical form of generic values written while reading them
//! ([`canonical_value`], for unknown members).
//!
//! Nothing here knows the schema; the typed objects live in [`crate::wire`].

mod canonical_buffers;
pub(crate) mod canonical_value;
pub(crate) mod double;
pub(crate) mod key_order;
pub(crate) mod number;
pub(crate) mod reader;

pub use crate::text::Sink;
pub(crate) use crate::text::{find_special, write_string};
pub use reader::Reader;
