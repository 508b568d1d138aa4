#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[doc(hidden)]
pub mod __private;
mod canonical;
pub mod cctp;
#[cfg(feature = "std")]
mod clock;
pub mod eip712;
mod error;
#[cfg(fuzzing)]
#[doc(hidden)]
pub mod fuzz;
mod json;
mod lifecycle;
mod limits;
mod object_list;
mod path;
mod policy;
pub mod rules;
#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod serde_bridge;
mod server_failure;
mod text;
mod values;
pub mod wallet;
mod wire;

use alloc::string::String;

pub use alloy_primitives::{Address, Bytes, B256, U256};
pub use canonical::Canonical;
pub use error::{Error, ErrorBody, ErrorKind, Problem, Reason};
pub use json::Sink;
pub use lifecycle::state::{EntrypointNamesState, PolicyState, RecordState, StatePart, RECORD_STATE_VERSION};
pub use lifecycle::{Applied, Event, EventInput, IntentRecord, Step, WINDOW_EXPIRED_REASON};
pub use limits::Limits;
pub use path::TRUNCATION_MARKER;
pub use policy::Policy;
pub use rules::facts::{
    AttestationFact, BalanceFact, ChainFacts, DepositEvidence, EvidenceLog, EvidenceReceipt, EvidenceTransaction,
    OriginEvidence, OriginGone, TokenPermit,
};
pub use server_failure::ServerFailure;
pub use values::{AddressOrEmpty, Decimal, Quantity, TextOrDecimal, Timestamp};
pub use wire::diff::{changed_paths, MAX_CHANGED_PATHS, MAX_CHANGED_PATH_LEN};
pub use wire::enums::{
    ChainGasUsageStatus, IntentStatus, RouteProvider, TradeType, TransactionContext, TransactionStatus, TransactionType,
};
pub use wire::history::{
    GetIntentHistoryRequest, GetIntentHistoryResponse, IntentAddressBalance, IntentHistory, IntentTokenBalance, Page,
    SearchIntentsRequest, SearchIntentsResponse,
};
pub use wire::objects::{
    AddressOverrides, Call, CallBundle, CommitRequest, CommitResponse, DepositSignature, DepositTransaction,
    ExecuteRequest, ExecuteResponse, FeeOption, Fees, GasDetail, GasEstimate, GasFeeOptions, Intent, MetaTxn,
    MetaTxnFeeDetails, Precondition, PriceImpact, PriceImpactDetails, ProviderFees, Quote, QuoteOptions, QuoteRequest,
    QuoteResponse, ServiceContracts,
};
pub use wire::receipt::{
    AbortIntentRequest, AbortIntentResponse, GetIntentReceiptRequest, GetIntentReceiptResponse, GetIntentRequest,
    GetIntentResponse, IntentReceipt, IntentReceiptSummary, IntentTransaction, TokenMetadata, TransactionReport,
    WaitIntentReceiptRequest, WaitIntentReceiptResponse,
};
pub use wire::runtime::{ClockResponse, PingResponse, RuntimeStatus, RuntimeStatusResponse, ServiceStatus};
pub use wire::{UnknownMember, UnknownMembers};

/// An object of docs/spec.md §2: parsed by [`from_slice`], written by [`to_string`], hashed by
/// [`Canonical`]. Implemented by this crate's objects and by the documents a host declares
/// with [`wire_object!`].
pub trait WireObject: wire::wire_value::WireValue {}

/// Parses one object of docs/spec.md §2 from JSON with the default [`Limits`].
///
/// ```
/// use intent_core::{from_slice, Reason, Call};
///
/// let call: Call = from_slice(br#"{"to":"0x0000000000000000000000000000000000000001","value":"7"}"#)?;
/// assert_eq!(call.value, Some(intent_core::U256::from(7)));
///
/// let err = from_slice::<Call>(br#"{"to":"0x1234"}"#).unwrap_err();
/// assert_eq!((err.reason(), err.path()), (Reason::InvalidAddress, Some("to")));
/// # Ok::<(), intent_core::Error>(())
/// ```
pub fn from_slice<T: WireObject>(bytes: &[u8]) -> Result<T, Error> {
    from_slice_with(bytes, &Limits::DEFAULT)
}

/// Parses one object of docs/spec.md §2 from JSON with the given limits.
pub fn from_slice_with<T: WireObject>(bytes: &[u8], limits: &Limits) -> Result<T, Error> {
    let mut reader = wire::reader(bytes, limits)?;
    let value = T::read(&mut reader)?;
    reader.finish()?;
    Ok(value)
}

/// Writes an object in its wire form (docs/spec.md §1): decimal-string `uint`s, EIP-55
/// addresses, unknown members as received. Members are in canonical key order.
pub fn to_string<T: WireObject>(value: &T) -> String {
    let mut out = text::DocumentSink::new();
    value.write(&mut out, wire::wire_value::Form::Wire);
    out.text
}
