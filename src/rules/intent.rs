//! Intent consistency (docs/spec.md §7): an intent agrees with its request, each side's objects
//! with that side's chain, its amounts with their minimums, and its times with each other.

use crate::error::{Error, Problem};
use crate::rules::check_quote_request;
use crate::Intent;

/// `INTENT_INCONSISTENT` at `path`, relative to the intent.
fn inconsistent(detail: &'static str, path: &str) -> Error {
    Error::new(Problem::IntentInconsistent { detail }).within(path)
}

/// Checks an intent: the QuoteRequest rules on `quoteRequest`, then consistency.
///
/// # Errors
///
/// The QuoteRequest rules' reasons (paths under `quoteRequest`), then
/// `INTENT_INCONSISTENT` with the path of the first field that disagrees.
pub fn check_intent(intent: &Intent) -> Result<(), Error> {
    check_quote_request(&intent.quote_request).map_err(|e| e.within("quoteRequest"))?;
    let request = &intent.quote_request;
    if intent.owner_address != request.owner_address {
        return Err(inconsistent("ownerAddress differs from quoteRequest.ownerAddress", "ownerAddress"));
    }
    if intent.origin_chain_id != request.origin_chain_id {
        return Err(inconsistent("originChainId differs from quoteRequest.originChainId", "originChainId"));
    }
    if intent.destination_chain_id != request.destination_chain_id {
        return Err(inconsistent(
            "destinationChainId differs from quoteRequest.destinationChainId",
            "destinationChainId",
        ));
    }
    let deposit = &intent.deposit_transaction;
    if deposit.to_address != intent.origin_intent_address {
        return Err(inconsistent("the deposit must go to originIntentAddress", "depositTransaction.toAddress"));
    }
    if deposit.token_address != request.origin_token_address {
        return Err(inconsistent(
            "the deposit token differs from quoteRequest.originTokenAddress",
            "depositTransaction.tokenAddress",
        ));
    }
    check_chains(intent)?;
    let quote = &intent.quote;
    if quote.from_amount_min > quote.from_amount {
        return Err(inconsistent("fromAmountMin is above fromAmount", "quote.fromAmountMin"));
    }
    if quote.to_amount_min > quote.to_amount {
        return Err(inconsistent("toAmountMin is above toAmount", "quote.toAmountMin"));
    }
    let providers = quote.route_providers.len();
    if quote.route_providers_request_ids.len() != providers {
        return Err(inconsistent(
            "routeProvidersRequestIds must have one entry per route provider",
            "quote.routeProvidersRequestIds",
        ));
    }
    if quote.route_providers_fee_usd.len() != providers {
        return Err(inconsistent(
            "routeProvidersFeeUsd must have one entry per route provider",
            "quote.routeProvidersFeeUsd",
        ));
    }
    if intent.created_at.is_some_and(|created| intent.expires_at <= created) {
        return Err(inconsistent("expiresAt must be after createdAt", "expiresAt"));
    }
    Ok(())
}

/// Each CallBundle, Precondition, MetaTxn and GasDetail names its side's chain.
fn check_chains(intent: &Intent) -> Result<(), Error> {
    let (origin, destination) = (intent.origin_chain_id, intent.destination_chain_id);
    let fees = &intent.fees;
    let sides = [
        (Some(intent.origin_calls.chain_id), origin, "originCalls.chainId"),
        (Some(intent.origin_precondition.chain_id), origin, "originPrecondition.chainId"),
        (Some(intent.origin_meta_txn.chain_id), origin, "originMetaTxn.chainId"),
        (Some(fees.origin_gas.chain_id), origin, "fees.originGas.chainId"),
        (intent.destination_calls.as_ref().map(|c| c.chain_id), destination, "destinationCalls.chainId"),
        (intent.destination_precondition.as_ref().map(|p| p.chain_id), destination, "destinationPrecondition.chainId"),
        (intent.destination_meta_txn.as_ref().map(|m| m.chain_id), destination, "destinationMetaTxn.chainId"),
        (fees.destination_gas.as_ref().map(|g| g.chain_id), destination, "fees.destinationGas.chainId"),
    ];
    for (chain_id, expected, path) in sides {
        if chain_id.is_some_and(|id| id != expected) {
            return Err(inconsistent("the chain id differs from its side's chain", path));
        }
    }
    Ok(())
}
