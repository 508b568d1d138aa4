//! Quoting: the [`Quoter`] the service asks for a priced intent and its gas fee options,
//! and [`ConfiguredQuoter`], the built-in one (docs/spec.md §12).
//!
//! The built-in quoter reads first, then computes without I/O ([`ConfiguredQuoter::quote_with`]):
//! for a same-chain intent on a chain with a `wallet`, the chain's node gives the gas price
//! and the reserves of the swap's Uniswap V2 pool ([`crate::chain::ChainView::quote_reads`],
//! within the node's timeout); everything else is the configuration's. The computation works
//! in layers, each using only the ones before it: `pool` (Uniswap V2's amounts from
//! reserves), `pricing` (every number: amounts after fees, minimums, gas, fee options, USD
//! figures), `identifiers` (the placeholder CREATE2 intent addresses and the ids derived from
//! the owner and salt), `bundle` (the origin calls of an intent run in its wallet), and
//! `assembly` (those placed in the core's [`QuoteResponse`], with the wallet's address and
//! guest batch from the core's `wallet`). A quote run in a wallet is checked by the core's
//! intent-address and meta-transaction rules before it is answered.
//!
//! Pricing and routing are not the core's business, so they live here; what the core
//! decides (whether the intent is valid, its hash, its lifetime, the wallet's encodings) does
//! not. The service chooses the salt and the times ([`crate::records`]), and the core refuses
//! what it would not store.

mod assembly;
pub(crate) mod bundle;
mod identifiers;
mod pool;
mod pricing;
mod served;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use alloy_primitives::{Address, B256};
use intent_core::{QuoteRequest, QuoteResponse, Timestamp};

pub use pool::Reserves;
use pricing::Venue;

use crate::chain::{ChainView, QuoteReads};
use crate::config::{CctpRoute, ChainConfig, ServiceConfig};
use crate::failure::{self, Failure};

/// A quote being made: its reads from a node, then its numbers.
pub type Quoting<'a> = Pin<Box<dyn Future<Output = Result<QuoteResponse, Failure>> + Send + 'a>>;

/// Prices a quote request: the intent (its amounts, calls, fees and addresses) and the gas
/// fee options. `salt` is fresh randomness for this quote (it makes the intent addresses
/// and the intent id unique); `now` and `expires_at` are the quote's times.
pub trait Quoter: Send + Sync {
    /// The quote for `request`, for an intent of project `project_id`.
    ///
    /// # Errors
    ///
    /// `CHAIN_NOT_SERVED` for a chain it does not serve, `ROUTE_NOT_SERVED` for a token it
    /// does not serve, `ROUTE_UNAVAILABLE` when nothing routes between two served tokens (no
    /// pool, no liquidity), `PRICE_IMPACT_TOO_HIGH` beyond the configured bound;
    /// `CHAIN_NODE_UNAVAILABLE` when a node it reads does not answer in time.
    fn quote<'a>(
        &'a self,
        request: &'a QuoteRequest,
        project_id: u64,
        salt: B256,
        now: Timestamp,
        expires_at: Timestamp,
    ) -> Quoting<'a>;
}

/// The built-in quoter: prices from the configuration, fees in basis points of the input,
/// gas at each chain's configured limit and price; a same-chain intent on a chain with a
/// `wallet` is run in its wallet, and a swap there is priced from its Uniswap V2 pool read
/// from the chain's node (docs/spec.md §12). Without reads, the same request, salt and time
/// always give the same quote.
#[derive(Debug, Clone)]
pub struct ConfiguredQuoter {
    config: ServiceConfig,
    chain: Option<Arc<ChainView>>,
}

impl ConfiguredQuoter {
    /// A quoter over `config`'s chains, tokens and fees, reading no node.
    pub fn new(config: ServiceConfig) -> Self {
        ConfiguredQuoter { config, chain: None }
    }

    /// The same quoter reading the pools and gas prices of `chain`'s nodes.
    #[must_use]
    pub fn reading(self, chain: Arc<ChainView>) -> Self {
        ConfiguredQuoter { chain: Some(chain), ..self }
    }

    /// The chain of a same-chain request whose intent runs in its wallet.
    fn wallet_chain(&self, request: &QuoteRequest) -> Option<&ChainConfig> {
        let chain = self.config.chain(request.origin_chain_id)?;
        (request.origin_chain_id == request.destination_chain_id && chain.wallet.is_some()).then_some(chain)
    }

    /// What `request` needs read from its chains' nodes, (origin, destination): the gas
    /// price, and the pool of each swap when the chain names a `swap` (same-chain: of the two
    /// tokens; over the CCTP V2 route: of the deposit token and the origin's USDC, of the
    /// destination's USDC and the destination token). `None` without a node.
    async fn reads(&self, request: &QuoteRequest) -> Result<Reads, Failure> {
        let Some(view) = &self.chain else { return Ok([None, None]) };
        let (from, to) = (request.origin_token_address, request.destination_token_address);
        let pool = |chain: &ChainConfig, sold: Address, bought: Address| {
            chain.swap.as_ref().filter(|_| sold != bought).map(|swap| (swap.uniswap_v2_router, sold, bought))
        };
        if let Some(route) = self.config.cctp_route(request.origin_chain_id, request.destination_chain_id) {
            let origin = view.quote_reads(route.origin.chain_id, pool(route.origin, from, route.origin_cctp.usdc));
            let destination =
                view.quote_reads(route.destination.chain_id, pool(route.destination, route.destination_cctp.usdc, to));
            let (origin, destination) = tokio::try_join!(origin, destination)?;
            return Ok([origin, destination]);
        }
        let Some(chain) = self.wallet_chain(request) else { return Ok([None, None]) };
        Ok([view.quote_reads(chain.chain_id, pool(chain, from, to)).await?, None])
    }

    /// [`ConfiguredQuoter::quote_reading`] with the origin chain's `reads` only.
    #[cfg(test)]
    fn quote_with(
        &self,
        request: &QuoteRequest,
        project_id: u64,
        salt: B256,
        times: (Timestamp, Timestamp),
        reads: Option<QuoteReads>,
    ) -> Result<QuoteResponse, Failure> {
        self.quote_reading(request, project_id, salt, times, [reads, None])
    }

    /// The quote of `request` with `reads` from its chains' nodes, (origin, destination)
    /// (`None`: none, the configured prices; a cross-chain intent over the CCTP V2 route reads
    /// both): pure, and checked by the core's intent-address rules.
    ///
    /// # Errors
    ///
    /// As [`Quoter::quote`]; `INTERNAL` for an intent in wallets that the core's
    /// intent-address or meta-transaction rules refuse (a bug here, never the user's).
    pub fn quote_reading(
        &self,
        request: &QuoteRequest,
        project_id: u64,
        salt: B256,
        (now, expires_at): (Timestamp, Timestamp),
        reads: Reads,
    ) -> Result<QuoteResponse, Failure> {
        let config = &self.config;
        let origin = pricing::chain(config, request.origin_chain_id, "originChainId")?;
        let destination = pricing::chain(config, request.destination_chain_id, "destinationChainId")?;
        let route = config.cctp_route(request.origin_chain_id, request.destination_chain_id);
        let in_wallet = self.wallet_chain(request).is_some();
        served::check(config, request, origin, (in_wallet || route.is_some(), in_wallet))?;
        let [reads, destination_reads] = reads;
        let pricing = match (&route, self.wallet_chain(request)) {
            (Some(route), _) => price_route(config, request, route, [reads, destination_reads])?,
            (None, Some(chain)) => {
                let different = request.origin_token_address != request.destination_token_address;
                let venue = match reads.and_then(|reads| reads.reserves) {
                    Some(Some((reserve_in, reserve_out))) => Venue::Pool(Reserves { reserve_in, reserve_out }),
                    Some(None) => {
                        let what = format!("no Uniswap V2 pool of the two tokens on chain {}", chain.chain_id);
                        let failure = intent_core::ServerFailure::RouteUnavailable {
                            path: "destinationTokenAddress",
                            what: &what,
                        };
                        return Err(failure.into());
                    }
                    None if different && chain.swap.is_none() => {
                        let what = format!("no swap venue on chain {}", chain.chain_id);
                        let failure = intent_core::ServerFailure::RouteUnavailable {
                            path: "destinationTokenAddress",
                            what: &what,
                        };
                        return Err(failure.into());
                    }
                    None => Venue::Configured,
                };
                pricing::price_in_wallet(config, request, chain, venue, reads.map(|reads| reads.gas_price))?
            }
            (None, None) => pricing::price(config, request, origin, destination)?,
        };
        let inputs = assembly::Inputs {
            config,
            request,
            origin,
            destination,
            project_id,
            salt,
            now,
            expires_at,
            route: route.as_ref(),
        };
        let response = assembly::assemble(&inputs, &pricing)?;
        let context = match &route {
            Some(route) => Some(route.context.clone()),
            None => self.wallet_chain(request).and_then(ChainConfig::wallet_context),
        };
        if let Some(context) = context {
            check_built(&response.intent, &context)?;
        }
        Ok(response)
    }
}

/// What a quote read of its chains' nodes: (origin, destination), each `None` without a node
/// or a read.
pub type Reads = [Option<QuoteReads>; 2];

/// Where one swap of `route` is priced: the pool of `sold` and `bought` in `reads`, else
/// (no node) the configured prices; `None` when the two are one token (no swap).
///
/// # Errors
///
/// `ROUTE_UNAVAILABLE` at `path` when the node has no such pool, or the chain no `swap`.
fn leg(
    (config, chain): (&ServiceConfig, &ChainConfig),
    (sold, bought): (Address, Address),
    reads: Option<QuoteReads>,
    path: &'static str,
) -> Result<Option<pricing::Leg>, Failure> {
    if sold == bought {
        return Ok(None);
    }
    let unavailable = |why: &str| {
        let what = format!("{why} on chain {}", chain.chain_id);
        Failure::from(intent_core::ServerFailure::RouteUnavailable { path, what: &what })
    };
    let venue = match reads.and_then(|reads| reads.reserves) {
        Some(Some((reserve_in, reserve_out))) => Venue::Pool(Reserves { reserve_in, reserve_out }),
        Some(None) => return Err(unavailable(&format!("no Uniswap V2 pool of {sold} and {bought}"))),
        None if chain.swap.is_none() => return Err(unavailable("no swap venue")),
        None => Venue::Configured,
    };
    let token = |address| pricing::Token::on(config, chain, address);
    Ok(Some(pricing::Leg { venue, sold: token(sold), bought: token(bought), chain_id: chain.chain_id }))
}

/// Prices `request` over the CCTP V2 `route` with `reads` of both chains.
///
/// # Errors
///
/// As [`pricing::price_cross`], and [`leg`]'s.
fn price_route(
    config: &ServiceConfig,
    request: &QuoteRequest,
    route: &CctpRoute<'_>,
    reads: Reads,
) -> Result<pricing::Pricing, Failure> {
    let (from, to) = (request.origin_token_address, request.destination_token_address);
    let legs = pricing::CrossLegs {
        origin: leg((config, route.origin), (from, route.origin_cctp.usdc), reads[0], "originTokenAddress")?,
        destination: leg(
            (config, route.destination),
            (route.destination_cctp.usdc, to),
            reads[1],
            "destinationTokenAddress",
        )?,
    };
    let gas_prices = reads.map(|reads| reads.map(|reads| reads.gas_price));
    pricing::price_cross(
        config,
        request,
        (route.origin, route.destination),
        &legs,
        route.origin_cctp.max_fee(),
        gas_prices,
    )
}

/// The core's intent-address and meta-transaction rules on `intent`, a quote built here in
/// the wallet of `context`.
///
/// # Errors
///
/// `INTERNAL` (500, the rule's error only in the log): a quote that breaks them is this
/// service's bug, never the user's.
fn check_built(intent: &intent_core::Intent, context: &intent_core::wallet::WalletContext) -> Result<(), Failure> {
    intent_core::rules::check_intent_addresses(intent, context)
        .and_then(|()| intent_core::rules::check_meta_transactions(intent, context))
        .map_err(|e| failure::internal(&format!("a quote built here breaks the core's rule: {e}")))
}

impl Quoter for ConfiguredQuoter {
    fn quote<'a>(
        &'a self,
        request: &'a QuoteRequest,
        project_id: u64,
        salt: B256,
        now: Timestamp,
        expires_at: Timestamp,
    ) -> Quoting<'a> {
        Box::pin(async move {
            let reads = self.reads(request).await?;
            self.quote_reading(request, project_id, salt, (now, expires_at), reads)
        })
    }
}

#[cfg(test)]
mod tests {
    use intent_core::{from_slice, Address, Canonical, Timestamp, TradeType, U256};

    use super::*;
    use crate::config::FeeConfig;

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
            "options":{"bridgeProvider":"PROVIDER_1"}}"#,
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

    /// `UPDATE_QUOTES=1` rewrites `service/tests/quotes.expected` (then check it with
    /// `service/tests/check_quotes.py`).
    #[test]
    fn the_quotes_of_the_example_configuration_are_the_expected_bytes() {
        let (now, expires_at) = times();
        let mut written = String::new();
        let mut expected = EXPECTED.lines();
        for config in configurations() {
            let quoter = ConfiguredQuoter::new(config);
            for (index, request) in REQUESTS.iter().enumerate() {
                let request: QuoteRequest = from_slice(request.as_bytes()).unwrap();
                for salt in [B256::ZERO, B256::repeat_byte(0xa5)] {
                    let quote =
                        intent_core::to_string(&quoter.quote_with(&request, 7, salt, (now, expires_at), None).unwrap());
                    written.push_str(&quote);
                    written.push('\n');
                    if std::env::var_os("UPDATE_QUOTES").is_none() {
                        let line = expected.next().expect("a line for every case");
                        assert_eq!(quote, line, "request {index}, salt {salt}");
                    }
                }
            }
        }
        if std::env::var_os("UPDATE_QUOTES").is_some() {
            std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/quotes.expected"), written).unwrap();
        } else {
            assert_eq!(expected.next(), None, "a case for every line");
        }
    }

    #[test]
    fn the_same_request_salt_and_time_give_the_same_quote_and_another_salt_another_intent() {
        let (now, expires_at) = times();
        let a = quoter().quote_with(&example(), 42, B256::repeat_byte(1), (now, expires_at), None).unwrap();
        let b = quoter().quote_with(&example(), 42, B256::repeat_byte(1), (now, expires_at), None).unwrap();
        let c = quoter().quote_with(&example(), 42, B256::repeat_byte(2), (now, expires_at), None).unwrap();
        assert_eq!(a.canonical_hash(), b.canonical_hash());
        assert_ne!(a.intent.intent_id, c.intent.intent_id);
        assert_ne!(a.intent.origin_intent_address, c.intent.origin_intent_address);
        assert_eq!(a.intent.quote.to_amount, c.intent.quote.to_amount);
    }

    #[test]
    fn exact_input_prices_the_output_after_fees_and_the_quote_passes_the_core() {
        let (now, expires_at) = times();
        let quote = quoter().quote_with(&example(), 42, B256::repeat_byte(1), (now, expires_at), None).unwrap();
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
        let quote = quoter().quote_with(&request, 42, B256::repeat_byte(1), (now, expires_at), None).unwrap();
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
        let failure = quoter().quote_with(&request, 42, B256::ZERO, (now, expires_at), None).unwrap_err();
        assert_eq!(failure.body().cause, "NUMBER_OUT_OF_RANGE at originTokenAmount");
        assert!(failure.body().msg.contains(pricing::TOO_LARGE), "{}", failure.body().msg);
        let mut request = example();
        request.trade_type = Some(TradeType::ExactOutput);
        request.origin_token_amount = None;
        // Times DAI's price in millionths and 10^18: past 2^256.
        request.destination_token_amount = Some(U256::MAX / U256::from(1_000_000));
        let failure = quoter().quote_with(&request, 42, B256::ZERO, (now, expires_at), None).unwrap_err();
        assert_eq!(failure.body().cause, "NUMBER_OUT_OF_RANGE at destinationTokenAmount");
    }

    #[test]
    fn a_chain_not_configured_is_unsupported_network_and_a_token_route_not_served_at_its_path() {
        let (now, expires_at) = times();
        let mut request = example();
        request.destination_chain_id = 1;
        let failure = quoter().quote_with(&request, 42, B256::ZERO, (now, expires_at), None).unwrap_err();
        assert_eq!(failure.body().cause, "CHAIN_NOT_SERVED at destinationChainId");
        assert_eq!(failure.body().error, "UnsupportedNetwork");
        let mut request = example();
        request.origin_token_address = Address::repeat_byte(7);
        let failure = quoter().quote_with(&request, 42, B256::ZERO, (now, expires_at), None).unwrap_err();
        assert_eq!(failure.body().cause, "ROUTE_NOT_SERVED at originTokenAddress");
    }

    #[test]
    fn the_deposit_is_ready_to_send_and_the_intent_names_its_tokens_and_network() {
        use alloy_sol_types::SolCall;
        use intent_contracts::IPermitToken;
        let (now, expires_at) = times();
        let quote = quoter().quote_with(&example(), 42, B256::ZERO, (now, expires_at), None).unwrap();
        let (intent, deposit) = (&quote.intent, &quote.intent.deposit_transaction);
        // An ERC-20: transfer(toAddress, amount) to the token, with no value.
        assert_eq!(
            (deposit.chain_id, deposit.to, deposit.value),
            (Some(42161), Some(deposit.token_address), Some(U256::ZERO))
        );
        let transfer = IPermitToken::transferCall::abi_decode(deposit.data.as_ref().unwrap()).unwrap();
        assert_eq!((transfer.to, transfer.value), (intent.origin_intent_address, deposit.amount));
        let request = &intent.quote_request;
        assert_eq!(intent.origin_token_address, Some(request.origin_token_address));
        assert_eq!(intent.destination_token_address, Some(request.destination_token_address));
        assert_eq!(intent.is_testnet, Some(false));
        // The native token: its value to the intent address, with no data.
        let mut native = example();
        native.origin_token_address = Address::ZERO;
        let quote = quoter().quote_with(&native, 42, B256::ZERO, (now, expires_at), None).unwrap();
        let deposit = &quote.intent.deposit_transaction;
        assert_eq!(deposit.to, Some(quote.intent.origin_intent_address));
        assert_eq!((deposit.data.as_ref().map(|d| d.len()), deposit.value), (Some(0), Some(deposit.amount)));
        // A test network on either side makes a test-network intent.
        let mut testnet = quoter();
        testnet.config.chains[1].is_testnet = Some(true);
        let quote = testnet.quote_with(&example(), 42, B256::ZERO, (now, expires_at), None).unwrap();
        assert_eq!(quote.intent.is_testnet, Some(true));
    }

    #[test]
    fn the_estimated_duration_is_the_chains_confirmations_and_blocks_at_their_block_times() {
        let (now, expires_at) = times();
        let mut quoter = quoter();
        let estimate = |quoter: &ConfiguredQuoter, request: &QuoteRequest| {
            let quote = quoter.quote_with(request, 7, B256::ZERO, (now, expires_at), None).unwrap();
            quote.intent.quote.estimated_duration
        };
        // Without block times there is no estimate.
        assert_eq!(estimate(&quoter, &example()), None);
        // One confirmation and the origin transaction at 250 ms, the destination's block at 2 s.
        quoter.config.chains[0].block_time_millis = Some(250);
        assert_eq!(estimate(&quoter, &example()), None, "the destination chain's block time is needed too");
        quoter.config.chains[1].block_time_millis = Some(2_000);
        assert_eq!(estimate(&quoter, &example()), Some(3));
        // One chain: its confirmations and the origin transaction's block, rounded up.
        quoter.config.chains[0].deposit_confirmations = Some(3);
        let same_chain = changed(|r| r["destinationChainId"] = r["originChainId"].clone());
        let mut same_chain = same_chain;
        same_chain.destination_token_address = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831".parse().unwrap();
        assert_eq!(estimate(&quoter, &same_chain), Some(1));
        quoter.config.chains[0].block_time_millis = Some(12_000);
        assert_eq!(estimate(&quoter, &same_chain), Some(48));
    }

    /// The example request with `change` made to its JSON.
    fn changed(change: impl FnOnce(&mut serde_json::Value)) -> QuoteRequest {
        let mut request: serde_json::Value =
            serde_json::from_slice(include_bytes!("../../../examples/quote-request.json")).unwrap();
        change(&mut request);
        from_slice(request.to_string().as_bytes()).unwrap()
    }

    #[test]
    fn every_published_quote_member_is_honoured_or_refused_at_its_path() {
        use serde_json::json;
        let (now, expires_at) = times();
        let quote = |request: &QuoteRequest| quoter().quote_with(request, 7, B256::ZERO, (now, expires_at), None);
        let cause = |request: QuoteRequest| quote(&request).unwrap_err().body().cause;
        // onlyNativeGasFee: the native token's fee option alone.
        let all = quote(&example()).unwrap().gas_fee_options.fee_options;
        let native = quote(&changed(|r| r["onlyNativeGasFee"] = json!(true))).unwrap().gas_fee_options.fee_options;
        assert!(all.len() > 1);
        assert_eq!(native.iter().map(|o| o.token_address).collect::<Vec<_>>(), [Address::ZERO]);
        // What the service does is served: no fallback, any preference of its one route, AUTO or
        // its own provider, a null member (absent).
        for (member, value) in [
            ("bridgeProviderFallback", json!(false)),
            ("swapProviderFallback", json!(false)),
            ("preference", json!("CHEAPEST")),
            ("bridgeProvider", json!("AUTO")),
            ("intentProtocol", json!(null)),
        ] {
            quote(&changed(|r| r["options"][member] = value.clone())).unwrap();
        }
        // What it does not is refused at its path, never ignored.
        for (member, value) in [
            ("bridgeProviderFallback", json!(true)),
            ("swapProviderFallback", json!(true)),
            ("intentProtocol", json!("v1")),
            ("trailsAddressOverrides", json!({})),
            ("preference", json!("TRUSTLESS")),
            ("bridgeProvider", json!("CCTP")),
            ("swapProvider", json!("PROVIDER_2")),
        ] {
            let request = changed(|r| {
                r["destinationChainId"] = json!(if member == "swapProvider" { 42161 } else { 8453 });
                r["options"][member] = value.clone();
            });
            assert_eq!(cause(request), format!("OPTION_NOT_SERVED at options.{member}"), "{member}");
        }
        for (member, value) in [
            ("destinationApproveAddress", json!("0x290d26C036Fa30924a037CAD2F7e4E56885dE99f")),
            ("fundMethod", json!("WALLET")),
            ("mode", json!("SWAP")),
        ] {
            assert_eq!(cause(changed(|r| r[member] = value.clone())), format!("OPTION_NOT_SERVED at {member}"));
        }
        let failure = quote(&changed(|r| r["options"]["bridgeProvider"] = json!("CCTP"))).unwrap_err();
        let body = failure.body();
        assert!(body.msg.contains("PROVIDER_1") && body.error == "InvalidArgument", "{}", body.msg);
        let overrides = json!({"serviceWalletFactoryAddress": "0x0000000000000000000000000000000000000001"});
        let request = changed(|r| r["options"]["serviceAddressOverrides"] = overrides);
        assert_eq!(cause(request), "OPTION_NOT_SERVED at options.serviceAddressOverrides.serviceWalletFactoryAddress");
        let request = changed(|r| r["options"]["preference"] = json!("BEST"));
        assert_eq!(cause(request), "INVALID_ENUM at options.preference");
    }

    #[test]
    fn a_member_neither_published_nor_specified_is_refused_unless_the_configuration_allows_it() {
        use serde_json::json;
        let (now, expires_at) = times();
        let misspelt = changed(|r| r["options"]["slipageTolerance"] = json!(0.5));
        let outer = changed(|r| r["memo"] = json!("hello"));
        let mut quoter = quoter();
        for (request, path) in [(&misspelt, "options.slipageTolerance"), (&outer, "memo")] {
            let failure = quoter.quote_with(request, 7, B256::ZERO, (now, expires_at), None).unwrap_err();
            assert_eq!(failure.body().cause, format!("MEMBER_NOT_SERVED at {path}"));
        }
        quoter.config.allow_unknown_request_members = Some(true);
        for request in [&misspelt, &outer] {
            let quote = quoter.quote_with(request, 7, B256::ZERO, (now, expires_at), None).unwrap();
            // Kept, and hashed with the intent (docs/spec.md §3).
            assert_eq!(&quote.intent.quote_request, request);
        }
    }

    #[test]
    fn a_trustless_preference_is_served_for_an_intent_run_in_its_wallet() {
        let (now, expires_at) = times();
        let mut request = same_chain(DAI, USDC, "100000000000000000000", false);
        let options = request.options.as_mut().unwrap();
        options.unknown.insert("preference", "\"TRUSTLESS\"").unwrap();
        wallet_quoter().quote_with(&request, 7, B256::ZERO, (now, expires_at), None).unwrap();
    }

    /// The example configuration with a wallet (the published context) and a swap router
    /// on chain 42161.
    fn wallet_quoter() -> ConfiguredQuoter {
        let mut config: serde_json::Value = serde_json::from_str(crate::config::EXAMPLE_CONFIG).unwrap();
        crate::config::with_published_wallet(&mut config);
        ConfiguredQuoter::new(ServiceConfig::parse(config.to_string().as_bytes()).unwrap())
    }

    const DAI: &str = "0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1";
    const USDC: &str = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";

    /// A same-chain request on 42161 of `amount` (EXACT_INPUT, or EXACT_OUTPUT).
    fn same_chain(from: &str, to: &str, amount: &str, exact_output: bool) -> QuoteRequest {
        let member = if exact_output { "destinationTokenAmount" } else { "originTokenAmount" };
        let trade = if exact_output { "EXACT_OUTPUT" } else { "EXACT_INPUT" };
        from_slice(
            format!(
                r#"{{"ownerAddress":"0x8ba1f109551bD432803012645Ac136ddd64DBA72","originChainId":42161,
                "originTokenAddress":"{from}","destinationChainId":42161,"destinationTokenAddress":"{to}",
                "{member}":"{amount}","tradeType":"{trade}","options":{{"slippageTolerance":0.01}}}}"#
            )
            .as_bytes(),
        )
        .unwrap()
    }

    fn reads(reserves: Option<(u128, u128)>) -> Option<QuoteReads> {
        Some(QuoteReads {
            reserves: Some(reserves.map(|(a, b)| (U256::from(a), U256::from(b)))),
            gas_price: U256::from(7),
        })
    }

    /// (to, behaviorOnError, delegateCall, onlyFallback, selector) of each call.
    fn shape(bundle: &intent_core::CallBundle) -> Vec<(Address, u8, bool, bool, [u8; 4])> {
        bundle
            .calls
            .iter()
            .map(|c| {
                let data = c.data.clone().unwrap_or_default();
                let selector = if data.len() >= 4 { [data[0], data[1], data[2], data[3]] } else { [0; 4] };
                (
                    c.to,
                    c.behavior_on_error.unwrap_or(1),
                    c.delegate_call.unwrap_or(false),
                    c.only_fallback.unwrap_or(false),
                    selector,
                )
            })
            .collect()
    }

    #[test]
    fn a_same_token_quote_in_a_wallet_is_the_fee_the_transfer_and_the_sweeps_at_the_derived_address() {
        use alloy_sol_types::SolCall;
        let (now, expires_at) = times();
        let quoter = wallet_quoter();
        let mut request = same_chain(DAI, DAI, "1000000", false);
        // One token on one chain is a payment to someone else (to the owner it is nothing to do).
        request.destination_to_address = Some(Address::repeat_byte(0x44));
        let quote = quoter.quote_with(&request, 7, B256::ZERO, (now, expires_at), None).unwrap();
        let intent = &quote.intent;
        intent_core::rules::check_intent(intent).unwrap();
        // 7 bps of service fee; the rest transferred, exactly.
        assert_eq!(intent.fees.service_fee_total, U256::from(700));
        assert_eq!((intent.quote.to_amount, intent.quote.to_amount_min), (U256::from(999_300), U256::from(999_300)));
        let dai: Address = DAI.parse().unwrap();
        let router: Address = "0x555B5e43324096b87908201434f4E8CE04c41Dbd".parse().unwrap();
        let transfer = intent_contracts::IPermitToken::transferCall::SELECTOR;
        let sweep = intent_contracts::IServiceRouter::sweepCall::SELECTOR;
        assert_eq!(
            shape(&intent.origin_calls),
            vec![
                (dai, 1, false, false, transfer),
                (dai, 0, false, false, transfer),
                (router, 0, true, true, sweep),
                (router, 0, true, false, sweep),
            ]
        );
        let context = intent_core::wallet::WalletContext::PUBLISHED;
        assert_eq!(intent.origin_meta_txn.contract, context.guest_module.unwrap());
        assert_eq!(intent.destination_intent_address, Some(intent.origin_intent_address));
        assert_eq!(intent.deposit_transaction.to_address, intent.origin_intent_address);
        assert_eq!(intent.origin_precondition.min_amount, U256::from(1_000_000));
        // The addresses commit to the calls: another salt, the same intent address.
        let again = quoter.quote_with(&request, 7, B256::repeat_byte(9), (now, expires_at), None).unwrap();
        assert_eq!(again.intent.origin_intent_address, intent.origin_intent_address);
    }

    #[test]
    fn a_built_quote_that_breaks_the_address_rule_is_answered_500_internal() {
        let (now, expires_at) = times();
        let mut request = same_chain(DAI, DAI, "1000000", false);
        request.destination_to_address = Some(Address::repeat_byte(0x44));
        let quote = wallet_quoter().quote_with(&request, 7, B256::ZERO, (now, expires_at), None).unwrap();
        let context = intent_core::wallet::WalletContext::PUBLISHED;
        check_built(&quote.intent, &context).unwrap();
        // One byte of the transfer's calldata changed after the address was derived.
        let mut broken = quote.intent.clone();
        let data = broken.origin_calls.calls[1].data.as_mut().unwrap();
        let mut bytes = data.to_vec();
        bytes[35] ^= 1;
        *data = bytes.into();
        let failure = check_built(&broken, &context).unwrap_err();
        let Failure::Internal(detail) = &failure else { panic!("{failure:?}") };
        assert!(detail.contains("intent address mismatch") && detail.ends_with("at originIntentAddress"), "{detail}");
        assert_eq!(failure.status(), axum::http::StatusCode::INTERNAL_SERVER_ERROR);
        // The body names no rule: the detail is the log's.
        let body = failure.body();
        assert_eq!((body.error, body.code, body.status, body.cause.as_str()), ("Unexpected", 2001, 500, "INTERNAL"));
        assert!(!body.msg.contains("mismatch"), "{}", body.msg);
    }

    #[test]
    fn a_swap_priced_from_the_pool_is_uniswap_v2s_amounts() {
        use alloy_sol_types::SolCall;
        use intent_contracts::IUniswapV2Router02 as Router;
        let (now, expires_at) = times();
        let quoter = wallet_quoter();
        let pool = Reserves { reserve_in: U256::from(5_000_000u128), reserve_out: U256::from(4_000_000u128) };
        let pool_reads = reads(Some((5_000_000, 4_000_000)));
        // EXACT_INPUT: 7 bps of 100 000 is the fee, the rest swapped.
        let request = same_chain(DAI, USDC, "100000", false);
        let quote = quoter.quote_with(&request, 7, B256::ZERO, (now, expires_at), pool_reads).unwrap();
        intent_core::rules::check_intent(&quote.intent).unwrap();
        let out = pool.amount_out(U256::from(99_930)).unwrap();
        assert_eq!(quote.intent.quote.to_amount, out);
        assert_eq!(quote.intent.quote.to_amount_min, out * U256::from(99) / U256::from(100));
        let calls = &quote.intent.origin_calls.calls;
        assert_eq!(calls.len(), 5);
        let swap = Router::swapExactTokensForTokensCall::abi_decode(calls[2].data.as_ref().unwrap()).unwrap();
        assert_eq!((swap.amountIn, swap.amountOutMin), (U256::from(99_930), quote.intent.quote.to_amount_min));
        assert!(quote.intent.quote.price_impact.get() < -0.003);
        assert_eq!(quote.gas_fee_options.gas_estimate.gas_price, "7");
        // EXACT_OUTPUT: the swap's most input is the pool's input plus 1 %, the fee on top.
        let request = same_chain(DAI, USDC, "50000", true);
        let quote = quoter.quote_with(&request, 7, B256::ZERO, (now, expires_at), pool_reads).unwrap();
        intent_core::rules::check_intent(&quote.intent).unwrap();
        let input = pool.amount_in(U256::from(50_000)).unwrap();
        let calls = &quote.intent.origin_calls.calls;
        let swap = Router::swapTokensForExactTokensCall::abi_decode(calls[2].data.as_ref().unwrap()).unwrap();
        assert_eq!(swap.amountOut, U256::from(50_000));
        assert_eq!(swap.amountInMax, input + (input * U256::from(100)).div_ceil(U256::from(10_000)));
        assert_eq!(quote.intent.quote.to_amount_min, U256::from(50_000));
        assert_eq!(quote.intent.quote.from_amount, swap.amountInMax + quote.intent.fees.service_fee_total);
    }

    #[test]
    fn a_swap_on_a_chain_without_a_node_is_priced_from_the_configured_prices() {
        use alloy_sol_types::SolCall;
        use intent_contracts::IUniswapV2Router02 as Router;
        let (now, expires_at) = times();
        // 100 DAI at $1.0001 to USDC at $1: 7 bps of service fee, then 3 of provider fee.
        let request = same_chain(DAI, "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", "100000000000000000000", false);
        let quote = wallet_quoter().quote_with(&request, 7, B256::ZERO, (now, expires_at), None).unwrap();
        intent_core::rules::check_intent(&quote.intent).unwrap();
        let spend = U256::from(99_930_000_000_000_000_000u128);
        let after_provider = spend * U256::from(9_997) / U256::from(10_000);
        let expected = after_provider * U256::from(1_000_100u64) * U256::from(1_000_000u64)
            / (U256::from(1_000_000u64) * U256::from(10u64).pow(U256::from(18)));
        assert_eq!(quote.intent.quote.to_amount, expected);
        let swap =
            Router::swapExactTokensForTokensCall::abi_decode(quote.intent.origin_calls.calls[2].data.as_ref().unwrap())
                .unwrap();
        assert_eq!((swap.amountIn, swap.amountOutMin), (spend, quote.intent.quote.to_amount_min));
    }

    #[test]
    fn a_wallet_amount_too_large_or_too_small_is_out_of_range_at_its_path() {
        let (now, expires_at) = times();
        let pool = reads(Some((5_000_000, 4_000_000)));
        let quote = |amount: U256, exact_output: bool| {
            let request = same_chain(DAI, USDC, &amount.to_string(), exact_output);
            wallet_quoter().quote_with(&request, 7, B256::ZERO, (now, expires_at), pool).unwrap_err().body().cause
        };
        let past = U256::MAX / U256::from(10_000) + U256::from(1);
        assert_eq!(quote(past, false), "NUMBER_OUT_OF_RANGE at originTokenAmount");
        assert_eq!(quote(past, true), "NUMBER_OUT_OF_RANGE at destinationTokenAmount");
        // Fits 10 000 times over, but not times 997 and the pool's reserve.
        assert_eq!(quote(U256::MAX / U256::from(20_000), false), "NUMBER_OUT_OF_RANGE at originTokenAmount");
        assert_eq!(quote(U256::ZERO, false), "NUMBER_OUT_OF_RANGE at originTokenAmount");
        assert_eq!(quote(U256::ZERO, true), "NUMBER_OUT_OF_RANGE at destinationTokenAmount");
    }

    #[test]
    fn a_swap_without_a_pool_or_a_swap_venue_is_unavailable() {
        let (now, expires_at) = times();
        let request = same_chain(DAI, USDC, "100000", false);
        let failure = wallet_quoter().quote_with(&request, 7, B256::ZERO, (now, expires_at), reads(None)).unwrap_err();
        assert_eq!(failure.body().cause, "ROUTE_UNAVAILABLE at destinationTokenAddress");
        assert_eq!((failure.body().error, failure.body().code), ("Unavailable", 2002));
        let mut no_swap = wallet_quoter();
        no_swap.config.chains[0].swap = None;
        let failure = no_swap.quote_with(&request, 7, B256::ZERO, (now, expires_at), None).unwrap_err();
        assert_eq!(failure.body().cause, "ROUTE_UNAVAILABLE at destinationTokenAddress");
        // More than the pool holds.
        let request = same_chain(DAI, USDC, "4000000", true);
        let tight = reads(Some((5_000_000, 4_000_000)));
        let failure = wallet_quoter().quote_with(&request, 7, B256::ZERO, (now, expires_at), tight).unwrap_err();
        assert_eq!(failure.body().cause, "ROUTE_UNAVAILABLE at destinationTokenAddress");
    }

    #[test]
    fn a_pool_priced_swap_beyond_the_price_impact_bound_is_high_price_impact() {
        let (now, expires_at) = times();
        // 100 000 into a pool of 5 000 000: about 2 % lost to the price and 0.3 % to the fee.
        let request = same_chain(DAI, USDC, "100000", false);
        let pool = reads(Some((5_000_000, 4_000_000)));
        let mut quoter = wallet_quoter();
        let quote = quoter.quote_with(&request, 7, B256::ZERO, (now, expires_at), pool).unwrap();
        let loss = -quote.intent.quote.price_impact.get();
        assert!(loss > 0.02 && loss < FeeConfig::DEFAULT_MAX_PRICE_IMPACT, "{loss}");
        quoter.config.fees.max_price_impact = Some(intent_core::Decimal::new(0.02).unwrap());
        let failure = quoter.quote_with(&request, 7, B256::ZERO, (now, expires_at), pool).unwrap_err();
        let body = failure.body();
        assert_eq!((body.error, body.code, body.status), ("HighPriceImpact", 7002, 422));
        assert_eq!(body.cause, "PRICE_IMPACT_TOO_HIGH at originTokenAmount");
        // With the bound just above its loss (the answer's is rounded to millionths) the quote
        // is answered; quotes from the configured prices have no pool and no such bound.
        quoter.config.fees.max_price_impact = Some(intent_core::Decimal::new(loss + 1e-6).unwrap());
        quoter.quote_with(&request, 7, B256::ZERO, (now, expires_at), pool).unwrap();
        quoter.config.fees.max_price_impact = Some(intent_core::Decimal::new(0.0).unwrap());
        let request = same_chain(DAI, "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", "100000000000000000000", false);
        quoter.quote_with(&request, 7, B256::ZERO, (now, expires_at), None).unwrap();
    }

    #[tokio::test]
    async fn a_node_that_does_not_answer_is_chain_node_unavailable_and_other_chains_are_not_read() {
        let (now, expires_at) = times();
        let mut quoter = wallet_quoter();
        // Nothing listens on port 1 of the loopback address: the connection is refused.
        quoter.config.chains[0].rpc_url = Some("http://127.0.0.1:1".into());
        let view = Arc::new(ChainView::new(quoter.config.clone()).unwrap());
        let quoter = quoter.reading(view);
        let request = same_chain(DAI, USDC, "100000", false);
        let failure = quoter.quote(&request, 7, B256::ZERO, now, expires_at).await.unwrap_err();
        assert_eq!(failure.body().cause, "CHAIN_NODE_UNAVAILABLE");
        // A cross-chain quote reads no node.
        quoter.quote(&example(), 7, B256::ZERO, now, expires_at).await.unwrap();
    }

    /// The example configuration with both chains' intent wallets (the published context),
    /// swap routers, block times, CCTP deployments (their USDC the listed one, `maxFee`
    /// 1 000) and an attester: every cross-chain quote between them goes over the route.
    fn route_quoter() -> ConfiguredQuoter {
        let mut config: serde_json::Value = serde_json::from_str(crate::config::EXAMPLE_CONFIG).unwrap();
        crate::config::with_published_wallet(&mut config);
        for member in ["walletFactoryAddress", "metaTxnContract", "wallet", "swap"] {
            config["chains"][1][member] = config["chains"][0][member].clone();
        }
        for (index, (domain, usdc)) in [(3, USDC), (6, BASE_USDC)].into_iter().enumerate() {
            config["chains"][index]["cctp"] = serde_json::json!({
                "domain": domain, "tokenMessenger": format!("0x{}", "2".repeat(40)),
                "messageTransmitter": format!("0x{}", "3".repeat(40)), "usdc": usdc, "maxFee": "1000",
                "confirmations": 3,
            });
            config["chains"][index]["blockTimeMillis"] = (250 * (index as u64 + 1)).into();
        }
        config["attestation"] = serde_json::json!({"url": "http://127.0.0.1:9000"});
        ConfiguredQuoter::new(ServiceConfig::parse(config.to_string().as_bytes()).unwrap())
    }

    const BASE_USDC: &str = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
    const BASE_DAI: &str = "0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb";
    const MESSENGER: &str = "0x2222222222222222222222222222222222222222";

    /// A request from chain 42161 to 8453 of `amount` (EXACT_INPUT, or EXACT_OUTPUT), paid
    /// to 0x44…44, with 1 % of slippage.
    fn cross_chain(from: &str, to: &str, amount: &str, exact_output: bool) -> QuoteRequest {
        let mut request = same_chain(from, to, amount, exact_output);
        request.destination_chain_id = 8453;
        request.destination_to_address = Some(Address::repeat_byte(0x44));
        request
    }

    /// The ServiceRouter call `C` of call `index` of `bundle`, checked to be a delegate call.
    fn router_call<C: alloy_sol_types::SolCall>(bundle: &intent_core::CallBundle, index: usize) -> C {
        let call = &bundle.calls[index];
        assert_eq!(call.delegate_call, Some(true), "call {index}");
        C::abi_decode(call.data.as_ref().unwrap()).unwrap()
    }

    #[test]
    fn a_cross_chain_usdc_transfer_burns_for_the_destination_wallet_whose_bundle_delivers_the_balance() {
        use alloy_sol_types::SolCall;
        use intent_contracts::IServiceRouter as Router;
        let (now, expires_at) = times();
        let quoter = route_quoter();
        let request = cross_chain(USDC, BASE_USDC, "5000000", false);
        let quote = quoter.quote_reading(&request, 7, B256::repeat_byte(3), (now, expires_at), [None, None]).unwrap();
        let intent = &quote.intent;
        intent_core::rules::check_intent(intent).unwrap();
        let context = intent_core::wallet::WalletContext::PUBLISHED;
        intent_core::rules::check_intent_addresses(intent, &context).unwrap();
        intent_core::rules::check_meta_transactions(intent, &context).unwrap();
        // 7 bps of 5 USDC is the fee; the rest burned, less at most the 1 000 maxFee minted.
        assert_eq!(intent.fees.service_fee_total, U256::from(3_500));
        let burned = U256::from(4_996_500);
        assert_eq!(
            (intent.quote.to_amount, intent.quote.to_amount_min),
            (burned - U256::from(1_000), burned - U256::from(1_000))
        );
        let (usdc, base_usdc): (Address, Address) = (USDC.parse().unwrap(), BASE_USDC.parse().unwrap());
        let router: Address = "0x555B5e43324096b87908201434f4E8CE04c41Dbd".parse().unwrap();
        let (sweep, burn) = (Router::sweepCall::SELECTOR, Router::burnBalanceCall::SELECTOR);
        let transfer = intent_contracts::IPermitToken::transferCall::SELECTOR;
        assert_eq!(
            shape(&intent.origin_calls),
            vec![
                (usdc, 1, false, false, transfer),
                (router, 0, true, false, burn),
                (router, 0, true, true, sweep),
                (router, 0, true, false, sweep),
            ]
        );
        let destination = intent.destination_intent_address.unwrap();
        let burn = router_call::<Router::burnBalanceCall>(&intent.origin_calls, 1).burn;
        assert_eq!(burn.messenger, MESSENGER.parse::<Address>().unwrap());
        assert_eq!((burn.token, burn.destinationDomain, burn.mintRecipient), (usdc, 6, destination.into_word()));
        assert_eq!((burn.maxFee, burn.minFinalityThreshold), (U256::from(1_000), 2_000));
        // The destination bundle: the minted balance swept to the recipient, the fallback
        // sweep to the recipient, the leftovers to the owner; in a space of its own.
        let calls = intent.destination_calls.as_ref().unwrap();
        assert_eq!((calls.chain_id, calls.space), (8453, Some(U256::from_be_slice(&[3; 20]))));
        assert_eq!(
            shape(calls),
            vec![(router, 0, true, false, sweep), (router, 0, true, true, sweep), (router, 0, true, false, sweep)]
        );
        let recipient = Address::repeat_byte(0x44);
        let delivery = router_call::<Router::sweepCall>(calls, 0);
        assert_eq!((delivery.token, delivery.to), (base_usdc, recipient));
        let fallback = router_call::<Router::sweepCall>(calls, 1);
        assert_eq!((fallback.token, fallback.to), (base_usdc, recipient));
        assert_eq!(router_call::<Router::sweepCall>(calls, 2).to, request.owner_address);
        // The destination precondition waits for the least minted: burned less the maxFee.
        let precondition = intent.destination_precondition.as_ref().unwrap();
        assert_eq!(
            (precondition.chain_id, precondition.token_address, precondition.owner_address, precondition.min_amount),
            (8453, base_usdc, destination, burned - U256::from(1_000))
        );
        let meta_txn = intent.destination_meta_txn.as_ref().unwrap();
        assert_eq!(
            (meta_txn.chain_id, meta_txn.contract, meta_txn.wallet_address),
            (8453, context.guest_module.unwrap(), destination)
        );
        // Deposit confirmations (1) and the attester's 3 blocks of 250 ms, then 2 of 500 ms.
        assert_eq!(intent.quote.estimated_duration, Some(2));
        // Another salt: another destination wallet, so another origin wallet too.
        let again = quoter.quote_reading(&request, 7, B256::repeat_byte(4), (now, expires_at), [None, None]).unwrap();
        assert_ne!(again.intent.destination_intent_address, Some(destination));
        assert_ne!(again.intent.origin_intent_address, intent.origin_intent_address);
    }

    #[test]
    fn a_cross_chain_swap_on_both_sides_is_priced_from_both_pools_with_both_slippages() {
        use intent_contracts::IServiceRouter as Router;
        let (now, expires_at) = times();
        let quoter = route_quoter();
        // DAI (18 decimals) to USDC (6) on the origin, USDC to DAI on the destination.
        let e18 = 10u128.pow(18);
        let origin_pool =
            Reserves { reserve_in: U256::from(1_000_000 * e18), reserve_out: U256::from(1_000_000_000_000u128) };
        let destination_pool =
            Reserves { reserve_in: U256::from(2_000_000_000_000u128), reserve_out: U256::from(2_000_000 * e18) };
        let both =
            [reads(Some((1_000_000 * e18, 1_000_000_000_000))), reads(Some((2_000_000_000_000, 2_000_000 * e18)))];
        let request = cross_chain(DAI, BASE_DAI, &(100 * e18).to_string(), false);
        let quote = quoter.quote_reading(&request, 7, B256::ZERO, (now, expires_at), both).unwrap();
        intent_core::rules::check_intent(&quote.intent).unwrap();
        let spend = U256::from(100 * e18) - U256::from(100 * e18) * U256::from(7) / U256::from(10_000);
        let burn = origin_pool.amount_out(spend).unwrap();
        let burn_min = burn * U256::from(9_900) / U256::from(10_000);
        let fee = U256::from(1_000);
        assert_eq!(quote.intent.quote.to_amount, destination_pool.amount_out(burn - fee).unwrap());
        let least = destination_pool.amount_out(burn_min - fee).unwrap() * U256::from(9_900) / U256::from(10_000);
        assert_eq!(quote.intent.quote.to_amount_min, least);
        assert!(quote.intent.quote.price_impact.get() < -0.006, "two pools' fees");
        // Origin: the fee, the swap of the balance into the wallet (at least burn_min), the burn.
        let swap = router_call::<Router::swapBalanceV2Call>(&quote.intent.origin_calls, 1);
        assert_eq!((swap.to, swap.swap.amount, swap.swap.exactOutput), (Address::ZERO, burn_min, false));
        let (dai, usdc): (Address, Address) = (DAI.parse().unwrap(), USDC.parse().unwrap());
        assert_eq!(swap.swap.path, vec![dai, usdc]);
        router_call::<Router::burnBalanceCall>(&quote.intent.origin_calls, 2);
        assert_eq!(quote.intent.origin_calls.calls.len(), 6, "the refund and both leftovers");
        // Destination: the swap of the balance to the recipient at least toAmountMin.
        let calls = quote.intent.destination_calls.as_ref().unwrap();
        let swap = router_call::<Router::swapBalanceV2Call>(calls, 0);
        assert_eq!((swap.to, swap.swap.amount), (Address::repeat_byte(0x44), least));
        assert_eq!(quote.intent.destination_precondition.as_ref().unwrap().min_amount, burn_min - fee);

        // EXACT_OUTPUT: exactly 50 DAI bought on the destination with at most the balance;
        // the burn covers the destination's input plus 1 % and the maxFee.
        let request = cross_chain(DAI, BASE_DAI, &(50 * e18).to_string(), true);
        let quote = quoter.quote_reading(&request, 7, B256::ZERO, (now, expires_at), both).unwrap();
        intent_core::rules::check_intent(&quote.intent).unwrap();
        let needed = destination_pool.amount_in(U256::from(50 * e18)).unwrap();
        let arrival = needed + (needed * U256::from(100)).div_ceil(U256::from(10_000));
        let calls = quote.intent.destination_calls.as_ref().unwrap();
        let swap = router_call::<Router::swapBalanceV2Call>(calls, 0);
        assert_eq!((swap.swap.exactOutput, swap.swap.amount), (true, U256::from(50 * e18)));
        assert_eq!(quote.intent.destination_precondition.as_ref().unwrap().min_amount, arrival);
        let swap = router_call::<Router::swapBalanceV2Call>(&quote.intent.origin_calls, 1);
        assert_eq!(swap.swap.amount, arrival + fee, "the origin swap buys at least the burn's minimum");
        assert_eq!(
            (quote.intent.quote.to_amount, quote.intent.quote.to_amount_min),
            (U256::from(50 * e18), U256::from(50 * e18))
        );
    }

    #[test]
    fn a_cross_chain_destination_call_is_handed_the_minted_balance() {
        use intent_contracts::IServiceRouter as Router;
        let (now, expires_at) = times();
        let mut request = cross_chain(USDC, BASE_USDC, "5000000", false);
        request.destination_call_data = Some(vec![0xde, 0xad].into());
        let spender = Address::repeat_byte(0x55);
        request.unknown.insert("destinationApproveAddress", &format!("\"{spender}\"")).unwrap();
        let quote = route_quoter().quote_reading(&request, 7, B256::ZERO, (now, expires_at), [None, None]).unwrap();
        let calls = quote.intent.destination_calls.as_ref().unwrap();
        let call = router_call::<Router::callWithBalanceCall>(calls, 0);
        let base_usdc: Address = BASE_USDC.parse().unwrap();
        assert_eq!((call.token, call.target, call.spender), (base_usdc, Address::repeat_byte(0x44), spender));
        assert_eq!(call.data.as_ref(), [0xde, 0xad]);
        // A swap before the call: one call, the swap into the wallet handed to the target.
        request.destination_token_address = BASE_DAI.parse().unwrap();
        let quote = route_quoter().quote_reading(&request, 7, B256::ZERO, (now, expires_at), [None, None]).unwrap();
        let calls = quote.intent.destination_calls.as_ref().unwrap();
        let call = router_call::<Router::swapBalanceV2AndCallCall>(calls, 0);
        assert_eq!((call.target, call.spender, call.swap.path[0]), (Address::repeat_byte(0x44), spender, base_usdc));
        assert_eq!(calls.calls.len(), 4, "the leftover sweep of the bought token");
    }

    #[test]
    fn a_cross_chain_route_without_a_pool_or_too_small_to_bridge_is_refused_at_its_path() {
        let (now, expires_at) = times();
        let quoter = route_quoter();
        let pool = reads(Some((5_000_000, 4_000_000)));
        let cause = |request: &QuoteRequest, reads: Reads| {
            quoter.quote_reading(request, 7, B256::ZERO, (now, expires_at), reads).unwrap_err().body().cause
        };
        let request = cross_chain(DAI, BASE_DAI, "1000000000000000000", false);
        assert_eq!(cause(&request, [reads(None), pool]), "ROUTE_UNAVAILABLE at originTokenAddress");
        assert_eq!(cause(&request, [pool, reads(None)]), "ROUTE_UNAVAILABLE at destinationTokenAddress");
        let mut no_swap = route_quoter();
        no_swap.config.chains[1].swap = None;
        let failure = no_swap.quote_reading(&request, 7, B256::ZERO, (now, expires_at), [None, None]).unwrap_err();
        assert_eq!(failure.body().cause, "ROUTE_UNAVAILABLE at destinationTokenAddress");
        // 1 000 units burned cannot pay a maxFee of 1 000.
        let request = cross_chain(USDC, BASE_USDC, "1000", false);
        assert_eq!(cause(&request, [None, None]), "NUMBER_OUT_OF_RANGE at originTokenAmount");
        // The native token is not swapped.
        let request = cross_chain("0x0000000000000000000000000000000000000000", BASE_USDC, "1000000", false);
        assert_eq!(cause(&request, [None, None]), "ROUTE_UNAVAILABLE at destinationTokenAddress");
        // Without an attester the route is not served: the placeholder quote.
        let mut placeholder = route_quoter();
        placeholder.config.attestation = None;
        let request = cross_chain(USDC, BASE_USDC, "5000000", false);
        let quote = placeholder.quote_reading(&request, 7, B256::ZERO, (now, expires_at), [None, None]).unwrap();
        assert!(quote.intent.destination_calls.as_ref().unwrap().calls.iter().all(|call| call.delegate_call.is_none()));
    }
}
