//! Deposit evidence that proves a deposit (docs/spec.md §6.5, §7), built without the
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
