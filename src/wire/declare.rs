//! Declaring an object of docs/spec.md §2: the [`wire_object!`](crate::wire_object) macro
//! (struct, wire names, reader, writer, diff) and the [`MemberWriter`] that writes members
//! with the unknown ones merged in canonical key order ([`crate::json::key_order`]).
//!
//! The objects themselves are declared in `wire::objects`; how a member's value is read
//! and written is its kind's [`WireValue`](crate::wire::wire_value::WireValue). The macro is
//! exported for hosts that declare their own documents; the items its expansion needs are
//! reached through the hidden `crate::__private`.

use crate::json::key_order::key_precedes;
use crate::json::{write_string, Sink};
use crate::wire::unknown::{UnknownMember, UnknownMembers};
use crate::wire::wire_value::Form;

/// Whether `keys` are in strictly ascending canonical order (checked at compile time for
/// every object, since the writer relies on it).
pub const fn keys_sorted(keys: &[&str]) -> bool {
    let mut i = 1;
    while i < keys.len() {
        if !key_precedes(keys[i - 1], keys[i]) {
            return false;
        }
        i += 1;
    }
    true
}

/// Writes an object's members in ascending key order: the schema's members (given in that
/// order) with the unknown members merged between them. An unknown member named like a
/// schema member is never written, whether that member is present or not.
pub struct MemberWriter<'w, S: ?Sized> {
    /// Where the text goes; a member's value is written here after [`MemberWriter::key`].
    pub out: &'w mut S,
    unknown: core::iter::Peekable<core::slice::Iter<'w, UnknownMember>>,
    schema_keys: &'static [&'static str],
    form: Form,
    empty: bool,
}

impl<'w, S: Sink + ?Sized> MemberWriter<'w, S> {
    /// Opens the object whose schema names `schema_keys`.
    pub fn begin(
        out: &'w mut S,
        unknown: &'w UnknownMembers,
        schema_keys: &'static [&'static str],
        form: Form,
    ) -> Self {
        out.write_str("{");
        MemberWriter { out, unknown: unknown.iter().peekable(), schema_keys, form, empty: true }
    }

    fn separator(&mut self) {
        if !self.empty {
            self.out.write_str(",");
        }
        self.empty = false;
    }

    fn write_unknown(&mut self, member: &UnknownMember) {
        if self.schema_keys.contains(&member.key()) {
            return;
        }
        self.separator();
        write_string(self.out, member.key());
        self.out.write_str(":");
        self.out.write_str(match self.form {
            Form::Wire => member.raw_json(),
            Form::Canonical => member.canonical_json(),
        });
    }

    /// Writes the unknown members that sort before `key`, then `"key":` with the separator
    /// before it. `separated` is `,"key":` (the macro builds it with `concat!`): the member's
    /// whole prefix reaches the sink in one write of a length known where it is inlined.
    #[inline(always)]
    pub fn key(&mut self, key: &'static str, separated: &'static str) {
        debug_assert!(separated.len() == key.len() + 4 && separated[2..].starts_with(key));
        if self.unknown.len() != 0 {
            self.unknown_before(key);
        }
        self.out.write_str(if self.empty { &separated[1..] } else { separated });
        self.empty = false;
    }

    /// Writes the unknown members that sort before `key`.
    fn unknown_before(&mut self, key: &str) {
        while let Some(member) = self.unknown.next_if(|m| key_precedes(m.key(), key)) {
            self.write_unknown(member);
        }
    }

    /// Writes the remaining unknown members and closes the object.
    pub fn end(mut self) {
        while let Some(member) = self.unknown.next() {
            self.write_unknown(member);
        }
        self.out.write_str("}");
    }
}

/// Declares an object made of this crate's objects and value kinds, read and written
/// exactly like the objects of docs/spec.md §2: the crate's own objects are declared with it, and
/// a host (a command-line tool, a server) declares its own request documents with it, so
/// that they are parsed by [`from_slice`](crate::from_slice) with the same values, limits,
/// reason codes and JSON paths.
///
/// Each field is `name: Type = "wireKey",` where `Type` is one of the value kinds of
/// docs/spec.md §1 (`U256`, `Address`, `B256`, `Bytes`, `String`, `bool`, `u64`, `u32`, `u8`,
/// [`Timestamp`](crate::Timestamp), [`Decimal`](crate::Decimal), …), an object of docs/spec.md §2,
/// another object declared with this macro, an `Option` of one (absent or `null` is
/// `None`) or a `Vec` of one. Fields must be listed in ascending canonical order of their
/// wire keys (docs/spec.md §4; a compile-time assertion checks it). The struct gets public fields,
/// an `unknown` field holding the members the declaration does not name (docs/spec.md §3), `KEYS`,
/// `insert_unknown`, `Debug`, `Clone` and `PartialEq`, and implements
/// [`WireObject`](crate::WireObject). An optional `array_limit = field_of_limits` after the
/// name bounds how many of it an array may hold.
///
/// ```
/// use intent_core::{from_slice, wire_object, Address, Call, Reason, Timestamp};
///
/// wire_object! {
///     /// A host's document: a call and when it was received.
///     pub struct Received {
///         /// `call`: The call.
///         call: Call = "call",
///         /// `receivedAt`: When it arrived.
///         received_at: Timestamp = "receivedAt",
///     }
/// }
///
/// let ok = br#"{"call":{"to":"0x0000000000000000000000000000000000000001"},"receivedAt":"2026-01-01T00:00:00Z"}"#;
/// assert_eq!(from_slice::<Received>(ok)?.call.to, Address::with_last_byte(1));
///
/// let err = from_slice::<Received>(br#"{"call":{"to":"0x1234"},"receivedAt":"soon"}"#).unwrap_err();
/// assert_eq!((err.reason(), err.path()), (Reason::InvalidAddress, Some("call.to")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The macro's expansion names the items of the hidden module `__private`, which are not
/// part of the public API: only the macro is.
#[macro_export]
macro_rules! wire_object {
    (
        $(#[$meta:meta])*
        pub struct $name:ident $(array_limit = $limit:ident)? {
            $( $(#[$field_meta:meta])* $field:ident : $ty:ty = $key:literal, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone)]
        pub struct $name {
            $( $(#[$field_meta])* pub $field: $ty, )*
            /// Members the schema does not name, kept as received (docs/spec.md §3).
            pub unknown: $crate::UnknownMembers,
        }

        impl $name {
            /// The wire keys of the schema's fields, in canonical order.
            pub const KEYS: &'static [&'static str] = &[$($key),*];

            /// The declared Rust types of the schema's fields (`Option<U256>`, `Vec<Call>`),
            /// in the order of `KEYS`. A hook for generated declarations (the JavaScript
            /// package's TypeScript types, `js/src/declarations.rs`); not part of the
            /// public API.
            #[doc(hidden)]
            pub const FIELD_TYPES: &'static [&'static str] = &[$(stringify!($ty)),*];

            /// Sets the unknown member `key` to the JSON value `json`, returning the member
            /// it replaces.
            ///
            /// # Errors
            ///
            /// `INVALID_JSON` when the schema names `key` (set the field instead) or `json`
            /// is not one JSON value; `LIMIT_EXCEEDED` beyond the default limits.
            pub fn insert_unknown(
                &mut self,
                key: &str,
                json: &str,
            ) -> Result<Option<$crate::UnknownMember>, $crate::Error> {
                if Self::KEYS.contains(&key) {
                    return Err($crate::Error::new($crate::Problem::InvalidJson("the schema names this member"))
                        .in_member(key));
                }
                self.unknown.insert(key, json)
            }
        }

        /// Equal when every field is, and every unknown member that is written.
        impl PartialEq for $name {
            fn eq(&self, other: &Self) -> bool {
                $( self.$field == other.$field && )*
                    self.unknown.without(Self::KEYS).eq(other.unknown.without(Self::KEYS))
            }
        }

        const _: () = assert!(
            $crate::__private::keys_sorted($name::KEYS),
            concat!(stringify!($name), ": fields must be listed in ascending key order")
        );

        impl $crate::__private::WireValue for $name {
            fn read(r: &mut $crate::__private::WireReader<'_>) -> Result<Self, $crate::Error> {
                $( let mut $field: Option<$ty> = None; )*
                let mut unknown = $crate::UnknownMembers::new();
                r.begin_object(concat!("an object (", stringify!($name), ")"))?;
                let mut first = true;
                while let Some(key) = r.next_key(first)? {
                    first = false;
                    match &*key {
                        $( $key => {
                            if $field.is_some() {
                                return Err($crate::Error::new($crate::Problem::InvalidJson("duplicate member")).in_member($key));
                            }
                            $field = Some(
                                $crate::__private::read_member_value::<$ty>(r).map_err(|e| e.in_member($key))?,
                            );
                        } )*
                        _ => $crate::__private::read_unknown_member(&mut unknown, key, r)?,
                    }
                }
                $crate::__private::finish_unknown_members(&mut unknown)?;
                Ok($name {
                    $( $field: match $field {
                        Some(value) => value,
                        None => <$ty as $crate::__private::WireValue>::when_absent().ok_or_else(|| {
                            $crate::Error::new($crate::Problem::MissingField).in_member($key)
                        })?,
                    }, )*
                    unknown,
                })
            }

            fn write<S: $crate::__private::Sink + ?Sized>(&self, out: &mut S, form: $crate::__private::Form) {
                #[allow(unused_imports)]
                use $crate::__private::WireValue as _;
                let mut w = $crate::__private::MemberWriter::begin(out, &self.unknown, Self::KEYS, form);
                $( if self.$field.is_present() {
                    w.key($key, concat!(",\"", $key, "\":"));
                    self.$field.write(w.out, form);
                } )*
                w.end();
            }

            /// Field by field with the unknown members between them, in canonical key order.
            fn diff(&self, other: &Self, diff: &mut $crate::__private::Diff) {
                #[allow(unused_imports)]
                use $crate::__private::WireValue as _;
                let mut unknown = $crate::__private::UnknownMembersDiff::new(&self.unknown, &other.unknown, Self::KEYS);
                $(
                    unknown.before(Some($key), diff);
                    diff.member($key, |diff| self.$field.diff(&other.$field, diff));
                )*
                unknown.before(None, diff);
            }

            $( fn array_limit(limits: &$crate::Limits) -> usize {
                limits.$limit
            } )?
        }

        impl $crate::WireObject for $name {}

        $crate::__wire_serde!($name);
    };
}

/// `Serialize` and `Deserialize` for an object of [`wire_object!`](crate::wire_object)
/// when this crate's feature `serde` is on (decided here, not in the host's crate).
#[cfg(feature = "serde")]
#[doc(hidden)]
#[macro_export]
macro_rules! __wire_serde {
    ($name:ident) => {
        $crate::__wire_serde_impls!($name);
    };
}

/// Nothing: this crate's feature `serde` is off.
#[cfg(not(feature = "serde"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __wire_serde {
    ($name:ident) => {};
}
