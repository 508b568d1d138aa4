//! The Execute rules of docs/spec.md §7, one test per rule: each starts from a valid request (deposit
//! hash mode, entrypoint mode, permit-only mode or entrypoint mode with a permit), breaks
//! exactly one rule and asserts exactly that rule's reason and path. Then the order: when two
//! rules are broken, the one docs/spec.md §7 lists first is reported.

use crate::fixtures;

use fixtures::*;
use intent_core::eip712::recover_signer;
use intent_core::rules::{
    deposit_intent_digest, deposit_permit, deposit_permit_digest, entrypoint_domain, GaslessMode,
};
use intent_core::{Address, AddressOrEmpty, Bytes, ChainFacts, EventInput, Problem, Reason, B256, U256};

// ---------------------------------------------------------------------------------------------
// The valid inputs pass

#[test]
fn fixture_owner_is_the_keys_address_and_the_intent_is_consistent() {
    let intent = intent();
    assert_eq!(intent.owner_address, owner());
    assert_eq!(intent.quote_request.owner_address, owner());
    assert_ne!(owner(), address_of(&stranger_key()));
    intent_core::rules::check_intent(&intent).unwrap();
    let option = deposit_fee_option();
    assert_eq!(option.token_address, intent.deposit_transaction.token_address);
    assert_eq!(option.fee_collector_address, gas_fee_options().fee_collector_address);
    assert!(option.is_2612 && !option.amount.is_zero());
    assert_eq!(gas_fee_options().fee_options[NATIVE_OPTION].token_address, Address::ZERO);
    assert_ne!(gas_fee_options().fee_options[USDC_OPTION].token_address, intent.deposit_transaction.token_address);
}

#[test]
fn fixture_intent_signature_recovers_to_the_owner() {
    let signature = entrypoint_signature();
    let bytes = signature.intent_signature.as_ref().unwrap();
    assert_well_formed(bytes);
    let digest = deposit_intent_digest(&intent(), &signature, &ENTRYPOINT).unwrap();
    assert_eq!(recover_signer(&digest, bytes).unwrap(), owner());
}

#[test]
fn deposit_hash_mode_request_passes() {
    Execute::new().check(&hash_request()).unwrap();
}

#[test]
fn entrypoint_mode_request_passes() {
    let request = entrypoint_request();
    assert_eq!(GaslessMode::of(request.deposit_signature.as_ref().unwrap()), GaslessMode::Entrypoint);
    Execute::new().check(&request).unwrap();
    Execute::without_chain_facts().check(&request).unwrap();
}

#[test]
fn permit_only_mode_request_passes() {
    let request = permit_only_request();
    let signature = request.deposit_signature.as_ref().unwrap();
    assert_eq!(GaslessMode::of(signature), GaslessMode::PermitOnly);
    assert_well_formed(signature.permit_signature.as_ref().unwrap());
    assert_eq!(signature.permit_amount, Some(amount_plus_fee()));
    Execute::new().check(&request).unwrap();
    Execute::accepting_unverified_permit().check(&request).unwrap();
}

#[test]
fn entrypoint_mode_with_a_permit_passes() {
    let request = entrypoint_permit_request();
    let signature = request.deposit_signature.as_ref().unwrap();
    assert_eq!(signature.permit_deadline, Some(signature.deadline));
    Execute::new().check(&request).unwrap();
    Execute::accepting_unverified_permit().check(&request).unwrap();
}

#[test]
fn v_of_0_or_1_is_read_as_27_or_28() {
    let mut request = entrypoint_request();
    let signature = signature_of(&mut request);
    let mut bytes = signature.intent_signature.clone().unwrap().to_vec();
    bytes[64] -= 27;
    signature.intent_signature = Some(Bytes::from(bytes));
    Execute::new().check(&request).unwrap();
}

// ---------------------------------------------------------------------------------------------
// INTENT_ID_MISMATCH, DEPOSIT_PROOF_MISSING, DEPOSIT_PROOF_CONFLICT, EXECUTION_WINDOW_EXPIRED

#[test]
fn request_naming_another_intent_is_intent_id_mismatch() {
    let mut request = hash_request();
    request.intent_id.push('0');
    assert_rule(Execute::new().check(&request), Reason::IntentIdMismatch, Some("intentId"));
}

#[test]
fn request_without_hash_or_signature_is_deposit_proof_missing() {
    let mut request = hash_request();
    request.deposit_transaction_hash = None;
    assert_rule(Execute::new().check(&request), Reason::DepositProofMissing, None);
}

#[test]
fn request_with_both_hash_and_signature_is_deposit_proof_conflict() {
    let mut request = entrypoint_request();
    request.deposit_transaction_hash = hash_request().deposit_transaction_hash;
    assert_rule(Execute::new().check(&request), Reason::DepositProofConflict, Some("depositSignature"));
}

#[test]
fn request_at_the_window_close_is_execution_window_expired() {
    let mut world = Execute::new();
    world.now = window_closes_at();
    let error = assert_rule(world.check(&hash_request()), Reason::ExecutionWindowExpired, None);
    assert_eq!(error.problem(), &Problem::ExecutionWindowExpired { now: world.now, closed_at: window_closes_at() });
}

#[test]
fn request_one_nanosecond_before_the_window_close_passes() {
    let mut world = Execute::new();
    world.now = shift(window_closes_at(), -NANO);
    world.check(&hash_request()).unwrap();
}

#[test]
fn request_without_a_window_is_not_checked_against_one() {
    let mut world = Execute::new();
    world.window_closes_at = None;
    world.now = ts("2030-01-01T00:00:00Z");
    world.check(&hash_request()).unwrap();
}

// ---------------------------------------------------------------------------------------------
// FEE_OPTION_NOT_OFFERED, NATIVE_FEE_REQUIRED, SIGNATURE_EXPIRED, GASLESS_NATIVE_DEPOSIT

#[test]
fn selected_fee_option_with_another_amount_is_fee_option_not_offered() {
    let mut request = entrypoint_request();
    let signature = signature_of(&mut request);
    signature.selected_gas_fee_option.amount -= U256::from(1);
    resign(&intent(), signature);
    assert_rule(
        Execute::new().check(&request),
        Reason::FeeOptionNotOffered,
        Some("depositSignature.selectedGasFeeOption"),
    );
}

#[test]
fn selected_fee_option_when_none_were_quoted_is_fee_option_not_offered() {
    let mut world = Execute::new();
    world.gas_fee_options = None;
    assert_rule(
        world.check(&entrypoint_request()),
        Reason::FeeOptionNotOffered,
        Some("depositSignature.selectedGasFeeOption"),
    );
}

#[test]
fn token_fee_option_when_only_native_gas_fee_is_native_fee_required() {
    let mut world = Execute::new();
    world.intent.quote_request.only_native_gas_fee = Some(true);
    let mut request = permit_only_request();
    resign(&world.intent, signature_of(&mut request));
    assert_rule(
        world.check(&request),
        Reason::NativeFeeRequired,
        Some("depositSignature.selectedGasFeeOption.tokenAddress"),
    );
}

#[test]
fn native_fee_option_when_only_native_gas_fee_passes() {
    let mut world = Execute::new();
    world.intent.quote_request.only_native_gas_fee = Some(true);
    let mut request = permit_only_request();
    let signature = signature_of(&mut request);
    signature.selected_gas_fee_option = gas_fee_options().fee_options[NATIVE_OPTION].clone();
    // The fee is not paid in the deposit token: the permit covers the deposit alone.
    signature.permit_amount = Some(world.intent.deposit_transaction.amount);
    resign(&world.intent, signature);
    world.check(&request).unwrap();
}

#[test]
fn deadline_one_second_before_now_is_signature_expired() {
    let world = Execute::new();
    let mut request = entrypoint_request();
    let signature = signature_of(&mut request);
    signature.deadline = u64::try_from(world.now.unix_seconds()).unwrap() - 1;
    resign(&world.intent, signature);
    let error = assert_rule(world.check(&request), Reason::SignatureExpired, Some("depositSignature.deadline"));
    assert_eq!(
        error.problem(),
        &Problem::SignatureExpired {
            now_seconds: world.now.unix_seconds(),
            deadline: signature_of(&mut request).deadline,
        }
    );
}

#[test]
fn deadline_equal_to_floor_of_now_is_still_valid() {
    let mut world = Execute::new();
    let mut request = entrypoint_request();
    let signature = signature_of(&mut request);
    signature.deadline = u64::try_from(world.now.unix_seconds()).unwrap();
    resign(&world.intent, signature);
    world.now = shift(world.now, 999_999_999);
    world.check(&request).unwrap();
    world.now = shift(world.now, NANO);
    assert_rule(world.check(&request), Reason::SignatureExpired, Some("depositSignature.deadline"));
}

#[test]
fn gasless_deposit_of_the_native_token_is_gasless_native_deposit() {
    let mut world = Execute::new();
    world.intent.deposit_transaction.token_address = Address::ZERO;
    world.intent.quote_request.origin_token_address = Address::ZERO;
    let mut request = entrypoint_request();
    resign(&world.intent, signature_of(&mut request));
    assert_rule(world.check(&request), Reason::GaslessNativeDeposit, Some("depositSignature"));
}

#[test]
fn native_deposit_proved_by_transaction_hash_passes() {
    let mut world = Execute::new();
    world.intent.deposit_transaction.token_address = Address::ZERO;
    world.intent.quote_request.origin_token_address = Address::ZERO;
    world.deposit_evidence = Some(intent_test_support::evidence::paying(&world.intent, DEPOSIT_HASH));
    world.check(&hash_request()).unwrap();
}

// ---------------------------------------------------------------------------------------------
// ENTRYPOINT_MISSING

/// The fixture intent as the permit-only generation sends it: no entrypoint (`""`).
fn without_entrypoint() -> Execute {
    let mut world = Execute::new();
    world.intent.service_contracts.service_intent_entrypoint_address = AddressOrEmpty::Empty;
    world
}

const ENTRYPOINT_PATH: Option<&str> = Some("serviceContracts.serviceIntentEntrypointAddress");

#[test]
fn entrypoint_mode_for_an_intent_without_entrypoint_is_entrypoint_missing() {
    let world = without_entrypoint();
    assert_rule(
        world.check(&entrypoint_request()),
        Reason::EntrypointMissing,
        Some("depositSignature.intentSignature"),
    );
    assert_rule(
        world.check(&entrypoint_permit_request()),
        Reason::EntrypointMissing,
        Some("depositSignature.intentSignature"),
    );
}

#[test]
fn permit_only_and_hash_mode_pass_for_an_intent_without_entrypoint() {
    let world = without_entrypoint();
    world.check(&permit_only_request()).unwrap();
    Execute { token_permit: None, accept_unverified_permit: true, ..without_entrypoint() }
        .check(&permit_only_request())
        .unwrap();
    world.check(&hash_request()).unwrap();
}

#[test]
fn an_entrypoint_at_the_zero_address_is_not_missing() {
    // The zero address is an address, not "none": the rule does not fire, and the signature
    // (made for the fixture's entrypoint) then fails to recover to the owner.
    let mut world = Execute::new();
    world.intent.service_contracts.service_intent_entrypoint_address = Address::ZERO.into();
    assert_rule(world.check(&entrypoint_request()), Reason::SignerMismatch, INTENT_SIGNATURE);
}

#[test]
fn digests_that_need_the_entrypoint_never_use_the_zero_address_for_an_empty_one() {
    let world = without_entrypoint();
    let signature = entrypoint_permit_signature();
    let errors = [
        deposit_intent_digest(&world.intent, &signature, &ENTRYPOINT).unwrap_err(),
        entrypoint_domain(&ENTRYPOINT, &world.intent).unwrap_err(),
        deposit_permit(&world.intent, &signature, GaslessMode::Entrypoint, U256::ZERO).unwrap_err(),
        deposit_permit_digest(
            &world.intent,
            &signature,
            GaslessMode::Entrypoint,
            &token_permit().domain,
            token_permit().nonce,
        )
        .unwrap_err(),
    ];
    for error in errors {
        assert_rule::<()>(Err(error), Reason::EntrypointMissing, ENTRYPOINT_PATH);
    }
    // Permit-only mode does not involve the entrypoint.
    let permit = deposit_permit(&world.intent, &permit_only_signature(), GaslessMode::PermitOnly, U256::ZERO).unwrap();
    assert_eq!(permit.spender, world.intent.origin_intent_address);
}

// ---------------------------------------------------------------------------------------------
// FEE_TOKEN_MISMATCH, FEE_PARAMETERS, NONCE_REQUIRED

#[test]
fn entrypoint_fee_in_another_token_is_fee_token_mismatch() {
    let mut request = entrypoint_request();
    let signature = signature_of(&mut request);
    signature.selected_gas_fee_option = gas_fee_options().fee_options[USDC_OPTION].clone();
    resign(&intent(), signature);
    assert_rule(
        Execute::new().check(&request),
        Reason::FeeTokenMismatch,
        Some("depositSignature.selectedGasFeeOption.tokenAddress"),
    );
}

#[test]
fn entrypoint_zero_fee_in_another_token_passes() {
    let mut world = Execute::new();
    let option = world.offer(USDC_OPTION, |o| {
        o.amount = U256::ZERO;
        o.fee_collector_address = Address::ZERO;
    });
    let request = world.entrypoint_request_selecting(option);
    world.check(&request).unwrap();
}

#[test]
fn permit_only_fee_in_another_token_passes() {
    let world = Execute::new();
    let mut request = permit_only_request();
    let signature = signature_of(&mut request);
    signature.selected_gas_fee_option = gas_fee_options().fee_options[USDC_OPTION].clone();
    signature.permit_amount = Some(world.intent.deposit_transaction.amount);
    resign(&world.intent, signature);
    world.check(&request).unwrap();
}

#[test]
fn fee_without_fee_collector_is_fee_parameters() {
    let mut world = Execute::new();
    let option = world.offer(DAI_OPTION, |o| o.fee_collector_address = Address::ZERO);
    let request = world.entrypoint_request_selecting(option);
    assert_rule(
        world.check(&request),
        Reason::FeeParameters,
        Some("depositSignature.selectedGasFeeOption.feeCollectorAddress"),
    );
}

#[test]
fn fee_collector_without_fee_is_fee_parameters() {
    let mut world = Execute::new();
    let option = world.offer(DAI_OPTION, |o| o.amount = U256::ZERO);
    let request = world.entrypoint_request_selecting(option);
    assert_rule(
        world.check(&request),
        Reason::FeeParameters,
        Some("depositSignature.selectedGasFeeOption.feeCollectorAddress"),
    );
}

#[test]
fn zero_fee_without_fee_collector_passes() {
    let mut world = Execute::new();
    let option = world.offer(DAI_OPTION, |o| {
        o.amount = U256::ZERO;
        o.fee_collector_address = Address::ZERO;
    });
    let request = world.entrypoint_request_selecting(option);
    world.check(&request).unwrap();
}

#[test]
fn entrypoint_mode_without_user_nonce_is_nonce_required() {
    let mut request = entrypoint_request();
    signature_of(&mut request).user_nonce = None;
    assert_rule(Execute::new().check(&request), Reason::NonceRequired, Some("depositSignature.userNonce"));
}

// ---------------------------------------------------------------------------------------------
// NONCE_MISMATCH (docs/spec.md §6.5: the owner's entrypoint nonce is a chain fact passed in)

/// The entrypoint request signed by the owner over user nonce `nonce`.
fn entrypoint_request_with_nonce(nonce: U256) -> intent_core::ExecuteRequest {
    let mut request = entrypoint_request();
    let signature = signature_of(&mut request);
    signature.user_nonce = Some(nonce);
    resign(&intent(), signature);
    request
}

#[test]
fn user_nonce_other_than_the_owners_entrypoint_nonce_is_nonce_mismatch() {
    let request = entrypoint_request_with_nonce(USER_NONCE + U256::from(1));
    let error = assert_rule(Execute::new().check(&request), Reason::NonceMismatch, Some("depositSignature.userNonce"));
    assert_eq!(error.problem(), &Problem::NonceMismatch { current: USER_NONCE, given: USER_NONCE + U256::from(1) });
    // The same request passes when the caller does not know the nonce.
    Execute { entrypoint_nonce: None, ..Execute::new() }.check(&request).unwrap();
}

#[test]
fn user_nonce_below_the_owners_entrypoint_nonce_is_nonce_mismatch() {
    // A nonce already used: the entrypoint would revert the replayed signature.
    let request = entrypoint_request_with_nonce(USER_NONCE - U256::from(1));
    assert_rule(Execute::new().check(&request), Reason::NonceMismatch, Some("depositSignature.userNonce"));
}

#[test]
fn entrypoint_nonce_is_not_compared_outside_entrypoint_mode() {
    let world = Execute { entrypoint_nonce: Some(USER_NONCE + U256::from(1)), ..Execute::new() };
    world.check(&permit_only_request()).unwrap();
    world.check(&hash_request()).unwrap();
}

// ---------------------------------------------------------------------------------------------
// PERMIT_INCOMPLETE, PERMIT_NOT_SUPPORTED, PERMIT_EXPIRED, PERMIT_DEADLINE_MISMATCH,
// PERMIT_AMOUNT_INSUFFICIENT

#[test]
fn entrypoint_permit_without_permit_amount_is_permit_incomplete() {
    let mut request = entrypoint_permit_request();
    signature_of(&mut request).permit_amount = None;
    assert_rule(Execute::new().check(&request), Reason::PermitIncomplete, Some("depositSignature.permitAmount"));
}

#[test]
fn entrypoint_permit_without_permit_deadline_is_permit_incomplete() {
    let mut request = entrypoint_permit_request();
    signature_of(&mut request).permit_deadline = None;
    assert_rule(Execute::new().check(&request), Reason::PermitIncomplete, Some("depositSignature.permitDeadline"));
}

#[test]
fn permit_deadline_and_amount_without_permit_signature_is_permit_incomplete() {
    let mut request = entrypoint_permit_request();
    signature_of(&mut request).permit_signature = None;
    assert_rule(Execute::new().check(&request), Reason::PermitIncomplete, Some("depositSignature.permitSignature"));
}

#[test]
fn permit_only_mode_without_any_permit_field_is_permit_incomplete() {
    let mut request = permit_only_request();
    let signature = signature_of(&mut request);
    signature.permit_signature = None;
    signature.permit_deadline = None;
    signature.permit_amount = None;
    assert_rule(Execute::new().check(&request), Reason::PermitIncomplete, Some("depositSignature.permitSignature"));
}

#[test]
fn permit_only_mode_without_permit_amount_is_permit_incomplete() {
    let mut request = permit_only_request();
    signature_of(&mut request).permit_amount = None;
    assert_rule(Execute::new().check(&request), Reason::PermitIncomplete, Some("depositSignature.permitAmount"));
}

#[test]
fn permit_for_a_deposit_token_without_erc2612_is_permit_not_supported() {
    let mut world = Execute::new();
    let option = world.offer(DAI_OPTION, |o| o.is_2612 = false);
    let mut request = permit_only_request();
    let signature = signature_of(&mut request);
    signature.selected_gas_fee_option = option;
    resign(&world.intent, signature);
    assert_rule(
        world.check(&request),
        Reason::PermitNotSupported,
        Some("depositSignature.selectedGasFeeOption.is2612"),
    );
}

#[test]
fn entrypoint_permit_for_a_deposit_token_without_erc2612_is_permit_not_supported() {
    let mut world = Execute::new();
    let option = world.offer(DAI_OPTION, |o| o.is_2612 = false);
    let mut request = entrypoint_permit_request();
    let signature = signature_of(&mut request);
    signature.selected_gas_fee_option = option;
    resign(&world.intent, signature);
    assert_rule(
        world.check(&request),
        Reason::PermitNotSupported,
        Some("depositSignature.selectedGasFeeOption.is2612"),
    );
}

#[test]
fn deposit_token_without_erc2612_and_no_permit_passes() {
    let mut world = Execute::new();
    let option = world.offer(DAI_OPTION, |o| o.is_2612 = false);
    let request = world.entrypoint_request_selecting(option);
    world.check(&request).unwrap();
}

#[test]
fn permit_deadline_one_second_before_now_is_permit_expired() {
    let world = Execute::new();
    let mut request = permit_only_request();
    let signature = signature_of(&mut request);
    let permit_deadline = u64::try_from(world.now.unix_seconds()).unwrap() - 1;
    signature.permit_deadline = Some(permit_deadline);
    resign(&world.intent, signature);
    let error = assert_rule(world.check(&request), Reason::PermitExpired, Some("depositSignature.permitDeadline"));
    assert_eq!(
        error.problem(),
        &Problem::PermitExpired { now_seconds: world.now.unix_seconds(), deadline: permit_deadline }
    );
}

#[test]
fn permit_deadline_equal_to_floor_of_now_is_still_valid() {
    let mut world = Execute::new();
    let mut request = permit_only_request();
    let signature = signature_of(&mut request);
    signature.permit_deadline = Some(u64::try_from(world.now.unix_seconds()).unwrap());
    resign(&world.intent, signature);
    world.now = shift(world.now, 999_999_999);
    world.check(&request).unwrap();
    world.now = shift(world.now, NANO);
    assert_rule(world.check(&request), Reason::PermitExpired, Some("depositSignature.permitDeadline"));
}

#[test]
fn entrypoint_permit_deadline_other_than_the_signature_deadline_is_permit_deadline_mismatch() {
    let mut request = entrypoint_permit_request();
    let signature = signature_of(&mut request);
    signature.permit_deadline = Some(signature.deadline + 1);
    resign(&intent(), signature);
    assert_rule(
        Execute::new().check(&request),
        Reason::PermitDeadlineMismatch,
        Some("depositSignature.permitDeadline"),
    );
}

#[test]
fn permit_only_deadline_other_than_the_signature_deadline_passes() {
    let mut request = permit_only_request();
    let signature = signature_of(&mut request);
    signature.permit_deadline = Some(signature.deadline + 3600);
    resign(&intent(), signature);
    Execute::new().check(&request).unwrap();
}

#[test]
fn permit_amount_one_below_amount_plus_fee_is_permit_amount_insufficient() {
    let mut request = permit_only_request();
    let signature = signature_of(&mut request);
    signature.permit_amount = Some(amount_plus_fee() - U256::from(1));
    resign(&intent(), signature);
    let error = assert_rule(
        Execute::new().check(&request),
        Reason::PermitAmountInsufficient,
        Some("depositSignature.permitAmount"),
    );
    assert_eq!(
        error.problem(),
        &Problem::PermitAmountInsufficient { permitted: amount_plus_fee() - U256::from(1), needed: amount_plus_fee() }
    );
}

#[test]
fn entrypoint_permit_amount_one_below_amount_plus_fee_is_permit_amount_insufficient() {
    let mut request = entrypoint_permit_request();
    let signature = signature_of(&mut request);
    signature.permit_amount = Some(amount_plus_fee() - U256::from(1));
    resign(&intent(), signature);
    assert_rule(
        Execute::new().check(&request),
        Reason::PermitAmountInsufficient,
        Some("depositSignature.permitAmount"),
    );
}

#[test]
fn permit_amount_of_the_deposit_alone_when_the_fee_is_in_the_deposit_token_is_permit_amount_insufficient() {
    let mut request = permit_only_request();
    let signature = signature_of(&mut request);
    signature.permit_amount = Some(intent().deposit_transaction.amount);
    resign(&intent(), signature);
    assert_rule(
        Execute::new().check(&request),
        Reason::PermitAmountInsufficient,
        Some("depositSignature.permitAmount"),
    );
}

#[test]
fn amount_plus_fee_overflowing_is_permit_amount_insufficient() {
    let mut world = Execute::new();
    // amount + fee = 2^256: one above the largest uint256.
    world.intent.deposit_transaction.amount = U256::MAX - deposit_fee_option().amount + U256::from(1);
    let mut request = permit_only_request();
    let signature = signature_of(&mut request);
    signature.permit_amount = Some(U256::MAX);
    resign(&world.intent, signature);
    let error =
        assert_rule(world.check(&request), Reason::PermitAmountInsufficient, Some("depositSignature.permitAmount"));
    assert_eq!(error.problem(), &Problem::PermitAmountInsufficient { permitted: U256::MAX, needed: U256::MAX });
}

#[test]
fn amount_plus_fee_exactly_uint256_max_passes() {
    let mut world = Execute::new();
    world.intent.deposit_transaction.amount = U256::MAX - deposit_fee_option().amount;
    let mut request = permit_only_request();
    let signature = signature_of(&mut request);
    signature.permit_amount = Some(U256::MAX);
    resign(&world.intent, signature);
    world.check(&request).unwrap();
}

// ---------------------------------------------------------------------------------------------
// PERMIT_UNVERIFIED (docs/spec.md §6.5: a permit signature is never accepted unverified by default)

#[test]
fn permit_only_without_token_facts_is_permit_unverified() {
    assert_rule(
        Execute::without_chain_facts().check(&permit_only_request()),
        Reason::PermitUnverified,
        PERMIT_SIGNATURE,
    );
}

#[test]
fn entrypoint_permit_without_token_facts_is_permit_unverified() {
    // The intent signature can be verified (the entrypoint's domain is the record's); the
    // permit beside it cannot.
    let world = Execute::without_chain_facts();
    assert_rule(world.check(&entrypoint_permit_request()), Reason::PermitUnverified, PERMIT_SIGNATURE);
}

#[test]
fn an_entrypoint_request_without_a_permit_needs_no_chain_facts_and_a_hash_does() {
    let world = Execute::without_chain_facts();
    world.check(&entrypoint_request()).unwrap();
    assert_rule(world.check(&hash_request()), Reason::DepositUnverified, Some("depositTransactionHash"));
}

// ---------------------------------------------------------------------------------------------
// INVALID_SIGNATURE, SIGNER_MISMATCH

/// The entrypoint request with its intent signature replaced by `change(signature)`.
fn with_intent_signature(change: impl FnOnce(Vec<u8>) -> Vec<u8>) -> intent_core::ExecuteRequest {
    let mut request = entrypoint_request();
    let signature = signature_of(&mut request);
    let bytes = signature.intent_signature.take().unwrap().to_vec();
    signature.intent_signature = Some(Bytes::from(change(bytes)));
    request
}

/// The permit-only request with its permit signature replaced by `change(signature)`.
fn with_permit_signature(change: impl FnOnce(Vec<u8>) -> Vec<u8>) -> intent_core::ExecuteRequest {
    let mut request = permit_only_request();
    let signature = signature_of(&mut request);
    let bytes = signature.permit_signature.take().unwrap().to_vec();
    signature.permit_signature = Some(Bytes::from(change(bytes)));
    request
}

const INTENT_SIGNATURE: Option<&str> = Some("depositSignature.intentSignature");
const PERMIT_SIGNATURE: Option<&str> = Some("depositSignature.permitSignature");

#[test]
fn high_s_intent_signature_is_invalid_signature() {
    let request = with_intent_signature(|bytes| high_s(&bytes).to_vec());
    assert_rule(Execute::new().check(&request), Reason::InvalidSignature, INTENT_SIGNATURE);
}

#[test]
fn intent_signature_of_64_bytes_is_invalid_signature() {
    let request = with_intent_signature(|mut bytes| {
        bytes.pop();
        bytes
    });
    assert_rule(Execute::new().check(&request), Reason::InvalidSignature, INTENT_SIGNATURE);
}

#[test]
fn intent_signature_with_v_29_is_invalid_signature() {
    let request = with_intent_signature(|mut bytes| {
        bytes[64] = 29;
        bytes
    });
    assert_rule(Execute::new().check(&request), Reason::InvalidSignature, INTENT_SIGNATURE);
}

#[test]
fn intent_signature_with_zero_r_is_invalid_signature() {
    let request = with_intent_signature(|mut bytes| {
        bytes[..32].fill(0);
        bytes
    });
    assert_rule(Execute::new().check(&request), Reason::InvalidSignature, INTENT_SIGNATURE);
}

#[test]
fn intent_signature_with_zero_s_is_invalid_signature() {
    let request = with_intent_signature(|mut bytes| {
        bytes[32..64].fill(0);
        bytes
    });
    assert_rule(Execute::new().check(&request), Reason::InvalidSignature, INTENT_SIGNATURE);
}

#[test]
fn unrecoverable_intent_signature_is_invalid_signature() {
    // x = 5 is not the x-coordinate of a secp256k1 point (5³ + 7 is not a square mod p).
    let request = with_intent_signature(|mut bytes| {
        bytes[..32].copy_from_slice(&U256::from(5).to_be_bytes::<32>());
        bytes
    });
    assert_rule(Execute::new().check(&request), Reason::InvalidSignature, INTENT_SIGNATURE);
}

#[test]
fn empty_intent_signature_is_invalid_signature() {
    let request = with_intent_signature(|_| Vec::new());
    assert_rule(Execute::new().check(&request), Reason::InvalidSignature, INTENT_SIGNATURE);
}

#[test]
fn high_s_permit_signature_is_invalid_signature() {
    let request = with_permit_signature(|bytes| high_s(&bytes).to_vec());
    assert_rule(Execute::new().check(&request), Reason::InvalidSignature, PERMIT_SIGNATURE);
}

#[test]
fn malformed_permit_signature_is_invalid_signature_even_when_accepted_unverified() {
    let request = with_permit_signature(|mut bytes| {
        bytes.push(0);
        bytes
    });
    let world = Execute::accepting_unverified_permit();
    assert_rule(world.check(&request), Reason::InvalidSignature, PERMIT_SIGNATURE);
    let request = with_permit_signature(|bytes| high_s(&bytes).to_vec());
    assert_rule(world.check(&request), Reason::InvalidSignature, PERMIT_SIGNATURE);
}

#[test]
fn intent_signature_by_another_key_is_signer_mismatch() {
    let mut request = entrypoint_request();
    sign_with(&stranger_key(), &intent(), signature_of(&mut request));
    let error = assert_rule(Execute::new().check(&request), Reason::SignerMismatch, INTENT_SIGNATURE);
    assert_eq!(error.problem(), &Problem::SignerMismatch { recovered: address_of(&stranger_key()), expected: owner() });
}

#[test]
fn intent_signature_over_another_nonce_is_signer_mismatch() {
    // Without the owner's entrypoint nonce, the nonce is not compared, but it is signed.
    let mut request = entrypoint_request();
    signature_of(&mut request).user_nonce = Some(U256::from(8));
    let world = Execute { entrypoint_nonce: None, ..Execute::new() };
    assert_rule(world.check(&request), Reason::SignerMismatch, INTENT_SIGNATURE);
}

#[test]
fn intent_signature_under_another_entrypoint_is_signer_mismatch() {
    let mut world = Execute::new();
    world.intent.service_contracts.service_intent_entrypoint_address = Address::repeat_byte(0x37).into();
    // The request was signed for the fixture's entrypoint, not this one.
    assert_rule(world.check(&entrypoint_request()), Reason::SignerMismatch, INTENT_SIGNATURE);
}

#[test]
fn permit_signature_by_another_key_is_signer_mismatch() {
    let mut request = permit_only_request();
    sign_with(&stranger_key(), &intent(), signature_of(&mut request));
    let error = assert_rule(Execute::new().check(&request), Reason::SignerMismatch, PERMIT_SIGNATURE);
    assert_eq!(error.problem(), &Problem::SignerMismatch { recovered: address_of(&stranger_key()), expected: owner() });
}

#[test]
fn permit_signed_for_the_entrypoint_in_permit_only_mode_is_signer_mismatch() {
    // The owner signed the entrypoint-mode permit (spender = entrypoint), then sent it
    // without an intent signature: the permit-only digest (spender = originIntentAddress)
    // differs.
    let mut request = entrypoint_permit_request();
    let signature = signature_of(&mut request);
    signature.intent_signature = None;
    signature.user_nonce = None;
    assert_rule(Execute::new().check(&request), Reason::SignerMismatch, PERMIT_SIGNATURE);
}

#[test]
fn permit_signature_under_another_permit_nonce_is_signer_mismatch() {
    let mut world = Execute::new();
    world.token_permit.as_mut().unwrap().nonce += U256::from(1);
    assert_rule(world.check(&permit_only_request()), Reason::SignerMismatch, PERMIT_SIGNATURE);
}

#[test]
fn entrypoint_permit_by_another_key_is_signer_mismatch() {
    let mut request = entrypoint_permit_request();
    let signature = signature_of(&mut request);
    let intent_signature = signature.intent_signature.clone();
    sign_with(&stranger_key(), &intent(), signature);
    signature.intent_signature = intent_signature;
    assert_rule(Execute::new().check(&request), Reason::SignerMismatch, PERMIT_SIGNATURE);
}

#[test]
fn permit_signature_by_another_key_accepted_unverified_passes() {
    // What the opt-in gives up: without the token's domain and nonce, only the permit
    // signature's form is checked, and a stranger's permit is left to the chain to refuse.
    let mut request = permit_only_request();
    sign_with(&stranger_key(), &intent(), signature_of(&mut request));
    Execute::accepting_unverified_permit().check(&request).unwrap();
}

#[test]
fn token_facts_are_used_even_when_an_unverified_permit_is_accepted() {
    let mut request = permit_only_request();
    sign_with(&stranger_key(), &intent(), signature_of(&mut request));
    let world = Execute { accept_unverified_permit: true, ..Execute::new() };
    assert_rule(world.check(&request), Reason::SignerMismatch, PERMIT_SIGNATURE);
}

// ---------------------------------------------------------------------------------------------
// Order (docs/spec.md §7): with two rules broken, the one listed first is reported.

#[test]
fn intent_id_mismatch_comes_before_deposit_proof_missing() {
    let mut request = hash_request();
    request.intent_id = "another".into();
    request.deposit_transaction_hash = None;
    assert_rule(Execute::new().check(&request), Reason::IntentIdMismatch, Some("intentId"));
}

#[test]
fn deposit_proof_missing_comes_before_execution_window_expired() {
    let mut world = Execute::new();
    world.now = window_closes_at();
    let mut request = hash_request();
    request.deposit_transaction_hash = None;
    assert_rule(world.check(&request), Reason::DepositProofMissing, None);
}

#[test]
fn deposit_proof_conflict_comes_before_execution_window_expired() {
    let mut world = Execute::new();
    world.now = window_closes_at();
    let mut request = entrypoint_request();
    request.deposit_transaction_hash = Some(B256::repeat_byte(1));
    assert_rule(world.check(&request), Reason::DepositProofConflict, Some("depositSignature"));
}

#[test]
fn execution_window_expired_comes_before_fee_option_not_offered() {
    let mut world = Execute::new();
    world.now = window_closes_at();
    world.gas_fee_options = None;
    assert_rule(world.check(&entrypoint_request()), Reason::ExecutionWindowExpired, None);
}

#[test]
fn fee_option_not_offered_comes_before_native_fee_required() {
    let mut world = Execute::new();
    world.intent.quote_request.only_native_gas_fee = Some(true);
    let mut request = entrypoint_request();
    signature_of(&mut request).selected_gas_fee_option.token_symbol = "XDAI".into();
    assert_rule(world.check(&request), Reason::FeeOptionNotOffered, Some("depositSignature.selectedGasFeeOption"));
}

#[test]
fn native_fee_required_comes_before_signature_expired() {
    let mut world = Execute::new();
    world.intent.quote_request.only_native_gas_fee = Some(true);
    world.now = secs(ts("1970-01-01T00:00:00Z"), i64::try_from(deadline()).unwrap() + 1);
    world.window_closes_at = None;
    assert_rule(
        world.check(&entrypoint_request()),
        Reason::NativeFeeRequired,
        Some("depositSignature.selectedGasFeeOption.tokenAddress"),
    );
}

#[test]
fn signature_expired_comes_before_gasless_native_deposit() {
    let mut world = Execute::new();
    world.intent.deposit_transaction.token_address = Address::ZERO;
    world.now = secs(ts("1970-01-01T00:00:00Z"), i64::try_from(deadline()).unwrap() + 1);
    world.window_closes_at = None;
    assert_rule(world.check(&entrypoint_request()), Reason::SignatureExpired, Some("depositSignature.deadline"));
}

#[test]
fn gasless_native_deposit_comes_before_fee_token_mismatch() {
    // The deposit is native, so the DAI fee of entrypoint mode is in another token too.
    let mut world = Execute::new();
    world.intent.deposit_transaction.token_address = Address::ZERO;
    assert_rule(world.check(&entrypoint_request()), Reason::GaslessNativeDeposit, Some("depositSignature"));
}

#[test]
fn gasless_native_deposit_comes_before_entrypoint_missing() {
    let mut world = without_entrypoint();
    world.intent.deposit_transaction.token_address = Address::ZERO;
    assert_rule(world.check(&entrypoint_request()), Reason::GaslessNativeDeposit, Some("depositSignature"));
}

#[test]
fn entrypoint_missing_comes_before_fee_token_mismatch() {
    let mut world = without_entrypoint();
    let option = world.offer(USDC_OPTION, |_| {});
    let mut request = entrypoint_request();
    signature_of(&mut request).selected_gas_fee_option = option;
    assert_rule(world.check(&request), Reason::EntrypointMissing, INTENT_SIGNATURE);
}

#[test]
fn fee_token_mismatch_comes_before_fee_parameters() {
    let mut world = Execute::new();
    let option = world.offer(USDC_OPTION, |o| o.fee_collector_address = Address::ZERO);
    let mut request = entrypoint_request();
    signature_of(&mut request).selected_gas_fee_option = option;
    assert_rule(
        world.check(&request),
        Reason::FeeTokenMismatch,
        Some("depositSignature.selectedGasFeeOption.tokenAddress"),
    );
}

#[test]
fn fee_parameters_comes_before_nonce_required() {
    let mut world = Execute::new();
    let option = world.offer(DAI_OPTION, |o| o.fee_collector_address = Address::ZERO);
    let mut request = entrypoint_request();
    let signature = signature_of(&mut request);
    signature.selected_gas_fee_option = option;
    signature.user_nonce = None;
    assert_rule(
        world.check(&request),
        Reason::FeeParameters,
        Some("depositSignature.selectedGasFeeOption.feeCollectorAddress"),
    );
}

#[test]
fn fee_parameters_comes_before_nonce_mismatch() {
    let mut world = Execute::new();
    let option = world.offer(DAI_OPTION, |o| o.fee_collector_address = Address::ZERO);
    let mut request = entrypoint_request_with_nonce(USER_NONCE + U256::from(1));
    let signature = signature_of(&mut request);
    signature.selected_gas_fee_option = option;
    resign(&intent(), signature);
    assert_rule(
        world.check(&request),
        Reason::FeeParameters,
        Some("depositSignature.selectedGasFeeOption.feeCollectorAddress"),
    );
}

#[test]
fn nonce_mismatch_comes_before_permit_incomplete() {
    let mut request = entrypoint_permit_request();
    let signature = signature_of(&mut request);
    signature.user_nonce = Some(USER_NONCE + U256::from(1));
    signature.permit_amount = None;
    assert_rule(Execute::new().check(&request), Reason::NonceMismatch, Some("depositSignature.userNonce"));
}

#[test]
fn nonce_required_comes_before_permit_incomplete() {
    let mut request = entrypoint_permit_request();
    let signature = signature_of(&mut request);
    signature.user_nonce = None;
    signature.permit_amount = None;
    assert_rule(Execute::new().check(&request), Reason::NonceRequired, Some("depositSignature.userNonce"));
}

#[test]
fn permit_incomplete_comes_before_permit_not_supported() {
    let mut world = Execute::new();
    let option = world.offer(DAI_OPTION, |o| o.is_2612 = false);
    let mut request = entrypoint_permit_request();
    let signature = signature_of(&mut request);
    signature.selected_gas_fee_option = option;
    signature.permit_amount = None;
    assert_rule(world.check(&request), Reason::PermitIncomplete, Some("depositSignature.permitAmount"));
}

#[test]
fn permit_not_supported_comes_before_permit_expired() {
    let mut world = Execute::new();
    let option = world.offer(DAI_OPTION, |o| o.is_2612 = false);
    let mut request = permit_only_request();
    let signature = signature_of(&mut request);
    signature.selected_gas_fee_option = option;
    signature.permit_deadline = Some(0);
    assert_rule(
        world.check(&request),
        Reason::PermitNotSupported,
        Some("depositSignature.selectedGasFeeOption.is2612"),
    );
}

#[test]
fn permit_expired_comes_before_permit_deadline_mismatch() {
    let world = Execute::new();
    let mut request = entrypoint_permit_request();
    signature_of(&mut request).permit_deadline = Some(u64::try_from(world.now.unix_seconds()).unwrap() - 1);
    assert_rule(world.check(&request), Reason::PermitExpired, Some("depositSignature.permitDeadline"));
}

#[test]
fn permit_deadline_mismatch_comes_before_permit_amount_insufficient() {
    let mut request = entrypoint_permit_request();
    let signature = signature_of(&mut request);
    signature.permit_deadline = Some(signature.deadline + 1);
    signature.permit_amount = Some(U256::ZERO);
    assert_rule(
        Execute::new().check(&request),
        Reason::PermitDeadlineMismatch,
        Some("depositSignature.permitDeadline"),
    );
}

#[test]
fn permit_amount_insufficient_comes_before_invalid_signature() {
    let mut request = entrypoint_permit_request();
    let signature = signature_of(&mut request);
    signature.permit_amount = Some(U256::from(1));
    signature.intent_signature = Some(high_s(signature.intent_signature.as_ref().unwrap()));
    signature.permit_signature = Some(Bytes::from_static(&[0u8; 3]));
    assert_rule(
        Execute::new().check(&request),
        Reason::PermitAmountInsufficient,
        Some("depositSignature.permitAmount"),
    );
}

#[test]
fn permit_amount_insufficient_comes_before_permit_unverified() {
    let mut request = permit_only_request();
    signature_of(&mut request).permit_amount = Some(U256::from(1));
    assert_rule(
        Execute::without_chain_facts().check(&request),
        Reason::PermitAmountInsufficient,
        Some("depositSignature.permitAmount"),
    );
}

#[test]
fn permit_unverified_comes_before_invalid_signature() {
    let mut request = entrypoint_permit_request();
    let signature = signature_of(&mut request);
    signature.intent_signature = Some(high_s(signature.intent_signature.as_ref().unwrap()));
    signature.permit_signature = Some(Bytes::from_static(&[0u8; 3]));
    assert_rule(Execute::without_chain_facts().check(&request), Reason::PermitUnverified, PERMIT_SIGNATURE);
}

#[test]
fn invalid_permit_signature_comes_before_intent_signer_mismatch() {
    // SIGNER_MISMATCH is the last rule: every signature is checked for form and recovery
    // before any signer is compared.
    let mut request = entrypoint_permit_request();
    let signature = signature_of(&mut request);
    sign_with(&stranger_key(), &intent(), signature);
    signature.permit_signature = Some(high_s(signature.permit_signature.as_ref().unwrap()));
    assert_rule(Execute::new().check(&request), Reason::InvalidSignature, PERMIT_SIGNATURE);
}

#[test]
fn invalid_intent_signature_comes_before_permit_signer_mismatch() {
    let mut request = entrypoint_permit_request();
    let signature = signature_of(&mut request);
    sign_with(&stranger_key(), &intent(), signature);
    signature.intent_signature = Some(high_s(signature.intent_signature.as_ref().unwrap()));
    assert_rule(Execute::new().check(&request), Reason::InvalidSignature, INTENT_SIGNATURE);
}

#[test]
fn intent_signer_mismatch_is_reported_before_permit_signer_mismatch() {
    let mut request = entrypoint_permit_request();
    sign_with(&stranger_key(), &intent(), signature_of(&mut request));
    assert_rule(Execute::new().check(&request), Reason::SignerMismatch, INTENT_SIGNATURE);
}

// ---------------------------------------------------------------------------------------------
// Through the record: `execute_with` applies the same rules.

#[test]
fn record_executes_every_valid_mode_with_token_facts() {
    for request in [hash_request(), entrypoint_request(), permit_only_request(), entrypoint_permit_request()] {
        let mut record = committed_record();
        let facts = ChainFacts { token_permit: Some(&token_permit()), ..hash_facts() };
        let _ = record.apply(EventInput::execute_with(&request, facts), executed_at()).unwrap();
        assert_eq!(record.status(), &intent_core::IntentStatus::Executing);
    }
}

#[test]
fn record_reports_the_permit_signer_mismatch_with_token_facts() {
    let mut request = permit_only_request();
    sign_with(&stranger_key(), &intent(), signature_of(&mut request));
    let mut record = committed_record();
    let before = record.clone();
    assert_rule(
        record.apply(EventInput::execute_with(&request, ChainFacts::with_token_permit(&token_permit())), executed_at()),
        Reason::SignerMismatch,
        PERMIT_SIGNATURE,
    );
    assert_eq!(record, before);
}

#[test]
fn record_executes_without_chain_facts_only_what_needs_none() {
    let mut record = committed_record();
    let _ = record.apply(EventInput::execute(&entrypoint_request()), executed_at()).unwrap();
    assert_eq!(record.status(), &intent_core::IntentStatus::Executing);
    let mut record = committed_record();
    let before = record.clone();
    assert_rule(
        record.apply(EventInput::execute(&hash_request()), executed_at()),
        Reason::DepositUnverified,
        Some("depositTransactionHash"),
    );
    assert_eq!(record, before);
    for request in [permit_only_request(), entrypoint_permit_request()] {
        let mut record = committed_record();
        let before = record.clone();
        assert_rule(
            record.apply(EventInput::execute(&request), executed_at()),
            Reason::PermitUnverified,
            PERMIT_SIGNATURE,
        );
        assert_eq!(record, before);
    }
}

#[test]
fn record_checks_the_owners_entrypoint_nonce_when_given() {
    let request = entrypoint_request_with_nonce(USER_NONCE + U256::from(1));
    let facts = ChainFacts { entrypoint_nonce: Some(USER_NONCE), ..ChainFacts::default() };
    let mut record = committed_record();
    assert_rule(
        record.apply(EventInput::execute_with(&request, facts), executed_at()),
        Reason::NonceMismatch,
        Some("depositSignature.userNonce"),
    );
    let facts = ChainFacts { entrypoint_nonce: Some(USER_NONCE + U256::from(1)), ..facts };
    let _ = record.apply(EventInput::execute_with(&request, facts), executed_at()).unwrap();
}

// ---------------------------------------------------------------------------------------------
// A stranger's permit is refused on every path of the library (docs/spec.md §6.5); intentctl's
// paths are checked in intentctl/tests/intentctl_check_execute.rs and scenarios.rs.

/// The permit-only request and the entrypoint-mode request with a permit, each with its
/// permit (only) signed again by a stranger.
fn requests_with_a_strangers_permit() -> [intent_core::ExecuteRequest; 2] {
    [permit_only_request(), entrypoint_permit_request()].map(|mut request| {
        let signature = signature_of(&mut request);
        let intent_signature = signature.intent_signature.clone();
        sign_with(&stranger_key(), &intent(), signature);
        signature.intent_signature = intent_signature;
        request
    })
}

#[test]
fn a_strangers_permit_is_refused_on_every_execute_path() {
    let token_facts = token_permit();
    for request in requests_with_a_strangers_permit() {
        let refused = |result: Result<(), intent_core::Error>| {
            let error = result.expect_err("a stranger's permit must be refused");
            assert!(matches!(error.reason(), Reason::SignerMismatch | Reason::PermitUnverified), "{error}");
            assert_eq!(error.path(), PERMIT_SIGNATURE);
            error.reason()
        };
        let at = executed_at();
        assert_eq!(
            refused(committed_record().apply(EventInput::execute(&request), at).map(drop)),
            Reason::PermitUnverified
        );
        assert_eq!(
            refused(committed_record().apply(EventInput::execute_with(&request, ChainFacts::default()), at).map(drop)),
            Reason::PermitUnverified
        );
        let with_facts = ChainFacts::with_token_permit(&token_facts);
        assert_eq!(
            refused(committed_record().apply(EventInput::execute_with(&request, with_facts), at).map(drop)),
            Reason::SignerMismatch
        );
        let with_facts_and_opt_in = ChainFacts { accept_unverified_permit: true, ..with_facts };
        assert_eq!(
            refused(committed_record().apply(EventInput::execute_with(&request, with_facts_and_opt_in), at).map(drop)),
            Reason::SignerMismatch
        );
        assert_eq!(refused(Execute::without_chain_facts().check(&request)), Reason::PermitUnverified);
        assert_eq!(refused(Execute::new().check(&request)), Reason::SignerMismatch);
        // Only the explicit opt-in lets it through, to be refused by the token on chain.
        Execute::accepting_unverified_permit().check(&request).unwrap();
    }
}
