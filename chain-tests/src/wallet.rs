//! The intent wallet's contracts (docs/spec.md §5.7) and Uniswap V2 (the artifacts its npm
//! packages ship) deployed on a [`Chain`] with a pool funded, the deployment's
//! [`WalletContext`] for the core, the meta-transaction a guest runs, and a transaction's
//! logs decoded as the wallet's events. Building bundles and signatures is the core's
//! (`intent_core::wallet`); the assertions live in `tests/chain/wallet.rs`.

use alloy_network::TransactionBuilder;
use alloy_primitives::{Address, Bytes, U256};
use alloy_provider::Provider;
use alloy_rpc_types_eth::{TransactionReceipt, TransactionRequest};
use alloy_sol_types::{SolCall, SolEventInterface, SolInterface, SolValue};
use intent_contracts::{IIntentWallet, IIntentWalletFactory, IUniswapV2Factory, IUniswapV2Router02};
use intent_core::wallet::{packed_payload, IntentConfiguration, WalletContext};
use intent_core::{from_slice, CallBundle};

use crate::{Chain, Error, Result};

/// The gas every transaction of [`Chain::send_data`] carries. Not estimated: a call whose
/// failure a bundle ignores (IGNORE) fails for want of gas where an estimate is lowest, and
/// the transaction still succeeds, so an estimate can be too low for the calls to run.
pub const GAS: u64 = 5_000_000;

alloy_sol_types::sol! {
    /// `chain/contracts/test/RecordingVault.sol` (a test contract, deployed by name): what
    /// the tests call of it.
    #[sol(rpc)]
    interface IRecordingVault {
        /// Pulls `amount` of `token` from the caller by `transferFrom` and records it.
        function deposit(address token, uint256 amount) external payable;
        /// What `caller` deposited of `token`.
        function deposited(address token, address caller) external view returns (uint256);
    }
}

/// Where the wallet's contracts are on a chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WalletDeployment {
    /// `IntentWalletFactory`.
    pub factory: Address,
    /// `IntentWalletMainModule`, made for that factory.
    pub main_module: Address,
    /// `IntentWalletGuest`.
    pub guest: Address,
    /// `ServiceRouter`.
    pub router: Address,
}

impl WalletDeployment {
    /// The deployment as the core's wallet context: its factory, main module and guest, the
    /// creation code of §5.6; the upgradable main module is the zero address (none is
    /// deployed, and it is not part of an address).
    pub fn context(&self) -> WalletContext {
        WalletContext {
            factory: self.factory,
            main_module: self.main_module,
            main_module_upgradable: Address::ZERO,
            guest_module: Some(self.guest),
            creation_code: WalletContext::PUBLISHED.creation_code,
        }
    }
}

/// Where Uniswap V2 is on a chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Uniswap {
    /// `UniswapV2Factory`.
    pub factory: Address,
    /// `UniswapV2Router02`.
    pub router: Address,
    /// `WETH9`.
    pub weth: Address,
}

impl Chain {
    /// Deploys the factory, the main module for it, the guest and the router.
    ///
    /// # Errors
    ///
    /// As [`Chain::deploy`].
    pub async fn deploy_wallet_contracts(&self) -> Result<WalletDeployment> {
        let factory = self.deploy("IntentWalletFactory", &[]).await?;
        let main_module = self.deploy("IntentWalletMainModule", &factory.abi_encode()).await?;
        let guest = self.deploy("IntentWalletGuest", &[]).await?;
        let router = self.deploy("ServiceRouter", &[]).await?;
        Ok(WalletDeployment { factory, main_module, guest, router })
    }

    /// Deploys Uniswap V2 from the shipped artifacts: WETH9, the factory (account 0 its fee
    /// setter) and Router02 over them.
    ///
    /// # Errors
    ///
    /// As [`Chain::deploy`].
    pub async fn deploy_uniswap(&self) -> Result<Uniswap> {
        let weth = self.deploy("WETH9", &[]).await?;
        let factory = self.deploy("UniswapV2Factory", &self.address(0).abi_encode()).await?;
        let router = self.deploy("UniswapV2Router02", &(factory, weth).abi_encode_params()).await?;
        Ok(Uniswap { factory, router, weth })
    }

    /// Account 0 mints `amounts` of the test tokens `pair` to itself and adds them as the
    /// liquidity of their pool through `uniswap`'s router, which creates the pair; the pair's
    /// address.
    ///
    /// # Errors
    ///
    /// As [`Chain::mint`]; [`Error::Reverted`] when adding reverted.
    pub async fn add_liquidity(&self, uniswap: &Uniswap, pair: [Address; 2], amounts: [U256; 2]) -> Result<Address> {
        let provider = self.address(0);
        for (token, amount) in pair.into_iter().zip(amounts) {
            self.mint(token, provider, amount).await?;
            self.approve(token, provider, uniswap.router, amount).await?;
        }
        let router = IUniswapV2Router02::new(uniswap.router, self.provider());
        let add =
            router.addLiquidity(pair[0], pair[1], amounts[0], amounts[1], amounts[0], amounts[1], provider, U256::MAX);
        let receipt = add.send().await?.get_receipt().await?;
        if !receipt.status() {
            return Err(Error::Reverted(receipt.transaction_hash));
        }
        Ok(IUniswapV2Factory::new(uniswap.factory, self.provider()).getPair(pair[0], pair[1]).call().await?)
    }

    /// Sends `data` to `to` from development account `from`, with [`GAS`] and no value, and
    /// waits for its receipt.
    ///
    /// # Errors
    ///
    /// [`Error::Rpc`], [`Error::Pending`]; [`Error::Reverted`] when it was mined reverted.
    pub async fn send_data(&self, from: usize, to: Address, data: Bytes) -> Result<TransactionReceipt> {
        let request = TransactionRequest::default()
            .with_from(self.address(from))
            .with_to(to)
            .with_input(data)
            .with_gas_limit(GAS);
        let receipt = self.provider().send_transaction(request).await?.get_receipt().await?;
        if receipt.status() {
            Ok(receipt)
        } else {
            Err(Error::Reverted(receipt.transaction_hash))
        }
    }

    /// The revert of `data` sent to `to` from account `from`, simulated (`eth_call`) on the
    /// latest block and decoded as one of `E`'s errors; `None` when the call succeeds or
    /// reverts with something else.
    ///
    /// # Errors
    ///
    /// [`Error::Rpc`] for a failure that is not a revert.
    pub async fn revert_of_call<E: SolInterface>(&self, from: usize, to: Address, data: Bytes) -> Result<Option<E>> {
        let request = TransactionRequest::default().with_from(self.address(from)).with_to(to).with_input(data);
        match self.provider().call(request).await {
            Ok(_) => Ok(None),
            Err(error) => match error.as_error_resp() {
                Some(payload) => Ok(payload.as_decoded_interface_error::<E>()),
                None => Err(Error::Rpc(error)),
            },
        }
    }
}

/// The guest's calldata that deploys the wallet of `configuration` (IGNORE: one deployed
/// already makes it fail, and the next call runs anyway) and runs the packed `payload` there
/// with `signature` (REVERT): the packed form of that two-call bundle on `chain_id`.
///
/// # Panics
///
/// When the core refuses the batch: a mistake in the test.
pub fn guest_batch(
    deployment: &WalletDeployment,
    configuration: &IntentConfiguration,
    chain_id: u64,
    payload: Bytes,
    signature: &Bytes,
) -> Bytes {
    let wallet = configuration.address(&deployment.context());
    let deploy =
        IIntentWalletFactory::deployCall { mainModule: deployment.main_module, salt: configuration.image_hash() };
    let execute = IIntentWallet::executeCall { payload, signature: signature.clone() };
    let batch = serde_json::json!({
        "chainId": chain_id,
        "calls": [
            {"to": deployment.factory, "data": Bytes::from(deploy.abi_encode()), "behaviorOnError": 0},
            {"to": wallet, "data": Bytes::from(execute.abi_encode()), "behaviorOnError": 1},
        ],
    });
    let batch: CallBundle = from_slice(&serde_json::to_vec(&batch).expect("json")).expect("a bundle");
    packed_payload(&batch).expect("the core packs the batch")
}

/// The wallet's events (`IIntentWallet`) that `receipt` logged at `at`, in order; logs of
/// other events are left out.
pub fn wallet_events(receipt: &TransactionReceipt, at: Address) -> Vec<IIntentWallet::IIntentWalletEvents> {
    receipt
        .inner
        .logs()
        .iter()
        .filter(|log| log.address() == at)
        .filter_map(|log| IIntentWallet::IIntentWalletEvents::decode_raw_log(log.topics(), &log.data().data).ok())
        .collect()
}

/// `amount` as a number of whole tokens of 18 decimals.
pub fn tokens(amount: u64) -> U256 {
    U256::from(amount) * U256::from(10).pow(U256::from(18))
}
