//! Errors: the stable reason codes, the JSON path of the offending field, and the
//! service-shaped error body of docs/spec.md §8.
//!
//! Every failure in the crate is an [`Error`]: a [`Problem`] (what went wrong, with its
//! context) and the path of the field concerned. The reason code of a problem never
//! changes once published; new codes may be added.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use alloy_primitives::{Address, B256, U256};

use crate::{IntentStatus, Timestamp};

use crate::path;

/// Declares [`Reason`] from one table: variant, code, error kind, operation, summary; and
/// [`Problem::reason`], which maps each [`Problem`] variant to the reason of the same name.
/// That match is exhaustive both ways inside the crate, so the compiler proves that every
/// reason has exactly one problem and every problem exactly one reason.
macro_rules! reasons {
    ($( $variant:ident = $code:literal, $kind:ident, $operation:literal, $summary:literal; )*) => {
        /// The stable, machine-readable code of a rule (docs/spec.md §7). Codes never change once
        /// published; new ones may be added.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum Reason {
            $( #[doc = $summary] $variant, )*
        }

        impl Reason {
            /// Every reason code, in catalogue order.
            pub const ALL: &'static [Reason] = &[$(Reason::$variant),*];

            /// The code as it travels: `SCREAMING_SNAKE_CASE`.
            pub const fn code(self) -> &'static str {
                match self { $( Reason::$variant => $code, )* }
            }

            /// The error kind of docs/spec.md §8 that carries this reason.
            pub const fn kind(self) -> ErrorKind {
                match self { $( Reason::$variant => ErrorKind::$kind, )* }
            }

            /// The operation whose rule this is: parse, quote request, intent, intent
            /// address, quote, commit, execute, record or lifecycle.
            pub const fn operation(self) -> &'static str {
                match self { $( Reason::$variant => $operation, )* }
            }

            /// One line saying why the rule exists and what breaks it.
            pub const fn summary(self) -> &'static str {
                match self { $( Reason::$variant => $summary, )* }
            }
        }

        impl Problem {
            /// The reason code of this problem: the [`Reason`] of the same name.
            pub const fn reason(&self) -> Reason {
                match self { $( Problem::$variant { .. } => Reason::$variant, )* }
            }
        }
    };
}

reasons! {
    // Parsing (docs/spec.md §7, first list).
    InvalidJson = "INVALID_JSON", InvalidArgument, "parse",
        "The document is not JSON: a syntax error, invalid UTF-8, a lone surrogate, a duplicate member, trailing data or nothing at all; also a host's document (`wire_object!`) of a shape the host refuses.";
    MissingField = "MISSING_FIELD", InvalidArgument, "parse",
        "A required member is absent or `null`.";
    InvalidType = "INVALID_TYPE", InvalidArgument, "parse",
        "A string, boolean, object or array member holds a JSON value of another type.";
    InvalidAddress = "INVALID_ADDRESS", InvalidArgument, "parse",
        "An address is not `0x` followed by 40 hex digits.";
    InvalidChecksum = "INVALID_CHECKSUM", InvalidArgument, "parse",
        "A mixed-case address is not a valid EIP-55 checksum.";
    InvalidHex = "INVALID_HEX", InvalidArgument, "parse",
        "A `bytes` or `bytes32` value is not `0x` and an even (or exactly 64) number of hex digits.";
    InvalidNumber = "INVALID_NUMBER", InvalidArgument, "parse",
        "An integer is negative, has a fraction or is not a decimal-digit string; or a decimal is not a JSON number.";
    NumberOutOfRange = "NUMBER_OUT_OF_RANGE", InvalidArgument, "parse",
        "An integer is above its kind's maximum (2^256-1, 2^64-1, 255), or a decimal is not a finite double.";
    InvalidTimestamp = "INVALID_TIMESTAMP", InvalidArgument, "parse",
        "A timestamp is not RFC 3339 or names no real instant in years 0000-9999.";
    InvalidEnum = "INVALID_ENUM", InvalidArgument, "parse",
        "A string is not one of an enum's names.";
    LimitExceeded = "LIMIT_EXCEEDED", InvalidArgument, "parse",
        "An input limit is exceeded: document size, nesting, calls, bytes, string or array length.";
    // QuoteRequest.
    InvalidChainId = "INVALID_CHAIN_ID", InvalidArgument, "quote request",
        "A chain id is zero.";
    TradeTypeAmount = "TRADE_TYPE_AMOUNT", InvalidArgument, "quote request",
        "The amounts do not fit the trade type: EXACT_INPUT needs originTokenAmount > 0 and no destinationTokenAmount, EXACT_OUTPUT the reverse; without a trade type exactly one amount decides it.";
    SwapProviderCrossChain = "SWAP_PROVIDER_CROSS_CHAIN", InvalidArgument, "quote request",
        "A swap provider is named for a cross-chain intent; it applies to same-chain swaps only.";
    SlippageOutOfRange = "SLIPPAGE_OUT_OF_RANGE", InvalidArgument, "quote request",
        "The slippage tolerance is not in [0, 1).";
    CallValueWithoutData = "CALL_VALUE_WITHOUT_DATA", InvalidArgument, "quote request",
        "A destination call value is given without destination call data.";
    NothingToDo = "NOTHING_TO_DO", IntentsSkipped, "quote request",
        "Same chain, same token, no call data and the owner as recipient: nothing would happen.";
    // Intent consistency.
    IntentInconsistent = "INTENT_INCONSISTENT", InvalidArgument, "intent",
        "A field of the intent disagrees with the request, its chain, its amounts or its times.";
    // Intent addresses.
    IntentAddressMismatch = "INTENT_ADDRESS_MISMATCH", InvalidArgument, "intent address",
        "An intent address, or a field that repeats it, is not the wallet derived from the owner and the bundles on its chain under the wallet context.";
    PreconditionMismatch = "PRECONDITION_MISMATCH", InvalidArgument, "intent address",
        "The origin precondition waits for another token than the deposit's, or for less than the deposit amount.";
    MetaTransactionMismatch = "META_TRANSACTION_MISMATCH", InvalidArgument, "intent address",
        "A meta-transaction does not call the context's guest module, or its input is not the guest batch that runs its side's bundle.";
    // Quote.
    WrongStatus = "WRONG_STATUS", InvalidArgument, "quote",
        "The intent offered for quoting does not have status QUOTED.";
    QuoteLifetime = "QUOTE_LIFETIME", InvalidArgument, "quote",
        "The intent's expiresAt is not in (now, now + quoteTtl].";
    // Commit.
    IntentModified = "INTENT_MODIFIED", InvalidArgument, "commit",
        "The intent's canonical hash differs from the quoted one.";
    QuoteExpired = "QUOTE_EXPIRED", Expired, "commit",
        "The quote expired: now is at or after intent.expiresAt.";
    FeeOptionsExpired = "FEE_OPTIONS_EXPIRED", Expired, "commit",
        "The gas fee options expired: now is at or after gasFeeOptions.expiresAt.";
    ServiceContractsMismatch = "SERVICE_CONTRACTS_MISMATCH", InvalidArgument, "commit",
        "The service contracts sent differ from the intent's.";
    // Execute.
    IntentIdMismatch = "INTENT_ID_MISMATCH", InvalidArgument, "execute",
        "The request names another intent.";
    DepositProofMissing = "DEPOSIT_PROOF_MISSING", InvalidArgument, "execute",
        "Neither a deposit transaction hash nor a deposit signature is given.";
    DepositProofConflict = "DEPOSIT_PROOF_CONFLICT", InvalidArgument, "execute",
        "Both a deposit transaction hash and a deposit signature are given.";
    ExecutionWindowExpired = "EXECUTION_WINDOW_EXPIRED", IntentStatus, "execute",
        "The execution window closed: now is at or after committedAt + executionWindow.";
    DepositUnverified = "DEPOSIT_UNVERIFIED", Unauthorized, "execute",
        "A deposit transaction hash with neither the node's evidence of it nor the caller's explicit acceptance of an unverified deposit.";
    DepositHashMismatch = "DEPOSIT_HASH_MISMATCH", InvalidArgument, "execute",
        "The deposit evidence is of another transaction: its receipt's transactionHash or its transaction's hash is not depositTransactionHash.";
    DepositWrongChain = "DEPOSIT_WRONG_CHAIN", InvalidArgument, "execute",
        "The deposit transaction is on another chain than the intent's originChainId.";
    DepositReverted = "DEPOSIT_REVERTED", InvalidArgument, "execute",
        "The deposit transaction reverted: its receipt's status is not 1.";
    DepositUnconfirmed = "DEPOSIT_UNCONFIRMED", IntentStatus, "execute",
        "The deposit transaction has fewer confirmations (headBlockNumber - blockNumber + 1) than the policy's depositConfirmations; the same request succeeds later.";
    DepositMismatch = "DEPOSIT_MISMATCH", InvalidArgument, "execute",
        "The deposit transaction does not pay the intent's depositTransaction: no Transfer of its tokenAddress (or, for the native token, no value sent), not to its toAddress, or less than its amount.";
    FeeOptionNotOffered = "FEE_OPTION_NOT_OFFERED", InvalidArgument, "execute",
        "The selected gas fee option is not one of the quoted ones.";
    NativeFeeRequired = "NATIVE_FEE_REQUIRED", InvalidArgument, "execute",
        "The request asked for native gas fees only, and the selected option is not native.";
    SignatureExpired = "SIGNATURE_EXPIRED", Unauthorized, "execute",
        "The deposit signature's deadline has passed (floor(now) > deadline).";
    GaslessNativeDeposit = "GASLESS_NATIVE_DEPOSIT", InvalidArgument, "execute",
        "A gasless deposit of the native token: only tokens can be pulled by signature.";
    EntrypointMissing = "ENTRYPOINT_MISSING", InvalidArgument, "execute",
        "Entrypoint mode (an intentSignature) for an intent whose serviceIntentEntrypointAddress is empty.";
    FeeTokenMismatch = "FEE_TOKEN_MISMATCH", InvalidArgument, "execute",
        "Entrypoint mode with a fee, paid in another token than the deposit token.";
    FeeParameters = "FEE_PARAMETERS", InvalidArgument, "execute",
        "The fee amount is non-zero exactly when the fee collector is not: one without the other.";
    NonceRequired = "NONCE_REQUIRED", InvalidArgument, "execute",
        "Entrypoint mode without a user nonce.";
    NonceMismatch = "NONCE_MISMATCH", InvalidArgument, "execute",
        "Entrypoint mode with a user nonce other than the owner's current entrypoint nonce the caller passed in.";
    PermitIncomplete = "PERMIT_INCOMPLETE", InvalidArgument, "execute",
        "Some but not all of permitSignature, permitDeadline, permitAmount; permit-only mode needs all three.";
    PermitNotSupported = "PERMIT_NOT_SUPPORTED", InvalidArgument, "execute",
        "A permit for a deposit token whose fee option says it does not support ERC-2612.";
    PermitExpired = "PERMIT_EXPIRED", Unauthorized, "execute",
        "The permit's deadline has passed (floor(now) > permitDeadline).";
    PermitDeadlineMismatch = "PERMIT_DEADLINE_MISMATCH", InvalidArgument, "execute",
        "Entrypoint mode with a permit deadline other than the signature deadline.";
    PermitAmountInsufficient = "PERMIT_AMOUNT_INSUFFICIENT", InvalidArgument, "execute",
        "The permit amount is below the deposit plus the fee paid in the same token (or that sum overflows).";
    PermitUnverified = "PERMIT_UNVERIFIED", Unauthorized, "execute",
        "A permit signature with neither the token's permit facts to verify it nor the caller's explicit acceptance of an unverified permit.";
    InvalidSignature = "INVALID_SIGNATURE", Unauthorized, "execute",
        "A signature is malformed (not 65 bytes, bad v, zero r or s, high s) or recovers no key.";
    SignerMismatch = "SIGNER_MISMATCH", Unauthorized, "execute",
        "A signature recovers to someone other than the intent's owner.";
    // Persisted records.
    InvalidRecord = "INVALID_RECORD", InvalidArgument, "record",
        "A stored RecordState that no record can be in: unknown version, wrong intentHash, a status that disagrees with the other members, times out of order.";
    // Lifecycle.
    InvalidTransition = "INVALID_TRANSITION", IntentStatus, "lifecycle",
        "The event is not allowed in the record's status.";
    ClockWentBackwards = "CLOCK_WENT_BACKWARDS", IntentStatus, "lifecycle",
        "The event's time is earlier than the record's last event.";
    StatusReasonRequired = "STATUS_REASON_REQUIRED", InvalidArgument, "lifecycle",
        "A fail or abort without a reason.";
    WindowStillOpen = "WINDOW_STILL_OPEN", IntentStatus, "lifecycle",
        "Expire before the execution window has closed.";
    FactNotAsked = "FACT_NOT_ASKED", IntentStatus, "lifecycle",
        "A fact the EXECUTING record does not ask for now (next_step): a balance before the deposit stage SUCCEEDED or after the origin transaction was sent, a receipt before its transaction was sent, an attestation or an origin gone without a kept burn.";
    BalanceMismatch = "BALANCE_MISMATCH", InvalidArgument, "lifecycle",
        "The balance is of another chain, token or wallet than the precondition's (the deposit token at the origin intent address, on the origin chain; after the route, the destination precondition's).";
    PreconditionUnmet = "PRECONDITION_UNMET", IntentStatus, "lifecycle",
        "The balance at the intent address is below the deposit amount (after the route, the destination precondition's minAmount): the record keeps waiting, and a later balance may meet it.";
    OriginHashMismatch = "ORIGIN_HASH_MISMATCH", InvalidArgument, "lifecycle",
        "The origin receipt is of another transaction than the origin transaction the record follows.";
    OriginWrongChain = "ORIGIN_WRONG_CHAIN", InvalidArgument, "lifecycle",
        "The origin receipt was read from another chain than the intent's originChainId.";
    OriginUnconfirmed = "ORIGIN_UNCONFIRMED", IntentStatus, "lifecycle",
        "The origin transaction has fewer confirmations (headBlockNumber - blockNumber + 1) than the policy's depositConfirmations; the same receipt is judged later.";
    AttestationMismatch = "ATTESTATION_MISMATCH", InvalidArgument, "lifecycle",
        "The attestation is not of the kept burn: its message is not the burn message completed (only nonce, finalityThresholdExecuted, feeExecuted and expirationBlock may differ, feeExecuted at most maxFee), or its signatures are not a nonzero multiple of 65 bytes.";
    ReceiptHashMismatch = "RECEIPT_HASH_MISMATCH", InvalidArgument, "lifecycle",
        "A route or destination receipt, or an origin gone, is of another transaction than the one the record follows.";
    ReceiptWrongChain = "RECEIPT_WRONG_CHAIN", InvalidArgument, "lifecycle",
        "A route or destination receipt, or an origin gone, was read from another chain than the transaction's.";
    ReceiptUnconfirmed = "RECEIPT_UNCONFIRMED", IntentStatus, "lifecycle",
        "A route or destination transaction has fewer confirmations than the policy's depositConfirmations; the same receipt is judged later.";
    DepositAlreadySucceeded = "DEPOSIT_ALREADY_SUCCEEDED", IntentStatus, "lifecycle",
        "A replacement deposit (retry) for a record whose deposit stage SUCCEEDED with another transaction: there is no failed deposit to replace.";
    RetryTooLate = "RETRY_TOO_LATE", IntentStatus, "lifecycle",
        "A replacement deposit (retry) once execution went past the deposit: a balance met the precondition, or an origin, destination or refund transaction was reported.";
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The error kinds of the service's RPC errors (docs/spec.md §8), numbered as the service's
/// published schema numbers them. Their numbers never change.
///
/// The first five carry the core's own reasons ([`Reason::kind`]); the others are for the failures only a server has, built by [`crate::ServerFailure`], so that every body a
/// server sends has one shape. Only [`ErrorKind::PayloadTooLarge`] is not in the published
/// schema (it has no case for a body too large to read).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Parsing and validation: code 2000, HTTP 400.
    InvalidArgument,
    /// Lifecycle and window errors: code 2004, HTTP 422.
    IntentStatus,
    /// The service's `QuoteExpired` kind, for an expired quote or expired gas fee options:
    /// code 7001, HTTP 400. (Named for what it covers, so that `QuoteExpired` names one
    /// thing: the reason of an expired quote.)
    Expired,
    /// Bad signatures, and a request without an access key: code 1000, HTTP 401.
    Unauthorized,
    /// A request that needs no intent (`NOTHING_TO_DO`: the owner already holds what it
    /// asks for): code 7000, HTTP 400.
    IntentsSkipped,
    /// No intent with the id asked for (or one of another project): code 8000, HTTP 400.
    NotFound,
    /// An access key the server does not know: code 1101, HTTP 401.
    AccessKeyNotFound,
    /// A known key that may not call the method (an access key on an operator method):
    /// code 1001, HTTP 403.
    PermissionDenied,
    /// Another request changed the record first (a lost compare-and-swap race), or a
    /// deposit proof already started another intent: code 1004, HTTP 409.
    Conflict,
    /// Too many requests from one access key: code 1007, HTTP 429.
    RateLimited,
    /// The request did not arrive whole in time: code 1900, HTTP 408.
    Timeout,
    /// A request body larger than the server reads: code 2005, HTTP 413 (not in the
    /// published schema: the number is this library's).
    PayloadTooLarge,
    /// A failure of the server itself (its database, a bug): code 2001, HTTP 500.
    Unexpected,
    /// No route at the path asked for: code -2, HTTP 404.
    BadRoute,
    /// A route that does not take the HTTP method asked for: code -3, HTTP 405.
    BadMethod,
    /// A chain node the answer depends on did not answer in time, or answered what cannot
    /// be read: code 9001, HTTP 503. Nothing was changed; the same request may be retried.
    ChainNodeHealth,
    /// A chain the server does not serve: code 8008, HTTP 422.
    UnsupportedNetwork,
    /// A quote whose price impact is beyond the server's bound: code 7002, HTTP 422.
    HighPriceImpact,
    /// Nothing to route through: a pair of served tokens with no pool, or no liquidity for
    /// the amount: code 2002, HTTP 400.
    Unavailable,
}

impl ErrorKind {
    /// Every kind, the core's first.
    pub const ALL: &'static [ErrorKind] = &[
        ErrorKind::InvalidArgument,
        ErrorKind::IntentStatus,
        ErrorKind::Expired,
        ErrorKind::Unauthorized,
        ErrorKind::IntentsSkipped,
        ErrorKind::NotFound,
        ErrorKind::AccessKeyNotFound,
        ErrorKind::PermissionDenied,
        ErrorKind::Conflict,
        ErrorKind::RateLimited,
        ErrorKind::Timeout,
        ErrorKind::PayloadTooLarge,
        ErrorKind::Unexpected,
        ErrorKind::BadRoute,
        ErrorKind::BadMethod,
        ErrorKind::ChainNodeHealth,
        ErrorKind::UnsupportedNetwork,
        ErrorKind::HighPriceImpact,
        ErrorKind::Unavailable,
    ];

    /// The kind written `name` in a body's `"error"`, if it is one of [`ErrorKind::ALL`].
    pub fn from_name(name: &str) -> Option<ErrorKind> {
        ErrorKind::ALL.iter().copied().find(|kind| kind.name() == name)
    }

    /// The kind's name as the service writes it in `"error"`.
    pub const fn name(self) -> &'static str {
        match self {
            ErrorKind::InvalidArgument => "InvalidArgument",
            ErrorKind::IntentStatus => "IntentStatus",
            ErrorKind::Expired => "QuoteExpired",
            ErrorKind::Unauthorized => "Unauthorized",
            ErrorKind::NotFound => "NotFound",
            ErrorKind::AccessKeyNotFound => "AccessKeyNotFound",
            ErrorKind::PermissionDenied => "PermissionDenied",
            ErrorKind::Conflict => "RequestConflict",
            ErrorKind::RateLimited => "RateLimited",
            ErrorKind::Timeout => "Timeout",
            ErrorKind::PayloadTooLarge => "PayloadTooLarge",
            ErrorKind::Unexpected => "Unexpected",
            ErrorKind::BadRoute => "WebrpcBadRoute",
            ErrorKind::BadMethod => "WebrpcBadMethod",
            ErrorKind::ChainNodeHealth => "ChainNodeHealth",
            ErrorKind::IntentsSkipped => "IntentsSkipped",
            ErrorKind::UnsupportedNetwork => "UnsupportedNetwork",
            ErrorKind::HighPriceImpact => "HighPriceImpact",
            ErrorKind::Unavailable => "Unavailable",
        }
    }

    /// The service's numeric error code (negative for the transport's own errors).
    pub const fn code(self) -> i32 {
        match self {
            ErrorKind::InvalidArgument => 2000,
            ErrorKind::IntentStatus => 2004,
            ErrorKind::Expired => 7001,
            ErrorKind::Unauthorized => 1000,
            ErrorKind::NotFound => 8000,
            ErrorKind::AccessKeyNotFound => 1101,
            ErrorKind::PermissionDenied => 1001,
            ErrorKind::Conflict => 1004,
            ErrorKind::RateLimited => 1007,
            ErrorKind::Timeout => 1900,
            ErrorKind::PayloadTooLarge => 2005,
            ErrorKind::Unexpected => 2001,
            ErrorKind::BadRoute => -2,
            ErrorKind::BadMethod => -3,
            ErrorKind::ChainNodeHealth => 9001,
            ErrorKind::IntentsSkipped => 7000,
            ErrorKind::UnsupportedNetwork => 8008,
            ErrorKind::HighPriceImpact => 7002,
            ErrorKind::Unavailable => 2002,
        }
    }

    /// The HTTP status the service answers with.
    pub const fn http_status(self) -> u16 {
        match self {
            ErrorKind::InvalidArgument
            | ErrorKind::Expired
            | ErrorKind::NotFound
            | ErrorKind::IntentsSkipped
            | ErrorKind::Unavailable => 400,
            ErrorKind::IntentStatus | ErrorKind::UnsupportedNetwork | ErrorKind::HighPriceImpact => 422,
            ErrorKind::Unauthorized | ErrorKind::AccessKeyNotFound => 401,
            ErrorKind::PermissionDenied => 403,
            ErrorKind::Conflict => 409,
            ErrorKind::RateLimited => 429,
            ErrorKind::Timeout => 408,
            ErrorKind::PayloadTooLarge => 413,
            ErrorKind::Unexpected => 500,
            ErrorKind::BadRoute => 404,
            ErrorKind::BadMethod => 405,
            ErrorKind::ChainNodeHealth => 503,
        }
    }
}

/// What went wrong, with the context needed to say it in one line: one variant per
/// [`Reason`], of the same name ([`Problem::reason`]), so each reason is built one way.
/// A variant whose rule is said in more than one way carries its line as `detail`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Problem {
    // Parsing.
    /// See [`Reason::InvalidJson`].
    #[error("invalid json: {0}")]
    InvalidJson(&'static str),
    /// See [`Reason::MissingField`].
    #[error("missing field")]
    MissingField,
    /// See [`Reason::InvalidType`].
    #[error("expected {expected}")]
    InvalidType {
        /// What the schema wants here.
        expected: &'static str,
    },
    /// See [`Reason::InvalidAddress`].
    #[error("invalid address: expected 0x and 40 hex digits")]
    InvalidAddress,
    /// See [`Reason::InvalidChecksum`].
    #[error("invalid address checksum (eip-55)")]
    InvalidChecksum,
    /// See [`Reason::InvalidHex`].
    #[error("invalid hex: {0}")]
    InvalidHex(&'static str),
    /// See [`Reason::InvalidNumber`].
    #[error("invalid number: {0}")]
    InvalidNumber(&'static str),
    /// See [`Reason::NumberOutOfRange`].
    #[error("number out of range: {0}")]
    NumberOutOfRange(&'static str),
    /// See [`Reason::InvalidTimestamp`].
    #[error("invalid timestamp: {0}")]
    InvalidTimestamp(&'static str),
    /// See [`Reason::InvalidEnum`].
    #[error("invalid enum value: expected {expected}")]
    InvalidEnum {
        /// The names the enum accepts.
        expected: &'static str,
    },
    /// See [`Reason::LimitExceeded`].
    #[error("limit exceeded: {what} above {limit}")]
    LimitExceeded {
        /// Which limit of [`crate::Limits`].
        what: &'static str,
        /// Its configured value.
        limit: usize,
    },
    // QuoteRequest.
    /// See [`Reason::InvalidChainId`].
    #[error("chain id must not be zero")]
    InvalidChainId,
    /// See [`Reason::TradeTypeAmount`].
    #[error("{detail}")]
    TradeTypeAmount {
        /// Which amount is missing, zero or one too many, in one lowercase line.
        detail: &'static str,
    },
    /// See [`Reason::SwapProviderCrossChain`].
    #[error("a swap provider applies to same-chain swaps only")]
    SwapProviderCrossChain,
    /// See [`Reason::SlippageOutOfRange`].
    #[error("slippage tolerance must be in [0, 1)")]
    SlippageOutOfRange,
    /// See [`Reason::CallValueWithoutData`].
    #[error("a destination call value needs destination call data")]
    CallValueWithoutData,
    /// See [`Reason::NothingToDo`].
    #[error("nothing to do: same chain, same token, no call and the owner as recipient")]
    NothingToDo,
    // Intent consistency.
    /// See [`Reason::IntentInconsistent`].
    #[error("{detail}")]
    IntentInconsistent {
        /// What disagrees with what, in one lowercase line.
        detail: &'static str,
    },
    // Intent addresses.
    /// See [`Reason::IntentAddressMismatch`].
    #[error("intent address mismatch: {given} is not {}", derived_text(derived))]
    IntentAddressMismatch {
        /// The address the intent gives.
        given: Address,
        /// The wallet derived from the owner and the bundles on its chain; `None` when no
        /// bundle is on that chain.
        derived: Option<Address>,
    },
    /// See [`Reason::PreconditionMismatch`].
    #[error("{detail}")]
    PreconditionMismatch {
        /// What the precondition waits for instead, in one lowercase line.
        detail: &'static str,
    },
    /// See [`Reason::MetaTransactionMismatch`].
    #[error("{detail}")]
    MetaTransactionMismatch {
        /// Which part of the meta-transaction differs, in one lowercase line.
        detail: &'static str,
    },
    // Quote.
    /// See [`Reason::WrongStatus`].
    #[error("wrong status: the intent is {status}, a quote must be QUOTED")]
    WrongStatus {
        /// The intent's status.
        status: IntentStatus,
    },
    /// See [`Reason::QuoteLifetime`].
    #[error("quote lifetime: expiresAt {expires_at} is not after {now} and at most {latest}")]
    QuoteLifetime {
        /// The time of the quote.
        now: Timestamp,
        /// The intent's expiry.
        expires_at: Timestamp,
        /// `now + quoteTtl`.
        latest: Timestamp,
    },
    // Commit.
    /// See [`Reason::IntentModified`].
    #[error("intent modified: hash {actual} differs from the quoted {expected}{}", changed_list(changed))]
    IntentModified {
        /// The quoted intent's canonical hash.
        expected: B256,
        /// The canonical hash of the intent sent back.
        actual: B256,
        /// The JSON paths whose canonical values differ.
        changed: Vec<String>,
    },
    /// See [`Reason::QuoteExpired`].
    #[error("quote expired at {expires_at} (now {now})")]
    QuoteExpired {
        /// The time of the commit.
        now: Timestamp,
        /// The intent's expiry.
        expires_at: Timestamp,
    },
    /// See [`Reason::FeeOptionsExpired`].
    #[error("gas fee options expired at {expires_at} (now {now})")]
    FeeOptionsExpired {
        /// The time of the commit.
        now: Timestamp,
        /// The fee options' expiry.
        expires_at: Timestamp,
    },
    /// See [`Reason::ServiceContractsMismatch`].
    #[error("the service contracts differ from the intent's")]
    ServiceContractsMismatch,
    // Execute.
    /// See [`Reason::IntentIdMismatch`].
    #[error("the request names another intent")]
    IntentIdMismatch,
    /// See [`Reason::DepositProofMissing`].
    #[error("a deposit transaction hash or a deposit signature is needed")]
    DepositProofMissing,
    /// See [`Reason::DepositProofConflict`].
    #[error("give a deposit transaction hash or a deposit signature, not both")]
    DepositProofConflict,
    /// See [`Reason::ExecutionWindowExpired`].
    #[error("execution window closed at {closed_at} (now {now})")]
    ExecutionWindowExpired {
        /// The time of the execute request.
        now: Timestamp,
        /// `committedAt + executionWindow`.
        closed_at: Timestamp,
    },
    /// See [`Reason::FeeOptionNotOffered`].
    #[error("the selected gas fee option is not one of the quoted ones")]
    FeeOptionNotOffered,
    /// See [`Reason::NativeFeeRequired`].
    #[error("the request asked for native gas fees only")]
    NativeFeeRequired,
    /// See [`Reason::SignatureExpired`].
    #[error("signature expired: deadline {deadline} is before {now_seconds}")]
    SignatureExpired {
        /// `floor(now)` in Unix seconds.
        now_seconds: i64,
        /// `depositSignature.deadline` in Unix seconds.
        deadline: u64,
    },
    /// See [`Reason::GaslessNativeDeposit`].
    #[error("a native-token deposit cannot be made by signature")]
    GaslessNativeDeposit,
    /// See [`Reason::EntrypointMissing`].
    #[error("{detail}")]
    EntrypointMissing {
        /// What cannot be done without the entrypoint, in one lowercase line.
        detail: &'static str,
    },
    /// See [`Reason::FeeTokenMismatch`].
    #[error("in entrypoint mode the fee is paid in the deposit token")]
    FeeTokenMismatch,
    /// See [`Reason::FeeParameters`].
    #[error("a fee needs a fee collector, and a fee collector needs a fee")]
    FeeParameters,
    /// See [`Reason::NonceRequired`].
    #[error("user nonce required for the deposit intent")]
    NonceRequired,
    /// See [`Reason::NonceMismatch`].
    #[error("user nonce {given} is not the owner's current entrypoint nonce {current}")]
    NonceMismatch {
        /// The owner's current nonce at the entrypoint, as the caller passed it in.
        current: U256,
        /// `depositSignature.userNonce`.
        given: U256,
    },
    /// See [`Reason::PermitIncomplete`].
    #[error("permit incomplete")]
    PermitIncomplete,
    /// See [`Reason::PermitNotSupported`].
    #[error("the deposit token does not support erc-2612 permits")]
    PermitNotSupported,
    /// See [`Reason::PermitExpired`].
    #[error("permit expired: deadline {deadline} is before {now_seconds}")]
    PermitExpired {
        /// `floor(now)` in Unix seconds.
        now_seconds: i64,
        /// `depositSignature.permitDeadline` in Unix seconds.
        deadline: u64,
    },
    /// See [`Reason::PermitDeadlineMismatch`].
    #[error("in entrypoint mode the permit deadline is the signature deadline")]
    PermitDeadlineMismatch,
    /// See [`Reason::PermitAmountInsufficient`].
    #[error("permit amount {permitted} is below the {needed} needed")]
    PermitAmountInsufficient {
        /// `permitAmount`.
        permitted: U256,
        /// Deposit amount plus the fee in the same token (saturated at 2^256-1 when the
        /// sum overflows).
        needed: U256,
    },
    /// See [`Reason::DepositUnverified`].
    #[error("deposit unverified: the node's evidence of the deposit transaction was not passed in")]
    DepositUnverified,
    /// See [`Reason::DepositHashMismatch`].
    #[error("deposit evidence is of transaction {evidence:#x}, not {requested:#x}")]
    DepositHashMismatch {
        /// `depositTransactionHash`.
        requested: B256,
        /// The hash the evidence names.
        evidence: B256,
    },
    /// See [`Reason::DepositWrongChain`].
    #[error("deposit on chain {chain_id}, not on the origin chain {origin_chain_id}")]
    DepositWrongChain {
        /// The chain the evidence was read from.
        chain_id: U256,
        /// The intent's `originChainId`.
        origin_chain_id: u64,
    },
    /// See [`Reason::DepositReverted`].
    #[error("deposit transaction reverted (status {status})")]
    DepositReverted {
        /// The receipt's status.
        status: U256,
    },
    /// See [`Reason::DepositUnconfirmed`].
    #[error("deposit unconfirmed: {confirmations} of {required} confirmations")]
    DepositUnconfirmed {
        /// `headBlockNumber - blockNumber + 1` (0 when the head is below the block).
        confirmations: U256,
        /// The policy's `depositConfirmations`.
        required: u64,
    },
    /// See [`Reason::DepositMismatch`].
    #[error("deposit mismatch: the transaction contradicts depositTransaction.{field} ({detail})")]
    DepositMismatch {
        /// The member of the intent's `depositTransaction` the chain contradicts:
        /// `tokenAddress`, `toAddress` or `amount`.
        field: &'static str,
        /// What the transaction does instead.
        detail: &'static str,
    },
    /// See [`Reason::PermitUnverified`].
    #[error("permit signature unverified: the token's permit facts were not passed in")]
    PermitUnverified,
    /// See [`Reason::InvalidSignature`].
    #[error("invalid signature: {0}")]
    InvalidSignature(&'static str),
    /// See [`Reason::SignerMismatch`].
    #[error("signer mismatch: recovered {recovered:#x}, expected {expected:#x}")]
    SignerMismatch {
        /// The address the signature recovers to.
        recovered: alloy_primitives::Address,
        /// The address that should have signed.
        expected: alloy_primitives::Address,
    },
    // Persisted records.
    /// See [`Reason::InvalidRecord`].
    #[error("invalid record: {0}")]
    InvalidRecord(&'static str),
    // Lifecycle.
    /// See [`Reason::InvalidTransition`].
    #[error("invalid transition: {event} is not allowed {}", from_status(from.as_ref()))]
    InvalidTransition {
        /// The record's status; `None` before the intent was quoted.
        from: Option<IntentStatus>,
        /// The event's name.
        event: &'static str,
    },
    /// See [`Reason::ClockWentBackwards`].
    #[error("clock went backwards: {now} is before the last event at {last}")]
    ClockWentBackwards {
        /// The event's time.
        now: Timestamp,
        /// The time of the record's last event.
        last: Timestamp,
    },
    /// See [`Reason::StatusReasonRequired`].
    #[error("a status reason is required")]
    StatusReasonRequired,
    /// See [`Reason::WindowStillOpen`].
    #[error("execution window still open until {closes_at} (now {now})")]
    WindowStillOpen {
        /// The time of the expire event.
        now: Timestamp,
        /// `committedAt + executionWindow`.
        closes_at: Timestamp,
    },
    /// See [`Reason::FactNotAsked`].
    #[error("the record does not ask for {fact} now: {detail}")]
    FactNotAsked {
        /// The fact offered: `a balance` or `an origin receipt`.
        fact: &'static str,
        /// What the record waits for instead.
        detail: &'static str,
    },
    /// See [`Reason::BalanceMismatch`].
    #[error("the balance is not of the precondition's {field}")]
    BalanceMismatch {
        /// The member that differs: `chainId`, `token` or `wallet`.
        field: &'static str,
    },
    /// See [`Reason::PreconditionUnmet`].
    #[error("precondition unmet: balance {amount} is below {at_least}")]
    PreconditionUnmet {
        /// The balance read.
        amount: U256,
        /// The deposit amount it must reach.
        at_least: U256,
    },
    /// See [`Reason::OriginHashMismatch`].
    #[error("origin receipt is of transaction {evidence:#x}, not {following:#x}")]
    OriginHashMismatch {
        /// The hash of the origin transaction the record follows.
        following: B256,
        /// The hash the receipt names.
        evidence: B256,
    },
    /// See [`Reason::OriginWrongChain`].
    #[error("origin receipt from chain {chain_id}, not from the origin chain {origin_chain_id}")]
    OriginWrongChain {
        /// The chain the receipt was read from.
        chain_id: U256,
        /// The intent's `originChainId`.
        origin_chain_id: u64,
    },
    /// See [`Reason::OriginUnconfirmed`].
    #[error("origin transaction unconfirmed: {confirmations} of {required} confirmations")]
    OriginUnconfirmed {
        /// `headBlockNumber - blockNumber + 1` (0 when the head is below the block).
        confirmations: U256,
        /// The policy's `depositConfirmations`.
        required: u64,
    },
    /// See [`Reason::AttestationMismatch`].
    #[error("the attestation is not of the kept burn: {detail}")]
    AttestationMismatch {
        /// What differs.
        detail: &'static str,
    },
    /// See [`Reason::ReceiptHashMismatch`].
    #[error("{transaction} receipt is of transaction {evidence:#x}, not {following:#x}")]
    ReceiptHashMismatch {
        /// `route`, `destination` or `origin`.
        transaction: &'static str,
        /// The hash of the transaction the record follows.
        following: B256,
        /// The hash the fact names.
        evidence: B256,
    },
    /// See [`Reason::ReceiptWrongChain`].
    #[error("{transaction} receipt from chain {chain_id}, not from chain {expected}")]
    ReceiptWrongChain {
        /// `route`, `destination` or `origin`.
        transaction: &'static str,
        /// The chain the fact was read from.
        chain_id: U256,
        /// The chain the transaction runs on.
        expected: u64,
    },
    /// See [`Reason::ReceiptUnconfirmed`].
    #[error("{transaction} transaction unconfirmed: {confirmations} of {required} confirmations")]
    ReceiptUnconfirmed {
        /// `route` or `destination`.
        transaction: &'static str,
        /// `headBlockNumber - blockNumber + 1` (0 when the head is below the block).
        confirmations: U256,
        /// The policy's `depositConfirmations`.
        required: u64,
    },
    /// See [`Reason::DepositAlreadySucceeded`].
    #[error("the deposit already SUCCEEDED: there is no failed deposit to replace")]
    DepositAlreadySucceeded,
    /// See [`Reason::RetryTooLate`].
    #[error("too late for a replacement deposit: {detail}")]
    RetryTooLate {
        /// Which later stage started.
        detail: &'static str,
    },
}

fn from_status(from: Option<&IntentStatus>) -> String {
    match from {
        Some(status) => alloc::format!("in status {status}"),
        None => String::from("before a quote"),
    }
}

fn derived_text(derived: &Option<Address>) -> String {
    match derived {
        Some(address) => alloc::format!("{address}, the wallet derived from the owner and the bundles"),
        None => String::from("derivable: no bundle is on its chain"),
    }
}

fn changed_list(changed: &[String]) -> String {
    if changed.is_empty() {
        String::new()
    } else {
        alloc::format!(" (changed: {})", changed.join(", "))
    }
}

/// A failure: its [`Problem`] and the JSON path of the field concerned
/// (`originCalls.calls[2].to`; empty for the document itself).
///
/// The path is kept whole, however long (it is bounded by the input: at most the
/// document's nesting of its keys); it is built while unwinding, each member or element
/// prepended at the cost of its own segment, so a deep path costs linear time. The error
/// body ([`Error::body`]) cuts it short.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// Boxed so that a `Result<T, Error>` stays one pointer wide on its error side.
    inner: Box<ErrorInner>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct ErrorInner {
    problem: Problem,
    path: path::ReversedPath,
    /// Where a JSON syntax error is in the input.
    position: Option<TextPosition>,
}

/// Where a JSON syntax error is: the byte offset of the offending byte (the input's length
/// when the input ended too early), and its 1-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct TextPosition {
    offset: usize,
    line: usize,
    column: usize,
}

impl Error {
    /// An error at the document root; callers above it add the path on the way out.
    pub fn new(problem: Problem) -> Self {
        Error { inner: Box::new(ErrorInner { problem, path: path::ReversedPath::default(), position: None }) }
    }

    /// The same error located at byte `offset` of the input, on `line` at `column`.
    pub(crate) fn at_position(mut self, offset: usize, line: usize, column: usize) -> Self {
        self.inner.position = Some(TextPosition { offset, line, column });
        self
    }

    /// For a JSON syntax error (`INVALID_JSON` from the reader: a syntax error, invalid
    /// UTF-8, trailing data, input that ends too early), the byte offset of the offending
    /// byte in the input; the input's length when it ended too early. `None` for every
    /// other error, including a duplicate member, which is located by its path.
    pub fn offset(&self) -> Option<usize> {
        self.inner.position.as_ref().map(|p| p.offset)
    }

    /// The line and column of [`Error::offset`], both from 1: lines end at `\n`, and the
    /// column counts characters (Unicode scalar values), not bytes.
    pub fn line_column(&self) -> Option<(usize, usize)> {
        self.inner.position.as_ref().map(|p| (p.line, p.column))
    }

    /// The same error below the already formatted path `prefix`.
    pub(crate) fn within(mut self, prefix: &str) -> Self {
        self.inner.path.prepend_path(prefix);
        self
    }

    /// The same error one member deeper: `key` is prepended to the path. Paths are built
    /// from the inside out: a host that reads one of this crate's objects as the member
    /// `key` of its own document locates the object's errors with this.
    pub fn in_member(mut self, key: &str) -> Self {
        self.inner.path.prepend_key(key);
        self
    }

    /// The same error one array element deeper: `[index]` is prepended to the path.
    pub(crate) fn in_element(mut self, index: usize) -> Self {
        self.inner.path.prepend_index(index);
        self
    }

    /// The stable reason code.
    pub fn reason(&self) -> Reason {
        self.inner.problem.reason()
    }

    /// What went wrong, with its context.
    pub fn problem(&self) -> &Problem {
        &self.inner.problem
    }

    /// The JSON path of the field concerned, or `None` when the error is about the
    /// document as a whole.
    pub fn path(&self) -> Option<&str> {
        (!self.inner.path.is_empty()).then(|| self.inner.path.as_str())
    }

    /// The error body of docs/spec.md §8, bounded: the message is this error's `Display` cut to
    /// [`ErrorBody::MAX_MSG_LEN`] bytes, the path in the cause to
    /// [`ErrorBody::MAX_PATH_LEN`], each marked with [`crate::TRUNCATION_MARKER`] when cut.
    pub fn body(&self) -> ErrorBody {
        use core::fmt::Write;
        let kind = self.reason().kind();
        let mut cause = String::from(self.reason().code());
        if let Some(path) = self.path() {
            cause.push_str(" at ");
            path::push_cut(&mut cause, path, ErrorBody::MAX_PATH_LEN);
        }
        let mut msg = String::new();
        // An `Err` only says the writer cut the message short.
        let _ = write!(path::CutWriter::new(&mut msg, ErrorBody::MAX_MSG_LEN), "{self}");
        ErrorBody { error: kind.name(), code: kind.code(), msg, cause, status: kind.http_status() }
    }
}

/// `<problem>[ at <path>]`, and for a syntax error `[ at|,] line L column C`.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.inner.problem)?;
        match (self.path(), self.line_column()) {
            (Some(path), Some((line, column))) => write!(f, " at {path}, line {line} column {column}"),
            (Some(path), None) => write!(f, " at {path}"),
            (None, Some((line, column))) => write!(f, " at line {line} column {column}"),
            (None, None) => Ok(()),
        }
    }
}

impl core::error::Error for Error {}

impl From<Problem> for Error {
    fn from(problem: Problem) -> Self {
        Error::new(problem)
    }
}

/// The body the service answers an error with (docs/spec.md §8):
/// `{"error","code","msg","cause","status"}`.
///
/// Its size is bounded whatever the input: the message and the paths are cut short (see
/// the constants), so [`ErrorBody::to_json_with`], the longest form, is at most
/// [`ErrorBody::MAX_JSON_LEN`] (12 544) bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErrorBody {
    /// The kind's name, e.g. `InvalidArgument`.
    pub error: &'static str,
    /// The kind's number, e.g. 2000.
    pub code: i32,
    /// The error's one-line lowercase message.
    pub msg: String,
    /// The reason code, followed by ` at <path>` when a field is concerned.
    pub cause: String,
    /// The HTTP status.
    pub status: u16,
}

impl ErrorBody {
    /// The longest `msg` in bytes, before [`crate::TRUNCATION_MARKER`]: 1024.
    pub const MAX_MSG_LEN: usize = 1024;

    /// The longest path in bytes in `cause` and in `to_json_with`'s `path`, before
    /// [`crate::TRUNCATION_MARKER`]: 512. ([`Error::path`] keeps the whole path.)
    pub const MAX_PATH_LEN: usize = 512;

    /// The longest JSON text [`ErrorBody::to_json`] and [`ErrorBody::to_json_with`] write,
    /// in bytes: 12 544. Escaping writes at most 6 bytes per byte of text, so the message
    /// and two paths take at most `6 * (MAX_MSG_LEN + 2 * MAX_PATH_LEN)`; names, numbers,
    /// the reason code, punctuation and the markers take less than the 256 added.
    pub const MAX_JSON_LEN: usize = 256 + 6 * (Self::MAX_MSG_LEN + 2 * Self::MAX_PATH_LEN);

    /// The body as one line of JSON, members in the order of docs/spec.md §8.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_members(&mut out);
        out.push('}');
        out
    }

    /// The body with the error's `reason` and `path` members added (`null` when no field is
    /// concerned), for a front end that answers with them too (docs/spec.md §10, §13); the
    /// path is cut to [`ErrorBody::MAX_PATH_LEN`] bytes as in `cause`.
    pub fn to_json_with(&self, error: &Error) -> String {
        let mut out = String::new();
        self.write_members(&mut out);
        out.push_str(",\"reason\":");
        crate::text::write_string(&mut out, error.reason().code());
        out.push_str(",\"path\":");
        match error.path() {
            Some(path) => {
                let mut cut = String::new();
                path::push_cut(&mut cut, path, ErrorBody::MAX_PATH_LEN);
                crate::text::write_string(&mut out, &cut);
            }
            None => out.push_str("null"),
        }
        out.push('}');
        out
    }

    fn write_members(&self, out: &mut String) {
        use core::fmt::Write;
        out.push_str("{\"error\":");
        crate::text::write_string(out, self.error);
        let _ = write!(out, ",\"code\":{},\"msg\":", self.code);
        crate::text::write_string(out, &self.msg);
        out.push_str(",\"cause\":");
        crate::text::write_string(out, &self.cause);
        let _ = write!(out, ",\"status\":{}", self.status);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    /// One problem of each reason, chosen by an exhaustive match on the reason: with the
    /// exhaustive [`Problem::reason`], every reason has exactly one way to be built.
    fn problem_of(reason: Reason) -> Problem {
        let now = Timestamp::MIN;
        match reason {
            Reason::InvalidJson => Problem::InvalidJson("trailing data"),
            Reason::MissingField => Problem::MissingField,
            Reason::InvalidType => Problem::InvalidType { expected: "a string" },
            Reason::InvalidAddress => Problem::InvalidAddress,
            Reason::InvalidChecksum => Problem::InvalidChecksum,
            Reason::InvalidHex => Problem::InvalidHex("odd length"),
            Reason::InvalidNumber => Problem::InvalidNumber("negative"),
            Reason::NumberOutOfRange => Problem::NumberOutOfRange("above 2^64-1"),
            Reason::InvalidTimestamp => Problem::InvalidTimestamp("not rfc 3339"),
            Reason::InvalidEnum => Problem::InvalidEnum { expected: "A or B" },
            Reason::LimitExceeded => Problem::LimitExceeded { what: "nesting depth", limit: 64 },
            Reason::InvalidChainId => Problem::InvalidChainId,
            Reason::TradeTypeAmount => {
                Problem::TradeTypeAmount { detail: "exact input forbids destinationTokenAmount" }
            }
            Reason::SwapProviderCrossChain => Problem::SwapProviderCrossChain,
            Reason::SlippageOutOfRange => Problem::SlippageOutOfRange,
            Reason::CallValueWithoutData => Problem::CallValueWithoutData,
            Reason::NothingToDo => Problem::NothingToDo,
            Reason::IntentInconsistent => Problem::IntentInconsistent { detail: "toAmountMin is above toAmount" },
            Reason::IntentAddressMismatch => Problem::IntentAddressMismatch { given: Address::ZERO, derived: None },
            Reason::PreconditionMismatch => Problem::PreconditionMismatch { detail: "another token" },
            Reason::MetaTransactionMismatch => Problem::MetaTransactionMismatch { detail: "another input" },
            Reason::WrongStatus => Problem::WrongStatus { status: IntentStatus::Failed },
            Reason::QuoteLifetime => Problem::QuoteLifetime { now, expires_at: now, latest: now },
            Reason::IntentModified => {
                Problem::IntentModified { expected: B256::ZERO, actual: B256::ZERO, changed: Vec::new() }
            }
            Reason::QuoteExpired => Problem::QuoteExpired { now, expires_at: now },
            Reason::FeeOptionsExpired => Problem::FeeOptionsExpired { now, expires_at: now },
            Reason::ServiceContractsMismatch => Problem::ServiceContractsMismatch,
            Reason::IntentIdMismatch => Problem::IntentIdMismatch,
            Reason::DepositProofMissing => Problem::DepositProofMissing,
            Reason::DepositProofConflict => Problem::DepositProofConflict,
            Reason::ExecutionWindowExpired => Problem::ExecutionWindowExpired { now, closed_at: now },
            Reason::DepositUnverified => Problem::DepositUnverified,
            Reason::DepositHashMismatch => Problem::DepositHashMismatch { requested: B256::ZERO, evidence: B256::ZERO },
            Reason::DepositWrongChain => Problem::DepositWrongChain { chain_id: U256::from(2), origin_chain_id: 1 },
            Reason::DepositReverted => Problem::DepositReverted { status: U256::ZERO },
            Reason::DepositUnconfirmed => Problem::DepositUnconfirmed { confirmations: U256::ZERO, required: 1 },
            Reason::DepositMismatch => Problem::DepositMismatch { field: "amount", detail: "a transfer of less" },
            Reason::FeeOptionNotOffered => Problem::FeeOptionNotOffered,
            Reason::NativeFeeRequired => Problem::NativeFeeRequired,
            Reason::SignatureExpired => Problem::SignatureExpired { now_seconds: 1, deadline: 0 },
            Reason::GaslessNativeDeposit => Problem::GaslessNativeDeposit,
            Reason::EntrypointMissing => Problem::EntrypointMissing { detail: "the intent has no entrypoint" },
            Reason::FeeTokenMismatch => Problem::FeeTokenMismatch,
            Reason::FeeParameters => Problem::FeeParameters,
            Reason::NonceRequired => Problem::NonceRequired,
            Reason::NonceMismatch => Problem::NonceMismatch { current: U256::from(1), given: U256::ZERO },
            Reason::PermitIncomplete => Problem::PermitIncomplete,
            Reason::PermitNotSupported => Problem::PermitNotSupported,
            Reason::PermitExpired => Problem::PermitExpired { now_seconds: 1, deadline: 0 },
            Reason::PermitDeadlineMismatch => Problem::PermitDeadlineMismatch,
            Reason::PermitAmountInsufficient => {
                Problem::PermitAmountInsufficient { permitted: U256::ZERO, needed: U256::from(1) }
            }
            Reason::PermitUnverified => Problem::PermitUnverified,
            Reason::InvalidSignature => Problem::InvalidSignature("high s"),
            Reason::SignerMismatch => Problem::SignerMismatch {
                recovered: alloy_primitives::Address::ZERO,
                expected: alloy_primitives::Address::ZERO,
            },
            Reason::InvalidRecord => Problem::InvalidRecord("unknown version"),
            Reason::InvalidTransition => Problem::InvalidTransition { from: None, event: "commit" },
            Reason::ClockWentBackwards => Problem::ClockWentBackwards { now, last: now },
            Reason::StatusReasonRequired => Problem::StatusReasonRequired,
            Reason::WindowStillOpen => Problem::WindowStillOpen { now, closes_at: now },
            Reason::FactNotAsked => Problem::FactNotAsked { fact: "a balance", detail: "the deposit is not SUCCEEDED" },
            Reason::BalanceMismatch => Problem::BalanceMismatch { field: "token" },
            Reason::PreconditionUnmet => Problem::PreconditionUnmet { amount: U256::ZERO, at_least: U256::from(1) },
            Reason::OriginHashMismatch => Problem::OriginHashMismatch { following: B256::ZERO, evidence: B256::ZERO },
            Reason::OriginWrongChain => Problem::OriginWrongChain { chain_id: U256::from(2), origin_chain_id: 1 },
            Reason::OriginUnconfirmed => Problem::OriginUnconfirmed { confirmations: U256::ZERO, required: 1 },
            Reason::AttestationMismatch => Problem::AttestationMismatch { detail: "another burn" },
            Reason::ReceiptHashMismatch => {
                Problem::ReceiptHashMismatch { transaction: "route", following: B256::ZERO, evidence: B256::ZERO }
            }
            Reason::ReceiptWrongChain => {
                Problem::ReceiptWrongChain { transaction: "route", chain_id: U256::from(2), expected: 1 }
            }
            Reason::ReceiptUnconfirmed => {
                Problem::ReceiptUnconfirmed { transaction: "route", confirmations: U256::ZERO, required: 1 }
            }
            Reason::DepositAlreadySucceeded => Problem::DepositAlreadySucceeded,
            Reason::RetryTooLate => Problem::RetryTooLate { detail: "a balance met the precondition" },
        }
    }

    #[test]
    fn every_reason_is_built_by_exactly_one_problem_of_its_name() {
        for &reason in Reason::ALL {
            let problem = problem_of(reason);
            assert_eq!(problem.reason(), reason);
            // The variant is named after the reason: its Debug text starts with that name.
            let name = alloc::format!("{reason:?}");
            let debug = alloc::format!("{problem:?}");
            let variant = debug.split(['(', ' ', '{']).next().unwrap_or_default();
            assert_eq!(variant, name, "{reason}");
            assert!(!problem.to_string().is_empty(), "{reason}");
        }
        let mut codes: Vec<&str> = Reason::ALL.iter().map(|r| r.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), Reason::ALL.len());
    }
}
