//! The schema of docs/spec.md §2

use super::*;

/// The value kinds of docs/spec.md §1, objects and arrays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    Uint,
    U64,
    U8,
    Decimal,
    Address,
    Bytes,
    Bytes32,
    Timestamp,
    Str,
    Bool,
    /// `text-or-decimal`: a JSON string (any text) or a JSON number read as a decimal.
    TextOrDecimal,
    /// `address-or-empty`: an address or `""`.
    AddressOrEmpty,
    /// An enum: its names, and whether it is open (other `A-Z0-9_` names allowed).
    Enum(&'static [&'static str], bool),
    Obj(&'static str),
    Arr(&'static Kind),
}

pub struct Field {
    pub key: &'static str,
    pub kind: Kind,
    pub optional: bool,
}

pub(crate) const fn req(key: &'static str, kind: Kind) -> Field {
    Field { key, kind, optional: false }
}

pub(crate) const fn opt(key: &'static str, kind: Kind) -> Field {
    Field { key, kind, optional: true }
}

pub const INTENT_STATUS: &[&str] =
    &["QUOTED", "COMMITTED", "EXECUTING", "FAILED", "SUCCEEDED", "ABORTED", "REFUNDED", "INVALID"];
pub const TRADE_TYPE: &[&str] = &["EXACT_INPUT", "EXACT_OUTPUT"];
pub const ROUTE_PROVIDER: &[&str] = &["AUTO", "NONE", "CCTP", "PROVIDER_1", "PROVIDER_2", "PROVIDER_3", "PROVIDER_4"];
pub const CHAIN_GAS_USAGE_STATUS: &[&str] = &["NORMAL"];

use Kind::{Address as Addr, Bool, Bytes, Decimal as Dec, Obj, Str, Timestamp as Ts, Uint, U64, U8};
pub(crate) const STATUS: Kind = Kind::Enum(INTENT_STATUS, true);
pub(crate) const ADDR_OR_EMPTY: Kind = Kind::AddressOrEmpty;
pub(crate) const TRADE: Kind = Kind::Enum(TRADE_TYPE, false);
pub(crate) const PROVIDER: Kind = Kind::Enum(ROUTE_PROVIDER, true);
pub(crate) const GAS_STATUS: Kind = Kind::Enum(CHAIN_GAS_USAGE_STATUS, true);

pub(crate) const QUOTE_REQUEST: &[Field] = &[
    req("ownerAddress", Addr),
    req("originChainId", U64),
    req("originTokenAddress", Addr),
    req("destinationChainId", U64),
    req("destinationTokenAddress", Addr),
    opt("destinationToAddress", Addr),
    opt("destinationCallData", Bytes),
    opt("destinationCallValue", Uint),
    opt("originTokenAmount", Uint),
    opt("destinationTokenAmount", Uint),
    opt("tradeType", TRADE),
    opt("onlyNativeGasFee", Bool),
    opt("options", Obj("QuoteOptions")),
];
pub(crate) const QUOTE_OPTIONS: &[Field] = &[
    opt("swapProvider", PROVIDER),
    opt("bridgeProvider", PROVIDER),
    opt("slippageTolerance", Dec),
    opt("serviceAddressOverrides", Obj("AddressOverrides")),
];
pub(crate) const ADDRESS_OVERRIDES: &[Field] = &[
    opt("serviceWalletFactoryAddress", Addr),
    opt("serviceWalletMainModuleAddress", Addr),
    opt("serviceWalletMainModuleUpgradableAddress", Addr),
    opt("serviceWalletGuestModuleAddress", Addr),
    opt("serviceWalletUtilsAddress", Addr),
];
pub(crate) const INTENT: &[Field] = &[
    req("id", U64),
    req("projectId", U64),
    req("intentId", Str),
    req("status", STATUS),
    req("quoteRequest", Obj("QuoteRequest")),
    req("ownerAddress", Addr),
    req("originChainId", U64),
    req("destinationChainId", U64),
    req("originIntentAddress", Addr),
    req("salt", Uint),
    req("depositTransaction", Obj("DepositTransaction")),
    req("originCalls", Obj("CallBundle")),
    req("originPrecondition", Obj("Precondition")),
    req("originMetaTxn", Obj("MetaTxn")),
    req("quote", Obj("Quote")),
    req("fees", Obj("Fees")),
    req("serviceVersion", Str),
    req("serviceContracts", Obj("ServiceContracts")),
    req("expiresAt", Ts),
    opt("destinationIntentAddress", Addr),
    opt("destinationCalls", Obj("CallBundle")),
    opt("destinationPrecondition", Obj("Precondition")),
    opt("destinationMetaTxn", Obj("MetaTxn")),
    opt("updatedAt", Ts),
    opt("createdAt", Ts),
    opt("originTokenAddress", Addr),
    opt("destinationTokenAddress", Addr),
    opt("isTestnet", Bool),
    opt("passthrough", Bool),
    opt("timedRefundUnlockTimestamp", U64),
];
pub(crate) const DEPOSIT_TRANSACTION: &[Field] = &[
    req("toAddress", Addr),
    req("tokenAddress", Addr),
    req("amount", Uint),
    opt("decimals", U8),
    opt("chainId", U64),
    opt("to", Addr),
    opt("data", Bytes),
    opt("value", Uint),
];
pub(crate) const CALL_BUNDLE: &[Field] =
    &[req("chainId", U64), req("calls", Kind::Arr(&Obj("Call"))), opt("space", Uint), opt("nonce", Uint)];
pub(crate) const CALL: &[Field] = &[
    req("to", Addr),
    opt("value", Uint),
    opt("data", Bytes),
    opt("gasLimit", Uint),
    opt("delegateCall", Bool),
    opt("onlyFallback", Bool),
    opt("behaviorOnError", U8),
];
pub(crate) const PRECONDITION: &[Field] = &[
    req("type", Str),
    req("chainId", U64),
    req("ownerAddress", Addr),
    req("tokenAddress", Addr),
    req("minAmount", Uint),
];
pub(crate) const META_TXN: &[Field] = &[
    req("id", Str),
    req("chainId", U64),
    req("walletAddress", Addr),
    req("contract", Addr),
    req("input", Bytes),
    opt("bridgeGas", Uint),
];
pub(crate) const SERVICE_CONTRACTS: &[Field] = &[
    req("serviceIntentEntrypointAddress", ADDR_OR_EMPTY),
    req("serviceRouterAddress", ADDR_OR_EMPTY),
    req("serviceRouterShimAddress", ADDR_OR_EMPTY),
];
pub(crate) const QUOTE: &[Field] = &[
    req("routeProviders", Kind::Arr(&PROVIDER)),
    req("routeProvidersRequestIds", Kind::Arr(&Str)),
    req("routeProvidersFeeUsd", Kind::Arr(&Dec)),
    req("fromAmount", Uint),
    req("fromAmountMin", Uint),
    req("fromAmountUsd", Dec),
    req("fromAmountMinUsd", Dec),
    req("toAmount", Uint),
    req("toAmountMin", Uint),
    req("toAmountUsd", Dec),
    req("toAmountMinUsd", Dec),
    req("maxSlippage", Dec),
    req("priceImpact", Dec),
    req("priceImpactUsd", Dec),
    req("priceImpactDetails", Obj("PriceImpactDetails")),
];
pub(crate) const PRICE_IMPACT_DETAILS: &[Field] = &[
    req("executionPriceImpact", Obj("PriceImpact")),
    req("marketPriceImpact", Obj("PriceImpact")),
    req("providerFeesPriceImpact", Obj("PriceImpact")),
    req("serviceFeesPriceImpact", Obj("PriceImpact")),
    req("netPriceImpact", Obj("PriceImpact")),
];
pub(crate) const PRICE_IMPACT: &[Field] = &[req("priceImpact", Dec), req("priceImpactUsd", Dec)];
pub(crate) const FEES: &[Field] = &[
    req("originGas", Obj("GasDetail")),
    opt("destinationGas", Obj("GasDetail")),
    req("provider", Obj("ProviderFees")),
    req("feeTokenAddress", Addr),
    req("feeTokenAmount", Uint),
    req("feeTokenUsd", Dec),
    req("feeTokenTotal", Uint),
    req("gasFeeTotal", Uint),
    req("gasFeeUsd", Dec),
    req("serviceFeeTotal", Uint),
    req("serviceFeeUsd", Dec),
    req("collectorFeeTotal", Uint),
    req("collectorFeeUsd", Dec),
    req("providerFeeTotal", Uint),
    req("providerFeeUsd", Dec),
    req("totalFeeAmount", Uint),
    req("totalFeeUsd", Dec),
];
pub(crate) const GAS_DETAIL: &[Field] = &[
    req("chainId", U64),
    req("totalGasLimit", Uint),
    req("gasPrice", Uint),
    req("nativeTokenSymbol", Str),
    req("chainGasUsageStatus", GAS_STATUS),
    req("totalFeeAmount", Uint),
    req("totalFeeUsd", Kind::TextOrDecimal),
    req("metaTxnFeeDetails", Obj("MetaTxnFeeDetails")),
    req("metaTxnGasQuote", Str),
    opt("nativeTokenPriceUsd", Dec),
];
pub(crate) const META_TXN_FEE_DETAILS: &[Field] =
    &[req("metaTxnId", Str), req("estimatedGasLimit", Uint), req("feeNative", Uint)];
pub(crate) const PROVIDER_FEES: &[Field] = &[
    req("quoteProvider", Str),
    req("quoteProviderFee", Uint),
    req("quoteProviderFeeUsd", Dec),
    req("serviceFee", Uint),
    req("serviceFeeUsd", Dec),
    req("quoteProviderWithServiceFee", Uint),
    req("providerWithServiceFeeUsd", Dec),
    req("totalFeeAmount", Uint),
    req("totalFeeUsd", Dec),
];
pub(crate) const GAS_FEE_OPTIONS: &[Field] = &[
    req("gasEstimate", Obj("GasEstimate")),
    req("feeOptions", Kind::Arr(&Obj("FeeOption"))),
    req("expiresAt", Ts),
    req("feeCollectorAddress", Addr),
];
pub(crate) const GAS_ESTIMATE: &[Field] =
    &[req("totalGas", U64), req("gasPrice", Str), req("nativeCost", Str), req("nativeCostUsd", Dec)];
pub(crate) const FEE_OPTION: &[Field] = &[
    req("tokenAddress", Addr),
    req("tokenSymbol", Str),
    req("tokenDecimals", U8),
    req("amount", Uint),
    req("amountUsd", Dec),
    req("feeCollectorAddress", Addr),
    req("is2612", Bool),
    opt("isPassthroughEligible", Bool),
];

/// The fields of an object of docs/spec.md §2.
pub fn fields(object: &str) -> &'static [Field] {
    match object {
        "QuoteRequest" => QUOTE_REQUEST,
        "QuoteOptions" => QUOTE_OPTIONS,
        "AddressOverrides" => ADDRESS_OVERRIDES,
        "Intent" => INTENT,
        "DepositTransaction" => DEPOSIT_TRANSACTION,
        "CallBundle" => CALL_BUNDLE,
        "Call" => CALL,
        "Precondition" => PRECONDITION,
        "MetaTxn" => META_TXN,
        "ServiceContracts" => SERVICE_CONTRACTS,
        "Quote" => QUOTE,
        "PriceImpactDetails" => PRICE_IMPACT_DETAILS,
        "PriceImpact" => PRICE_IMPACT,
        "Fees" => FEES,
        "GasDetail" => GAS_DETAIL,
        "MetaTxnFeeDetails" => META_TXN_FEE_DETAILS,
        "ProviderFees" => PROVIDER_FEES,
        "GasFeeOptions" => GAS_FEE_OPTIONS,
        "GasEstimate" => GAS_ESTIMATE,
        "FeeOption" => FEE_OPTION,
        other => panic!("no object {other} in docs/spec.md §2"),
    }
}

pub fn field(object: &str, key: &str) -> Option<&'static Field> {
    fields(object).iter().find(|f| f.key == key)
}

/// One value of a document with what the schema says about it.
#[derive(Clone, Debug)]
pub struct Node {
    pub path: Vec<Step>,
    /// `None` inside an unknown member (a generic JSON value).
    pub kind: Option<Kind>,
    /// A member whose removal leaves a valid document: an optional field or an unknown member
    /// (or a member of an object inside one).
    pub removable: bool,
}

/// Every value of `tree` (the root included), in document order.
pub fn nodes(tree: &J, root: Kind) -> Vec<Node> {
    let mut out = Vec::new();
    walk(tree, Some(root), &mut Vec::new(), false, &mut out);
    out
}

pub(crate) fn walk(j: &J, kind: Option<Kind>, path: &mut Vec<Step>, removable: bool, out: &mut Vec<Node>) {
    out.push(Node { path: path.clone(), kind, removable });
    match j {
        J::Obj(members) => {
            for (k, v) in members {
                let (child, removable) = match kind {
                    Some(Kind::Obj(name)) => match field(name, k) {
                        Some(f) => (Some(f.kind), f.optional),
                        None => (None, true),
                    },
                    _ => (None, true),
                };
                path.push(Step::Key(k.clone()));
                walk(v, child, path, removable, out);
                path.pop();
            }
        }
        J::Arr(items) => {
            let child = match kind {
                Some(Kind::Arr(k)) => Some(*k),
                _ => None,
            };
            for (i, v) in items.iter().enumerate() {
                path.push(Step::Index(i));
                walk(v, child, path, false, out);
                path.pop();
            }
        }
        _ => {}
    }
}
