//! The deposit-intent digest of entrypoint mode (docs/spec.md §5.1): the struct's type name and
//! the domain's name and version are configuration of the deploying entrypoint, so the
//! type hash is built from the type string at run time.

use alloc::borrow::Cow;
use alloc::string::String;

use alloy_primitives::{Address, Keccak256, B256, U256};

use super::{address_word, hash_words, signing_hash, uint_word, Domain};

/// The member list of the deposit-intent struct, after its type name.
const FIELDS: &str = "(address user,address token,uint256 amount,address intentAddress,uint256 deadline,\
uint256 chainId,uint256 nonce,uint256 feeAmount,address feeCollector)";

/// The EIP-712 names a deployed entrypoint contract uses (docs/spec.md §5.1).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EntrypointNames {
    /// The struct's type name, `ServiceIntent` by default.
    pub type_name: Cow<'static, str>,
    /// The domain's `name`, `ServiceIntentEntrypoint` by default.
    pub domain_name: Cow<'static, str>,
    /// The domain's `version`, `1` by default.
    pub domain_version: Cow<'static, str>,
}

impl EntrypointNames {
    /// `ServiceIntent` under `ServiceIntentEntrypoint` version `1`.
    pub const DEFAULT: EntrypointNames = EntrypointNames {
        type_name: Cow::Borrowed("ServiceIntent"),
        domain_name: Cow::Borrowed("ServiceIntentEntrypoint"),
        domain_version: Cow::Borrowed("1"),
    };

    /// The struct's type string: `<TypeName>(address user,address token,uint256 amount,
    /// address intentAddress,uint256 deadline,uint256 chainId,uint256 nonce,uint256
    /// feeAmount,address feeCollector)` (without the line breaks).
    pub fn type_string(&self) -> String {
        let mut out = String::with_capacity(self.type_name.len() + FIELDS.len());
        out.push_str(&self.type_name);
        out.push_str(FIELDS);
        out
    }

    /// The entrypoint's domain `EIP712Domain(string name,string version,uint256 chainId,address
    /// verifyingContract)` at `verifying_contract` on `chain_id`.
    pub fn domain(&self, chain_id: u64, verifying_contract: Address) -> Domain {
        Domain {
            name: Some(self.domain_name.clone()),
            version: Some(self.domain_version.clone()),
            chain_id: Some(U256::from(chain_id)),
            verifying_contract: Some(verifying_contract),
            salt: None,
        }
    }

    /// `keccak256` of [`EntrypointNames::type_string`].
    pub fn type_hash(&self) -> B256 {
        let mut hasher = Keccak256::new();
        hasher.update(self.type_name.as_bytes());
        hasher.update(FIELDS);
        hasher.finalize()
    }
}

impl Default for EntrypointNames {
    fn default() -> Self {
        EntrypointNames::DEFAULT
    }
}

/// The message of the deposit intent, one field per member of the struct, in its order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DepositIntent {
    /// `address user`: `intent.ownerAddress`.
    pub user: Address,
    /// `address token`: `intent.depositTransaction.tokenAddress`.
    pub token: Address,
    /// `uint256 amount`: `intent.depositTransaction.amount`.
    pub amount: U256,
    /// `address intentAddress`: `intent.originIntentAddress`.
    pub intent_address: Address,
    /// `uint256 deadline`: `depositSignature.deadline`.
    pub deadline: U256,
    /// `uint256 chainId`: `intent.originChainId`.
    pub chain_id: U256,
    /// `uint256 nonce`: `depositSignature.userNonce`.
    pub nonce: U256,
    /// `uint256 feeAmount`: `depositSignature.selectedGasFeeOption.amount`.
    pub fee_amount: U256,
    /// `address feeCollector`: `depositSignature.selectedGasFeeOption.feeCollectorAddress`.
    pub fee_collector: Address,
}

/// One entrypoint on one chain: its domain separator and the deposit-intent type hash,
/// computed once and reused for every digest.
///
/// ```
/// use intent_core::eip712::{EntrypointDomain, EntrypointNames};
/// use intent_core::Address;
///
/// let names = EntrypointNames { type_name: "ServiceIntentV2".into(), ..EntrypointNames::DEFAULT };
/// let domain = EntrypointDomain::new(&names, 42161, Address::repeat_byte(0x37));
/// assert_ne!(domain.type_hash(), EntrypointNames::DEFAULT.type_hash());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EntrypointDomain {
    separator: B256,
    type_hash: B256,
    chain_id: u64,
    verifying_contract: Address,
}

impl EntrypointDomain {
    /// The domain `EIP712Domain(string name,string version,uint256 chainId,address
    /// verifyingContract)` of the entrypoint at `verifying_contract` on `chain_id`.
    pub fn new(names: &EntrypointNames, chain_id: u64, verifying_contract: Address) -> Self {
        let separator = names.domain(chain_id, verifying_contract).separator();
        EntrypointDomain { separator, type_hash: names.type_hash(), chain_id, verifying_contract }
    }

    /// The domain separator.
    pub fn separator(&self) -> B256 {
        self.separator
    }

    /// The deposit-intent type hash.
    pub fn type_hash(&self) -> B256 {
        self.type_hash
    }

    /// The domain's `chainId`.
    pub fn chain_id(&self) -> u64 {
        self.chain_id
    }

    /// The domain's `verifyingContract`: the entrypoint.
    pub fn verifying_contract(&self) -> Address {
        self.verifying_contract
    }

    /// `hashStruct(message)`.
    pub fn struct_hash(&self, message: &DepositIntent) -> B256 {
        hash_words(
            &self.type_hash,
            &[
                address_word(&message.user),
                address_word(&message.token),
                uint_word(&message.amount),
                address_word(&message.intent_address),
                uint_word(&message.deadline),
                uint_word(&message.chain_id),
                uint_word(&message.nonce),
                uint_word(&message.fee_amount),
                address_word(&message.fee_collector),
            ],
        )
    }

    /// The digest the owner signs. The message's chain and the domain's are the caller's
    /// to keep equal; [`crate::rules::deposit_intent_digest`] takes both from an intent.
    pub fn digest(&self, message: &DepositIntent) -> B256 {
        signing_hash(&self.separator, &self.struct_hash(message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloy_primitives::{b256, keccak256};

    #[test]
    fn default_type_string_and_hash_are_pinned() {
        let names = EntrypointNames::default();
        assert_eq!(
            names.type_string(),
            "ServiceIntent(address user,address token,uint256 amount,address intentAddress,uint256 deadline,\
             uint256 chainId,uint256 nonce,uint256 feeAmount,address feeCollector)"
        );
        assert_eq!(names.type_hash(), b256!("ad774acb52d9d14ee98e23e90c46892d3cdd6768eb988f0f2d05f1ac2c65af73"));
        assert_eq!(names.type_hash(), keccak256(names.type_string()));
    }

    #[test]
    fn changing_the_type_name_changes_the_type_hash() {
        let custom = EntrypointNames { type_name: "ServiceIntentV2".into(), ..EntrypointNames::DEFAULT };
        assert_ne!(custom.type_hash(), EntrypointNames::DEFAULT.type_hash());
        assert_eq!(custom.type_hash(), keccak256(custom.type_string()));
    }
}
