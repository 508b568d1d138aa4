//! The guest batch (docs/spec.md 5.7): the calldata of a meta-transaction that runs one of a
//! configuration's bundles through the guest module, deploying the wallet first. What the
//! wallet and the guest do with it is the contracts'; nothing here talks to a chain.

use alloc::vec;
use alloc::vec::Vec;

use alloy_primitives::{Address, Bytes, B256};

use super::config::IntentConfiguration;
use super::context::WalletContext;
use super::payload::{packed_payload, payload_hash};
use crate::{Call, CallBundle, UnknownMembers};

/// The factory's `deploy(address mainModule, bytes32 salt)`.
const DEPLOY_SELECTOR: [u8; 4] = [0x32, 0xc0, 0x2a, 0x14];
/// The wallet's `execute(bytes payload, bytes signature)`.
const EXECUTE_SELECTOR: [u8; 4] = [0x1f, 0x6a, 0x1e, 0xb9];

/// v3's IGNORE: a failed call is recorded and the next one runs.
const IGNORE: u8 = 0;
/// v3's REVERT: a failed call reverts the whole transaction.
const REVERT: u8 = 1;

impl IntentConfiguration {
    /// The guest batch that runs `bundle`, this configuration's bundle `index`, at the
    /// wallet of `context`: v3's packed form ([`super::packed_payload`]) of the two calls,
    /// their calldata ABI-encoded (a selector, then 32-byte words)
    ///
    /// 1. `factory.deploy(mainModule, imageHash)` with `behaviorOnError` IGNORE (0), so
    ///    that a wallet already deployed (the factory reverts) does not stop the batch;
    /// 2. `wallet.execute(packed payload of bundle, bundle_signature(index))` with
    ///    `behaviorOnError` REVERT (1), so that an execute the wallet refuses (a used nonce, a
    ///    payload not in the configuration) reverts the whole transaction;
    ///
    /// each with value 0, no gas limit, neither `delegateCall` nor `onlyFallback`, in a
    /// payload of space 0 and nonce 0 (the guest has no nonce). `None` when `index` is not a
    /// bundle of this configuration, or `bundle`'s payload hash is not that bundle's.
    pub fn guest_batch(&self, context: &WalletContext, index: usize, bundle: &CallBundle) -> Option<Bytes> {
        let digest = self.payload_hashes().get(index)?;
        if payload_hash(bundle).ok()? != *digest {
            return None;
        }
        let signature = self.bundle_signature(index)?;
        self.guest_batch_signed(context, bundle, &signature)
    }

    /// The guest batch that runs `payload` at the wallet of `context` with `signature`, as
    /// [`IntentConfiguration::guest_batch`] builds it (the factory's deploy, IGNORE, then the
    /// wallet's `execute`, REVERT): with the owner's signature
    /// ([`IntentConfiguration::owner_signature`]) over `payload`'s hash for the wallet
    /// ([`super::payload_hash_for`]), the transaction that recovers what the wallet holds,
    /// deployed or not. `None` when `payload` is not a payload v3 can run.
    pub fn guest_batch_signed(
        &self,
        context: &WalletContext,
        payload: &CallBundle,
        signature: &Bytes,
    ) -> Option<Bytes> {
        let packed = packed_payload(payload).ok()?;
        let image_hash: B256 = self.image_hash();
        let mut deploy = Vec::from(DEPLOY_SELECTOR);
        deploy.extend_from_slice(context.main_module.into_word().as_slice());
        deploy.extend_from_slice(image_hash.as_slice());
        let mut execute = Vec::from(EXECUTE_SELECTOR);
        // Two dynamic arguments: their offsets from the arguments' start, then each as its
        // length and its bytes padded to whole words.
        let payload_padded = padded_len(packed.len());
        execute.extend_from_slice(&word(2 * 32));
        execute.extend_from_slice(&word(3 * 32 + payload_padded));
        for bytes in [&packed[..], &signature[..]] {
            execute.extend_from_slice(&word(bytes.len()));
            execute.extend_from_slice(bytes);
            execute.resize(execute.len() + padded_len(bytes.len()) - bytes.len(), 0);
        }
        let batch = CallBundle {
            calls: vec![
                call(context.factory, deploy.into(), IGNORE),
                call(self.address(context), execute.into(), REVERT),
            ],
            chain_id: payload.chain_id,
            nonce: None,
            space: None,
            unknown: UnknownMembers::new(),
        };
        packed_payload(&batch).ok()
    }
}

/// `len` rounded up to whole 32-byte words.
fn padded_len(len: usize) -> usize {
    len.div_ceil(32) * 32
}

/// `value` as a big-endian 32-byte word.
fn word(value: usize) -> [u8; 32] {
    let mut out = [0u8; 32];
    out[24..].copy_from_slice(&(value as u64).to_be_bytes());
    out
}

fn call(to: Address, data: Bytes, behavior_on_error: u8) -> Call {
    Call {
        behavior_on_error: Some(behavior_on_error),
        data: Some(data),
        delegate_call: None,
        gas_limit: None,
        only_fallback: None,
        to,
        value: None,
        unknown: UnknownMembers::new(),
    }
}

#[cfg(test)]
mod tests {
    use alloy_primitives::keccak256;

    /// The selectors are the first four bytes of the functions' signatures' hashes.
    #[test]
    fn selectors_are_v3s() {
        assert_eq!(keccak256("deploy(address,bytes32)")[..4], super::DEPLOY_SELECTOR);
        assert_eq!(keccak256("execute(bytes,bytes)")[..4], super::EXECUTE_SELECTOR);
    }
}
