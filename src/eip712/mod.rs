//! EIP-712 of docs/spec.md §5, and nothing else: domains, the entrypoint's deposit-intent struct,
//! ERC-2612 and DAI-style permits under any token domain, their digests, the typed-data
//! documents wallets sign ([`TypedData`]), and ECDSA signatures with signer recovery.
//!
//! Everything here is pure hashing over values the caller passes in; on-chain facts (a
//! token's domain, the owner's permit nonce) are parameters. Nothing here knows the wire
//! objects: which field of an intent or a deposit signature goes into which message lives
//! beside the rules ([`crate::rules::deposit_intent`], [`crate::rules::deposit_permit`]),
//! and so do the validation rules.
//!
//! ```
//! use intent_core::eip712::{recover_signer, Domain, Permit};
//! use intent_core::{Address, U256};
//!
//! // The mainnet USDC domain separator, a well-known on-chain constant.
//! let usdc = Domain {
//!     name: Some("USD Coin".into()),
//!     version: Some("2".into()),
//!     chain_id: Some(U256::from(1)),
//!     verifying_contract: Some("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48".parse().unwrap()),
//!     salt: None,
//! };
//! assert_eq!(
//!     usdc.separator().to_string(),
//!     "0x06c37168a7db5138defc7866392bb87a741f9b3d104deb5094588ce041cae335"
//! );
//! let permit = Permit {
//!     owner: Address::ZERO,
//!     spender: Address::ZERO,
//!     value: U256::from(1_000_000),
//!     nonce: U256::ZERO,
//!     deadline: U256::MAX,
//! };
//! let digest = permit.digest(&usdc);
//! // 64 zero bytes and v = 27: not a signature.
//! let mut bad = [0u8; 65];
//! bad[64] = 27;
//! assert_eq!(recover_signer(&digest, &bad).unwrap_err().reason(), intent_core::Reason::InvalidSignature);
//! ```

mod intent;
mod permit;
mod recovery;
mod signature;
mod typed_data;

use alloy_primitives::{Address, Keccak256, B256, U256};

pub use intent::{DepositIntent, EntrypointDomain, EntrypointNames};
pub use permit::{DaiPermit, Permit};
pub use signature::{recover_signer, verify_signer, Signature};
pub use typed_data::TypedData;

/// An EIP-712 domain holding exactly the fields that are `Some`, in the order `name`,
/// `version`, `chainId`, `verifyingContract`, `salt` (docs/spec.md §5.2): alloy-sol-types'
/// `Eip712Domain` itself, so that a domain passes to alloy's `SolStruct` methods as it is,
/// with no copy. `name: Some("")` is a domain with an empty name, which differs from a
/// domain without one. Its type string is `encode_type()`, its separator `separator()`.
pub use alloy_sol_types::Eip712Domain as Domain;

/// The EIP-712 digest `keccak256(0x19 ‖ 0x01 ‖ domainSeparator ‖ structHash)`: what is
/// signed.
pub fn signing_hash(domain_separator: &B256, struct_hash: &B256) -> B256 {
    let mut hasher = Keccak256::new();
    hasher.update([0x19, 0x01]);
    hasher.update(domain_separator);
    hasher.update(struct_hash);
    hasher.finalize()
}

/// Hashes one struct of static fields: `keccak256(typeHash ‖ word_1 ‖ … ‖ word_n)`.
fn hash_words(type_hash: &B256, words: &[[u8; 32]]) -> B256 {
    let mut hasher = Keccak256::new();
    hasher.update(type_hash);
    for word in words {
        hasher.update(word);
    }
    hasher.finalize()
}

/// The 32-byte ABI word of an `address`: left-padded with zeros.
fn address_word(address: &Address) -> [u8; 32] {
    address.into_word().0
}

/// The 32-byte ABI word of a `uint256`: big-endian.
fn uint_word(value: &U256) -> [u8; 32] {
    value.to_be_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloy_primitives::keccak256;

    #[test]
    fn empty_name_differs_from_no_name() {
        let named = Domain { name: Some("".into()), ..Domain::default() };
        assert_eq!(named.encode_type(), "EIP712Domain(string name)");
        assert_eq!(Domain::default().encode_type(), "EIP712Domain()");
        assert_ne!(named.separator(), Domain::default().separator());
    }

    #[test]
    fn empty_domain_separator_is_hash_of_its_type_hash() {
        let type_hash = keccak256("EIP712Domain()");
        assert_eq!(Domain::default().separator(), keccak256(type_hash));
    }
}
