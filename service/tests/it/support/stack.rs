//! The local stack (service/README.md, "Local stack"; docs/spec.md §12): one Anvil node per
//! chain, started by `intent-chain-tests` (its compiled-contract cache, its deployments),
//! with everything an intent needs deployed from development account 0 in a fixed order, so
//! that the same chain ids give the same addresses on every run:
//!
//! - the intent wallet's contracts: `IntentWalletFactory`, `IntentWalletMainModule` (for that
//!   factory), the same contract deployed a second time as the upgradable main module (the
//!   repository has no separate one), `IntentWalletGuest`, and the `ServiceRouter`;
//! - Uniswap V2 from the pinned npm artifacts (WETH9, the factory, Router02);
//! - the `ServiceIntentEntrypoint` under the default EIP-712 names;
//! - two ERC-2612 test tokens ([`TOKENS`]) and their pool, funded by account 0;
//! - the owner ([`OWNER`]) holding [`OWNER_TOKENS`] of each token, the relayer ([`RELAYER`])
//!   and the fee collector ([`FEE_COLLECTOR`]) with Anvil's ether;
//! - then the CCTP V2 route (docs/spec.md 5.8): on each chain the message transmitter of
//!   its domain (the chain's position in the stack: 0, 1, …) with the stack's attester
//!   ([`ATTESTER_KEY`]) enabled and a threshold of 1, the test USDC and the token messenger
//!   (fees to the fee collector, no minimum), each messenger linked to every other chain's,
//!   and the owner holding [`OWNER_TOKENS`] USDC; then a Uniswap V2 pool of that USDC with
//!   each test token ([`USDC_POOLS`]), so that a cross-chain quote swaps into and out of it;
//!   and the local attester (`intent_service::attest::LocalAttester`) of every chain, serving
//!   the Iris V2 API on a loopback port while the stack runs, attesting a burn once it has
//!   [`ATTESTER_CONFIRMATIONS`] blocks, executing [`ATTESTER_FEE`]: the one value that is
//!   also each chain's `cctp.maxFee` in `service.json`, so the quoted `maxFee` always covers
//!   what the attester executes.
//!
//! [`Stack::stack_json`] describes it (`stack.json`) and [`Stack::service_json`] is a service
//! configuration for it (`service.json`). Shared by `examples/stack.rs`, which writes both and
//! runs until stopped, and the tests that start the stack in process (`tests/it/stack.rs`).
//! Serving intents is the service's; nothing here starts it.

#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;

use alloy_primitives::{b256, Address, B256, U256};
use alloy_provider::Provider;
use alloy_signer_local::PrivateKeySigner;
use alloy_sol_types::{SolCall, SolValue};
use intent_chain_tests::cctp::CctpDeployment;
use intent_chain_tests::wallet::{tokens, Uniswap, WalletDeployment};
use intent_chain_tests::{Chain, CHAIN_ID};
use intent_core::eip712::EntrypointNames;
use intent_core::wallet::WalletContext;
use intent_service::attest::{LocalAttester, Source};
use serde_json::{json, Value};

/// The development account that deploys everything and provides the pools' liquidity.
pub const DEPLOYER: usize = 0;
/// The development account that owns intents: it holds the test tokens (and Anvil's ether,
/// which the gasless flow never spends).
pub const OWNER: usize = 1;
/// The development account that collects the service's fees.
pub const FEE_COLLECTOR: usize = 2;
/// The development account the service relays and executes from.
pub const RELAYER: usize = 9;

/// The test tokens of every chain: (name, symbol, price in USD); 18 decimals, the EIP-712
/// permit domain `(name, "1", chainId, token)`.
pub const TOKENS: [(&str, &str, f64); 2] = [("Stack Dollar", "SUSD", 1.0), ("Stack Euro", "SEUR", 1.25)];

/// Whole tokens the owner holds of each test token.
pub const OWNER_TOKENS: u64 = 10_000;

/// The pool's reserves in whole tokens, in [`TOKENS`]' order: priced as the configuration
/// prices them (1,250,000 SUSD for 1,000,000 SEUR).
pub const POOL: [u64; 2] = [1_250_000, 1_000_000];

/// The stack's attester key (a test key, public): enabled on every chain's transmitter.
pub const ATTESTER_KEY: B256 = b256!("a77e57e2a77e57e2a77e57e2a77e57e2a77e57e2a77e57e2a77e57e2a77e57e2");

/// Blocks a burn must have (its own included) before the stack's attester signs it.
pub const ATTESTER_CONFIRMATIONS: u64 = 2;

/// The fee the stack's attester executes on every burn (`feeExecuted`, at most the burn's
/// `maxFee`), in USDC units (0.01 USDC); `service.json` writes it as each chain's
/// `cctp.maxFee`.
pub const ATTESTER_FEE: u64 = 10_000;

/// The USDC pools' reserves, in whole tokens, in [`TOKENS`]' order: (test token, USDC),
/// priced as the configuration prices them (USDC at 1 USD).
pub const USDC_POOLS: [[u64; 2]; 2] = [[1_000_000, 1_000_000], [800_000, 1_000_000]];

/// The chain ids of a stack of `count` chains: Anvil's 31337, then 31338, ….
pub fn chain_ids(count: usize) -> Vec<u64> {
    (CHAIN_ID..).take(count).collect()
}

/// One test token on one chain.
#[derive(Debug, Clone)]
pub struct StackToken {
    pub address: Address,
    pub name: &'static str,
    pub symbol: &'static str,
    pub price_usd: f64,
}

/// One chain of the stack: its node and where everything is.
pub struct StackChain {
    /// The node; dropping it stops the node.
    pub chain: Chain,
    pub chain_id: u64,
    /// The factory, the main module, the guest and the ServiceRouter.
    pub wallet: WalletDeployment,
    /// The second `IntentWalletMainModule`, named the upgradable one.
    pub main_module_upgradable: Address,
    pub uniswap: Uniswap,
    /// The pair of the two test tokens.
    pub pair: Address,
    /// The pairs of each test token with the CCTP USDC, in [`TOKENS`]' order.
    pub usdc_pairs: Vec<Address>,
    pub entrypoint: Address,
    pub tokens: Vec<StackToken>,
    /// The CCTP V2 route's contracts and the chain's domain.
    pub cctp: CctpDeployment,
    /// Seconds between the node's blocks once [`StackChain::mine_every`] set them; 0 while
    /// the node mines a block for each transaction as it arrives (Anvil's automine).
    mining_seconds: std::sync::atomic::AtomicU64,
}

/// The started stack; dropping it stops every node and the attester.
pub struct Stack {
    pub chains: Vec<StackChain>,
    /// The local attester's base URL (`http://127.0.0.1:PORT`).
    pub attester_url: String,
    /// Stops the attester's server when sent or dropped.
    attester_stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Drop for Stack {
    fn drop(&mut self) {
        if let Some(stop) = self.attester_stop.take() {
            let _ = stop.send(());
        }
    }
}

/// What failed while starting the stack.
pub type Failed = Box<dyn std::error::Error + Send + Sync>;

impl Stack {
    /// Starts one node per chain id (Anvil with `args`) and deploys on each.
    ///
    /// # Errors
    ///
    /// Without `npm ci --ignore-scripts` in `chain/`, or when a deployment fails.
    pub async fn start(chain_ids: &[u64], args: &[&str]) -> Result<Stack, Failed> {
        let mut chains = Vec::with_capacity(chain_ids.len());
        for (domain, &chain_id) in chain_ids.iter().enumerate() {
            chains.push(StackChain::start(chain_id, u32::try_from(domain)?, args).await?);
        }
        for chain in &chains {
            for other in chains.iter().filter(|other| other.chain_id != chain.chain_id) {
                chain.chain.link_cctp(&chain.cctp, &other.cctp).await?;
            }
        }
        let (attester_url, attester_stop) = start_attester(&chains).await?;
        Ok(Stack { chains, attester_url, attester_stop: Some(attester_stop) })
    }

    /// The stack's attester key.
    pub fn attester() -> PrivateKeySigner {
        PrivateKeySigner::from_bytes(&ATTESTER_KEY).expect("a valid key")
    }

    /// `stack.json`: each chain's id, node, contracts and test tokens, and the funded
    /// development accounts with their keys (the same on every chain).
    pub fn stack_json(&self) -> Value {
        let chains: Vec<Value> = self.chains.iter().map(StackChain::json).collect();
        let first = &self.chains[0].chain;
        let account = |index: usize, role: &str| {
            json!({
                "role": role,
                "index": index,
                "address": first.address(index).to_string(),
                "privateKey": first.key(index).to_bytes().to_string(),
            })
        };
        let attester = Self::attester();
        json!({
            "chains": chains,
            "attestation": {
                "url": self.attester_url,
                "attester": {"address": attester.address().to_string(), "privateKey": ATTESTER_KEY.to_string()},
            },
            "accounts": [
                account(DEPLOYER, "deployer"),
                account(OWNER, "owner"),
                account(FEE_COLLECTOR, "feeCollector"),
                account(RELAYER, "relayer"),
            ],
        })
    }

    /// `service.json`: the shipped example configuration's projects, keys, policy and fees,
    /// with this stack's chains (`rpcUrl`, entrypoint, `routerAddress` = ServiceRouter,
    /// `metaTxnContract` = guest, `walletFactoryAddress` = factory, `wallet`, `swap`), its
    /// tokens (with their permit domains) and the fee collector account. Deposits are
    /// proven on the node: `acceptUnverifiedDeposits` is left out.
    pub fn service_json(&self) -> Value {
        let mut config: Value =
            serde_json::from_str(intent_service::config::EXAMPLE_CONFIG).expect("the shipped configuration");
        let template = config["chains"][0].clone();
        let object = config.as_object_mut().expect("an object");
        object.remove("acceptUnverifiedDeposits");
        object.insert("feeCollectorAddress".into(), self.chains[0].chain.address(FEE_COLLECTOR).to_string().into());
        object.insert("chains".into(), self.chains.iter().map(|chain| chain.service_chain(&template)).collect());
        object.insert("attestation".into(), json!({"url": self.attester_url}));
        let tokens = self.chains.iter().flat_map(StackChain::service_tokens).collect();
        object.insert("tokens".into(), tokens);
        config
    }
}

impl StackChain {
    /// Starts the node of `chain_id` and deploys on it, its CCTP domain `domain`.
    async fn start(chain_id: u64, domain: u32, args: &[&str]) -> Result<StackChain, Failed> {
        let chain = Chain::start_on(chain_id, args).await?;
        let wallet = chain.deploy_wallet_contracts().await?;
        // The repository has one main module: the upgradable one is the same contract,
        // deployed again for the same factory.
        let main_module_upgradable = chain.deploy("IntentWalletMainModule", &wallet.factory.abi_encode()).await?;
        let uniswap = chain.deploy_uniswap().await?;
        let entrypoint = chain.deploy_entrypoint(&EntrypointNames::DEFAULT).await?;
        let mut stack_tokens = Vec::with_capacity(TOKENS.len());
        for (name, symbol, price_usd) in TOKENS {
            let address = chain.deploy_permit_token(name, symbol).await?;
            chain.mint(address, chain.address(OWNER), tokens(OWNER_TOKENS)).await?;
            stack_tokens.push(StackToken { address, name, symbol, price_usd });
        }
        let pair = [stack_tokens[0].address, stack_tokens[1].address];
        let pair = chain.add_liquidity(&uniswap, pair, POOL.map(tokens)).await?;
        let attesters = [Stack::attester().address()];
        let cctp = chain.deploy_cctp(domain, &attesters, 1, chain.address(FEE_COLLECTOR), U256::ZERO).await?;
        chain.mint(cctp.usdc, chain.address(OWNER), U256::from(OWNER_TOKENS) * U256::from(1_000_000)).await?;
        let mut usdc_pairs = Vec::with_capacity(TOKENS.len());
        for (token, [reserve, usdc]) in stack_tokens.iter().zip(USDC_POOLS) {
            let amounts = [tokens(reserve), U256::from(usdc) * U256::from(1_000_000)];
            usdc_pairs.push(chain.add_liquidity(&uniswap, [token.address, cctp.usdc], amounts).await?);
        }
        Ok(StackChain {
            chain,
            chain_id,
            wallet,
            main_module_upgradable,
            uniswap,
            pair,
            usdc_pairs,
            entrypoint,
            tokens: stack_tokens,
            cctp,
            mining_seconds: std::sync::atomic::AtomicU64::new(0),
        })
    }

    /// The chain's `cctp` member, as `stack.json` and `service.json` write it: the
    /// deployment, the attester's fee as the burns' `maxFee` and its confirmations.
    fn cctp_json(&self) -> Value {
        json!({
            "domain": self.cctp.domain,
            "tokenMessenger": self.cctp.messenger.to_string(),
            "messageTransmitter": self.cctp.transmitter.to_string(),
            "usdc": self.cctp.usdc.to_string(),
            "maxFee": ATTESTER_FEE.to_string(),
            "confirmations": ATTESTER_CONFIRMATIONS,
        })
    }

    /// The wallet context of this deployment for the core: its factory, main modules, guest
    /// and the published creation code (which the repository's proxy is).
    pub fn wallet_context(&self) -> WalletContext {
        WalletContext { main_module_upgradable: self.main_module_upgradable, ..self.wallet.context() }
    }

    fn json(&self) -> Value {
        let tokens: Vec<Value> = self
            .tokens
            .iter()
            .map(|token| {
                json!({
                    "symbol": token.symbol, "name": token.name, "address": token.address.to_string(),
                    "decimals": 18, "permit": {"name": token.name, "version": "1"},
                })
            })
            .collect();
        json!({
            "chainId": self.chain_id,
            "rpcUrl": self.chain.endpoint(),
            "contracts": {
                "intentWalletFactory": self.wallet.factory.to_string(),
                "intentWalletMainModule": self.wallet.main_module.to_string(),
                "intentWalletMainModuleUpgradable": self.main_module_upgradable.to_string(),
                "intentWalletGuest": self.wallet.guest.to_string(),
                "serviceRouter": self.wallet.router.to_string(),
                "serviceIntentEntrypoint": self.entrypoint.to_string(),
                "uniswapV2Factory": self.uniswap.factory.to_string(),
                "uniswapV2Router02": self.uniswap.router.to_string(),
                "weth9": self.uniswap.weth.to_string(),
            },
            "tokens": tokens,
            "cctp": self.cctp_json(),
            "pools": std::iter::once(json!({
                "pair": self.pair.to_string(),
                "tokens": [self.tokens[0].address.to_string(), self.tokens[1].address.to_string()],
            }))
            .chain(self.tokens.iter().zip(&self.usdc_pairs).map(|(token, pair)| {
                json!({"pair": pair.to_string(), "tokens": [token.address.to_string(), self.cctp.usdc.to_string()]})
            }))
            .collect::<Vec<_>>(),
        })
    }

    /// The configuration's chain: `template` (the example's first chain: native token,
    /// prices, gas) with this node and these contracts.
    fn service_chain(&self, template: &Value) -> Value {
        let mut chain = template.clone();
        let context = self.wallet_context();
        let members = [
            ("chainId", json!(self.chain_id)),
            ("rpcUrl", json!(self.chain.endpoint())),
            ("entrypoint", json!({"address": self.entrypoint.to_string()})),
            ("routerAddress", json!(self.wallet.router.to_string())),
            // No router shim is deployed here.
            ("routerShimAddress", json!("")),
            ("metaTxnContract", json!(self.wallet.guest.to_string())),
            ("walletFactoryAddress", json!(self.wallet.factory.to_string())),
            (
                "wallet",
                json!({
                    "factory": context.factory.to_string(),
                    "mainModule": context.main_module.to_string(),
                    "mainModuleUpgradable": context.main_module_upgradable.to_string(),
                    "guestModule": self.wallet.guest.to_string(),
                }),
            ),
            ("swap", json!({"uniswapV2Router": self.uniswap.router.to_string()})),
            ("cctp", self.cctp_json()),
        ];
        for (name, value) in members {
            chain[name] = value;
        }
        // The chain's own description: a local test node, no explorer (the template's is
        // another chain's), the node's block time when it mines at an interval; under
        // automine a block comes with each transaction, and no block time is claimed.
        chain["name"] = json!(format!("Anvil {}", self.chain_id));
        chain["isTestnet"] = json!(true);
        let object = chain.as_object_mut().expect("a chain object");
        object.remove("explorerUrl");
        match self.mining_seconds.load(std::sync::atomic::Ordering::Relaxed) {
            0 => object.remove("blockTimeMillis"),
            seconds => object.insert("blockTimeMillis".into(), json!(seconds * 1_000)),
        };
        chain
    }

    /// The configuration's tokens of this chain: the test tokens, then the CCTP USDC (6
    /// decimals, 1 USD, no permit, not a fee token).
    fn service_tokens(&self) -> Vec<Value> {
        self.tokens
            .iter()
            .map(|token| {
                json!({
                    "chainId": self.chain_id, "address": token.address.to_string(), "symbol": token.symbol,
                    "decimals": 18, "priceUsd": token.price_usd, "feeToken": true,
                    "permit": {"name": token.name, "version": "1"},
                })
            })
            .chain(std::iter::once(json!({
                "chainId": self.chain_id, "address": self.cctp.usdc.to_string(), "symbol": "USDC",
                "decimals": 6, "priceUsd": 1.0, "feeToken": false,
            })))
            .collect()
    }

    /// The pair's reserves in [`TOKENS`]' order.
    pub async fn reserves(&self) -> Result<[U256; 2], Failed> {
        let pair = intent_contracts::IUniswapV2Pair::new(self.pair, self.chain.provider());
        let reserves = pair.getReserves().call().await?;
        let token0 = pair.token0().call().await?;
        let (r0, r1) = (U256::from(reserves.reserve0), U256::from(reserves.reserve1));
        Ok(if token0 == self.tokens[0].address { [r0, r1] } else { [r1, r0] })
    }

    /// Mines a block every `seconds` from now on (Anvil's interval mining: a transaction then
    /// waits for the next block), so that confirmations come without traffic.
    ///
    /// # Errors
    ///
    /// When the node refuses.
    pub async fn mine_every(&self, seconds: u64) -> Result<(), Failed> {
        self.chain.provider().raw_request::<_, ()>("evm_setIntervalMining".into(), (seconds,)).await?;
        self.mining_seconds.store(seconds, std::sync::atomic::Ordering::Relaxed);
        Ok(())
    }

    /// A QuoteIntent body: the owner sells `amount` whole tokens of the first test token for
    /// `to` (the same token: a plain transfer), paid to `recipient`, EXACT_INPUT, with
    /// `slippage`.
    pub fn sell_request(&self, to: Address, amount: u64, recipient: Address, slippage: f64) -> Value {
        json!({
            "ownerAddress": self.chain.address(OWNER), "originChainId": self.chain_id,
            "originTokenAddress": self.tokens[0].address, "destinationChainId": self.chain_id,
            "destinationTokenAddress": to, "destinationToAddress": recipient,
            "tradeType": "EXACT_INPUT", "originTokenAmount": tokens(amount).to_string(),
            "options": {"slippageTolerance": slippage},
        })
    }

    /// The owner transfers `amount` of `token` to `intent_address` (a hash-mode deposit):
    /// the transfer's hash.
    ///
    /// # Errors
    ///
    /// When the node refuses the transfer.
    pub async fn deposit(&self, token: Address, intent_address: Address, amount: U256) -> Result<B256, Failed> {
        let transfer = intent_contracts::IPermitToken::transferCall { to: intent_address, value: amount };
        let sent = self.chain.send_data(OWNER, token, transfer.abi_encode().into()).await?;
        Ok(sent.transaction_hash)
    }

    /// Account `mover` swaps `amount` of `path[0]`, minted to it first, into `path[1]`
    /// through the chain's Uniswap V2 router: the pool's price moves, e.g. beyond a quote's
    /// slippage before its intent runs.
    ///
    /// # Errors
    ///
    /// When the node refuses a transaction, or the swap reverts.
    pub async fn move_price(&self, mover: usize, path: [Address; 2], amount: U256) -> Result<(), Failed> {
        let who = self.chain.address(mover);
        self.chain.mint(path[0], who, amount).await?;
        self.chain.approve(path[0], who, self.uniswap.router, amount).await?;
        let swap = intent_contracts::IUniswapV2Router02::swapExactTokensForTokensCall {
            amountIn: amount,
            amountOutMin: U256::ZERO,
            path: path.to_vec(),
            to: who,
            deadline: U256::MAX,
        };
        let sent = self.chain.send_data(mover, self.uniswap.router, swap.abi_encode().into()).await?;
        if !sent.status() {
            return Err("the swap that moves the price reverted".into());
        }
        Ok(())
    }

    /// Whether `address` holds code.
    pub async fn has_code(&self, address: Address) -> Result<bool, Failed> {
        Ok(!self.chain.provider().get_code_at(address).await?.is_empty())
    }
}

/// Starts the local attester of `chains` on a loopback port: its URL, and what stops it.
async fn start_attester(chains: &[StackChain]) -> Result<(String, tokio::sync::oneshot::Sender<()>), Failed> {
    let mut sources = Vec::with_capacity(chains.len());
    for chain in chains {
        let node =
            intent_service::chain::Node::connect(chain.chain_id, &chain.chain.endpoint(), Duration::from_secs(10))?;
        sources.push(Source { domain: chain.cctp.domain, node, transmitter: chain.cctp.transmitter });
    }
    let fee = U256::from(ATTESTER_FEE);
    let attester = Arc::new(LocalAttester::new(sources, vec![Stack::attester()], ATTESTER_CONFIRMATIONS, fee));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let url = format!("http://{}", listener.local_addr()?);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(attester.serve(listener, async {
        let _ = stopped.await;
    }));
    Ok((url, stop))
}
