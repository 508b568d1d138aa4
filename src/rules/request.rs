//! The QuoteRequest rules of docs/spec.md §7.

use alloy_primitives::U256;

use crate::error::{Error, Problem};
use crate::{QuoteRequest, TradeType};

/// Checks a quote request: chain ids, trade type and amounts, swap provider, slippage,
/// call value, and that it does something. Empty call data (`0x`) counts as none.
///
/// # Errors
///
/// The first broken rule, in this order: `INVALID_CHAIN_ID`, `TRADE_TYPE_AMOUNT`,
/// `SWAP_PROVIDER_CROSS_CHAIN`, `SLIPPAGE_OUT_OF_RANGE`, `CALL_VALUE_WITHOUT_DATA`,
/// `NOTHING_TO_DO`. Paths are relative to the request.
pub fn check_quote_request(request: &QuoteRequest) -> Result<(), Error> {
    if request.origin_chain_id == 0 {
        return Err(Error::new(Problem::InvalidChainId).in_member("originChainId"));
    }
    if request.destination_chain_id == 0 {
        return Err(Error::new(Problem::InvalidChainId).in_member("destinationChainId"));
    }
    check_trade_type(request)?;
    let options = request.options.as_ref();
    if options.is_some_and(|o| o.swap_provider.is_some()) && request.origin_chain_id != request.destination_chain_id {
        return Err(Error::new(Problem::SwapProviderCrossChain).within("options.swapProvider"));
    }
    if let Some(slippage) = options.and_then(|o| o.slippage_tolerance) {
        if !(0.0..1.0).contains(&slippage.get()) {
            return Err(Error::new(Problem::SlippageOutOfRange).within("options.slippageTolerance"));
        }
    }
    let has_call_data = request.destination_call_data.as_ref().is_some_and(|data| !data.is_empty());
    if request.destination_call_value.is_some() && !has_call_data {
        return Err(Error::new(Problem::CallValueWithoutData).in_member("destinationCallValue"));
    }
    let recipient = request.destination_to_address.unwrap_or(request.owner_address);
    if request.origin_chain_id == request.destination_chain_id
        && request.origin_token_address == request.destination_token_address
        && !has_call_data
        && recipient == request.owner_address
    {
        return Err(Error::new(Problem::NothingToDo));
    }
    Ok(())
}

fn trade_type_amount(detail: &'static str, amount: &str) -> Error {
    Error::new(Problem::TradeTypeAmount { detail }).in_member(amount)
}

fn check_trade_type(request: &QuoteRequest) -> Result<(), Error> {
    const ORIGIN: &str = "originTokenAmount";
    const DESTINATION: &str = "destinationTokenAmount";
    let (origin, destination) = (request.origin_token_amount, request.destination_token_amount);
    let trade_type = match (request.trade_type, origin, destination) {
        (Some(trade_type), _, _) => trade_type,
        (None, Some(_), None) => TradeType::ExactInput,
        (None, None, Some(_)) => TradeType::ExactOutput,
        (None, None, None) => {
            return Err(trade_type_amount(
                "without a trade type, one of originTokenAmount and destinationTokenAmount is needed",
                ORIGIN,
            ))
        }
        (None, Some(_), Some(_)) => {
            return Err(trade_type_amount(
                "without a trade type, only one of originTokenAmount and destinationTokenAmount may be given",
                DESTINATION,
            ))
        }
    };
    let (fixed, fixed_path, other_path, detail_zero, detail_other) = match trade_type {
        TradeType::ExactInput => (
            origin,
            ORIGIN,
            DESTINATION,
            "exact input needs originTokenAmount above zero",
            "exact input forbids destinationTokenAmount",
        ),
        TradeType::ExactOutput => (
            destination,
            DESTINATION,
            ORIGIN,
            "exact output needs destinationTokenAmount above zero",
            "exact output forbids originTokenAmount",
        ),
    };
    if fixed.is_none_or(|amount| amount == U256::ZERO) {
        return Err(trade_type_amount(detail_zero, fixed_path));
    }
    let other = if fixed_path == ORIGIN { destination } else { origin };
    if other.is_some() {
        return Err(trade_type_amount(detail_other, other_path));
    }
    Ok(())
}
