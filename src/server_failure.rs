//! The failures only a server has (docs/spec.md §8): an unknown intent id, a missing or
//! unknown access key, a key without the permission, a lost compare-and-swap race, a
//! reused deposit proof, a rate limit, a request too slow or too large to read, an
//! internal failure, a wrong route or HTTP method, a deposit transaction not mined yet, a
//! chain node that does not answer, a route, a filter, a chain, a request option or member
//! the server does not serve, nothing to route through, a price impact beyond the server's
//! bound, a search that matches too many intents, an abort transaction not shown mined and
//! successful. The
//! core never produces them; a host answers them with [`ServerFailure::body`], so that every
//! body it sends has the shape of [`crate::Error::body`].
//!
//! This is the one catalogue of them, for every server (the reference service builds no
//! error body of its own): **the next failure a server needs goes here**, as one variant
//! with its arm in [`ServerFailure::kind`] (which gives its published kind, code and HTTP
//! status, docs/spec.md §8's list of kinds), [`ServerFailure::code`],
//! [`ServerFailure::path`] and the message of [`ServerFailure::body`], one entry in
//! [`ServerFailure::ALL`], and one row in docs/spec.md §8's table of server failures.
//!
//! What does not live here: the core's own rules and their reasons ([`crate::Reason`]).

use alloc::format;
use alloc::string::String;

use crate::error::{ErrorBody, ErrorKind};
use crate::path;

/// A failure a server answers with, in the error body of docs/spec.md §8.
///
/// Its `cause` is a stable code in the style of the core's reasons, followed by the path
/// of the field concerned where there is one. Kinds and numbers are the service's
/// published ones; only `PayloadTooLarge` has none there (its number is this library's):
///
/// | failure | cause | kind (code, HTTP) |
/// |---|---|---|
/// | [`IntentNotFound`](ServerFailure::IntentNotFound) | `INTENT_NOT_FOUND at intentId` | NotFound (8000, 400) |
/// | [`AccessKeyMissing`](ServerFailure::AccessKeyMissing) | `ACCESS_KEY_MISSING` | Unauthorized (1000, 401) |
/// | [`AccessKeyUnknown`](ServerFailure::AccessKeyUnknown) | `ACCESS_KEY_UNKNOWN` | AccessKeyNotFound (1101, 401) |
/// | [`PermissionDenied`](ServerFailure::PermissionDenied) | `PERMISSION_DENIED` | PermissionDenied (1001, 403) |
/// | [`RevisionConflict`](ServerFailure::RevisionConflict) | `REVISION_CONFLICT` | RequestConflict (1004, 409) |
/// | [`DepositProofUsed`](ServerFailure::DepositProofUsed) | `DEPOSIT_PROOF_USED at <path>` | RequestConflict (1004, 409) |
/// | [`RateLimited`](ServerFailure::RateLimited) | `RATE_LIMITED` | RateLimited (1007, 429) |
/// | [`Timeout`](ServerFailure::Timeout) | `REQUEST_TIMEOUT` | Timeout (1900, 408) |
/// | [`PayloadTooLarge`](ServerFailure::PayloadTooLarge) | `PAYLOAD_TOO_LARGE` | PayloadTooLarge (2005, 413) |
/// | [`Internal`](ServerFailure::Internal) | `INTERNAL` | Unexpected (2001, 500) |
/// | [`BadRoute`](ServerFailure::BadRoute) | `BAD_ROUTE` | WebrpcBadRoute (-2, 404) |
/// | [`BadMethod`](ServerFailure::BadMethod) | `BAD_METHOD` | WebrpcBadMethod (-3, 405) |
/// | [`DepositNotMined`](ServerFailure::DepositNotMined) | `DEPOSIT_NOT_MINED at depositTransactionHash` | IntentStatus (2004, 422) |
/// | [`ChainNodeUnavailable`](ServerFailure::ChainNodeUnavailable) | `CHAIN_NODE_UNAVAILABLE` | ChainNodeHealth (9001, 503) |
/// | [`RouteNotServed`](ServerFailure::RouteNotServed) | `ROUTE_NOT_SERVED at <path>` | InvalidArgument (2000, 400) |
/// | [`FilterNotServed`](ServerFailure::FilterNotServed) | `FILTER_NOT_SERVED at <path>` | InvalidArgument (2000, 400) |
/// | [`TooManyResults`](ServerFailure::TooManyResults) | `TOO_MANY_RESULTS` | InvalidArgument (2000, 400) |
/// | [`AbortNotSucceeded`](ServerFailure::AbortNotSucceeded) | `ABORT_NOT_SUCCEEDED at abortTransactionHash` | InvalidArgument (2000, 400) |
/// | [`ChainNotServed`](ServerFailure::ChainNotServed) | `CHAIN_NOT_SERVED at <path>` | UnsupportedNetwork (8008, 422) |
/// | [`RouteUnavailable`](ServerFailure::RouteUnavailable) | `ROUTE_UNAVAILABLE at <path>` | Unavailable (2002, 400) |
/// | [`PriceImpactTooHigh`](ServerFailure::PriceImpactTooHigh) | `PRICE_IMPACT_TOO_HIGH at <path>` | HighPriceImpact (7002, 422) |
/// | [`OptionNotServed`](ServerFailure::OptionNotServed) | `OPTION_NOT_SERVED at <path>` | InvalidArgument (2000, 400) |
/// | [`MemberNotServed`](ServerFailure::MemberNotServed) | `MEMBER_NOT_SERVED at <path>` | InvalidArgument (2000, 400) |
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ServerFailure<'a> {
    /// No record has the intent id asked for, or the record belongs to another project
    /// (the answer is the same, so that it says nothing of other projects' intents).
    IntentNotFound {
        /// The id asked for (cut in the message like any path).
        intent_id: &'a str,
    },
    /// The request carries no access key.
    AccessKeyMissing,
    /// The request's access key is not one the server knows.
    AccessKeyUnknown,
    /// The request's key is known but may not call the method (an access key on an
    /// operator's method).
    PermissionDenied,
    /// Another request changed the record between this one's read and its write, and the
    /// event no longer applies as it did (docs/spec.md §6.3).
    RevisionConflict,
    /// The deposit proof (a deposit transaction hash, or an owner's entrypoint nonce)
    /// already started another intent.
    DepositProofUsed {
        /// The path of the proof in the ExecuteRequest, e.g. `depositTransactionHash`.
        path: &'a str,
    },
    /// The access key sent more requests than its rate allows.
    RateLimited {
        /// Whole seconds until the next request is accepted (the `Retry-After` header).
        retry_after_seconds: u64,
    },
    /// The request (its headers or its body) did not arrive whole within the server's
    /// deadline.
    Timeout,
    /// The request body is longer than the server reads.
    PayloadTooLarge {
        /// The most bytes the server reads.
        limit: usize,
    },
    /// The server failed (its database, a bug). The message says nothing more, so that no
    /// internal detail leaks; log it instead.
    Internal,
    /// The server has no method at the path asked for.
    BadRoute,
    /// The path names a method, but not for the HTTP method used.
    BadMethod,
    /// The chain's node does not know the deposit transaction, or has not mined it yet: not
    /// a verdict on the deposit (the same request may succeed once it is mined), and
    /// nothing was changed.
    DepositNotMined,
    /// The node of the chain a request needs facts from did not answer within the server's
    /// timeout, or answered what cannot be read. Nothing was changed.
    ChainNodeUnavailable {
        /// The chain whose node failed.
        chain_id: u64,
    },
    /// The server does not quote this chain or token (quoting is not the core's business,
    /// so it has no reason for it).
    RouteNotServed {
        /// The request member concerned, e.g. `originTokenAddress`.
        path: &'a str,
        /// What is not served, e.g. `chain 5`.
        what: &'a str,
    },
    /// A published filter (or page member) the server does not serve: refused rather than
    /// ignored, since an ignored filter would answer more than was asked.
    FilterNotServed {
        /// The member, e.g. `byQueryString` or `page.sort`.
        path: &'a str,
    },
    /// A search matches more intents than one answer holds: refused rather than cut short.
    TooManyResults {
        /// The most intents one answer holds.
        limit: usize,
    },
    /// The abort transaction a request names is not mined and successful on its chain,
    /// whose node the server reads (not mined yet, unknown, or reverted). Nothing was
    /// changed.
    AbortNotSucceeded {
        /// The chain it was looked for on.
        chain_id: u64,
    },
    /// A request names a chain the server does not serve.
    ChainNotServed {
        /// The request member concerned, e.g. `originChainId`.
        path: &'a str,
        /// The chain asked for.
        chain_id: u64,
    },
    /// The server serves both tokens but has nothing to route between them: no pool, a
    /// pool without liquidity for the amount, no swap venue on the chain.
    RouteUnavailable {
        /// The request member concerned, e.g. `destinationTokenAddress`.
        path: &'a str,
        /// What is missing, e.g. `no Uniswap V2 pool of SUSD and SEUR on chain 1`.
        what: &'a str,
    },
    /// The quote's price impact (the swap's price against the pool's mid price) is beyond
    /// the server's bound: the swap would lose more than the server lets a quote lose.
    PriceImpactTooHigh {
        /// The amount asked for, e.g. `originTokenAmount`.
        path: &'a str,
        /// The quote's price impact, in basis points (a loss is positive).
        impact_bps: u64,
        /// The server's bound, in basis points.
        limit_bps: u64,
    },
    /// A published request option the server does not serve: refused rather than ignored,
    /// since an ignored option would answer something else than was asked.
    OptionNotServed {
        /// The member, e.g. `options.bridgeProviderFallback`.
        path: &'a str,
        /// Why, e.g. `no fallback provider is served`.
        why: &'a str,
    },
    /// A request member that neither the published schema nor docs/spec.md names (a
    /// misspelling, most likely), refused rather than kept without effect.
    MemberNotServed {
        /// The member, e.g. `options.slipageTolerance`.
        path: &'a str,
    },
}

impl ServerFailure<'_> {
    /// One failure of each kind of the catalogue, in the order of docs/spec.md §8's table
    /// (with example values where a failure carries some).
    pub const ALL: [ServerFailure<'static>; 23] = [
        ServerFailure::IntentNotFound { intent_id: "0x01" },
        ServerFailure::AccessKeyMissing,
        ServerFailure::AccessKeyUnknown,
        ServerFailure::PermissionDenied,
        ServerFailure::RevisionConflict,
        ServerFailure::DepositProofUsed { path: "depositTransactionHash" },
        ServerFailure::RateLimited { retry_after_seconds: 1 },
        ServerFailure::Timeout,
        ServerFailure::PayloadTooLarge { limit: 1 << 20 },
        ServerFailure::Internal,
        ServerFailure::BadRoute,
        ServerFailure::BadMethod,
        ServerFailure::DepositNotMined,
        ServerFailure::ChainNodeUnavailable { chain_id: 1 },
        ServerFailure::RouteNotServed { path: "originChainId", what: "chain 5" },
        ServerFailure::FilterNotServed { path: "byQueryString" },
        ServerFailure::TooManyResults { limit: 100 },
        ServerFailure::AbortNotSucceeded { chain_id: 1 },
        ServerFailure::ChainNotServed { path: "originChainId", chain_id: 5 },
        ServerFailure::RouteUnavailable { path: "destinationTokenAddress", what: "no pool" },
        ServerFailure::PriceImpactTooHigh { path: "originTokenAmount", impact_bps: 1_200, limit_bps: 1_000 },
        ServerFailure::OptionNotServed { path: "options.bridgeProviderFallback", why: "no fallback is served" },
        ServerFailure::MemberNotServed { path: "options.slipageTolerance" },
    ];

    /// The error kind that carries this failure.
    pub const fn kind(&self) -> ErrorKind {
        match self {
            ServerFailure::IntentNotFound { .. } => ErrorKind::NotFound,
            ServerFailure::AccessKeyMissing => ErrorKind::Unauthorized,
            ServerFailure::AccessKeyUnknown => ErrorKind::AccessKeyNotFound,
            ServerFailure::PermissionDenied => ErrorKind::PermissionDenied,
            ServerFailure::RevisionConflict | ServerFailure::DepositProofUsed { .. } => ErrorKind::Conflict,
            ServerFailure::RateLimited { .. } => ErrorKind::RateLimited,
            ServerFailure::Timeout => ErrorKind::Timeout,
            ServerFailure::PayloadTooLarge { .. } => ErrorKind::PayloadTooLarge,
            ServerFailure::Internal => ErrorKind::Unexpected,
            ServerFailure::BadRoute => ErrorKind::BadRoute,
            ServerFailure::BadMethod => ErrorKind::BadMethod,
            ServerFailure::DepositNotMined => ErrorKind::IntentStatus,
            ServerFailure::ChainNodeUnavailable { .. } => ErrorKind::ChainNodeHealth,
            ServerFailure::RouteNotServed { .. }
            | ServerFailure::FilterNotServed { .. }
            | ServerFailure::TooManyResults { .. }
            | ServerFailure::AbortNotSucceeded { .. }
            | ServerFailure::OptionNotServed { .. }
            | ServerFailure::MemberNotServed { .. } => ErrorKind::InvalidArgument,
            ServerFailure::ChainNotServed { .. } => ErrorKind::UnsupportedNetwork,
            ServerFailure::RouteUnavailable { .. } => ErrorKind::Unavailable,
            ServerFailure::PriceImpactTooHigh { .. } => ErrorKind::HighPriceImpact,
        }
    }

    /// The stable code that opens the body's `cause`.
    pub const fn code(&self) -> &'static str {
        match self {
            ServerFailure::IntentNotFound { .. } => "INTENT_NOT_FOUND",
            ServerFailure::AccessKeyMissing => "ACCESS_KEY_MISSING",
            ServerFailure::AccessKeyUnknown => "ACCESS_KEY_UNKNOWN",
            ServerFailure::PermissionDenied => "PERMISSION_DENIED",
            ServerFailure::RevisionConflict => "REVISION_CONFLICT",
            ServerFailure::DepositProofUsed { .. } => "DEPOSIT_PROOF_USED",
            ServerFailure::RateLimited { .. } => "RATE_LIMITED",
            ServerFailure::Timeout => "REQUEST_TIMEOUT",
            ServerFailure::PayloadTooLarge { .. } => "PAYLOAD_TOO_LARGE",
            ServerFailure::Internal => "INTERNAL",
            ServerFailure::BadRoute => "BAD_ROUTE",
            ServerFailure::BadMethod => "BAD_METHOD",
            ServerFailure::DepositNotMined => "DEPOSIT_NOT_MINED",
            ServerFailure::ChainNodeUnavailable { .. } => "CHAIN_NODE_UNAVAILABLE",
            ServerFailure::RouteNotServed { .. } => "ROUTE_NOT_SERVED",
            ServerFailure::FilterNotServed { .. } => "FILTER_NOT_SERVED",
            ServerFailure::TooManyResults { .. } => "TOO_MANY_RESULTS",
            ServerFailure::AbortNotSucceeded { .. } => "ABORT_NOT_SUCCEEDED",
            ServerFailure::ChainNotServed { .. } => "CHAIN_NOT_SERVED",
            ServerFailure::RouteUnavailable { .. } => "ROUTE_UNAVAILABLE",
            ServerFailure::PriceImpactTooHigh { .. } => "PRICE_IMPACT_TOO_HIGH",
            ServerFailure::OptionNotServed { .. } => "OPTION_NOT_SERVED",
            ServerFailure::MemberNotServed { .. } => "MEMBER_NOT_SERVED",
        }
    }

    /// The path of the field concerned, if any.
    pub const fn path(&self) -> Option<&str> {
        match self {
            ServerFailure::IntentNotFound { .. } => Some("intentId"),
            ServerFailure::DepositProofUsed { path } => Some(path),
            ServerFailure::DepositNotMined => Some("depositTransactionHash"),
            ServerFailure::RouteNotServed { path, .. }
            | ServerFailure::FilterNotServed { path }
            | ServerFailure::ChainNotServed { path, .. }
            | ServerFailure::RouteUnavailable { path, .. }
            | ServerFailure::PriceImpactTooHigh { path, .. }
            | ServerFailure::OptionNotServed { path, .. }
            | ServerFailure::MemberNotServed { path } => Some(path),
            ServerFailure::AbortNotSucceeded { .. } => Some("abortTransactionHash"),
            _ => None,
        }
    }

    /// The error body, bounded like the core's ([`ErrorBody::MAX_JSON_LEN`]): the intent
    /// id, the path and what a route names are cut to [`ErrorBody::MAX_PATH_LEN`] bytes.
    pub fn body(&self) -> ErrorBody {
        let kind = self.kind();
        let mut cause = String::from(self.code());
        if let Some(at) = self.path() {
            cause.push_str(" at ");
            path::push_cut(&mut cause, at, ErrorBody::MAX_PATH_LEN);
        }
        let msg = match self {
            ServerFailure::IntentNotFound { intent_id } => {
                let mut msg = String::from("no intent with id ");
                path::push_cut(&mut msg, intent_id, ErrorBody::MAX_PATH_LEN);
                msg
            }
            ServerFailure::AccessKeyMissing => String::from("the x-access-key header is missing"),
            ServerFailure::AccessKeyUnknown => String::from("the access key is not known"),
            ServerFailure::PermissionDenied => String::from("the key may not call this method"),
            ServerFailure::RevisionConflict => {
                String::from("the record was changed by another request; read it again and retry")
            }
            ServerFailure::DepositProofUsed { .. } => String::from("the deposit proof already started another intent"),
            ServerFailure::RateLimited { retry_after_seconds } => {
                format!("too many requests for this access key; retry in {retry_after_seconds} s")
            }
            ServerFailure::Timeout => String::from("the request did not arrive whole in time"),
            ServerFailure::PayloadTooLarge { limit } => format!("the request body is longer than {limit} bytes"),
            ServerFailure::BadRoute => String::from("no such method"),
            ServerFailure::BadMethod => String::from("this method is called with post"),
            ServerFailure::Internal => String::from("internal error"),
            ServerFailure::DepositNotMined => {
                String::from("the deposit transaction is not mined yet; nothing was changed, retry once it is")
            }
            ServerFailure::ChainNodeUnavailable { chain_id } => {
                format!("the node of chain {chain_id} did not answer in time; nothing was changed, retry later")
            }
            ServerFailure::RouteNotServed { what, .. } => {
                let mut msg = String::from("no route: ");
                path::push_cut(&mut msg, what, ErrorBody::MAX_PATH_LEN);
                msg.push_str(" is not quoted by this service");
                msg
            }
            ServerFailure::FilterNotServed { path } => {
                let mut msg = String::new();
                path::push_cut(&mut msg, path, ErrorBody::MAX_PATH_LEN);
                msg.push_str(" is not a filter this service serves");
                msg
            }
            ServerFailure::TooManyResults { limit } => {
                format!("more than {limit} intents match: narrow the search or use GetIntentHistory")
            }
            ServerFailure::AbortNotSucceeded { chain_id } => {
                format!("the abort transaction is not mined and successful on chain {chain_id}")
            }
            ServerFailure::ChainNotServed { chain_id, .. } => format!("chain {chain_id} is not served by this service"),
            ServerFailure::RouteUnavailable { what, .. } => {
                let mut msg = String::from("nothing to route through: ");
                path::push_cut(&mut msg, what, ErrorBody::MAX_PATH_LEN);
                msg
            }
            ServerFailure::PriceImpactTooHigh { impact_bps, limit_bps, .. } => {
                format!("the quote's price impact of {impact_bps} bps is above this service's bound of {limit_bps} bps")
            }
            ServerFailure::OptionNotServed { path, why } => {
                let mut msg = String::new();
                path::push_cut(&mut msg, path, ErrorBody::MAX_PATH_LEN);
                msg.push_str(" is not served: ");
                path::push_cut(&mut msg, why, ErrorBody::MAX_PATH_LEN);
                msg
            }
            ServerFailure::MemberNotServed { path } => {
                let mut msg = String::new();
                path::push_cut(&mut msg, path, ErrorBody::MAX_PATH_LEN);
                msg.push_str(" is not a member this service knows");
                msg
            }
        };
        ErrorBody { error: kind.name(), code: kind.code(), msg, cause, status: kind.http_status() }
    }
}

#[cfg(test)]
mod tests {
    use super::ServerFailure;

    /// The place of `failure`'s variant in [`ServerFailure::ALL`]: an exhaustive match, so
    /// that a variant added without its entry does not compile here.
    fn place(failure: &ServerFailure<'_>) -> usize {
        match failure {
            ServerFailure::IntentNotFound { .. } => 0,
            ServerFailure::AccessKeyMissing => 1,
            ServerFailure::AccessKeyUnknown => 2,
            ServerFailure::PermissionDenied => 3,
            ServerFailure::RevisionConflict => 4,
            ServerFailure::DepositProofUsed { .. } => 5,
            ServerFailure::RateLimited { .. } => 6,
            ServerFailure::Timeout => 7,
            ServerFailure::PayloadTooLarge { .. } => 8,
            ServerFailure::Internal => 9,
            ServerFailure::BadRoute => 10,
            ServerFailure::BadMethod => 11,
            ServerFailure::DepositNotMined => 12,
            ServerFailure::ChainNodeUnavailable { .. } => 13,
            ServerFailure::RouteNotServed { .. } => 14,
            ServerFailure::FilterNotServed { .. } => 15,
            ServerFailure::TooManyResults { .. } => 16,
            ServerFailure::AbortNotSucceeded { .. } => 17,
            ServerFailure::ChainNotServed { .. } => 18,
            ServerFailure::RouteUnavailable { .. } => 19,
            ServerFailure::PriceImpactTooHigh { .. } => 20,
            ServerFailure::OptionNotServed { .. } => 21,
            ServerFailure::MemberNotServed { .. } => 22,
        }
    }

    #[test]
    fn the_catalogue_lists_every_failure_once_in_order() {
        for (i, failure) in ServerFailure::ALL.iter().enumerate() {
            assert_eq!(place(failure), i, "{failure:?}");
        }
    }
}
