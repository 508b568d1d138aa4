//! The documents the front ends of `intent_core` read (docs/spec.md §10, §13) and the
//! lifecycle scenario runner, over the library alone: `intentctl` and the JavaScript
//! package's WebAssembly crate both depend on this crate, and so does the fuzz package.
//!
//! What lives here: the input documents of `digest intent`, `digest permit`, `typed-data`
//! `recover` and `signature relayable` ([`digest`]), of `check execute` and the chain facts a document states
//! ([`execute`]), of `check intent-addresses`, `check meta-transactions` and `wallet address`
//! with the wallet context a document states ([`wallet`]), and of `run` with its runner
//! ([`scenario`]), all declared with
//! [`intent_core::wire_object!`] so that they are parsed with the library's exact values,
//! limits, reason codes and JSON paths; and the error line both front ends answer an
//! invalid document with ([`error_line`]). What does not: hashing, digests, rules and the
//! lifecycle, which are the library's; files, arguments and exit codes, which are
//! `intentctl`'s. Like the library, this crate needs only `alloc`.

#![no_std]
#![warn(missing_docs)]

extern crate alloc;

pub mod digest;
pub mod execute;
pub mod scenario;
pub mod wallet;

use alloc::format;
use alloc::string::String;

pub use digest::{
    IntentDigestInput, PermitDigestInput, PermitDomainInput, PermitMessage, RecoverInput, RelayableInput,
};
pub use execute::{CheckExecuteInput, TokenPermitInput};
pub use scenario::{outcome_lines, EventOutcome, Scenario, ScenarioEvent, ScenarioLimits, ScenarioOp, ScenarioPolicy};
pub use wallet::{CheckAddressesInput, CheckMetaTransactionsInput, WalletAddressInput, WalletContextInput};

/// The error line of an invalid input: the body of docs/spec.md §8 with `reason` and `path`, and
/// for a JSON syntax error a last member `offset`, the byte offset of the offending byte
/// (docs/spec.md §10, revision 2).
pub fn error_line(error: &intent_core::Error) -> String {
    let line = error.body().to_json_with(error);
    match (error.offset(), line.strip_suffix('}')) {
        (Some(offset), Some(members)) => format!("{members},\"offset\":{offset}}}"),
        _ => line,
    }
}
