//! The canonical form of a generic JSON value (docs/spec.md §4), written while the value is read:
//! what an unknown member's canonical text comes from. No tree is built.
//!
//! Literals, numbers, strings and arrays go straight to the output. An object's members
//! are written in final form in document order; when the object closes and its keys were
//! not already in canonical order ([`compare_keys`]), its text is reordered once in place.
//! The unescaped keys of the open objects and one span per member live on two stacks
//! shared by every level, and one buffer serves every reordering, so nesting costs no
//! allocation per level; text grows by a quarter at a time and records by half, so peak
//! memory stays a small multiple of the input. These buffers ([`CanonicalBuffers`]) are
//! kept by the [`Reader`] for the length of its document, so the values read after the
//! first reuse them and allocate nothing.
//!
//! Cost: reading is linear. Reordering copies an object's text once, so input whose
//! objects are out of order at every level copies each byte at most once per level
//! (at most [`crate::Limits::max_depth`] times).

use alloc::string::String;
use alloc::vec::Vec;

use super::canonical_buffers::{CanonicalBuffers, MemberSpan};
use super::double::DoubleBuffer;
use super::key_order::{canonical_order, put_in_order};
use super::number::f64_from_number_text;
use super::reader::{Reader, Token};
use super::{write_string, Sink};
use crate::error::{Error, Problem};

/// Reads one JSON value from `r` and returns `take(canonical, received)`: its canonical
/// form and its text as received. The canonical form is written into the reader's
/// [`CanonicalBuffers`], lent for the call and kept for the next value.
pub(crate) fn read_canonical<M, T>(r: &mut Reader<'_, M>, take: impl FnOnce(&str, &str) -> T) -> Result<T, Error> {
    let mut buffers = r.take_canonical_buffers();
    // Empty, whatever a value that failed part-way left in them.
    buffers.out.clear();
    buffers.keys.clear();
    buffers.members.clear();
    let start = r.value_start();
    let read = buffers.value(r);
    let taken = read.map(|()| take(&buffers.out, r.text_since(start)));
    r.keep_canonical_buffers(buffers);
    taken
}

/// Makes room for `additional` more bytes in `buffer`, growing its capacity by at least a
/// quarter when it has to grow: amortised linear, with at most 25% (plus 16 bytes) unused.
pub(crate) fn reserve_tight(buffer: &mut String, additional: usize) {
    let needed = buffer.len().saturating_add(additional);
    let capacity = buffer.capacity();
    if needed > capacity {
        buffer.reserve_exact(needed.max(capacity + capacity / 4 + 16) - buffer.len());
    }
}

/// Room for one more element in `vector`, growing it by half its capacity when full:
/// amortised linear, with at most a third unused. (Vectors of small records grow faster
/// than text: their reallocations, not their slack, dominate the bytes requested.)
pub(crate) fn reserve_one_tight<T>(vector: &mut Vec<T>) {
    if vector.capacity() == vector.len() {
        vector.reserve_exact(vector.capacity() / 2 + 4);
    }
}

/// An offset into a buffer, stored in 32 bits to keep member spans small. Only text over
/// 4 GiB (possible with limits raised that far) does not fit.
fn offset(at: usize) -> Result<u32, Error> {
    u32::try_from(at)
        .map_err(|_| Error::new(Problem::LimitExceeded { what: "unknown member bytes", limit: u32::MAX as usize }))
}

/// Appends to a string with [`reserve_tight`] growth.
struct TightSink<'s>(&'s mut String);

impl Sink for TightSink<'_> {
    fn write_str(&mut self, text: &str) {
        reserve_tight(self.0, text.len());
        // Quotes and punctuation, most of the writes: a push, not a call to `memcpy`.
        match text.as_bytes() {
            &[byte] => self.0.push(char::from(byte)),
            _ => self.0.push_str(text),
        }
    }
}

impl CanonicalBuffers {
    fn write(&mut self, text: &str) {
        TightSink(&mut self.out).write_str(text);
    }

    fn value<M>(&mut self, r: &mut Reader<'_, M>) -> Result<(), Error> {
        match r.peek()? {
            Token::Null => {
                r.take_null()?;
                self.write("null");
            }
            Token::Bool => {
                let value = r.read_bool()?;
                self.write(if value { "true" } else { "false" });
            }
            Token::Number => {
                let text = r.read_number_text(|| Problem::InvalidType { expected: "a number" })?;
                if is_integer_literal(text) {
                    self.write(if text == "-0" { "0" } else { text });
                } else {
                    let value = f64_from_number_text(text)?;
                    self.write(DoubleBuffer::new().format(value));
                }
            }
            Token::String => {
                let text = r.read_str(|| Problem::InvalidType { expected: "a string" })?;
                write_string(&mut TightSink(&mut self.out), &text);
            }
            Token::Array => self.array(r)?,
            Token::Object => self.object(r)?,
        }
        Ok(())
    }

    fn array<M>(&mut self, r: &mut Reader<'_, M>) -> Result<(), Error> {
        r.begin_array("an array")?;
        self.write("[");
        let mut index = 0;
        while r.next_element(index == 0)? {
            if index == r.limits().max_array_len {
                return Err(Error::new(Problem::LimitExceeded {
                    what: "array elements",
                    limit: r.limits().max_array_len,
                }));
            }
            if index > 0 {
                self.write(",");
            }
            self.value(r).map_err(|e| e.in_element(index))?;
            index += 1;
        }
        self.write("]");
        Ok(())
    }

    fn object<M>(&mut self, r: &mut Reader<'_, M>) -> Result<(), Error> {
        r.begin_object("an object")?;
        self.write("{");
        let region_start = self.out.len();
        let (first_member, keys_base) = (self.members.len(), self.keys.len());
        let mut first = true;
        while let Some(key) = r.next_key(first)? {
            let start = offset(self.out.len())?;
            if !first {
                self.write(",");
            }
            first = false;
            let key_start = offset(self.keys.len())?;
            reserve_tight(&mut self.keys, key.len());
            self.keys.push_str(&key);
            let key_end = offset(self.keys.len())?;
            write_string(&mut TightSink(&mut self.out), &key);
            self.write(":");
            self.value(r).map_err(|e| e.in_member(&key))?;
            let end = offset(self.out.len())?;
            reserve_one_tight(&mut self.members);
            self.members.push(MemberSpan { key_start, key_end, start, end });
        }
        let sorted = self.sort_members(first_member, region_start);
        self.members.truncate(first_member);
        self.keys.truncate(keys_base);
        sorted?;
        self.write("}");
        Ok(())
    }

    /// Puts the members from `first_member` on, whose text starts at `region_start`, in
    /// canonical order; a key that appears twice is `INVALID_JSON`.
    fn sort_members(&mut self, first_member: usize, region_start: usize) -> Result<(), Error> {
        let keys = &self.keys;
        let key = |span: &MemberSpan| keys.get(span.key_start as usize..span.key_end as usize).unwrap_or_default();
        let members = self.members.get_mut(first_member..).unwrap_or_default();
        match canonical_order(members, key) {
            Ok(None) => return Ok(()),
            Ok(Some(order)) => put_in_order(members, order),
            Err(repeated) => {
                return Err(Error::new(Problem::InvalidJson("duplicate member")).in_member(key(&members[repeated])))
            }
        }
        // The members' text in document order; written back in sorted order it has the
        // same length (the same members and commas), so the output does not grow.
        let unordered = &mut self.reordering;
        unordered.clear();
        let region = self.out.get(region_start..).unwrap_or_default();
        reserve_tight(unordered, region.len());
        unordered.push_str(region);
        self.out.truncate(region_start);
        for (i, span) in members.iter().enumerate() {
            let text = unordered.get(span.start as usize - region_start..span.end as usize - region_start);
            let text = text.unwrap_or_default();
            if i > 0 {
                self.out.push(',');
            }
            self.out.push_str(text.strip_prefix(',').unwrap_or(text));
        }
        Ok(())
    }
}

/// Whether a number's text is an integer literal (no fraction, no exponent), which the
/// canonical form keeps exactly instead of going through `f64`.
fn is_integer_literal(text: &str) -> bool {
    !text.bytes().any(|b| matches!(b, b'.' | b'e' | b'E'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;

    fn canonical(json: &str) -> Result<String, Error> {
        let limits = Limits::DEFAULT;
        let mut r = Reader::new(json.as_bytes(), &limits)?;
        let out = read_canonical(&mut r, |canonical, _| String::from(canonical))?;
        r.finish()?;
        Ok(out)
    }

    #[test]
    fn objects_are_sorted_at_every_level_and_the_rest_kept_in_order() {
        assert_eq!(
            canonical(r#" { "b" : [3, {"y":1, "x":2}], "a" : { "d": null, "c": "\u00e9\n" }, "\u0000": -0 } "#)
                .unwrap(),
            "{\"\\u0000\":0,\"a\":{\"c\":\"é\\n\",\"d\":null},\"b\":[3,{\"x\":2,\"y\":1}]}"
        );
        assert_eq!(canonical("[1.50, 1E30, 1e-7, 2, true, false, {}]").unwrap(), "[1.5,1e+30,1e-7,2,true,false,{}]");
    }

    #[test]
    fn keys_sort_by_utf16_code_units() {
        assert_eq!(
            canonical(r#"{"\ufb33":1,"\ud83d\ude02":2,"\u00f6":3}"#).unwrap(),
            "{\"ö\":3,\"😂\":2,\"\u{fb33}\":1}"
        );
    }

    #[test]
    fn a_duplicate_key_is_invalid_json_at_its_path_in_any_order() {
        for json in [r#"{"a":{"k":1,"j":0,"k":2}}"#, r#"{"a":{"k":1,"k":2}}"#, r#"{"a":{"j":[],"k":1,"l":0,"k":2}}"#] {
            let err = canonical(json).unwrap_err();
            assert_eq!((err.reason(), err.path()), (crate::Reason::InvalidJson, Some("a.k")), "{json}");
        }
    }

    #[test]
    fn errors_inside_carry_the_path() {
        let err = canonical(r#"{"a":[0,{"b":1e999}]}"#).unwrap_err();
        assert_eq!((err.reason(), err.path()), (crate::Reason::NumberOutOfRange, Some("a[1].b")));
    }
}
