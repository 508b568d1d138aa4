//! The core's deposit-hash rules (docs/spec.md §6.5, §7) fed what a real node says: for each
//! DEPOSIT_* reason a real transaction on Anvil (reverted, too few confirmations, another
//! token, another recipient, a short amount, read for an intent of another chain, the
//! evidence of another transaction), and the accepted ERC-20 and native deposits. The
//! receipt, the transaction, the chain id and the head block are read with alloy's provider
//! as the node writes them and parsed into the core's `DepositEvidence`.

use alloy_network::TransactionBuilder;
use alloy_primitives::{Address, TxHash, U256};
use alloy_provider::ext::AnvilApi;
use alloy_provider::Provider;
use alloy_rpc_types_eth::TransactionRequest;
use intent_chain_tests::Chain;
use intent_contracts::IPermitToken;
use intent_core::rules::{check_execute, ExecuteContext};
use intent_core::{
    from_slice, ChainFacts, DepositEvidence, ExecuteRequest, Intent, Problem, Reason, Timestamp, UnknownMembers,
};

use crate::fixtures::{amount, minted, INTENT_ADDRESS, USER};

/// One ether, the native deposit.
fn ether() -> U256 {
    U256::from(1_000_000_000_000_000_000_u128)
}

/// What the node says now about the transaction `hash`.
async fn evidence(chain: &Chain, hash: TxHash) -> DepositEvidence {
    let provider = chain.provider();
    let raw = |method: &'static str| async move {
        provider.raw_request::<_, serde_json::Value>(method.into(), (hash,)).await.unwrap()
    };
    let chain_id: serde_json::Value = provider.raw_request("eth_chainId".into(), ()).await.unwrap();
    let head: serde_json::Value = provider.raw_request("eth_blockNumber".into(), ()).await.unwrap();
    let document = serde_json::json!({
        "chainId": chain_id,
        "headBlockNumber": head,
        "receipt": raw("eth_getTransactionReceipt").await,
        "transaction": raw("eth_getTransactionByHash").await,
    });
    from_slice(document.to_string().as_bytes()).unwrap_or_else(|e| panic!("the node's evidence reads: {e}"))
}

/// The example intent depositing `amount` of `token` to the intent address on `chain_id`.
fn intent(chain: &Chain, chain_id: u64, token: Address, amount: U256) -> Intent {
    let mut intent: Intent = from_slice(include_bytes!("../../../examples/intent.json")).unwrap();
    intent.owner_address = chain.address(USER);
    intent.origin_chain_id = chain_id;
    intent.deposit_transaction.to_address = chain.address(INTENT_ADDRESS);
    intent.deposit_transaction.token_address = token;
    intent.deposit_transaction.amount = amount;
    intent
}

/// The core's verdict on a deposit-hash request naming `hash`, with `evidence` and
/// `confirmations`.
fn verdict(intent: &Intent, hash: TxHash, evidence: &DepositEvidence, confirmations: u64) -> Result<(), Problem> {
    let request = ExecuteRequest {
        deposit_signature: None,
        deposit_transaction_hash: Some(hash),
        intent_id: intent.intent_id.clone(),
        unknown: UnknownMembers::new(),
    };
    let facts = ChainFacts::with_deposit_evidence(evidence);
    let context = ExecuteContext {
        intent,
        gas_fee_options: None,
        now: Timestamp::MIN,
        window_closes_at: None,
        facts: &facts,
        entrypoint: &intent_core::eip712::EntrypointNames::DEFAULT,
        deposit_confirmations: confirmations,
    };
    check_execute(&request, &context).map_err(|error| {
        assert_eq!(error.path(), Some("depositTransactionHash"), "{error}");
        error.problem().clone()
    })
}

fn reason(result: Result<(), Problem>) -> Option<Reason> {
    result.err().map(|problem| problem.reason())
}

fn contradicted(result: Result<(), Problem>) -> &'static str {
    match result {
        Err(Problem::DepositMismatch { field, .. }) => field,
        other => panic!("not a deposit mismatch: {other:?}"),
    }
}

#[tokio::test]
async fn the_core_judges_real_deposits_as_the_chain_says() {
    let chain = Chain::start().await.unwrap();
    let (user, intent_address) = (chain.address(USER), chain.address(INTENT_ADDRESS));
    let chain_id = chain.provider().get_chain_id().await.unwrap();
    let token = chain.deploy_permit_token("Deposit Token", "DPT").await.unwrap();
    let other_token = chain.deploy_permit_token("Other Token", "OTT").await.unwrap();
    chain.mint(token, user, minted()).await.unwrap();
    chain.mint(other_token, user, minted()).await.unwrap();
    let provider = chain.provider();
    let deposit = IPermitToken::new(token, provider);
    let other = IPermitToken::new(other_token, provider);
    let erc20_intent = intent(&chain, chain_id, token, amount());

    // The ERC-20 deposit: accepted at once with one confirmation; with three wanted, only
    // after two more blocks.
    let paid = deposit.transfer(intent_address, amount()).from(user).send().await.unwrap().watch().await.unwrap();
    let now = evidence(&chain, paid).await;
    verdict(&erc20_intent, paid, &now, 1).unwrap();
    let error = verdict(&erc20_intent, paid, &now, 3);
    assert_eq!(error, Err(Problem::DepositUnconfirmed { confirmations: U256::from(1), required: 3 }));
    provider.anvil_mine(Some(2), None).await.unwrap();
    verdict(&erc20_intent, paid, &evidence(&chain, paid).await, 3).unwrap();

    // Read for an intent of another chain; and the evidence of another transaction.
    let elsewhere = intent(&chain, chain_id + 1, token, amount());
    assert_eq!(reason(verdict(&elsewhere, paid, &now, 1)), Some(Reason::DepositWrongChain));

    // The native deposit: the transaction's recipient and value.
    let native_intent = intent(&chain, chain_id, Address::ZERO, ether());
    let native = TransactionRequest::default().with_from(user).with_to(intent_address).with_value(ether());
    let native = provider.send_transaction(native).await.unwrap().watch().await.unwrap();
    let native_evidence = evidence(&chain, native).await;
    verdict(&native_intent, native, &native_evidence, 1).unwrap();
    assert_eq!(reason(verdict(&erc20_intent, paid, &native_evidence, 1)), Some(Reason::DepositHashMismatch));
    let more = intent(&chain, chain_id, Address::ZERO, ether() + U256::from(1));
    assert_eq!(contradicted(verdict(&more, native, &native_evidence, 1)), "amount");
    let to_user = TransactionRequest::default().with_from(user).with_to(chain.address(0)).with_value(ether());
    let to_user = provider.send_transaction(to_user).await.unwrap().watch().await.unwrap();
    assert_eq!(contradicted(verdict(&native_intent, to_user, &evidence(&chain, to_user).await, 1)), "toAddress");

    // A transfer that reverts (more than the user holds), mined with a fixed gas limit.
    let too_much = deposit.transfer(intent_address, minted() * U256::from(2)).from(user).gas(100_000);
    let reverted = too_much.send().await.unwrap().watch().await.unwrap();
    let reverted_evidence = evidence(&chain, reverted).await;
    assert_eq!(
        verdict(&erc20_intent, reverted, &reverted_evidence, 1),
        Err(Problem::DepositReverted { status: U256::ZERO })
    );

    // Another token, another recipient, a short amount.
    let other_paid = other.transfer(intent_address, amount()).from(user).send().await.unwrap().watch().await.unwrap();
    assert_eq!(
        contradicted(verdict(&erc20_intent, other_paid, &evidence(&chain, other_paid).await, 1)),
        "tokenAddress"
    );
    let to_other = deposit.transfer(chain.address(0), amount()).from(user).send().await.unwrap().watch().await.unwrap();
    assert_eq!(contradicted(verdict(&erc20_intent, to_other, &evidence(&chain, to_other).await, 1)), "toAddress");
    let short = amount() - U256::from(1);
    let short = deposit.transfer(intent_address, short).from(user).send().await.unwrap().watch().await.unwrap();
    assert_eq!(contradicted(verdict(&erc20_intent, short, &evidence(&chain, short).await, 1)), "amount");
}
