//! The core's verdict beside the chain's: an execute request checked by
//! `rules::check_execute` with the chain facts read from the node (the owner's entrypoint
//! nonce, the token's ERC-5267 domain and the owner's permit nonce, `now` the next block's
//! timestamp) is accepted exactly when the entrypoint accepts the deposit, and each
//! rejection has the reason matching the revert. One exception, stated here and in
//! docs/spec.md §5.3: the core accepts `v` 0 or 1 and the contract only 27 or 28, which is
//! why a relayer sends `Signature::to_bytes`.

use alloy_primitives::Bytes;
use intent_chain_tests::relay::{revert_of, PermitArgs};
use intent_chain_tests::sign::{sign_digest, with_v_0_or_1};
use intent_contracts::IPermitToken::{ERC2612InvalidSigner, IPermitTokenErrors as TokenErrors};
use intent_contracts::IServiceIntentEntrypoint::{
    ECDSAInvalidSignature, IServiceIntentEntrypointErrors as Errors, IntentExpired, InvalidIntentSignature,
    InvalidNonce,
};
use intent_core::eip712::{EntrypointNames, Signature};
use intent_core::rules::{check_execute, deposit_permit_digest, ExecuteContext, GaslessMode};
use intent_core::{from_slice, DepositSignature, ExecuteRequest, GasFeeOptions, Reason, Timestamp, UnknownMembers};
use intent_core::{ChainFacts, TokenPermit};

use crate::fixtures::{amount, custom_names, fee, Setup, STRANGER, USER};

/// How a signed deposit signature is broken before it is checked and relayed.
#[derive(Debug, Clone, Copy)]
enum Break {
    Nothing,
    OtherSigner,
    NextNonce,
    Expired,
    OtherNames,
    PermitByOtherSigner,
    IntentVZeroOrOne,
}

/// The deposit signature of `case`, signed (intent and permit) over the core's digests.
async fn signed(setup: &Setup, case: Break) -> (DepositSignature, intent_core::eip712::DepositIntent) {
    let deadline = match case {
        Break::Expired => setup.chain.next_timestamp().await.unwrap() - 1,
        _ => setup.deadline().await,
    };
    let nonce = if matches!(case, Break::NextNonce) { 1 } else { 0 };
    let mut signature = setup.deposit_signature(deadline, nonce, Some(amount() + fee()));
    let names = if matches!(case, Break::OtherNames) { custom_names() } else { EntrypointNames::DEFAULT };
    let intent_signer = if matches!(case, Break::OtherSigner) { STRANGER } else { USER };
    let (message, intent_signature) = setup.sign_intent_with(intent_signer, &signature, &names);
    let intent_raw = if matches!(case, Break::IntentVZeroOrOne) {
        with_v_0_or_1(&intent_signature)
    } else {
        intent_signature.to_bytes()
    };
    signature.intent_signature = Some(Bytes::copy_from_slice(&intent_raw));

    let (domain, permit_nonce) = (setup.token_domain().await, setup.token_nonce(setup.user()).await);
    let digest =
        deposit_permit_digest(&setup.intent(), &signature, GaslessMode::Entrypoint, &domain, permit_nonce).unwrap();
    let permit_signer = if matches!(case, Break::PermitByOtherSigner) { STRANGER } else { USER };
    let permit = sign_digest(setup.chain.key(permit_signer), digest).unwrap();
    signature.permit_signature = Some(Bytes::copy_from_slice(&permit.to_bytes()));
    (signature, message)
}

/// The core's verdict on `signature` with the facts read from the node now.
async fn core_verdict(setup: &Setup, signature: &DepositSignature) -> Result<(), Reason> {
    let intent = setup.intent();
    // The example's gas fee options with this chain's option as the only one offered.
    let mut options: serde_json::Value =
        serde_json::from_slice(include_bytes!("../../../examples/gas-fee-options.json")).unwrap();
    options["feeOptions"] = serde_json::json!([setup.fee_option()]);
    let options: GasFeeOptions = from_slice(options.to_string().as_bytes()).unwrap();
    let request = ExecuteRequest {
        deposit_signature: Some(signature.clone()),
        deposit_transaction_hash: None,
        intent_id: intent.intent_id.clone(),
        unknown: UnknownMembers::new(),
    };
    let token_permit = TokenPermit { domain: setup.token_domain().await, nonce: setup.token_nonce(setup.user()).await };
    let facts = ChainFacts {
        token_permit: Some(&token_permit),
        entrypoint_nonce: Some(setup.entrypoint_nonce(setup.user()).await),
        ..ChainFacts::NONE
    };
    let now = Timestamp::from_unix(setup.chain.next_timestamp().await.unwrap() as i64, 0).unwrap();
    let context = ExecuteContext {
        intent: &intent,
        gas_fee_options: Some(&options),
        now,
        window_closes_at: None,
        facts: &facts,
        entrypoint: &EntrypointNames::DEFAULT,
        deposit_confirmations: 1,
    };
    check_execute(&request, &context).map_err(|error| error.reason())
}

/// The chain's verdict: relays the deposit with both signatures exactly as signed.
async fn chain_verdict(
    setup: &Setup,
    signature: &DepositSignature,
    message: &intent_core::eip712::DepositIntent,
) -> Result<(), intent_chain_tests::Error> {
    let permit_raw = signature.permit_signature.clone().unwrap();
    let permit = PermitArgs { amount: signature.permit_amount.unwrap(), signature: &permit_raw };
    let intent_raw = signature.intent_signature.clone().unwrap();
    setup.chain.relay_deposit(setup.entrypoint, message, &intent_raw, Some(permit)).await.map(drop)
}

fn entrypoint_revert(result: Result<(), intent_chain_tests::Error>) -> Errors {
    revert_of::<Errors>(&result.expect_err("the chain must refuse")).expect("an entrypoint error")
}

#[tokio::test]
async fn the_cores_verdict_with_facts_from_the_node_is_the_chains() {
    let cases: [(Break, Result<(), Reason>); 7] = [
        (Break::Nothing, Ok(())),
        (Break::OtherSigner, Err(Reason::SignerMismatch)),
        (Break::NextNonce, Err(Reason::NonceMismatch)),
        (Break::Expired, Err(Reason::SignatureExpired)),
        (Break::OtherNames, Err(Reason::SignerMismatch)),
        (Break::PermitByOtherSigner, Err(Reason::SignerMismatch)),
        (Break::IntentVZeroOrOne, Ok(())),
    ];
    for (case, expected) in cases {
        let setup = Setup::new(EntrypointNames::DEFAULT).await;
        let (signature, message) = signed(&setup, case).await;
        assert_eq!(core_verdict(&setup, &signature).await, expected, "{case:?}: the core");

        let chain = chain_verdict(&setup, &signature, &message).await;
        match case {
            Break::Nothing => chain.unwrap(),
            Break::OtherSigner | Break::OtherNames => {
                assert_eq!(entrypoint_revert(chain), Errors::InvalidIntentSignature(InvalidIntentSignature {}))
            }
            Break::NextNonce => assert_eq!(entrypoint_revert(chain), Errors::InvalidNonce(InvalidNonce {})),
            Break::Expired => assert_eq!(entrypoint_revert(chain), Errors::IntentExpired(IntentExpired {})),
            Break::PermitByOtherSigner => {
                let error = revert_of::<TokenErrors>(&chain.expect_err("the chain must refuse")).unwrap();
                assert!(matches!(error, TokenErrors::ERC2612InvalidSigner(ERC2612InvalidSigner { .. })), "{error:?}");
            }
            Break::IntentVZeroOrOne => {
                // The one disagreement: the relayable form is what makes it the chain's verdict too.
                assert_eq!(entrypoint_revert(chain), Errors::ECDSAInvalidSignature(ECDSAInvalidSignature {}));
                let mut relayable = signature.clone();
                let read = Signature::from_bytes(signature.intent_signature.as_ref().unwrap()).unwrap();
                relayable.intent_signature = Some(Bytes::copy_from_slice(&read.to_bytes()));
                chain_verdict(&setup, &relayable, &message).await.unwrap();
            }
        }
    }
}
