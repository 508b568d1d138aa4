//! Between serde's data model and JSON text, for the serializers and deserializers that do
//! not deal in raw JSON: [`TopVisitor`] takes whatever a deserializer hands over (the raw
//! text serde_json gives, or ordinary visits written back into JSON text by
//! [`ValueWriter`] under the limits of docs/spec.md §9), and [`JsonTree`] turns the crate's
//! text into the values a binary serializer writes.
//!
//! Parsing that text into a typed value is the crate's reader's work
//! ([`Source::parse`]); nothing here knows the schema.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq, Serializer};

use super::{message, NUMBER_TOKEN, RAW_VALUE_TOKEN};
use crate::error::{Error, Problem};
use crate::json::double::DoubleBuffer;
use crate::json::number::f64_from_number_text;
use crate::json::reader::Token;
use crate::json::{write_string, Reader};
use crate::wire::wire_value::WireValue;
use crate::Limits;

/// The JSON text of one value, as a deserializer handed it over.
pub(super) enum Source<'de> {
    /// Raw text borrowed from the input (serde_json's `from_slice`/`from_str`).
    Borrowed(&'de str),
    /// Raw text copied out of the input (serde_json's `from_reader`).
    Owned(String),
    /// Text written from ordinary visits: its numbers with a fraction or an exponent were
    /// `f64`s.
    DataModel(String),
}

impl Source<'_> {
    /// Reads a `T` from the text, exactly as [`crate::from_slice_with`] reads an object.
    pub(super) fn parse<T: WireValue>(&self, limits: &Limits) -> Result<T, Error> {
        let (text, from_floats) = match self {
            Source::Borrowed(text) => (*text, false),
            Source::Owned(text) => (text.as_str(), false),
            Source::DataModel(text) => (text.as_str(), true),
        };
        let mut reader = crate::wire::reader(text.as_bytes(), limits)?;
        if from_floats {
            reader.mark_fractions_inexact();
        }
        let value = T::read(&mut reader)?;
        reader.finish()?;
        Ok(value)
    }
}

/// Reads a value through ordinary visits only (never as raw text).
pub(super) fn from_data_model<'de, D: Deserializer<'de>>(
    deserializer: D,
    limits: &Limits,
) -> Result<Source<'de>, D::Error> {
    let mut out = String::new();
    ValueWriter { out: &mut out, depth: 0, limits }.deserialize(deserializer)?;
    Ok(Source::DataModel(out))
}

/// The visitor of the raw-value request: a one-member map under [`RAW_VALUE_TOKEN`] is
/// raw text; anything else (a format that answered with ordinary visits) is written into
/// JSON text by a [`ValueWriter`].
pub(super) struct TopVisitor<'l> {
    pub(super) limits: &'l Limits,
}

/// Forwards a visit of [`TopVisitor`] to a fresh [`ValueWriter`].
macro_rules! forward_to_writer {
    ($( fn $method:ident($($arg:ident: $ty:ty)?); )*) => {
        $( fn $method<E: de::Error>(self $(, $arg: $ty)?) -> Result<Source<'de>, E> {
            let mut out = String::new();
            ValueWriter { out: &mut out, depth: 0, limits: self.limits }.$method($($arg)?)?;
            Ok(Source::DataModel(out))
        } )*
    };
}

impl<'de> Visitor<'de> for TopVisitor<'_> {
    type Value = Source<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    forward_to_writer! {
        fn visit_bool(v: bool);
        fn visit_i64(v: i64);
        fn visit_u64(v: u64);
        fn visit_i128(v: i128);
        fn visit_u128(v: u128);
        fn visit_f64(v: f64);
        fn visit_str(v: &str);
        fn visit_unit();
        fn visit_none();
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Source<'de>, D::Error> {
        from_data_model(deserializer, self.limits)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<Source<'de>, D::Error> {
        from_data_model(deserializer, self.limits)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Source<'de>, A::Error> {
        let mut out = String::new();
        ValueWriter { out: &mut out, depth: 0, limits: self.limits }.visit_seq(seq)?;
        Ok(Source::DataModel(out))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Source<'de>, A::Error> {
        let Some(first_key) = map.next_key::<String>()? else {
            return Ok(Source::DataModel(String::from("{}")));
        };
        if first_key == RAW_VALUE_TOKEN {
            return map.next_value::<RawText<'de>>().map(|raw| raw.0);
        }
        let mut out = String::new();
        ValueWriter { out: &mut out, depth: 0, limits: self.limits }.write_map(Some(first_key), map)?;
        Ok(Source::DataModel(out))
    }
}

/// The text under [`RAW_VALUE_TOKEN`], borrowed when the deserializer lends it.
struct RawText<'de>(Source<'de>);

impl<'de> de::Deserialize<'de> for RawText<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct RawTextVisitor;

        impl<'de> Visitor<'de> for RawTextVisitor {
            type Value = RawText<'de>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("raw JSON text")
            }

            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
                Ok(RawText(Source::Borrowed(v)))
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(RawText(Source::Owned(String::from(v))))
            }

            fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
                Ok(RawText(Source::Owned(v)))
            }
        }

        deserializer.deserialize_str(RawTextVisitor)
    }
}

/// Writes the value a deserializer visits as JSON text into `out`: at most
/// `limits.max_depth` levels of arrays and objects and `limits.max_document_bytes` bytes,
/// so a hostile source costs bounded memory before the reader sees anything. `f64`s are
/// written with a fraction or an exponent (`1000.0`), which the reader then never takes
/// for an integer.
struct ValueWriter<'o, 'l> {
    out: &'o mut String,
    depth: usize,
    limits: &'l Limits,
}

impl ValueWriter<'_, '_> {
    /// Fails once the text is longer than a document may be.
    fn check_size<E: de::Error>(&self) -> Result<(), E> {
        let limit = self.limits.max_document_bytes;
        if self.out.len() > limit {
            return Err(E::custom(message(&Error::new(Problem::LimitExceeded { what: "document bytes", limit }))));
        }
        Ok(())
    }

    /// The writer of a value one level deeper, or `LIMIT_EXCEEDED` past the depth limit.
    fn nested<E: de::Error>(&mut self) -> Result<ValueWriter<'_, '_>, E> {
        let limit = self.limits.max_depth;
        if self.depth >= limit {
            return Err(E::custom(message(&Error::new(Problem::LimitExceeded { what: "nesting depth", limit }))));
        }
        Ok(ValueWriter { out: self.out, depth: self.depth + 1, limits: self.limits })
    }

    /// Writes an object whose first key (if any) was already taken from `map`; an object
    /// whose only key is [`NUMBER_TOKEN`] is serde_json's `arbitrary_precision` number.
    fn write_map<'de, A: MapAccess<'de>>(mut self, first_key: Option<String>, mut map: A) -> Result<(), A::Error> {
        if first_key.as_deref() == Some(NUMBER_TOKEN) {
            let text = map.next_value::<Cow<'de, str>>()?;
            return self.write_number_text(&text);
        }
        self.out.push('{');
        let mut key = first_key;
        let mut first = true;
        while let Some(name) = match key.take() {
            Some(name) => Some(name),
            None => map.next_key::<String>()?,
        } {
            if !first {
                self.out.push(',');
            }
            first = false;
            write_string(self.out, &name);
            self.out.push(':');
            map.next_value_seed(self.nested()?)?;
            self.check_size()?;
        }
        self.out.push('}');
        Ok(())
    }

    /// Writes `text` after checking it is one JSON number.
    fn write_number_text<E: de::Error>(self, text: &str) -> Result<(), E> {
        let limits = Limits::DEFAULT;
        let checked = Reader::new(text.as_bytes(), &limits).and_then(|mut r| {
            r.read_number_text(|| Problem::InvalidNumber("expected a json number"))?;
            r.finish()
        });
        checked.map_err(|e| E::custom(message(&e)))?;
        self.out.push_str(text);
        self.check_size()
    }
}

impl<'de> DeserializeSeed<'de> for ValueWriter<'_, '_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ValueWriter<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(), E> {
        self.out.push_str(if v { "true" } else { "false" });
        Ok(())
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        self.out.push_str(itoa::Buffer::new().format(v));
        Ok(())
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        self.out.push_str(itoa::Buffer::new().format(v));
        Ok(())
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<(), E> {
        self.out.push_str(itoa::Buffer::new().format(v));
        Ok(())
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<(), E> {
        self.out.push_str(itoa::Buffer::new().format(v));
        Ok(())
    }

    /// A finite `f64` in ECMAScript form, with `.0` added when that form has neither a
    /// fraction nor an exponent.
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        if !v.is_finite() {
            return Err(E::custom(message(&Error::new(Problem::InvalidNumber("not a finite number")))));
        }
        let mut buffer = DoubleBuffer::new();
        let text = buffer.format(v);
        self.out.push_str(text);
        if !text.contains(['.', 'e']) {
            self.out.push_str(".0");
        }
        Ok(())
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        write_string(self.out, v);
        self.check_size()
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.out.push_str("null");
        Ok(())
    }

    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        self.out.push('[');
        let mut first = true;
        loop {
            let element = self.nested()?;
            let comma_at = element.out.len();
            if !first {
                element.out.push(',');
            }
            if seq.next_element_seed(element)?.is_none() {
                self.out.truncate(comma_at);
                break;
            }
            first = false;
            self.check_size()?;
        }
        self.out.push(']');
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let first_key = map.next_key::<String>()?;
        self.write_map(first_key, map)
    }
}

/// A JSON value built from text this crate wrote, in the shape a binary serializer takes:
/// integers within `u64`/`i64` as integers, other numbers as `f64`.
pub(super) enum JsonTree {
    Null,
    Bool(bool),
    Unsigned(u64),
    Signed(i64),
    Float(f64),
    Text(String),
    Array(Vec<JsonTree>),
    Object(Vec<(String, JsonTree)>),
}

impl JsonTree {
    /// The tree of `text`, one JSON value this crate wrote (and so within the limits its
    /// parts were read or inserted with).
    pub(super) fn parse(text: &str) -> Result<JsonTree, Error> {
        let mut reader = Reader::new(text.as_bytes(), &Limits::UNLIMITED)?;
        let tree = JsonTree::read(&mut reader)?;
        reader.finish()?;
        Ok(tree)
    }

    fn read(r: &mut Reader<'_>) -> Result<JsonTree, Error> {
        const ANY: Problem = Problem::InvalidType { expected: "a JSON value" };
        Ok(match r.peek()? {
            Token::Null => {
                r.take_null()?;
                JsonTree::Null
            }
            Token::Bool => JsonTree::Bool(r.read_bool()?),
            Token::Number => {
                let text = r.read_number_text(|| ANY)?;
                if let Ok(value) = text.parse::<u64>() {
                    JsonTree::Unsigned(value)
                } else if let Ok(value) = text.parse::<i64>() {
                    JsonTree::Signed(value)
                } else {
                    JsonTree::Float(f64_from_number_text(text)?)
                }
            }
            Token::String => JsonTree::Text(r.read_str_unlimited(|| ANY)?.into_owned()),
            Token::Array => {
                r.begin_array("an array")?;
                let mut elements = Vec::new();
                while r.next_element(elements.is_empty())? {
                    elements.push(JsonTree::read(r)?);
                }
                JsonTree::Array(elements)
            }
            Token::Object => {
                r.begin_object("an object")?;
                let mut members = Vec::new();
                while let Some(key) = r.next_key(members.is_empty())? {
                    let key = key.into_owned();
                    members.push((key, JsonTree::read(r)?));
                }
                JsonTree::Object(members)
            }
        })
    }

    pub(super) fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(self, serializer)
    }
}

impl serde::Serialize for JsonTree {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            JsonTree::Null => serializer.serialize_unit(),
            JsonTree::Bool(v) => serializer.serialize_bool(*v),
            JsonTree::Unsigned(v) => serializer.serialize_u64(*v),
            JsonTree::Signed(v) => serializer.serialize_i64(*v),
            JsonTree::Float(v) => serializer.serialize_f64(*v),
            JsonTree::Text(v) => serializer.serialize_str(v),
            JsonTree::Array(elements) => {
                let mut seq = serializer.serialize_seq(Some(elements.len()))?;
                for element in elements {
                    seq.serialize_element(element)?;
                }
                seq.end()
            }
            JsonTree::Object(members) => {
                let mut map = serializer.serialize_map(Some(members.len()))?;
                for (key, value) in members {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}
