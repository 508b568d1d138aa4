//! The canonical form (docs/spec.md §4) and the canonical hash: `keccak256(canonical JSON)`.
//!
//! The encoder writes into a [`Sink`], so [`Canonical::canonical_hash`] streams the text
//! straight into the keccak hasher without building it. The writer's pieces are small
//! (`"`, `:`, a key, a number), so they are gathered in a buffer on the stack and reach
//! the hasher in whole keccak blocks: the hasher's own per-call bookkeeping would otherwise
//! cost as much as the writer.

use alloc::string::String;

use alloy_primitives::{Keccak256, B256};

use crate::json::Sink;
use crate::wire::wire_value::Form;
use crate::WireObject;

/// The canonical JSON and hash of an object. Two intents are the same intent exactly
/// when their canonical hashes are equal.
pub trait Canonical {
    /// Streams the canonical JSON into `out`.
    fn write_canonical<S: Sink + ?Sized>(&self, out: &mut S);

    /// The canonical JSON text.
    fn canonical_json(&self) -> String {
        let mut out = String::new();
        self.write_canonical(&mut out);
        out
    }

    /// `keccak256` of the canonical JSON, computed without building the text (and without
    /// allocating).
    fn canonical_hash(&self) -> B256 {
        let mut sink = HashingSink::new();
        self.write_canonical(&mut sink);
        sink.finalize()
    }
}

impl<T: WireObject> Canonical for T {
    fn write_canonical<S: Sink + ?Sized>(&self, out: &mut S) {
        self.write(out, Form::Canonical);
    }
}

/// The rate of keccak-256 (the bytes one permutation absorbs).
const KECCAK_RATE: usize = 136;

/// How many bytes [`HashingSink`] gathers before handing them to the hasher: whole blocks,
/// so that the hasher never has to buffer anything itself. Sixteen blocks (2,176 bytes on
/// the stack): the writer and keccak-f then take turns less often, which measured 1 % faster
/// than eight blocks and as fast as 24 or more (BENCHMARKS.md); one block is 3 % slower.
const BUFFER_LEN: usize = 16 * KECCAK_RATE;

/// A keccak-256 hasher behind a stack buffer: small writes are copied into the buffer, and
/// the hasher is fed whole blocks.
pub(crate) struct HashingSink {
    hasher: Keccak256,
    buffer: [u8; BUFFER_LEN],
    len: usize,
}

impl HashingSink {
    pub(crate) fn new() -> Self {
        HashingSink { hasher: Keccak256::new(), buffer: [0; BUFFER_LEN], len: 0 }
    }

    /// Appends `bytes`. Pieces of up to 64 bytes (most of them: punctuation, keys, numbers,
    /// addresses) are copied with two fixed-size moves instead of a call to `memcpy`.
    #[inline(always)]
    pub(crate) fn write_bytes(&mut self, bytes: &[u8]) {
        let (start, len) = (self.len, bytes.len());
        match self.buffer.get_mut(start..start + 64) {
            Some(room) if len <= 64 => {
                copy_small(bytes, room);
                self.len = start + len;
            }
            _ => match self.buffer.get_mut(start..start + len) {
                Some(room) => {
                    room.copy_from_slice(bytes);
                    self.len = start + len;
                }
                None => self.write_spilling(bytes),
            },
        }
    }

    /// Appends `bytes` that do not fit in the buffer's free space: fills it, hands it to
    /// the hasher, passes whole blocks of the rest straight through and keeps the tail.
    #[cold]
    #[inline(never)]
    fn write_spilling(&mut self, bytes: &[u8]) {
        let (head, rest) = bytes.split_at(BUFFER_LEN - self.len);
        self.buffer[self.len..].copy_from_slice(head);
        self.hasher.update(self.buffer.as_slice());
        let (blocks, tail) = rest.split_at(rest.len() - rest.len() % KECCAK_RATE);
        if !blocks.is_empty() {
            self.hasher.update(blocks);
        }
        self.buffer[..tail.len()].copy_from_slice(tail);
        self.len = tail.len();
    }

    /// The hash of everything written.
    pub(crate) fn finalize(mut self) -> B256 {
        self.hasher.update(&self.buffer[..self.len]);
        self.hasher.finalize()
    }
}

/// Copies `bytes` (at most 64) to the start of `room` (64 bytes) with two overlapping
/// fixed-size moves of the largest size that fits.
#[inline(always)]
fn copy_small(bytes: &[u8], room: &mut [u8]) {
    let len = bytes.len();
    if len >= 32 {
        room[..32].copy_from_slice(&bytes[..32]);
        room[len - 32..len].copy_from_slice(&bytes[len - 32..]);
    } else if len >= 16 {
        room[..16].copy_from_slice(&bytes[..16]);
        room[len - 16..len].copy_from_slice(&bytes[len - 16..]);
    } else if len >= 8 {
        room[..8].copy_from_slice(&bytes[..8]);
        room[len - 8..len].copy_from_slice(&bytes[len - 8..]);
    } else if len >= 4 {
        room[..4].copy_from_slice(&bytes[..4]);
        room[len - 4..len].copy_from_slice(&bytes[len - 4..]);
    } else if len > 0 {
        room[0] = bytes[0];
        room[len / 2] = bytes[len / 2];
        room[len - 1] = bytes[len - 1];
    }
}

impl Sink for HashingSink {
    #[inline(always)]
    fn write_str(&mut self, text: &str) {
        self.write_bytes(text.as_bytes());
    }

    #[inline(always)]
    fn write_ascii(&mut self, ascii: &[u8]) {
        self.write_bytes(ascii);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloy_primitives::keccak256;

    #[test]
    fn hashing_sink_equals_one_shot_keccak_for_every_split() {
        let text: String = (0..5000u32).map(|i| char::from(b'a' + (i * 7 % 26) as u8)).collect();
        for piece in [
            1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 43, 63, 64, 65, 135, 136, 137, 500, 1088, 2175, 2176, 2177,
            5000,
        ] {
            for total in [0, 1, 135, 136, 1088, 2175, 2176, 2177, 4352, 5000] {
                let mut sink = HashingSink::new();
                for chunk in text.as_bytes()[..total].chunks(piece) {
                    sink.write_str(core::str::from_utf8(chunk).unwrap());
                }
                assert_eq!(sink.finalize(), keccak256(&text.as_bytes()[..total]), "piece {piece} total {total}");
            }
        }
    }
}
