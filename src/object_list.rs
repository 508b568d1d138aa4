//! The one list of the crate's objects, [`with_objects!`](crate::with_objects), and of the
//! enums of docs/spec.md §2, [`with_enums!`](crate::with_enums): the objects of
//! docs/spec.md §2 (declared in `wire`), of the persisted record (§6.2, declared in
//! `lifecycle`) and of the deposit evidence (§6.5, declared in `rules`), with the checks of those that have rules of their own (`rules`, and
//! `RecordState::check`). It sits above those modules, which never name it.

/// Calls the macro `$callback` with every object of docs/spec.md §2, of the persisted
/// record (§6.2) and of the deposit evidence (§6.5), in the order docs/spec.md lists them, each followed by `=> check` when it
/// has rules of its own that a front end can run on it alone:
///
/// `$callback! { objects: [QuoteRequest => check, QuoteOptions, …] $($args)* }`
///
/// The one list of the crate's objects: a front end that serves every object (the
/// JavaScript package's name table, its declarations) expands it rather than writing the
/// list again, so a new object reaches it with no edit there.
///
/// ```
/// macro_rules! names {
///     (objects: [$($object:ident $(=> $check:path)?),* $(,)?]) => {
///         [$(stringify!($object)),*]
///     };
/// }
/// let names = intent_core::with_objects!(names);
/// assert_eq!((names[0], names.len()), ("QuoteRequest", 61));
/// ```
#[macro_export]
macro_rules! with_objects {
    ($callback:ident $(, $($args:tt)*)?) => {
        $callback! {
            objects: [
                QuoteRequest => $crate::rules::check_quote_request,
                QuoteOptions,
                AddressOverrides,
                Intent => $crate::rules::check_intent,
                DepositTransaction,
                CallBundle,
                Call,
                Precondition,
                MetaTxn,
                ServiceContracts,
                Quote,
                PriceImpactDetails,
                PriceImpact,
                Fees,
                GasDetail,
                MetaTxnFeeDetails,
                ProviderFees,
                GasFeeOptions,
                GasEstimate,
                FeeOption,
                QuoteResponse,
                CommitRequest,
                CommitResponse,
                ExecuteRequest,
                ExecuteResponse,
                DepositSignature,
                IntentReceipt,
                IntentTransaction,
                IntentReceiptSummary,
                TokenMetadata,
                TransactionReport,
                GetIntentReceiptRequest,
                GetIntentReceiptResponse,
                WaitIntentReceiptRequest,
                WaitIntentReceiptResponse,
                GetIntentRequest,
                GetIntentResponse,
                AbortIntentRequest,
                AbortIntentResponse,
                SearchIntentsRequest,
                SearchIntentsResponse,
                GetIntentHistoryRequest,
                Page,
                GetIntentHistoryResponse,
                IntentHistory,
                IntentAddressBalance,
                IntentTokenBalance,
                ClockResponse,
                PingResponse,
                RuntimeStatusResponse,
                RuntimeStatus,
                ServiceStatus,
                RecordState => $crate::RecordState::check,
                PolicyState,
                EntrypointNamesState,
                DepositEvidence,
                EvidenceReceipt,
                EvidenceLog,
                EvidenceTransaction,
                BalanceFact,
                OriginEvidence,
                AttestationFact,
                OriginGone,
            ]
            $(, $($args)*)?
        }
    };
}

/// Calls the macro `$callback` with every enum of docs/spec.md §2, in the order it lists
/// them: `$callback! { enums: [IntentStatus, TradeType, …] $($args)* }`. Each enum says
/// its wire names (`NAMES`) and whether it is open (`OPEN`), so a front end that describes
/// the enums (the OpenAPI document, the TypeScript declarations) expands this list and
/// reads those constants rather than listing enums or values again.
///
/// ```
/// macro_rules! open_ones {
///     (enums: [$($enum:ident),* $(,)?]) => {
///         [$((stringify!($enum), intent_core::$enum::OPEN)),*]
///     };
/// }
/// let enums = intent_core::with_enums!(open_ones);
/// assert_eq!(enums[0], ("IntentStatus", true));
/// assert_eq!(enums[1], ("TradeType", false));
/// ```
#[macro_export]
macro_rules! with_enums {
    ($callback:ident $(, $($args:tt)*)?) => {
        $callback! {
            enums: [
                IntentStatus,
                TradeType,
                RouteProvider,
                ChainGasUsageStatus,
                TransactionStatus,
                TransactionType,
                TransactionContext,
            ]
            $(, $($args)*)?
        }
    };
}
