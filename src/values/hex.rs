//! Text forms of addresses, `bytes` and `bytes32`: strict `0x` hex on input (EIP-55 for
//! mixed-case addresses), lowercase or EIP-55 on output, written without allocating.

use alloy_primitives::{hex, Address, Bytes, B256};

use crate::error::Problem;
use crate::json::Sink;

/// An address: `0x` + 40 hex digits; all-lowercase or all-uppercase digits as they are,
/// mixed case only as a valid EIP-55 checksum.
pub(crate) fn parse_address(text: &str) -> Result<Address, Problem> {
    let digits = text.strip_prefix("0x").ok_or(Problem::InvalidAddress)?;
    if digits.len() != 40 {
        return Err(Problem::InvalidAddress);
    }
    let mut raw = [0u8; 20];
    hex::decode_to_slice(digits, &mut raw).map_err(|_| Problem::InvalidAddress)?;
    let address = Address::from(raw);
    let has_lower = digits.bytes().any(|b| b.is_ascii_lowercase());
    let has_upper = digits.bytes().any(|b| b.is_ascii_uppercase());
    if has_lower && has_upper && address.to_checksum_buffer(None).as_str().get(2..) != Some(digits) {
        return Err(Problem::InvalidChecksum);
    }
    Ok(address)
}

/// `0x` + an even number of hex digits, of at most `max_len` decoded bytes.
pub(crate) fn parse_bytes(text: &str, max_len: usize) -> Result<Bytes, Problem> {
    let digits = text.strip_prefix("0x").ok_or(Problem::InvalidHex("expected 0x"))?;
    if digits.len() % 2 != 0 {
        return Err(Problem::InvalidHex("odd number of digits"));
    }
    if digits.len() / 2 > max_len {
        return Err(Problem::LimitExceeded { what: "bytes length", limit: max_len });
    }
    hex::decode(digits).map(Bytes::from).map_err(|_| Problem::InvalidHex("not a hex digit"))
}

/// `0x` + exactly 64 hex digits.
pub(crate) fn parse_b256(text: &str) -> Result<B256, Problem> {
    let digits = text.strip_prefix("0x").ok_or(Problem::InvalidHex("expected 0x"))?;
    if digits.len() != 64 {
        return Err(Problem::InvalidHex("expected 64 hex digits"));
    }
    let mut raw = [0u8; 32];
    hex::decode_to_slice(digits, &mut raw).map_err(|_| Problem::InvalidHex("not a hex digit"))?;
    Ok(B256::from(raw))
}

/// Writes `bytes` as `0x` + lowercase hex, quoted.
pub(crate) fn write_hex_string<S: Sink + ?Sized>(out: &mut S, bytes: &[u8]) {
    const CHUNK: usize = 64;
    let mut buffer = [0u8; CHUNK * 2];
    out.write_str("\"0x");
    for chunk in bytes.chunks(CHUNK) {
        let text = &mut buffer[..chunk.len() * 2];
        if hex::encode_to_slice(chunk, text).is_ok() {
            out.write_str(core::str::from_utf8(text).unwrap_or_default());
        }
    }
    out.write_str("\"");
}

/// Writes an address quoted, in EIP-55 form.
pub(crate) fn write_checksummed<S: Sink + ?Sized>(out: &mut S, address: &Address) {
    out.write_str("\"");
    out.write_str(address.to_checksum_buffer(None).as_str());
    out.write_str("\"");
}
