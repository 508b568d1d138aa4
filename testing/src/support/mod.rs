//! Shared helpers for the property tests of docs/spec.md §1–4 (`canonical_properties.rs`,
//! `changed_paths.rs`), written independently of the crate's internals:
//!
//! - a JSON tree ([`J`]) that keeps number text exactly and member order as written, with a
//!   strict parser and a compact writer using the string escaping of docs/spec.md §4;
//! - the schema of docs/spec.md §2 ([`Kind`], [`fields`]), so every leaf of a canonical document
//!   knows its value kind;
//! - a [`Respeller`] that writes a canonical tree with random spellings of the same meaning
//!   (key order, white space, address case, number and timestamp spellings, escapes, `null`
//!   for absent optional fields);
//! - [`mutate`]: one random change of meaning, with the canonical tree it should give and the
//!   path of the changed member;
//! - the test inputs: `examples/intent.json` and every case of `tests/vectors/canonical.json`.
//!
//! One module per subject; every item is re-exported here, so a test names
//! `support::Respeller` whichever module holds it.

mod cases;
mod choices;
mod config;
mod json;
mod keccak;
mod mutate;
mod numbers;
mod paths;
mod random;
mod respell;
mod schema;
mod timestamps;

pub use cases::*;
pub use choices::*;
pub use config::*;
pub use json::*;
pub use keccak::*;
pub use mutate::*;
pub use numbers::*;
pub use paths::*;
pub use random::*;
pub use respell::*;
pub use schema::*;
pub use timestamps::*;

use intent_core::{from_slice, Address, Canonical, GasFeeOptions, Intent, QuoteRequest, B256};
use std::fmt::Write as _;
use std::str::FromStr;
use std::sync::OnceLock;
