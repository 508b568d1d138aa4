//! Deposit evidence that proves a deposit (docs/spec.md §6.5, §7), and the CCTP burn a
//! cross-chain origin transaction emits (§6.9, 5.8), built without the
//! library's log decoding: the ERC-20 `Transfer` log is encoded here from its definition
//! (topic 0 the keccak-256 of the event's signature, from `tiny-keccak`; the two indexed
//! addresses left-padded to 32 bytes; the value one big-endian word).
//!
//! What does not live here: evidence read from a node, which `intent-chain-tests` builds
//! from real transactions, and the real receipts of `tests/vectors/chain/deposits.json`.

use intent_core::{
    Address, Bytes, DepositEvidence, EvidenceLog, EvidenceReceipt, EvidenceTransaction, Intent, Quantity,
    UnknownMembers, B256, U256,
};

use crate::support::keccak256;

/// The block the evidence's transaction is in; the head is the same block (one
/// confirmation, the default policy's).
pub const EVIDENCE_BLOCK: u64 = 100;

/// The sender of the evidence's transaction.
pub const SENDER: Address = Address::repeat_byte(0x5e);

/// The ERC-20 `Transfer(from, to, value)` log emitted by `token`.
pub fn transfer_log(token: Address, from: Address, to: Address, value: U256) -> EvidenceLog {
    EvidenceLog {
        address: token,
        data: Bytes::copy_from_slice(&value.to_be_bytes::<32>()),
        topics: vec![keccak256(b"Transfer(address,address,uint256)"), from.into_word(), to.into_word()],
        unknown: UnknownMembers::new(),
    }
}

/// Evidence that the transaction `hash` paid `intent`'s deposit on its origin chain, mined
/// and confirmed once: for a token a `Transfer` of exactly the amount to `toAddress` from
/// the token's contract (the transaction calls the token, with no value); for the native
/// token the transaction itself sends the amount to `toAddress`.
pub fn paying(intent: &Intent, hash: B256) -> DepositEvidence {
    let deposit = &intent.deposit_transaction;
    let native = deposit.token_address == Address::ZERO;
    let logs = if native {
        Vec::new()
    } else {
        vec![transfer_log(deposit.token_address, SENDER, deposit.to_address, deposit.amount)]
    };
    DepositEvidence {
        chain_id: Quantity::from(intent.origin_chain_id),
        head_block_number: Quantity::from(EVIDENCE_BLOCK),
        receipt: EvidenceReceipt {
            block_number: Quantity::from(EVIDENCE_BLOCK),
            logs,
            status: Quantity::from(1),
            transaction_hash: hash,
            unknown: UnknownMembers::new(),
        },
        transaction: EvidenceTransaction {
            from: SENDER,
            hash,
            to: Some(if native { deposit.to_address } else { deposit.token_address }),
            value: Quantity(if native { deposit.amount } else { U256::ZERO }),
            unknown: UnknownMembers::new(),
        },
        unknown: UnknownMembers::new(),
    }
}

/// The CCTP domain of the fixtures' origin chain.
pub const SOURCE_DOMAIN: u32 = 3;
/// The CCTP domain of the fixtures' destination chain.
pub const DESTINATION_DOMAIN: u32 = 6;
/// The `maxFee` of the fixtures' burns.
pub const MAX_FEE: u64 = 1_000;
/// The contract that emits the fixtures' `MessageSent` logs (the origin transmitter).
pub const TRANSMITTER: Address = Address::repeat_byte(0x7e);

/// The CCTP V2 burn message (docs/spec.md 5.8) a cross-chain `intent`'s origin transaction
/// emits, written here field by field: version 1, the fixtures' domains, the nonce, the
/// finality executed, the fee executed and the expiration block zero; the burn of
/// `destinationPrecondition.minAmount + MAX_FEE` of the origin token for the destination
/// intent address.
pub fn burn_message(intent: &Intent) -> Vec<u8> {
    let min_amount = intent.destination_precondition.as_ref().map_or(U256::ZERO, |p| p.min_amount);
    let recipient = intent.destination_intent_address.unwrap_or_default();
    let mut message = Vec::new();
    message.extend_from_slice(&1u32.to_be_bytes());
    message.extend_from_slice(&SOURCE_DOMAIN.to_be_bytes());
    message.extend_from_slice(&DESTINATION_DOMAIN.to_be_bytes());
    message.extend_from_slice(&[0; 32]); // nonce
    message.extend_from_slice(Address::repeat_byte(0x6d).into_word().as_slice()); // sender
    message.extend_from_slice(Address::repeat_byte(0x6e).into_word().as_slice()); // recipient
    message.extend_from_slice(&[0; 32]); // destinationCaller
    message.extend_from_slice(&2000u32.to_be_bytes()); // minFinalityThreshold
    message.extend_from_slice(&0u32.to_be_bytes()); // finalityThresholdExecuted
    message.extend_from_slice(&1u32.to_be_bytes()); // body version
    message.extend_from_slice(intent.quote_request.origin_token_address.into_word().as_slice()); // burnToken
    message.extend_from_slice(recipient.into_word().as_slice()); // mintRecipient
    message.extend_from_slice(&(min_amount + U256::from(MAX_FEE)).to_be_bytes::<32>()); // amount
    message.extend_from_slice(intent.origin_intent_address.into_word().as_slice()); // messageSender
    message.extend_from_slice(&U256::from(MAX_FEE).to_be_bytes::<32>()); // maxFee
    message.extend_from_slice(&[0; 32]); // feeExecuted
    message.extend_from_slice(&[0; 32]); // expirationBlock
    message
}

/// The transmitter's `MessageSent(bytes message)` log: topic 0 the event's hash, the data
/// `abi.encode(message)`.
pub fn message_sent_log(message: &[u8]) -> EvidenceLog {
    let mut data = Vec::new();
    data.extend_from_slice(&U256::from(32).to_be_bytes::<32>());
    data.extend_from_slice(&U256::from(message.len()).to_be_bytes::<32>());
    data.extend_from_slice(message);
    data.resize(64 + message.len().div_ceil(32) * 32, 0);
    EvidenceLog {
        address: TRANSMITTER,
        data: data.into(),
        topics: vec![keccak256(b"MessageSent(bytes)")],
        unknown: UnknownMembers::new(),
    }
}

/// The `MessageSent` log of `intent`'s burn ([`burn_message`]).
pub fn burn_log(intent: &Intent) -> EvidenceLog {
    message_sent_log(&burn_message(intent))
}

/// `message` (as sent) as an attester completes it: `nonce`, finality executed 2000 and
/// `fee_executed`, written at their offsets (docs/spec.md 5.8).
pub fn completed(message: &[u8], nonce: B256, fee_executed: U256) -> Vec<u8> {
    let mut completed = message.to_vec();
    completed[12..44].copy_from_slice(nonce.as_slice());
    completed[144..148].copy_from_slice(&2000u32.to_be_bytes());
    completed[148 + 164..148 + 196].copy_from_slice(&fee_executed.to_be_bytes::<32>());
    completed
}
