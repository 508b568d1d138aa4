//! The canonical order of object keys (SPEC §4, RFC 8785 §3.2.3): keys compare as
//! sequences of UTF-16 code units, which is what JavaScript's default sort does.
//!
//! Every place that orders keys uses [`compare_keys`]: unknown members, generic JSON
//! objects, the merge of unknown members between schema members, the compile-time check
//! of the schema's key order, and the diff walk.

use core::cmp::Ordering;

/// Compares two keys as sequences of UTF-16 code units.
///
/// UTF-8 byte order is code point order, and code point order equals UTF-16 order except
/// when a character above U+FFFF (a surrogate pair, D800–DBFF first) meets one in
/// U+E000–U+FFFF. So the keys compare by bytes up to their first differing byte; where
/// both differing bytes start characters, a lead byte of a 4-byte sequence (F0–F4) against
/// one of a 3-byte sequence at or above U+E000 (EE or EF) is the one case that flips.
/// Differing continuation bytes belong to characters with equal lead bytes, hence of the
/// same length and class, so their byte order is right.
pub(crate) const fn compare_keys(a: &str, b: &str) -> Ordering {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let Some(at) = first_difference(a, b) else {
        return if a.len() < b.len() {
            Ordering::Less
        } else if a.len() > b.len() {
            Ordering::Greater
        } else {
            Ordering::Equal
        };
    };
    let (x, y) = (a[at], b[at]);
    if is_supplementary_lead(x) && is_high_bmp_lead(y) {
        Ordering::Less
    } else if is_high_bmp_lead(x) && is_supplementary_lead(y) {
        Ordering::Greater
    } else if x < y {
        Ordering::Less
    } else {
        Ordering::Greater
    }
}

/// The index of the first byte where `a` and `b` differ, within the shorter; eight bytes at
/// a time.
const fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    let shorter = if a.len() < b.len() { a.len() } else { b.len() };
    let mut i = 0;
    while i + 8 <= shorter {
        let difference = word_at(a, i) ^ word_at(b, i);
        if difference != 0 {
            return Some(i + (difference.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    while i < shorter {
        if a[i] != b[i] {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The eight bytes of `bytes` from `at`, little-endian (the first byte lowest, so the
/// lowest set bit of an XOR falls in the first differing byte).
const fn word_at(bytes: &[u8], at: usize) -> u64 {
    let mut word = 0;
    let mut k = 0;
    while k < 8 {
        word |= (bytes[at + k] as u64) << (8 * k);
        k += 1;
    }
    word
}

/// Whether `a` sorts strictly before `b` (see [`compare_keys`]).
pub(crate) const fn key_precedes(a: &str, b: &str) -> bool {
    matches!(compare_keys(a, b), Ordering::Less)
}

/// The lead byte of a 4-byte UTF-8 sequence: a character above U+FFFF, written in UTF-16
/// as a surrogate pair starting with D800–DBFF.
const fn is_supplementary_lead(byte: u8) -> bool {
    byte >= 0xf0
}

/// The lead byte of a 3-byte UTF-8 sequence for U+E000–U+FFFF (EE: U+E000–U+EFFF,
/// EF: U+F000–U+FFFF), which UTF-16 sorts after every surrogate.
const fn is_high_bmp_lead(byte: u8) -> bool {
    byte == 0xee || byte == 0xef
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec::Vec;

    fn utf16_order(a: &str, b: &str) -> Ordering {
        a.encode_utf16().cmp(b.encode_utf16())
    }

    /// Characters at the edges of every UTF-8 length and of the ranges where the orders
    /// differ.
    const EDGES: &[char] = &[
        '\u{0}',
        'a',
        '\u{7f}',
        '\u{80}',
        'é',
        '\u{7ff}',
        '\u{800}',
        '€',
        '\u{d7ff}',
        '\u{e000}',
        '\u{efff}',
        '\u{f000}',
        '\u{fb33}',
        '\u{ffff}',
        '\u{10000}',
        '😂',
        '\u{10ffff}',
    ];

    #[test]
    fn compare_keys_equals_utf16_order_on_edge_characters() {
        let mut keys: Vec<String> = Vec::new();
        for &x in EDGES {
            keys.push(String::from(x));
            for &y in EDGES {
                let mut key = String::from(x);
                key.push(y);
                keys.push(key.clone());
                key.push('a');
                keys.push(key);
            }
        }
        // The same behind common prefixes of every length around the 8-byte words.
        for prefix in ["", "1234567", "12345678", "123456789", "serviceIntentEntrypointAddress"] {
            let keys: Vec<String> = keys.iter().map(|key| alloc::format!("{prefix}{key}")).collect();
            for a in &keys {
                for b in &keys {
                    assert_eq!(compare_keys(a, b), utf16_order(a, b), "{a:?} vs {b:?}");
                }
            }
        }
    }

    #[test]
    fn a_supplementary_character_sorts_before_u_e000_and_after_u_d7ff() {
        assert_eq!(compare_keys("😂", "\u{e000}"), Ordering::Less);
        assert_eq!(compare_keys("\u{ffff}", "\u{10000}"), Ordering::Greater);
        assert_eq!(compare_keys("\u{d7ff}", "\u{10000}"), Ordering::Less);
        // Byte order says the opposite for the first two.
        assert!("😂".as_bytes() > "\u{e000}".as_bytes());
        assert!(key_precedes("", "a") && !key_precedes("a", "a"));
    }
}
