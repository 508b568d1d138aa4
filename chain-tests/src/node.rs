//! One Anvil node per [`Chain`]: the binary of the pinned `@foundry-rs/anvil` package in
//! `chain/node_modules`, on loopback at a port the system picks, with a fixed mnemonic,
//! genesis timestamp and block-time step so that the same transactions give the same
//! blocks, hashes and receipts on every run. The node stops when the [`Chain`] is dropped.

use std::path::PathBuf;

use alloy_network::EthereumWallet;
use alloy_node_bindings::{Anvil, AnvilInstance};
use alloy_primitives::{Address, U256};
use alloy_provider::ext::AnvilApi;
use alloy_provider::{DynProvider, Provider, ProviderBuilder};
use alloy_signer_local::PrivateKeySigner;

use crate::artifacts::chain_dir;
use crate::{Error, Result};

/// Anvil's default development mnemonic, passed explicitly so the accounts never change.
pub const MNEMONIC: &str = "test test test test test test test test test test test junk";

/// The genesis block's timestamp: 2026-01-01T00:00:00Z.
pub const GENESIS_TIMESTAMP: u64 = 1_767_225_600;

/// Anvil's chain id (its default, stated so a test can rely on it).
pub const CHAIN_ID: u64 = 31_337;

/// Seconds between consecutive blocks: each mined block is exactly this much after the last.
const BLOCK_INTERVAL: u64 = 12;

/// A running Anvil node and a provider whose wallet holds every development account.
///
/// Account 0 deploys and relays (the transactions of [`Chain::provider`] come from it unless
/// a request names another `from`); the others are users, collectors and intent addresses.
pub struct Chain {
    // Dropping the instance kills the node.
    anvil: AnvilInstance,
    provider: DynProvider,
    keys: Vec<PrivateKeySigner>,
}

impl std::fmt::Debug for Chain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chain").field("endpoint", &self.anvil.endpoint()).finish_non_exhaustive()
    }
}

/// The Anvil binary the npm package installed for this platform.
pub fn anvil_binary() -> Result<PathBuf> {
    let os = match std::env::consts::OS {
        "windows" => "win32",
        "macos" => "darwin",
        other => other,
    };
    let arch = match std::env::consts::ARCH {
        "x86_64" => "amd64",
        "aarch64" => "arm64",
        other => other,
    };
    let name = if os == "win32" { "anvil.exe" } else { "anvil" };
    let path =
        chain_dir().join("node_modules").join("@foundry-rs").join(format!("anvil-{os}-{arch}")).join("bin").join(name);
    if path.is_file() {
        Ok(path)
    } else {
        Err(Error::ChainNotInstalled(path))
    }
}

impl Chain {
    /// Starts a node on 127.0.0.1 and connects to it.
    ///
    /// # Errors
    ///
    /// [`Error::ChainNotInstalled`] without the Anvil binary; [`Error::Node`] when it does not
    /// start; [`Error::Rpc`] when it does not answer.
    pub async fn start() -> Result<Chain> {
        Self::start_with(&[]).await
    }

    /// [`Chain::start`] with extra Anvil arguments (e.g. `["--block-time", "1"]`).
    ///
    /// # Errors
    ///
    /// As [`Chain::start`].
    pub async fn start_with(args: &[&str]) -> Result<Chain> {
        Self::start_on(CHAIN_ID, args).await
    }

    /// [`Chain::start_with`] for a node of the chain `chain_id` (a second chain beside the
    /// first, for a transaction made on the wrong one).
    ///
    /// # Errors
    ///
    /// As [`Chain::start`].
    pub async fn start_on(chain_id: u64, args: &[&str]) -> Result<Chain> {
        let anvil = Anvil::at(anvil_binary()?)
            .host("127.0.0.1")
            .mnemonic(MNEMONIC)
            .chain_id(chain_id)
            .arg("--timestamp")
            .arg(GENESIS_TIMESTAMP.to_string())
            .args(args)
            .try_spawn()?;
        let keys: Vec<PrivateKeySigner> = anvil.keys().iter().map(|key| PrivateKeySigner::from(key.clone())).collect();
        let mut wallet = EthereumWallet::from(keys[0].clone());
        for key in &keys[1..] {
            wallet.register_signer(key.clone());
        }
        // The nonce is read from the node for every transaction: the cached nonce manager of
        // the recommended fillers counts a transaction whose gas estimate reverted as sent,
        // and the next one then waits forever behind the gap.
        let provider = ProviderBuilder::new()
            .disable_recommended_fillers()
            .with_gas_estimation()
            .with_simple_nonce_management()
            .with_chain_id(chain_id)
            .wallet(wallet)
            .connect_http(anvil.endpoint_url())
            .erased();
        provider.anvil_set_block_timestamp_interval(BLOCK_INTERVAL).await?;
        Ok(Chain { anvil, provider, keys })
    }

    /// The provider: sends from account 0 by default, signs for every account.
    pub fn provider(&self) -> &DynProvider {
        &self.provider
    }

    /// The node's JSON-RPC endpoint, `http://127.0.0.1:PORT`.
    pub fn endpoint(&self) -> String {
        self.anvil.endpoint()
    }

    /// Development account `index` (0 to 9).
    ///
    /// # Panics
    ///
    /// For an index without an account: a mistake in the test, not an input.
    pub fn key(&self, index: usize) -> &PrivateKeySigner {
        &self.keys[index]
    }

    /// The address of development account `index`.
    ///
    /// # Panics
    ///
    /// As [`Chain::key`].
    pub fn address(&self, index: usize) -> Address {
        self.keys[index].address()
    }

    /// The latest block's timestamp.
    ///
    /// # Errors
    ///
    /// [`Error::Rpc`].
    pub async fn latest_timestamp(&self) -> Result<u64> {
        let block = self
            .provider
            .get_block_by_number(alloy_eips::BlockNumberOrTag::Latest)
            .await?
            .ok_or_else(|| Error::Answer("no latest block"))?;
        Ok(block.header.timestamp)
    }

    /// The timestamp the next mined block will have (the latest plus the fixed interval).
    ///
    /// # Errors
    ///
    /// [`Error::Rpc`].
    pub async fn next_timestamp(&self) -> Result<u64> {
        Ok(self.latest_timestamp().await? + BLOCK_INTERVAL)
    }

    /// The native balance of `who`.
    ///
    /// # Errors
    ///
    /// [`Error::Rpc`].
    pub async fn native_balance(&self, who: Address) -> Result<U256> {
        Ok(self.provider.get_balance(who).await?)
    }
}
