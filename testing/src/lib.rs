//! What the tests and benchmarks of `intent-core` share, written independently of the
//! library's internals (rustls keeps its test helpers in a crate the same way): the library's
//! tests (`tests/it/`), intentctl's (`intentctl/tests/it/`), the benchmarks and the fuzz
//! package (`fuzz/`, for [`model`]) depend on it instead of including each other's files.
//!
//! - [`support`]: the oracles: a JSON tree with an independent canonical writer, the schema
//!   of docs/spec.md §2, respelling and mutation, numbers and timestamps, keccak, the test
//!   inputs, and the proptest configuration;
//! - [`generators`]: proptest strategies for valid, self-consistent inputs of every
//!   operation ([`generators::World`]);
//! - [`fixtures`]: the example intent owned by a key the tests hold, records in each state,
//!   valid execute requests in every mode;
//! - [`addresses`]: an intent whose addresses and meta-transactions are the ones derived
//!   from its owner and bundles (docs/spec.md 5.6–5.7, §7), which the intent-address rules
//!   accept;
//! - [`evidence`]: deposit evidence that proves a deposit, its `Transfer` log encoded
//!   independently of the library;
//! - [`hostile`]: hostile inputs at the limits of docs/spec.md §9;
//! - [`model`]: the one reference model of the lifecycle's expected behaviour (docs/spec.md
//!   §6–7), which the library's lifecycle tests, intentctl's and the `lifecycle` fuzz target
//!   compare the library with;
//! - `bench` (feature `bench`): the benchmarks' corpora, their goals' inputs and the
//!   interleaved cross-check of the goals' ratios.
//!
//! What does not live here: the counting allocator (`tests/it/heap.rs`), which a test
//! binary must declare itself, and every assertion of the contract, which is the tests'.

pub mod addresses;
#[cfg(feature = "bench")]
pub mod bench;
pub mod evidence;
pub mod fixtures;
pub mod generators;
pub mod hostile;
pub mod model;
pub mod support;
