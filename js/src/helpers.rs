//! The input documents of the dApp helpers that have no `intentctl` command: the permit a
//! gasless deposit needs (docs/spec.md §5.2, computed as [`deposit_permit_typed_data`]
//! does) and a signature to put in the relayable form. Declared as wire objects so that
//! they are read with exact values, limits and JSON error paths like every other document.
//!
//! What does not live here: the rules and digests themselves (the library's), and the
//! exported functions (`lib.rs`).

use intent_core::eip712::Signature;
use intent_core::rules::{deposit_permit_typed_data, GaslessMode};
use intent_core::{wire_object, Bytes, DepositSignature, Error, Intent, Problem, U256};
use intent_documents::PermitDomainInput;

wire_object! {
    /// The input of `depositPermitTypedData`: the permit an intent's gasless deposit needs.
    pub struct DepositPermitInput {
        /// `depositSignature`: The deposit signature (its deadlines and permit amount).
        deposit_signature: DepositSignature = "depositSignature",
        /// `intent`: The intent.
        intent: Intent = "intent",
        /// `mode`: `entrypoint` (the entrypoint pulls the deposit) or `permitOnly`.
        mode: String = "mode",
        /// `nonce`: The owner's permit nonce at the deposit token.
        nonce: U256 = "nonce",
        /// `tokenDomain`: The deposit token's EIP-712 domain.
        token_domain: PermitDomainInput = "tokenDomain",
    }
}

wire_object! {
    /// The input of `relayableSignature`: a 65-byte `r ‖ s ‖ v` signature.
    pub struct SignatureInput {
        /// `signature`: The signature, `v` in {27, 28} or {0, 1}.
        signature: Bytes = "signature",
    }
}

impl DepositPermitInput {
    /// The gasless mode named by `mode`.
    ///
    /// # Errors
    ///
    /// `INVALID_ENUM` at `mode` for a name other than `entrypoint` and `permitOnly`.
    pub fn mode(&self) -> Result<GaslessMode, Error> {
        match self.mode.as_str() {
            "entrypoint" => Ok(GaslessMode::Entrypoint),
            "permitOnly" => Ok(GaslessMode::PermitOnly),
            _ => Err(Error::new(Problem::InvalidEnum { expected: "entrypoint or permitOnly" }).in_member("mode")),
        }
    }

    /// The permit's typed-data document (docs/spec.md §5.4), one line of JSON.
    ///
    /// # Errors
    ///
    /// As [`DepositPermitInput::mode`] and [`deposit_permit_typed_data`].
    pub fn typed_data_json(&self) -> Result<String, Error> {
        let domain = self.token_domain.to_domain();
        Ok(deposit_permit_typed_data(&self.intent, &self.deposit_signature, self.mode()?, &domain, self.nonce)?
            .to_json())
    }
}

impl SignatureInput {
    /// The signature as `0x` and 130 lowercase hex digits with `v` 27 or 28: the form a
    /// contract's `ecrecover` and most relayers take.
    ///
    /// # Errors
    ///
    /// `INVALID_SIGNATURE` at `signature` for what [`Signature::from_bytes`] refuses.
    pub fn relayable(&self) -> Result<String, Error> {
        let signature = Signature::from_bytes(&self.signature).map_err(|e| e.in_member("signature"))?;
        Ok(Bytes::from(signature.to_bytes()).to_string())
    }
}
