//! The intent wallet (docs/spec.md §5.7) on a real node, every payload and signature made by
//! the core's `wallet` module (§5.6), so the core's encodings are proven against the
//! contracts: the factory deploys at the core's address, a guest batch sent by anyone runs a
//! bundle of the configuration (a transfer, Uniswap V2 swaps, a sweep of what is left), the
//! behaviours on error with a fallback refund, and what is refused: a replay, a bundle not in
//! the configuration, a changed byte. Each test asserts the balances on the node.

use alloy_primitives::{Address, Bytes, U256};
use alloy_provider::Provider;
use alloy_rpc_types_eth::TransactionReceipt;
use alloy_sol_types::{SolCall, SolEvent, SolInterface};
use intent_chain_tests::sign::sign_digest;
use intent_chain_tests::wallet::{guest_batch, tokens, wallet_events, IRecordingVault, Uniswap, WalletDeployment};
use intent_chain_tests::{Chain, CHAIN_ID};
use intent_contracts::IIntentWallet::{self, IIntentWalletErrors, IIntentWalletEvents};
use intent_contracts::{IIntentWalletFactory, IPermitToken, IServiceRouter, IUniswapV2Router02};
use intent_core::wallet::{packed_payload, payload_hash_for, IntentConfiguration};
use intent_core::{from_slice, CallBundle};
use serde_json::{json, Value};

/// The development accounts' parts.
const OWNER: usize = 1;
const EXECUTOR: usize = 4;
const RECIPIENT: usize = 5;

/// IGNORE, REVERT and ABORT.
const IGNORE: u8 = 0;
const REVERT: u8 = 1;
const ABORT: u8 = 2;

/// A node with the wallet's contracts and a deposit token.
struct Setup {
    chain: Chain,
    deployment: WalletDeployment,
    token: Address,
}

impl Setup {
    async fn new() -> Setup {
        let chain = Chain::start().await.expect("anvil starts");
        let deployment = chain.deploy_wallet_contracts().await.expect("the wallet's contracts deploy");
        let token = chain.deploy_permit_token("Deposit Token", "DPT").await.expect("token deploys");
        Setup { chain, deployment, token }
    }

    fn owner(&self) -> Address {
        self.chain.address(OWNER)
    }

    fn recipient(&self) -> Address {
        self.chain.address(RECIPIENT)
    }

    /// The configuration of the owner and `bundles`, and its wallet's address here.
    fn configuration(&self, bundles: &[CallBundle]) -> (IntentConfiguration, Address) {
        let configuration = IntentConfiguration::new(self.owner(), bundles).expect("a configuration");
        let wallet = configuration.address(&self.deployment.context());
        (configuration, wallet)
    }

    /// Sends the guest batch that deploys the wallet and runs bundle `index` of
    /// `configuration` with its proof, from the executor (who is nobody in the configuration).
    async fn run(&self, configuration: &IntentConfiguration, bundle: &CallBundle, index: usize) -> TransactionReceipt {
        let signature = configuration.bundle_signature(index).expect("the bundle is in the configuration");
        let batch = self.batch(configuration, bundle, &signature);
        self.chain
            .send_data(EXECUTOR, self.deployment.guest, batch)
            .await
            .expect("the guest batch is mined with status 1")
    }

    /// The guest batch that deploys the wallet and runs `bundle` with `signature`.
    fn batch(&self, configuration: &IntentConfiguration, bundle: &CallBundle, signature: &Bytes) -> Bytes {
        let payload = packed_payload(bundle).expect("the core packs the bundle");
        guest_batch(&self.deployment, configuration, bundle.chain_id, payload, signature)
    }

    /// What the wallet's `execute` reverted with inside the guest `batch` (its call 1, the
    /// guest's `Reverted`), simulated.
    async fn guest_revert(&self, batch: Bytes) -> IIntentWalletErrors {
        let error = self
            .chain
            .revert_of_call::<IIntentWalletErrors>(EXECUTOR, self.deployment.guest, batch)
            .await
            .expect("the node answers")
            .expect("the guest reverts");
        let IIntentWalletErrors::Reverted(reverted) = error else { panic!("{error:?}") };
        assert_eq!(reverted.index, U256::from(1), "the execute call");
        IIntentWalletErrors::abi_decode(&reverted.returnData).expect("a wallet error")
    }

    /// What the wallet's `execute(bundle, signature)` reverts with, sent by the executor.
    async fn execute_revert(&self, wallet: Address, bundle_bytes: Bytes, signature: Bytes) -> IIntentWalletErrors {
        let data = IIntentWallet::executeCall { payload: bundle_bytes, signature }.abi_encode();
        self.chain
            .revert_of_call::<IIntentWalletErrors>(EXECUTOR, wallet, data.into())
            .await
            .expect("the node answers")
            .expect("execute reverts with a wallet error")
    }

    /// [`Setup::configuration`], with 125 deposit tokens sent to the wallet's address.
    async fn funded(&self, bundles: &[CallBundle]) -> (IntentConfiguration, Address) {
        let (configuration, wallet) = self.configuration(bundles);
        self.mint(wallet, tokens(125)).await;
        (configuration, wallet)
    }

    async fn balance(&self, token: Address, who: Address) -> U256 {
        self.chain.token_balance(token, who).await.expect("balance")
    }

    async fn allowance(&self, token: Address, holder: Address, spender: Address) -> U256 {
        IPermitToken::new(token, self.chain.provider()).allowance(holder, spender).call().await.expect("allowance")
    }

    async fn mint(&self, to: Address, amount: U256) {
        self.chain.mint(self.token, to, amount).await.expect("mint");
    }
}

/// A call as the wire writes it.
fn call(to: Address, data: impl SolCall, behavior_on_error: u8) -> Value {
    json!({"to": to, "data": Bytes::from(data.abi_encode()), "behaviorOnError": behavior_on_error})
}

/// The router's sweep of `token` to `to`, delegatecalled by the wallet.
fn sweep(router: Address, token: Address, to: Address, only_fallback: bool) -> Value {
    let data = IServiceRouter::sweepCall { token, to }.abi_encode();
    json!({
        "to": router,
        "data": Bytes::from(data),
        "delegateCall": true,
        "onlyFallback": only_fallback,
        "behaviorOnError": IGNORE,
    })
}

/// A bundle of `calls` on the node's chain at `nonce` of space 0.
fn bundle(calls: Vec<Value>, nonce: u64) -> CallBundle {
    let bundle = json!({"chainId": CHAIN_ID, "nonce": nonce.to_string(), "calls": calls});
    from_slice(&serde_json::to_vec(&bundle).unwrap()).expect("a bundle")
}

fn transfer(token: Address, to: Address, amount: U256, behavior_on_error: u8) -> Value {
    call(token, IPermitToken::transferCall { to, value: amount }, behavior_on_error)
}

/// The indexes of the wallet's call events, by kind, in order: `("succeeded", 0)`, ….
fn call_events(receipt: &TransactionReceipt, wallet: Address) -> Vec<(&'static str, u64)> {
    wallet_events(receipt, wallet)
        .into_iter()
        .filter_map(|event| match event {
            IIntentWalletEvents::CallSucceeded(e) => Some(("succeeded", e.index.to::<u64>())),
            IIntentWalletEvents::CallFailed(e) => Some(("failed", e.index.to::<u64>())),
            IIntentWalletEvents::CallAborted(e) => Some(("aborted", e.index.to::<u64>())),
            IIntentWalletEvents::CallSkipped(e) => Some(("skipped", e.index.to::<u64>())),
            IIntentWalletEvents::NonceChange(_) => None,
        })
        .collect()
}

/// The router's events `E` in `receipt`: logged at `wallet`, whose delegatecall ran it.
fn router_events<E: SolEvent>(receipt: &TransactionReceipt, wallet: Address) -> Vec<E> {
    let logs = receipt.inner.logs().iter().filter(|log| log.address() == wallet);
    logs.filter_map(|log| log.log_decode::<E>().ok()).map(|log| log.inner.data).collect()
}

/// The return data of the first `CallFailed` logged at `at`.
fn first_failure(receipt: &TransactionReceipt, at: Address) -> Bytes {
    wallet_events(receipt, at)
        .into_iter()
        .find_map(|event| match event {
            IIntentWalletEvents::CallFailed(failed) => Some(failed.returnData),
            _ => None,
        })
        .expect("a call failed")
}

#[tokio::test]
async fn the_factory_deploys_the_wallet_at_the_address_the_core_derives() {
    let setup = Setup::new().await;
    let chain = &setup.chain;
    let (configuration, wallet) = setup.configuration(&[bundle(vec![], 0)]);
    assert!(chain.provider().get_code_at(wallet).await.unwrap().is_empty());

    let deploy =
        IIntentWalletFactory::deployCall { mainModule: setup.deployment.main_module, salt: configuration.image_hash() };
    chain.send_data(EXECUTOR, setup.deployment.factory, deploy.abi_encode().into()).await.unwrap();

    // The proxy's runtime (the creation code after its 14-byte constructor), delegating to
    // the main module stored at the slot keyed by the wallet's own address.
    let code = chain.provider().get_code_at(wallet).await.unwrap();
    assert_eq!(code[..], setup.deployment.context().creation_code[14..]);
    let slot = U256::from_be_slice(wallet.as_slice());
    let stored = chain.provider().get_storage_at(wallet, slot).await.unwrap();
    assert_eq!(stored, U256::from_be_slice(setup.deployment.main_module.as_slice()));

    // The same wallet twice: nothing is created, DeployFailed.
    let again = chain
        .revert_of_call::<IIntentWalletFactory::IIntentWalletFactoryErrors>(
            EXECUTOR,
            setup.deployment.factory,
            deploy.abi_encode().into(),
        )
        .await
        .unwrap();
    assert!(matches!(again, Some(IIntentWalletFactory::IIntentWalletFactoryErrors::DeployFailed(_))));
}

#[tokio::test]
async fn a_bundle_of_the_configuration_runs_through_the_guest_for_anyone_and_its_fallback_is_skipped() {
    let setup = Setup::new().await;
    let (token, router) = (setup.token, setup.deployment.router);
    let run = bundle(
        vec![transfer(token, setup.recipient(), tokens(100), REVERT), sweep(router, token, setup.owner(), true)],
        0,
    );
    let other = bundle(vec![transfer(token, setup.owner(), tokens(1), REVERT)], 0);
    let (configuration, wallet) = setup.funded(&[other, run.clone()]).await;

    let receipt = setup.run(&configuration, &run, 1).await;

    assert_eq!(receipt.from, setup.chain.address(EXECUTOR));
    assert_eq!(setup.balance(token, setup.recipient()).await, tokens(100));
    assert_eq!(setup.balance(token, wallet).await, tokens(25));
    assert_eq!(setup.balance(token, setup.owner()).await, U256::ZERO);
    assert_eq!(call_events(&receipt, wallet), [("succeeded", 0), ("skipped", 1)]);
    // The events name the payload by its hash for the wallet's own address.
    let op_hash = payload_hash_for(&run, wallet).unwrap();
    assert!(wallet_events(&receipt, wallet).iter().all(|event| match event {
        IIntentWalletEvents::CallSucceeded(e) => e.opHash == op_hash,
        IIntentWalletEvents::CallSkipped(e) => e.opHash == op_hash,
        _ => true,
    }));
    let nonce = IIntentWallet::new(wallet, setup.chain.provider()).readNonce(U256::ZERO).call().await.unwrap();
    assert_eq!(nonce, U256::from(1));
}

#[tokio::test]
async fn a_replayed_payload_is_refused_its_nonce_consumed() {
    let setup = Setup::new().await;
    let run = bundle(vec![transfer(setup.token, setup.recipient(), tokens(10), REVERT)], 0);
    let (configuration, wallet) = setup.funded(core::slice::from_ref(&run)).await;
    setup.run(&configuration, &run, 0).await;

    let signature = configuration.bundle_signature(0).unwrap();
    let error = setup.execute_revert(wallet, packed_payload(&run).unwrap(), signature.clone()).await;
    let IIntentWalletErrors::BadNonce(bad) = error else { panic!("{error:?}") };
    assert_eq!((bad.space, bad.provided, bad.current), (U256::ZERO, U256::ZERO, U256::from(1)));

    // The same batch through the guest again: the deploy is ignored, the execute reverts.
    let inner = setup.guest_revert(setup.batch(&configuration, &run, &signature)).await;
    assert!(matches!(inner, IIntentWalletErrors::BadNonce(_)), "{inner:?}");
    assert_eq!(setup.balance(setup.token, setup.recipient()).await, tokens(10));
    assert_eq!(setup.balance(setup.token, wallet).await, tokens(115));
}

#[tokio::test]
async fn a_bundle_not_in_the_configuration_is_refused() {
    let setup = Setup::new().await;
    let committed = bundle(vec![transfer(setup.token, setup.recipient(), tokens(10), REVERT)], 0);
    let stranger = bundle(vec![transfer(setup.token, setup.chain.address(EXECUTOR), tokens(125), REVERT)], 0);
    let (configuration, wallet) = setup.funded(core::slice::from_ref(&committed)).await;
    // Deployed by running nothing: an empty bundle would be another configuration, so the
    // factory is called directly.
    let deploy =
        IIntentWalletFactory::deployCall { mainModule: setup.deployment.main_module, salt: configuration.image_hash() };
    setup.chain.send_data(EXECUTOR, setup.deployment.factory, deploy.abi_encode().into()).await.unwrap();
    let packed = packed_payload(&stranger).unwrap();

    // The committed bundle's proof with another payload: its leaf gives no weight.
    let error = setup.execute_revert(wallet, packed.clone(), configuration.bundle_signature(0).unwrap()).await;
    let IIntentWalletErrors::InvalidSignatureWeight(weight) = error else { panic!("{error:?}") };
    assert_eq!((weight.threshold, weight.weight), (U256::from(1), U256::ZERO));

    // A proof of the bundle in another configuration: not the wallet's image hash.
    let (elsewhere, _) = setup.configuration(&[committed, stranger.clone()]);
    let error = setup.execute_revert(wallet, packed, elsewhere.bundle_signature(1).unwrap()).await;
    assert!(matches!(error, IIntentWalletErrors::InvalidSignature(_)), "{error:?}");
    assert_eq!(setup.balance(setup.token, wallet).await, tokens(125));
}

#[tokio::test]
async fn one_byte_of_a_call_changed_is_refused() {
    let setup = Setup::new().await;
    let run = bundle(vec![transfer(setup.token, setup.recipient(), tokens(10), REVERT)], 0);
    let (configuration, wallet) = setup.funded(core::slice::from_ref(&run)).await;
    let mut packed = packed_payload(&run).unwrap().to_vec();
    // The last byte of the transfer's amount: 10 tokens and one wei.
    *packed.last_mut().unwrap() ^= 0x01;

    let signature = configuration.bundle_signature(0).unwrap();
    let batch = guest_batch(&setup.deployment, &configuration, CHAIN_ID, packed.into(), &signature);
    let inner = setup.guest_revert(batch).await;
    let IIntentWalletErrors::InvalidSignatureWeight(weight) = inner else { panic!("{inner:?}") };
    assert_eq!(weight.weight, U256::ZERO);
    assert_eq!(setup.balance(setup.token, wallet).await, tokens(125));
    assert_eq!(setup.balance(setup.token, setup.recipient()).await, U256::ZERO);
}

/// A failing main call (a transfer of more than the wallet holds) with `behavior_on_error`,
/// then a fallback that sweeps the deposit back to the owner.
async fn failing_main_call(behavior_on_error: u8) -> (Setup, IntentConfiguration, CallBundle, Address) {
    let setup = Setup::new().await;
    let (token, router) = (setup.token, setup.deployment.router);
    let run = bundle(
        vec![
            transfer(token, setup.recipient(), tokens(126), behavior_on_error),
            sweep(router, token, setup.owner(), true),
        ],
        0,
    );
    let (configuration, wallet) = setup.funded(core::slice::from_ref(&run)).await;
    (setup, configuration, run, wallet)
}

#[tokio::test]
async fn a_failing_main_call_with_ignore_returns_the_deposit_to_the_owner_in_the_same_transaction() {
    let (setup, configuration, run, wallet) = failing_main_call(IGNORE).await;
    let receipt = setup.run(&configuration, &run, 0).await;

    assert!(receipt.status());
    assert_eq!(call_events(&receipt, wallet), [("failed", 0), ("succeeded", 1)]);
    let failed = first_failure(&receipt, wallet);
    let reason = IPermitToken::IPermitTokenErrors::abi_decode(&failed).unwrap();
    let IPermitToken::IPermitTokenErrors::ERC20InsufficientBalance(reason) = reason else { panic!("{reason:?}") };
    assert_eq!((reason.sender, reason.balance, reason.needed), (wallet, tokens(125), tokens(126)));
    assert_eq!(setup.balance(setup.token, setup.owner()).await, tokens(125));
    assert_eq!(setup.balance(setup.token, wallet).await, U256::ZERO);
    assert_eq!(setup.balance(setup.token, setup.recipient()).await, U256::ZERO);
}

#[tokio::test]
async fn a_failing_main_call_with_abort_stops_before_the_fallback() {
    let (setup, configuration, run, wallet) = failing_main_call(ABORT).await;
    let receipt = setup.run(&configuration, &run, 0).await;

    assert!(receipt.status());
    assert_eq!(call_events(&receipt, wallet), [("aborted", 0)]);
    assert_eq!(setup.balance(setup.token, wallet).await, tokens(125));
    assert_eq!(setup.balance(setup.token, setup.owner()).await, U256::ZERO);
}

#[tokio::test]
async fn a_failing_main_call_with_revert_undoes_the_whole_transaction() {
    let (setup, configuration, run, wallet) = failing_main_call(REVERT).await;
    let signature = configuration.bundle_signature(0).unwrap();
    let batch = setup.batch(&configuration, &run, &signature);

    let inner = setup.guest_revert(batch.clone()).await;
    let IIntentWalletErrors::Reverted(inner) = inner else { panic!("{inner:?}") };
    assert_eq!(inner.index, U256::ZERO);
    assert!(IPermitToken::IPermitTokenErrors::abi_decode(&inner.returnData).is_ok());

    // Mined, it reverts: nothing deployed, nothing moved.
    assert!(setup.chain.send_data(EXECUTOR, setup.deployment.guest, batch).await.is_err());
    assert!(setup.chain.provider().get_code_at(wallet).await.unwrap().is_empty());
    assert_eq!(setup.balance(setup.token, wallet).await, tokens(125));
    assert_eq!(setup.balance(setup.token, setup.owner()).await, U256::ZERO);
}

#[tokio::test]
async fn the_owners_signature_moves_what_is_left_to_the_owner() {
    let setup = Setup::new().await;
    let (token, router) = (setup.token, setup.deployment.router);
    let run = bundle(vec![transfer(token, setup.recipient(), tokens(100), REVERT)], 0);
    let (configuration, wallet) = setup.funded(core::slice::from_ref(&run)).await;
    setup.run(&configuration, &run, 0).await;

    // Not a bundle of the configuration: the owner signs it for this wallet (nonce 1).
    let recovery = bundle(vec![sweep(router, token, setup.owner(), false)], 1);
    let digest = payload_hash_for(&recovery, wallet).unwrap();
    let packed = packed_payload(&recovery).unwrap();

    // Another key's signature recovers another configuration.
    let forged = configuration.owner_signature(&sign_digest(setup.chain.key(EXECUTOR), digest).unwrap());
    let error = setup.execute_revert(wallet, packed.clone(), forged).await;
    assert!(matches!(error, IIntentWalletErrors::InvalidSignature(_)), "{error:?}");

    let signature = configuration.owner_signature(&sign_digest(setup.chain.key(OWNER), digest).unwrap());
    let data = IIntentWallet::executeCall { payload: packed, signature }.abi_encode();
    let receipt = setup.chain.send_data(EXECUTOR, wallet, data.into()).await.unwrap();

    assert_eq!(call_events(&receipt, wallet), [("succeeded", 0)]);
    assert_eq!(setup.balance(token, setup.owner()).await, tokens(25));
    assert_eq!(setup.balance(token, wallet).await, U256::ZERO);
}

/// Uniswap V2 with a pool of the deposit token and another, 1,000 to 2,000, added by
/// account 0; the other token.
async fn pool(setup: &Setup) -> (Uniswap, Address) {
    let chain = &setup.chain;
    let uniswap = chain.deploy_uniswap().await.expect("uniswap deploys");
    let out = chain.deploy_permit_token("Out Token", "OUT").await.unwrap();
    chain
        .add_liquidity(&uniswap, [setup.token, out], [tokens(1_000), tokens(2_000)])
        .await
        .expect("the pool is funded");
    (uniswap, out)
}

#[tokio::test]
async fn an_exact_input_swap_through_uniswap_v2_pays_the_recipient() {
    let setup = Setup::new().await;
    let (uniswap, out) = pool(&setup).await;
    let router = IUniswapV2Router02::new(uniswap.router, setup.chain.provider());
    let path = vec![setup.token, out];
    let expected = router.getAmountsOut(tokens(125), path.clone()).call().await.unwrap()[1];
    let run = bundle(
        vec![
            call(setup.token, IPermitToken::approveCall { spender: uniswap.router, value: tokens(125) }, REVERT),
            call(
                uniswap.router,
                IUniswapV2Router02::swapExactTokensForTokensCall {
                    amountIn: tokens(125),
                    amountOutMin: expected,
                    path,
                    to: setup.recipient(),
                    deadline: U256::MAX,
                },
                REVERT,
            ),
        ],
        0,
    );
    let (configuration, wallet) = setup.funded(core::slice::from_ref(&run)).await;

    let receipt = setup.run(&configuration, &run, 0).await;

    assert_eq!(call_events(&receipt, wallet), [("succeeded", 0), ("succeeded", 1)]);
    assert!(expected > U256::ZERO);
    assert_eq!(setup.balance(out, setup.recipient()).await, expected);
    assert_eq!(setup.balance(setup.token, wallet).await, U256::ZERO);
}

#[tokio::test]
async fn an_exact_output_swap_then_a_sweep_returns_the_leftover_to_the_owner() {
    let setup = Setup::new().await;
    let (uniswap, out) = pool(&setup).await;
    let router = IUniswapV2Router02::new(uniswap.router, setup.chain.provider());
    let path = vec![setup.token, out];
    let wanted = tokens(100);
    let needed = router.getAmountsIn(wanted, path.clone()).call().await.unwrap()[0];
    let run = bundle(
        vec![
            call(setup.token, IPermitToken::approveCall { spender: uniswap.router, value: tokens(125) }, REVERT),
            call(
                uniswap.router,
                IUniswapV2Router02::swapTokensForExactTokensCall {
                    amountOut: wanted,
                    amountInMax: tokens(125),
                    path,
                    to: setup.recipient(),
                    deadline: U256::MAX,
                },
                REVERT,
            ),
            sweep(setup.deployment.router, setup.token, setup.owner(), false),
        ],
        0,
    );
    let (configuration, wallet) = setup.funded(core::slice::from_ref(&run)).await;

    let receipt = setup.run(&configuration, &run, 0).await;

    assert_eq!(call_events(&receipt, wallet), [("succeeded", 0), ("succeeded", 1), ("succeeded", 2)]);
    assert!(needed > U256::ZERO && needed < tokens(125));
    assert_eq!(setup.balance(out, setup.recipient()).await, wanted);
    assert_eq!(setup.balance(setup.token, setup.owner()).await, tokens(125) - needed);
    assert_eq!(setup.balance(setup.token, wallet).await, U256::ZERO);
    // The router ran as the wallet: its event is logged at the wallet's address.
    let swept = router_events::<IServiceRouter::Swept>(&receipt, wallet);
    assert_eq!(swept.len(), 1);
    assert_eq!((swept[0].token, swept[0].to, swept[0].amount), (setup.token, setup.owner(), tokens(125) - needed));
}

/// The router's `swapV2AndCall` of the deposit token for `out` through `uniswap`, handing the
/// output to `vault`'s `deposit(out, pulled)`, delegatecalled by the wallet (IGNORE).
fn swap_and_call(
    setup: &Setup,
    uniswap: &Uniswap,
    out: Address,
    exact_output: bool,
    amounts: [U256; 2],
    vault: Address,
    pulled: U256,
) -> Value {
    let swap = IServiceRouter::SwapV2 {
        router: uniswap.router,
        exactOutput: exact_output,
        amount: amounts[0],
        limit: amounts[1],
        path: vec![setup.token, out],
        deadline: U256::MAX,
    };
    let deposit = IRecordingVault::depositCall { token: out, amount: pulled }.abi_encode();
    let data = IServiceRouter::swapV2AndCallCall {
        swap,
        target: vault,
        spender: vault,
        value: U256::ZERO,
        data: deposit.into(),
    };
    json!({
        "to": setup.deployment.router,
        "data": Bytes::from(data.abi_encode()),
        "delegateCall": true,
        "behaviorOnError": IGNORE,
    })
}

/// A bundle of the router's swap into the wallet handed to a vault, the fallback refund and
/// the sweeps of what is left of both tokens; run on a wallet funded with 125 tokens. The
/// receipt, the wallet, the vault's record of the wallet and the owner's balance of `out`.
async fn swapped_into_a_vault(
    setup: &Setup,
    exact_output: bool,
    amounts: [U256; 2],
    pulled: U256,
) -> (TransactionReceipt, Address, Address, U256) {
    let (uniswap, out) = pool(setup).await;
    let vault = setup.chain.deploy("RecordingVault", &[]).await.expect("the vault deploys");
    let router = setup.deployment.router;
    let run = bundle(
        vec![
            swap_and_call(setup, &uniswap, out, exact_output, amounts, vault, pulled),
            sweep(router, setup.token, setup.owner(), true),
            sweep(router, setup.token, setup.owner(), false),
            sweep(router, out, setup.owner(), false),
        ],
        0,
    );
    let (configuration, wallet) = setup.funded(core::slice::from_ref(&run)).await;
    let receipt = setup.run(&configuration, &run, 0).await;
    assert!(receipt.status());
    let recorded = IRecordingVault::new(vault, setup.chain.provider()).deposited(out, wallet).call().await.unwrap();
    // Nothing is left in the wallet, and no allowance of it.
    for token in [setup.token, out] {
        assert_eq!(setup.balance(token, wallet).await, U256::ZERO);
        let erc20 = IPermitToken::new(token, setup.chain.provider());
        for spender in [uniswap.router, vault] {
            assert_eq!(erc20.allowance(wallet, spender).call().await.unwrap(), U256::ZERO);
        }
    }
    (receipt, wallet, out, recorded)
}

#[tokio::test]
async fn the_routers_exact_input_swap_pays_the_wallet_and_hands_the_output_to_the_destination_call() {
    let setup = Setup::new().await;
    // What `pool`'s 1,000 to 2,000 pays for 125, by Uniswap V2's formula (0.3% fee).
    let (amount_in, reserves) = (tokens(125) * U256::from(997), [tokens(1_000), tokens(2_000)]);
    let expected = amount_in * reserves[1] / (reserves[0] * U256::from(1_000) + amount_in);
    let least = tokens(200);
    let (receipt, wallet, out, recorded) = swapped_into_a_vault(&setup, false, [tokens(125), least], least).await;

    assert_eq!(call_events(&receipt, wallet), [("succeeded", 0), ("skipped", 1), ("succeeded", 2), ("succeeded", 3)]);
    assert_eq!(recorded, least, "the vault pulled what its call asked for, from the wallet");
    let swapped = router_events::<IServiceRouter::SwappedAndCalled>(&receipt, wallet);
    assert_eq!(swapped.len(), 1);
    let output = swapped[0].amountOut;
    assert_eq!((swapped[0].tokenIn, swapped[0].tokenOut, swapped[0].amountIn), (setup.token, out, tokens(125)));
    assert_eq!(output, expected);
    assert!(output >= least);
    // The output the vault did not pull went to the owner by the last sweep.
    assert_eq!(setup.balance(out, setup.owner()).await, output - least);
    assert_eq!(setup.balance(setup.token, setup.owner()).await, U256::ZERO);
}

#[tokio::test]
async fn the_routers_exact_output_swap_spends_what_it_needs_and_the_owner_gets_the_rest() {
    let setup = Setup::new().await;
    let (receipt, wallet, out, recorded) =
        swapped_into_a_vault(&setup, true, [tokens(100), tokens(125)], tokens(100)).await;

    assert_eq!(call_events(&receipt, wallet), [("succeeded", 0), ("skipped", 1), ("succeeded", 2), ("succeeded", 3)]);
    assert_eq!(recorded, tokens(100), "exactly the amount bought");
    let spent = tokens(125) - setup.balance(setup.token, setup.owner()).await;
    assert!(spent > U256::ZERO && spent < tokens(125), "the unspent input went back to the owner: {spent}");
    assert_eq!(setup.balance(out, setup.owner()).await, U256::ZERO);
}

#[tokio::test]
async fn a_destination_call_that_reverts_undoes_the_routers_swap_and_the_fallback_refunds_the_deposit() {
    let setup = Setup::new().await;
    // The vault asks for more than the swap bought: its pull reverts.
    let (receipt, wallet, out, recorded) =
        swapped_into_a_vault(&setup, false, [tokens(125), tokens(200)], tokens(300)).await;

    assert_eq!(call_events(&receipt, wallet), [("failed", 0), ("succeeded", 1), ("succeeded", 2), ("succeeded", 3)]);
    let reason = IPermitToken::IPermitTokenErrors::abi_decode(&first_failure(&receipt, wallet)).unwrap();
    let IPermitToken::IPermitTokenErrors::ERC20InsufficientAllowance(reason) = reason else { panic!("{reason:?}") };
    assert_eq!(reason.needed, tokens(300), "the vault's revert, passed through");
    assert_eq!(recorded, U256::ZERO);
    // The swap was undone: the whole deposit is back with the owner, nothing of `out` moved.
    assert_eq!(setup.balance(setup.token, setup.owner()).await, tokens(125));
    assert_eq!(setup.balance(out, setup.owner()).await, U256::ZERO);
}

#[tokio::test]
async fn every_flag_the_core_writes_is_decoded_to_the_payload_the_core_hashed() {
    // The widest space (20 bytes), a value and a gas limit, 256 calls (a two-byte count): a
    // payload the wallet decoded differently would hash differently and prove no leaf.
    let setup = Setup::new().await;
    let recipient = setup.recipient();
    let mut calls = vec![json!({"to": recipient, "value": "1000000000000000000", "gasLimit": "100000"})];
    calls.extend((1..256).map(|_| json!({"to": recipient, "behaviorOnError": REVERT})));
    let space = (U256::from(1) << 160_usize) - U256::from(1);
    let run: CallBundle = from_slice(
        &serde_json::to_vec(&json!({"chainId": CHAIN_ID, "space": space.to_string(), "calls": calls})).unwrap(),
    )
    .unwrap();
    let packed = packed_payload(&run).unwrap();
    assert_eq!(packed[0] & 0x21, 0x20, "a space and a two-byte count");
    assert_eq!(packed[1 + 20 + 1 + 2] & 0x0a, 0x0a, "the first call has a value and a gas limit");
    let (configuration, wallet) = setup.configuration(core::slice::from_ref(&run));
    // Native value sent to the address before the wallet exists.
    let fund = alloy_rpc_types_eth::TransactionRequest::default()
        .from(setup.chain.address(0))
        .to(wallet)
        .value(U256::from(3) * U256::from(10).pow(U256::from(18)));
    setup.chain.provider().send_transaction(fund).await.unwrap().get_receipt().await.unwrap();
    let before = setup.chain.native_balance(recipient).await.unwrap();

    let receipt = setup.run(&configuration, &run, 0).await;

    let events = call_events(&receipt, wallet);
    assert_eq!(events.len(), 256);
    assert!(events.iter().enumerate().all(|(index, event)| *event == ("succeeded", index as u64)));
    let after = setup.chain.native_balance(recipient).await.unwrap();
    assert_eq!(after - before, U256::from(10).pow(U256::from(18)));
    assert_eq!(setup.chain.native_balance(wallet).await.unwrap(), U256::from(2) * U256::from(10).pow(U256::from(18)));
    let wallet_contract = IIntentWallet::new(wallet, setup.chain.provider());
    assert_eq!(wallet_contract.readNonce(space).call().await.unwrap(), U256::from(1));
    assert_eq!(wallet_contract.readNonce(U256::ZERO).call().await.unwrap(), U256::ZERO);
}

#[tokio::test]
async fn a_second_bundle_runs_through_the_guest_on_the_wallet_already_deployed() {
    let setup = Setup::new().await;
    let first = bundle(vec![transfer(setup.token, setup.recipient(), tokens(100), REVERT)], 0);
    let second = bundle(vec![transfer(setup.token, setup.owner(), tokens(25), REVERT)], 1);
    let (configuration, wallet) = setup.funded(&[first.clone(), second.clone()]).await;
    setup.run(&configuration, &first, 0).await;

    let receipt = setup.run(&configuration, &second, 1).await;

    // At the guest: the deploy failed (DeployFailed, ignored), the execute succeeded.
    let guest = setup.deployment.guest;
    assert_eq!(call_events(&receipt, guest), [("failed", 0), ("succeeded", 1)]);
    let failed = first_failure(&receipt, guest);
    let reason = IIntentWalletFactory::IIntentWalletFactoryErrors::abi_decode(&failed).unwrap();
    assert!(matches!(reason, IIntentWalletFactory::IIntentWalletFactoryErrors::DeployFailed(_)), "{reason:?}");
    assert_eq!(call_events(&receipt, wallet), [("succeeded", 0)]);
    assert_eq!(setup.balance(setup.token, setup.recipient()).await, tokens(100));
    assert_eq!(setup.balance(setup.token, setup.owner()).await, tokens(25));
    assert_eq!(setup.balance(setup.token, wallet).await, U256::ZERO);
}

#[tokio::test]
async fn a_call_to_the_wallet_with_value_runs_nothing_and_keeps_the_value() {
    let setup = Setup::new().await;
    let run = bundle(vec![transfer(setup.token, setup.recipient(), tokens(10), REVERT)], 0);
    let (configuration, wallet) = setup.funded(core::slice::from_ref(&run)).await;
    let deploy =
        IIntentWalletFactory::deployCall { mainModule: setup.deployment.main_module, salt: configuration.image_hash() };
    setup.chain.send_data(EXECUTOR, setup.deployment.factory, deploy.abi_encode().into()).await.unwrap();

    let execute = IIntentWallet::executeCall {
        payload: packed_payload(&run).unwrap(),
        signature: configuration.bundle_signature(0).unwrap(),
    };
    let request = alloy_rpc_types_eth::TransactionRequest::default()
        .from(setup.chain.address(EXECUTOR))
        .to(wallet)
        .input(Bytes::from(execute.abi_encode()).into())
        .value(U256::from(7))
        .gas_limit(intent_chain_tests::wallet::GAS);
    let receipt = setup.chain.provider().send_transaction(request).await.unwrap().get_receipt().await.unwrap();

    assert!(receipt.status());
    assert!(receipt.inner.logs().is_empty());
    assert_eq!(setup.chain.native_balance(wallet).await.unwrap(), U256::from(7));
    assert_eq!(setup.balance(setup.token, wallet).await, tokens(125));
    let nonce = IIntentWallet::new(wallet, setup.chain.provider()).readNonce(U256::ZERO).call().await.unwrap();
    assert_eq!(nonce, U256::ZERO);
}

#[tokio::test]
async fn a_payload_shorter_than_its_fields_reverts() {
    let setup = Setup::new().await;
    let run = bundle(vec![transfer(setup.token, setup.recipient(), tokens(10), REVERT)], 0);
    let packed = packed_payload(&run).unwrap();
    // Without its last byte, the call's data is one byte short of its length.
    let batch = Bytes::copy_from_slice(&packed[..packed.len() - 1]);
    let request = alloy_rpc_types_eth::TransactionRequest::default()
        .from(setup.chain.address(EXECUTOR))
        .to(setup.deployment.guest)
        .input(batch.into());
    let error = setup.chain.provider().call(request).await.expect_err("a short payload reverts");
    let payload = error.as_error_resp().expect("a revert");
    assert!(payload.as_revert_data().is_none_or(|data| data.is_empty()), "{payload:?}");
    // Whole, the guest decodes it and runs the transfer, which fails (the guest holds no
    // tokens): its REVERT is the guest's `Reverted`.
    let whole = setup.chain.revert_of_call::<IIntentWalletErrors>(EXECUTOR, setup.deployment.guest, packed).await;
    assert!(matches!(whole.unwrap(), Some(IIntentWalletErrors::Reverted(_))));
}

/// A delegate call of the router with `data`, IGNORE.
fn router_call(setup: &Setup, data: Vec<u8>) -> Value {
    json!({"to": setup.deployment.router, "data": Bytes::from(data), "delegateCall": true, "behaviorOnError": IGNORE})
}

/// The router's swap of the wallet's whole balance of the deposit token for `out`.
fn balance_swap(
    uniswap: &Uniswap,
    from: Address,
    out: Address,
    exact_output: bool,
    amount: U256,
) -> IServiceRouter::BalanceSwapV2 {
    IServiceRouter::BalanceSwapV2 {
        router: uniswap.router,
        exactOutput: exact_output,
        amount,
        path: vec![from, out],
        deadline: U256::MAX,
    }
}

#[tokio::test]
async fn the_routers_balance_swap_spends_the_whole_balance_and_pays_the_recipient() {
    let setup = Setup::new().await;
    let (uniswap, out) = pool(&setup).await;
    let router = setup.deployment.router;
    // 125 deposited: the bundle never names the amount, the router swaps what is there.
    let (amount_in, reserves) = (tokens(125) * U256::from(997), [tokens(1_000), tokens(2_000)]);
    let expected = amount_in * reserves[1] / (reserves[0] * U256::from(1_000) + amount_in);
    let swap = balance_swap(&uniswap, setup.token, out, false, tokens(200));
    let run = bundle(
        vec![
            router_call(&setup, IServiceRouter::swapBalanceV2Call { swap, to: setup.recipient() }.abi_encode()),
            sweep(router, setup.token, setup.owner(), true),
        ],
        0,
    );
    let (configuration, wallet) = setup.funded(core::slice::from_ref(&run)).await;
    let receipt = setup.run(&configuration, &run, 0).await;

    assert_eq!(call_events(&receipt, wallet), [("succeeded", 0), ("skipped", 1)]);
    let swapped = router_events::<IServiceRouter::BalanceSwapped>(&receipt, wallet);
    assert_eq!(swapped.len(), 1);
    assert_eq!(
        (swapped[0].tokenIn, swapped[0].tokenOut, swapped[0].amountIn, swapped[0].amountOut, swapped[0].to),
        (setup.token, out, tokens(125), expected, setup.recipient())
    );
    assert_eq!(setup.balance(out, setup.recipient()).await, expected);
    assert_eq!(setup.balance(setup.token, wallet).await, U256::ZERO);
    assert_eq!(setup.allowance(setup.token, wallet, uniswap.router).await, U256::ZERO);
}

#[tokio::test]
async fn the_routers_exact_output_balance_swap_into_the_wallet_then_its_call_and_the_leftovers_to_the_owner() {
    let setup = Setup::new().await;
    let (uniswap, out) = pool(&setup).await;
    let vault = setup.chain.deploy("RecordingVault", &[]).await.expect("the vault deploys");
    let router = setup.deployment.router;
    let swap = balance_swap(&uniswap, setup.token, out, true, tokens(100));
    let deposit = IRecordingVault::depositCall { token: out, amount: tokens(100) }.abi_encode();
    let call = IServiceRouter::swapBalanceV2AndCallCall {
        swap,
        target: vault,
        spender: vault,
        value: U256::ZERO,
        data: deposit.into(),
    };
    let run = bundle(
        vec![
            router_call(&setup, call.abi_encode()),
            sweep(router, setup.token, setup.recipient(), true),
            sweep(router, setup.token, setup.owner(), false),
        ],
        0,
    );
    let (configuration, wallet) = setup.funded(core::slice::from_ref(&run)).await;
    let receipt = setup.run(&configuration, &run, 0).await;

    assert_eq!(call_events(&receipt, wallet), [("succeeded", 0), ("skipped", 1), ("succeeded", 2)]);
    let recorded = IRecordingVault::new(vault, setup.chain.provider()).deposited(out, wallet).call().await.unwrap();
    assert_eq!(recorded, tokens(100), "the vault pulled the balance the swap bought");
    let called = router_events::<IServiceRouter::CalledWithBalance>(&receipt, wallet);
    assert_eq!((called[0].token, called[0].amount, called[0].target), (out, tokens(100), vault));
    let spent = router_events::<IServiceRouter::BalanceSwapped>(&receipt, wallet)[0].amountIn;
    assert!(spent < tokens(125));
    assert_eq!(setup.balance(setup.token, setup.owner()).await, tokens(125) - spent, "the unspent balance");
    for token in [setup.token, out] {
        assert_eq!(setup.balance(token, wallet).await, U256::ZERO);
        let erc20 = IPermitToken::new(token, setup.chain.provider());
        for spender in [uniswap.router, vault] {
            assert_eq!(erc20.allowance(wallet, spender).call().await.unwrap(), U256::ZERO);
        }
    }
}

#[tokio::test]
async fn a_call_handed_the_balance_that_reverts_leaves_the_balance_to_the_fallback_sweep() {
    let setup = Setup::new().await;
    let vault = setup.chain.deploy("RecordingVault", &[]).await.expect("the vault deploys");
    let router = setup.deployment.router;
    // The vault asks for more than the wallet holds: its pull reverts, the fallback sends the
    // balance to the recipient.
    let deposit = IRecordingVault::depositCall { token: setup.token, amount: tokens(126) }.abi_encode();
    let call = IServiceRouter::callWithBalanceCall {
        token: setup.token,
        target: vault,
        spender: vault,
        value: U256::ZERO,
        data: deposit.into(),
    };
    let run = bundle(
        vec![
            router_call(&setup, call.abi_encode()),
            sweep(router, setup.token, setup.recipient(), true),
            sweep(router, setup.token, setup.owner(), false),
        ],
        0,
    );
    let (configuration, wallet) = setup.funded(core::slice::from_ref(&run)).await;
    let receipt = setup.run(&configuration, &run, 0).await;

    assert_eq!(call_events(&receipt, wallet), [("failed", 0), ("succeeded", 1), ("succeeded", 2)]);
    let reason = IPermitToken::IPermitTokenErrors::abi_decode(&first_failure(&receipt, wallet)).unwrap();
    assert!(matches!(reason, IPermitToken::IPermitTokenErrors::ERC20InsufficientAllowance(_)), "{reason:?}");
    assert_eq!(setup.balance(setup.token, setup.recipient()).await, tokens(125));
    assert_eq!(setup.balance(setup.token, wallet).await, U256::ZERO);
    assert_eq!(setup.allowance(setup.token, wallet, vault).await, U256::ZERO);
}

#[tokio::test]
async fn a_call_handed_a_zero_balance_is_no_balance() {
    let setup = Setup::new().await;
    let call = IServiceRouter::callWithBalanceCall {
        token: setup.token,
        target: setup.recipient(),
        spender: setup.recipient(),
        value: U256::ZERO,
        data: Bytes::new(),
    };
    let run = bundle(vec![router_call(&setup, call.abi_encode())], 0);
    let (configuration, wallet) = setup.configuration(core::slice::from_ref(&run));
    let receipt = setup.run(&configuration, &run, 0).await;

    assert_eq!(call_events(&receipt, wallet), [("failed", 0)]);
    let reason = IServiceRouter::IServiceRouterErrors::abi_decode(&first_failure(&receipt, wallet)).unwrap();
    assert_eq!(
        reason,
        IServiceRouter::IServiceRouterErrors::NoBalance(IServiceRouter::NoBalance { token: setup.token })
    );
}

#[tokio::test]
async fn the_routers_burn_sends_the_whole_usdc_balance_to_the_mint_recipient_and_resets_the_approval() {
    let setup = Setup::new().await;
    let chain = &setup.chain;
    let cctp = chain.deploy_cctp(0, &[chain.address(7)], 1, chain.address(8), U256::ZERO).await.unwrap();
    // A remote domain 1 whose messenger and token are made up: the burn only sends to it.
    let remote = intent_chain_tests::cctp::CctpDeployment {
        domain: 1,
        transmitter: Address::repeat_byte(0x71),
        messenger: Address::repeat_byte(0x72),
        usdc: Address::repeat_byte(0x73),
    };
    chain.link_cctp(&cctp, &remote).await.unwrap();
    let recipient = Address::repeat_byte(0x44);
    let burn = IServiceRouter::BalanceBurn {
        messenger: cctp.messenger,
        token: cctp.usdc,
        destinationDomain: 1,
        mintRecipient: intent_core::cctp::bytes32_of(recipient),
        maxFee: U256::from(500),
        minFinalityThreshold: 2000,
    };
    let router = setup.deployment.router;
    let run = bundle(
        vec![
            router_call(&setup, IServiceRouter::burnBalanceCall { burn }.abi_encode()),
            sweep(router, cctp.usdc, setup.owner(), true),
        ],
        0,
    );
    let (configuration, wallet) = setup.configuration(core::slice::from_ref(&run));
    chain.mint(cctp.usdc, wallet, U256::from(2_500_000)).await.unwrap();
    let receipt = setup.run(&configuration, &run, 0).await;

    assert_eq!(call_events(&receipt, wallet), [("succeeded", 0), ("skipped", 1)]);
    let messages = intent_chain_tests::cctp::messages_sent(&receipt, cctp.transmitter).unwrap();
    assert_eq!(messages.len(), 1);
    let body = intent_core::cctp::BurnMessage::from_bytes(&messages[0].body).unwrap();
    assert_eq!(body.amount, U256::from(2_500_000));
    assert_eq!(body.mint_recipient, intent_core::cctp::bytes32_of(recipient));
    assert_eq!(body.message_sender, intent_core::cctp::bytes32_of(wallet), "the wallet burned");
    assert_eq!(body.max_fee, U256::from(500));
    assert_eq!((messages[0].destination_domain, messages[0].min_finality_threshold), (1, 2000));
    let burned = router_events::<IServiceRouter::BalanceBurned>(&receipt, wallet);
    assert_eq!((burned[0].token, burned[0].amount, burned[0].destinationDomain), (cctp.usdc, U256::from(2_500_000), 1));
    assert_eq!(setup.balance(cctp.usdc, wallet).await, U256::ZERO);
    assert_eq!(setup.allowance(cctp.usdc, wallet, cctp.messenger).await, U256::ZERO);
    // A burn the messenger refuses (a balance not above the fee) fails the call, and the
    // fallback returns the balance.
    let burn = IServiceRouter::BalanceBurn {
        messenger: cctp.messenger,
        token: cctp.usdc,
        destinationDomain: 1,
        mintRecipient: intent_core::cctp::bytes32_of(recipient),
        maxFee: U256::from(500),
        minFinalityThreshold: 2000,
    };
    let refused = bundle(
        vec![
            router_call(&setup, IServiceRouter::burnBalanceCall { burn }.abi_encode()),
            sweep(router, cctp.usdc, setup.owner(), true),
        ],
        0,
    );
    let refused = CallBundle { space: Some(U256::from(1)), ..refused };
    let (configuration, wallet) = setup.configuration(core::slice::from_ref(&refused));
    chain.mint(cctp.usdc, wallet, U256::from(500)).await.unwrap();
    let receipt = setup.run(&configuration, &refused, 0).await;
    assert_eq!(call_events(&receipt, wallet), [("failed", 0), ("succeeded", 1)]);
    let reason =
        intent_contracts::ICctpTokenMessenger::ICctpTokenMessengerErrors::abi_decode(&first_failure(&receipt, wallet));
    assert!(
        matches!(reason, Ok(intent_contracts::ICctpTokenMessenger::ICctpTokenMessengerErrors::MaxFeeNotBelowAmount(_))),
        "{reason:?}"
    );
    assert_eq!(setup.balance(cctp.usdc, setup.owner()).await, U256::from(500));
}
