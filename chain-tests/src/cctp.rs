//! The CCTP V2 route's contracts (docs/spec.md 5.8, `chain/contracts/cctp/`) deployed on a
//! [`Chain`], linked to another chain's, and what an attester does to a burn: read its
//! messages from the receipt, complete them and sign them. The formats are the core's
//! (`intent_core::cctp`); the assertions live in `tests/chain/cctp.rs`.

use alloy_primitives::{Address, Bytes, U256};
use alloy_rpc_types_eth::TransactionReceipt;
use alloy_signer::SignerSync;
use alloy_signer_local::PrivateKeySigner;
use alloy_sol_types::{SolCall, SolValue};
use intent_contracts::{ICctpTokenMessenger, ICctpUsdc};
use intent_core::cctp::{attestation, bytes32_of, message_sent, Message};
use intent_core::{from_slice, EvidenceLog};

use crate::{Chain, Error, Result};

/// Where the CCTP contracts are on a chain, and its domain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CctpDeployment {
    /// The chain's CCTP domain.
    pub domain: u32,
    /// `CctpMessageTransmitter`.
    pub transmitter: Address,
    /// `CctpTokenMessenger`.
    pub messenger: Address,
    /// `CctpTestUsdc`.
    pub usdc: Address,
}

impl Chain {
    /// Deploys the transmitter of `domain` (with `attesters` enabled and `threshold`), the
    /// test USDC and the token messenger (fees to `fee_recipient`, at least `min_fee`), and
    /// lets the messenger and account 0 (which funds the tests) mint and burn the USDC.
    ///
    /// # Errors
    ///
    /// As [`Chain::deploy`]; [`Error::Reverted`] when a set-up transaction reverts.
    pub async fn deploy_cctp(
        &self,
        domain: u32,
        attesters: &[Address],
        threshold: usize,
        fee_recipient: Address,
        min_fee: U256,
    ) -> Result<CctpDeployment> {
        let transmitter = self
            .deploy("CctpMessageTransmitter", &(domain, attesters.to_vec(), U256::from(threshold)).abi_encode_params())
            .await?;
        let usdc = self.deploy("CctpTestUsdc", &[]).await?;
        let messenger =
            self.deploy("CctpTokenMessenger", &(transmitter, usdc, fee_recipient, min_fee).abi_encode_params()).await?;
        for minter in [messenger, self.address(0)] {
            let call = ICctpUsdc::setMinterCall { minter, allowed: true };
            self.send_data(0, usdc, call.abi_encode().into()).await?;
        }
        Ok(CctpDeployment { domain, transmitter, messenger, usdc })
    }

    /// Registers `remote`'s messenger and token with `local`'s messenger on this chain.
    ///
    /// # Errors
    ///
    /// As [`Chain::send_data`].
    pub async fn link_cctp(&self, local: &CctpDeployment, remote: &CctpDeployment) -> Result<()> {
        let call = ICctpTokenMessenger::setRemoteCall {
            domain: remote.domain,
            tokenMessenger: bytes32_of(remote.messenger),
            token: bytes32_of(remote.usdc),
        };
        self.send_data(0, local.messenger, call.abi_encode().into()).await?;
        Ok(())
    }
}

/// The messages `transmitter` sent in `receipt`, read by the core from the receipt's logs.
///
/// # Errors
///
/// [`Error::Answer`] when the core refuses a MessageSent log of the transmitter.
pub fn messages_sent(receipt: &TransactionReceipt, transmitter: Address) -> Result<Vec<Message>> {
    let logs: Vec<EvidenceLog> = receipt
        .inner
        .logs()
        .iter()
        .map(|log| {
            let json = serde_json::json!({
                "address": log.address().to_string(),
                "topics": log.topics().iter().map(ToString::to_string).collect::<Vec<_>>(),
                "data": log.data().data.to_string(),
            });
            from_slice(json.to_string().as_bytes()).map_err(Error::Core)
        })
        .collect::<Result<_>>()?;
    message_sent(&logs, transmitter).map_err(|_| Error::Answer("a MessageSent log the core cannot read"))
}

/// The attestation of `message` by `keys`: each key's signature of its hash, ordered by
/// signer (the core's `attestation`).
///
/// # Errors
///
/// [`Error::Sign`] when a key cannot sign.
pub fn attest(message: &Message, keys: &[&PrivateKeySigner]) -> Result<Bytes> {
    let hash = message.hash();
    let signatures = keys
        .iter()
        .map(|key| Ok((key.address(), key.sign_hash_sync(&hash)?.as_bytes())))
        .collect::<Result<Vec<_>>>()?;
    Ok(attestation(&signatures))
}
