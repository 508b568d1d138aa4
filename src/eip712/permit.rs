//! Token permits (SPEC §5.2): the ERC-2612 `Permit` and the DAI-style one under a token
//! domain the caller gives, and the permit of a deposit in either gasless mode.
//!
//! The `sol!` structs here are for hashing only; they are not wire types.

use alloy_primitives::{b256, Address, B256, U256};
use alloy_sol_types::SolStruct;

use super::intent::entrypoint_address;
use super::{signing_hash, Domain};
use crate::error::{Error, Problem};
use crate::{DepositSignature, Intent};

mod erc2612 {
    alloy_sol_types::sol! {
        struct Permit {
            address owner;
            address spender;
            uint256 value;
            uint256 nonce;
            uint256 deadline;
        }
    }
}

mod dai {
    alloy_sol_types::sol! {
        struct Permit {
            address holder;
            address spender;
            uint256 nonce;
            uint256 expiry;
            bool allowed;
        }
    }
}

/// An ERC-2612 permit: `owner` lets `spender` move `value` of the token until `deadline`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Permit {
    /// `address owner`: whose tokens.
    pub owner: Address,
    /// `address spender`: who may move them.
    pub spender: Address,
    /// `uint256 value`: how much.
    pub value: U256,
    /// `uint256 nonce`: the owner's permit nonce at the token (an on-chain fact).
    pub nonce: U256,
    /// `uint256 deadline`: until when, in Unix seconds.
    pub deadline: U256,
}

impl Permit {
    /// The struct's type string.
    pub const TYPE_STRING: &'static str =
        "Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)";

    /// `keccak256(TYPE_STRING)`, the `PERMIT_TYPEHASH` of ERC-2612 tokens.
    pub const TYPE_HASH: B256 = b256!("6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c9");

    /// `hashStruct(permit)`.
    pub fn struct_hash(&self) -> B256 {
        erc2612::Permit {
            owner: self.owner,
            spender: self.spender,
            value: self.value,
            nonce: self.nonce,
            deadline: self.deadline,
        }
        .eip712_hash_struct()
    }

    /// The digest the owner signs under the token's `domain`.
    pub fn digest(&self, domain: &Domain) -> B256 {
        signing_hash(&domain.separator(), &self.struct_hash())
    }
}

/// A DAI-style permit: `holder` allows (or revokes) `spender` without limit until `expiry`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DaiPermit {
    /// `address holder`: whose tokens.
    pub holder: Address,
    /// `address spender`: who may move them.
    pub spender: Address,
    /// `uint256 nonce`: the holder's permit nonce at the token.
    pub nonce: U256,
    /// `uint256 expiry`: until when, in Unix seconds (0: no expiry, as DAI reads it).
    pub expiry: U256,
    /// `bool allowed`: grant (`true`) or revoke (`false`).
    pub allowed: bool,
}

impl DaiPermit {
    /// The struct's type string.
    pub const TYPE_STRING: &'static str =
        "Permit(address holder,address spender,uint256 nonce,uint256 expiry,bool allowed)";

    /// `keccak256(TYPE_STRING)`, DAI's `PERMIT_TYPEHASH`.
    pub const TYPE_HASH: B256 = b256!("ea2aa0a1be11a07ed86d755c93467f4f82362b452371d1ba94d1715123511acb");

    /// `hashStruct(permit)`.
    pub fn struct_hash(&self) -> B256 {
        dai::Permit {
            holder: self.holder,
            spender: self.spender,
            nonce: self.nonce,
            expiry: self.expiry,
            allowed: self.allowed,
        }
        .eip712_hash_struct()
    }

    /// The digest the holder signs under the token's `domain`.
    pub fn digest(&self, domain: &Domain) -> B256 {
        signing_hash(&domain.separator(), &self.struct_hash())
    }
}

/// How a gasless deposit reaches the chain (SPEC §5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GaslessMode {
    /// The entrypoint pulls the deposit: an intent signature, and the permit (if any) is
    /// for the entrypoint until `depositSignature.deadline`.
    Entrypoint,
    /// The permit alone: for the origin intent address until `permitDeadline`.
    PermitOnly,
}

impl GaslessMode {
    /// The mode a deposit signature is in: [`GaslessMode::Entrypoint`] exactly when it
    /// carries an `intentSignature`.
    pub fn of(signature: &DepositSignature) -> Self {
        match signature.intent_signature {
            Some(_) => GaslessMode::Entrypoint,
            None => GaslessMode::PermitOnly,
        }
    }
}

fn incomplete(field: &str) -> Error {
    Error::new(Problem::PermitIncomplete).in_member(field).in_member("depositSignature")
}

/// The ERC-2612 permit of a gasless deposit in `mode`: owner = `intent.ownerAddress`;
/// spender = the entrypoint (entrypoint mode) or `intent.originIntentAddress`
/// (permit-only); deadline = `depositSignature.deadline` (entrypoint) or
/// `permitDeadline` (permit-only); value = `permitAmount` in both modes; `nonce` is the
/// owner's permit nonce at the token, which only the chain knows.
///
/// The mode is a parameter rather than read from the signature so that a client can
/// compute the permit digest before it has signed anything; a verifier passes
/// [`GaslessMode::of`]. The permit is signed under the domain of the deposit token
/// (`intent.depositTransaction.tokenAddress`), which [`deposit_permit_digest`] takes
/// from the caller.
///
/// **Decision**: the value is always `permitAmount` and never guessed from the deposit:
/// the permit must cover the amount plus a fee paid in the same token, which is the
/// caller's statement to make (and PERMIT_AMOUNT_INSUFFICIENT's to check).
///
/// # Errors
///
/// `ENTRYPOINT_MISSING` at `serviceContracts.serviceIntentEntrypointAddress` in
/// entrypoint mode when the intent has no entrypoint (the spender is never the zero
/// address in its place); `PERMIT_INCOMPLETE` at the first missing field the message
/// needs, in the order `depositSignature.permitDeadline` (permit-only mode),
/// `depositSignature.permitAmount`. The permit signature itself is not needed for the
/// message.
pub fn deposit_permit(
    intent: &Intent,
    signature: &DepositSignature,
    mode: GaslessMode,
    nonce: U256,
) -> Result<Permit, Error> {
    let (spender, deadline) = match mode {
        GaslessMode::Entrypoint => (entrypoint_address(intent)?, signature.deadline),
        GaslessMode::PermitOnly => {
            (intent.origin_intent_address, signature.permit_deadline.ok_or_else(|| incomplete("permitDeadline"))?)
        }
    };
    let value = signature.permit_amount.ok_or_else(|| incomplete("permitAmount"))?;
    Ok(Permit { owner: intent.owner_address, spender, value, nonce, deadline: U256::from(deadline) })
}

/// The digest of [`deposit_permit`] under `token_domain`, the deposit token's EIP-712
/// domain exactly as the token defines it (for most tokens `name`, `version`,
/// `chainId` = `intent.originChainId`, `verifyingContract` = the token).
///
/// # Errors
///
/// As [`deposit_permit`].
pub fn deposit_permit_digest(
    intent: &Intent,
    signature: &DepositSignature,
    mode: GaslessMode,
    token_domain: &Domain,
    nonce: U256,
) -> Result<B256, Error> {
    Ok(deposit_permit(intent, signature, mode, nonce)?.digest(token_domain))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloy_primitives::keccak256;

    #[test]
    fn permit_type_hashes_are_the_well_known_constants() {
        assert_eq!(Permit::TYPE_HASH, keccak256(Permit::TYPE_STRING));
        assert_eq!(erc2612::Permit::eip712_encode_type(), Permit::TYPE_STRING);
        assert_eq!(DaiPermit::TYPE_HASH, keccak256(DaiPermit::TYPE_STRING));
        assert_eq!(dai::Permit::eip712_encode_type(), DaiPermit::TYPE_STRING);
    }
}
