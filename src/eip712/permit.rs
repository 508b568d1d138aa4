//! Token permits (docs/spec.md §5.2): the ERC-2612 `Permit` and the DAI-style one under a token
//! domain the caller gives.
//!
//! The `sol!` structs here are for hashing only; they are not wire types.

use alloy_primitives::{b256, Address, B256, U256};
use alloy_sol_types::SolStruct;

use super::Domain;

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

    /// The `sol!` struct alloy hashes.
    fn message(&self) -> erc2612::Permit {
        erc2612::Permit {
            owner: self.owner,
            spender: self.spender,
            value: self.value,
            nonce: self.nonce,
            deadline: self.deadline,
        }
    }

    /// `hashStruct(permit)`.
    pub fn struct_hash(&self) -> B256 {
        self.message().eip712_hash_struct()
    }

    /// The digest the owner signs under the token's `domain`: alloy's
    /// `eip712_signing_hash`.
    pub fn digest(&self, domain: &Domain) -> B256 {
        self.message().eip712_signing_hash(domain)
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

    /// The `sol!` struct alloy hashes.
    fn message(&self) -> dai::Permit {
        dai::Permit {
            holder: self.holder,
            spender: self.spender,
            nonce: self.nonce,
            expiry: self.expiry,
            allowed: self.allowed,
        }
    }

    /// `hashStruct(permit)`.
    pub fn struct_hash(&self) -> B256 {
        self.message().eip712_hash_struct()
    }

    /// The digest the holder signs under the token's `domain`: alloy's
    /// `eip712_signing_hash`.
    pub fn digest(&self, domain: &Domain) -> B256 {
        self.message().eip712_signing_hash(domain)
    }
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
