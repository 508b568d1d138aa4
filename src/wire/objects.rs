//! The objects of docs/spec.md §2 with their exact wire names. Each is read with its values
//! validated (an `Address` field never holds a bad address, a `U256` never a rounded
//! number) and written in the wire or canonical form.
//!
//! Fields are listed in ascending order of their wire keys, the order of the canonical
//! form.

use alloc::string::String;
use alloc::vec::Vec;

use alloy_primitives::{Address, Bytes, B256, U256};

use super::enums::{ChainGasUsageStatus, IntentStatus, RouteProvider, TradeType};
use crate::wire_object;
use crate::{AddressOrEmpty, Decimal, TextOrDecimal, Timestamp};

wire_object! {
    /// The body of QuoteIntent: what to move or swap, from where to where; also `intent.quoteRequest`.
    pub struct QuoteRequest {
        /// `destinationCallData`: Calldata for a contract call on the destination chain.
        destination_call_data: Option<Bytes> = "destinationCallData",
        /// `destinationCallValue`: Value sent with the destination call.
        destination_call_value: Option<U256> = "destinationCallValue",
        /// `destinationChainId`: The target chain.
        destination_chain_id: u64 = "destinationChainId",
        /// `destinationToAddress`: The recipient on the destination chain; absent means the owner.
        destination_to_address: Option<Address> = "destinationToAddress",
        /// `destinationTokenAddress`: The destination token.
        destination_token_address: Address = "destinationTokenAddress",
        /// `destinationTokenAmount`: The amount to receive, in the destination token's smallest unit (EXACT_OUTPUT).
        destination_token_amount: Option<U256> = "destinationTokenAmount",
        /// `onlyNativeGasFee`: Pay fees in the native gas token only.
        only_native_gas_fee: Option<bool> = "onlyNativeGasFee",
        /// `options`: Provider preferences, slippage and wallet overrides.
        options: Option<QuoteOptions> = "options",
        /// `originChainId`: The source chain.
        origin_chain_id: u64 = "originChainId",
        /// `originTokenAddress`: The source token (the zero address for the native token).
        origin_token_address: Address = "originTokenAddress",
        /// `originTokenAmount`: The amount to send, in the source token's smallest unit (EXACT_INPUT).
        origin_token_amount: Option<U256> = "originTokenAmount",
        /// `ownerAddress`: The wallet that starts the transaction.
        owner_address: Address = "ownerAddress",
        /// `tradeType`: Which of the two amounts is fixed.
        trade_type: Option<TradeType> = "tradeType",
    }
}

wire_object! {
    /// Optional preferences of a quote request.
    pub struct QuoteOptions {
        /// `bridgeProvider`: Preferred bridge provider.
        bridge_provider: Option<RouteProvider> = "bridgeProvider",
        /// `serviceAddressOverrides`: Custom wallet contract addresses.
        service_address_overrides: Option<AddressOverrides> = "serviceAddressOverrides",
        /// `slippageTolerance`: Maximum slippage as a fraction of 1 (0.005 is 0.5 %).
        slippage_tolerance: Option<Decimal> = "slippageTolerance",
        /// `swapProvider`: Preferred swap provider (same-chain swaps only).
        swap_provider: Option<RouteProvider> = "swapProvider",
    }
}

wire_object! {
    /// Custom wallet contract addresses of a quote request.
    pub struct AddressOverrides {
        /// `serviceWalletFactoryAddress`: Wallet factory.
        service_wallet_factory_address: Option<Address> = "serviceWalletFactoryAddress",
        /// `serviceWalletGuestModuleAddress`: Wallet guest module.
        service_wallet_guest_module_address: Option<Address> = "serviceWalletGuestModuleAddress",
        /// `serviceWalletMainModuleAddress`: Wallet main module.
        service_wallet_main_module_address: Option<Address> = "serviceWalletMainModuleAddress",
        /// `serviceWalletMainModuleUpgradableAddress`: Upgradable wallet main module.
        service_wallet_main_module_upgradable_address: Option<Address> = "serviceWalletMainModuleUpgradableAddress",
        /// `serviceWalletUtilsAddress`: Wallet utilities.
        service_wallet_utils_address: Option<Address> = "serviceWalletUtilsAddress",
    }
}

wire_object! {
    /// A quoted intent: returned by QuoteIntent, sent back unmodified in CommitIntent. Its canonical hash identifies it.
    pub struct Intent {
        /// `createdAt`: When the intent was created.
        created_at: Option<Timestamp> = "createdAt",
        /// `depositTransaction`: The deposit the owner makes.
        deposit_transaction: DepositTransaction = "depositTransaction",
        /// `destinationCalls`: Calls run on the destination chain.
        destination_calls: Option<CallBundle> = "destinationCalls",
        /// `destinationChainId`: The destination chain; equals `quoteRequest.destinationChainId`.
        destination_chain_id: u64 = "destinationChainId",
        /// `destinationIntentAddress`: The intent address on the destination chain.
        destination_intent_address: Option<Address> = "destinationIntentAddress",
        /// `destinationMetaTxn`: The meta-transaction on the destination chain.
        destination_meta_txn: Option<MetaTxn> = "destinationMetaTxn",
        /// `destinationPrecondition`: What must hold on the destination chain.
        destination_precondition: Option<Precondition> = "destinationPrecondition",
        /// `destinationTokenAddress`: The token received (the quote request's; published since 2026).
        destination_token_address: Option<Address> = "destinationTokenAddress",
        /// `expiresAt`: When the quote expires.
        expires_at: Timestamp = "expiresAt",
        /// `fees`: Fees on both chains.
        fees: Fees = "fees",
        /// `id`: The server's numeric id.
        id: u64 = "id",
        /// `intentId`: The intent's identifier.
        intent_id: String = "intentId",
        /// `isTestnet`: Whether its chains are test networks.
        is_testnet: Option<bool> = "isTestnet",
        /// `originCalls`: Calls run on the origin chain.
        origin_calls: CallBundle = "originCalls",
        /// `originChainId`: The origin chain; equals `quoteRequest.originChainId`.
        origin_chain_id: u64 = "originChainId",
        /// `originIntentAddress`: The deposit address on the origin chain.
        origin_intent_address: Address = "originIntentAddress",
        /// `originMetaTxn`: The meta-transaction on the origin chain.
        origin_meta_txn: MetaTxn = "originMetaTxn",
        /// `originPrecondition`: What must hold on the origin chain before the calls run.
        origin_precondition: Precondition = "originPrecondition",
        /// `originTokenAddress`: The token deposited (the quote request's; published since 2026).
        origin_token_address: Option<Address> = "originTokenAddress",
        /// `ownerAddress`: The owner; equals `quoteRequest.ownerAddress`.
        owner_address: Address = "ownerAddress",
        /// `passthrough`: Whether the deposit passes through without a swap or a bridge.
        passthrough: Option<bool> = "passthrough",
        /// `projectId`: The project the intent belongs to.
        project_id: u64 = "projectId",
        /// `quote`: Prices and amounts.
        quote: Quote = "quote",
        /// `quoteRequest`: The request this intent answers.
        quote_request: QuoteRequest = "quoteRequest",
        /// `salt`: The salt of the intent address.
        salt: U256 = "salt",
        /// `serviceContracts`: The entrypoint and router contracts.
        service_contracts: ServiceContracts = "serviceContracts",
        /// `serviceVersion`: The service's version.
        service_version: String = "serviceVersion",
        /// `status`: The status when the object was produced.
        status: IntentStatus = "status",
        /// `timedRefundUnlockTimestamp`: When a timed refund unlocks, in Unix seconds.
        timed_refund_unlock_timestamp: Option<u64> = "timedRefundUnlockTimestamp",
        /// `updatedAt`: When the intent was last updated.
        updated_at: Option<Timestamp> = "updatedAt",
    }
}

wire_object! {
    /// The deposit: `amount` of `tokenAddress` sent to `toAddress` (the origin intent address).
    pub struct DepositTransaction {
        /// `amount`: The amount in the token's smallest unit.
        amount: U256 = "amount",
        /// `chainId`: The chain the deposit is made on (the origin chain).
        chain_id: Option<u64> = "chainId",
        /// `data`: The deposit transaction's calldata.
        data: Option<Bytes> = "data",
        /// `decimals`: The token's decimals (the newest published schema leaves them out).
        decimals: Option<u8> = "decimals",
        /// `to`: The contract the deposit transaction calls (the token, or the recipient of a native deposit).
        to: Option<Address> = "to",
        /// `toAddress`: Where the deposit goes.
        to_address: Address = "toAddress",
        /// `tokenAddress`: The deposited token (the zero address for the native token).
        token_address: Address = "tokenAddress",
        /// `value`: The native value the deposit transaction sends.
        value: Option<U256> = "value",
    }
}

wire_object! {
    /// Calls run by an intent wallet on one chain.
    pub struct CallBundle {
        /// `calls`: The calls, in order.
        calls: Vec<Call> = "calls",
        /// `chainId`: The chain the calls run on.
        chain_id: u64 = "chainId",
        /// `nonce`: The nonce.
        nonce: Option<U256> = "nonce",
        /// `space`: The nonce space.
        space: Option<U256> = "space",
    }
}

wire_object! {
    /// One call of a bundle.
    pub struct Call array_limit = max_calls {
        /// `behaviorOnError`: What the wallet does when the call fails.
        behavior_on_error: Option<u8> = "behaviorOnError",
        /// `data`: Calldata.
        data: Option<Bytes> = "data",
        /// `delegateCall`: Whether it is a delegate call.
        delegate_call: Option<bool> = "delegateCall",
        /// `gasLimit`: Gas limit.
        gas_limit: Option<U256> = "gasLimit",
        /// `onlyFallback`: Whether it runs only as a fallback.
        only_fallback: Option<bool> = "onlyFallback",
        /// `to`: The called contract.
        to: Address = "to",
        /// `value`: Native value sent.
        value: Option<U256> = "value",
    }
}

wire_object! {
    /// What must hold on a chain before an intent's calls run there.
    pub struct Precondition {
        /// `chainId`: The chain it concerns.
        chain_id: u64 = "chainId",
        /// `minAmount`: The minimum amount.
        min_amount: U256 = "minAmount",
        /// `ownerAddress`: Whose balance it concerns.
        owner_address: Address = "ownerAddress",
        /// `tokenAddress`: Which token.
        token_address: Address = "tokenAddress",
        /// `type`: The precondition's type (a plain string; its values are not specified).
        kind: String = "type",
    }
}

wire_object! {
    /// A meta-transaction relayed on one chain.
    pub struct MetaTxn {
        /// `bridgeGas`: The gas its bridge step needs.
        bridge_gas: Option<U256> = "bridgeGas",
        /// `chainId`: The chain it is relayed on.
        chain_id: u64 = "chainId",
        /// `contract`: The contract called.
        contract: Address = "contract",
        /// `id`: Its identifier.
        id: String = "id",
        /// `input`: The calldata.
        input: Bytes = "input",
        /// `walletAddress`: The wallet that runs it.
        wallet_address: Address = "walletAddress",
    }
}

wire_object! {
    /// The service's contracts an intent uses. Each is required but may be `""`
    /// ([`AddressOrEmpty::Empty`]): intents of the permit-only generation carry `""` for
    /// contracts they no longer use.
    pub struct ServiceContracts {
        /// `serviceIntentEntrypointAddress`: The entrypoint (the EIP-712 verifying contract of deposit signatures); empty when the intent has none, and then entrypoint mode is `ENTRYPOINT_MISSING`.
        service_intent_entrypoint_address: AddressOrEmpty = "serviceIntentEntrypointAddress",
        /// `serviceRouterAddress`: The router.
        service_router_address: AddressOrEmpty = "serviceRouterAddress",
        /// `serviceRouterShimAddress`: The router shim.
        service_router_shim_address: AddressOrEmpty = "serviceRouterShimAddress",
        /// `serviceUtilsAddress`: The utils contract (published since 2026; `""`: none).
        service_utils_address: Option<AddressOrEmpty> = "serviceUtilsAddress",
    }
}

wire_object! {
    /// Prices and amounts of an intent.
    pub struct Quote {
        /// `estimatedDuration`: How long the intent is expected to take from its deposit, in
        /// seconds (published since 2026; absent: not estimated).
        estimated_duration: Option<u64> = "estimatedDuration",
        /// `fromAmount`: The amount sent.
        from_amount: U256 = "fromAmount",
        /// `fromAmountMin`: The least amount sent.
        from_amount_min: U256 = "fromAmountMin",
        /// `fromAmountMinUsd`: The least amount sent, in USD.
        from_amount_min_usd: Decimal = "fromAmountMinUsd",
        /// `fromAmountUsd`: The amount sent, in USD.
        from_amount_usd: Decimal = "fromAmountUsd",
        /// `maxSlippage`: The slippage allowed.
        max_slippage: Decimal = "maxSlippage",
        /// `priceImpact`: The price impact.
        price_impact: Decimal = "priceImpact",
        /// `priceImpactDetails`: The price impact by cause.
        price_impact_details: PriceImpactDetails = "priceImpactDetails",
        /// `priceImpactUsd`: The price impact in USD.
        price_impact_usd: Decimal = "priceImpactUsd",
        /// `routeProviders`: The providers of the route, in order.
        route_providers: Vec<RouteProvider> = "routeProviders",
        /// `routeProvidersFeeUsd`: Each provider's fee in USD.
        route_providers_fee_usd: Vec<Decimal> = "routeProvidersFeeUsd",
        /// `routeProvidersRequestIds`: Each provider's request id.
        route_providers_request_ids: Vec<String> = "routeProvidersRequestIds",
        /// `toAmount`: The amount received.
        to_amount: U256 = "toAmount",
        /// `toAmountMin`: The least amount received.
        to_amount_min: U256 = "toAmountMin",
        /// `toAmountMinUsd`: The least amount received, in USD.
        to_amount_min_usd: Decimal = "toAmountMinUsd",
        /// `toAmountUsd`: The amount received, in USD.
        to_amount_usd: Decimal = "toAmountUsd",
    }
}

wire_object! {
    /// The price impact of a quote by cause.
    pub struct PriceImpactDetails {
        /// `executionPriceImpact`: From execution.
        execution_price_impact: PriceImpact = "executionPriceImpact",
        /// `marketPriceImpact`: From the market.
        market_price_impact: PriceImpact = "marketPriceImpact",
        /// `netPriceImpact`: In all.
        net_price_impact: PriceImpact = "netPriceImpact",
        /// `providerFeesPriceImpact`: From provider fees.
        provider_fees_price_impact: PriceImpact = "providerFeesPriceImpact",
        /// `serviceFeesPriceImpact`: From service fees.
        service_fees_price_impact: PriceImpact = "serviceFeesPriceImpact",
    }
}

wire_object! {
    /// One price impact, as a fraction and in USD.
    pub struct PriceImpact {
        /// `priceImpact`: As a fraction.
        price_impact: Decimal = "priceImpact",
        /// `priceImpactUsd`: In USD.
        price_impact_usd: Decimal = "priceImpactUsd",
    }
}

wire_object! {
    /// The fees of an intent on both chains.
    pub struct Fees {
        /// `collectorFeeTotal`: Collector fees in all.
        collector_fee_total: U256 = "collectorFeeTotal",
        /// `collectorFeeUsd`: Collector fees in USD.
        collector_fee_usd: Decimal = "collectorFeeUsd",
        /// `destinationGas`: Gas on the destination chain.
        destination_gas: Option<GasDetail> = "destinationGas",
        /// `feeTokenAddress`: The token fees are paid in.
        fee_token_address: Address = "feeTokenAddress",
        /// `feeTokenAmount`: The fee token amount.
        fee_token_amount: U256 = "feeTokenAmount",
        /// `feeTokenTotal`: The fee token total.
        fee_token_total: U256 = "feeTokenTotal",
        /// `feeTokenUsd`: The fee token amount in USD.
        fee_token_usd: Decimal = "feeTokenUsd",
        /// `gasFeeTotal`: Gas fees in all.
        gas_fee_total: U256 = "gasFeeTotal",
        /// `gasFeeUsd`: Gas fees in USD.
        gas_fee_usd: Decimal = "gasFeeUsd",
        /// `originGas`: Gas on the origin chain.
        origin_gas: GasDetail = "originGas",
        /// `provider`: Provider and service fees.
        provider: ProviderFees = "provider",
        /// `providerFeeTotal`: Provider fees in all.
        provider_fee_total: U256 = "providerFeeTotal",
        /// `providerFeeUsd`: Provider fees in USD.
        provider_fee_usd: Decimal = "providerFeeUsd",
        /// `serviceFeeTotal`: Service fees in all.
        service_fee_total: U256 = "serviceFeeTotal",
        /// `serviceFeeUsd`: Service fees in USD.
        service_fee_usd: Decimal = "serviceFeeUsd",
        /// `totalFeeAmount`: All fees.
        total_fee_amount: U256 = "totalFeeAmount",
        /// `totalFeeUsd`: All fees in USD.
        total_fee_usd: Decimal = "totalFeeUsd",
    }
}

wire_object! {
    /// Gas of an intent on one chain.
    pub struct GasDetail {
        /// `chainGasUsageStatus`: How busy the chain is.
        chain_gas_usage_status: ChainGasUsageStatus = "chainGasUsageStatus",
        /// `chainId`: The chain.
        chain_id: u64 = "chainId",
        /// `gasPrice`: The gas price.
        gas_price: U256 = "gasPrice",
        /// `metaTxnFeeDetails`: The meta-transaction's fee.
        meta_txn_fee_details: MetaTxnFeeDetails = "metaTxnFeeDetails",
        /// `metaTxnGasQuote`: The meta-transaction's gas quote.
        meta_txn_gas_quote: String = "metaTxnGasQuote",
        /// `nativeTokenPriceUsd`: The native token's price in USD.
        native_token_price_usd: Option<Decimal> = "nativeTokenPriceUsd",
        /// `nativeTokenSymbol`: The native token's symbol.
        native_token_symbol: String = "nativeTokenSymbol",
        /// `totalFeeAmount`: The fee in the native token's smallest unit.
        total_fee_amount: U256 = "totalFeeAmount",
        /// `totalFeeUsd`: The fee in USD, a string or a number as the service sent it.
        total_fee_usd: TextOrDecimal = "totalFeeUsd",
        /// `totalGasLimit`: The gas limit in all.
        total_gas_limit: U256 = "totalGasLimit",
    }
}

wire_object! {
    /// The fee of one meta-transaction.
    pub struct MetaTxnFeeDetails {
        /// `estimatedGasLimit`: Its estimated gas limit.
        estimated_gas_limit: U256 = "estimatedGasLimit",
        /// `feeNative`: Its fee in the native token.
        fee_native: U256 = "feeNative",
        /// `metaTxnId`: The meta-transaction.
        meta_txn_id: String = "metaTxnId",
    }
}

wire_object! {
    /// Provider and service fees of a quote.
    pub struct ProviderFees {
        /// `providerWithServiceFeeUsd`: Both fees in USD.
        provider_with_service_fee_usd: Decimal = "providerWithServiceFeeUsd",
        /// `quoteProvider`: The provider quoted.
        quote_provider: String = "quoteProvider",
        /// `quoteProviderFee`: The provider's fee.
        quote_provider_fee: U256 = "quoteProviderFee",
        /// `quoteProviderFeeUsd`: The provider's fee in USD.
        quote_provider_fee_usd: Decimal = "quoteProviderFeeUsd",
        /// `quoteProviderWithServiceFee`: Both fees.
        quote_provider_with_service_fee: U256 = "quoteProviderWithServiceFee",
        /// `serviceFee`: The service's fee.
        service_fee: U256 = "serviceFee",
        /// `serviceFeeUsd`: The service's fee in USD.
        service_fee_usd: Decimal = "serviceFeeUsd",
        /// `totalFeeAmount`: All fees.
        total_fee_amount: U256 = "totalFeeAmount",
        /// `totalFeeUsd`: All fees in USD.
        total_fee_usd: Decimal = "totalFeeUsd",
    }
}

wire_object! {
    /// The ways the gas fee can be paid, returned by QuoteIntent beside the intent.
    pub struct GasFeeOptions {
        /// `expiresAt`: When the options expire.
        expires_at: Timestamp = "expiresAt",
        /// `feeCollectorAddress`: Who collects the fee.
        fee_collector_address: Address = "feeCollectorAddress",
        /// `feeOptions`: The tokens the fee can be paid in.
        fee_options: Vec<FeeOption> = "feeOptions",
        /// `gasEstimate`: The gas estimate.
        gas_estimate: GasEstimate = "gasEstimate",
    }
}

wire_object! {
    /// A gas estimate.
    pub struct GasEstimate {
        /// `gasPrice`: The gas price (a string on the wire).
        gas_price: String = "gasPrice",
        /// `nativeCost`: The cost in the native token (a string on the wire).
        native_cost: String = "nativeCost",
        /// `nativeCostUsd`: The cost in USD.
        native_cost_usd: Decimal = "nativeCostUsd",
        /// `totalGas`: Gas in all.
        total_gas: u64 = "totalGas",
    }
}

wire_object! {
    /// One token the gas fee can be paid in.
    pub struct FeeOption {
        /// `amount`: The fee in the token's smallest unit.
        amount: U256 = "amount",
        /// `amountUsd`: The fee in USD.
        amount_usd: Decimal = "amountUsd",
        /// `feeCollectorAddress`: Who collects the fee.
        fee_collector_address: Address = "feeCollectorAddress",
        /// `is2612`: Whether the token supports ERC-2612 permits.
        is_2612: bool = "is2612",
        /// `isPassthroughEligible`: Whether paying with it allows a passthrough deposit.
        is_passthrough_eligible: Option<bool> = "isPassthroughEligible",
        /// `tokenAddress`: The token (the zero address for the native token).
        token_address: Address = "tokenAddress",
        /// `tokenDecimals`: Its decimals.
        token_decimals: u8 = "tokenDecimals",
        /// `tokenSymbol`: Its symbol.
        token_symbol: String = "tokenSymbol",
    }
}

wire_object! {
    /// The response of QuoteIntent.
    pub struct QuoteResponse {
        /// `gasFeeOptions`: How the gas fee can be paid.
        gas_fee_options: GasFeeOptions = "gasFeeOptions",
        /// `intent`: The quoted intent.
        intent: Intent = "intent",
    }
}

wire_object! {
    /// The body of CommitIntent.
    pub struct CommitRequest {
        /// `intent`: The intent exactly as quoted.
        intent: Intent = "intent",
        /// `serviceContracts`: The contracts the caller expects; when given they must be the intent's (the newest published schema leaves them out).
        service_contracts: Option<ServiceContracts> = "serviceContracts",
    }
}

wire_object! {
    /// The response of CommitIntent.
    pub struct CommitResponse {
        /// `intentId`: The committed intent's id.
        intent_id: String = "intentId",
    }
}

wire_object! {
    /// The body of ExecuteIntent: the deposit proved by a transaction hash or a signature.
    pub struct ExecuteRequest {
        /// `depositSignature`: The deposit signature (gasless mode).
        deposit_signature: Option<DepositSignature> = "depositSignature",
        /// `depositTransactionHash`: The deposit transaction's hash (deposit hash mode).
        deposit_transaction_hash: Option<B256> = "depositTransactionHash",
        /// `intentId`: The id returned by CommitIntent.
        intent_id: String = "intentId",
    }
}

wire_object! {
    /// The response of ExecuteIntent.
    pub struct ExecuteResponse {
        /// `intentId`: The intent.
        intent_id: String = "intentId",
        /// `intentStatus`: Its status.
        intent_status: IntentStatus = "intentStatus",
    }
}

wire_object! {
    /// A gasless deposit: the EIP-712 intent signature and/or an ERC-2612 permit.
    pub struct DepositSignature {
        /// `deadline`: When the signature expires, in Unix seconds.
        deadline: u64 = "deadline",
        /// `intentSignature`: The EIP-712 deposit-intent signature (entrypoint mode).
        intent_signature: Option<Bytes> = "intentSignature",
        /// `permitAmount`: The amount the permit allows.
        permit_amount: Option<U256> = "permitAmount",
        /// `permitDeadline`: When the permit expires, in Unix seconds.
        permit_deadline: Option<u64> = "permitDeadline",
        /// `permitSignature`: The ERC-2612 permit signature.
        permit_signature: Option<Bytes> = "permitSignature",
        /// `selectedGasFeeOption`: The fee option chosen from the quote's `feeOptions`.
        selected_gas_fee_option: FeeOption = "selectedGasFeeOption",
        /// `userNonce`: The entrypoint nonce (replay protection).
        user_nonce: Option<U256> = "userNonce",
    }
}
