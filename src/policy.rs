//! [`Policy`]: what a deployment decides about time and signing (docs/spec.md §6.1), fixed
//! when a record is quoted and kept with it. Input limits are not here: they are
//! [`crate::Limits`] (docs/spec.md §9), and neither takes the other's settings.

use crate::eip712::EntrypointNames;

/// The quote lifetime, the execution window, the entrypoint's EIP-712 names, the
/// confirmations a deposit or origin transaction needs and how long execution may take, which
/// a record is quoted under (docs/spec.md §6.1). Change one with
/// `Policy { quote_ttl_seconds: 60, ..Policy::default() }`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Policy {
    /// How far after the quote an intent may expire, in seconds (default 300).
    pub quote_ttl_seconds: u64,
    /// How long after the commit an intent may be executed, in seconds (default 600).
    pub execution_window_seconds: u64,
    /// The entrypoint's EIP-712 names that deposit-intent signatures are checked under
    /// (docs/spec.md §5.1; default `ServiceIntent` under `ServiceIntentEntrypoint` version `1`).
    pub entrypoint: EntrypointNames,
    /// How many blocks must hold a deposit transaction, its own included, before its hash
    /// proves the deposit (default 1: mined; docs/spec.md §7, `DEPOSIT_UNCONFIRMED`).
    pub deposit_confirmations: u64,
    /// How long a record may stay EXECUTING without an origin transaction it follows, in
    /// seconds from the execute (default 3600): past it, [`IntentRecord::next_step`]
    /// asks for [`Step::Fail`] (docs/spec.md §6.7); an origin transaction reported SENT or
    /// MINING with its hash is followed whatever the time. The origin transaction's receipt needs
    /// [`Policy::deposit_confirmations`] too.
    ///
    /// [`IntentRecord::next_step`]: crate::IntentRecord::next_step
    /// [`Step::Fail`]: crate::Step::Fail
    pub execution_timeout_seconds: u64,
}

impl Policy {
    /// 300 s to quote, 600 s to execute, the default entrypoint names, one confirmation,
    /// 3600 s for the origin transaction to be mined.
    pub const DEFAULT: Policy = Policy {
        quote_ttl_seconds: 300,
        execution_window_seconds: 600,
        entrypoint: EntrypointNames::DEFAULT,
        deposit_confirmations: 1,
        execution_timeout_seconds: 3600,
    };
}

impl Default for Policy {
    fn default() -> Self {
        Policy::DEFAULT
    }
}
