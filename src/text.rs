//! The bottom of the layers: text output. The [`Sink`] that writers stream into (a
//! `String`, or a hasher that never builds the string) and JSON string escaping, which the
//! JSON reader and writers, the error paths and the error bodies all use.
//!
//! Nothing here knows JSON documents, the schema or errors.

use alloc::string::String;

use alloy_primitives::Address;

/// Where JSON text is written: the writers of this crate ([`crate::to_string`],
/// [`crate::Canonical::write_canonical`]) stream their output into a `Sink` piece by piece
/// (punctuation, a key, a number), so that nothing has to build the whole text. This crate
/// implements it for `String` and for alloy's `Keccak256` hasher; implement it to send the
/// text elsewhere, for example into another hash or a byte counter.
///
/// ```
/// use intent_core::{from_slice, Call, Canonical, Sink};
///
/// /// Counts the bytes of the text without keeping it.
/// struct Length(usize);
///
/// impl Sink for Length {
///     fn write_str(&mut self, text: &str) {
///         self.0 += text.len();
///     }
/// }
///
/// let call: Call = from_slice(br#"{"value": 7, "to": "0x0000000000000000000000000000000000000001"}"#)?;
/// let mut length = Length(0);
/// call.write_canonical(&mut length);
/// assert_eq!(length.0, call.canonical_json().len());
/// # Ok::<(), intent_core::Error>(())
/// ```
pub trait Sink {
    /// Appends `text`.
    fn write_str(&mut self, text: &str);

    /// Appends text that the writers produce as bytes: always ASCII (digits, hex). The
    /// default checks that it is text and passes it to [`Sink::write_str`]; a sink that
    /// consumes bytes (a hasher) overrides it to take the bytes as they are.
    #[inline]
    fn write_ascii(&mut self, ascii: &[u8]) {
        if let Ok(text) = core::str::from_utf8(ascii) {
            self.write_str(text);
        }
    }

    /// Appends `address` quoted, in EIP-55 form, as the wire form writes every address.
    /// The default hashes its digits (one keccak permutation) each time; a sink that
    /// writes a whole document may remember the forms it wrote, as the one of
    /// [`crate::to_string`] does, since a document names the same few addresses many times.
    fn write_checksummed_address(&mut self, address: &Address) {
        self.write_str("\"");
        self.write_str(address.to_checksum_buffer(None).as_str());
        self.write_str("\"");
    }
}

/// How many EIP-55 forms a [`DocumentSink`] remembers: an intent names about a dozen
/// distinct addresses (owner, tokens, intent addresses, call targets) 25 to 35 times.
const REMEMBERED_ADDRESSES: usize = 16;

/// A `String` sink for one document that remembers the EIP-55 forms of the last
/// [`REMEMBERED_ADDRESSES`] addresses it wrote, so that an address named again is copied
/// rather than hashed again. The text is the same as a `String`'s.
pub(crate) struct DocumentSink {
    /// The text written.
    pub(crate) text: String,
    addresses: [Address; REMEMBERED_ADDRESSES],
    forms: [[u8; 42]; REMEMBERED_ADDRESSES],
    len: usize,
    next: usize,
}

impl DocumentSink {
    pub(crate) fn new() -> DocumentSink {
        DocumentSink {
            text: String::new(),
            addresses: [Address::ZERO; REMEMBERED_ADDRESSES],
            forms: [[0; 42]; REMEMBERED_ADDRESSES],
            len: 0,
            next: 0,
        }
    }
}

impl Sink for DocumentSink {
    fn write_str(&mut self, text: &str) {
        self.text.push_str(text);
    }

    fn write_checksummed_address(&mut self, address: &Address) {
        let known = self.addresses[..self.len].iter().position(|known| known == address);
        let slot = match known {
            Some(slot) => slot,
            None => {
                let slot = self.next;
                self.addresses[slot] = *address;
                self.forms[slot].copy_from_slice(address.to_checksum_buffer(None).as_str().as_bytes());
                self.next = (slot + 1) % REMEMBERED_ADDRESSES;
                self.len = REMEMBERED_ADDRESSES.min(self.len + 1);
                slot
            }
        };
        self.text.push('"');
        // The form is `0x` and hex digits: ASCII.
        self.text.push_str(core::str::from_utf8(&self.forms[slot]).unwrap_or_default());
        self.text.push('"');
    }
}

impl Sink for String {
    fn write_str(&mut self, text: &str) {
        self.push_str(text);
    }
}

impl Sink for alloy_primitives::Keccak256 {
    fn write_str(&mut self, text: &str) {
        self.update(text.as_bytes());
    }

    fn write_ascii(&mut self, ascii: &[u8]) {
        self.update(ascii);
    }
}

/// The index of the first byte at or after `from` that a JSON string cannot hold
/// literally: `"`, `\` or a control character below U+0020; `bytes.len()` when there is
/// none. Looks at sixteen bytes at a time, as two words: in each word, a byte is flagged
/// when it equals `"` or `\` (a zero byte after XOR) or is below 0x20, and the lowest flag
/// is exact because a borrow only starts at a flagged byte.
#[inline]
pub(crate) fn find_special(bytes: &[u8], from: usize) -> usize {
    let rest = bytes.get(from..).unwrap_or_default();
    let mut pairs = rest.chunks_exact(16);
    let mut at = from;
    for pair in &mut pairs {
        let (low, high) = pair.split_at(8);
        let (low, high) = (special_flags(low), special_flags(high));
        if low | high != 0 {
            return at + if low != 0 { low.trailing_zeros() / 8 } else { 8 + high.trailing_zeros() / 8 } as usize;
        }
        at += 16;
    }
    for &b in pairs.remainder() {
        if matches!(b, b'"' | b'\\' | 0x00..=0x1f) {
            return at;
        }
        at += 1;
    }
    at
}

/// The high bit of each byte of the 8-byte `chunk` that is `"`, `\\` or below 0x20, and
/// possibly of bytes after the first such byte (never before it).
#[inline(always)]
fn special_flags(chunk: &[u8]) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut word = [0u8; 8];
    word.copy_from_slice(chunk);
    let word = u64::from_le_bytes(word);
    let quote = word ^ (ONES * u64::from(b'"'));
    let backslash = word ^ (ONES * u64::from(b'\\'));
    (quote.wrapping_sub(ONES) & !quote
        | backslash.wrapping_sub(ONES) & !backslash
        | word.wrapping_sub(ONES * 0x20) & !word)
        & HIGHS
}

/// Whether any byte of `bytes` must be escaped in a JSON string (`"`, `\\`, below 0x20).
/// Most strings need no escape; this test has no early exit, so the compiler turns it into
/// a vector loop.
fn needs_escape(bytes: &[u8]) -> bool {
    bytes.iter().fold(false, |found, &b| found | (b < 0x20) | (b == b'"') | (b == b'\\'))
}

/// Writes `text` as a JSON string with the escaping of RFC 8785 §3.2.2.2: `"` and `\`
/// escaped, U+0008/9/A/C/D as `\b \t \n \f \r`, other code points below U+0020 as
/// `\u00xx`, everything else literal.
pub(crate) fn write_string<S: Sink + ?Sized>(out: &mut S, text: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.write_str("\"");
    let bytes = text.as_bytes();
    if !needs_escape(bytes) {
        out.write_str(text);
        out.write_str("\"");
        return;
    }
    let mut run_start = 0;
    loop {
        let at = find_special(bytes, run_start);
        // Every byte `find_special` stops at is ASCII, so both slices end on character
        // boundaries.
        out.write_str(text.get(run_start..at).unwrap_or_default());
        let Some(&b) = bytes.get(at) else { break };
        match b {
            b'"' => out.write_str("\\\""),
            b'\\' => out.write_str("\\\\"),
            0x08 => out.write_str("\\b"),
            b'\t' => out.write_str("\\t"),
            b'\n' => out.write_str("\\n"),
            0x0c => out.write_str("\\f"),
            b'\r' => out.write_str("\\r"),
            _ => out.write_ascii(&[b'\\', b'u', b'0', b'0', HEX[usize::from(b >> 4)], HEX[usize::from(b & 0xf)]]),
        }
        run_start = at + 1;
    }
    out.write_str("\"");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_special_finds_the_first_special_byte_at_every_offset() {
        for special in [b'"', b'\\', 0x00, 0x01, 0x1f] {
            for len in 0..40 {
                for at in 0..=len {
                    // Plain bytes around it, including non-ASCII and the neighbours of the
                    // special values.
                    let mut bytes: alloc::vec::Vec<u8> = (0..len)
                        .map(|i| [b'a', 0x20, 0x21, 0x23, 0x5b, 0x5d, 0x7f, 0x80, 0xa2, 0xdc, 0xff][i % 11])
                        .collect();
                    if at < len {
                        bytes[at] = special;
                    }
                    for from in 0..=at {
                        assert_eq!(find_special(&bytes, from), at, "special {special} len {len} at {at} from {from}");
                    }
                }
            }
        }
    }

    #[test]
    fn write_string_escapes_as_rfc_8785() {
        let mut out = String::new();
        write_string(&mut out, "a\"b\\c\u{8}\t\n\u{c}\r\u{1}\u{1f} é✓\u{7f}");
        assert_eq!(out, "\"a\\\"b\\\\c\\b\\t\\n\\f\\r\\u0001\\u001f é✓\u{7f}\"");
    }

    #[test]
    fn a_document_sink_writes_each_address_as_a_string_does() {
        // 40 distinct addresses, each named again at growing distances: from hits among the
        // remembered ones to names evicted long before.
        let addresses: alloc::vec::Vec<Address> =
            (0u8..40).map(|i| Address::repeat_byte(i.wrapping_mul(73) | 0x0f)).collect();
        let order = (0..40).chain((0..40).rev()).chain((0..40).step_by(3)).chain([5, 5, 39, 0]);
        let (mut plain, mut document) = (String::new(), DocumentSink::new());
        for i in order {
            plain.write_checksummed_address(&addresses[i]);
            document.write_checksummed_address(&addresses[i]);
            plain.write_str(",");
            document.write_str(",");
        }
        assert_eq!(document.text, plain);
        let before = document.text.len();
        document.write_checksummed_address(&addresses[0]);
        assert_eq!(&document.text[before..], alloc::format!("\"{}\"", addresses[0].to_checksum(None)));
    }
}
