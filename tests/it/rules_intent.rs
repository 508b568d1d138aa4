//! Intent consistency (docs/spec.md §7), one test per rule: each starts from the fixture intent,
//! makes exactly one field disagree and asserts `INTENT_INCONSISTENT` with exactly that
//! field's path. The QuoteRequest rules run first, on `quoteRequest`; the consistency rules
//! then run in the order docs/spec.md §7 lists them.

use crate::fixtures;

use fixtures::{address_of, assert_rule, intent, stranger_key};
use intent_core::rules::check_intent;
use intent_core::{Decimal, Intent, Reason, RouteProvider, Timestamp, U256};

const INCONSISTENT: Reason = Reason::IntentInconsistent;

#[track_caller]
fn assert_inconsistent(intent: &Intent, path: &str) {
    assert_rule(check_intent(intent), INCONSISTENT, Some(path));
}

/// A chain id that is neither side's.
const OTHER_CHAIN: u64 = 10;

#[test]
fn fixture_intent_is_consistent() {
    check_intent(&intent()).unwrap();
}

// ---------------------------------------------------------------------------------------------
// The QuoteRequest rules, on quoteRequest

#[test]
fn quote_request_rules_apply_to_the_intents_request_with_its_path() {
    let mut broken = intent();
    broken.quote_request.options.as_mut().unwrap().slippage_tolerance = Decimal::new(1.0);
    assert_rule(check_intent(&broken), Reason::SlippageOutOfRange, Some("quoteRequest.options.slippageTolerance"));

    let mut broken = intent();
    broken.quote_request.destination_call_value = Some(U256::from(1));
    assert_rule(check_intent(&broken), Reason::CallValueWithoutData, Some("quoteRequest.destinationCallValue"));

    let mut broken = intent();
    broken.quote_request.origin_token_amount = None;
    assert_rule(check_intent(&broken), Reason::TradeTypeAmount, Some("quoteRequest.originTokenAmount"));
}

// ---------------------------------------------------------------------------------------------
// ownerAddress and both chain ids equal the quoteRequest's

#[test]
fn owner_other_than_the_requests_is_intent_inconsistent() {
    let mut broken = intent();
    broken.owner_address = address_of(&stranger_key());
    assert_inconsistent(&broken, "ownerAddress");
}

#[test]
fn origin_chain_other_than_the_requests_is_intent_inconsistent() {
    let mut broken = intent();
    broken.quote_request.origin_chain_id = OTHER_CHAIN;
    assert_inconsistent(&broken, "originChainId");
}

#[test]
fn destination_chain_other_than_the_requests_is_intent_inconsistent() {
    let mut broken = intent();
    broken.quote_request.destination_chain_id = OTHER_CHAIN;
    assert_inconsistent(&broken, "destinationChainId");
}

// ---------------------------------------------------------------------------------------------
// The deposit goes to originIntentAddress, in quoteRequest.originTokenAddress

#[test]
fn deposit_to_another_address_than_the_origin_intent_address_is_intent_inconsistent() {
    let mut broken = intent();
    broken.deposit_transaction.to_address = broken.destination_intent_address.unwrap();
    assert_inconsistent(&broken, "depositTransaction.toAddress");
}

#[test]
fn deposit_token_other_than_the_requests_origin_token_is_intent_inconsistent() {
    let mut broken = intent();
    broken.deposit_transaction.token_address = broken.quote_request.destination_token_address;
    assert_inconsistent(&broken, "depositTransaction.tokenAddress");
}

// ---------------------------------------------------------------------------------------------
// Each CallBundle, Precondition, MetaTxn and GasDetail names its side's chain

#[test]
fn origin_calls_on_another_chain_is_intent_inconsistent() {
    let mut broken = intent();
    broken.origin_calls.chain_id = OTHER_CHAIN;
    assert_inconsistent(&broken, "originCalls.chainId");
}

#[test]
fn origin_precondition_on_another_chain_is_intent_inconsistent() {
    let mut broken = intent();
    broken.origin_precondition.chain_id = OTHER_CHAIN;
    assert_inconsistent(&broken, "originPrecondition.chainId");
}

#[test]
fn origin_meta_txn_on_another_chain_is_intent_inconsistent() {
    let mut broken = intent();
    broken.origin_meta_txn.chain_id = OTHER_CHAIN;
    assert_inconsistent(&broken, "originMetaTxn.chainId");
}

#[test]
fn origin_gas_on_another_chain_is_intent_inconsistent() {
    let mut broken = intent();
    broken.fees.origin_gas.chain_id = OTHER_CHAIN;
    assert_inconsistent(&broken, "fees.originGas.chainId");
}

#[test]
fn destination_calls_on_another_chain_is_intent_inconsistent() {
    let mut broken = intent();
    broken.destination_calls.as_mut().unwrap().chain_id = OTHER_CHAIN;
    assert_inconsistent(&broken, "destinationCalls.chainId");
}

#[test]
fn destination_precondition_on_another_chain_is_intent_inconsistent() {
    let mut broken = intent();
    broken.destination_precondition.as_mut().unwrap().chain_id = OTHER_CHAIN;
    assert_inconsistent(&broken, "destinationPrecondition.chainId");
}

#[test]
fn destination_meta_txn_on_another_chain_is_intent_inconsistent() {
    let mut broken = intent();
    broken.destination_meta_txn.as_mut().unwrap().chain_id = OTHER_CHAIN;
    assert_inconsistent(&broken, "destinationMetaTxn.chainId");
}

#[test]
fn destination_gas_on_another_chain_is_intent_inconsistent() {
    let mut broken = intent();
    broken.fees.destination_gas.as_mut().unwrap().chain_id = OTHER_CHAIN;
    assert_inconsistent(&broken, "fees.destinationGas.chainId");
}

#[test]
fn destination_object_on_the_origin_chain_is_intent_inconsistent() {
    let mut broken = intent();
    broken.destination_calls.as_mut().unwrap().chain_id = broken.origin_chain_id;
    assert_inconsistent(&broken, "destinationCalls.chainId");
}

#[test]
fn absent_destination_objects_are_consistent() {
    let mut ok = intent();
    ok.destination_calls = None;
    ok.destination_precondition = None;
    ok.destination_meta_txn = None;
    ok.fees.destination_gas = None;
    check_intent(&ok).unwrap();
}

// ---------------------------------------------------------------------------------------------
// quote.fromAmountMin ≤ fromAmount and toAmountMin ≤ toAmount

#[test]
fn from_amount_min_above_from_amount_is_intent_inconsistent() {
    let mut broken = intent();
    broken.quote.from_amount_min = broken.quote.from_amount + U256::from(1);
    assert_inconsistent(&broken, "quote.fromAmountMin");
}

#[test]
fn to_amount_min_above_to_amount_is_intent_inconsistent() {
    let mut broken = intent();
    broken.quote.to_amount_min = broken.quote.to_amount + U256::from(1);
    assert_inconsistent(&broken, "quote.toAmountMin");
}

#[test]
fn minimums_equal_to_their_amounts_are_consistent() {
    let mut ok = intent();
    ok.quote.from_amount_min = ok.quote.from_amount;
    ok.quote.to_amount_min = ok.quote.to_amount;
    check_intent(&ok).unwrap();
}

// ---------------------------------------------------------------------------------------------
// The three routeProviders arrays have equal length

#[test]
fn extra_route_provider_request_id_is_intent_inconsistent() {
    let mut broken = intent();
    broken.quote.route_providers_request_ids.push("rq_extra".into());
    assert_inconsistent(&broken, "quote.routeProvidersRequestIds");
}

#[test]
fn missing_route_provider_fee_is_intent_inconsistent() {
    let mut broken = intent();
    broken.quote.route_providers_fee_usd.clear();
    assert_inconsistent(&broken, "quote.routeProvidersFeeUsd");
}

#[test]
fn extra_route_provider_is_intent_inconsistent() {
    let mut broken = intent();
    broken.quote.route_providers.push(RouteProvider::Cctp);
    assert_inconsistent(&broken, "quote.routeProvidersRequestIds");
}

#[test]
fn empty_route_provider_arrays_are_consistent() {
    let mut ok = intent();
    ok.quote.route_providers.clear();
    ok.quote.route_providers_request_ids.clear();
    ok.quote.route_providers_fee_usd.clear();
    check_intent(&ok).unwrap();
}

// ---------------------------------------------------------------------------------------------
// expiresAt after createdAt when both are given

#[test]
fn expires_at_equal_to_created_at_is_intent_inconsistent() {
    let mut broken = intent();
    broken.expires_at = broken.created_at.unwrap();
    assert_inconsistent(&broken, "expiresAt");
}

#[test]
fn expires_at_before_created_at_is_intent_inconsistent() {
    let mut broken = intent();
    broken.created_at = Some(fixtures::secs(broken.expires_at, 1));
    assert_inconsistent(&broken, "expiresAt");
}

#[test]
fn expires_at_one_nanosecond_after_created_at_is_consistent() {
    let mut ok = intent();
    ok.expires_at = fixtures::shift(ok.created_at.unwrap(), fixtures::NANO);
    check_intent(&ok).unwrap();
}

#[test]
fn expires_at_without_created_at_is_consistent() {
    let mut ok = intent();
    ok.created_at = None;
    ok.expires_at = Timestamp::MIN;
    check_intent(&ok).unwrap();
}

// ---------------------------------------------------------------------------------------------
// Order (docs/spec.md §7)

#[test]
fn quote_request_rules_come_before_intent_consistency() {
    let mut broken = intent();
    broken.owner_address = address_of(&stranger_key());
    broken.quote_request.options.as_mut().unwrap().slippage_tolerance = Decimal::new(-1.0);
    assert_rule(check_intent(&broken), Reason::SlippageOutOfRange, Some("quoteRequest.options.slippageTolerance"));
}

#[test]
fn nothing_to_do_in_the_request_comes_before_intent_consistency() {
    // Same chain, same token, the owner as recipient: the request does nothing, and the
    // intent's destination side now disagrees with its chain too.
    let mut broken = intent();
    let request = &mut broken.quote_request;
    request.destination_chain_id = request.origin_chain_id;
    request.destination_token_address = request.origin_token_address;
    request.destination_to_address = None;
    broken.destination_chain_id = broken.origin_chain_id;
    assert_rule(check_intent(&broken), Reason::NothingToDo, Some("quoteRequest"));
}

/// The item of docs/spec.md §7's consistency list a breakage belongs to, the path it reports, and
/// the change that makes it.
type Breakage = (usize, &'static str, fn(&mut Intent));

/// One way to break each consistency rule, with the path it reports, grouped by the items of
/// docs/spec.md §7's list (in its order).
fn breakages() -> Vec<Breakage> {
    vec![
        (0, "ownerAddress", |i| i.owner_address = address_of(&stranger_key())),
        (0, "originChainId", |i| i.quote_request.origin_chain_id = OTHER_CHAIN),
        (0, "destinationChainId", |i| i.quote_request.destination_chain_id = OTHER_CHAIN),
        (1, "depositTransaction.toAddress", |i| {
            i.deposit_transaction.to_address = i.destination_intent_address.unwrap()
        }),
        (2, "depositTransaction.tokenAddress", |i| {
            i.deposit_transaction.token_address = i.quote_request.destination_token_address
        }),
        (3, "originCalls.chainId", |i| i.origin_calls.chain_id = OTHER_CHAIN),
        (3, "originPrecondition.chainId", |i| i.origin_precondition.chain_id = OTHER_CHAIN),
        (3, "originMetaTxn.chainId", |i| i.origin_meta_txn.chain_id = OTHER_CHAIN),
        (3, "fees.originGas.chainId", |i| i.fees.origin_gas.chain_id = OTHER_CHAIN),
        (3, "destinationCalls.chainId", |i| i.destination_calls.as_mut().unwrap().chain_id = OTHER_CHAIN),
        (3, "destinationPrecondition.chainId", |i| i.destination_precondition.as_mut().unwrap().chain_id = OTHER_CHAIN),
        (3, "destinationMetaTxn.chainId", |i| i.destination_meta_txn.as_mut().unwrap().chain_id = OTHER_CHAIN),
        (3, "fees.destinationGas.chainId", |i| i.fees.destination_gas.as_mut().unwrap().chain_id = OTHER_CHAIN),
        (4, "quote.fromAmountMin", |i| i.quote.from_amount_min = i.quote.from_amount + U256::from(1)),
        (4, "quote.toAmountMin", |i| i.quote.to_amount_min = i.quote.to_amount + U256::from(1)),
        (5, "quote.routeProvidersRequestIds", |i| i.quote.route_providers_request_ids.push("rq_extra".into())),
        (5, "quote.routeProvidersFeeUsd", |i| i.quote.route_providers_fee_usd.push(Decimal::ZERO)),
        (6, "expiresAt", |i| i.expires_at = i.created_at.unwrap()),
    ]
}

#[test]
fn each_breakage_alone_reports_its_own_path() {
    for (_, path, breakage) in breakages() {
        let mut broken = intent();
        breakage(&mut broken);
        assert_inconsistent(&broken, path);
    }
}

#[test]
fn of_two_broken_consistency_rules_the_one_listed_first_is_reported() {
    let all = breakages();
    for (group, path, first) in &all {
        for (later_group, later_path, second) in &all {
            if later_group <= group {
                continue;
            }
            let mut broken = intent();
            second(&mut broken);
            first(&mut broken);
            let error = check_intent(&broken).unwrap_err();
            assert_eq!(
                (error.reason(), error.path()),
                (INCONSISTENT, Some(*path)),
                "{path} and {later_path} broken: {error}"
            );
        }
    }
}

#[test]
fn owner_then_origin_then_destination_chain() {
    let mut broken = intent();
    broken.quote_request.destination_chain_id = OTHER_CHAIN;
    broken.quote_request.origin_chain_id = OTHER_CHAIN + 1;
    assert_inconsistent(&broken, "originChainId");
    broken.owner_address = address_of(&stranger_key());
    assert_inconsistent(&broken, "ownerAddress");
}
