//! The validation rules of docs/spec.md §7, each a check that returns the first broken rule with
//! its reason code and the path of the field concerned, in the order the spec lists them.
//!
//! The checks here are pure functions of their inputs and `now`; the lifecycle
//! ([`crate::lifecycle`]) decides which run at which event.

mod digests;
mod execute;
mod facts;
mod intent;
mod request;

pub use digests::{
    deposit_intent, deposit_intent_digest, deposit_intent_typed_data, deposit_permit, deposit_permit_digest,
    deposit_permit_typed_data, entrypoint_domain, GaslessMode,
};
pub use execute::{check_execute, ExecuteContext};
pub use facts::{ChainFacts, TokenPermit};
pub use intent::check_intent;
pub use request::check_quote_request;
