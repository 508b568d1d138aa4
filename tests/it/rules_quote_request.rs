//! The QuoteRequest rules of docs/spec.md §7, one test per rule: each starts from the fixture
//! intent's valid request (EXACT_INPUT of 125 DAI on Arbitrum to a Base token, for another
//! recipient), breaks exactly one rule and asserts exactly that rule's reason and path
//! (relative to the request). Then the order of the rules.

use crate::fixtures;

use intent_core::rules::check_quote_request;
use intent_core::{Address, Bytes, Decimal, QuoteOptions, QuoteRequest, Reason, RouteProvider, TradeType, U256};

fn request() -> QuoteRequest {
    fixtures::intent().quote_request
}

/// The request as a same-chain swap (origin chain on both sides, another token).
fn same_chain_swap() -> QuoteRequest {
    let mut request = request();
    request.destination_chain_id = request.origin_chain_id;
    request
}

/// The request as a same-chain, same-token transfer to the owner with no call: nothing to do.
fn nothing_to_do() -> QuoteRequest {
    let mut request = same_chain_swap();
    request.destination_token_address = request.origin_token_address;
    request.destination_to_address = None;
    request
}

fn options(request: &mut QuoteRequest) -> &mut QuoteOptions {
    request.options.as_mut().expect("the fixture request has options")
}

fn slippage(value: f64) -> Option<Decimal> {
    Some(Decimal::new(value).unwrap())
}

#[track_caller]
fn assert_rule(request: &QuoteRequest, reason: Reason, path: Option<&str>) {
    fixtures::assert_rule(check_quote_request(request), reason, path);
}

#[test]
fn fixture_request_passes() {
    let request = request();
    assert_eq!(request.trade_type, Some(TradeType::ExactInput));
    check_quote_request(&request).unwrap();
    check_quote_request(&same_chain_swap()).unwrap();
}

// ---------------------------------------------------------------------------------------------
// INVALID_CHAIN_ID

#[test]
fn zero_origin_chain_id_is_invalid_chain_id() {
    let mut request = request();
    request.origin_chain_id = 0;
    assert_rule(&request, Reason::InvalidChainId, Some("originChainId"));
}

#[test]
fn zero_destination_chain_id_is_invalid_chain_id() {
    let mut request = request();
    request.destination_chain_id = 0;
    assert_rule(&request, Reason::InvalidChainId, Some("destinationChainId"));
}

// ---------------------------------------------------------------------------------------------
// TRADE_TYPE_AMOUNT

#[test]
fn exact_input_without_origin_amount_is_trade_type_amount() {
    let mut request = request();
    request.origin_token_amount = None;
    assert_rule(&request, Reason::TradeTypeAmount, Some("originTokenAmount"));
}

#[test]
fn exact_input_with_zero_origin_amount_is_trade_type_amount() {
    let mut request = request();
    request.origin_token_amount = Some(U256::ZERO);
    assert_rule(&request, Reason::TradeTypeAmount, Some("originTokenAmount"));
}

#[test]
fn exact_input_with_destination_amount_is_trade_type_amount() {
    let mut request = request();
    request.destination_token_amount = Some(U256::from(1));
    assert_rule(&request, Reason::TradeTypeAmount, Some("destinationTokenAmount"));
}

#[test]
fn exact_output_with_only_destination_amount_passes() {
    let mut request = request();
    request.trade_type = Some(TradeType::ExactOutput);
    request.destination_token_amount = request.origin_token_amount.take();
    check_quote_request(&request).unwrap();
}

#[test]
fn exact_output_without_destination_amount_is_trade_type_amount() {
    let mut request = request();
    request.trade_type = Some(TradeType::ExactOutput);
    request.origin_token_amount = None;
    assert_rule(&request, Reason::TradeTypeAmount, Some("destinationTokenAmount"));
}

#[test]
fn exact_output_with_zero_destination_amount_is_trade_type_amount() {
    let mut request = request();
    request.trade_type = Some(TradeType::ExactOutput);
    request.origin_token_amount = None;
    request.destination_token_amount = Some(U256::ZERO);
    assert_rule(&request, Reason::TradeTypeAmount, Some("destinationTokenAmount"));
}

#[test]
fn exact_output_with_origin_amount_is_trade_type_amount() {
    let mut request = request();
    request.trade_type = Some(TradeType::ExactOutput);
    request.destination_token_amount = request.origin_token_amount;
    assert_rule(&request, Reason::TradeTypeAmount, Some("originTokenAmount"));
}

#[test]
fn no_trade_type_and_only_origin_amount_is_exact_input_and_passes() {
    let mut request = request();
    request.trade_type = None;
    check_quote_request(&request).unwrap();
}

#[test]
fn no_trade_type_and_only_destination_amount_is_exact_output_and_passes() {
    let mut request = request();
    request.trade_type = None;
    request.destination_token_amount = request.origin_token_amount.take();
    check_quote_request(&request).unwrap();
}

#[test]
fn no_trade_type_and_no_amount_is_trade_type_amount() {
    let mut request = request();
    request.trade_type = None;
    request.origin_token_amount = None;
    assert_rule(&request, Reason::TradeTypeAmount, Some("originTokenAmount"));
}

#[test]
fn no_trade_type_and_both_amounts_is_trade_type_amount() {
    let mut request = request();
    request.trade_type = None;
    request.destination_token_amount = Some(U256::from(1));
    assert_rule(&request, Reason::TradeTypeAmount, Some("destinationTokenAmount"));
}

#[test]
fn no_trade_type_and_only_a_zero_origin_amount_is_trade_type_amount() {
    // The one amount given decides EXACT_INPUT, which needs it above zero.
    let mut request = request();
    request.trade_type = None;
    request.origin_token_amount = Some(U256::ZERO);
    assert_rule(&request, Reason::TradeTypeAmount, Some("originTokenAmount"));
}

// ---------------------------------------------------------------------------------------------
// SWAP_PROVIDER_CROSS_CHAIN

#[test]
fn swap_provider_on_a_cross_chain_request_is_swap_provider_cross_chain() {
    let mut request = request();
    options(&mut request).swap_provider = Some(RouteProvider::Auto);
    assert_rule(&request, Reason::SwapProviderCrossChain, Some("options.swapProvider"));
}

#[test]
fn swap_provider_on_a_same_chain_request_passes() {
    let mut request = same_chain_swap();
    options(&mut request).swap_provider = Some(RouteProvider::Provider2);
    check_quote_request(&request).unwrap();
}

#[test]
fn bridge_provider_on_a_cross_chain_request_passes() {
    let mut request = request();
    options(&mut request).bridge_provider = Some(RouteProvider::Cctp);
    check_quote_request(&request).unwrap();
}

// ---------------------------------------------------------------------------------------------
// SLIPPAGE_OUT_OF_RANGE

#[test]
fn slippage_of_one_is_slippage_out_of_range() {
    let mut request = request();
    options(&mut request).slippage_tolerance = slippage(1.0);
    assert_rule(&request, Reason::SlippageOutOfRange, Some("options.slippageTolerance"));
}

#[test]
fn negative_slippage_is_slippage_out_of_range() {
    let mut request = request();
    options(&mut request).slippage_tolerance = slippage(-0.0001);
    assert_rule(&request, Reason::SlippageOutOfRange, Some("options.slippageTolerance"));
}

#[test]
fn slippage_of_zero_and_just_below_one_pass() {
    // 1 − 2⁻⁵³ is the largest double below 1.
    for value in [0.0, -0.0, 1.0 - f64::EPSILON / 2.0] {
        let mut request = request();
        options(&mut request).slippage_tolerance = slippage(value);
        check_quote_request(&request).unwrap_or_else(|e| panic!("slippage {value}: {e}"));
    }
}

// ---------------------------------------------------------------------------------------------
// CALL_VALUE_WITHOUT_DATA

#[test]
fn destination_call_value_without_call_data_is_call_value_without_data() {
    let mut request = request();
    request.destination_call_value = Some(U256::from(1));
    assert_rule(&request, Reason::CallValueWithoutData, Some("destinationCallValue"));
}

#[test]
fn destination_call_value_with_empty_call_data_is_call_value_without_data() {
    let mut request = request();
    request.destination_call_value = Some(U256::from(1));
    request.destination_call_data = Some(Bytes::new());
    assert_rule(&request, Reason::CallValueWithoutData, Some("destinationCallValue"));
}

#[test]
fn destination_call_value_with_call_data_passes() {
    let mut request = request();
    request.destination_call_value = Some(U256::from(1));
    request.destination_call_data = Some(Bytes::from_static(&[0xd0, 0xe3, 0x0d, 0xb0]));
    check_quote_request(&request).unwrap();
}

// ---------------------------------------------------------------------------------------------
// NOTHING_TO_DO

#[test]
fn same_chain_same_token_no_call_to_the_owner_is_nothing_to_do() {
    assert_rule(&nothing_to_do(), Reason::NothingToDo, None);
}

#[test]
fn same_chain_same_token_to_the_owner_named_explicitly_is_nothing_to_do() {
    let mut request = nothing_to_do();
    request.destination_to_address = Some(request.owner_address);
    assert_rule(&request, Reason::NothingToDo, None);
}

#[test]
fn same_chain_same_token_to_another_recipient_passes() {
    let mut request = nothing_to_do();
    request.destination_to_address = Some(Address::repeat_byte(0x29));
    check_quote_request(&request).unwrap();
}

#[test]
fn same_chain_same_token_with_a_call_passes() {
    let mut request = nothing_to_do();
    request.destination_call_data = Some(Bytes::from_static(&[0xd0, 0xe3, 0x0d, 0xb0]));
    check_quote_request(&request).unwrap();
}

#[test]
fn same_token_on_another_chain_passes() {
    let mut request = nothing_to_do();
    request.destination_chain_id = 8453;
    check_quote_request(&request).unwrap();
}

// ---------------------------------------------------------------------------------------------
// Order (docs/spec.md §7): with two rules broken, the one listed first is reported.

#[test]
fn origin_chain_id_is_checked_before_destination_chain_id() {
    let mut request = request();
    request.origin_chain_id = 0;
    request.destination_chain_id = 0;
    assert_rule(&request, Reason::InvalidChainId, Some("originChainId"));
}

#[test]
fn invalid_chain_id_comes_before_trade_type_amount() {
    let mut request = request();
    request.destination_chain_id = 0;
    request.origin_token_amount = None;
    assert_rule(&request, Reason::InvalidChainId, Some("destinationChainId"));
}

#[test]
fn trade_type_amount_comes_before_swap_provider_cross_chain() {
    let mut request = request();
    request.origin_token_amount = None;
    options(&mut request).swap_provider = Some(RouteProvider::Auto);
    assert_rule(&request, Reason::TradeTypeAmount, Some("originTokenAmount"));
}

#[test]
fn swap_provider_cross_chain_comes_before_slippage_out_of_range() {
    let mut request = request();
    options(&mut request).swap_provider = Some(RouteProvider::Auto);
    options(&mut request).slippage_tolerance = slippage(1.5);
    assert_rule(&request, Reason::SwapProviderCrossChain, Some("options.swapProvider"));
}

#[test]
fn slippage_out_of_range_comes_before_call_value_without_data() {
    let mut request = request();
    options(&mut request).slippage_tolerance = slippage(1.5);
    request.destination_call_value = Some(U256::from(1));
    assert_rule(&request, Reason::SlippageOutOfRange, Some("options.slippageTolerance"));
}

#[test]
fn call_value_without_data_comes_before_nothing_to_do() {
    let mut request = nothing_to_do();
    request.destination_call_value = Some(U256::from(1));
    assert_rule(&request, Reason::CallValueWithoutData, Some("destinationCallValue"));
}
