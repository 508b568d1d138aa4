//! JSON paths as the errors and diffs print them: `originCalls.calls[2].to`.
//!
//! A key that is not a plain identifier is written in brackets as a JSON string
//! (`extra["a.b"]`), so every path reads back unambiguously.

use alloc::string::String;
use core::fmt::Write;

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
        crate::json::write_string(path, key);
        path.push(']');
    }
}

/// Appends the element `[index]` to `path`.
pub(crate) fn push_index(path: &mut String, index: usize) {
    let _ = write!(path, "[{index}]");
}

/// Appends an already formatted `tail` (a path below the member or element just pushed).
pub(crate) fn push_tail(path: &mut String, tail: &str) {
    if !path.is_empty() && !tail.is_empty() && !tail.starts_with('[') {
        path.push('.');
    }
    path.push_str(tail);
}

/// `key` followed by the path `tail` below it.
pub(crate) fn prepend_key(key: &str, tail: &str) -> String {
    let mut path = String::with_capacity(key.len() + tail.len() + 1);
    push_key(&mut path, key);
    push_tail(&mut path, tail);
    path
}

/// `[index]` followed by the path `tail` below it.
pub(crate) fn prepend_index(index: usize, tail: &str) -> String {
    let mut path = String::with_capacity(tail.len() + 8);
    push_index(&mut path, index);
    push_tail(&mut path, tail);
    path
}
