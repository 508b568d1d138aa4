//! Assembly: a priced quote placed in the core's types. The calls each chain runs (their
//! calldata encoded by `sol!`), the meta-transactions and preconditions, the [`Fees`], the
//! [`Quote`], the [`GasFeeOptions`] and the [`Intent`] of the [`QuoteResponse`].
//!
//! A same-chain intent on a chain with a `wallet` is run in its wallet: its origin bundle
//! is `bundle`'s, its addresses the core's [`IntentConfiguration`] of the owner and that
//! bundle under the chain's wallet context, its meta-transaction the guest batch that runs
//! the bundle, its precondition the deposit at the intent address. Any other intent keeps
//! the placeholder calls and CREATE2 addresses of `identifiers`.
//!
//! No arithmetic on prices or amounts here: every number comes from `pricing`, and
//! every address or identifier from `identifiers` or the core's `wallet`.

use alloy_primitives::{hex, keccak256, Address, Bytes, B256, U256};
use alloy_sol_types::{sol, SolCall};
use intent_core::{
    Call, CallBundle, ChainGasUsageStatus, Decimal, DepositTransaction, FeeOption, Fees, GasDetail, GasEstimate,
    GasFeeOptions, Intent, IntentStatus, MetaTxn, MetaTxnFeeDetails, Precondition, PriceImpact, PriceImpactDetails,
    ProviderFees, Quote, QuoteRequest, QuoteResponse, ServiceContracts, TextOrDecimal, Timestamp, UnknownMembers,
};

use intent_core::wallet::{IntentConfiguration, WalletContext};

use super::bundle::{destination_bundle, origin_bundle, origin_burn_bundle, Route, RouteSide, Trade};
use super::identifiers::{intent_address, IntentIds};
use super::pricing::{round6, Gas, Impact, Pricing, WalletTrade};
use crate::config::{CctpRoute, ChainConfig, ServiceConfig};
use crate::failure::{self, Failure};

sol! {
    /// The origin token's approval of the router.
    function approve(address spender, uint256 amount);
    /// The router's bridge (or same-chain swap) to the destination.
    function bridge(address token, uint256 amount, uint256 destinationChainId, address destinationToken, address recipient);
    /// An ERC-20 transfer to the recipient on the destination chain.
    function transfer(address to, uint256 amount);
    /// The meta-transaction contract's entry: runs the bundle whose wire form hashes to `callsHash`.
    function execute(bytes32 callsHash);
}

/// Gas limit of the origin token's approval.
const APPROVE_GAS: u64 = 65_000;
/// Gas limit of a native transfer.
const NATIVE_TRANSFER_GAS: u64 = 21_000;
/// Gas limit of an ERC-20 transfer.
const TOKEN_TRANSFER_GAS: u64 = 60_000;
/// What a wallet does when a call fails: revert the bundle.
const REVERT_ON_ERROR: u8 = 1;

/// What a quote is assembled from besides its numbers.
pub struct Inputs<'a> {
    /// The configuration (service version, fee collector).
    pub config: &'a ServiceConfig,
    /// The request, copied into the intent unchanged.
    pub request: &'a QuoteRequest,
    /// The origin chain.
    pub origin: &'a ChainConfig,
    /// The destination chain.
    pub destination: &'a ChainConfig,
    /// The project the intent belongs to.
    pub project_id: u64,
    /// The salt of the intent addresses.
    pub salt: B256,
    /// When the quote is made.
    pub now: Timestamp,
    /// When it expires.
    pub expires_at: Timestamp,
    /// The CCTP V2 route, when the service executes this cross-chain intent.
    pub route: Option<&'a CctpRoute<'a>>,
}

/// `x` as a wire decimal.
///
/// # Errors
///
/// `NUMBER_OUT_OF_RANGE` for a value that is not finite.
fn decimal(x: f64) -> Result<Decimal, Failure> {
    Ok(Decimal::try_from(x)?)
}

fn call(to: Address, value: U256, data: Option<Vec<u8>>, gas_limit: u64) -> Call {
    Call {
        behavior_on_error: Some(REVERT_ON_ERROR),
        data: data.map(Bytes::from),
        delegate_call: None,
        gas_limit: Some(U256::from(gas_limit)),
        only_fallback: None,
        to,
        value: Some(value),
        unknown: UnknownMembers::new(),
    }
}

fn bundle(chain_id: u64, calls: Vec<Call>) -> CallBundle {
    CallBundle { calls, chain_id, nonce: Some(U256::ZERO), space: Some(U256::ZERO), unknown: UnknownMembers::new() }
}

/// The meta-transaction that runs `calls` from `wallet` on `chain`.
fn meta_txn(id: String, chain: &ChainConfig, wallet: Address, calls: &CallBundle) -> MetaTxn {
    let calls_hash = keccak256(intent_core::to_string(calls).as_bytes());
    MetaTxn {
        bridge_gas: None,
        chain_id: chain.chain_id,
        contract: chain.meta_txn_contract,
        id,
        input: executeCall { callsHash: calls_hash }.abi_encode().into(),
        wallet_address: wallet,
        unknown: UnknownMembers::new(),
    }
}

/// That `wallet` holds at least `min` of `token` on `chain_id`.
fn precondition(chain_id: u64, wallet: Address, token: Address, min: U256) -> Precondition {
    let kind = if token == Address::ZERO { "native-min-balance" } else { "erc20-min-balance" };
    Precondition {
        chain_id,
        min_amount: min,
        owner_address: wallet,
        token_address: token,
        kind: kind.to_owned(),
        unknown: UnknownMembers::new(),
    }
}

fn gas_detail(chain: &ChainConfig, gas: &Gas, meta_txn_id: String) -> GasDetail {
    GasDetail {
        chain_gas_usage_status: ChainGasUsageStatus::Normal,
        chain_id: chain.chain_id,
        gas_price: gas.price,
        meta_txn_fee_details: MetaTxnFeeDetails {
            estimated_gas_limit: U256::from(gas.limit),
            fee_native: gas.fee_native,
            meta_txn_id,
            unknown: UnknownMembers::new(),
        },
        meta_txn_gas_quote: hex::encode_prefixed(gas.price.to_be_bytes::<32>()),
        native_token_price_usd: Some(chain.native_token_price_usd),
        native_token_symbol: chain.native_token_symbol.clone(),
        total_fee_amount: gas.fee_native,
        total_fee_usd: TextOrDecimal::Text(format!("{:.6}", gas.fee_usd)),
        total_gas_limit: U256::from(gas.limit),
        unknown: UnknownMembers::new(),
    }
}

fn impact(impact: Impact) -> Result<PriceImpact, Failure> {
    Ok(PriceImpact {
        price_impact: decimal(impact.fraction)?,
        price_impact_usd: decimal(impact.usd)?,
        unknown: UnknownMembers::new(),
    })
}

/// The origin chain's calls: the approval of the router (for an ERC-20), then the bridge.
fn origin_calls(inputs: &Inputs<'_>, pricing: &Pricing, router: Address, recipient: Address) -> CallBundle {
    let from = &pricing.from;
    let mut calls = Vec::new();
    if from.address != Address::ZERO {
        let approve = approveCall { spender: router, amount: pricing.from_amount };
        calls.push(call(from.address, U256::ZERO, Some(approve.abi_encode()), APPROVE_GAS));
    }
    let bridge = bridgeCall {
        token: from.address,
        amount: pricing.from_amount,
        destinationChainId: U256::from(inputs.request.destination_chain_id),
        destinationToken: pricing.to.address,
        recipient,
    };
    let value = if from.address == Address::ZERO { pricing.from_amount } else { U256::ZERO };
    calls.push(call(router, value, Some(bridge.abi_encode()), inputs.origin.gas_limit.saturating_sub(APPROVE_GAS)));
    bundle(inputs.request.origin_chain_id, calls)
}

/// The destination chain's calls: the least amount received to the recipient, then the
/// request's destination call, if any.
fn destination_calls(inputs: &Inputs<'_>, pricing: &Pricing, recipient: Address) -> CallBundle {
    let to = &pricing.to;
    let transfer = if to.address == Address::ZERO {
        call(recipient, pricing.to_amount_min, None, NATIVE_TRANSFER_GAS)
    } else {
        let transfer = transferCall { to: recipient, amount: pricing.to_amount_min };
        call(to.address, U256::ZERO, Some(transfer.abi_encode()), TOKEN_TRANSFER_GAS)
    };
    let mut calls = vec![transfer];
    if let Some(data) = &inputs.request.destination_call_data {
        calls.push(call(
            recipient,
            inputs.request.destination_call_value.unwrap_or_default(),
            Some(data.to_vec()),
            inputs.destination.gas_limit,
        ));
    }
    bundle(inputs.request.destination_chain_id, calls)
}

fn fees(pricing: &Pricing, origin_gas: GasDetail, destination_gas: Option<GasDetail>) -> Result<Fees, Failure> {
    let both = pricing.service_fee + pricing.provider_fee;
    let fees_usd = decimal(pricing.fees_usd)?;
    let service_fee_usd = decimal(pricing.service_fee_usd)?;
    let provider_fee_usd = decimal(pricing.provider_fee_usd)?;
    Ok(Fees {
        collector_fee_total: U256::ZERO,
        collector_fee_usd: Decimal::ZERO,
        destination_gas,
        fee_token_address: pricing.from.address,
        fee_token_amount: both,
        fee_token_total: both,
        fee_token_usd: fees_usd,
        gas_fee_total: pricing.native_cost,
        gas_fee_usd: decimal(round6(pricing.gas_usd))?,
        origin_gas,
        provider: ProviderFees {
            provider_with_service_fee_usd: fees_usd,
            quote_provider: pricing.route_provider.name().to_owned(),
            quote_provider_fee: pricing.provider_fee,
            quote_provider_fee_usd: provider_fee_usd,
            quote_provider_with_service_fee: both,
            service_fee: pricing.service_fee,
            service_fee_usd,
            total_fee_amount: both,
            total_fee_usd: fees_usd,
            unknown: UnknownMembers::new(),
        },
        provider_fee_total: pricing.provider_fee,
        provider_fee_usd,
        service_fee_total: pricing.service_fee,
        service_fee_usd,
        total_fee_amount: both,
        total_fee_usd: decimal(round6(pricing.fees_usd + pricing.gas_usd))?,
        unknown: UnknownMembers::new(),
    })
}

/// How long an intent between `origin` and `destination` is expected to take from its
/// deposit, in whole seconds rounded up: the deposit's confirmations and the origin
/// transaction's block on the origin chain, and the destination transaction's block on
/// another destination chain, at each chain's `blockTimeMillis`. `None` when a chain
/// concerned has no block time configured.
pub fn estimated_duration(
    policy: &intent_core::Policy,
    origin: &ChainConfig,
    destination: &ChainConfig,
) -> Option<u64> {
    let confirmations = origin.deposit_confirmations.unwrap_or(policy.deposit_confirmations).max(1);
    let mut millis = origin.block_time_millis?.checked_mul(confirmations.checked_add(1)?)?;
    if destination.chain_id != origin.chain_id {
        millis = millis.checked_add(destination.block_time_millis?)?;
    }
    Some(millis.div_ceil(1_000))
}

/// How long an intent over the CCTP V2 `route` is expected to take from its deposit, in
/// whole seconds rounded up: on the origin chain the deposit's confirmations, the origin
/// transaction's block and the further blocks the attester waits for (its `confirmations`
/// count that block); on the destination chain the mint's block and the destination
/// transaction's. `None` when either chain has no block time configured.
pub fn route_duration(policy: &intent_core::Policy, route: &CctpRoute<'_>) -> Option<u64> {
    let origin = route.origin;
    let deposit = origin.deposit_confirmations.unwrap_or(policy.deposit_confirmations).max(1);
    let origin_blocks = deposit.checked_add(route.origin_cctp.confirmations())?;
    let millis = origin
        .block_time_millis?
        .checked_mul(origin_blocks)?
        .checked_add(route.destination.block_time_millis?.checked_mul(2)?)?;
    Some(millis.div_ceil(1_000))
}

fn quote(inputs: &Inputs<'_>, pricing: &Pricing, ids: &IntentIds) -> Result<Quote, Failure> {
    let zero = Impact { fraction: 0.0, usd: 0.0 };
    let execution = pricing.pool_impact.unwrap_or(zero);
    let headline = pricing.pool_impact.unwrap_or(pricing.net_impact);
    Ok(Quote {
        estimated_duration: match inputs.route {
            Some(route) => route_duration(&inputs.config.policy(), route),
            None => estimated_duration(&inputs.config.policy(), inputs.origin, inputs.destination),
        },
        from_amount: pricing.from_amount,
        from_amount_min: pricing.from_amount_min,
        from_amount_min_usd: decimal(pricing.from_min_usd)?,
        from_amount_usd: decimal(pricing.from_usd)?,
        max_slippage: decimal(pricing.slippage)?,
        price_impact: decimal(headline.fraction)?,
        price_impact_details: PriceImpactDetails {
            execution_price_impact: impact(execution)?,
            market_price_impact: impact(zero)?,
            net_price_impact: impact(pricing.net_impact)?,
            provider_fees_price_impact: impact(pricing.provider_impact)?,
            service_fees_price_impact: impact(pricing.service_impact)?,
            unknown: UnknownMembers::new(),
        },
        price_impact_usd: decimal(headline.usd)?,
        route_providers: vec![pricing.route_provider.clone()],
        route_providers_fee_usd: vec![decimal(pricing.provider_fee_usd)?],
        route_providers_request_ids: vec![ids.route_request_id()],
        to_amount: pricing.to_amount,
        to_amount_min: pricing.to_amount_min,
        to_amount_min_usd: decimal(pricing.to_min_usd)?,
        to_amount_usd: decimal(pricing.to_usd)?,
        unknown: UnknownMembers::new(),
    })
}

fn gas_fee_options(inputs: &Inputs<'_>, pricing: &Pricing) -> Result<GasFeeOptions, Failure> {
    let fee_collector = inputs.config.fee_collector_address;
    let fee_options = pricing
        .fee_options
        .iter()
        .map(|option| {
            Ok(FeeOption {
                amount: option.amount,
                amount_usd: decimal(option.amount_usd)?,
                fee_collector_address: fee_collector,
                is_2612: option.token.is_2612,
                is_passthrough_eligible: None,
                token_address: option.token.address,
                token_decimals: option.token.decimals,
                token_symbol: option.token.symbol.clone(),
                unknown: UnknownMembers::new(),
            })
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    let total_gas = pricing.origin_gas.limit + pricing.destination_gas.as_ref().map_or(0, |gas| gas.limit);
    Ok(GasFeeOptions {
        expires_at: inputs.expires_at,
        fee_collector_address: fee_collector,
        fee_options,
        gas_estimate: GasEstimate {
            gas_price: pricing.origin_gas.price.to_string(),
            native_cost: pricing.native_cost.to_string(),
            native_cost_usd: decimal(round6(pricing.gas_usd))?,
            total_gas,
            unknown: UnknownMembers::new(),
        },
        unknown: UnknownMembers::new(),
    })
}

/// The origin of a same-chain intent run in its wallet under `context`: the intent
/// address, the bundle, and the meta-transaction that runs it through the guest module.
///
/// # Errors
///
/// `INTERNAL` for a bundle the core's wallet cannot encode (a bug here, not the user's).
fn in_wallet_origin(
    inputs: &Inputs<'_>,
    pricing: &Pricing,
    context: &WalletContext,
    wallet: WalletTrade,
    meta_txn_id: String,
) -> Result<(Address, CallBundle, MetaTxn), Failure> {
    let request = inputs.request;
    let chain = inputs.origin;
    let owner = request.owner_address;
    let window = inputs.config.policy().execution_window_seconds;
    let deadline = inputs.expires_at.unix_seconds().saturating_add(i64::try_from(window).unwrap_or(i64::MAX));
    let service_router = chain.router_address.address().ok_or_else(|| failure::internal(&"no routerAddress"))?;
    let trade = Trade {
        chain_id: chain.chain_id,
        owner,
        recipient: request.destination_to_address.unwrap_or(owner),
        approve_to: super::served::approve_address(request)?.unwrap_or(request.destination_to_address.unwrap_or(owner)),
        from_token: pricing.from.address,
        to_token: pricing.to.address,
        wallet,
        to_amount: pricing.to_amount,
        to_amount_min: pricing.to_amount_min,
        service_fee: pricing.service_fee,
        fee_collector: inputs.config.fee_collector_address,
        swap_router: chain.swap.as_ref().map(|swap| swap.uniswap_v2_router),
        service_router,
        deadline: U256::from(deadline.max(0)),
        destination_call: request
            .destination_call_data
            .clone()
            .map(|data| (data, request.destination_call_value.unwrap_or_default())),
    };
    let bundle = origin_bundle(&trade);
    let configuration =
        IntentConfiguration::new(owner, std::slice::from_ref(&bundle)).map_err(|e| failure::internal(&e))?;
    let address = configuration.address(context);
    let input = configuration
        .guest_batch(context, 0, &bundle)
        .ok_or_else(|| failure::internal(&"the guest batch of the origin bundle"))?;
    let meta_txn = MetaTxn {
        bridge_gas: None,
        chain_id: chain.chain_id,
        contract: context.guest_module.unwrap_or(chain.meta_txn_contract),
        id: meta_txn_id,
        input,
        wallet_address: address,
        unknown: UnknownMembers::new(),
    };
    Ok((address, bundle, meta_txn))
}

/// Both sides of an intent over the CCTP V2 `route` (docs/spec.md §12, "Cross-chain
/// quotes"): the destination bundle first (its wallet is the burn's mint recipient), its
/// address, guest batch and precondition (the least USDC minted there); then the origin
/// bundle burning to it, its address and guest batch.
///
/// # Errors
///
/// `INTERNAL` for a bundle the core's wallet cannot encode or a chain without
/// `routerAddress` (a bug or a configuration the route does not serve, not the user's).
fn route_sides(
    inputs: &Inputs<'_>,
    pricing: &Pricing,
    route: &CctpRoute<'_>,
    ids: &IntentIds,
) -> Result<(Sides, Sides, Precondition), Failure> {
    let request = inputs.request;
    let owner = request.owner_address;
    let trade = pricing.cross.ok_or_else(|| failure::internal(&"a route priced without its amounts"))?;
    let window = inputs.config.policy().execution_window_seconds;
    let deadline = inputs.expires_at.unix_seconds().saturating_add(i64::try_from(window).unwrap_or(i64::MAX));
    let side = |chain: &ChainConfig, token: Address, usdc: Address| -> Result<RouteSide, Failure> {
        Ok(RouteSide {
            chain_id: chain.chain_id,
            token,
            usdc,
            swap_router: chain.swap.as_ref().map(|swap| swap.uniswap_v2_router),
            service_router: chain.router_address.address().ok_or_else(|| failure::internal(&"no routerAddress"))?,
        })
    };
    let recipient = request.destination_to_address.unwrap_or(owner);
    let plan = Route {
        owner,
        recipient,
        approve_to: super::served::approve_address(request)?.unwrap_or(recipient),
        destination_call: request
            .destination_call_data
            .clone()
            .map(|data| (data, request.destination_call_value.unwrap_or_default())),
        trade,
        deadline: U256::from(deadline.max(0)),
        origin: side(route.origin, pricing.from.address, route.origin_cctp.usdc)?,
        destination: side(route.destination, pricing.to.address, route.destination_cctp.usdc)?,
        service_fee: (pricing.service_fee, inputs.config.fee_collector_address),
        burn: (route.origin_cctp.token_messenger, route.destination_cctp.domain),
        // The salt's low 160 bits (the widest space of a v3 payload).
        destination_space: U256::from_be_slice(&inputs.salt[12..]),
    };
    let context = &route.context;
    let wallet = |bundle: CallBundle, chain: &ChainConfig, id: String| -> Result<Sides, Failure> {
        let configuration =
            IntentConfiguration::new(owner, std::slice::from_ref(&bundle)).map_err(|e| failure::internal(&e))?;
        let address = configuration.address(context);
        let input = configuration
            .guest_batch(context, 0, &bundle)
            .ok_or_else(|| failure::internal(&"a bundle's guest batch"))?;
        let meta_txn = MetaTxn {
            bridge_gas: None,
            chain_id: chain.chain_id,
            contract: context.guest_module.unwrap_or(chain.meta_txn_contract),
            id,
            input,
            wallet_address: address,
            unknown: UnknownMembers::new(),
        };
        Ok((address, bundle, meta_txn))
    };
    let destination = wallet(destination_bundle(&plan), route.destination, ids.meta_txn_id("destination"))?;
    let precondition =
        precondition(route.destination.chain_id, destination.0, route.destination_cctp.usdc, trade.arrival_min);
    let origin = wallet(origin_burn_bundle(&plan, destination.0), route.origin, ids.meta_txn_id("origin"))?;
    Ok((origin, destination, precondition))
}

/// One side's wallet address, bundle and meta-transaction.
type Sides = (Address, CallBundle, MetaTxn);

/// The deposit of `pricing.fromAmount` to the origin intent address `to_address`, ready to
/// send as it is (docs/spec.md §12): an ERC-20 `transfer(toAddress, amount)` to the token
/// with no value, or the native value sent to the intent address with no data.
fn deposit(chain_id: u64, pricing: &Pricing, to_address: Address) -> DepositTransaction {
    let token = pricing.from.address;
    let amount = pricing.from_amount;
    let (to, data, value) = if token == Address::ZERO {
        (to_address, Bytes::new(), amount)
    } else {
        (token, Bytes::from(transferCall { to: to_address, amount }.abi_encode()), U256::ZERO)
    };
    DepositTransaction {
        amount,
        chain_id: Some(chain_id),
        data: Some(data),
        decimals: Some(pricing.from.decimals),
        to: Some(to),
        to_address,
        token_address: token,
        value: Some(value),
        unknown: UnknownMembers::new(),
    }
}

/// The quote response of `pricing` for `inputs`.
///
/// # Errors
///
/// `NUMBER_OUT_OF_RANGE` for a USD figure that is not finite.
pub fn assemble(inputs: &Inputs<'_>, pricing: &Pricing) -> Result<QuoteResponse, Failure> {
    let request = inputs.request;
    let owner = request.owner_address;
    let recipient = request.destination_to_address.unwrap_or(owner);
    let ids = IntentIds::new(owner, inputs.salt);
    let origin_meta_txn_id = ids.meta_txn_id("origin");
    let in_wallet = inputs.origin.wallet_context().zip(pricing.wallet);
    let route = match inputs.route {
        Some(route) => Some(route_sides(inputs, pricing, route, &ids)?),
        None => None,
    };
    let (origin_address, origin_calls, origin_meta_txn) = match (&route, &in_wallet) {
        (Some((origin, _, _)), _) => origin.clone(),
        (None, Some((context, trade))) => {
            in_wallet_origin(inputs, pricing, context, *trade, origin_meta_txn_id.clone())?
        }
        (None, None) => {
            let origin_address = intent_address(inputs.origin, owner, inputs.salt);
            let router = inputs.origin.router_address.address().unwrap_or(inputs.origin.meta_txn_contract);
            let calls = origin_calls(inputs, pricing, router, recipient);
            let meta_txn = meta_txn(origin_meta_txn_id.clone(), inputs.origin, origin_address, &calls);
            (origin_address, calls, meta_txn)
        }
    };
    let origin_gas = gas_detail(inputs.origin, &pricing.origin_gas, origin_meta_txn_id);

    // A same-chain intent's destination is its origin wallet.
    let mut destination_address = in_wallet.as_ref().map(|_| origin_address);
    let mut destination_calls_bundle = None;
    let mut destination_precondition = None;
    let mut destination_meta_txn = None;
    let mut destination_gas = None;
    if let (Some((_, (wallet, calls, meta_txn), route_precondition)), Some(gas)) = (&route, &pricing.destination_gas) {
        destination_gas = Some(gas_detail(inputs.destination, gas, meta_txn.id.clone()));
        destination_meta_txn = Some(meta_txn.clone());
        destination_precondition = Some(route_precondition.clone());
        destination_calls_bundle = Some(calls.clone());
        destination_address = Some(*wallet);
    } else if let Some(gas) = &pricing.destination_gas {
        let wallet = intent_address(inputs.destination, owner, inputs.salt);
        let calls = destination_calls(inputs, pricing, recipient);
        let id = ids.meta_txn_id("destination");
        destination_meta_txn = Some(meta_txn(id.clone(), inputs.destination, wallet, &calls));
        destination_gas = Some(gas_detail(inputs.destination, gas, id));
        destination_precondition =
            Some(precondition(request.destination_chain_id, wallet, pricing.to.address, pricing.to_amount_min));
        destination_calls_bundle = Some(calls);
        destination_address = Some(wallet);
    }

    let intent = Intent {
        created_at: Some(inputs.now),
        deposit_transaction: deposit(request.origin_chain_id, pricing, origin_address),
        destination_calls: destination_calls_bundle,
        destination_chain_id: request.destination_chain_id,
        destination_intent_address: destination_address,
        destination_meta_txn,
        destination_precondition,
        destination_token_address: Some(request.destination_token_address),
        expires_at: inputs.expires_at,
        fees: fees(pricing, origin_gas, destination_gas)?,
        id: ids.id,
        intent_id: ids.intent_id.clone(),
        is_testnet: Some(inputs.origin.is_testnet() || inputs.destination.is_testnet()),
        origin_calls,
        origin_chain_id: request.origin_chain_id,
        origin_intent_address: origin_address,
        origin_meta_txn,
        origin_precondition: precondition(
            request.origin_chain_id,
            origin_address,
            pricing.from.address,
            pricing.from_amount,
        ),
        origin_token_address: Some(request.origin_token_address),
        owner_address: owner,
        passthrough: None,
        project_id: inputs.project_id,
        quote: quote(inputs, pricing, &ids)?,
        quote_request: request.clone(),
        salt: U256::from_be_bytes(inputs.salt.0),
        service_contracts: ServiceContracts {
            service_intent_entrypoint_address: inputs.origin.entrypoint.address,
            service_router_address: inputs.origin.router_address,
            service_router_shim_address: inputs.origin.router_shim_address,
            // The repository has no utils contract: the wallet's sweeps go through the router.
            service_utils_address: Some(intent_core::AddressOrEmpty::Empty),
            unknown: UnknownMembers::new(),
        },
        service_version: inputs.config.service_version.clone(),
        status: IntentStatus::Quoted,
        timed_refund_unlock_timestamp: None,
        updated_at: None,
        unknown: UnknownMembers::new(),
    };
    Ok(QuoteResponse { gas_fee_options: gas_fee_options(inputs, pricing)?, intent, unknown: UnknownMembers::new() })
}
