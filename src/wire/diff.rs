//! Which fields differ between two objects: the JSON paths whose canonical values differ,
//! for `INTENT_MODIFIED` diagnostics.
//!
//! The diff walks the typed objects side by side ([`WireValue::diff`]): objects field by
//! field and unknown member by unknown member in canonical key order, arrays element by
//! element, leaves compared by their canonical text. Nothing is canonicalised whole or
//! parsed again; the canonical texts of an unknown member whose two values differ are read
//! side by side, once, to descend into it (no tree is built). What it reports is bounded:
//! at most [`MAX_CHANGED_PATHS`] paths of at most [`MAX_CHANGED_PATH_LEN`] bytes each,
//! whatever the input, and the walk stops once the list is full.

use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;

use crate::error::{Error, Problem};
use crate::json::reader::Token;
use crate::json::{Reader, Sink};
use crate::path::{self, TRUNCATION_MARKER};
use crate::wire::wire_value::{Form, WireValue};
use crate::wire::{UnknownMember, UnknownMembers};
use crate::{Limits, WireObject};

/// The most entries [`changed_paths`] returns: 64. When more paths differ, the 64th
/// entry is [`TRUNCATION_MARKER`] alone, after the first 63 paths.
pub const MAX_CHANGED_PATHS: usize = 64;

/// The longest path [`changed_paths`] reports, in bytes: 256. A longer path is cut on a
/// character boundary at or before this length and ends with [`TRUNCATION_MARKER`].
pub const MAX_CHANGED_PATH_LEN: usize = 256;

/// The paths (`originCalls.calls[2].to`, `fees.totalFeeUsd`) at which the canonical forms
/// of `a` and `b` differ, in canonical order: the deepest differing members and elements,
/// and members or elements present on one side only. Empty exactly when the canonical
/// hashes are equal; no path is named twice (changes below one cut path are named once).
///
/// Bounded: at most [`MAX_CHANGED_PATHS`] entries, each at most [`MAX_CHANGED_PATH_LEN`]
/// bytes plus [`TRUNCATION_MARKER`]; the work is linear in the size of the two objects,
/// and the memory beyond the result is the path being compared, the canonical text of the
/// largest leaf, and the keys and strings with escapes of the one differing unknown member
/// being read (each freed once read).
pub fn changed_paths<T: WireObject>(a: &T, b: &T) -> Vec<String> {
    let mut diff = Diff::new();
    a.diff(b, &mut diff);
    diff.changed
}

/// A diff in progress: the path of the value being compared (cut at
/// [`MAX_CHANGED_PATH_LEN`]), the paths found so far, and a buffer for leaves.
pub struct Diff {
    path: String,
    path_cut: bool,
    /// The canonical text of the leaf being compared (the largest leaf's size at most).
    leaf_text: String,
    changed: Vec<String>,
    full: bool,
}

/// Where the path stood before a member or element was entered.
struct Mark {
    len: usize,
    cut: bool,
}

impl Diff {
    fn new() -> Self {
        Diff { path: String::new(), path_cut: false, leaf_text: String::new(), changed: Vec::new(), full: false }
    }

    /// True once [`MAX_CHANGED_PATHS`] entries are reported: nothing more is looked at.
    pub fn is_full(&self) -> bool {
        self.full
    }

    /// Reports the current path as changed. Changes below a path that was cut read the
    /// same; they come one after another (the walk is in canonical order) and are
    /// reported once.
    pub fn changed(&mut self) {
        if self.full || self.path_cut && self.changed.last().is_some_and(|last| self.is_current_cut(last)) {
            return;
        }
        if self.changed.len() == MAX_CHANGED_PATHS {
            self.changed[MAX_CHANGED_PATHS - 1] = String::from(TRUNCATION_MARKER);
            self.full = true;
            return;
        }
        let mut reported = String::with_capacity(self.path.len() + TRUNCATION_MARKER.len());
        reported.push_str(&self.path);
        if self.path_cut {
            reported.push_str(TRUNCATION_MARKER);
        }
        self.changed.push(reported);
    }

    /// Whether `reported` is the current path, cut and marked.
    fn is_current_cut(&self, reported: &str) -> bool {
        reported.strip_suffix(TRUNCATION_MARKER) == Some(self.path.as_str())
    }

    /// Compares inside the member `key` of the current value (nothing once full).
    pub fn member(&mut self, key: &str, compare: impl FnOnce(&mut Diff)) {
        self.below(|path| path::push_key(path, key), compare);
    }

    /// Compares inside the element `index` of the current value (nothing once full).
    pub fn element(&mut self, index: usize, compare: impl FnOnce(&mut Diff)) {
        self.below(|path| path::push_index(path, index), compare);
    }

    fn below(&mut self, push: impl FnOnce(&mut String), compare: impl FnOnce(&mut Diff)) {
        if self.full {
            return;
        }
        let mark = Mark { len: self.path.len(), cut: self.path_cut };
        if !self.path_cut {
            push(&mut self.path);
            if let Some(head) = path::cut(&self.path, MAX_CHANGED_PATH_LEN) {
                let len = head.len();
                self.path.truncate(len);
                self.path_cut = true;
            }
        }
        compare(self);
        self.path.truncate(mark.len);
        self.path_cut = mark.cut;
    }

    /// Reports the current path when the canonical forms of two leaves differ: `a` is
    /// written into a buffer kept for the whole diff, `b` is checked against it.
    pub fn leaves<T: WireValue>(&mut self, a: &T, b: &T) {
        self.leaf_text.clear();
        a.write(&mut self.leaf_text, Form::Canonical);
        let mut same = SameText { expected: self.leaf_text.as_bytes(), at: 0, same: true };
        b.write(&mut same, Form::Canonical);
        if !same.is_same() {
            self.changed();
        }
    }

    /// Compares the values of two unknown members of the same key: equal canonical text
    /// is equal; otherwise the two texts are read side by side to find what differs in them
    /// (no tree is built).
    fn unknown_values(&mut self, a: &UnknownMember, b: &UnknownMember) {
        if a.canonical_json() == b.canonical_json() {
            return;
        }
        // Canonical text this crate wrote from input it had read: no limit applies.
        let limits = Limits::UNLIMITED;
        let compared = Reader::new(a.canonical_json().as_bytes(), &limits).and_then(|mut a| {
            let mut b = Reader::new(b.canonical_json().as_bytes(), &limits)?;
            self.canonical_values(&mut a, &mut b)
        });
        if compared.is_err() {
            // Not reachable for canonical text; the member is still reported.
            self.changed();
        }
    }

    /// Compares the canonical JSON values at the positions of `a` and `b`, reading both
    /// once: objects member by member in key order, arrays element by element, anything
    /// else by its text (canonical text is equal exactly when the meaning is).
    fn canonical_values(&mut self, a: &mut Reader<'_>, b: &mut Reader<'_>) -> Result<(), Error> {
        match (a.peek()?, b.peek()?) {
            (Token::Object, Token::Object) => self.canonical_objects(a, b),
            (Token::Array, Token::Array) => self.canonical_arrays(a, b),
            _ => {
                if value_text(a)? != value_text(b)? {
                    self.changed();
                }
                Ok(())
            }
        }
    }

    fn canonical_objects(&mut self, a: &mut Reader<'_>, b: &mut Reader<'_>) -> Result<(), Error> {
        a.begin_object("an object")?;
        b.begin_object("an object")?;
        let (mut x, mut y) = (a.next_key(true)?, b.next_key(true)?);
        while !self.full {
            let order = match (&x, &y) {
                (None, None) => break,
                (Some(x), Some(y)) => key_order(x, y),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
            };
            match (order, &x, &y) {
                (Ordering::Equal, Some(key), _) => {
                    let mut compared = Ok(());
                    self.member(key, |diff| compared = diff.canonical_values(a, b));
                    compared?;
                    (x, y) = (a.next_key(false)?, b.next_key(false)?);
                }
                (Ordering::Less, Some(key), _) => {
                    self.member(key, Diff::changed);
                    skip_value(a)?;
                    x = a.next_key(false)?;
                }
                (_, _, Some(key)) => {
                    self.member(key, Diff::changed);
                    skip_value(b)?;
                    y = b.next_key(false)?;
                }
                _ => break,
            }
        }
        Ok(())
    }

    fn canonical_arrays(&mut self, a: &mut Reader<'_>, b: &mut Reader<'_>) -> Result<(), Error> {
        a.begin_array("an array")?;
        b.begin_array("an array")?;
        let (mut a_open, mut b_open) = (true, true);
        let mut index = 0;
        while !self.full {
            a_open = a_open && a.next_element(index == 0)?;
            b_open = b_open && b.next_element(index == 0)?;
            match (a_open, b_open) {
                (true, true) => {
                    let mut compared = Ok(());
                    self.element(index, |diff| compared = diff.canonical_values(a, b));
                    compared?;
                }
                (true, false) => {
                    self.element(index, Diff::changed);
                    skip_value(a)?;
                }
                (false, true) => {
                    self.element(index, Diff::changed);
                    skip_value(b)?;
                }
                (false, false) => break,
            }
            index += 1;
        }
        Ok(())
    }
}

/// The canonical order of object keys (docs/spec.md §4: UTF-16 code units), as the writers sort them.
fn key_order(a: &str, b: &str) -> Ordering {
    crate::json::key_order::compare_keys(a, b)
}

/// Reads past one value.
fn skip_value(r: &mut Reader<'_>) -> Result<(), Error> {
    const ANY: Problem = Problem::InvalidJson("expected a value");
    match r.peek()? {
        Token::Null => r.take_null().map(drop),
        Token::Bool => r.read_bool().map(drop),
        Token::Number => r.read_number_text(|| ANY).map(drop),
        Token::String => r.read_str_unlimited(|| ANY).map(drop),
        Token::Array => {
            r.begin_array("an array")?;
            let mut first = true;
            while r.next_element(first)? {
                first = false;
                skip_value(r)?;
            }
            Ok(())
        }
        Token::Object => {
            r.begin_object("an object")?;
            let mut first = true;
            while r.next_key(first)?.is_some() {
                first = false;
                skip_value(r)?;
            }
            Ok(())
        }
    }
}

/// The text of the next value, read past.
fn value_text<'a>(r: &mut Reader<'a>) -> Result<&'a str, Error> {
    let start = r.value_start();
    skip_value(r)?;
    Ok(r.text_since(start))
}

/// The unknown members of two objects of one kind, compared in canonical key order
/// between the schema's fields: the object's `diff` calls [`UnknownMembersDiff::before`]
/// with each schema key in ascending order before comparing that field, then with `None`.
/// Members named like a schema key are never written, and never compared.
pub struct UnknownMembersDiff<'a> {
    a: &'a [UnknownMember],
    b: &'a [UnknownMember],
    schema_keys: &'static [&'static str],
}

impl<'a> UnknownMembersDiff<'a> {
    /// Starts at the first unknown members of `a` and `b`.
    pub fn new(a: &'a UnknownMembers, b: &'a UnknownMembers, schema_keys: &'static [&'static str]) -> Self {
        UnknownMembersDiff { a: a.iter().as_slice(), b: b.iter().as_slice(), schema_keys }
    }

    fn next_below(&self, side: &'a [UnknownMember], bound: Option<&str>) -> Option<&'a UnknownMember> {
        side.first().filter(|m| bound.is_none_or(|key| key_order(m.key(), key) == Ordering::Less))
    }

    fn skip_schema_keys(&mut self) {
        let written = |side: &'a [UnknownMember]| {
            let skip = side.iter().take_while(|m| self.schema_keys.contains(&m.key())).count();
            &side[skip..]
        };
        (self.a, self.b) = (written(self.a), written(self.b));
    }

    /// Compares the unknown members whose keys sort before `bound` (all the rest for
    /// `None`): a member on one side only is changed, one on both sides is compared.
    pub fn before(&mut self, bound: Option<&str>, diff: &mut Diff) {
        loop {
            self.skip_schema_keys();
            if diff.is_full() {
                return;
            }
            let (x, y) = (self.next_below(self.a, bound), self.next_below(self.b, bound));
            let order = match (x, y) {
                (None, None) => return,
                (Some(x), Some(y)) => key_order(x.key(), y.key()),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
            };
            match (order, x, y) {
                (Ordering::Equal, Some(x), Some(y)) => {
                    diff.member(x.key(), |diff| diff.unknown_values(x, y));
                    (self.a, self.b) = (&self.a[1..], &self.b[1..]);
                }
                (Ordering::Less, Some(x), _) => {
                    diff.member(x.key(), Diff::changed);
                    self.a = &self.a[1..];
                }
                (_, _, Some(y)) => {
                    diff.member(y.key(), Diff::changed);
                    self.b = &self.b[1..];
                }
                _ => return,
            }
        }
    }
}

/// A sink that checks what is written against an expected text.
struct SameText<'a> {
    expected: &'a [u8],
    at: usize,
    same: bool,
}

impl SameText<'_> {
    /// True when exactly the expected text was written.
    fn is_same(&self) -> bool {
        self.same && self.at == self.expected.len()
    }
}

impl Sink for SameText<'_> {
    fn write_str(&mut self, text: &str) {
        self.write_ascii(text.as_bytes());
    }

    fn write_ascii(&mut self, piece: &[u8]) {
        let end = self.at + piece.len();
        self.same = self.same && self.expected.get(self.at..end) == Some(piece);
        self.at = end;
    }
}
