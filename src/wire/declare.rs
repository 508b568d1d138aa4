//! Declaring an object of SPEC §2: the `wire_object!` macro (struct, wire names, reader,
//! writer, diff) and the [`MemberWriter`] that writes members with the unknown ones merged
//! in canonical key order ([`crate::json::key_order`]).
//!
//! The objects themselves are declared in `wire::objects`; how a member's value is read
//! and written is its kind's [`WireValue`](crate::wire::wire_value::WireValue).

use crate::json::key_order::key_precedes;
use crate::json::{write_string, Sink};
use crate::wire::unknown::{UnknownMember, UnknownMembers};
use crate::wire::wire_value::Form;

/// Whether `keys` are in strictly ascending canonical order (checked at compile time for
/// every object, since the writer relies on it).
pub(crate) const fn keys_sorted(keys: &[&str]) -> bool {
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

    /// Writes the unknown members that sort before `key`, then `"key":`.
    pub fn key(&mut self, key: &'static str) {
        while let Some(member) = self.unknown.next_if(|m| key_precedes(m.key(), key)) {
            self.write_unknown(member);
        }
        self.separator();
        self.out.write_str("\"");
        self.out.write_str(key);
        self.out.write_str("\":");
    }

    /// Writes the remaining unknown members and closes the object.
    pub fn end(mut self) {
        while let Some(member) = self.unknown.next() {
            self.write_unknown(member);
        }
        self.out.write_str("}");
    }
}

/// Declares an object of SPEC §2. Fields must be listed in ascending canonical order of
/// their wire keys (a compile-time assertion checks it).
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
            /// Members the schema does not name, kept as received (SPEC §3).
            pub unknown: $crate::wire::UnknownMembers,
        }

        impl $name {
            /// The wire keys of the schema's fields, in canonical order.
            pub const KEYS: &'static [&'static str] = &[$($key),*];

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
            ) -> Result<Option<$crate::wire::UnknownMember>, $crate::Error> {
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
            $crate::wire::declare::keys_sorted($name::KEYS),
            concat!(stringify!($name), ": fields must be listed in ascending key order")
        );

        impl $crate::wire::wire_value::WireValue for $name {
            fn read(r: &mut $crate::wire::WireReader<'_>) -> Result<Self, $crate::Error> {
                $( let mut $field: Option<$ty> = None; )*
                let mut unknown = $crate::wire::UnknownMembers::new();
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
                                $crate::wire::wire_value::read_member_value::<$ty>(r).map_err(|e| e.in_member($key))?,
                            );
                        } )*
                        _ => unknown.read_member(key, r)?,
                    }
                }
                unknown.finish_reading()?;
                Ok($name {
                    $( $field: match $field {
                        Some(value) => value,
                        None => <$ty as $crate::wire::wire_value::WireValue>::when_absent().ok_or_else(|| {
                            $crate::Error::new($crate::Problem::MissingField).in_member($key)
                        })?,
                    }, )*
                    unknown,
                })
            }

            fn write<S: $crate::Sink + ?Sized>(&self, out: &mut S, form: $crate::wire::wire_value::Form) {
                #[allow(unused_imports)]
                use $crate::wire::wire_value::WireValue as _;
                let mut w = $crate::wire::declare::MemberWriter::begin(out, &self.unknown, Self::KEYS, form);
                $( if self.$field.is_present() {
                    w.key($key);
                    self.$field.write(w.out, form);
                } )*
                w.end();
            }

            /// Field by field with the unknown members between them, in canonical key order.
            fn diff(&self, other: &Self, diff: &mut $crate::diff::Diff) {
                #[allow(unused_imports)]
                use $crate::wire::wire_value::WireValue as _;
                let mut unknown = $crate::diff::UnknownMembersDiff::new(&self.unknown, &other.unknown, Self::KEYS);
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
    };
}

pub(crate) use wire_object;
