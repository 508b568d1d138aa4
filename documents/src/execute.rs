//! The chain facts of an execute as documents state them (`tokenPermit`, `entrypointNonce`,
//! `acceptUnverifiedPermit`, docs/spec.md §6.5), and the input of `intentctl check
//! execute`, which checks an execute request without a record. A scenario's execute event
//! states the same facts in the same members ([`crate::scenario`]).
//!
//! Both name the entrypoint's EIP-712 names when the deployment uses others than the
//! defaults (docs/spec.md §5.1): a deposit-intent signature is checked under them.

use intent_core::eip712::EntrypointNames;
use intent_core::rules::{check_execute, ExecuteContext};
use intent_core::{
    wire_object, ChainFacts, EntrypointNamesState, Error, ExecuteRequest, GasFeeOptions, Intent, Policy, Timestamp,
    TokenPermit, U256,
};

use crate::digest::PermitDomainInput;

wire_object! {
    /// A token's permit facts in a document: its EIP-712 domain and the owner's nonce.
    pub struct TokenPermitInput {
        /// `domain`: The token's EIP-712 domain.
        domain: PermitDomainInput = "domain",
        /// `nonce`: The owner's permit nonce at the token.
        nonce: U256 = "nonce",
    }
}

impl TokenPermitInput {
    /// The facts as a [`TokenPermit`].
    pub fn to_token_permit(&self) -> TokenPermit {
        TokenPermit { domain: self.domain.to_domain(), nonce: self.nonce }
    }
}

wire_object! {
    /// The input of `intentctl check execute`: an execute request checked against a
    /// committed intent at `now`. `committedAt`, when given, also checks the execution
    /// window; `tokenPermit`, when given, verifies a permit signature's signer (without it a
    /// permit signature is `PERMIT_UNVERIFIED` unless `acceptUnverifiedPermit` is true);
    /// `entrypointNonce`, when given, is compared with the user nonce; `entrypoint`, when
    /// given, names the entrypoint's EIP-712 names.
    pub struct CheckExecuteInput {
        /// `acceptUnverifiedPermit`: Whether a permit signature is accepted unverified
        /// (checked for form only) when `tokenPermit` is absent.
        accept_unverified_permit: Option<bool> = "acceptUnverifiedPermit",
        /// `committedAt`: When the intent was committed.
        committed_at: Option<Timestamp> = "committedAt",
        /// `entrypoint`: The entrypoint's EIP-712 names; absent means the defaults.
        entrypoint: Option<EntrypointNamesState> = "entrypoint",
        /// `entrypointNonce`: The owner's current nonce at the entrypoint.
        entrypoint_nonce: Option<U256> = "entrypointNonce",
        /// `gasFeeOptions`: The gas fee options quoted with the intent.
        gas_fee_options: GasFeeOptions = "gasFeeOptions",
        /// `intent`: The committed intent.
        intent: Intent = "intent",
        /// `now`: The time of the request.
        now: Timestamp = "now",
        /// `request`: The execute request.
        request: ExecuteRequest = "request",
        /// `tokenPermit`: The deposit token's permit domain and the owner's nonce.
        token_permit: Option<TokenPermitInput> = "tokenPermit",
    }
}

impl CheckExecuteInput {
    /// Runs the Execute rules of docs/spec.md §7 with the default execution window, under the
    /// entrypoint names of `entrypoint` (the defaults without it).
    ///
    /// # Errors
    ///
    /// The first broken rule, with its path under `request`.
    pub fn check(&self) -> Result<(), Error> {
        let token_permit = self.token_permit.as_ref().map(TokenPermitInput::to_token_permit);
        let facts = chain_facts(token_permit.as_ref(), self.entrypoint_nonce, self.accept_unverified_permit);
        let entrypoint = entrypoint_names(self.entrypoint.as_ref());
        let window = i64::try_from(Policy::DEFAULT.execution_window_seconds).unwrap_or(i64::MAX);
        let context = ExecuteContext {
            intent: &self.intent,
            gas_fee_options: Some(&self.gas_fee_options),
            now: self.now,
            window_closes_at: self.committed_at.map(|at| at.saturating_add_seconds(window)),
            facts: &facts,
            entrypoint: &entrypoint,
        };
        check_execute(&self.request, &context).map_err(|e| e.in_member("request"))
    }
}

/// The chain facts a document states: an absent `acceptUnverifiedPermit` accepts nothing
/// unverified.
pub(crate) fn chain_facts(
    token_permit: Option<&TokenPermit>,
    entrypoint_nonce: Option<U256>,
    accept_unverified_permit: Option<bool>,
) -> ChainFacts<'_> {
    ChainFacts { token_permit, entrypoint_nonce, accept_unverified_permit: accept_unverified_permit.unwrap_or(false) }
}

/// The names `given`, or [`EntrypointNames::DEFAULT`].
pub(crate) fn entrypoint_names(given: Option<&EntrypointNamesState>) -> EntrypointNames {
    given.cloned().map_or(EntrypointNames::DEFAULT, EntrypointNames::from)
}
