//! Deposits the contracts accept (docs/spec.md §5.1, §5.5): the entrypoint computes the
//! core's digest under default and custom names, and a deposit signed over the core's digest
//! moves the amount to the intent address and the fee to the collector, nonce after nonce.

use alloy_primitives::{keccak256, Address, U256};
use alloy_sol_types::SolEvent;
use intent_chain_tests::CHAIN_ID;
use intent_contracts::IServiceIntentEntrypoint::{self, IntentDeposited};
use intent_core::eip712::{DepositIntent, EntrypointDomain, EntrypointNames};
use intent_core::rules::deposit_intent_digest;

use crate::fixtures::{amount, custom_names, fee, minted, Setup, COLLECTOR, INTENT_ADDRESS};

/// A pseudo-random message: every field from keccak256 of its case number and position.
fn message(case: u64) -> DepositIntent {
    let word = |field: u8| U256::from_be_bytes(keccak256([&case.to_be_bytes()[..], &[field]].concat()).0);
    let address = |field: u8| Address::from_word(keccak256([&case.to_be_bytes()[..], &[field]].concat()));
    DepositIntent {
        user: address(0),
        token: address(1),
        amount: word(2),
        intent_address: address(3),
        deadline: word(4),
        chain_id: U256::from(CHAIN_ID),
        nonce: word(6),
        fee_amount: word(7),
        fee_collector: address(8),
    }
}

#[tokio::test]
async fn the_entrypoint_computes_the_cores_type_hash_domain_and_digests_under_default_and_custom_names() {
    for names in [EntrypointNames::DEFAULT, custom_names()] {
        let setup = Setup::new(names.clone()).await;
        let entrypoint = IServiceIntentEntrypoint::new(setup.entrypoint, setup.chain.provider());
        let domain = EntrypointDomain::new(&names, CHAIN_ID, setup.entrypoint);

        assert_eq!(entrypoint.INTENT_TYPEHASH().call().await.unwrap(), names.type_hash());
        assert_eq!(entrypoint.DOMAIN_SEPARATOR().call().await.unwrap(), domain.separator());
        let reported = entrypoint.eip712Domain().call().await.unwrap();
        assert_eq!(
            (reported.name, reported.version, reported.chainId, reported.verifyingContract),
            (names.domain_name.to_string(), names.domain_version.to_string(), U256::from(CHAIN_ID), setup.entrypoint)
        );

        for case in 0..32 {
            let m = message(case);
            let on_chain = setup.chain.intent_digest(setup.entrypoint, &m).await.unwrap();
            assert_eq!(on_chain, domain.digest(&m), "case {case} under {names:?}");
        }

        let signature = setup.deposit_signature(1_800_000_000, 7, None);
        let m = intent_core::rules::deposit_intent(&setup.intent(), &signature).unwrap();
        let on_chain = setup.chain.intent_digest(setup.entrypoint, &m).await.unwrap();
        assert_eq!(on_chain, deposit_intent_digest(&setup.intent(), &signature, &names).unwrap());
    }
}

/// Relays a deposit at `nonce` signed under `names` and checks what moved.
async fn deposit_and_check(setup: &Setup, names: &EntrypointNames, nonce: u64) {
    let user = setup.user();
    let (intent_address, collector) = (setup.chain.address(INTENT_ADDRESS), setup.chain.address(COLLECTOR));
    let before = (setup.balance(user).await, setup.balance(intent_address).await, setup.balance(collector).await);
    assert_eq!(setup.entrypoint_nonce(user).await, U256::from(nonce));

    let signature = setup.deposit_signature(setup.deadline().await, nonce, None);
    let (message, signed) = setup.sign_intent(&signature, names);
    let receipt = setup.chain.relay_deposit(setup.entrypoint, &message, &signed.to_bytes(), None).await.unwrap();

    assert_eq!(setup.balance(user).await, before.0 - amount() - fee());
    assert_eq!(setup.balance(intent_address).await, before.1 + amount());
    assert_eq!(setup.balance(collector).await, before.2 + fee());
    assert_eq!(setup.entrypoint_nonce(user).await, U256::from(nonce + 1));
    let event = receipt.inner.logs().iter().find_map(|log| IntentDeposited::decode_log(&log.inner).ok()).unwrap();
    assert_eq!(
        (event.user, event.token, event.intentAddress, event.amount, event.nonce, event.feeAmount, event.feeCollector),
        (user, setup.token, intent_address, amount(), U256::from(nonce), fee(), collector)
    );
}

#[tokio::test]
async fn a_deposit_signed_over_the_cores_digest_moves_amount_and_fee_at_nonce_0_then_1() {
    let setup = Setup::new(EntrypointNames::DEFAULT).await;
    setup.chain.approve(setup.token, setup.user(), setup.entrypoint, minted()).await.unwrap();
    deposit_and_check(&setup, &EntrypointNames::DEFAULT, 0).await;
    deposit_and_check(&setup, &EntrypointNames::DEFAULT, 1).await;
}

#[tokio::test]
async fn an_entrypoint_with_custom_names_accepts_the_cores_digest_under_those_names() {
    let setup = Setup::new(custom_names()).await;
    setup.chain.approve(setup.token, setup.user(), setup.entrypoint, minted()).await.unwrap();
    deposit_and_check(&setup, &custom_names(), 0).await;
    deposit_and_check(&setup, &custom_names(), 1).await;
}

#[tokio::test]
async fn a_deadline_equal_to_the_blocks_timestamp_is_still_valid_as_the_core_reads_it() {
    // docs/spec.md §6: valid while floor(now) ≤ deadline; the contract reverts only when
    // block.timestamp > deadline.
    let setup = Setup::new(EntrypointNames::DEFAULT).await;
    setup.chain.approve(setup.token, setup.user(), setup.entrypoint, minted()).await.unwrap();
    let deadline = setup.chain.next_timestamp().await.unwrap();
    let signature = setup.deposit_signature(deadline, 0, None);
    let (message, signed) = setup.sign_intent(&signature, &EntrypointNames::DEFAULT);
    let receipt = setup.chain.relay_deposit(setup.entrypoint, &message, &signed.to_bytes(), None).await.unwrap();
    let block = receipt.block_number.unwrap();
    let mined = setup.chain.provider();
    let header = alloy_provider::Provider::get_block_by_number(mined, block.into()).await.unwrap().unwrap().header;
    assert_eq!(header.timestamp, deadline);
}
