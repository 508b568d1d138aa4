//! Deploying the reference contracts on a [`Chain`] from the compiled artifacts, their
//! constructor arguments encoded against the compiled constructor (the bindings are of
//! interfaces, which have none), and the token set-up every deposit test needs (minting,
//! approving). Each helper waits for its transaction's receipt and fails unless it succeeded.

use alloy_dyn_abi::{DynSolValue, JsonAbiExt};
use alloy_network::TransactionBuilder;
use alloy_primitives::{Address, Bytes, U256};
use alloy_provider::Provider;
use alloy_rpc_types_eth::TransactionRequest;
use intent_contracts::{IPermitToken, ITestToken};
use intent_core::eip712::EntrypointNames;

use crate::artifacts::artifacts;
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

    /// Deploys the contract `name` with `args` encoded against its compiled constructor: a
    /// wrong number or type of arguments is refused before anything is sent.
    ///
    /// # Errors
    ///
    /// [`Error::Build`] when the arguments are not the constructor's; as [`Chain::deploy`].
    async fn deploy_with(&self, name: &str, args: &[&str]) -> Result<Address> {
        let constructor = artifacts()?.get(name)?.abi.constructor.as_ref();
        let values: Vec<DynSolValue> = args.iter().map(|arg| DynSolValue::String((*arg).to_owned())).collect();
        let encoded = constructor
            .ok_or_else(|| Error::Build(format!("{name} has no constructor")))?
            .abi_encode_input(&values)
            .map_err(|e| Error::Build(format!("{name}'s constructor: {e}")))?;
        self.deploy(name, &encoded).await
    }

    /// Deploys `ServiceIntentEntrypoint` verifying under `names` (docs/spec.md §5.1).
    ///
    /// # Errors
    ///
    /// As [`Chain::deploy`].
    pub async fn deploy_entrypoint(&self, names: &EntrypointNames) -> Result<Address> {
        let args = [names.domain_name.as_ref(), names.domain_version.as_ref(), names.type_name.as_ref()];
        self.deploy_with("ServiceIntentEntrypoint", &args).await
    }

    /// Deploys `TestPermitToken` (ERC-2612, domain `(name, "1", chainId, token)`).
    ///
    /// # Errors
    ///
    /// As [`Chain::deploy`].
    pub async fn deploy_permit_token(&self, name: &str, symbol: &str) -> Result<Address> {
        self.deploy_with("TestPermitToken", &[name, symbol]).await
    }

    /// Deploys `TestDaiPermitToken` (DAI-style permit, domain `(name, "1", chainId, token)`).
    ///
    /// # Errors
    ///
    /// As [`Chain::deploy`].
    pub async fn deploy_dai_token(&self, name: &str, symbol: &str) -> Result<Address> {
        self.deploy_with("TestDaiPermitToken", &[name, symbol]).await
    }

    /// Mints `amount` of a test token (any of them: each is an `ITestToken`) to `to`.
    ///
    /// # Errors
    ///
    /// [`Error::Contract`], [`Error::Pending`]; [`Error::Reverted`].
    pub async fn mint(&self, token: Address, to: Address, amount: U256) -> Result<()> {
        let receipt = ITestToken::new(token, self.provider()).mint(to, amount).send().await?.get_receipt().await?;
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
        let token = IPermitToken::new(token, self.provider());
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
        Ok(IPermitToken::new(token, self.provider()).balanceOf(who).call().await?)
    }
}
