//! The canonical order of object keys (docs/spec.md §4, RFC 8785 §3.2.3): keys compare as
//! sequences of UTF-16 code units, which is what JavaScript's default sort does.
//!
//! Every place that orders keys uses [`compare_keys`]: unknown members, generic JSON
//! objects, the merge of unknown members between schema members, the compile-time check
//! of the schema's key order, and the diff walk.

use alloc::vec::Vec;
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

/// The canonical order of `items` by their keys, in O(n log n) whatever order they came in:
/// `Ok(None)` when they are in it already, `Ok(Some(order))` with `order[i]` the index of the
/// item that belongs at position `i` (for [`put_in_order`]), or `Err(index)` of an item
/// whose key appears twice.
///
/// Sorting compares keys many times, and a key may live anywhere on the heap; so each key's
/// first eight bytes are read once into a word whose numeric order is the canonical order
/// ([`order_word`]), and the keys themselves are read only when two words are equal.
pub(crate) fn canonical_order<'a, T>(
    items: &'a [T],
    key: impl Fn(&'a T) -> &'a str,
) -> Result<Option<Vec<usize>>, usize> {
    if items.windows(2).all(|pair| key_precedes(key(&pair[0]), key(&pair[1]))) {
        return Ok(None);
    }
    let mut order: Vec<(u64, usize)> = items.iter().enumerate().map(|(i, item)| (order_word(key(item)), i)).collect();
    order.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| compare_keys(key(&items[a.1]), key(&items[b.1]))));
    match order.windows(2).find(|pair| pair[0].0 == pair[1].0 && key(&items[pair[0].1]) == key(&items[pair[1].1])) {
        Some(pair) => Err(pair[0].1),
        None => Ok(Some(order.into_iter().map(|(_, index)| index).collect())),
    }
}

/// Moves each item to its place in `order` (from [`canonical_order`]), one cycle of the
/// permutation at a time, without copying the items.
pub(crate) fn put_in_order<T>(items: &mut [T], mut order: Vec<usize>) {
    for start in 0..items.len() {
        let mut current = start;
        while order[current] != start {
            let next = order[current];
            order[current] = current;
            items.swap(current, next);
            current = next;
        }
        order[current] = current;
    }
}

/// The first eight bytes of `key` (zero-padded) as a big-endian word whose numeric order is
/// the canonical order wherever two words differ: the lead bytes that [`compare_keys`] flips
/// are renumbered so that F0–F4 (above U+FFFF) come after ED and before EE, EF. A zero pad
/// byte ties with a NUL character and never decides.
fn order_word(key: &str) -> u64 {
    let mut word = 0u64;
    for k in 0..8 {
        let byte = key.as_bytes().get(k).copied().unwrap_or(0);
        let ranked = match byte {
            0xf0..=0xf4 => byte - 2,
            0xee => 0xf3,
            0xef => 0xf4,
            _ => byte,
        };
        word = (word << 8) | u64::from(ranked);
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

    /// Keys built from pieces that meet at the word boundary (eight bytes), with NULs that
    /// tie with the word's padding and the characters whose lead bytes the word renumbers.
    fn awkward_keys() -> Vec<String> {
        let pieces =
            ["", "a", "\0", "\u{7ff}", "\u{d7ff}", "\u{e000}", "\u{ffff}", "\u{10000}", "\u{10ffff}", "1234567"];
        let mut keys = Vec::new();
        for a in pieces {
            for b in pieces {
                for c in ["", "\0", "z", "\u{e000}", "\u{10000}"] {
                    keys.push(alloc::format!("{a}{b}{c}"));
                }
            }
        }
        keys.sort();
        keys.dedup();
        keys
    }

    #[test]
    fn canonical_order_sorts_any_arrangement_like_utf16_order() {
        let sorted = {
            let mut keys = awkward_keys();
            keys.sort_by(|a, b| utf16_order(a, b));
            keys
        };
        for stride in [1, 7, 31, 101] {
            // A fixed shuffle: position i takes the key at (i * stride) mod n, reversed for
            // one of them, so every arrangement differs.
            let n = sorted.len();
            let mut keys: Vec<String> = (0..n).map(|i| sorted[(i * stride + stride / 2) % n].clone()).collect();
            if stride == 31 {
                keys.reverse();
            }
            if let Ok(Some(order)) = canonical_order(&keys, String::as_str) {
                put_in_order(&mut keys, order);
            }
            assert_eq!(keys, sorted, "stride {stride}");
        }
    }

    #[test]
    fn canonical_order_names_a_repeated_key_and_leaves_sorted_keys_alone() {
        let keys = ["b\0", "a", "b\0", "c"].map(String::from);
        let repeated = canonical_order(&keys, String::as_str).unwrap_err();
        assert_eq!(keys[repeated], "b\0");
        let sorted = ["a", "b", "\u{10000}", "\u{e000}"].map(String::from);
        assert_eq!(canonical_order(&sorted, String::as_str), Ok(None));
    }
}
