//! The addresses and identifiers a quote derives from its owner and salt: the CREATE2
//! intent address on each chain, the intent id and the numeric id, each meta-transaction's
//! id and the route provider's request id.
//!
//! No prices here (`pricing`) and no wire objects (`assembly`).

use alloy_primitives::{hex, keccak256, Address, B256};

use crate::config::ChainConfig;

/// The CREATE2 address of `chain`'s wallet factory for `owner`'s intent wallet with `salt`
/// (init code hash: keccak256 of the owner and the chain id, big-endian).
pub fn intent_address(chain: &ChainConfig, owner: Address, salt: B256) -> Address {
    let mut init = owner.to_vec();
    init.extend_from_slice(&chain.chain_id.to_be_bytes());
    chain.wallet_factory_address.create2(salt, keccak256(init))
}

/// An intent's identifiers.
#[derive(Debug, Clone)]
pub struct IntentIds {
    /// `keccak256(owner ‖ salt)` as `0x`-prefixed lowercase hex.
    pub intent_id: String,
    /// The hash's first 8 bytes, big-endian, cut to 53 bits (a safe JavaScript integer).
    pub id: u64,
}

impl IntentIds {
    /// The identifiers of `owner`'s intent with `salt`.
    pub fn new(owner: Address, salt: B256) -> IntentIds {
        let hash = keccak256([owner.as_slice(), salt.as_slice()].concat());
        let mut first = [0u8; 8];
        first.copy_from_slice(&hash[..8]);
        IntentIds { intent_id: hex::encode_prefixed(hash), id: u64::from_be_bytes(first) & ((1 << 53) - 1) }
    }

    /// The id of the meta-transaction on `side` (`"origin"` or `"destination"`):
    /// keccak256 of the intent id's text and the side's name, as hex.
    pub fn meta_txn_id(&self, side: &str) -> String {
        hex::encode_prefixed(keccak256([self.intent_id.as_bytes(), side.as_bytes()].concat()))
    }

    /// The route provider's request id: `rq_` and the intent id's first 16 hex digits.
    pub fn route_request_id(&self) -> String {
        format!("rq_{}", &self.intent_id[2..18])
    }
}
