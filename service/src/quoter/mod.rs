//! Quoting: the [`Quoter`] the service asks for a priced intent and its gas fee options,
//! and [`ConfiguredQuoter`], the built-in one, deterministic from the configuration's
//! chains, tokens, prices and fees (docs/spec.md §12).
//!
//! The built-in quoter works in three layers, each using only the ones before it:
//! `pricing` (every number: amounts after fees, minimums, gas, fee options, USD figures),
//! `identifiers` (the CREATE2 intent addresses and the ids derived from the owner and
//! salt), and `assembly` (those numbers and ids placed in the core's [`QuoteResponse`],
//! its calldata encoded by `sol!`).
//!
//! Pricing and routing are not the core's business, so they live here; what the core
//! decides (whether the intent is valid, its hash, its lifetime) does not. The service
//! chooses the salt and the times ([`crate::records`]), and the core refuses what it
//! would not store.

mod assembly;
mod identifiers;
mod pricing;

use alloy_primitives::B256;
use intent_core::{QuoteRequest, QuoteResponse, Timestamp};

use crate::config::ServiceConfig;
use crate::failure::Failure;

/// Prices a quote request: the intent (its amounts, calls, fees and addresses) and the gas
/// fee options. `salt` is fresh randomness for this quote (it makes the intent addresses
/// and the intent id unique); `now` and `expires_at` are the quote's times.
pub trait Quoter: Send + Sync {
    /// The quote for `request`, for an intent of project `project_id`.
    ///
    /// # Errors
    ///
    /// `ROUTE_NOT_SERVED` (`ServerFailure::RouteNotServed`) for a chain or token it does not serve.
    fn quote(
        &self,
        request: &QuoteRequest,
        project_id: u64,
        salt: B256,
        now: Timestamp,
        expires_at: Timestamp,
    ) -> Result<QuoteResponse, Failure>;
}

/// The built-in quoter: prices from the configuration, fees in basis points of the input,
/// gas at each chain's configured limit and price. The same request, salt and time always
/// give the same quote.
#[derive(Debug, Clone)]
pub struct ConfiguredQuoter {
    config: ServiceConfig,
}

impl ConfiguredQuoter {
    /// A quoter over `config`'s chains, tokens and fees.
    pub fn new(config: ServiceConfig) -> Self {
        ConfiguredQuoter { config }
    }
}

impl Quoter for ConfiguredQuoter {
    fn quote(
        &self,
        request: &QuoteRequest,
        project_id: u64,
        salt: B256,
        now: Timestamp,
        expires_at: Timestamp,
    ) -> Result<QuoteResponse, Failure> {
        let origin = pricing::chain(&self.config, request.origin_chain_id, "originChainId")?;
        let destination = pricing::chain(&self.config, request.destination_chain_id, "destinationChainId")?;
        let pricing = pricing::price(&self.config, request, origin, destination)?;
        let inputs =
            assembly::Inputs { config: &self.config, request, origin, destination, project_id, salt, now, expires_at };
        assembly::assemble(&inputs, &pricing)
    }
}

#[cfg(test)]
mod tests {
    use intent_core::{from_slice, Address, Canonical, Timestamp, TradeType, U256};

    use super::*;

    fn quoter() -> ConfiguredQuoter {
        ConfiguredQuoter::new(ServiceConfig::load(None).unwrap())
    }

    fn example() -> QuoteRequest {
        from_slice(include_bytes!("../../../examples/quote-request.json")).unwrap()
    }

    fn times() -> (Timestamp, Timestamp) {
        let now = Timestamp::from_unix(1_800_000_000, 0).unwrap();
        (now, now.checked_add_seconds(300).unwrap())
    }

    /// Requests covering each branch of the quoter: exact input and output (named or
    /// implied by the amount given), ERC-20 and native tokens on either side, one chain or
    /// two, a destination call, the provider chosen or left to the service, the slippage
    /// given or the default.
    const REQUESTS: &[&str] = &[
        include_str!("../../../examples/quote-request.json"),
        r#"{"ownerAddress":"0x8ba1f109551bD432803012645Ac136ddd64DBA72","originChainId":42161,
            "originTokenAddress":"0x0000000000000000000000000000000000000000","destinationChainId":8453,
            "destinationTokenAddress":"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913","destinationTokenAmount":"50000000",
            "tradeType":"EXACT_OUTPUT","destinationCallData":"0xdeadbeef","destinationCallValue":"7",
            "options":{"bridgeProvider":"AUTO","slippageTolerance":0.0125}}"#,
        r#"{"ownerAddress":"0x8ba1f109551bD432803012645Ac136ddd64DBA72","originChainId":8453,
            "originTokenAddress":"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913","destinationChainId":8453,
            "destinationTokenAddress":"0x0000000000000000000000000000000000000000","originTokenAmount":"1234567"}"#,
        r#"{"ownerAddress":"0x290d26C036Fa30924a037CAD2F7e4E56885dE99f","originChainId":8453,
            "originTokenAddress":"0x0000000000000000000000000000000000000000","destinationChainId":42161,
            "destinationTokenAddress":"0x0000000000000000000000000000000000000000","destinationTokenAmount":"1000000000000000",
            "options":{"bridgeProvider":"CCTP"},"unknownMember":[1,2]}"#,
        r#"{"ownerAddress":"0x8ba1f109551bD432803012645Ac136ddd64DBA72","originChainId":42161,
            "originTokenAddress":"0xaf88d065e77c8cC2239327C5EDb3A432268e5831","destinationChainId":42161,
            "destinationTokenAddress":"0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1","originTokenAmount":"0",
            "tradeType":"EXACT_INPUT","options":{"slippageTolerance":0}}"#,
    ];

    /// The example configuration, and the same with no router on the origin chain (the
    /// meta-transaction contract is called instead).
    fn configurations() -> Vec<ServiceConfig> {
        let example = ServiceConfig::load(None).unwrap();
        let mut no_router = example.clone();
        for chain in &mut no_router.chains {
            chain.router_address = intent_core::AddressOrEmpty::Empty;
        }
        vec![example, no_router]
    }

    /// The wire output for each configuration, request and salt, in that nesting order.
    /// Written by the first quoter (which built its quote as JSON and read it back) and
    /// checked byte for byte against the typed one before the first was removed; a
    /// change here is a change of the quotes the service sends.
    const EXPECTED: &str = include_str!("../../tests/quotes.expected");

    #[test]
    fn the_quotes_of_the_example_configuration_are_the_expected_bytes() {
        let (now, expires_at) = times();
        let mut expected = EXPECTED.lines();
        for config in configurations() {
            let quoter = ConfiguredQuoter::new(config);
            for (index, request) in REQUESTS.iter().enumerate() {
                let request: QuoteRequest = from_slice(request.as_bytes()).unwrap();
                for salt in [B256::ZERO, B256::repeat_byte(0xa5)] {
                    let quote = quoter.quote(&request, 7, salt, now, expires_at).unwrap();
                    let line = expected.next().expect("a line for every case");
                    assert_eq!(intent_core::to_string(&quote), line, "request {index}, salt {salt}");
                }
            }
        }
        assert_eq!(expected.next(), None, "a case for every line");
    }

    #[test]
    fn the_same_request_salt_and_time_give_the_same_quote_and_another_salt_another_intent() {
        let (now, expires_at) = times();
        let a = quoter().quote(&example(), 42, B256::repeat_byte(1), now, expires_at).unwrap();
        let b = quoter().quote(&example(), 42, B256::repeat_byte(1), now, expires_at).unwrap();
        let c = quoter().quote(&example(), 42, B256::repeat_byte(2), now, expires_at).unwrap();
        assert_eq!(a.canonical_hash(), b.canonical_hash());
        assert_ne!(a.intent.intent_id, c.intent.intent_id);
        assert_ne!(a.intent.origin_intent_address, c.intent.origin_intent_address);
        assert_eq!(a.intent.quote.to_amount, c.intent.quote.to_amount);
    }

    #[test]
    fn exact_input_prices_the_output_after_fees_and_the_quote_passes_the_core() {
        let (now, expires_at) = times();
        let quote = quoter().quote(&example(), 42, B256::repeat_byte(1), now, expires_at).unwrap();
        let amount: U256 = "125000000000000000000".parse().unwrap();
        // DAI to DAI at the same price, 10 bps of fees.
        assert_eq!(quote.intent.quote.from_amount, amount);
        assert_eq!(quote.intent.quote.to_amount, amount * U256::from(9990) / U256::from(10_000));
        assert_eq!(quote.intent.deposit_transaction.amount, amount);
        intent_core::rules::check_intent(&quote.intent).unwrap();
        assert_eq!(quote.intent.quote_request, example());
        assert_eq!(quote.gas_fee_options.fee_options.len(), 3);
    }

    #[test]
    fn exact_output_delivers_the_requested_amount() {
        let (now, expires_at) = times();
        let mut request = example();
        let wanted: U256 = "50000000".parse().unwrap();
        request.trade_type = Some(TradeType::ExactOutput);
        request.origin_token_amount = None;
        request.destination_token_amount = Some(wanted);
        request.destination_token_address = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse().unwrap();
        let quote = quoter().quote(&request, 42, B256::repeat_byte(1), now, expires_at).unwrap();
        assert_eq!(quote.intent.quote.to_amount, wanted);
        // 50 USDC at $1 from DAI at $1.0001, plus 10 bps: a little under 50.06 DAI.
        let from = quote.intent.quote.from_amount;
        assert!(
            from > "50000000000000000000".parse::<U256>().unwrap()
                && from < "50060000000000000000".parse::<U256>().unwrap(),
            "{from}"
        );
        intent_core::rules::check_intent(&quote.intent).unwrap();
    }

    #[test]
    fn an_amount_whose_price_would_not_fit_256_bits_is_out_of_range_at_its_path() {
        let (now, expires_at) = times();
        let mut request = example();
        // 125 DAI is priced; 2^256 / 10^4 DAI is not (its amount times 10 000 overflows).
        request.origin_token_amount = Some(U256::MAX / U256::from(10_000) + U256::from(1));
        let failure = quoter().quote(&request, 42, B256::ZERO, now, expires_at).unwrap_err();
        assert_eq!(failure.body().cause, "NUMBER_OUT_OF_RANGE at originTokenAmount");
        assert!(failure.body().msg.contains(pricing::TOO_LARGE), "{}", failure.body().msg);
        let mut request = example();
        request.trade_type = Some(TradeType::ExactOutput);
        request.origin_token_amount = None;
        // Times DAI's price in millionths and 10^18: past 2^256.
        request.destination_token_amount = Some(U256::MAX / U256::from(1_000_000));
        let failure = quoter().quote(&request, 42, B256::ZERO, now, expires_at).unwrap_err();
        assert_eq!(failure.body().cause, "NUMBER_OUT_OF_RANGE at destinationTokenAmount");
    }

    #[test]
    fn a_chain_or_token_not_configured_is_route_not_served_at_its_path() {
        let (now, expires_at) = times();
        let mut request = example();
        request.destination_chain_id = 1;
        let failure = quoter().quote(&request, 42, B256::ZERO, now, expires_at).unwrap_err();
        assert_eq!(failure.body().cause, "ROUTE_NOT_SERVED at destinationChainId");
        let mut request = example();
        request.origin_token_address = Address::repeat_byte(7);
        let failure = quoter().quote(&request, 42, B256::ZERO, now, expires_at).unwrap_err();
        assert_eq!(failure.body().cause, "ROUTE_NOT_SERVED at originTokenAddress");
    }
}
