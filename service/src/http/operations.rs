//! The service's operation table: for each operation of docs/spec.md §12 its path, who may
//! call it, its rate, its request and response objects (their wire keys and declared field
//! types, from the core's `wire_object!` declarations), the error kinds it can answer and
//! its route. The router ([`super::router`]) serves exactly these routes, each carrying its
//! operation, and the OpenAPI document ([`super::openapi`]) describes exactly these
//! operations, so adding an operation is one entry here, its handler in
//! [`super::handlers`] and the one call that handler makes into [`crate::records`].
//!
//! What does not live here: what an operation does ([`crate::records`]) and how a
//! document describes a field ([`super::openapi`]).

use std::sync::Arc;

use axum::routing::{post, MethodRouter};
use intent_core::ErrorKind;

use super::{handlers, App};
use crate::rate;

/// An object's wire schema as its `wire_object!` declaration gives it.
#[derive(Debug, Clone, Copy)]
pub struct Schema {
    /// The object's name (its Rust type's, as in docs/spec.md §2).
    pub name: &'static str,
    /// Its wire keys, in canonical order.
    pub keys: &'static [&'static str],
    /// The declared Rust types of its fields, in the order of `keys`.
    pub field_types: &'static [&'static str],
}

/// The [`Schema`] of an object declared with `wire_object!`: one of the core's by its name,
/// or the service's own by its path and name.
macro_rules! schema_of {
    ($object:ident) => {
        schema_of!(intent_core::$object => $object)
    };
    ($path:path => $object:ident) => {
        Schema { name: stringify!($object), keys: <$path>::KEYS, field_types: <$path>::FIELD_TYPES }
    };
}

/// Who may call an operation (the `X-Access-Key` it needs, docs/spec.md §12).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// A project's access key.
    Project,
    /// An operator key.
    Operator,
    /// Anyone: no key is read.
    Anyone,
}

/// One operation of the service.
pub struct Operation {
    /// Its name, the last segment of its path.
    pub name: &'static str,
    /// Its path (always `POST`).
    pub path: &'static str,
    /// Who may call it.
    pub audience: Audience,
    /// Its token bucket per access key (docs/spec.md §12), for a project's operation.
    pub rate: Option<rate::Bucket>,
    /// What it does, in one sentence.
    pub summary: &'static str,
    /// The request body; `None` for an operation that reads none.
    pub request: Option<Schema>,
    /// The response body (200).
    pub response: Schema,
    /// The error kinds it can answer beyond [`COMMON_ERRORS`] (which an operation open to
    /// anyone does not answer).
    pub errors: &'static [ErrorKind],
    /// Its route.
    pub route: fn() -> MethodRouter<Arc<App>>,
}

impl Operation {
    /// Every error kind it can answer: [`COMMON_ERRORS`] unless it is open to anyone, and its
    /// own, in the order of `ErrorKind::ALL`.
    pub fn error_kinds(&self) -> Vec<ErrorKind> {
        let common = if self.audience == Audience::Anyone { &[][..] } else { COMMON_ERRORS };
        ErrorKind::ALL.iter().copied().filter(|k| common.contains(k) || self.errors.contains(k)).collect()
    }
}

/// What any operation can answer: a malformed or invalid body, a missing or unknown key or
/// one of the other audience, a rate, a body too large or too slow, the server's own fault.
pub const COMMON_ERRORS: &[ErrorKind] = &[
    ErrorKind::InvalidArgument,
    ErrorKind::Unauthorized,
    ErrorKind::AccessKeyNotFound,
    ErrorKind::PermissionDenied,
    ErrorKind::RateLimited,
    ErrorKind::Timeout,
    ErrorKind::PayloadTooLarge,
    ErrorKind::Unexpected,
];

/// Every operation the service serves, in the order of docs/spec.md §12.
pub static OPERATIONS: &[Operation] = &[
    Operation {
        name: "QuoteIntent",
        path: "/rpc/Service/QuoteIntent",
        audience: Audience::Project,
        rate: Some(rate::Bucket::Quote),
        summary: "Prices a transfer between chains and stores the intent QUOTED.",
        request: Some(schema_of!(QuoteRequest)),
        response: schema_of!(QuoteResponse),
        // A same-chain quote on a chain with a wallet reads the chain's node; a request that
        // needs no intent, an unserved chain, nothing to route through, a price impact beyond
        // the bound are the published kinds (docs/spec.md §8).
        errors: &[
            ErrorKind::ChainNodeHealth,
            ErrorKind::IntentsSkipped,
            ErrorKind::UnsupportedNetwork,
            ErrorKind::HighPriceImpact,
            ErrorKind::Unavailable,
        ],
        route: || post(handlers::quote),
    },
    Operation {
        name: "CommitIntent",
        path: "/rpc/Service/CommitIntent",
        audience: Audience::Project,
        rate: Some(rate::Bucket::Commit),
        summary: "Commits a quoted intent, unchanged, before its quote expires.",
        request: Some(schema_of!(CommitRequest)),
        response: schema_of!(CommitResponse),
        errors: &[ErrorKind::IntentStatus, ErrorKind::Expired, ErrorKind::NotFound, ErrorKind::Conflict],
        route: || post(handlers::commit),
    },
    Operation {
        name: "ExecuteIntent",
        path: "/rpc/Service/ExecuteIntent",
        audience: Audience::Project,
        rate: Some(rate::Bucket::Execute),
        summary: "Executes a committed intent with its deposit proof within its execution window.",
        request: Some(schema_of!(ExecuteRequest)),
        response: schema_of!(ExecuteResponse),
        errors: &[
            ErrorKind::IntentStatus,
            ErrorKind::Expired,
            ErrorKind::NotFound,
            ErrorKind::Conflict,
            ErrorKind::ChainNodeHealth,
        ],
        route: || post(handlers::execute),
    },
    Operation {
        name: "RetryIntent",
        path: "/rpc/Service/RetryIntent",
        audience: Audience::Project,
        rate: Some(rate::Bucket::Execute),
        summary: "Names a replacement deposit for an executing intent whose deposit did not succeed, or one failed at its deposit; execution then proceeds.",
        request: Some(schema_of!(crate::retry::RetryIntentRequest => RetryIntentRequest)),
        response: schema_of!(crate::retry::RetryIntentResponse => RetryIntentResponse),
        errors: &[ErrorKind::IntentStatus, ErrorKind::NotFound, ErrorKind::Conflict, ErrorKind::ChainNodeHealth],
        route: || post(handlers::retry),
    },
    Operation {
        name: "GetIntentReceipt",
        path: "/rpc/Service/GetIntentReceipt",
        audience: Audience::Project,
        rate: Some(rate::Bucket::Receipt),
        summary: "The intent's receipt now.",
        request: Some(schema_of!(GetIntentReceiptRequest)),
        response: schema_of!(GetIntentReceiptResponse),
        errors: &[ErrorKind::NotFound],
        route: || post(handlers::get_receipt),
    },
    Operation {
        name: "WaitIntentReceipt",
        path: "/rpc/Service/WaitIntentReceipt",
        audience: Audience::Project,
        rate: Some(rate::Bucket::Wait),
        summary: "The intent's receipt once its transactions' statuses differ from lastReceiptStates (absent: the ones when the request arrives), once it is done, or at the timeout.",
        request: Some(schema_of!(WaitIntentReceiptRequest)),
        response: schema_of!(WaitIntentReceiptResponse),
        errors: &[ErrorKind::NotFound],
        route: || post(handlers::wait_receipt),
    },
    Operation {
        name: "ReportIntentOutcome",
        path: "/rpc/Operator/ReportIntentOutcome",
        audience: Audience::Operator,
        rate: None,
        summary: "The operator reports what happened to an executing intent outside the service: its outcome, or a transaction's progress.",
        request: Some(schema_of!(crate::outcome::ReportIntentOutcomeRequest => ReportIntentOutcomeRequest)),
        response: schema_of!(GetIntentReceiptResponse),
        errors: &[ErrorKind::IntentStatus, ErrorKind::NotFound, ErrorKind::Conflict],
        route: || post(handlers::report_outcome),
    },
    Operation {
        name: "GetIntent",
        path: "/rpc/Service/GetIntent",
        audience: Audience::Project,
        rate: None,
        summary: "The intent as quoted, for its own project's key.",
        request: Some(schema_of!(GetIntentRequest)),
        response: schema_of!(GetIntentResponse),
        errors: &[ErrorKind::NotFound],
        route: || post(handlers::get_intent),
    },
    Operation {
        name: "SearchIntents",
        path: "/rpc/Service/SearchIntents",
        audience: Audience::Project,
        rate: Some(rate::Bucket::Search),
        summary: "The caller's project's intents that match every filter given, newest first.",
        request: Some(schema_of!(SearchIntentsRequest)),
        response: schema_of!(SearchIntentsResponse),
        errors: &[],
        route: || post(handlers::search_intents),
    },
    Operation {
        name: "GetIntentHistory",
        path: "/rpc/Service/GetIntentHistory",
        audience: Audience::Project,
        rate: Some(rate::Bucket::History),
        summary: "One page of the caller's project's intents that match every filter given, newest first, with their receipts.",
        request: Some(schema_of!(GetIntentHistoryRequest)),
        response: schema_of!(GetIntentHistoryResponse),
        errors: &[],
        route: || post(handlers::intent_history),
    },
    Operation {
        name: "AbortIntent",
        path: "/rpc/Service/AbortIntent",
        audience: Audience::Project,
        rate: None,
        summary: "Aborts a COMMITTED intent, keeping the abort transaction on its receipt.",
        request: Some(schema_of!(AbortIntentRequest)),
        response: schema_of!(AbortIntentResponse),
        errors: &[ErrorKind::IntentStatus, ErrorKind::NotFound, ErrorKind::Conflict, ErrorKind::ChainNodeHealth],
        route: || post(handlers::abort),
    },
    Operation {
        name: "Clock",
        path: "/rpc/Service/Clock",
        audience: Audience::Project,
        rate: None,
        summary: "The time the service judges deadlines with.",
        request: None,
        response: schema_of!(ClockResponse),
        errors: &[],
        route: || post(handlers::clock),
    },
    Operation {
        name: "Ping",
        path: "/rpc/Service/Ping",
        audience: Audience::Anyone,
        rate: None,
        summary: "The service's version; needs no key.",
        request: None,
        response: schema_of!(PingResponse),
        errors: &[],
        route: || post(handlers::ping),
    },
    Operation {
        name: "RuntimeStatus",
        path: "/rpc/Service/RuntimeStatus",
        audience: Audience::Project,
        rate: None,
        summary: "The service's health, with its store's.",
        request: None,
        response: schema_of!(RuntimeStatusResponse),
        errors: &[],
        route: || post(handlers::runtime_status),
    },
    Operation {
        name: "GetChains",
        path: "/rpc/Service/GetChains",
        audience: Audience::Project,
        rate: None,
        summary: "The chains the service serves, as the published ChainInfo.",
        request: Some(schema_of!(crate::discovery::objects::GetChainsRequest => GetChainsRequest)),
        response: schema_of!(crate::discovery::objects::GetChainsResponse => GetChainsResponse),
        errors: &[],
        route: || post(crate::discovery::handlers::chains),
    },
    Operation {
        name: "GetTokenList",
        path: "/rpc/Service/GetTokenList",
        audience: Audience::Project,
        rate: None,
        summary: "The tokens the service quotes on the chains asked for, native tokens first.",
        request: Some(schema_of!(crate::discovery::objects::GetTokenListRequest => GetTokenListRequest)),
        response: schema_of!(crate::discovery::objects::TokenListResponse => GetTokenListResponse),
        errors: &[ErrorKind::UnsupportedNetwork],
        route: || post(crate::discovery::handlers::token_list),
    },
    Operation {
        name: "GetTokenPrices",
        path: "/rpc/Service/GetTokenPrices",
        audience: Audience::Project,
        rate: None,
        summary: "Each token's USD price: from its Uniswap V2 pool where a node and a swap are configured, else the configured one.",
        request: Some(schema_of!(crate::discovery::objects::GetTokenPricesRequest => GetTokenPricesRequest)),
        response: schema_of!(crate::discovery::objects::GetTokenPricesResponse => GetTokenPricesResponse),
        errors: &[ErrorKind::ChainNodeHealth],
        route: || post(crate::discovery::handlers::token_prices),
    },
    Operation {
        name: "GetExactInputRoutes",
        path: "/rpc/Service/GetExactInputRoutes",
        audience: Audience::Project,
        rate: None,
        summary: "The tokens the quoter routes the origin token to.",
        request: Some(schema_of!(crate::discovery::objects::GetExactInputRoutesRequest => GetExactInputRoutesRequest)),
        response: schema_of!(crate::discovery::objects::TokenListResponse => GetExactInputRoutesResponse),
        errors: &[ErrorKind::UnsupportedNetwork, ErrorKind::ChainNodeHealth],
        route: || post(crate::discovery::handlers::exact_input_routes),
    },
    Operation {
        name: "GetExactOutputRoutes",
        path: "/rpc/Service/GetExactOutputRoutes",
        audience: Audience::Project,
        rate: None,
        summary: "The tokens the quoter routes to the destination token.",
        request: Some(schema_of!(crate::discovery::objects::GetExactOutputRoutesRequest => GetExactOutputRoutesRequest)),
        response: schema_of!(crate::discovery::objects::TokenListResponse => GetExactOutputRoutesResponse),
        errors: &[ErrorKind::UnsupportedNetwork, ErrorKind::ChainNodeHealth],
        route: || post(crate::discovery::handlers::exact_output_routes),
    },
    Operation {
        name: "GetProtocolContracts",
        path: "/rpc/Service/GetProtocolContracts",
        audience: Audience::Project,
        rate: None,
        summary: "The service contracts of a chain, and every chain's service contracts and intent wallet deployment.",
        request: Some(schema_of!(crate::discovery::objects::GetProtocolContractsRequest => GetProtocolContractsRequest)),
        response: schema_of!(crate::discovery::objects::GetProtocolContractsResponse => GetProtocolContractsResponse),
        errors: &[ErrorKind::UnsupportedNetwork],
        route: || post(crate::discovery::handlers::protocol_contracts),
    },
    Operation {
        name: "PrepareIntentRecovery",
        path: "/rpc/Service/PrepareIntentRecovery",
        audience: Audience::Project,
        rate: None,
        summary: "The payload that sends what an intent's wallet holds to the owner (or refundToAddress), for the owner's key to sign, with the balances read from the node.",
        request: Some(schema_of!(crate::recovery::objects::PrepareIntentRecoveryRequest => PrepareIntentRecoveryRequest)),
        response: schema_of!(crate::recovery::objects::PrepareIntentRecoveryResponse => PrepareIntentRecoveryResponse),
        errors: &[ErrorKind::NotFound, ErrorKind::IntentsSkipped, ErrorKind::UnsupportedNetwork, ErrorKind::ChainNodeHealth],
        route: || post(crate::recovery::handlers::prepare),
    },
    Operation {
        name: "BuildIntentRecoveryTransaction",
        path: "/rpc/Service/BuildIntentRecoveryTransaction",
        audience: Audience::Project,
        rate: None,
        summary: "The transaction that runs a recovery payload the owner signed: the guest module's batch that deploys the wallet when needed and executes the payload.",
        request: Some(schema_of!(crate::recovery::objects::BuildIntentRecoveryTransactionRequest => BuildIntentRecoveryTransactionRequest)),
        response: schema_of!(crate::recovery::objects::BuildIntentRecoveryTransactionResponse => BuildIntentRecoveryTransactionResponse),
        errors: &[ErrorKind::NotFound, ErrorKind::UnsupportedNetwork, ErrorKind::ChainNodeHealth],
        route: || post(crate::recovery::handlers::build),
    },
];

/// The service's own objects that its operations' objects hold (the operations' request and
/// response objects are in [`OPERATIONS`]), for the document ([`super::openapi`]).
pub static SERVICE_OBJECTS: &[Schema] = &[
    schema_of!(crate::discovery::objects::BlockExplorer => BlockExplorer),
    schema_of!(crate::discovery::objects::CctpContracts => CctpContracts),
    schema_of!(crate::discovery::objects::ChainContracts => ChainContracts),
    schema_of!(crate::discovery::objects::ChainInfo => ChainInfo),
    schema_of!(crate::discovery::objects::NativeCurrency => NativeCurrency),
    schema_of!(crate::discovery::objects::Token => Token),
    schema_of!(crate::discovery::objects::TokenInfo => TokenInfo),
    schema_of!(crate::discovery::objects::TokenPrice => TokenPrice),
    schema_of!(crate::discovery::objects::WalletContracts => WalletContracts),
    schema_of!(crate::recovery::objects::PayloadTypedData => PayloadTypedData),
    schema_of!(crate::recovery::objects::PayloadTypes => PayloadTypes),
    schema_of!(crate::recovery::objects::TypedCall => TypedCall),
    schema_of!(crate::recovery::objects::TypedCalls => TypedCalls),
    schema_of!(crate::recovery::objects::TypedDomain => TypedDomain),
    schema_of!(crate::recovery::objects::TypedMember => TypedMember),
];

/// The service's own object named `name` ([`SERVICE_OBJECTS`]).
pub fn service_object(name: &str) -> Option<Schema> {
    SERVICE_OBJECTS.iter().find(|schema| schema.name == name).copied()
}

/// The operation served at `path`, for clients of the table (the service's tests check
/// each exchange against its operation's objects); the service itself finds a request's
/// operation on its route ([`super::router`]).
pub fn by_path(path: &str) -> Option<&'static Operation> {
    OPERATIONS.iter().find(|operation| operation.path == path)
}
