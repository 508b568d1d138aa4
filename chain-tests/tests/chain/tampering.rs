//! Deposits the entrypoint refuses, one broken rule each, with the decoded custom error
//! (docs/spec.md §5.5): the nonce, the user's tokens and the collector's stay as they were.

use alloy_primitives::{Address, U256};
use intent_chain_tests::sign::{sign_digest, with_v_0_or_1};
use intent_contracts::IPermitToken::{
    self, ERC20InsufficientAllowance, ERC20InsufficientBalance, IPermitTokenErrors as TokenErrors,
};
use intent_contracts::IServiceIntentEntrypoint::{
    ECDSAInvalidSignature, ECDSAInvalidSignatureS, IServiceIntentEntrypointErrors as Errors, IntentExpired,
    InvalidIntentSignature, InvalidNonce, SafeERC20FailedOperation,
};
use intent_core::eip712::{EntrypointNames, Signature};

use crate::fixtures::{amount, custom_names, minted, reverted, Setup, COLLECTOR, STRANGER, USER};

/// A node whose user approved the entrypoint for everything.
async fn approved() -> Setup {
    let setup = Setup::new(EntrypointNames::DEFAULT).await;
    setup.chain.approve(setup.token, setup.user(), setup.entrypoint, minted()).await.unwrap();
    setup
}

/// Relays `message` with `raw` and returns the decoded revert, after checking that nothing moved.
async fn refused(setup: &Setup, message: &intent_core::eip712::DepositIntent, raw: &[u8]) -> Errors {
    let user = setup.user();
    let before = (setup.entrypoint_nonce(user).await, setup.balance(user).await);
    let error = reverted::<_, Errors>(setup.chain.relay_deposit(setup.entrypoint, message, raw, None).await);
    assert_eq!((setup.entrypoint_nonce(user).await, setup.balance(user).await), before);
    assert_eq!(setup.balance(setup.chain.address(COLLECTOR)).await, U256::ZERO);
    error
}

#[tokio::test]
async fn another_signer_is_invalid_intent_signature() {
    let setup = approved().await;
    let signature = setup.deposit_signature(setup.deadline().await, 0, None);
    let (message, signed) = setup.sign_intent_with(STRANGER, &signature, &EntrypointNames::DEFAULT);
    let error = refused(&setup, &message, &signed.to_bytes()).await;
    assert_eq!(error, Errors::InvalidIntentSignature(InvalidIntentSignature {}));
}

#[tokio::test]
async fn a_nonce_other_than_the_users_next_is_invalid_nonce() {
    let setup = approved().await;
    let signature = setup.deposit_signature(setup.deadline().await, 1, None);
    let (message, signed) = setup.sign_intent(&signature, &EntrypointNames::DEFAULT);
    let error = refused(&setup, &message, &signed.to_bytes()).await;
    assert_eq!(error, Errors::InvalidNonce(InvalidNonce {}));
}

#[tokio::test]
async fn a_deposit_relayed_twice_is_invalid_nonce_the_second_time() {
    let setup = approved().await;
    let signature = setup.deposit_signature(setup.deadline().await, 0, None);
    let (message, signed) = setup.sign_intent(&signature, &EntrypointNames::DEFAULT);
    setup.chain.relay_deposit(setup.entrypoint, &message, &signed.to_bytes(), None).await.unwrap();
    let user = setup.user();
    let before = setup.balance(user).await;
    let error =
        reverted::<_, Errors>(setup.chain.relay_deposit(setup.entrypoint, &message, &signed.to_bytes(), None).await);
    assert_eq!(error, Errors::InvalidNonce(InvalidNonce {}));
    assert_eq!((setup.entrypoint_nonce(user).await, setup.balance(user).await), (U256::from(1), before));
}

#[tokio::test]
async fn a_signature_under_other_entrypoint_names_is_invalid_intent_signature() {
    let setup = approved().await;
    let signature = setup.deposit_signature(setup.deadline().await, 0, None);
    for names in [
        custom_names(),
        EntrypointNames { type_name: "ServiceIntentV2".into(), ..EntrypointNames::DEFAULT },
        EntrypointNames { domain_name: "ServiceIntentEntrypointV2".into(), ..EntrypointNames::DEFAULT },
        EntrypointNames { domain_version: "2".into(), ..EntrypointNames::DEFAULT },
    ] {
        let (message, signed) = setup.sign_intent(&signature, &names);
        let error = refused(&setup, &message, &signed.to_bytes()).await;
        assert_eq!(error, Errors::InvalidIntentSignature(InvalidIntentSignature {}), "{names:?}");
    }
}

#[tokio::test]
async fn a_field_changed_after_signing_is_invalid_intent_signature() {
    let setup = approved().await;
    let signature = setup.deposit_signature(setup.deadline().await, 0, None);
    let (message, signed) = setup.sign_intent(&signature, &EntrypointNames::DEFAULT);
    let mut raised = message;
    raised.fee_amount += U256::from(1);
    let error = refused(&setup, &raised, &signed.to_bytes()).await;
    assert_eq!(error, Errors::InvalidIntentSignature(InvalidIntentSignature {}));
}

#[tokio::test]
async fn a_deadline_before_the_blocks_timestamp_is_intent_expired() {
    let setup = approved().await;
    let deadline = setup.chain.next_timestamp().await.unwrap() - 1;
    let signature = setup.deposit_signature(deadline, 0, None);
    let (message, signed) = setup.sign_intent(&signature, &EntrypointNames::DEFAULT);
    let error = refused(&setup, &message, &signed.to_bytes()).await;
    assert_eq!(error, Errors::IntentExpired(IntentExpired {}));
}

#[tokio::test]
async fn v_0_or_1_is_ecdsa_invalid_signature_and_the_cores_to_bytes_is_accepted() {
    let setup = approved().await;
    let signature = setup.deposit_signature(setup.deadline().await, 0, None);
    let (message, signed) = setup.sign_intent(&signature, &EntrypointNames::DEFAULT);
    let low_v = with_v_0_or_1(&signed);
    assert!(matches!(low_v[64], 0 | 1));

    let error = refused(&setup, &message, &low_v).await;
    assert_eq!(error, Errors::ECDSAInvalidSignature(ECDSAInvalidSignature {}));

    // The core accepts the v 0/1 form as the same signature, and its relayable form passes.
    let read = Signature::from_bytes(&low_v).unwrap();
    assert_eq!(read, signed);
    setup.chain.relay_deposit(setup.entrypoint, &message, &read.to_bytes(), None).await.unwrap();
    assert_eq!(setup.entrypoint_nonce(setup.user()).await, U256::from(1));
}

#[tokio::test]
async fn s_above_half_the_order_is_ecdsa_invalid_signature_s_as_the_core_refuses_it() {
    let setup = approved().await;
    let signature = setup.deposit_signature(setup.deadline().await, 0, None);
    let (message, signed) = setup.sign_intent(&signature, &EntrypointNames::DEFAULT);
    // The same point's other signature: s' = n - s with the parity flipped (EIP-2 forbids it).
    let n = U256::from_str_radix("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16).unwrap();
    let high_s = n - signed.s();
    let mut raw = signed.to_bytes();
    raw[32..64].copy_from_slice(&high_s.to_be_bytes::<32>());
    raw[64] = if signed.v() == 27 { 28 } else { 27 };
    assert_eq!(Signature::from_bytes(&raw).unwrap_err().reason(), intent_core::Reason::InvalidSignature);

    let error = refused(&setup, &message, &raw).await;
    assert_eq!(error, Errors::ECDSAInvalidSignatureS(ECDSAInvalidSignatureS { s: high_s.into() }));
}

#[tokio::test]
async fn a_deposit_without_allowance_reverts_with_the_tokens_error_and_keeps_the_nonce() {
    let setup = Setup::new(EntrypointNames::DEFAULT).await;
    let signature = setup.deposit_signature(setup.deadline().await, 0, None);
    let (message, signed) = setup.sign_intent(&signature, &EntrypointNames::DEFAULT);
    let error = setup.chain.relay_deposit(setup.entrypoint, &message, &signed.to_bytes(), None).await;
    let error = reverted::<_, TokenErrors>(error);
    let expected = ERC20InsufficientAllowance { spender: setup.entrypoint, allowance: U256::ZERO, needed: amount() };
    assert_eq!(error, TokenErrors::ERC20InsufficientAllowance(expected));
    assert_eq!(setup.entrypoint_nonce(setup.user()).await, U256::ZERO);
}

#[tokio::test]
async fn a_deposit_after_the_user_spent_the_balance_reverts_with_the_tokens_error_and_keeps_the_nonce() {
    let setup = approved().await;
    let signature = setup.deposit_signature(setup.deadline().await, 0, None);
    let (message, signed) = setup.sign_intent(&signature, &EntrypointNames::DEFAULT);
    let token = IPermitToken::new(setup.token, setup.chain.provider());
    let spend = token.transfer(setup.chain.address(STRANGER), minted()).from(setup.user());
    spend.send().await.unwrap().get_receipt().await.unwrap();

    let error = setup.chain.relay_deposit(setup.entrypoint, &message, &signed.to_bytes(), None).await;
    let error = reverted::<_, TokenErrors>(error);
    let expected = ERC20InsufficientBalance { sender: setup.user(), balance: U256::ZERO, needed: amount() };
    assert_eq!(error, TokenErrors::ERC20InsufficientBalance(expected));
    assert_eq!(setup.entrypoint_nonce(setup.user()).await, U256::ZERO);
}

#[tokio::test]
async fn a_gasless_deposit_of_the_native_token_is_safe_erc20_failed_operation() {
    // The core refuses it first (GASLESS_NATIVE_DEPOSIT); the entrypoint moves ERC-20 tokens only.
    let setup = approved().await;
    let signature = setup.deposit_signature(setup.deadline().await, 0, None);
    let (mut message, _) = setup.sign_intent(&signature, &EntrypointNames::DEFAULT);
    message.token = Address::ZERO;
    let digest = setup.chain.intent_digest(setup.entrypoint, &message).await.unwrap();
    let signed = sign_digest(setup.chain.key(USER), digest).unwrap();
    let error = refused(&setup, &message, &signed.to_bytes()).await;
    assert_eq!(error, Errors::SafeERC20FailedOperation(SafeERC20FailedOperation { token: Address::ZERO }));
}

#[tokio::test]
async fn the_checks_run_in_the_documented_order_deadline_nonce_signature() {
    let setup = approved().await;
    // Expired, at the wrong nonce and by another signer: the deadline is checked first.
    let expired = setup.chain.next_timestamp().await.unwrap() - 1;
    let signature = setup.deposit_signature(expired, 1, None);
    let (message, signed) = setup.sign_intent_with(STRANGER, &signature, &EntrypointNames::DEFAULT);
    assert_eq!(refused(&setup, &message, &signed.to_bytes()).await, Errors::IntentExpired(IntentExpired {}));
    // At the wrong nonce and by another signer: the nonce is checked before the signature.
    let signature = setup.deposit_signature(setup.deadline().await, 1, None);
    let (message, signed) = setup.sign_intent_with(STRANGER, &signature, &EntrypointNames::DEFAULT);
    assert_eq!(refused(&setup, &message, &signed.to_bytes()).await, Errors::InvalidNonce(InvalidNonce {}));
}
