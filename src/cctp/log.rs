//! The messages a receipt carries: the transmitter's `MessageSent(bytes message)` logs
//! (docs/spec.md 5.8), read strictly from their ABI encoding.

use alloc::vec::Vec;

use alloy_primitives::{b256, Address, B256, U256};

use super::{bytes32_of, BurnMessage, Error, Message};
use crate::rules::facts::EvidenceLog;

/// topic0 of `MessageSent(bytes)`: `keccak256("MessageSent(bytes)")`.
pub const MESSAGE_SENT: B256 = b256!("8c5261668696ce22758910d05bab8f186d6eb247ceac2af2e82c7dc17669b036");

/// The messages the logs emitted by `transmitter` under exactly [`MESSAGE_SENT`] carry, in
/// log order; every other log is ignored.
///
/// # Errors
///
/// [`Error::MalformedLog`] with the log's index when such a log's data is not the canonical
/// encoding of one `bytes`, or [`Error::TooShort`] when the bytes are not a message.
pub fn message_sent(logs: &[EvidenceLog], transmitter: Address) -> Result<Vec<Message>, Error> {
    let mut messages = Vec::new();
    for (index, log) in logs.iter().enumerate() {
        if log.address != transmitter || log.topics.as_slice() != [MESSAGE_SENT] {
            continue;
        }
        let bytes = abi_bytes(&log.data).ok_or(Error::MalformedLog { index })?;
        messages.push(Message::from_bytes(bytes)?);
    }
    Ok(messages)
}

/// The bytes of `abi.encode(bytes)`: offset 32, the length, the bytes, zeros to a multiple
/// of 32, nothing more.
fn abi_bytes(data: &[u8]) -> Option<&[u8]> {
    let word = |at: usize| data.get(at..at + 32).map(|word| U256::from_be_slice(word));
    if word(0)? != U256::from(32) {
        return None;
    }
    let len = usize::try_from(word(32)?).ok()?;
    let padded = len.checked_add(31)? / 32 * 32;
    if data.len() != 64usize.checked_add(padded)? {
        return None;
    }
    let (bytes, padding) = data[64..].split_at(len);
    padding.iter().all(|byte| *byte == 0).then_some(bytes)
}

/// The first message the `logs` carry, whatever contract emitted them, under exactly
/// [`MESSAGE_SENT`], whose body is a burn message body with `mintRecipient` the bytes32 of
/// `recipient` (docs/spec.md §6.9): the burn a cross-chain origin transaction made for its
/// destination intent address. Logs that do not read as such a message are skipped.
pub fn burn_for(logs: &[EvidenceLog], recipient: Address) -> Option<Message> {
    let recipient = bytes32_of(recipient);
    logs.iter()
        .filter(|log| log.topics.as_slice() == [MESSAGE_SENT])
        .filter_map(|log| Message::from_bytes(abi_bytes(&log.data)?).ok())
        .find(|message| BurnMessage::from_bytes(&message.body).is_ok_and(|body| body.mint_recipient == recipient))
}
