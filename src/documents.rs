//! The input documents of `intentctl digest intent`, `digest permit` and `recover`
//! (SPEC §10), declared as wire objects so that they are parsed with exact values, limits
//! and JSON error paths like the objects of SPEC §2; each knows how to compute its answer.

use alloc::borrow::Cow;
use alloc::string::String;

use alloy_primitives::{Address, Bytes, B256, U256};

use crate::eip712::{deposit_intent_digest, recover_signer, Domain, EntrypointNames, Permit};
use crate::error::Error;
use crate::wire::object::wire_object;
use crate::{DepositSignature, Intent};

wire_object! {
    /// The input of `intentctl digest intent`: the deposit-intent digest of SPEC §5.1.
    pub struct IntentDigestInput {
        /// `depositSignature`: The deposit signature (its deadline, user nonce and fee option).
        deposit_signature: DepositSignature = "depositSignature",
        /// `domain`: The entrypoint's EIP-712 names; absent means the defaults.
        domain: Option<EntrypointNamesInput> = "domain",
        /// `intent`: The intent.
        intent: Intent = "intent",
    }
}

wire_object! {
    /// The entrypoint's EIP-712 names in an [`IntentDigestInput`]; all three are required
    /// when the object is given.
    pub struct EntrypointNamesInput {
        /// `name`: The domain's name.
        name: String = "name",
        /// `typeName`: The struct's type name.
        type_name: String = "typeName",
        /// `version`: The domain's version.
        version: String = "version",
    }
}

wire_object! {
    /// The input of `intentctl digest permit`: an ERC-2612 permit digest (SPEC §5.2).
    pub struct PermitDigestInput {
        /// `deadline`: Until when the permit is valid, in Unix seconds.
        deadline: U256 = "deadline",
        /// `domain`: The token's EIP-712 domain.
        domain: PermitDomainInput = "domain",
        /// `nonce`: The owner's permit nonce at the token.
        nonce: U256 = "nonce",
        /// `owner`: Whose tokens.
        owner: Address = "owner",
        /// `spender`: Who may move them.
        spender: Address = "spender",
        /// `value`: How much.
        value: U256 = "value",
    }
}

wire_object! {
    /// A token's EIP-712 domain: exactly the members given, in the order name, version,
    /// chainId, verifyingContract, salt.
    pub struct PermitDomainInput {
        /// `chainId`: The chain.
        chain_id: Option<U256> = "chainId",
        /// `name`: The token's name (`""` differs from absent).
        name: Option<String> = "name",
        /// `salt`: The domain's salt.
        salt: Option<B256> = "salt",
        /// `verifyingContract`: The token contract.
        verifying_contract: Option<Address> = "verifyingContract",
        /// `version`: The domain's version.
        version: Option<String> = "version",
    }
}

wire_object! {
    /// The input of `intentctl recover`: a digest and a 65-byte `r ‖ s ‖ v` signature.
    pub struct RecoverInput {
        /// `digest`: The signed digest.
        digest: B256 = "digest",
        /// `signature`: The signature.
        signature: Bytes = "signature",
    }
}

impl EntrypointNamesInput {
    /// The names as [`EntrypointNames`].
    pub fn to_names(&self) -> EntrypointNames {
        EntrypointNames {
            type_name: Cow::Owned(self.type_name.clone()),
            domain_name: Cow::Owned(self.name.clone()),
            domain_version: Cow::Owned(self.version.clone()),
        }
    }
}

impl IntentDigestInput {
    /// The entrypoint's names: `domain`, or [`EntrypointNames::DEFAULT`] without it.
    pub fn names(&self) -> EntrypointNames {
        self.domain.as_ref().map_or(EntrypointNames::DEFAULT, EntrypointNamesInput::to_names)
    }

    /// The deposit-intent digest ([`deposit_intent_digest`]).
    ///
    /// # Errors
    ///
    /// `NONCE_REQUIRED` at `depositSignature.userNonce` without a user nonce.
    pub fn digest(&self) -> Result<B256, Error> {
        deposit_intent_digest(&self.intent, &self.deposit_signature, &self.names())
    }
}

impl PermitDomainInput {
    /// The domain as [`Domain`].
    pub fn to_domain(&self) -> Domain {
        Domain {
            name: self.name.clone().map(Cow::Owned),
            version: self.version.clone().map(Cow::Owned),
            chain_id: self.chain_id,
            verifying_contract: self.verifying_contract,
            salt: self.salt,
        }
    }
}

impl PermitDigestInput {
    /// The permit message.
    pub fn permit(&self) -> Permit {
        Permit {
            owner: self.owner,
            spender: self.spender,
            value: self.value,
            nonce: self.nonce,
            deadline: self.deadline,
        }
    }

    /// The permit digest under the token's domain.
    pub fn digest(&self) -> B256 {
        self.permit().digest(&self.domain.to_domain())
    }
}

impl RecoverInput {
    /// The signer of `digest` ([`recover_signer`]).
    ///
    /// # Errors
    ///
    /// `INVALID_SIGNATURE` at `signature` when it is malformed or unrecoverable.
    pub fn signer(&self) -> Result<Address, Error> {
        recover_signer(&self.digest, &self.signature).map_err(|e| e.in_member("signature"))
    }
}
