//! JSON paths as the errors and diffs print them: `originCalls.calls[2].to`.
//!
//! A key that is not a plain identifier is written in brackets as a JSON string
//! (`extra["a.b"]`), so every path reads back unambiguously.
//!
//! Two builders live here: [`push_key`]/[`push_index`] append to a `String` (a diff walks
//! from the root down), and [`ReversedPath`] prepends (an error gets its path while
//! unwinding, from the deepest member up) at an amortised cost of the segment alone, so a
//! path of `d` segments costs linear time and memory, not `d` times the path. Text shown
//! to people is cut with [`cut`] and ends with [`TRUNCATION_MARKER`].

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

/// What ends a path or message that was cut short (`…`, U+2026, 3 bytes in UTF-8).
pub const TRUNCATION_MARKER: &str = "\u{2026}";

fn is_identifier(key: &str) -> bool {
    let mut bytes = key.bytes();
    matches!(bytes.next(), Some(b) if b.is_ascii_alphabetic() || b == b'_' || b == b'$')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
}

/// Appends the member `key` to `path`.
pub(crate) fn push_key(path: &mut String, key: &str) {
    if is_identifier(key) {
        if !path.is_empty() {
            path.push('.');
        }
        path.push_str(key);
    } else {
        path.push('[');
        crate::text::write_string(path, key);
        path.push(']');
    }
}

/// Appends the element `[index]` to `path`.
pub(crate) fn push_index(path: &mut String, index: usize) {
    let _ = write!(path, "[{index}]");
}

/// The longest prefix of `text` of at most `max` bytes that ends on a character boundary,
/// or `None` when `text` is no longer than `max`.
pub(crate) fn cut(text: &str, max: usize) -> Option<&str> {
    if text.len() <= max {
        return None;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    Some(&text[..end])
}

/// Appends `text` to `out`, cut to `max` bytes and marked with [`TRUNCATION_MARKER`] when
/// it is longer.
pub(crate) fn push_cut(out: &mut String, text: &str, max: usize) {
    match cut(text, max) {
        Some(head) => {
            out.push_str(head);
            out.push_str(TRUNCATION_MARKER);
        }
        None => out.push_str(text),
    }
}

/// A `fmt::Write` that keeps the first `max` bytes of what is written (on a character
/// boundary), then [`TRUNCATION_MARKER`], and stops the formatting there (it returns
/// `fmt::Error`, which `write!` hands back instead of formatting the rest).
pub(crate) struct CutWriter<'a> {
    out: &'a mut String,
    room: usize,
}

impl<'a> CutWriter<'a> {
    /// Writes into `out`, at most `max` more bytes before the marker.
    pub(crate) fn new(out: &'a mut String, max: usize) -> Self {
        CutWriter { out, room: max }
    }
}

impl Write for CutWriter<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        match cut(text, self.room) {
            None => {
                self.out.push_str(text);
                self.room -= text.len();
                Ok(())
            }
            Some(head) => {
                self.out.push_str(head);
                self.out.push_str(TRUNCATION_MARKER);
                self.room = 0;
                Err(fmt::Error)
            }
        }
    }
}

/// A path built from its last segment to its first. The text sits at the end of its
/// buffer with free room before it, which doubles when it runs out: prepending a segment
/// copies that segment only (amortised), never the path below it.
#[derive(Clone, Default)]
pub(crate) struct ReversedPath {
    buffer: Vec<u8>,
    start: usize,
}

impl ReversedPath {
    /// The path's text.
    pub(crate) fn as_str(&self) -> &str {
        // Only whole `&str`s are ever copied in, so the tail is always UTF-8.
        core::str::from_utf8(&self.buffer[self.start..]).unwrap_or_default()
    }

    /// True for the empty path (the document itself).
    pub(crate) fn is_empty(&self) -> bool {
        self.start == self.buffer.len()
    }

    fn starts_with_bracket(&self) -> bool {
        self.buffer.get(self.start) == Some(&b'[')
    }

    fn prepend_str(&mut self, text: &str) {
        let bytes = text.as_bytes();
        if bytes.len() > self.start {
            let len = self.buffer.len() - self.start;
            let room = (len + bytes.len()).max(32);
            let mut buffer = Vec::with_capacity(room + len);
            buffer.resize(room, 0);
            buffer.extend_from_slice(&self.buffer[self.start..]);
            self.buffer = buffer;
            self.start = room;
        }
        self.start -= bytes.len();
        self.buffer[self.start..self.start + bytes.len()].copy_from_slice(bytes);
    }

    /// Prepends an already formatted path `prefix` (`a.b[2]`), with the separator the
    /// path below it needs.
    pub(crate) fn prepend_path(&mut self, prefix: &str) {
        if !prefix.is_empty() && !self.is_empty() && !self.starts_with_bracket() {
            self.prepend_str(".");
        }
        self.prepend_str(prefix);
    }

    /// Prepends the member `key`.
    pub(crate) fn prepend_key(&mut self, key: &str) {
        if is_identifier(key) {
            self.prepend_path(key);
        } else {
            let mut segment = String::with_capacity(key.len() + 4);
            push_key(&mut segment, key);
            self.prepend_path(&segment);
        }
    }

    /// Prepends the element `[index]`.
    pub(crate) fn prepend_index(&mut self, index: usize) {
        let mut segment = String::new();
        push_index(&mut segment, index);
        self.prepend_path(&segment);
    }
}

impl PartialEq for ReversedPath {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for ReversedPath {}

impl fmt::Debug for ReversedPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reversed_path_reads_like_one_built_forwards() {
        let mut path = ReversedPath::default();
        path.prepend_key("to");
        path.prepend_index(2);
        path.prepend_key("calls");
        path.prepend_key("a.b");
        path.prepend_key("originCalls");
        path.prepend_path("intent");
        assert_eq!(path.as_str(), r#"intent.originCalls["a.b"].calls[2].to"#);
        let mut forwards = String::new();
        for key in ["intent", "originCalls", "a.b", "calls"] {
            push_key(&mut forwards, key);
        }
        push_index(&mut forwards, 2);
        push_key(&mut forwards, "to");
        assert_eq!(path.as_str(), forwards);
    }

    #[test]
    fn cut_keeps_whole_characters() {
        assert_eq!(cut("abc", 3), None);
        assert_eq!(cut("abcd", 3), Some("abc"));
        assert_eq!(cut("aé", 2), Some("a"));
        let mut out = String::new();
        push_cut(&mut out, "ééé", 5);
        assert_eq!(out, "éé\u{2026}");
    }
}
