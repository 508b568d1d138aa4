//! serde support (feature `serde`, docs/spec.md §11.1): `Serialize` and `Deserialize` for
//! every object declared with [`wire_object!`](crate::wire_object), every enum and value
//! kind, and for [`ErrorBody`](crate::ErrorBody), all through this crate's own
//! writer and reader, so that serde sees exactly the text, values, limits, reason codes and
//! paths of [`crate::to_string`] and [`crate::from_slice`].
//!
//! What lives here: the two generic entry points [`serialize`] and [`deserialize`] that
//! the generated impls call, and the macro generating those impls. The translation between
//! serde's data model and JSON text for formats other than JSON lives in `transcode`.
//!
//! # Design
//!
//! serde_json (with its `raw_value` feature, which this crate turns on) knows one magic
//! newtype name, [`RAW_VALUE_TOKEN`]:
//!
//! - **Writing.** A human-readable serializer is handed the crate's wire text as a raw
//!   value: serde_json writes it verbatim (so `serde_json::to_string(&x)` is byte-identical
//!   to `intent_core::to_string(&x)`). A binary serializer (`is_human_readable() ==
//!   false`: CBOR, MessagePack) and serde_json's `Value` serializer get the same text
//!   translated into serde's data model: maps, sequences, strings (every `uint` is a
//!   decimal string in that text), integers within `u64`/`i64`, and `f64`s read exactly
//!   by this crate (`Value` would parse raw text with serde_json's faster, inexact float
//!   parser and turn `0.9999999999999999` into `1`). A number of an unknown member beyond
//!   `u64`/`i64` travels as the `f64` nearest to it: those formats carry no other number.
//! - **Reading.** The deserializer is asked for the raw value: serde_json only skims the
//!   bytes and hands over the value's text, which the crate's reader then parses with the
//!   default [`Limits`](crate::Limits) (exact `uint`s up to 2^256−1 written as bare
//!   numbers, whether or not `arbitrary_precision` is on). Other deserializers answer with
//!   ordinary visits; these are written back into JSON text (`transcode`) under the same
//!   limits and parsed the same way. A number that reaches that path as an `f64` is
//!   written with a fraction or an exponent and the reader is told so: it is then no
//!   `uint` (`INVALID_NUMBER`), never a rounded one.
//! - **serde_json's `Value`.** `Value` also answers the raw-value request, by writing
//!   itself out, and a big integer it holds as an `f64` would come back as a rounded
//!   number text that cannot be told from input. A `Value` (or a reference to one) is
//!   therefore read through the ordinary visits instead, and written into through the
//!   data model, both recognised by their type names (`serde_json::value::…`).
//! - **Errors** carry the reason code and the library's message with its path:
//!   `INVALID_ADDRESS: invalid address at call.to`.

mod transcode;

use alloc::format;
use alloc::string::String;

use serde::de::{Deserializer, Error as _};
use serde::ser::{Error as _, SerializeStruct, Serializer};

use crate::wire::wire_value::{Form, WireValue};
use crate::{Error, Limits};

/// The newtype name serde_json gives raw JSON text (`serde_json::value::RawValue`).
pub const RAW_VALUE_TOKEN: &str = "$serde_json::private::RawValue";

/// The map key under which serde_json's `arbitrary_precision` passes a number's text.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// Writes `value` through `serializer` (see the module doc).
pub fn serialize<T: WireValue, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    let mut text = String::new();
    value.write(&mut text, Form::Wire);
    serialize_json_text(&text, serializer)
}

/// Writes one JSON value this crate wrote, `text`, through `serializer`.
fn serialize_json_text<S: Serializer>(text: &str, serializer: S) -> Result<S::Ok, S::Error> {
    if serializer.is_human_readable() && !is_serde_json_value::<S>() {
        let mut raw = serializer.serialize_struct(RAW_VALUE_TOKEN, 1)?;
        raw.serialize_field(RAW_VALUE_TOKEN, text)?;
        raw.end()
    } else {
        transcode::JsonTree::parse(text).map_err(|e| S::Error::custom(message(&e)))?.serialize(serializer)
    }
}

/// Reads a `T` from `deserializer` (see the module doc).
pub fn deserialize<'de, T: WireValue, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
    let limits = &Limits::DEFAULT;
    let source = if is_serde_json_value::<D>() {
        transcode::from_data_model(deserializer, limits)?
    } else {
        deserializer.deserialize_newtype_struct(RAW_VALUE_TOKEN, transcode::TopVisitor { limits })?
    };
    source.parse::<T>(limits).map_err(|e| D::Error::custom(message(&e)))
}

/// Whether `T` is serde_json's `Value`, `&Value` or `Map`, or the serializer into a
/// `Value` (see the module doc). serde has no other way to tell a deserializer or a
/// serializer apart; a test checks the names against serde_json.
fn is_serde_json_value<T>() -> bool {
    let name = core::any::type_name::<T>().trim_start_matches('&');
    name.starts_with("serde_json::value::") || name.starts_with("serde_json::map::")
}

/// `REASON_CODE: message[ at path]`: what a serde error says of a library error.
fn message(error: &Error) -> String {
    format!("{}: {}", error.reason().code(), error)
}

/// The error body as [`ErrorBody::to_json`](crate::ErrorBody::to_json) writes it.
impl serde::Serialize for crate::ErrorBody {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_json_text(&self.to_json(), serializer)
    }
}

crate::wire_object! {
    /// An error body as it travels, before its kind is looked up (for `ErrorBody`'s
    /// `Deserialize`).
    pub struct ErrorBodyText {
        /// `cause`: The reason code, and the path.
        cause: String = "cause",
        /// `code`: The kind's number (negative for the transport's errors, so read as a
        /// number of any sign).
        code: crate::Decimal = "code",
        /// `error`: The kind's name.
        error: String = "error",
        /// `msg`: The message.
        msg: String = "msg",
        /// `status`: The HTTP status.
        status: u32 = "status",
    }
}

/// An error body of one of [`ErrorKind::ALL`](crate::ErrorKind::ALL), as
/// [`ErrorBody::to_json`](crate::ErrorBody::to_json) writes it; members it does not name
/// (the `reason` and `path` of [`ErrorBody::to_json_with`](crate::ErrorBody::to_json_with))
/// are ignored. An unknown kind is `INVALID_ENUM` at `error`; a `code` or `status` that is
/// not the kind's is `INVALID_NUMBER` there.
impl<'de> serde::Deserialize<'de> for crate::ErrorBody {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use crate::error::Problem;
        let text: ErrorBodyText = deserialize(deserializer)?;
        let refuse = |error: Error| D::Error::custom(message(&error));
        let kind = crate::ErrorKind::from_name(&text.error).ok_or_else(|| {
            refuse(Error::new(Problem::InvalidEnum { expected: "a known error kind" }).in_member("error"))
        })?;
        if text.code.get() != f64::from(kind.code()) {
            return Err(refuse(Error::new(Problem::InvalidNumber("not the code of its kind")).in_member("code")));
        }
        if text.status != u32::from(kind.http_status()) {
            return Err(refuse(
                Error::new(Problem::InvalidNumber("not the http status of its kind")).in_member("status"),
            ));
        }
        Ok(crate::ErrorBody {
            error: kind.name(),
            code: kind.code(),
            msg: text.msg,
            cause: text.cause,
            status: kind.http_status(),
        })
    }
}

/// Implements `Serialize` and `Deserialize` for a [`WireValue`] type through [`serialize`]
/// and [`deserialize`]. Expanded by [`wire_object!`](crate::wire_object) (through
/// `__wire_serde!`) and for the crate's enums and value kinds.
#[doc(hidden)]
#[macro_export]
macro_rules! __wire_serde_impls {
    ($name:ty) => {
        impl $crate::__private::serde::Serialize for $name {
            fn serialize<S: $crate::__private::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                $crate::__private::serde_bridge::serialize(self, serializer)
            }
        }

        impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::__private::serde_bridge::deserialize(deserializer)
            }
        }
    };
}

/// [`__wire_serde_impls!`] for the crate's own enums and value kinds.
macro_rules! wire_serde {
    ($($name:ty),* $(,)?) => {
        $( $crate::__wire_serde_impls!($name); )*
    };
}

wire_serde!(
    crate::Decimal,
    crate::Timestamp,
    crate::Quantity,
    crate::TextOrDecimal,
    crate::AddressOrEmpty,
    crate::IntentStatus,
    crate::TradeType,
    crate::RouteProvider,
    crate::ChainGasUsageStatus,
);
