//! The input documents of `intentctl digest intent`, `digest permit`, `typed-data intent`,
//! `typed-data permit` and `recover` (docs/spec.md §10), declared as wire objects so that they
//! are parsed with exact values, limits and JSON error paths like the objects of docs/spec.md
//! §2; each knows how to compute its answer. `digest permit` and `typed-data permit` take
//! either permit of docs/spec.md §5.2: ERC-2612 or DAI-style.

use alloc::borrow::Cow;
use alloc::string::String;

use intent_core::eip712::{recover_signer, DaiPermit, Domain, EntrypointNames, Permit, Signature, TypedData};
use intent_core::rules::{deposit_intent_digest, deposit_intent_typed_data};
use intent_core::{
    wire_object, Address, Bytes, DepositSignature, EntrypointNamesState, Error, Intent, Problem, B256, U256,
};

wire_object! {
    /// The input of `intentctl digest intent`: the deposit-intent digest of docs/spec.md §5.1.
    pub struct IntentDigestInput {
        /// `depositSignature`: The deposit signature (its deadline, user nonce and fee option).
        deposit_signature: DepositSignature = "depositSignature",
        /// `domain`: The entrypoint's EIP-712 names; absent means the defaults.
        domain: Option<EntrypointNamesState> = "domain",
        /// `intent`: The intent.
        intent: Intent = "intent",
    }
}

wire_object! {
    /// The input of `intentctl digest permit` (docs/spec.md §5.2): a token domain, `spender`,
    /// `nonce`, and either the ERC-2612 members `owner`, `value`, `deadline` or the
    /// DAI-style `holder`, `expiry`, `allowed` ([`PermitDigestInput::message`] says which).
    pub struct PermitDigestInput {
        /// `allowed`: DAI-style: grant (`true`) or revoke (`false`).
        allowed: Option<bool> = "allowed",
        /// `deadline`: ERC-2612: until when the permit is valid, in Unix seconds.
        deadline: Option<U256> = "deadline",
        /// `domain`: The token's EIP-712 domain.
        domain: PermitDomainInput = "domain",
        /// `expiry`: DAI-style: until when, in Unix seconds (0: no expiry).
        expiry: Option<U256> = "expiry",
        /// `holder`: DAI-style: whose tokens.
        holder: Option<Address> = "holder",
        /// `nonce`: The owner's (holder's) permit nonce at the token.
        nonce: U256 = "nonce",
        /// `owner`: ERC-2612: whose tokens.
        owner: Option<Address> = "owner",
        /// `spender`: Who may move them.
        spender: Address = "spender",
        /// `value`: ERC-2612: how much.
        value: Option<U256> = "value",
    }
}

/// The permit message of a [`PermitDigestInput`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PermitMessage {
    /// `Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)`.
    Erc2612(Permit),
    /// `Permit(address holder,address spender,uint256 nonce,uint256 expiry,bool allowed)`.
    Dai(DaiPermit),
}

impl PermitMessage {
    /// The digest the owner (holder) signs under the token's `domain`.
    pub fn digest(&self, domain: &Domain) -> B256 {
        match self {
            PermitMessage::Erc2612(permit) => permit.digest(domain),
            PermitMessage::Dai(permit) => permit.digest(domain),
        }
    }

    /// The typed-data document (docs/spec.md §5.4) the owner's (holder's) wallet signs.
    pub fn typed_data(&self, domain: &Domain) -> TypedData {
        match self {
            PermitMessage::Erc2612(permit) => TypedData::permit(domain, permit),
            PermitMessage::Dai(permit) => TypedData::dai_permit(domain, permit),
        }
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

impl IntentDigestInput {
    /// The entrypoint's names: `domain`, or [`EntrypointNames::DEFAULT`] without it.
    pub fn names(&self) -> EntrypointNames {
        self.domain.clone().map_or(EntrypointNames::DEFAULT, EntrypointNames::from)
    }

    /// The deposit-intent digest ([`deposit_intent_digest`]).
    ///
    /// # Errors
    ///
    /// `NONCE_REQUIRED` at `depositSignature.userNonce` without a user nonce.
    pub fn digest(&self) -> Result<B256, Error> {
        deposit_intent_digest(&self.intent, &self.deposit_signature, &self.names())
    }

    /// The deposit intent's typed-data document ([`deposit_intent_typed_data`]).
    ///
    /// # Errors
    ///
    /// As [`IntentDigestInput::digest`].
    pub fn typed_data(&self) -> Result<TypedData, Error> {
        deposit_intent_typed_data(&self.intent, &self.deposit_signature, &self.names())
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

/// A required member of the permit shape chosen, absent.
fn missing(key: &str) -> Error {
    Error::new(Problem::MissingField).in_member(key)
}

impl PermitDigestInput {
    /// The members only an ERC-2612 permit has, in the order they are reported.
    const ERC2612_ONLY: [&'static str; 3] = ["owner", "value", "deadline"];
    /// The members only a DAI-style permit has, in the order they are reported.
    const DAI_ONLY: [&'static str; 3] = ["holder", "expiry", "allowed"];

    /// The permit message. It is DAI-style when more of `holder`, `expiry`, `allowed` are
    /// given than of `owner`, `value`, `deadline`, else ERC-2612 (the first revision's
    /// only shape).
    ///
    /// # Errors
    ///
    /// `INVALID_JSON` at the first member of the other shape when members of both are
    /// given (`deadline` beside `holder`, `expiry` and `allowed` is the stray one);
    /// `MISSING_FIELD` at the first member the chosen shape lacks.
    pub fn message(&self) -> Result<PermitMessage, Error> {
        let erc2612 = [self.owner.is_some(), self.value.is_some(), self.deadline.is_some()];
        let dai = [self.holder.is_some(), self.expiry.is_some(), self.allowed.is_some()];
        let count = |given: &[bool; 3]| given.iter().filter(|&&g| g).count();
        let is_dai = count(&dai) > count(&erc2612);
        let (stray, stray_keys, problem) = if is_dai {
            (erc2612, Self::ERC2612_ONLY, "an erc-2612 permit member in a dai-style permit")
        } else {
            (dai, Self::DAI_ONLY, "a dai-style permit member in an erc-2612 permit")
        };
        if let Some(key) = stray.iter().zip(stray_keys).find_map(|(&given, key)| given.then_some(key)) {
            return Err(Error::new(Problem::InvalidJson(problem)).in_member(key));
        }
        let (spender, nonce) = (self.spender, self.nonce);
        Ok(if is_dai {
            PermitMessage::Dai(DaiPermit {
                holder: self.holder.ok_or_else(|| missing("holder"))?,
                spender,
                nonce,
                expiry: self.expiry.ok_or_else(|| missing("expiry"))?,
                allowed: self.allowed.ok_or_else(|| missing("allowed"))?,
            })
        } else {
            PermitMessage::Erc2612(Permit {
                owner: self.owner.ok_or_else(|| missing("owner"))?,
                spender,
                value: self.value.ok_or_else(|| missing("value"))?,
                nonce,
                deadline: self.deadline.ok_or_else(|| missing("deadline"))?,
            })
        })
    }

    /// The permit digest under the token's domain.
    ///
    /// # Errors
    ///
    /// As [`PermitDigestInput::message`].
    pub fn digest(&self) -> Result<B256, Error> {
        Ok(self.message()?.digest(&self.domain.to_domain()))
    }

    /// The permit's typed-data document under the token's domain.
    ///
    /// # Errors
    ///
    /// As [`PermitDigestInput::message`].
    pub fn typed_data(&self) -> Result<TypedData, Error> {
        Ok(self.message()?.typed_data(&self.domain.to_domain()))
    }
}

wire_object! {
    /// The input of `intentctl signature relayable`: a signature to send on chain.
    pub struct RelayableInput {
        /// `signature`: The signature, `r ‖ s ‖ v` with `v` 0, 1, 27 or 28.
        signature: Bytes = "signature",
    }
}

impl RelayableInput {
    /// The 65 bytes `r ‖ s ‖ v` with `v` 27 or 28, which on-chain recovery
    /// (`ecrecover`, OpenZeppelin's `ECDSA.recover`) requires ([`Signature::to_bytes`]).
    ///
    /// # Errors
    ///
    /// `INVALID_SIGNATURE` at `signature` for what `recover` refuses before it has a digest:
    /// another length, another `v`, `r` or `s` zero, `r` not below the curve order, `s`
    /// above n/2. Whether a key recovers depends on the digest, which this input has not.
    pub fn relayable(&self) -> Result<Bytes, Error> {
        let signature = Signature::from_bytes(&self.signature).map_err(|e| e.in_member("signature"))?;
        Ok(Bytes::copy_from_slice(&signature.to_bytes()))
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
