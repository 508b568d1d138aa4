//! The failures only a server has (docs/spec.md §8): an unknown intent id, a missing or
//! unknown access key, a lost compare-and-swap race, a reused deposit proof, a body too
//! large to read, an internal failure. The core never produces them; a host answers them
//! with [`ServerFailure::body`], so that every body it sends has the shape of
//! [`crate::Error::body`].
//!
//! What does not live here: the core's own rules and their reasons ([`crate::Reason`]).

use alloc::format;
use alloc::string::String;

use crate::error::{ErrorBody, ErrorKind};
use crate::path;

/// A failure a server answers with, in the error body of docs/spec.md §8.
///
/// Its `cause` is a stable code in the style of the core's reasons, followed by the path
/// of the field concerned where there is one:
///
/// | failure | cause | kind (code, HTTP) |
/// |---|---|---|
/// | [`IntentNotFound`](ServerFailure::IntentNotFound) | `INTENT_NOT_FOUND at intentId` | NotFound (2003, 404) |
/// | [`AccessKeyMissing`](ServerFailure::AccessKeyMissing) | `ACCESS_KEY_MISSING` | Unauthenticated (1001, 401) |
/// | [`AccessKeyUnknown`](ServerFailure::AccessKeyUnknown) | `ACCESS_KEY_UNKNOWN` | Unauthenticated (1001, 401) |
/// | [`RevisionConflict`](ServerFailure::RevisionConflict) | `REVISION_CONFLICT` | RequestConflict (1004, 409) |
/// | [`DepositProofUsed`](ServerFailure::DepositProofUsed) | `DEPOSIT_PROOF_USED at <path>` | RequestConflict (1004, 409) |
/// | [`PayloadTooLarge`](ServerFailure::PayloadTooLarge) | `PAYLOAD_TOO_LARGE` | PayloadTooLarge (2005, 413) |
/// | [`UnknownMethod`](ServerFailure::UnknownMethod) | `UNKNOWN_METHOD` | NotFound (2003, 404) |
/// | [`Internal`](ServerFailure::Internal) | `INTERNAL` | InternalError (5000, 500) |
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ServerFailure<'a> {
    /// No record has the intent id asked for.
    IntentNotFound {
        /// The id asked for (cut in the message like any path).
        intent_id: &'a str,
    },
    /// The request carries no access key.
    AccessKeyMissing,
    /// The request's access key is not one the server knows (or not one allowed to call
    /// the method).
    AccessKeyUnknown,
    /// Another request changed the record between this one's read and its write, and the
    /// event no longer applies as it did (docs/spec.md §6.3).
    RevisionConflict,
    /// The deposit proof (a deposit transaction hash, or an owner's entrypoint nonce)
    /// already started another intent.
    DepositProofUsed {
        /// The path of the proof in the ExecuteRequest, e.g. `depositTransactionHash`.
        path: &'a str,
    },
    /// The request body is longer than the server reads.
    PayloadTooLarge {
        /// The most bytes the server reads.
        limit: usize,
    },
    /// The server has no method at the path asked for.
    UnknownMethod,
    /// The server failed (its database, a bug). The message says nothing more, so that no
    /// internal detail leaks; log it instead.
    Internal,
}

impl ServerFailure<'_> {
    /// The error kind that carries this failure.
    pub const fn kind(&self) -> ErrorKind {
        match self {
            ServerFailure::IntentNotFound { .. } | ServerFailure::UnknownMethod => ErrorKind::NotFound,
            ServerFailure::AccessKeyMissing | ServerFailure::AccessKeyUnknown => ErrorKind::Unauthenticated,
            ServerFailure::RevisionConflict | ServerFailure::DepositProofUsed { .. } => ErrorKind::Conflict,
            ServerFailure::PayloadTooLarge { .. } => ErrorKind::PayloadTooLarge,
            ServerFailure::Internal => ErrorKind::Internal,
        }
    }

    /// The stable code that opens the body's `cause`.
    pub const fn code(&self) -> &'static str {
        match self {
            ServerFailure::IntentNotFound { .. } => "INTENT_NOT_FOUND",
            ServerFailure::AccessKeyMissing => "ACCESS_KEY_MISSING",
            ServerFailure::AccessKeyUnknown => "ACCESS_KEY_UNKNOWN",
            ServerFailure::RevisionConflict => "REVISION_CONFLICT",
            ServerFailure::DepositProofUsed { .. } => "DEPOSIT_PROOF_USED",
            ServerFailure::PayloadTooLarge { .. } => "PAYLOAD_TOO_LARGE",
            ServerFailure::UnknownMethod => "UNKNOWN_METHOD",
            ServerFailure::Internal => "INTERNAL",
        }
    }

    /// The path of the field concerned, if any.
    pub const fn path(&self) -> Option<&str> {
        match self {
            ServerFailure::IntentNotFound { .. } => Some("intentId"),
            ServerFailure::DepositProofUsed { path } => Some(path),
            _ => None,
        }
    }

    /// The error body, bounded like the core's ([`ErrorBody::MAX_JSON_LEN`]): the intent
    /// id and the path are cut to [`ErrorBody::MAX_PATH_LEN`] bytes.
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
            ServerFailure::AccessKeyUnknown => String::from("the access key is not valid for this method"),
            ServerFailure::RevisionConflict => {
                String::from("the record was changed by another request; read it again and retry")
            }
            ServerFailure::DepositProofUsed { .. } => String::from("the deposit proof already started another intent"),
            ServerFailure::PayloadTooLarge { limit } => format!("the request body is longer than {limit} bytes"),
            ServerFailure::UnknownMethod => String::from("no such method"),
            ServerFailure::Internal => String::from("internal error"),
        };
        ErrorBody { error: kind.name(), code: kind.code(), msg, cause, status: kind.http_status() }
    }
}
