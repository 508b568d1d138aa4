//! Gasless deposits with permits the contracts accept and refuse (docs/spec.md §5.2, §5.5):
//! the core's ERC-2612 permit in entrypoint mode (through `depositToIntentWithPermit`) and
//! in permit-only mode (the token's own `permit`, spender the intent address), and the
//! core's DAI-style permit. The token's domain and the owner's permit nonce are read from
//! the chain, as a verifier would.

use alloy_primitives::{Address, U256};
use intent_chain_tests::relay::PermitArgs;
use intent_chain_tests::sign::{relayable, sign_digest, with_v_0_or_1};
use intent_chain_tests::{Error, CHAIN_ID};
use intent_contracts::IDaiPermit::{self, IDaiPermitErrors, PermitExpired, PermitInvalidNonce, PermitInvalidSignature};
use intent_contracts::IPermitToken::{
    self, ECDSAInvalidSignature, ERC2612InvalidSigner, IPermitTokenErrors as TokenErrors,
};
use intent_core::eip712::{DaiPermit, Domain, EntrypointNames};
use intent_core::rules::{deposit_permit, deposit_permit_digest, GaslessMode};

use crate::fixtures::{amount, fee, reverted, Setup, COLLECTOR, INTENT_ADDRESS, STRANGER, USER};

/// Relays a deposit at entrypoint nonce `nonce` with a permit signed by `permit_signer` over
/// the core's entrypoint-mode permit digest at the token nonce read from the chain.
async fn relay_with_permit(setup: &Setup, nonce: u64, permit_signer: usize, low_v: bool) -> Result<(), Error> {
    let permit_amount = amount() + fee();
    let signature = setup.deposit_signature(setup.deadline().await, nonce, Some(permit_amount));
    let (message, signed) = setup.sign_intent(&signature, &EntrypointNames::DEFAULT);
    let token_nonce = setup.token_nonce(setup.user()).await;
    let domain = setup.token_domain().await;
    let digest = deposit_permit_digest(&setup.intent(), &signature, GaslessMode::Entrypoint, &domain, token_nonce)?;
    let permit = sign_digest(setup.chain.key(permit_signer), digest)?;
    let permit_raw = if low_v { with_v_0_or_1(&permit) } else { permit.to_bytes() };
    let permit = PermitArgs { amount: permit_amount, signature: &permit_raw };
    setup.chain.relay_deposit(setup.entrypoint, &message, &signed.to_bytes(), Some(permit)).await.map(drop)
}

#[tokio::test]
async fn the_tokens_domain_is_the_one_the_core_hashes() {
    let setup = Setup::new(EntrypointNames::DEFAULT).await;
    let domain = setup.token_domain().await;
    let expected = Domain {
        name: Some("Deposit Token".into()),
        version: Some("1".into()),
        chain_id: Some(U256::from(CHAIN_ID)),
        verifying_contract: Some(setup.token),
        salt: None,
    };
    assert_eq!(domain, expected);
    let token = IPermitToken::new(setup.token, setup.chain.provider());
    assert_eq!(token.DOMAIN_SEPARATOR().call().await.unwrap(), expected.separator());
}

#[tokio::test]
async fn entrypoint_mode_with_a_permit_moves_amount_and_fee_and_bumps_both_nonces_0_then_1() {
    let setup = Setup::new(EntrypointNames::DEFAULT).await;
    let user = setup.user();
    let (intent_address, collector) = (setup.chain.address(INTENT_ADDRESS), setup.chain.address(COLLECTOR));
    for nonce in 0..2u64 {
        let before = setup.balance(user).await;
        assert_eq!(
            (setup.entrypoint_nonce(user).await, setup.token_nonce(user).await),
            (U256::from(nonce), U256::from(nonce))
        );
        relay_with_permit(&setup, nonce, USER, false).await.unwrap();
        assert_eq!(setup.balance(user).await, before - amount() - fee());
        let after = U256::from(nonce + 1);
        assert_eq!((setup.entrypoint_nonce(user).await, setup.token_nonce(user).await), (after, after));
    }
    assert_eq!(setup.balance(intent_address).await, amount() * U256::from(2));
    assert_eq!(setup.balance(collector).await, fee() * U256::from(2));
}

#[tokio::test]
async fn a_permit_by_another_signer_reverts_with_the_tokens_erc2612_invalid_signer() {
    let setup = Setup::new(EntrypointNames::DEFAULT).await;
    let error = reverted::<_, TokenErrors>(relay_with_permit(&setup, 0, STRANGER, false).await);
    let TokenErrors::ERC2612InvalidSigner(ERC2612InvalidSigner { signer, owner }) = error else {
        panic!("expected ERC2612InvalidSigner, got {error:?}");
    };
    assert_eq!((signer, owner), (setup.chain.address(STRANGER), setup.user()));
    assert_eq!(
        (setup.entrypoint_nonce(setup.user()).await, setup.token_nonce(setup.user()).await),
        (U256::ZERO, U256::ZERO)
    );
}

#[tokio::test]
async fn a_permit_with_v_0_or_1_reverts_with_the_tokens_ecdsa_invalid_signature() {
    let setup = Setup::new(EntrypointNames::DEFAULT).await;
    let error = reverted::<_, TokenErrors>(relay_with_permit(&setup, 0, USER, true).await);
    assert_eq!(error, TokenErrors::ECDSAInvalidSignature(ECDSAInvalidSignature {}));
    assert_eq!(setup.entrypoint_nonce(setup.user()).await, U256::ZERO);
}

#[tokio::test]
async fn a_permit_someone_submitted_first_still_lets_the_deposit_through() {
    // Front-running the permit from the mempool must not block the deposit: the allowance it
    // set is there, so the entrypoint goes on (docs/spec.md §5.5).
    let setup = Setup::new(EntrypointNames::DEFAULT).await;
    let permit_amount = amount() + fee();
    let signature = setup.deposit_signature(setup.deadline().await, 0, Some(permit_amount));
    let (message, signed) = setup.sign_intent(&signature, &EntrypointNames::DEFAULT);
    let domain = setup.token_domain().await;
    let digest =
        deposit_permit_digest(&setup.intent(), &signature, GaslessMode::Entrypoint, &domain, U256::ZERO).unwrap();
    let permit = sign_digest(setup.chain.key(USER), digest).unwrap();
    let (v, r, s) = relayable(&permit);
    let token = IPermitToken::new(setup.token, setup.chain.provider());
    let front_run = token.permit(setup.user(), setup.entrypoint, permit_amount, message.deadline, v, r, s);
    front_run.from(setup.chain.address(STRANGER)).send().await.unwrap().get_receipt().await.unwrap();

    let raw = permit.to_bytes();
    let permit = PermitArgs { amount: permit_amount, signature: &raw };
    setup.chain.relay_deposit(setup.entrypoint, &message, &signed.to_bytes(), Some(permit)).await.unwrap();
    assert_eq!(setup.balance(setup.chain.address(INTENT_ADDRESS)).await, amount());
    assert_eq!(setup.entrypoint_nonce(setup.user()).await, U256::from(1));
}

#[tokio::test]
async fn permit_only_mode_sets_the_intent_addresss_allowance_which_it_can_pull() {
    let setup = Setup::new(EntrypointNames::DEFAULT).await;
    let user = setup.user();
    let intent_address = setup.chain.address(INTENT_ADDRESS);
    let permit_amount = amount() + fee();
    // Permit-only: no intent signature, no user nonce; the permit's deadline is permitDeadline.
    let mut signature = setup.deposit_signature(setup.deadline().await, 0, Some(permit_amount));
    signature.user_nonce = None;
    let intent = setup.intent();
    let domain = setup.token_domain().await;
    let nonce = setup.token_nonce(user).await;
    let permit = deposit_permit(&intent, &signature, GaslessMode::PermitOnly, nonce).unwrap();
    assert_eq!(permit.spender, intent_address);
    let digest = deposit_permit_digest(&intent, &signature, GaslessMode::PermitOnly, &domain, nonce).unwrap();
    let (v, r, s) = relayable(&sign_digest(setup.chain.key(USER), digest).unwrap());

    let token = IPermitToken::new(setup.token, setup.chain.provider());
    let relayed = token.permit(permit.owner, permit.spender, permit.value, permit.deadline, v, r, s);
    relayed.send().await.unwrap().get_receipt().await.unwrap();
    assert_eq!(token.allowance(user, intent_address).call().await.unwrap(), permit_amount);
    assert_eq!(setup.token_nonce(user).await, U256::from(1));

    let pull = token.transferFrom(user, intent_address, amount()).from(intent_address);
    pull.send().await.unwrap().get_receipt().await.unwrap();
    assert_eq!(setup.balance(intent_address).await, amount());
}

/// A DAI-style token beside the setup's, minted to the user; its domain as the core's.
async fn dai_token(setup: &Setup) -> (Address, Domain) {
    let token = setup.chain.deploy_dai_token("Dai Style", "DSP").await.unwrap();
    setup.chain.mint(token, setup.user(), crate::fixtures::minted()).await.unwrap();
    let domain = Domain {
        name: Some("Dai Style".into()),
        version: Some("1".into()),
        chain_id: Some(U256::from(CHAIN_ID)),
        verifying_contract: Some(token),
        salt: None,
    };
    (token, domain)
}

#[tokio::test]
async fn a_dai_style_permit_over_the_cores_digest_is_accepted_and_the_entrypoint_pulls_with_it() {
    let setup = Setup::new(EntrypointNames::DEFAULT).await;
    let (token, domain) = dai_token(&setup).await;
    let dai = IDaiPermit::new(token, setup.chain.provider());
    // Its ERC-20 side, as any token's.
    let erc20 = IPermitToken::new(token, setup.chain.provider());
    assert_eq!(dai.DOMAIN_SEPARATOR().call().await.unwrap(), domain.separator());
    assert_eq!(dai.PERMIT_TYPEHASH().call().await.unwrap(), DaiPermit::TYPE_HASH);

    let user = setup.user();
    let permit = DaiPermit {
        holder: user,
        spender: setup.entrypoint,
        nonce: dai.nonces(user).call().await.unwrap(),
        expiry: U256::from(setup.deadline().await),
        allowed: true,
    };
    let (v, r, s) = relayable(&sign_digest(setup.chain.key(USER), permit.digest(&domain)).unwrap());
    let call = dai.permit(permit.holder, permit.spender, permit.nonce, permit.expiry, permit.allowed, v, r, s);
    call.send().await.unwrap().get_receipt().await.unwrap();
    assert_eq!(erc20.allowance(user, setup.entrypoint).call().await.unwrap(), U256::MAX);
    assert_eq!(dai.nonces(user).call().await.unwrap(), U256::from(1));

    // The deposit in the DAI-style token, pulled with the allowance the permit set.
    let signature = setup.deposit_signature(setup.deadline().await, 0, None);
    let mut intent = setup.intent();
    intent.deposit_transaction.token_address = token;
    let message = intent_core::rules::deposit_intent(&intent, &signature).unwrap();
    let digest = intent_core::rules::deposit_intent_digest(&intent, &signature, &EntrypointNames::DEFAULT).unwrap();
    let signed = sign_digest(setup.chain.key(USER), digest).unwrap();
    setup.chain.relay_deposit(setup.entrypoint, &message, &signed.to_bytes(), None).await.unwrap();
    let intent_balance = erc20.balanceOf(setup.chain.address(INTENT_ADDRESS)).call().await.unwrap();
    assert_eq!(intent_balance, amount());
    assert_eq!(erc20.balanceOf(setup.chain.address(COLLECTOR)).call().await.unwrap(), fee());
}

#[tokio::test]
async fn a_dai_style_permit_signed_as_a_revocation_and_sent_as_a_grant_is_permit_invalid_signature() {
    let setup = Setup::new(EntrypointNames::DEFAULT).await;
    let (token, domain) = dai_token(&setup).await;
    let dai = IDaiPermit::new(token, setup.chain.provider());
    let permit = DaiPermit {
        holder: setup.user(),
        spender: setup.entrypoint,
        nonce: U256::ZERO,
        expiry: U256::ZERO,
        allowed: false,
    };
    let (v, r, s) = relayable(&sign_digest(setup.chain.key(USER), permit.digest(&domain)).unwrap());
    let call = dai.permit(permit.holder, permit.spender, permit.nonce, permit.expiry, true, v, r, s);
    let error = call.send().await.map_err(Error::from);
    let error = reverted::<_, IDaiPermitErrors>(error.map(drop));
    assert_eq!(error, IDaiPermitErrors::PermitInvalidSignature(PermitInvalidSignature {}));
    assert_eq!(dai.nonces(setup.user()).call().await.unwrap(), U256::ZERO);
}

#[tokio::test]
async fn a_dai_style_permit_past_its_expiry_or_at_another_nonce_is_refused_with_its_error() {
    let setup = Setup::new(EntrypointNames::DEFAULT).await;
    let (token, domain) = dai_token(&setup).await;
    let dai = IDaiPermit::new(token, setup.chain.provider());
    let erc20 = IPermitToken::new(token, setup.chain.provider());
    let expired = U256::from(setup.chain.next_timestamp().await.unwrap() - 1);
    for (nonce, expiry, expected) in [
        (U256::ZERO, expired, IDaiPermitErrors::PermitExpired(PermitExpired {})),
        (U256::from(1), U256::ZERO, IDaiPermitErrors::PermitInvalidNonce(PermitInvalidNonce {})),
    ] {
        let permit = DaiPermit { holder: setup.user(), spender: setup.entrypoint, nonce, expiry, allowed: true };
        let (v, r, s) = relayable(&sign_digest(setup.chain.key(USER), permit.digest(&domain)).unwrap());
        let call = dai.permit(permit.holder, permit.spender, permit.nonce, permit.expiry, permit.allowed, v, r, s);
        let error = reverted::<_, IDaiPermitErrors>(call.send().await.map(drop).map_err(Error::from));
        assert_eq!(error, expected);
    }
    assert_eq!(erc20.allowance(setup.user(), setup.entrypoint).call().await.unwrap(), U256::ZERO);
}
