//! The integration tests, one binary (`cargo test --test it`): each module is one part of
//! the contract (docs/spec.md); what they share (generators, oracles, fixtures, hostile
//! inputs) is the `intent-test-support` crate (`testing/`).

use intent_test_support::{fixtures, generators, hostile, support};

mod allocations;
mod canonical_properties;
mod canonical_vectors;
mod cctp;
mod changed_paths;
mod cost_bounds;
mod cost_parse;
mod eip712_vectors;
mod execution;
mod heap;
mod json_error_positions;
mod lifecycle;
mod parse_errors;
mod proof_mutations;
mod proof_properties;
mod published_schema;
mod readme;
mod receipts;
mod record_state;
#[cfg(feature = "secp256k1")]
mod recovery_backends;
mod retry;
mod revisions;
mod rfc8785;
mod route;
mod rules_addresses;
mod rules_catalogue;
mod rules_deposit;
mod rules_execute;
mod rules_intent;
mod rules_quote_request;
#[cfg(feature = "serde")]
mod serde;
mod server_kit;
mod typed_data;
mod value_kinds;
mod wallet;
