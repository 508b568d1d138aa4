//! The chain facts of an execute as documents state them (`tokenPermit`, `entrypointNonce`,
//! `acceptUnverifiedPermit`, `depositEvidence`, `acceptUnverifiedDeposit`, docs/spec.md
//! §6.5), and the input of `intentctl check execute`, which checks an execute request without a record. A scenario's execute event
//! states the same facts in the same members ([`crate::scenario`]).
//!
//! Both name the entrypoint's EIP-712 names when the deployment uses others than the
//! defaults (docs/spec.md §5.1): a deposit-intent signature is checked under them.

use alloc::format;
use alloc::string::String;

use intent_core::eip712::{EntrypointNames, Signature};
use intent_core::rules::{check_execute, ExecuteContext};
use intent_core::{
    wire_object, Bytes, ChainFacts, DepositEvidence, EntrypointNamesState, Error, ExecuteRequest, GasFeeOptions,
    Intent, Policy, Timestamp, TokenPermit, U256,
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
    /// `entrypointNonce`, when given, is compared with the user nonce; `depositEvidence`,
    /// when given, proves a deposit transaction hash (without it the hash is
    /// `DEPOSIT_UNVERIFIED` unless `acceptUnverifiedDeposit` is true) with
    /// `depositConfirmations` confirmations (default 1); `entrypoint`, when given, names the
    /// entrypoint's EIP-712 names.
    pub struct CheckExecuteInput {
        /// `acceptUnverifiedDeposit`: **Unsafe**: whether a deposit transaction hash is
        /// accepted unproven when `depositEvidence` is absent.
        accept_unverified_deposit: Option<bool> = "acceptUnverifiedDeposit",
        /// `acceptUnverifiedPermit`: Whether a permit signature is accepted unverified
        /// (checked for form only) when `tokenPermit` is absent.
        accept_unverified_permit: Option<bool> = "acceptUnverifiedPermit",
        /// `committedAt`: When the intent was committed.
        committed_at: Option<Timestamp> = "committedAt",
        /// `depositConfirmations`: How many blocks must hold the deposit transaction.
        deposit_confirmations: Option<u64> = "depositConfirmations",
        /// `depositEvidence`: The node's evidence of the deposit transaction.
        deposit_evidence: Option<DepositEvidence> = "depositEvidence",
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
        let facts = StatedFacts {
            token_permit: token_permit.as_ref(),
            entrypoint_nonce: self.entrypoint_nonce,
            accept_unverified_permit: self.accept_unverified_permit,
            deposit_evidence: self.deposit_evidence.as_ref(),
            accept_unverified_deposit: self.accept_unverified_deposit,
        }
        .to_chain_facts();
        let entrypoint = entrypoint_names(self.entrypoint.as_ref());
        let window = i64::try_from(Policy::DEFAULT.execution_window_seconds).unwrap_or(i64::MAX);
        let context = ExecuteContext {
            intent: &self.intent,
            gas_fee_options: Some(&self.gas_fee_options),
            now: self.now,
            window_closes_at: self.committed_at.map(|at| at.saturating_add_seconds(window)),
            facts: &facts,
            entrypoint: &entrypoint,
            deposit_confirmations: self.deposit_confirmations.unwrap_or(Policy::DEFAULT.deposit_confirmations),
        };
        check_execute(&self.request, &context).map_err(|e| e.in_member("request"))
    }
}

impl CheckExecuteInput {
    /// The line `intentctl check execute` prints for a request every rule accepts:
    /// `{"ok":true}`; and when a signature of the request has `v` 0 or 1, which the
    /// entrypoint and the token refuse on chain (`ECDSAInvalidSignature()`), also the
    /// forms a relayer sends, every signature of the request with `v` 27 or 28:
    /// `{"ok":true,"relayable":{"intentSignature"?:"0x…","permitSignature"?:"0x…"}}`.
    ///
    /// # Errors
    ///
    /// As [`CheckExecuteInput::check`].
    pub fn check_line(&self) -> Result<String, Error> {
        self.check()?;
        let Some(signature) = &self.request.deposit_signature else { return Ok(String::from(OK_LINE)) };
        let carried =
            [("intentSignature", &signature.intent_signature), ("permitSignature", &signature.permit_signature)];
        let needs_relayable_form =
            carried.iter().any(|(_, bytes)| bytes.as_ref().is_some_and(|b| b.last() < Some(&27)));
        if !needs_relayable_form {
            return Ok(String::from(OK_LINE));
        }
        let mut line = String::from("{\"ok\":true,\"relayable\":{");
        let mut first = true;
        for (key, bytes) in carried {
            let Some(bytes) = bytes else { continue };
            // The rules accepted the signature, so it reads; its relayable form is its bytes
            // with v 27 or 28.
            let relayable = Signature::from_bytes(bytes)
                .map_err(|e| e.in_member(key).in_member("depositSignature").in_member("request"))?
                .to_bytes();
            if !first {
                line.push(',');
            }
            first = false;
            line.push_str(&format!("\"{key}\":\"{}\"", Bytes::copy_from_slice(&relayable)));
        }
        line.push_str("}}");
        Ok(line)
    }
}

/// What `intentctl check execute` prints for an accepted request with no signature to
/// relay in another form.
const OK_LINE: &str = "{\"ok\":true}";

/// The chain facts as a document states them, members absent as `None`.
pub(crate) struct StatedFacts<'d> {
    pub(crate) token_permit: Option<&'d TokenPermit>,
    pub(crate) entrypoint_nonce: Option<U256>,
    pub(crate) accept_unverified_permit: Option<bool>,
    pub(crate) deposit_evidence: Option<&'d DepositEvidence>,
    pub(crate) accept_unverified_deposit: Option<bool>,
}

impl<'d> StatedFacts<'d> {
    /// The facts: an absent `acceptUnverifiedPermit` or `acceptUnverifiedDeposit` accepts
    /// nothing unverified.
    pub(crate) fn to_chain_facts(&self) -> ChainFacts<'d> {
        ChainFacts {
            token_permit: self.token_permit,
            entrypoint_nonce: self.entrypoint_nonce,
            accept_unverified_permit: self.accept_unverified_permit.unwrap_or(false),
            deposit_evidence: self.deposit_evidence,
            accept_unverified_deposit: self.accept_unverified_deposit.unwrap_or(false),
        }
    }
}

/// The names `given`, or [`EntrypointNames::DEFAULT`].
pub(crate) fn entrypoint_names(given: Option<&EntrypointNamesState>) -> EntrypointNames {
    given.cloned().map_or(EntrypointNames::DEFAULT, EntrypointNames::from)
}
