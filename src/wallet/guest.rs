//! The guest batch (docs/spec.md 5.7): the calldata of a meta-transaction that runs one of a
//! configuration's bundles through the guest module, deploying the wallet first. What the
//! wallet and the guest do with it is the contracts'; nothing here talks to a chain.

use alloc::vec;

use alloy_primitives::{Address, Bytes, B256};
use alloy_sol_types::SolCall;

use super::config::IntentConfiguration;
use super::context::WalletContext;
use super::payload::{packed_payload, payload_hash};
use crate::{Call, CallBundle, UnknownMembers};

alloy_sol_types::sol! {
    /// The factory's `deploy(address mainModule, bytes32 salt)` (selector `0x32c02a14`).
    function deploy(address mainModule, bytes32 salt);
    /// The wallet's `execute(bytes payload, bytes signature)` (selector `0x1f6a1eb9`).
    function execute(bytes payload, bytes signature);
}

/// v3's IGNORE: a failed call is recorded and the next one runs.
const IGNORE: u8 = 0;
/// v3's REVERT: a failed call reverts the whole transaction.
const REVERT: u8 = 1;

impl IntentConfiguration {
    /// The guest batch that runs `bundle`, this configuration's bundle `index`, at the
    /// wallet of `context`: v3's packed form ([`super::packed_payload`]) of the two calls
    ///
    /// 1. `factory.deploy(mainModule, imageHash)` with `behaviorOnError` IGNORE (0), so
    ///    that a wallet already deployed (the factory reverts) does not
    ///    stop the batch;
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
        let payload = packed_payload(bundle).ok()?;
        let image_hash: B256 = self.image_hash();
        let deploy = deployCall { mainModule: context.main_module, salt: image_hash }.abi_encode();
        let execute = executeCall { payload, signature }.abi_encode();
        let batch = CallBundle {
            calls: vec![
                call(context.factory, deploy.into(), IGNORE),
                call(self.address(context), execute.into(), REVERT),
            ],
            chain_id: bundle.chain_id,
            nonce: None,
            space: None,
            unknown: UnknownMembers::new(),
        };
        packed_payload(&batch).ok()
    }
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
    use alloy_sol_types::SolCall;

    /// The selectors are the ones docs/spec.md 5.7 names.
    #[test]
    fn selectors_are_v3s() {
        assert_eq!(super::deployCall::SELECTOR, [0x32, 0xc0, 0x2a, 0x14]);
        assert_eq!(super::executeCall::SELECTOR, [0x1f, 0x6a, 0x1e, 0xb9]);
    }
}
