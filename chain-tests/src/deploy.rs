//! Deploying the reference contracts on a [`Chain`] from the artifacts of this process, and
//! the token set-up every deposit test needs (minting, approving). Each helper waits for
//! its transaction's receipt and fails unless it succeeded.

use alloy_network::TransactionBuilder;
use alloy_primitives::{Address, Bytes, U256};
use alloy_provider::Provider;
use alloy_rpc_types_eth::TransactionRequest;
use alloy_sol_types::SolConstructor;
use intent_core::eip712::EntrypointNames;

use crate::artifacts::artifacts;
use crate::contracts::{ServiceIntentEntrypoint, TestDaiPermitToken, TestPermitToken};
use crate::{Chain, Error, Result};

impl Chain {
    /// Deploys the contract `name` of `chain/contracts` with ABI-encoded constructor
    /// arguments, from account 0; its address.
    ///
    /// # Errors
    ///
    /// [`Error::Build`] for an unknown contract or a failed compilation; [`Error::Rpc`],
    /// [`Error::Pending`]; [`Error::Reverted`] when the creation reverted.
    pub async fn deploy(&self, name: &str, constructor_args: &[u8]) -> Result<Address> {
        let artifact = artifacts()?.get(name)?;
        let code: Bytes = [artifact.bytecode.as_ref(), constructor_args].concat().into();
        let request = TransactionRequest::default().with_from(self.address(0)).with_deploy_code(code);
        let receipt = self.provider().send_transaction(request).await?.get_receipt().await?;
        match receipt.contract_address {
            Some(address) if receipt.status() => Ok(address),
            _ => Err(Error::Reverted(receipt.transaction_hash)),
        }
    }

    /// Deploys `ServiceIntentEntrypoint` verifying under `names` (docs/spec.md §5.1).
    ///
    /// # Errors
    ///
    /// As [`Chain::deploy`].
    pub async fn deploy_entrypoint(&self, names: &EntrypointNames) -> Result<Address> {
        let args = ServiceIntentEntrypoint::constructorCall {
            name: names.domain_name.to_string(),
            version: names.domain_version.to_string(),
            typeName: names.type_name.to_string(),
        };
        self.deploy("ServiceIntentEntrypoint", &args.abi_encode()).await
    }

    /// Deploys `TestPermitToken` (ERC-2612, domain `(name, "1", chainId, token)`).
    ///
    /// # Errors
    ///
    /// As [`Chain::deploy`].
    pub async fn deploy_permit_token(&self, name: &str, symbol: &str) -> Result<Address> {
        let args = TestPermitToken::constructorCall { name: name.into(), symbol: symbol.into() };
        self.deploy("TestPermitToken", &args.abi_encode()).await
    }

    /// Deploys `TestDaiPermitToken` (DAI-style permit, domain `(name, "1", chainId, token)`).
    ///
    /// # Errors
    ///
    /// As [`Chain::deploy`].
    pub async fn deploy_dai_token(&self, name: &str, symbol: &str) -> Result<Address> {
        let args = TestDaiPermitToken::constructorCall { name: name.into(), symbol: symbol.into() };
        self.deploy("TestDaiPermitToken", &args.abi_encode()).await
    }

    /// Mints `amount` of a test token (either kind: both have the same `mint`) to `to`.
    ///
    /// # Errors
    ///
    /// [`Error::Contract`], [`Error::Pending`]; [`Error::Reverted`].
    pub async fn mint(&self, token: Address, to: Address, amount: U256) -> Result<()> {
        let receipt = TestPermitToken::new(token, self.provider()).mint(to, amount).send().await?.get_receipt().await?;
        if receipt.status() {
            Ok(())
        } else {
            Err(Error::Reverted(receipt.transaction_hash))
        }
    }

    /// `owner` (a development account) approves `spender` for `amount` of `token`.
    ///
    /// # Errors
    ///
    /// As [`Chain::mint`].
    pub async fn approve(&self, token: Address, owner: Address, spender: Address, amount: U256) -> Result<()> {
        let token = TestPermitToken::new(token, self.provider());
        let receipt = token.approve(spender, amount).from(owner).send().await?.get_receipt().await?;
        if receipt.status() {
            Ok(())
        } else {
            Err(Error::Reverted(receipt.transaction_hash))
        }
    }

    /// The `token` balance of `who`.
    ///
    /// # Errors
    ///
    /// [`Error::Contract`].
    pub async fn token_balance(&self, token: Address, who: Address) -> Result<U256> {
        Ok(TestPermitToken::new(token, self.provider()).balanceOf(who).call().await?)
    }
}
