//! The validation rules of docs/spec.md §7, each a check that returns the first broken rule with
//! its reason code and the path of the field concerned, in the order the spec lists them.
//!
//! The checks here are pure functions of their inputs and `now`; the lifecycle
//! ([`crate::IntentRecord::apply`]) decides which run at which event. The chain facts an
//! execute is checked against ([`crate::ChainFacts`], [`crate::TokenPermit`],
//! [`crate::DepositEvidence`]) and the facts that answer an executing record's steps
//! ([`crate::BalanceFact`], [`crate::OriginEvidence`], [`crate::AttestationFact`],
//! [`crate::OriginGone`]) are declared here and named from the crate's root; so is the
//! judgement of an origin transaction's receipt (`origin`) and of a cross-chain intent's
//! route and destination receipts (`destination`).

mod addresses;
pub(crate) mod deposit;
pub(crate) mod destination;
mod digests;
mod execute;
pub(crate) mod facts;
mod intent;
pub(crate) mod origin;
mod request;

pub use addresses::{check_intent_addresses, check_meta_transactions};
pub use digests::{
    deposit_intent, deposit_intent_digest, deposit_intent_typed_data, deposit_permit, deposit_permit_digest,
    deposit_permit_typed_data, entrypoint_domain, GaslessMode,
};
pub use execute::{check_execute, ExecuteContext};
pub use intent::check_intent;
pub use origin::{NO_BURN_REASON, ORIGIN_REVERTED_REASON};
pub use request::check_quote_request;
