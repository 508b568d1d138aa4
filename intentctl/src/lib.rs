//! The documents and the scenario runner of the `intentctl` command-line tool (docs/spec.md §10),
//! over the `intent_core` library.
//!
//! What lives here: the input documents of `digest intent`, `digest permit`, `typed-data`, `recover`,
//! `check execute` and `run`, declared with [`intent_core::wire_object!`] so that they are
//! parsed with the library's exact values, limits, reason codes and JSON paths, and the
//! runner that plays a scenario's events on an [`intent_core::IntentRecord`].
//! What does not: hashing, digests, rules and the lifecycle itself, which are the
//! library's; reading files and arguments, which is the binary's (`src/main.rs`). The
//! JavaScript package (`js/`) takes the same documents and throws the same error line.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod documents;
pub mod scenario;

pub use documents::{IntentDigestInput, PermitDigestInput, PermitDomainInput, PermitMessage, RecoverInput};
pub use scenario::{outcome_lines, CheckExecuteInput, EventOutcome, Scenario};

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
