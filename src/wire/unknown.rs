//! Unknown members (docs/spec.md §3): members an object's schema does not name, kept with their
//! raw JSON text (written back on the wire) and their canonical form (covered by the hash).
//!
//! The canonical form is written while the value is read ([`crate::json::canonical_value`],
//! through buffers the reader keeps for the document); each member is one exact
//! allocation; members are sorted once, in canonical key order (UTF-16 code units,
//! [`crate::json::key_order`]), when their object closes. Integers stay exact, the one
//! deliberate difference from RFC 8785.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use crate::error::{Error, Problem};
use crate::json::canonical_value::{read_canonical, reserve_one_tight};
use crate::json::key_order::{canonical_order, compare_keys, put_in_order};
use crate::json::Reader;
use crate::Limits;

/// One unknown member: its key, its canonical JSON and, when it differs, its JSON as
/// received, in one allocation.
#[derive(Clone)]
pub struct UnknownMember {
    /// The key, then the canonical JSON, then the received JSON unless it equals the
    /// canonical JSON (most do; a JSON value is never empty, so nothing after the
    /// canonical JSON means "the same").
    text: Box<str>,
    key_len: u32,
    canonical_len: u32,
}

impl UnknownMember {
    /// The member's key.
    pub fn key(&self) -> &str {
        self.text.get(..self.key_len as usize).unwrap_or_default()
    }

    /// The value's JSON text as it was received (numbers of any size intact).
    pub fn raw_json(&self) -> &str {
        match self.text.get(self.canonical_end()..) {
            Some(raw) if !raw.is_empty() => raw,
            _ => self.canonical_json(),
        }
    }

    /// The value's canonical JSON (docs/spec.md §4).
    pub fn canonical_json(&self) -> &str {
        self.text.get(self.key_len as usize..self.canonical_end()).unwrap_or_default()
    }

    fn canonical_end(&self) -> usize {
        self.key_len as usize + self.canonical_len as usize
    }
}

impl core::fmt::Debug for UnknownMember {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("UnknownMember")
            .field("key", &self.key())
            .field("raw", &self.raw_json())
            .field("canonical", &self.canonical_json())
            .finish()
    }
}

/// Two unknown members are equal when their keys and meanings (canonical forms) are.
impl PartialEq for UnknownMember {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key() && self.canonical_json() == other.canonical_json()
    }
}

/// The unknown members of one object, sorted by key in canonical order (UTF-16 code
/// units, docs/spec.md §4), keys unique.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UnknownMembers {
    members: Vec<UnknownMember>,
}

impl UnknownMembers {
    /// No unknown members.
    pub const fn new() -> Self {
        UnknownMembers { members: Vec::new() }
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// The members in key order.
    pub fn iter(&self) -> core::slice::Iter<'_, UnknownMember> {
        self.members.iter()
    }

    /// The members whose keys are not in `schema_keys`: those an object writes.
    pub fn without<'a>(&'a self, schema_keys: &'a [&'a str]) -> impl Iterator<Item = &'a UnknownMember> + 'a {
        self.members.iter().filter(move |m| !schema_keys.contains(&m.key()))
    }

    /// The member named `key`.
    pub fn get(&self, key: &str) -> Option<&UnknownMember> {
        self.position(key).ok().and_then(|i| self.members.get(i))
    }

    /// Sets member `key` to the JSON value `json` (checked with the default limits),
    /// returning the member it replaces. An object never writes a member its schema names;
    /// the objects' `insert_unknown` refuses such keys.
    pub fn insert(&mut self, key: &str, json: &str) -> Result<Option<UnknownMember>, Error> {
        let limits = Limits::DEFAULT;
        let mut reader = Reader::new(json.as_bytes(), &limits)?;
        let member = read_member(key, &mut reader)?;
        reader.finish()?;
        Ok(match self.position(key) {
            Ok(i) => Some(core::mem::replace(&mut self.members[i], member)),
            Err(i) => {
                self.members.insert(i, member);
                None
            }
        })
    }

    /// Removes member `key`.
    pub fn remove(&mut self, key: &str) -> Option<UnknownMember> {
        self.position(key).ok().map(|i| self.members.remove(i))
    }

    fn position(&self, key: &str) -> Result<usize, usize> {
        self.members.binary_search_by(|m| compare_keys(m.key(), key))
    }

    /// Reads the value of member `key` from `r`. Members are kept in reading order until
    /// [`UnknownMembers::finish_reading`] sorts them once: inserting each in place would
    /// cost quadratic time for keys in descending order.
    pub(crate) fn read_member<M>(&mut self, key: Cow<'_, str>, r: &mut Reader<'_, M>) -> Result<(), Error> {
        let member = read_member(&key, r)?;
        reserve_one_tight(&mut self.members);
        self.members.push(member);
        Ok(())
    }

    /// Sorts the members read by [`UnknownMembers::read_member`] when their object has
    /// closed; a key that appears twice is `INVALID_JSON` at that key.
    pub(crate) fn finish_reading(&mut self) -> Result<(), Error> {
        match canonical_order(&self.members, UnknownMember::key) {
            Ok(None) => Ok(()),
            Ok(Some(order)) => {
                put_in_order(&mut self.members, order);
                Ok(())
            }
            Err(repeated) => {
                Err(Error::new(Problem::InvalidJson("duplicate member")).in_member(self.members[repeated].key()))
            }
        }
    }
}

impl<'a> IntoIterator for &'a UnknownMembers {
    type Item = &'a UnknownMember;
    type IntoIter = core::slice::Iter<'a, UnknownMember>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Reads the value of member `key` into one exact allocation: the key, the canonical form
/// (written into the reader's buffers while the value is read), then the received text if
/// it differs.
fn read_member<M>(key: &str, r: &mut Reader<'_, M>) -> Result<UnknownMember, Error> {
    let too_long = || Error::new(Problem::LimitExceeded { what: "unknown member bytes", limit: u32::MAX as usize });
    let (text, canonical_len) = read_canonical(r, |canonical, raw| {
        let raw = if raw == canonical { "" } else { raw };
        let mut text = String::with_capacity(key.len() + canonical.len() + raw.len());
        for part in [key, canonical, raw] {
            text.push_str(part);
        }
        (text.into_boxed_str(), canonical.len())
    })
    .map_err(|e| e.in_member(key))?;
    Ok(UnknownMember {
        key_len: u32::try_from(key.len()).map_err(|_| too_long())?,
        canonical_len: u32::try_from(canonical_len).map_err(|_| too_long())?,
        text,
    })
}
