//! Proptest strategies for valid, self-consistent inputs of every operation (docs/spec.md §1–7), over
//! the full value ranges: `uint`s up to 2^256 − 1, chain ids up to 2^64 − 1, instants in years
//! 0000–9999 to the nanosecond, strings with control and non-ASCII characters, optional
//! fields present and absent, and unknown members on any object.
//!
//! The centre is [`World`]: a key, an intent owned by its address, the gas fee options quoted
//! with it, the instants of a happy path (quote, commit, execute) and an execute request in
//! one deposit mode, signed by the key. Everything in a world passes: the QuoteRequest and
//! Intent rules, `IntentRecord::quote` at [`Times::quote_at`], `commit` at
//! [`Times::commit_at`] and `execute_with` at [`Times::execute_at`] with [`World::facts`].
//! A world builds a valid request in any mode it supports ([`World::request_for`]), so a test
//! can break one rule of one mode.
//!
//! Validity is decided here from docs/spec.md §7 as written, not from the library: where a random
//! choice would break a rule (an EXACT_INPUT request without an origin amount, a swap provider
//! across chains, nothing to do, a fee option a mode cannot use…), the builder repairs it.
//! Needs the test crate to declare `mod support;` (random unknown-member values).

use std::borrow::Cow;

use intent_core::eip712::{Domain, EntrypointNames};
use intent_core::rules::{deposit_intent_digest, deposit_permit_digest, GaslessMode};
use intent_core::IntentRecord;
use intent_core::{Address, Bytes, EventInput, B256, U256};
use intent_core::{
    AddressOrEmpty, AddressOverrides, Call, CallBundle, ChainGasUsageStatus, Decimal, DepositSignature,
    DepositTransaction, ExecuteRequest, FeeOption, Fees, GasDetail, GasEstimate, GasFeeOptions, Intent, IntentStatus,
    MetaTxn, MetaTxnFeeDetails, Policy, Precondition, PriceImpact, PriceImpactDetails, ProviderFees, Quote,
    QuoteOptions, QuoteRequest, RouteProvider, ServiceContracts, TextOrDecimal, Timestamp, TradeType, UnknownMembers,
};
use intent_core::{ChainFacts, DepositEvidence, TokenPermit};
use k256::ecdsa::SigningKey;
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;

use crate::support::{any_choices, canonical_text, random_value, Kind, Respeller, Style, KEY_POOL};

// ---------------------------------------------------------------------------------------------
// Time as nanoseconds since the Unix epoch

/// Nanoseconds per second.
pub const NS: i128 = 1_000_000_000;

/// An instant as nanoseconds since the Unix epoch.
pub fn nanos(t: Timestamp) -> i128 {
    i128::from(t.unix_seconds()) * NS + i128::from(t.subsec_nanos())
}

/// The instant `n` nanoseconds after the Unix epoch (panics outside years 0000–9999).
pub fn at_nanos(n: i128) -> Timestamp {
    try_at_nanos(n).unwrap_or_else(|| panic!("{n} ns is outside years 0000-9999"))
}

/// The instant `n` nanoseconds after the Unix epoch, if it is in years 0000–9999.
pub fn try_at_nanos(n: i128) -> Option<Timestamp> {
    let seconds = i64::try_from(n.div_euclid(NS)).ok()?;
    Timestamp::from_unix(seconds, n.rem_euclid(NS) as u32)
}

/// `t` moved by `n` nanoseconds, clamped to years 0000–9999.
pub fn shift_clamped(t: Timestamp, n: i128) -> Timestamp {
    at_nanos((nanos(t) + n).clamp(nanos(Timestamp::MIN), nanos(Timestamp::MAX)))
}

/// `floor(t)` in Unix seconds.
pub fn floor_seconds(t: Timestamp) -> i64 {
    t.unix_seconds()
}

/// `t + seconds`, saturating at [`Timestamp::MAX`] (as the lifetimes of docs/spec.md §6 are
/// computed: a window that would close after year 9999 closes at its last instant).
pub fn plus_seconds_saturating(t: Timestamp, seconds: u64) -> Timestamp {
    i64::try_from(seconds).ok().and_then(|seconds| t.checked_add_seconds(seconds)).unwrap_or(Timestamp::MAX)
}

/// A choice of an offset in `[0, span)`: the edges `0` and `span − 1`, a small offset, or
/// anywhere, decided by `pick`.
pub fn offset_in(span: i128, pick: (u8, u128)) -> i128 {
    assert!(span >= 1, "empty span");
    let anywhere = (pick.1 % span as u128) as i128;
    match pick.0 % 6 {
        0 => 0,
        1 => span - 1,
        2 => anywhere % span.min(10 * NS),
        3 => anywhere % span.min(1000),
        _ => anywhere,
    }
}

fn pick() -> impl Strategy<Value = (u8, u128)> {
    (any::<u8>(), any::<u128>())
}

// ---------------------------------------------------------------------------------------------
// Leaves

/// Any `uint` in [0, 2^256 − 1], biased towards 0, 1, powers of two, their neighbours and the
/// maximum.
pub fn uint() -> impl Strategy<Value = U256> {
    prop_oneof![
        Just(U256::ZERO),
        Just(U256::from(1u8)),
        Just(U256::MAX),
        (0usize..256).prop_map(|k| U256::from(1u8) << k),
        (1usize..=256).prop_map(|k| U256::MAX >> (256 - k)),
        any::<u64>().prop_map(U256::from),
        any::<[u8; 32]>().prop_map(U256::from_be_bytes),
    ]
}

/// A `uint` above zero.
pub fn positive_uint() -> impl Strategy<Value = U256> {
    uint().prop_map(|v| if v.is_zero() { U256::from(1u8) } else { v })
}

/// Any `u64`, biased towards the edges.
pub fn any_u64() -> impl Strategy<Value = u64> {
    prop_oneof![Just(0u64), Just(u64::MAX), 0u64..1000, any::<u64>()]
}

/// A chain id: non-zero, up to 2^64 − 1, often a well-known one (so both sides of an intent
/// are sometimes on the same chain).
pub fn chain_id() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(1u64),
        Just(u64::MAX),
        prop::sample::select(vec![10u64, 137, 8453, 42161, 11_155_111]),
        1u64..=u64::MAX,
    ]
}

/// Addresses the generators share, so that equal addresses (same token on both sides, the
/// owner as recipient) happen often.
pub const SHARED_ADDRESSES: [Address; 4] =
    [Address::repeat_byte(0xab), Address::repeat_byte(0x3c), Address::repeat_byte(0xe5), Address::repeat_byte(0x07)];

/// Any address: zero, a shared one, or random.
pub fn address() -> impl Strategy<Value = Address> {
    prop_oneof![
        1 => Just(Address::ZERO),
        1 => prop::sample::select(SHARED_ADDRESSES.to_vec()),
        3 => any::<[u8; 20]>().prop_map(Address::from),
    ]
}

/// A non-zero address.
pub fn nonzero_address() -> impl Strategy<Value = Address> {
    address().prop_map(|a| if a.is_zero() { SHARED_ADDRESSES[0] } else { a })
}

/// An address or none (`""`): mostly an address, sometimes none.
pub fn address_or_empty() -> impl Strategy<Value = AddressOrEmpty> {
    prop_oneof![1 => Just(AddressOrEmpty::Empty), 4 => address().prop_map(AddressOrEmpty::Address)]
}

/// Any 32 bytes.
pub fn bytes32() -> impl Strategy<Value = B256> {
    any::<[u8; 32]>().prop_map(B256::from)
}

/// `bytes` of 0 to 47 bytes (empty included).
pub fn bytes() -> impl Strategy<Value = Bytes> {
    vec(any::<u8>(), 0..48).prop_map(Bytes::from)
}

fn character() -> impl Strategy<Value = char> {
    prop_oneof![
        (0u8..0x20).prop_map(char::from),
        prop::sample::select(crate::support::CHAR_POOL),
        any::<char>(),
        (b'a'..=b'z').prop_map(char::from),
    ]
}

/// A string of up to 9 characters: control characters, quotes and backslashes, non-ASCII,
/// non-BMP and any other Unicode scalar value.
pub fn text() -> impl Strategy<Value = String> {
    vec(character(), 0..10).prop_map(String::from_iter)
}

/// A non-empty string.
pub fn nonempty_text() -> impl Strategy<Value = String> {
    vec(character(), 1..10).prop_map(String::from_iter)
}

/// Any finite double: zeros of both signs, subnormals, the extremes, the edges of the
/// ECMAScript number form and random bit patterns.
pub fn double() -> impl Strategy<Value = f64> {
    use proptest::num::f64 as F;
    prop_oneof![
        prop::sample::select(vec![
            0.0,
            -0.0,
            1e21,
            1e-7,
            1e-6,
            5e-324,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            0.1,
            1.5,
            -2.5e-7,
            123_456_789_012_345_680_000.0,
        ]),
        F::POSITIVE | F::NEGATIVE | F::NORMAL | F::SUBNORMAL | F::ZERO,
        -1.0e6f64..1.0e6,
    ]
}

/// A finite decimal.
pub fn decimal() -> impl Strategy<Value = Decimal> {
    double().prop_map(|x| Decimal::new(x).expect("finite"))
}

/// A `text-or-decimal`: any text or any finite decimal.
pub fn text_or_decimal() -> impl Strategy<Value = TextOrDecimal> {
    prop_oneof![text().prop_map(TextOrDecimal::Text), decimal().prop_map(TextOrDecimal::Decimal)]
}

/// A slippage tolerance in [0, 1): zero, the largest double below one, or between.
pub fn slippage() -> impl Strategy<Value = Decimal> {
    prop_oneof![Just(0.0), Just(-0.0), Just(1.0 - f64::EPSILON / 2.0), 0.0f64..1.0]
        .prop_map(|x| Decimal::new(x).expect("finite"))
}

/// Which instants a world's happy path may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeRange {
    /// Any instant in years 0000–9999 (signature deadlines before 1970 can never pass).
    Full,
    /// After 1970-01-01T00:00:10Z, where a deadline in Unix seconds can be in the past.
    Modern,
}

impl TimeRange {
    fn bounds(self) -> (i128, i128) {
        match self {
            TimeRange::Full => (nanos(Timestamp::MIN), nanos(Timestamp::MAX)),
            TimeRange::Modern => (10 * NS, nanos(Timestamp::MAX)),
        }
    }
}

/// Any instant in `range`: its edges, this century, or anywhere.
pub fn timestamp_in(range: TimeRange) -> impl Strategy<Value = Timestamp> {
    let (low, high) = range.bounds();
    let this_century = (946_684_800 * NS, 4_102_444_800 * NS); // 2000–2100
    prop_oneof![
        1 => prop::sample::select(vec![low, high, high - 1, 0, -1, 951_782_400 * NS])
            .prop_map(move |n| at_nanos(n.clamp(low, high))),
        2 => (this_century.0..this_century.1).prop_map(at_nanos),
        2 => (low..=high).prop_map(at_nanos),
    ]
}

/// Any instant in years 0000–9999.
pub fn timestamp() -> impl Strategy<Value = Timestamp> {
    timestamp_in(TimeRange::Full)
}

// ---------------------------------------------------------------------------------------------
// Enums

/// A route provider: a named one or another `A-Z0-9_` name (kept as `Other`).
pub fn route_provider() -> impl Strategy<Value = RouteProvider> {
    prop_oneof![
        prop::sample::select(RouteProvider::NAMES.to_vec()).prop_map(|n| RouteProvider::from_name(n).unwrap()),
        "[A-Z0-9_]{1,12}".prop_map(|n| RouteProvider::from_name(&n).expect("an open enum name")),
    ]
}

/// A chain gas usage status: NORMAL or another `A-Z0-9_` name.
pub fn chain_gas_usage_status() -> impl Strategy<Value = ChainGasUsageStatus> {
    prop_oneof![
        Just(ChainGasUsageStatus::Normal),
        "[A-Z0-9_]{1,12}".prop_map(|n| ChainGasUsageStatus::from_name(&n).expect("an open enum name")),
    ]
}

/// Any intent status: a named one (INVALID included) or another `A-Z0-9_` name.
pub fn intent_status() -> impl Strategy<Value = IntentStatus> {
    prop_oneof![
        3 => prop::sample::select(IntentStatus::NAMES.to_vec()).prop_map(|n| IntentStatus::from_name(n).unwrap()),
        1 => "[A-Z0-9_]{1,12}".prop_map(|n| IntentStatus::from_name(&n).expect("an open enum name")),
    ]
}

// ---------------------------------------------------------------------------------------------
// Unknown members

/// Unknown members to add to one object: (key, JSON text). Mostly none; otherwise one or two
/// with keys of [`KEY_POOL`] (non-identifiers, non-ASCII, control characters, the empty key)
/// and random JSON values (big and fractional numbers, nested objects and arrays) in random
/// spellings.
pub fn unknown_members() -> impl Strategy<Value = Vec<(String, String)>> {
    prop_oneof![
        4 => Just(Vec::new()),
        1 => vec((0..KEY_POOL.len(), any_choices()), 1..3).prop_map(|members| {
            members
                .into_iter()
                .map(|(key, mut dice)| {
                    let value = random_value(&mut dice, 2);
                    // A generic value has no schema kind; `Bool` makes the respeller treat its
                    // leaves as generic ones (numbers respelled, strings escaped at random).
                    let text = if dice.chance(1, 2) {
                        canonical_text(&value)
                    } else {
                        Respeller::new(&mut dice, Style::ALL).document(&value, Kind::Bool)
                    };
                    (KEY_POOL[key].to_string(), text)
                })
                .collect()
        }),
    ]
}

/// Adds generated unknown members to an object (keys its schema names are skipped).
macro_rules! with_unknown {
    ($object:expr, $members:expr) => {{
        let mut object = $object;
        for (key, json) in &$members {
            let _ = object.insert_unknown(key, json);
        }
        object
    }};
}

// ---------------------------------------------------------------------------------------------
// Objects, each valid on its own (the intent's cross-field rules are applied by its builder)

prop_compose! {
    /// A call with every optional field present or absent.
    pub fn call()(
        to in address(),
        value in option::of(uint()),
        data in option::of(bytes()),
        gas_limit in option::of(uint()),
        delegate_call in option::of(any::<bool>()),
        only_fallback in option::of(any::<bool>()),
        behavior_on_error in option::of(any::<u8>()),
        unknown in unknown_members().boxed(),
    ) -> Call {
        with_unknown!(
            Call { to, value, data, gas_limit, delegate_call, only_fallback, behavior_on_error, unknown: UnknownMembers::new() },
            unknown
        )
    }
}

prop_compose! {
    /// A call bundle on any chain (the intent's builder sets its side's chain).
    pub fn call_bundle()(
        chain_id in chain_id(),
        calls in vec(call().boxed(), 0..3),
        space in option::of(uint()),
        nonce in option::of(uint()),
        unknown in unknown_members().boxed(),
    ) -> CallBundle {
        with_unknown!(CallBundle { calls, chain_id, nonce, space, unknown: UnknownMembers::new() }, unknown)
    }
}

prop_compose! {
    /// A precondition on any chain.
    pub fn precondition()(
        kind in text(),
        chain_id in chain_id(),
        owner_address in address(),
        token_address in address(),
        min_amount in uint(),
        unknown in unknown_members().boxed(),
    ) -> Precondition {
        with_unknown!(
            Precondition { chain_id, min_amount, owner_address, token_address, kind, unknown: UnknownMembers::new() },
            unknown
        )
    }
}

prop_compose! {
    /// A meta-transaction on any chain.
    pub fn meta_txn()(
        id in text(),
        chain_id in chain_id(),
        wallet_address in address(),
        contract in address(),
        input in bytes(),
        bridge_gas in option::of(uint()),
        unknown in unknown_members().boxed(),
    ) -> MetaTxn {
        with_unknown!(
            MetaTxn { bridge_gas, chain_id, contract, id, input, wallet_address, unknown: UnknownMembers::new() },
            unknown
        )
    }
}

prop_compose! {
    /// The service's contracts, each an address or none (`""`).
    pub fn service_contracts()(
        entrypoint in address_or_empty(),
        router in address_or_empty(),
        shim in address_or_empty(),
        unknown in unknown_members().boxed(),
    ) -> ServiceContracts {
        with_unknown!(
            ServiceContracts {
                service_intent_entrypoint_address: entrypoint,
                service_router_address: router,
                service_router_shim_address: shim,
                service_utils_address: None,
                unknown: UnknownMembers::new(),
            },
            unknown
        )
    }
}

prop_compose! {
    /// A price impact.
    pub fn price_impact()(price_impact in decimal(), price_impact_usd in decimal(), unknown in unknown_members())
        -> PriceImpact {
        with_unknown!(PriceImpact { price_impact, price_impact_usd, unknown: UnknownMembers::new() }, unknown)
    }
}

prop_compose! {
    /// Price impacts by cause.
    pub fn price_impact_details()(
        execution in price_impact().boxed(),
        market in price_impact().boxed(),
        net in price_impact().boxed(),
        provider_fees in price_impact().boxed(),
        service_fees in price_impact().boxed(),
        unknown in unknown_members().boxed(),
    ) -> PriceImpactDetails {
        with_unknown!(
            PriceImpactDetails {
                execution_price_impact: execution,
                market_price_impact: market,
                net_price_impact: net,
                provider_fees_price_impact: provider_fees,
                service_fees_price_impact: service_fees,
                unknown: UnknownMembers::new(),
            },
            unknown
        )
    }
}

prop_compose! {
    /// A quote: amounts ordered so that each minimum is at most its amount, and the three
    /// route-provider arrays of one length (0 to 3).
    pub fn quote()(
        from in (uint(), uint()),
        to in (uint(), uint()),
        usd in (decimal(), decimal(), decimal(), decimal()),
        slippage_and_impact in (decimal(), decimal(), decimal()),
        details in price_impact_details().boxed(),
        providers in vec((route_provider(), text(), decimal()), 0..4),
        unknown in unknown_members().boxed(),
    ) -> Quote {
        let ((from_min, from_amount), (to_min, to_amount)) = (sorted(from), sorted(to));
        with_unknown!(
            Quote {
                estimated_duration: None,
                from_amount,
                from_amount_min: from_min,
                from_amount_min_usd: usd.0,
                from_amount_usd: usd.1,
                max_slippage: slippage_and_impact.0,
                price_impact: slippage_and_impact.1,
                price_impact_details: details,
                price_impact_usd: slippage_and_impact.2,
                route_providers: providers.iter().map(|p| p.0.clone()).collect(),
                route_providers_fee_usd: providers.iter().map(|p| p.2).collect(),
                route_providers_request_ids: providers.iter().map(|p| p.1.clone()).collect(),
                to_amount,
                to_amount_min: to_min,
                to_amount_min_usd: usd.2,
                to_amount_usd: usd.3,
                unknown: UnknownMembers::new(),
            },
            unknown
        )
    }
}

fn sorted((a, b): (U256, U256)) -> (U256, U256) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

prop_compose! {
    /// A meta-transaction's fee.
    pub fn meta_txn_fee_details()(
        meta_txn_id in text(),
        estimated_gas_limit in uint(),
        fee_native in uint(),
        unknown in unknown_members().boxed(),
    ) -> MetaTxnFeeDetails {
        with_unknown!(
            MetaTxnFeeDetails { estimated_gas_limit, fee_native, meta_txn_id, unknown: UnknownMembers::new() },
            unknown
        )
    }
}

prop_compose! {
    /// Gas on any chain.
    pub fn gas_detail()(
        chain_id in chain_id(),
        amounts in (uint(), uint(), uint()),
        strings in (text(), text()),
        total_fee_usd in text_or_decimal(),
        status in chain_gas_usage_status(),
        details in meta_txn_fee_details().boxed(),
        native_token_price_usd in option::of(decimal()),
        unknown in unknown_members().boxed(),
    ) -> GasDetail {
        with_unknown!(
            GasDetail {
                chain_gas_usage_status: status,
                chain_id,
                gas_price: amounts.0,
                meta_txn_fee_details: details,
                meta_txn_gas_quote: strings.0,
                native_token_price_usd,
                native_token_symbol: strings.1,
                total_fee_amount: amounts.1,
                total_fee_usd,
                total_gas_limit: amounts.2,
                unknown: UnknownMembers::new(),
            },
            unknown
        )
    }
}

prop_compose! {
    /// Provider and service fees.
    pub fn provider_fees()(
        quote_provider in text(),
        amounts in (uint(), uint(), uint(), uint()),
        usd in (decimal(), decimal(), decimal(), decimal()),
        unknown in unknown_members().boxed(),
    ) -> ProviderFees {
        with_unknown!(
            ProviderFees {
                provider_with_service_fee_usd: usd.0,
                quote_provider,
                quote_provider_fee: amounts.0,
                quote_provider_fee_usd: usd.1,
                quote_provider_with_service_fee: amounts.1,
                service_fee: amounts.2,
                service_fee_usd: usd.2,
                total_fee_amount: amounts.3,
                total_fee_usd: usd.3,
                unknown: UnknownMembers::new(),
            },
            unknown
        )
    }
}

prop_compose! {
    /// Fees, with and without destination gas (chains set by the intent's builder).
    pub fn fees()(
        origin_gas in gas_detail().boxed(),
        destination_gas in option::of(gas_detail().boxed()),
        provider in provider_fees().boxed(),
        fee_token_address in address(),
        amounts in (uint(), uint(), uint(), uint(), uint(), uint(), uint()),
        usd in (decimal(), decimal(), decimal(), decimal(), decimal(), decimal(), decimal()),
        unknown in unknown_members().boxed(),
    ) -> Fees {
        with_unknown!(
            Fees {
                collector_fee_total: amounts.0,
                collector_fee_usd: usd.0,
                destination_gas,
                fee_token_address,
                fee_token_amount: amounts.1,
                fee_token_total: amounts.2,
                fee_token_usd: usd.1,
                gas_fee_total: amounts.3,
                gas_fee_usd: usd.2,
                origin_gas,
                provider,
                provider_fee_total: amounts.4,
                provider_fee_usd: usd.3,
                service_fee_total: amounts.5,
                service_fee_usd: usd.4,
                total_fee_amount: amounts.6,
                total_fee_usd: usd.5,
                unknown: UnknownMembers::new(),
            },
            unknown
        )
    }
}

prop_compose! {
    /// Wallet contract overrides, each present or absent.
    pub fn address_overrides()(
        addresses in (option::of(address()), option::of(address()), option::of(address()), option::of(address()), option::of(address())),
        unknown in unknown_members().boxed(),
    ) -> AddressOverrides {
        with_unknown!(
            AddressOverrides {
                service_wallet_factory_address: addresses.0,
                service_wallet_guest_module_address: addresses.1,
                service_wallet_main_module_address: addresses.2,
                service_wallet_main_module_upgradable_address: addresses.3,
                service_wallet_utils_address: addresses.4,
                unknown: UnknownMembers::new(),
            },
            unknown
        )
    }
}

prop_compose! {
    /// Quote options (a swap provider is dropped by the request's builder across chains).
    pub fn quote_options()(
        swap_provider in option::of(route_provider()),
        bridge_provider in option::of(route_provider()),
        slippage_tolerance in option::of(slippage()),
        overrides in option::of(address_overrides().boxed()),
        unknown in unknown_members().boxed(),
    ) -> QuoteOptions {
        with_unknown!(
            QuoteOptions {
                bridge_provider,
                service_address_overrides: overrides,
                slippage_tolerance,
                swap_provider,
                unknown: UnknownMembers::new(),
            },
            unknown
        )
    }
}

/// How a quote request states its amounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Amounts {
    /// `tradeType: EXACT_INPUT` with `originTokenAmount > 0`.
    ExactInput,
    /// `tradeType: EXACT_OUTPUT` with `destinationTokenAmount > 0`.
    ExactOutput,
    /// No trade type; `originTokenAmount > 0` decides EXACT_INPUT.
    ImpliedInput,
    /// No trade type; `destinationTokenAmount > 0` decides EXACT_OUTPUT.
    ImpliedOutput,
}

/// Repairs a quote request so that docs/spec.md §7's QuoteRequest rules hold: a call value gets
/// non-empty call data (the library reads `0x` as no call data), a swap provider is dropped
/// across chains, and a request that would do nothing gets another destination token,
/// recipient or call data (by `repair`).
pub fn repair_quote_request(request: &mut QuoteRequest, repair: u8) {
    if request.destination_call_value.is_some() && request.destination_call_data.as_ref().is_none_or(|d| d.is_empty()) {
        request.destination_call_data = Some(Bytes::from(vec![repair]));
    }
    if request.origin_chain_id != request.destination_chain_id {
        if let Some(options) = request.options.as_mut() {
            options.swap_provider = None;
        }
    }
    if does_nothing(request) {
        match repair % 3 {
            0 => request.destination_token_address = flip(request.origin_token_address),
            1 => request.destination_to_address = Some(flip(request.owner_address)),
            _ => request.destination_call_data = Some(Bytes::from(vec![repair])),
        }
    }
}

/// Same chain, same token, no (or empty) call data and the owner as recipient.
pub fn does_nothing(request: &QuoteRequest) -> bool {
    request.origin_chain_id == request.destination_chain_id
        && request.origin_token_address == request.destination_token_address
        && request.destination_call_data.as_ref().is_none_or(|d| d.is_empty())
        && request.destination_to_address.unwrap_or(request.owner_address) == request.owner_address
}

/// Another address: the last byte flipped.
pub fn flip(address: Address) -> Address {
    let mut bytes = address.0 .0;
    bytes[19] ^= 0x01;
    Address::from(bytes)
}

/// Another value of an address-or-empty: an address for none, else the flipped address.
pub fn flip_or_fill(contract: AddressOrEmpty) -> AddressOrEmpty {
    match contract {
        AddressOrEmpty::Empty => AddressOrEmpty::Address(SHARED_ADDRESSES[0]),
        AddressOrEmpty::Address(address) => AddressOrEmpty::Address(flip(address)),
    }
}

prop_compose! {
    /// A valid quote request of any owner (see [`repair_quote_request`]).
    pub fn quote_request()(
        owner in address(),
        chains in prop_oneof![chain_id().prop_map(|c| (c, c)), (chain_id(), chain_id())],
        tokens in prop_oneof![address().prop_map(|t| (t, t)), (address(), address())],
        to in option::of(prop_oneof![Just(None), address().prop_map(Some)]),
        call in (option::of(bytes()), option::of(uint())),
        amounts in (prop::sample::select(vec![Amounts::ExactInput, Amounts::ExactOutput, Amounts::ImpliedInput, Amounts::ImpliedOutput]), positive_uint()),
        only_native_gas_fee in option::of(any::<bool>()),
        options in option::of(quote_options().boxed()),
        repair in any::<u8>(),
        unknown in unknown_members().boxed(),
    ) -> QuoteRequest {
        let (trade_type, origin_amount, destination_amount) = match amounts.0 {
            Amounts::ExactInput => (Some(TradeType::ExactInput), Some(amounts.1), None),
            Amounts::ExactOutput => (Some(TradeType::ExactOutput), None, Some(amounts.1)),
            Amounts::ImpliedInput => (None, Some(amounts.1), None),
            Amounts::ImpliedOutput => (None, None, Some(amounts.1)),
        };
        let mut request = QuoteRequest {
            destination_call_data: call.0,
            destination_call_value: call.1,
            destination_chain_id: chains.1,
            // Some(None) stands for "the owner, spelled out" (set below).
            destination_to_address: to.flatten(),
            destination_token_address: tokens.1,
            destination_token_amount: destination_amount,
            only_native_gas_fee,
            options,
            origin_chain_id: chains.0,
            origin_token_address: tokens.0,
            origin_token_amount: origin_amount,
            owner_address: owner,
            trade_type,
            unknown: UnknownMembers::new(),
        };
        if to == Some(None) {
            request.destination_to_address = Some(owner);
        }
        repair_quote_request(&mut request, repair);
        with_unknown!(request, unknown)
    }
}

/// Makes an intent agree with its quote request and with itself (docs/spec.md §7, intent
/// consistency): owner and chain ids from the request, the deposit to the origin intent
/// address in the request's origin token, each side's objects on its side's chain.
/// (Amount minimums and array lengths are ordered by [`quote`]; times by the world.)
pub fn make_consistent(intent: &mut Intent) {
    let request = &intent.quote_request;
    intent.owner_address = request.owner_address;
    intent.origin_chain_id = request.origin_chain_id;
    intent.destination_chain_id = request.destination_chain_id;
    intent.deposit_transaction.to_address = intent.origin_intent_address;
    intent.deposit_transaction.token_address = request.origin_token_address;
    let (origin, destination) = (request.origin_chain_id, request.destination_chain_id);
    set_origin_chain(intent, origin);
    set_destination_chain(intent, destination);
}

/// Moves the origin side of an intent (request, intent and its objects) to `chain`.
pub fn set_origin_chain(intent: &mut Intent, chain: u64) {
    intent.quote_request.origin_chain_id = chain;
    intent.origin_chain_id = chain;
    intent.origin_calls.chain_id = chain;
    intent.origin_precondition.chain_id = chain;
    intent.origin_meta_txn.chain_id = chain;
    intent.fees.origin_gas.chain_id = chain;
}

/// Moves the destination side of an intent (request, intent and its objects) to `chain`.
pub fn set_destination_chain(intent: &mut Intent, chain: u64) {
    intent.quote_request.destination_chain_id = chain;
    intent.destination_chain_id = chain;
    if let Some(calls) = intent.destination_calls.as_mut() {
        calls.chain_id = chain;
    }
    if let Some(precondition) = intent.destination_precondition.as_mut() {
        precondition.chain_id = chain;
    }
    if let Some(meta_txn) = intent.destination_meta_txn.as_mut() {
        meta_txn.chain_id = chain;
    }
    if let Some(gas) = intent.fees.destination_gas.as_mut() {
        gas.chain_id = chain;
    }
}

prop_compose! {
    /// The parts of an intent that its request does not decide.
    fn intent_body()(
        ids in (any_u64(), any_u64(), text(), text()),
        origin_intent_address in address(),
        salt in uint(),
        deposit in (uint(), option::of(any::<u8>())),
        origin in (call_bundle().boxed(), precondition().boxed(), meta_txn().boxed()),
        destination in (option::of(address()), option::of(call_bundle().boxed()), option::of(precondition().boxed()), option::of(meta_txn().boxed())),
        quote in quote().boxed(),
        fees in fees().boxed(),
        service_contracts in service_contracts().boxed(),
        updated_at in option::of(timestamp()),
        unknown in unknown_members().boxed(),
    ) -> Intent {
        let request = QuoteRequest {
            destination_call_data: None,
            destination_call_value: None,
            destination_chain_id: 1,
            destination_to_address: None,
            destination_token_address: Address::ZERO,
            destination_token_amount: None,
            only_native_gas_fee: None,
            options: None,
            origin_chain_id: 1,
            origin_token_address: Address::ZERO,
            origin_token_amount: None,
            owner_address: Address::ZERO,
            trade_type: None,
            unknown: UnknownMembers::new(),
        };
        with_unknown!(
            Intent {
                created_at: None,
                deposit_transaction: DepositTransaction {
                    amount: deposit.0,
                    chain_id: None,
                    data: None,
                    decimals: deposit.1,
                    to: None,
                    to_address: origin_intent_address,
                    token_address: Address::ZERO,
                    value: None,
                    unknown: UnknownMembers::new(),
                },
                destination_calls: destination.1,
                destination_chain_id: 1,
                destination_intent_address: destination.0,
                destination_meta_txn: destination.3,
                destination_precondition: destination.2,
                destination_token_address: None,
                expires_at: Timestamp::MAX,
                fees,
                id: ids.0,
                intent_id: ids.2,
                is_testnet: None,
                origin_calls: origin.0,
                origin_chain_id: 1,
                origin_intent_address,
                origin_meta_txn: origin.2,
                origin_precondition: origin.1,
                origin_token_address: None,
                owner_address: Address::ZERO,
                passthrough: None,
                project_id: ids.1,
                quote,
                quote_request: request,
                salt,
                service_contracts,
                service_version: ids.3,
                status: IntentStatus::Quoted,
                timed_refund_unlock_timestamp: None,
                updated_at,
                unknown: UnknownMembers::new(),
            },
            unknown
        )
    }
}

prop_compose! {
    /// Unknown members for the deposit transaction (added after the body is assembled).
    fn deposit_unknown()(unknown in unknown_members()) -> Vec<(String, String)> {
        unknown
    }
}

/// An intent on `request`, consistent, status QUOTED, expiring at `expires_at` and created at
/// `created_at` (which must be earlier).
pub fn intent_on(
    mut body: Intent,
    request: QuoteRequest,
    expires_at: Timestamp,
    created_at: Option<Timestamp>,
) -> Intent {
    body.quote_request = request;
    body.expires_at = expires_at;
    body.created_at = created_at;
    make_consistent(&mut body);
    body
}

// ---------------------------------------------------------------------------------------------
// The instants of a happy path

/// The instants of one happy path: `quote_at < expires_at ≤ quote_at + 300 s`,
/// `quote_at ≤ commit_at < expires_at`, `commit_at < fee_expires_at`,
/// `commit_at ≤ execute_at < commit_at + 600 s` (saturating at the last instant), and
/// `created_at < expires_at`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Times {
    pub quote_at: Timestamp,
    pub expires_at: Timestamp,
    pub created_at: Option<Timestamp>,
    pub commit_at: Timestamp,
    pub fee_expires_at: Timestamp,
    pub execute_at: Timestamp,
}

/// The default quote lifetime and execution window (docs/spec.md §6), in nanoseconds.
pub const QUOTE_TTL: i128 = 300 * NS;
pub const EXECUTION_WINDOW: i128 = 600 * NS;

/// Instants of a happy path in `range` (see [`Times`]), each at its edges or between.
pub fn times(range: TimeRange) -> impl Strategy<Value = Times> {
    let (low, high) = range.bounds();
    (timestamp_in(range), pick(), option::of(pick()), pick(), pick(), pick()).prop_map(
        move |(quote_at, expiry, created, commit, fee_expiry, execute)| {
            // quote_at < expires_at: the last instant cannot be quoted.
            let q = nanos(quote_at).min(high - 1);
            let e = (q + 1 + offset_in(QUOTE_TTL, expiry)).min(high);
            let c = q + offset_in(e - q, commit);
            let g = c + 1 + offset_in(high - c, fee_expiry);
            let closes = (c + EXECUTION_WINDOW).min(nanos(Timestamp::MAX));
            let x = c + offset_in(closes - c, execute);
            let created_at = created.map(|p| at_nanos(e - 1 - offset_in(e - low, p)));
            Times {
                quote_at: at_nanos(q),
                expires_at: at_nanos(e),
                created_at,
                commit_at: at_nanos(c),
                fee_expires_at: at_nanos(g),
                execute_at: at_nanos(x),
            }
        },
    )
}

/// A deadline in Unix seconds that holds at `now` (`floor(now) ≤ deadline`): exactly
/// `floor(now)`, a little later, `u64::MAX`, or anywhere between.
pub fn deadline_after(now: Timestamp, p: (u8, u128)) -> u64 {
    let floor = u64::try_from(floor_seconds(now).max(0)).expect("non-negative");
    let span = i128::from(u64::MAX - floor) + 1;
    floor + u64::try_from(offset_in(span, p)).expect("in range")
}

// ---------------------------------------------------------------------------------------------
// Standalone objects

prop_compose! {
    /// A valid intent with its instants (status QUOTED, quotable at `times.quote_at`).
    pub fn intent_with_times(range: TimeRange)(
        body in intent_body().boxed(),
        request in quote_request().boxed(),
        times in times(range).boxed(),
        deposit_unknown in deposit_unknown().boxed(),
    ) -> (Intent, Times) {
        let mut intent = intent_on(body, request, times.expires_at, times.created_at);
        for (key, json) in &deposit_unknown {
            let _ = intent.deposit_transaction.insert_unknown(key, json);
        }
        (intent, times)
    }
}

/// A valid intent (status QUOTED), quotable at some instant.
pub fn intent() -> impl Strategy<Value = Intent> {
    intent_with_times(TimeRange::Full).prop_map(|(intent, _)| intent)
}

prop_compose! {
    /// A fee option with any fields (not necessarily usable by any deposit mode).
    pub fn fee_option()(
        token_address in address(),
        token_symbol in text(),
        token_decimals in any::<u8>(),
        fee in prop_oneof![Just((U256::ZERO, Address::ZERO)), (positive_uint(), nonzero_address()), (uint(), address())],
        amount_usd in decimal(),
        is_2612 in any::<bool>(),
        is_passthrough_eligible in option::of(any::<bool>()),
        unknown in unknown_members().boxed(),
    ) -> FeeOption {
        with_unknown!(
            FeeOption {
                amount: fee.0,
                amount_usd,
                fee_collector_address: fee.1,
                is_2612,
                is_passthrough_eligible,
                token_address,
                token_decimals,
                token_symbol,
                unknown: UnknownMembers::new(),
            },
            unknown
        )
    }
}

prop_compose! {
    /// A gas estimate.
    pub fn gas_estimate()(
        total_gas in any_u64(),
        gas_price in text(),
        native_cost in text(),
        native_cost_usd in decimal(),
        unknown in unknown_members().boxed(),
    ) -> GasEstimate {
        with_unknown!(GasEstimate { gas_price, native_cost, native_cost_usd, total_gas, unknown: UnknownMembers::new() }, unknown)
    }
}

prop_compose! {
    /// Gas fee options with 0 to 3 options of any kind.
    pub fn gas_fee_options()(
        expires_at in timestamp(),
        fee_collector_address in address(),
        fee_options in vec(fee_option().boxed(), 0..4),
        gas_estimate in gas_estimate().boxed(),
        unknown in unknown_members().boxed(),
    ) -> GasFeeOptions {
        with_unknown!(
            GasFeeOptions { expires_at, fee_collector_address, fee_options, gas_estimate, unknown: UnknownMembers::new() },
            unknown
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Deposit modes and signatures

/// How an execute request proves the deposit (docs/spec.md §5, §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    /// `depositTransactionHash`.
    Hash,
    /// A deposit signature with an intent signature and a user nonce, no permit.
    Entrypoint,
    /// Entrypoint mode with an ERC-2612 permit for the entrypoint until the deadline.
    EntrypointPermit,
    /// A deposit signature with a permit for the origin intent address and no intent
    /// signature.
    PermitOnly,
}

impl Mode {
    pub const ALL: [Mode; 4] = [Mode::Hash, Mode::Entrypoint, Mode::EntrypointPermit, Mode::PermitOnly];
    pub const GASLESS: [Mode; 3] = [Mode::Entrypoint, Mode::EntrypointPermit, Mode::PermitOnly];

    pub fn is_gasless(self) -> bool {
        self != Mode::Hash
    }

    pub fn has_intent_signature(self) -> bool {
        matches!(self, Mode::Entrypoint | Mode::EntrypointPermit)
    }

    pub fn has_permit(self) -> bool {
        matches!(self, Mode::EntrypointPermit | Mode::PermitOnly)
    }
}

/// Whether `option` can pay the fee of a deposit in `mode` (docs/spec.md §7, Execute): native only
/// when the request asks for it; a fee exactly with a fee collector; in entrypoint mode a fee
/// only in the deposit token, and only for an intent with an entrypoint; with a permit, the deposit token's option must support
/// ERC-2612 and the deposit plus that fee must fit in a `uint256`.
pub fn option_fits(intent: &Intent, option: &FeeOption, mode: Mode) -> bool {
    if mode == Mode::Hash {
        return true;
    }
    let deposit_token = intent.deposit_transaction.token_address;
    let fee = option.amount;
    let in_deposit_token = option.token_address == deposit_token;
    let native_only = intent.quote_request.only_native_gas_fee == Some(true);
    if deposit_token.is_zero() || (native_only && !option.token_address.is_zero()) {
        return false;
    }
    if fee.is_zero() != option.fee_collector_address.is_zero() {
        return false;
    }
    if mode.has_intent_signature() && !fee.is_zero() && !in_deposit_token {
        return false;
    }
    if mode.has_intent_signature() && intent.service_contracts.service_intent_entrypoint_address.is_empty() {
        return false;
    }
    let permit_fits = option.is_2612 && intent.deposit_transaction.amount.checked_add(fee).is_some();
    !(mode.has_permit() && in_deposit_token) || permit_fits
}

/// The ingredients of a world's deposit signatures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignatureParts {
    /// `deadline` (holds at the world's execute time).
    pub deadline: u64,
    /// `permitDeadline` in permit-only mode (holds at the execute time).
    pub permit_deadline: u64,
    /// `userNonce`.
    pub user_nonce: U256,
    /// Whether a permit-only signature carries a user nonce too (allowed, unused).
    pub nonce_in_permit_only: bool,
    /// What the permit allows beyond the deposit plus the fee in the deposit token
    /// (saturating at 2^256 − 1).
    pub permit_extra: U256,
    /// Whether signatures end in `v` 0/1 instead of 27/28.
    pub low_v: bool,
    /// The deposit transaction hash of hash mode.
    pub hash: B256,
    /// Where the search for a usable fee option starts.
    pub rotation: usize,
    /// Unknown members of the deposit signature and of the request.
    pub signature_unknown: Vec<(String, String)>,
    pub request_unknown: Vec<(String, String)>,
}

/// A valid world: see the module documentation.
#[derive(Debug, Clone)]
pub struct World {
    /// The owner's secp256k1 secret key.
    pub secret: [u8; 32],
    /// The entrypoint's EIP-712 names the record is quoted for.
    pub names: EntrypointNames,
    pub intent: Intent,
    pub gas_fee_options: GasFeeOptions,
    pub times: Times,
    /// The deposit token's permit domain and the owner's permit nonce.
    pub token_permit: TokenPermit,
    /// The node's evidence that the deposit hash (`parts.hash`) paid the deposit.
    pub deposit_evidence: DepositEvidence,
    pub parts: SignatureParts,
    /// The mode of [`World::request`].
    pub mode: Mode,
    /// A valid request in [`World::mode`].
    pub request: ExecuteRequest,
}

/// What a world must support.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    pub range: TimeRange,
    /// A deposit token (not the native token), so that every gasless mode is possible.
    pub gasless: bool,
}

impl Config {
    /// Any valid world: any instants, native deposits too.
    pub const ANY: Config = Config { range: TimeRange::Full, gasless: false };
    /// Worlds where every rule can be broken on its own: every mode possible, and instants
    /// after 1970 (a deadline in Unix seconds can be in the past).
    pub const EVERY_MODE: Config = Config { range: TimeRange::Modern, gasless: true };
}

fn names() -> impl Strategy<Value = EntrypointNames> {
    prop_oneof![
        Just(EntrypointNames::DEFAULT),
        (text(), text(), text()).prop_map(|(t, n, v)| EntrypointNames {
            type_name: Cow::Owned(t),
            domain_name: Cow::Owned(n),
            domain_version: Cow::Owned(v),
        }),
    ]
}

prop_compose! {
    /// A token's permit domain: any subset of name, version, chain id, verifying contract
    /// (mostly the token) and salt, and the owner's permit nonce.
    fn token_permit_raw()(
        name in option::of(text()),
        version in option::of(text()),
        chain_id in option::of(uint()),
        contract in option::of(option::of(address())),
        salt in option::of(bytes32()),
        nonce in uint(),
    ) -> (Domain, Option<Option<Address>>, U256) {
        let domain = Domain {
            name: name.map(Cow::Owned),
            version: version.map(Cow::Owned),
            chain_id,
            verifying_contract: None,
            salt,
        };
        (domain, contract, nonce)
    }
}

prop_compose! {
    fn signature_parts_raw()(
        deadline in pick(),
        permit_deadline in pick(),
        user_nonce in uint(),
        nonce_in_permit_only in any::<bool>(),
        permit_extra in prop_oneof![2 => Just(U256::ZERO), 1 => uint()],
        low_v in any::<bool>(),
        hash in bytes32(),
        rotation in any::<usize>(),
        signature_unknown in unknown_members().boxed(),
        request_unknown in unknown_members().boxed(),
    ) -> ((u8, u128), (u8, u128), SignatureParts) {
        let parts = SignatureParts {
            deadline: 0,
            permit_deadline: 0,
            user_nonce,
            nonce_in_permit_only,
            permit_extra,
            low_v,
            hash,
            rotation,
            signature_unknown,
            request_unknown,
        };
        (deadline, permit_deadline, parts)
    }
}

prop_compose! {
    /// The fee option that fits every mode: no fee, or a fee in the deposit token (ERC-2612,
    /// the deposit plus the fee below 2^256); native when the request asks for native fees.
    fn universal_option_raw()(
        charge in any::<bool>(),
        fee in positive_uint(),
        collector in nonzero_address(),
        token in address(),
        option in fee_option().boxed(),
    ) -> (bool, U256, Address, Address, FeeOption) {
        (charge, fee, collector, token, option)
    }
}

fn universal_option(intent: &Intent, raw: (bool, U256, Address, Address, FeeOption)) -> FeeOption {
    let (charge, fee, collector, token, mut option) = raw;
    let deposit = &intent.deposit_transaction;
    let native_only = intent.quote_request.only_native_gas_fee == Some(true);
    let fee = fee.min(U256::MAX - deposit.amount);
    option.is_2612 = true;
    if charge && !native_only && !deposit.token_address.is_zero() && !fee.is_zero() {
        option.token_address = deposit.token_address;
        option.amount = fee;
        option.fee_collector_address = collector;
    } else {
        option.token_address = if native_only { Address::ZERO } else { token };
        option.amount = U256::ZERO;
        option.fee_collector_address = Address::ZERO;
    }
    option
}

prop_compose! {
    /// A valid world (see the module documentation) under `config`.
    pub fn world(config: Config)(
        secret in any::<[u8; 32]>().prop_filter("a valid secp256k1 secret", |s| SigningKey::from_slice(s).is_ok()),
        names in names().boxed(),
        intent_and_times in intent_with_times(config.range).boxed(),
        token in nonzero_address(),
        fee in (gas_fee_options().boxed(), universal_option_raw().boxed(), any::<usize>()),
        token_permit in token_permit_raw().boxed(),
        signature in signature_parts_raw().boxed(),
        mode in any::<usize>(),
    ) -> World {
        let (mut intent, times) = intent_and_times;
        let owner = Address::from_private_key(&SigningKey::from_slice(&secret).unwrap());
        let request = &mut intent.quote_request;
        if request.destination_to_address == Some(request.owner_address) {
            // The owner spelled out as the recipient stays the owner.
            request.destination_to_address = Some(owner);
        }
        request.owner_address = owner;
        if config.gasless && intent.quote_request.origin_token_address.is_zero() {
            intent.quote_request.origin_token_address = token;
        }
        let entrypoint = &mut intent.service_contracts.service_intent_entrypoint_address;
        if config.gasless && entrypoint.is_empty() {
            // Every gasless mode needs an entrypoint for its entrypoint modes.
            *entrypoint = AddressOrEmpty::Address(flip(token));
        }
        repair_quote_request(&mut intent.quote_request, secret[0]);
        make_consistent(&mut intent);

        let (mut gas_fee_options, universal, at) = fee;
        let universal = universal_option(&intent, universal);
        let at = at % (gas_fee_options.fee_options.len() + 1);
        gas_fee_options.fee_options.insert(at, universal);
        gas_fee_options.expires_at = times.fee_expires_at;

        let (mut domain, contract, nonce) = token_permit;
        domain.verifying_contract = match contract {
            Some(Some(other)) => Some(other),
            Some(None) => None,
            None => Some(intent.deposit_transaction.token_address),
        };
        let (deadline, permit_deadline, mut parts) = signature;
        parts.deadline = deadline_after(times.execute_at, deadline);
        parts.permit_deadline = deadline_after(times.execute_at, permit_deadline);

        let deposit_evidence = crate::evidence::paying(&intent, parts.hash);
        let mut world = World {
            secret,
            names,
            intent,
            gas_fee_options,
            times,
            token_permit: TokenPermit { domain, nonce },
            deposit_evidence,
            parts,
            mode: Mode::Hash,
            request: ExecuteRequest {
                deposit_signature: None,
                deposit_transaction_hash: None,
                intent_id: String::new(),
                unknown: UnknownMembers::new(),
            },
        };
        let modes = world.modes();
        world.mode = modes[mode % modes.len()];
        world.request = world.request_for(world.mode);
        world
    }
}

/// A valid execute request of some valid world.
pub fn execute_request() -> impl Strategy<Value = ExecuteRequest> {
    world(Config::ANY).prop_map(|world| world.request)
}

impl World {
    /// The owner's key.
    pub fn key(&self) -> SigningKey {
        SigningKey::from_slice(&self.secret).expect("a valid secret")
    }

    /// The owner: the key's address.
    pub fn owner(&self) -> Address {
        self.intent.owner_address
    }

    /// Someone else's key.
    pub fn stranger_key(&self) -> SigningKey {
        let mut secret = self.secret;
        for i in 0u8.. {
            secret[31] ^= 1 << (i % 8);
            secret[0] ^= i;
            if let Ok(key) = SigningKey::from_slice(&secret) {
                if Address::from_private_key(&key) != self.owner() {
                    return key;
                }
            }
        }
        unreachable!()
    }

    /// The modes this world supports: hash mode always, the gasless ones with a deposit token.
    pub fn modes(&self) -> Vec<Mode> {
        Mode::ALL.into_iter().filter(|&mode| self.option_for(mode).is_some()).collect()
    }

    /// The first quoted fee option (from the world's rotation) that fits `mode`.
    pub fn option_for(&self, mode: Mode) -> Option<FeeOption> {
        let options = &self.gas_fee_options.fee_options;
        if mode.is_gasless() && self.intent.deposit_transaction.token_address.is_zero() {
            return None;
        }
        (0..options.len())
            .map(|i| &options[(self.parts.rotation + i) % options.len()])
            .find(|option| option_fits(&self.intent, option, mode))
            .cloned()
    }

    /// `deposit amount + fee` when the fee is paid in the deposit token (else the deposit).
    pub fn permit_needed(&self, option: &FeeOption) -> Option<U256> {
        let fee = if option.token_address == self.intent.deposit_transaction.token_address {
            option.amount
        } else {
            U256::ZERO
        };
        self.intent.deposit_transaction.amount.checked_add(fee)
    }

    /// A valid, signed deposit signature in a gasless `mode` paying with `option`.
    pub fn signature_with(&self, mode: Mode, option: FeeOption) -> DepositSignature {
        assert!(mode.is_gasless());
        let parts = &self.parts;
        let permit_amount = self
            .permit_needed(&option)
            .map(|needed| needed.checked_add(parts.permit_extra).unwrap_or(U256::MAX))
            .unwrap_or(U256::MAX);
        let mut signature = DepositSignature {
            deadline: parts.deadline,
            intent_signature: mode.has_intent_signature().then(Bytes::new),
            permit_amount: mode.has_permit().then_some(permit_amount),
            permit_deadline: match mode {
                Mode::EntrypointPermit => Some(parts.deadline),
                Mode::PermitOnly => Some(parts.permit_deadline),
                _ => None,
            },
            permit_signature: mode.has_permit().then(Bytes::new),
            selected_gas_fee_option: option,
            user_nonce: (mode.has_intent_signature() || parts.nonce_in_permit_only).then_some(parts.user_nonce),
            unknown: UnknownMembers::new(),
        };
        for (key, json) in &parts.signature_unknown {
            let _ = signature.insert_unknown(key, json);
        }
        self.sign(&mut signature);
        signature
    }

    /// A valid, signed deposit signature in a gasless `mode` (panics if the world cannot
    /// pay the fee in that mode).
    pub fn signature_for(&self, mode: Mode) -> DepositSignature {
        let option = self.option_for(mode).unwrap_or_else(|| panic!("the world does not support {mode:?}"));
        self.signature_with(mode, option)
    }

    /// The request carrying `signature` (or the deposit hash, without one).
    pub fn request_with(&self, signature: Option<DepositSignature>) -> ExecuteRequest {
        let mut request = ExecuteRequest {
            deposit_transaction_hash: signature.is_none().then_some(self.parts.hash),
            deposit_signature: signature,
            intent_id: self.intent.intent_id.clone(),
            unknown: UnknownMembers::new(),
        };
        for (key, json) in &self.parts.request_unknown {
            let _ = request.insert_unknown(key, json);
        }
        request
    }

    /// A valid request in `mode`.
    pub fn request_for(&self, mode: Mode) -> ExecuteRequest {
        match mode {
            Mode::Hash => self.request_with(None),
            _ => self.request_with(Some(self.signature_for(mode))),
        }
    }

    /// Signs every signature `signature` carries with the owner's key (see [`World::sign_with`]).
    pub fn sign(&self, signature: &mut DepositSignature) {
        self.sign_with(&self.key(), signature);
    }

    /// Replaces the intent signature (if any) by `key`'s signature of the deposit-intent
    /// digest under the world's entrypoint names, and the permit signature (if any) by its
    /// signature of the ERC-2612 digest of the signature's mode under the token's domain. A
    /// signature whose message is incomplete (no user nonce, no permit amount…) is left as is.
    pub fn sign_with(&self, key: &SigningKey, signature: &mut DepositSignature) {
        if signature.intent_signature.is_some() {
            if let Ok(digest) = deposit_intent_digest(&self.intent, signature, &self.names) {
                signature.intent_signature = Some(self.sign_digest(key, &digest));
            }
        }
        if signature.permit_signature.is_some() {
            let permit = &self.token_permit;
            let mode = GaslessMode::of(signature);
            if let Ok(digest) = deposit_permit_digest(&self.intent, signature, mode, &permit.domain, permit.nonce) {
                signature.permit_signature = Some(self.sign_digest(key, &digest));
            }
        }
    }

    /// `r ‖ s ‖ v` of `digest` by `key`, low `s`, `v` 27/28 (or 0/1 with `low_v`).
    pub fn sign_digest(&self, key: &SigningKey, digest: &B256) -> Bytes {
        let (signature, recovery) = key.sign_prehash_recoverable(digest.as_slice()).expect("signing");
        let mut out = signature.to_bytes().to_vec();
        out.push(u8::from(recovery.is_y_odd()) + if self.parts.low_v { 0 } else { 27 });
        Bytes::from(out)
    }

    /// The policy the world is quoted under: the default lifetimes of docs/spec.md §6.1 and the
    /// world's entrypoint names.
    pub fn policy(&self) -> Policy {
        Policy { entrypoint: self.names.clone(), ..Policy::DEFAULT }
    }

    /// The intent quoted at [`Times::quote_at`] with the world's fee options and names.
    pub fn quote(&self) -> Result<IntentRecord, intent_core::Error> {
        IntentRecord::quote(
            self.intent.clone(),
            Some(self.gas_fee_options.clone()),
            &self.policy(),
            self.times.quote_at,
        )
    }

    /// The quoted record (panics if the world is not valid).
    pub fn quoted(&self) -> IntentRecord {
        self.quote().unwrap_or_else(|e| panic!("the world does not quote: {e}"))
    }

    /// The record committed at [`Times::commit_at`] (panics if the world is not valid).
    pub fn committed(&self) -> IntentRecord {
        let mut record = self.quoted();
        let _ = record
            .apply(EventInput::commit(&self.intent), self.times.commit_at)
            .unwrap_or_else(|e| panic!("the world does not commit: {e}"));
        record
    }

    /// The committed record executing `request` at `at` with the world's chain facts.
    pub fn execute(&self, request: &ExecuteRequest, at: Timestamp) -> Result<IntentRecord, intent_core::Error> {
        let mut record = self.committed();
        let _ = record.apply(EventInput::execute_with(request, self.facts()), at)?;
        Ok(record)
    }

    /// What the chain knows in this world: the token's permit facts, the owner's
    /// entrypoint nonce (the signatures' user nonce) and the evidence of the deposit hash;
    /// nothing unverified accepted.
    pub fn facts(&self) -> ChainFacts<'_> {
        ChainFacts {
            token_permit: Some(&self.token_permit),
            entrypoint_nonce: Some(self.parts.user_nonce),
            accept_unverified_permit: false,
            deposit_evidence: Some(&self.deposit_evidence),
            accept_unverified_deposit: false,
        }
    }

    /// When the execution window closes: `commit_at + 600 s`, saturating.
    pub fn window_closes_at(&self) -> Timestamp {
        plus_seconds_saturating(self.times.commit_at, self.policy().execution_window_seconds)
    }
}
