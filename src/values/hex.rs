//! Text forms of addresses, `bytes` and `bytes32`: strict `0x` hex on input (EIP-55 for
//! mixed-case addresses), lowercase on output, written without allocating. The EIP-55 form
//! of output is the sink's (`Sink::write_checksummed_address`), which may remember it.

use alloy_primitives::{hex, Address, Bytes, B256};

use crate::error::Problem;
use crate::json::Sink;

/// An address: `0x` + 40 hex digits; all-lowercase or all-uppercase digits as they are,
/// mixed case only as a valid EIP-55 checksum. Checksums verified before are looked up in
/// `verified` instead of hashing the address again.
pub(crate) fn parse_address(text: &str, verified: &mut ChecksumCache) -> Result<Address, Problem> {
    let Some(digits) = text.strip_prefix("0x") else { return Err(Problem::InvalidAddress) };
    if digits.len() != 40 {
        return Err(Problem::InvalidAddress);
    }
    let mut raw = [0u8; 20];
    hex::decode_to_slice(digits, &mut raw).map_err(|_| Problem::InvalidAddress)?;
    let address = Address::from(raw);
    let has_lower = digits.bytes().any(|b| b.is_ascii_lowercase());
    let has_upper = digits.bytes().any(|b| b.is_ascii_uppercase());
    if has_lower && has_upper && !verified.contains(digits.as_bytes()) {
        if !is_eip55_cased(digits.as_bytes()) {
            return Err(Problem::InvalidChecksum);
        }
        verified.insert(digits.as_bytes());
    }
    Ok(address)
}

/// Whether the 40 hex digits of an address (checked to be hex) are cased as EIP-55 says: a
/// letter is uppercase exactly where the keccak256 of the lowercase digits has a nibble of 8
/// or more. The same answer as comparing with alloy's `to_checksum_buffer`, but without
/// branches on the digits: letters and hash bits are random, so the branches of a
/// character-by-character casing loop are mispredicted about half the time, and that loop
/// cost more than the hash around it (BENCHMARKS.md, "Parse + hash on the dense corpus").
fn is_eip55_cased(digits: &[u8]) -> bool {
    let mut lowercase = [0u8; 40];
    if digits.len() != lowercase.len() {
        return false;
    }
    lowercase.copy_from_slice(digits);
    lowercase.make_ascii_lowercase();
    let hash = alloy_primitives::keccak256(lowercase);
    // One flag per digit: 1 where the hash asks for an uppercase letter.
    let mut wants_upper = [0u8; 40];
    for (pair, byte) in wants_upper.chunks_exact_mut(2).zip(hash.iter()) {
        pair[0] = byte >> 7;
        pair[1] = (byte >> 3) & 1;
    }
    // Hex letters are the digits from b'A' on; uppercase ones have bit 0x20 clear.
    let wrong = digits.iter().zip(wants_upper).fold(0u8, |wrong, (&digit, upper)| {
        let letter = u8::from(digit >= b'A');
        let is_upper = u8::from(digit & 0x20 == 0);
        wrong | (letter & (is_upper ^ upper))
    });
    wrong == 0
}

/// How many verified checksums a [`ChecksumCache`] keeps.
const CHECKSUM_CACHE_LEN: usize = 16;

/// The hex digits of mixed-case addresses whose EIP-55 checksum was verified, the most
/// recent [`CHECKSUM_CACHE_LEN`] of them. One document names the same few addresses many
/// times (an intent's owner, tokens and intent addresses), and each check costs a keccak
/// permutation; comparing 40 bytes costs far less. Only valid checksums are kept, so a
/// hit means the text is valid. The digits are kept as five words, compared without
/// branches or calls to `memcmp`. (`pub` only because the wire objects' readers name it;
/// the module is private.)
pub struct ChecksumCache {
    digits: [[u64; 5]; CHECKSUM_CACHE_LEN],
    len: usize,
    next: usize,
}

/// The 40 hex digits of an address as five words, or `None` for any other length.
fn digit_words(digits: &[u8]) -> Option<[u64; 5]> {
    if digits.len() != 40 {
        return None;
    }
    let mut words = [0u64; 5];
    for (word, chunk) in words.iter_mut().zip(digits.chunks_exact(8)) {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(chunk);
        *word = u64::from_le_bytes(bytes);
    }
    Some(words)
}

impl ChecksumCache {
    pub(crate) const fn new() -> Self {
        ChecksumCache { digits: [[0; 5]; CHECKSUM_CACHE_LEN], len: 0, next: 0 }
    }

    fn contains(&self, digits: &[u8]) -> bool {
        let Some(words) = digit_words(digits) else { return false };
        self.digits[..self.len]
            .iter()
            .any(|known| known.iter().zip(&words).fold(0, |differ, (a, b)| differ | (a ^ b)) == 0)
    }

    fn insert(&mut self, digits: &[u8]) {
        if let (Some(slot), Some(words)) = (self.digits.get_mut(self.next), digit_words(digits)) {
            *slot = words;
            self.next = (self.next + 1) % CHECKSUM_CACHE_LEN;
            self.len = CHECKSUM_CACHE_LEN.min(self.len + 1);
        }
    }
}

/// `0x` + an even number of hex digits, of at most `max_len` decoded bytes.
pub(crate) fn parse_bytes(text: &str, max_len: usize) -> Result<Bytes, Problem> {
    let Some(digits) = text.strip_prefix("0x") else { return Err(Problem::InvalidHex("expected 0x")) };
    if !digits.len().is_multiple_of(2) {
        return Err(Problem::InvalidHex("odd number of digits"));
    }
    if digits.len() / 2 > max_len {
        return Err(Problem::LimitExceeded { what: "bytes length", limit: max_len });
    }
    hex::decode(digits).map(Bytes::from).map_err(|_| Problem::InvalidHex("not a hex digit"))
}

/// `0x` + exactly 64 hex digits.
pub(crate) fn parse_b256(text: &str) -> Result<B256, Problem> {
    let Some(digits) = text.strip_prefix("0x") else { return Err(Problem::InvalidHex("expected 0x")) };
    if digits.len() != 64 {
        return Err(Problem::InvalidHex("expected 64 hex digits"));
    }
    let mut raw = [0u8; 32];
    hex::decode_to_slice(digits, &mut raw).map_err(|_| Problem::InvalidHex("not a hex digit"))?;
    Ok(B256::from(raw))
}

/// The two lowercase hex digits of every byte value.
static HEX_PAIRS: [[u8; 2]; 256] = {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut table = [[0u8; 2]; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = [DIGITS[i >> 4], DIGITS[i & 0xf]];
        i += 1;
    }
    table
};

/// Lowercase hex of `bytes` into `out` (twice as long).
fn encode_hex(bytes: &[u8], out: &mut [u8]) {
    if bytes.len() <= 32 {
        // Addresses and words: a table lookup per byte beats the vectorised encoder's
        // set-up at this size.
        for (pair, &b) in out.chunks_exact_mut(2).zip(bytes) {
            pair.copy_from_slice(&HEX_PAIRS[usize::from(b)]);
        }
    } else {
        // The slice is exactly twice as long as the input, so encoding cannot fail.
        let _ = hex::encode_to_slice(bytes, out);
    }
}

/// Writes `bytes` as `0x` + lowercase hex, quoted: most values in one piece, longer ones
/// in pieces of 256 digits.
pub(crate) fn write_hex_string<S: Sink + ?Sized>(out: &mut S, bytes: &[u8]) {
    // Addresses and words get a buffer of their size: less to clear.
    if bytes.len() <= 32 {
        write_hex_chunks::<S, 32, { 3 + 2 * 32 + 1 }>(out, bytes);
    } else {
        write_hex_chunks::<S, 128, { 3 + 2 * 128 + 1 }>(out, bytes);
    }
}

/// [`write_hex_string`] in pieces of `CHUNK` bytes, through a buffer of `LEN` =
/// `3 + 2 × CHUNK + 1` bytes (the quote and `0x`, the digits, the closing quote).
fn write_hex_chunks<S: Sink + ?Sized, const CHUNK: usize, const LEN: usize>(out: &mut S, bytes: &[u8]) {
    let mut buffer = [0u8; LEN];
    buffer[..3].copy_from_slice(b"\"0x");
    let mut start = 0;
    let mut chunks = bytes.chunks(CHUNK);
    let mut chunk = chunks.next().unwrap_or_default();
    loop {
        let end = 3 + chunk.len() * 2;
        encode_hex(chunk, &mut buffer[3..end]);
        match chunks.next() {
            Some(next) => {
                out.write_ascii(&buffer[start..end]);
                start = 3;
                chunk = next;
            }
            None => {
                buffer[end] = b'"';
                out.write_ascii(&buffer[start..=end]);
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    #[test]
    fn hex_strings_of_every_length_are_quoted_lowercase_hex() {
        let bytes: alloc::vec::Vec<u8> = (0..600u32).map(|i| (i * 151 % 256) as u8).collect();
        for len in (0..=300).chain([383, 384, 385, 600]) {
            let mut out = String::new();
            write_hex_string(&mut out, &bytes[..len]);
            assert_eq!(out, alloc::format!("\"0x{}\"", hex::encode(&bytes[..len])), "length {len}");
        }
    }

    #[test]
    fn a_verified_checksum_is_remembered_and_a_wrong_one_never_is() {
        let mut cache = ChecksumCache::new();
        let good = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
        let bad = "0x8ba1f109551bD432803012645Ac136ddd64DBa72";
        for _ in 0..3 {
            assert!(parse_address(good, &mut cache).is_ok());
            assert_eq!(parse_address(bad, &mut cache), Err(Problem::InvalidChecksum));
        }
        assert_eq!(cache.len, 1);
        // More distinct addresses than the cache holds: the oldest are replaced, and every
        // one is still judged correctly.
        for i in 0..40u8 {
            let address = Address::repeat_byte(i.wrapping_mul(37) | 0xa0).to_checksum(None);
            assert!(parse_address(&address, &mut cache).is_ok(), "{address}");
        }
        assert_eq!(parse_address(bad, &mut cache), Err(Problem::InvalidChecksum));
        assert!(parse_address(good, &mut cache).is_ok());
    }

    #[test]
    fn eip55_casing_agrees_with_alloy_and_any_one_letter_of_the_other_case_is_wrong() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..500 {
            let mut raw = [0u8; 20];
            for byte in &mut raw {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                *byte = (x >> 56) as u8;
            }
            let checksummed = Address::from(raw).to_checksum(None);
            let digits = &checksummed.as_bytes()[2..];
            assert!(is_eip55_cased(digits), "{checksummed}");
            for at in 0..digits.len() {
                if digits[at].is_ascii_alphabetic() {
                    let mut flipped = digits.to_vec();
                    flipped[at] ^= 0x20;
                    assert!(!is_eip55_cased(&flipped), "{checksummed}, digit {at} flipped");
                }
            }
        }
    }
}
