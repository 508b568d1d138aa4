//! Errors: the stable reason codes, the JSON path of the offending field, and the
//! service-shaped error body of SPEC §8.
//!
//! Every failure in the crate is an [`Error`]: a [`Problem`] (what went wrong, with its
//! context) and the path of the field concerned. The reason code of a problem never
//! changes once published; new codes may be added.

use alloc::string::String;
use core::fmt;

use crate::path;

/// The stable, machine-readable code of a rule (SPEC §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Reason {
    /// The document is not JSON: a syntax error, invalid UTF-8, a lone surrogate, a
    /// duplicate member, trailing data or an empty document.
    InvalidJson,
    /// A required member is absent or `null`.
    MissingField,
    /// A member holds a JSON value of the wrong type (a number where an object belongs).
    InvalidType,
    /// An address is not `0x` followed by 40 hex digits.
    InvalidAddress,
    /// A mixed-case address is not a valid EIP-55 checksum.
    InvalidChecksum,
    /// A `bytes` or `bytes32` value is not `0x` followed by an even (or the exact) number
    /// of hex digits.
    InvalidHex,
    /// A number is not a non-negative integer where one is required (negative, a fraction,
    /// a non-decimal string), or a decimal is not a JSON number.
    InvalidNumber,
    /// An integer is larger than its kind allows, or a decimal is not a finite `f64`.
    NumberOutOfRange,
    /// A timestamp is not an RFC 3339 date-time, or names no real instant in years 0–9999.
    InvalidTimestamp,
    /// A string is not one of an enum's names.
    InvalidEnum,
    /// A configured input limit (SPEC §9) is exceeded.
    LimitExceeded,
    /// A signature is malformed (not 65 bytes, `v` not 0, 1, 27 or 28, `r` or `s` zero,
    /// `r` not below the curve order, `s` above n/2) or no public key recovers from it.
    InvalidSignature,
    /// A signature recovers to someone other than the expected signer.
    SignerMismatch,
    /// The entrypoint-mode deposit intent needs `depositSignature.userNonce`.
    NonceRequired,
    /// A permit lacks one of the fields its message needs.
    PermitIncomplete,
}

impl Reason {
    /// Every reason code, in catalogue order.
    pub const ALL: &'static [Reason] = &[
        Reason::InvalidJson,
        Reason::MissingField,
        Reason::InvalidType,
        Reason::InvalidAddress,
        Reason::InvalidChecksum,
        Reason::InvalidHex,
        Reason::InvalidNumber,
        Reason::NumberOutOfRange,
        Reason::InvalidTimestamp,
        Reason::InvalidEnum,
        Reason::LimitExceeded,
        Reason::InvalidSignature,
        Reason::SignerMismatch,
        Reason::NonceRequired,
        Reason::PermitIncomplete,
    ];

    /// The code as it travels: `SCREAMING_SNAKE_CASE`.
    pub const fn code(self) -> &'static str {
        match self {
            Reason::InvalidJson => "INVALID_JSON",
            Reason::MissingField => "MISSING_FIELD",
            Reason::InvalidType => "INVALID_TYPE",
            Reason::InvalidAddress => "INVALID_ADDRESS",
            Reason::InvalidChecksum => "INVALID_CHECKSUM",
            Reason::InvalidHex => "INVALID_HEX",
            Reason::InvalidNumber => "INVALID_NUMBER",
            Reason::NumberOutOfRange => "NUMBER_OUT_OF_RANGE",
            Reason::InvalidTimestamp => "INVALID_TIMESTAMP",
            Reason::InvalidEnum => "INVALID_ENUM",
            Reason::LimitExceeded => "LIMIT_EXCEEDED",
            Reason::InvalidSignature => "INVALID_SIGNATURE",
            Reason::SignerMismatch => "SIGNER_MISMATCH",
            Reason::NonceRequired => "NONCE_REQUIRED",
            Reason::PermitIncomplete => "PERMIT_INCOMPLETE",
        }
    }

    /// The error kind of SPEC §8 that carries this reason.
    pub const fn kind(self) -> ErrorKind {
        match self {
            Reason::InvalidJson
            | Reason::MissingField
            | Reason::InvalidType
            | Reason::InvalidAddress
            | Reason::InvalidChecksum
            | Reason::InvalidHex
            | Reason::InvalidNumber
            | Reason::NumberOutOfRange
            | Reason::InvalidTimestamp
            | Reason::InvalidEnum
            | Reason::LimitExceeded
            | Reason::NonceRequired
            | Reason::PermitIncomplete => ErrorKind::InvalidArgument,
            Reason::InvalidSignature | Reason::SignerMismatch => ErrorKind::Unauthorized,
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The error kinds of the service's RPC errors (SPEC §8). Their numbers never change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Parsing and validation: code 2000, HTTP 400.
    InvalidArgument,
    /// Lifecycle and window errors: code 2004, HTTP 422.
    IntentStatus,
    /// An expired quote: code 7001, HTTP 400.
    QuoteExpired,
    /// Bad signatures: code 1000, HTTP 401.
    Unauthorized,
}

impl ErrorKind {
    /// The kind's name as the service writes it in `"error"`.
    pub const fn name(self) -> &'static str {
        match self {
            ErrorKind::InvalidArgument => "InvalidArgument",
            ErrorKind::IntentStatus => "IntentStatus",
            ErrorKind::QuoteExpired => "QuoteExpired",
            ErrorKind::Unauthorized => "Unauthorized",
        }
    }

    /// The service's numeric error code.
    pub const fn code(self) -> u32 {
        match self {
            ErrorKind::InvalidArgument => 2000,
            ErrorKind::IntentStatus => 2004,
            ErrorKind::QuoteExpired => 7001,
            ErrorKind::Unauthorized => 1000,
        }
    }

    /// The HTTP status the service answers with.
    pub const fn http_status(self) -> u16 {
        match self {
            ErrorKind::InvalidArgument => 400,
            ErrorKind::IntentStatus => 422,
            ErrorKind::QuoteExpired => 400,
            ErrorKind::Unauthorized => 401,
        }
    }
}

/// What went wrong, with the context needed to say it in one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Problem {
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
    /// See [`Reason::NonceRequired`].
    #[error("user nonce required for the deposit intent")]
    NonceRequired,
    /// See [`Reason::PermitIncomplete`].
    #[error("permit incomplete")]
    PermitIncomplete,
}

impl Problem {
    /// The reason code of this problem.
    pub const fn reason(&self) -> Reason {
        match self {
            Problem::InvalidJson(_) => Reason::InvalidJson,
            Problem::MissingField => Reason::MissingField,
            Problem::InvalidType { .. } => Reason::InvalidType,
            Problem::InvalidAddress => Reason::InvalidAddress,
            Problem::InvalidChecksum => Reason::InvalidChecksum,
            Problem::InvalidHex(_) => Reason::InvalidHex,
            Problem::InvalidNumber(_) => Reason::InvalidNumber,
            Problem::NumberOutOfRange(_) => Reason::NumberOutOfRange,
            Problem::InvalidTimestamp(_) => Reason::InvalidTimestamp,
            Problem::InvalidEnum { .. } => Reason::InvalidEnum,
            Problem::LimitExceeded { .. } => Reason::LimitExceeded,
            Problem::InvalidSignature(_) => Reason::InvalidSignature,
            Problem::SignerMismatch { .. } => Reason::SignerMismatch,
            Problem::NonceRequired => Reason::NonceRequired,
            Problem::PermitIncomplete => Reason::PermitIncomplete,
        }
    }
}

/// A failure: its [`Problem`] and the JSON path of the field concerned
/// (`originCalls.calls[2].to`; empty for the document itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    problem: Problem,
    path: String,
}

impl Error {
    /// An error at the document root; callers above it add the path on the way out.
    pub fn new(problem: Problem) -> Self {
        Error { problem, path: String::new() }
    }

    /// The same error one member deeper: `key` is prepended to the path.
    pub(crate) fn in_member(mut self, key: &str) -> Self {
        self.path = path::prepend_key(key, &self.path);
        self
    }

    /// The same error one array element deeper: `[index]` is prepended to the path.
    pub(crate) fn in_element(mut self, index: usize) -> Self {
        self.path = path::prepend_index(index, &self.path);
        self
    }

    /// The stable reason code.
    pub fn reason(&self) -> Reason {
        self.problem.reason()
    }

    /// What went wrong, with its context.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The JSON path of the field concerned, or `None` when the error is about the
    /// document as a whole.
    pub fn path(&self) -> Option<&str> {
        (!self.path.is_empty()).then_some(self.path.as_str())
    }

    /// The error body of SPEC §8.
    pub fn body(&self) -> ErrorBody {
        let kind = self.reason().kind();
        let mut cause = String::from(self.reason().code());
        if let Some(path) = self.path() {
            cause.push_str(" at ");
            cause.push_str(path);
        }
        ErrorBody {
            error: kind.name(),
            code: kind.code(),
            msg: alloc::format!("{self}"),
            cause,
            status: kind.http_status(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.path() {
            Some(path) => write!(f, "{} at {}", self.problem, path),
            None => write!(f, "{}", self.problem),
        }
    }
}

impl core::error::Error for Error {}

impl From<Problem> for Error {
    fn from(problem: Problem) -> Self {
        Error::new(problem)
    }
}

/// The body the service answers an error with (SPEC §8):
/// `{"error","code","msg","cause","status"}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErrorBody {
    /// The kind's name, e.g. `InvalidArgument`.
    pub error: &'static str,
    /// The kind's number, e.g. 2000.
    pub code: u32,
    /// The error's one-line lowercase message.
    pub msg: String,
    /// The reason code, followed by ` at <path>` when a field is concerned.
    pub cause: String,
    /// The HTTP status.
    pub status: u16,
}

impl ErrorBody {
    /// The body as one line of JSON, members in the order of SPEC §8.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_members(&mut out);
        out.push('}');
        out
    }

    /// The body with `reason` and `path` members added, as `intentctl` prints it.
    pub fn to_json_with(&self, error: &Error) -> String {
        let mut out = String::new();
        self.write_members(&mut out);
        out.push_str(",\"reason\":");
        crate::json::write_string(&mut out, error.reason().code());
        out.push_str(",\"path\":");
        match error.path() {
            Some(path) => crate::json::write_string(&mut out, path),
            None => out.push_str("null"),
        }
        out.push('}');
        out
    }

    fn write_members(&self, out: &mut String) {
        use core::fmt::Write;
        out.push_str("{\"error\":");
        crate::json::write_string(out, self.error);
        let _ = write!(out, ",\"code\":{},\"msg\":", self.code);
        crate::json::write_string(out, &self.msg);
        out.push_str(",\"cause\":");
        crate::json::write_string(out, &self.cause);
        let _ = write!(out, ",\"status\":{}", self.status);
    }
}
