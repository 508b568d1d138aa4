//! The entrypoint's two deposit calls made from a core [`DepositIntent`] message, as a
//! relayer makes them (from account 0), and the decoding of a revert into a contract's
//! errors. The message is the core's, so the call carries exactly the values the user signed.

use alloy_primitives::{Address, B256, U256};
use alloy_rpc_types_eth::TransactionReceipt;
use alloy_sol_types::SolInterface;
use intent_contracts::IServiceIntentEntrypoint;
use intent_core::eip712::DepositIntent;

use crate::sign::vrs;
use crate::{Chain, Error, Result};

/// An ERC-2612 permit handed to `depositToIntentWithPermit`: its value and its 65-byte signature.
#[derive(Debug, Clone, Copy)]
pub struct PermitArgs<'a> {
    /// `permitAmount`: the allowance the permit sets for the entrypoint.
    pub amount: U256,
    /// The permit's signature `r ‖ s ‖ v`, sent as it is.
    pub signature: &'a [u8],
}

impl Chain {
    /// The digest `entrypoint` computes for `message` (its `intentDigest` view, with
    /// `chainId` = `block.chainid`): what the user must have signed for it to accept.
    ///
    /// # Errors
    ///
    /// [`Error::Contract`] when the call fails.
    pub async fn intent_digest(&self, entrypoint: Address, message: &DepositIntent) -> Result<B256> {
        let entrypoint = IServiceIntentEntrypoint::new(entrypoint, self.provider());
        let m = message;
        let call = entrypoint.intentDigest(
            m.user,
            m.token,
            m.amount,
            m.intent_address,
            m.deadline,
            m.nonce,
            m.fee_amount,
            m.fee_collector,
        );
        Ok(call.call().await?)
    }

    /// Relays `message` to `entrypoint`: `depositToIntent`, or `depositToIntentWithPermit`
    /// with a permit, with `signature` (65 bytes `r ‖ s ‖ v`) sent as it is.
    ///
    /// # Errors
    ///
    /// [`Error::Contract`] when the call reverts (decode it with [`revert_of`]);
    /// [`Error::Pending`]; [`Error::Reverted`] when the mined transaction reverted.
    pub async fn relay_deposit(
        &self,
        entrypoint: Address,
        message: &DepositIntent,
        signature: &[u8],
        permit: Option<PermitArgs<'_>>,
    ) -> Result<TransactionReceipt> {
        let entrypoint = IServiceIntentEntrypoint::new(entrypoint, self.provider());
        let (v, r, s) = vrs(signature);
        let m = message;
        let pending = match permit {
            None => {
                entrypoint
                    .depositToIntent(
                        m.user,
                        m.token,
                        m.amount,
                        m.intent_address,
                        m.deadline,
                        m.nonce,
                        m.fee_amount,
                        m.fee_collector,
                        v,
                        r,
                        s,
                    )
                    .send()
                    .await?
            }
            Some(permit) => {
                let (permit_v, permit_r, permit_s) = vrs(permit.signature);
                entrypoint
                    .depositToIntentWithPermit(
                        m.user,
                        m.token,
                        m.amount,
                        permit.amount,
                        m.intent_address,
                        m.deadline,
                        m.nonce,
                        m.fee_amount,
                        m.fee_collector,
                        permit_v,
                        permit_r,
                        permit_s,
                        v,
                        r,
                        s,
                    )
                    .send()
                    .await?
            }
        };
        let receipt = pending.get_receipt().await?;
        if receipt.status() {
            Ok(receipt)
        } else {
            Err(Error::Reverted(receipt.transaction_hash))
        }
    }
}

/// The revert inside `error`, decoded as one of the errors of `E` (a contract's error enum,
/// e.g. `IServiceIntentEntrypoint::IServiceIntentEntrypointErrors`); `None` when `error` is
/// not a revert or its data is none of `E`'s errors.
pub fn revert_of<E: SolInterface>(error: &Error) -> Option<E> {
    match error {
        Error::Contract(error) => error.as_decoded_interface_error::<E>(),
        _ => None,
    }
}
