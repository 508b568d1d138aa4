//! Unknown members (SPEC §3): members an object's schema does not name, kept with their
//! raw JSON text (written back on the wire) and their canonical form (covered by the hash).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::error::{Error, Problem};
use crate::json::value::Json;
use crate::json::Reader;
use crate::Limits;

/// One unknown member.
#[derive(Debug, Clone)]
pub struct UnknownMember {
    key: String,
    raw: String,
    canonical: String,
}

impl UnknownMember {
    /// The member's key.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// The value's JSON text as it was received (numbers of any size intact).
    pub fn raw_json(&self) -> &str {
        &self.raw
    }

    /// The value's canonical JSON (SPEC §4).
    pub fn canonical_json(&self) -> &str {
        &self.canonical
    }
}

/// Two unknown members are equal when their keys and meanings (canonical forms) are.
impl PartialEq for UnknownMember {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key && self.canonical == other.canonical
    }
}

/// The unknown members of one object, sorted by key (byte order), keys unique.
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
        let member = read_member(Cow::Borrowed(key), &mut reader)?;
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
        self.members.binary_search_by(|m| m.key.as_bytes().cmp(key.as_bytes()))
    }

    /// Reads the value of member `key` from `r`; a second member of the same key is
    /// `INVALID_JSON`.
    pub(crate) fn read_member(&mut self, key: Cow<'_, str>, r: &mut Reader<'_>) -> Result<(), Error> {
        let at = match self.position(&key) {
            Ok(_) => return Err(Error::new(Problem::InvalidJson("duplicate member")).in_member(&key)),
            Err(at) => at,
        };
        let member = read_member(key, r)?;
        self.members.insert(at, member);
        Ok(())
    }
}

impl<'a> IntoIterator for &'a UnknownMembers {
    type Item = &'a UnknownMember;
    type IntoIter = core::slice::Iter<'a, UnknownMember>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

fn read_member(key: Cow<'_, str>, r: &mut Reader<'_>) -> Result<UnknownMember, Error> {
    let start = r.value_start();
    let value = Json::read(r).map_err(|e| e.in_member(&key))?;
    let raw = String::from(r.text_since(start));
    let mut canonical = String::new();
    value.write_canonical(&mut canonical);
    Ok(UnknownMember { key: key.into_owned(), raw, canonical })
}
