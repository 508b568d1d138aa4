//! Chain facts (docs/spec.md §6.5): what only the chain knows and an execute request is
//! checked against, passed in like `now`. The library reads no chain; the caller does.
//!
//! This module holds the facts themselves ([`ChainFacts`], [`TokenPermit`], the
//! [`DepositEvidence`] a deposit hash is proven by, with its parts, and the facts that answer
//! an executing record's steps: the [`BalanceFact`] of its precondition and the
//! [`OriginEvidence`] of its origin transaction, docs/spec.md §6.7, and of its route and
//! destination transactions, the [`AttestationFact`] and the [`OriginGone`] of a
//! cross-chain intent, §6.9); the rules that use them
//! are in [`crate::rules::check_execute`] and `rules::origin`.

use alloc::vec::Vec;

use alloy_primitives::{Address, Bytes, B256, U256};

use crate::eip712::Domain;
use crate::{wire_object, Quantity};

wire_object! {
    /// What a node says about a deposit transaction (docs/spec.md §6.5): the receipt and
    /// the transaction as `eth_getTransactionReceipt` and `eth_getTransactionByHash` return
    /// them, the id of the chain they were read from (`eth_chainId`) and the chain's head
    /// block number (`eth_blockNumber`), all in the node's hex forms ([`Quantity`]). The
    /// node's other members are kept as unknown members, like any object's.
    pub struct DepositEvidence {
        /// `chainId`: The id of the chain the receipt and the transaction were read from.
        chain_id: Quantity = "chainId",
        /// `headBlockNumber`: The number of the chain's newest block when they were read.
        head_block_number: Quantity = "headBlockNumber",
        /// `receipt`: The transaction's receipt.
        receipt: EvidenceReceipt = "receipt",
        /// `transaction`: The transaction.
        transaction: EvidenceTransaction = "transaction",
    }
}

wire_object! {
    /// A token balance read from a node (docs/spec.md §6.7): `amount` of `token` (the zero
    /// address for the native token) held by `wallet` on chain `chainId` at block
    /// `blockNumber`. It answers [`Step::ReadBalance`](crate::Step::ReadBalance) through
    /// [`EventInput::balance`](crate::EventInput::balance), and the record keeps the one that
    /// met its precondition.
    pub struct BalanceFact {
        /// `amount`: The balance, in the token's smallest unit.
        amount: U256 = "amount",
        /// `blockNumber`: The block the balance was read at.
        block_number: u64 = "blockNumber",
        /// `chainId`: The chain it was read from.
        chain_id: u64 = "chainId",
        /// `token`: The token (the zero address for the native token).
        token: Address = "token",
        /// `wallet`: Whose balance it is.
        wallet: Address = "wallet",
    }
}

wire_object! {
    /// What a node says about an origin transaction (docs/spec.md §6.7): its receipt with
    /// its logs as `eth_getTransactionReceipt` returns it, the id of the chain it was read
    /// from and the chain's head block number, in the node's hex forms, like
    /// [`DepositEvidence`] without the transaction. It answers
    /// [`Step::FollowOrigin`](crate::Step::FollowOrigin) through
    /// [`EventInput::origin_receipt`](crate::EventInput::origin_receipt).
    pub struct OriginEvidence {
        /// `chainId`: The id of the chain the receipt was read from.
        chain_id: Quantity = "chainId",
        /// `headBlockNumber`: The number of the chain's newest block when it was read.
        head_block_number: Quantity = "headBlockNumber",
        /// `receipt`: The transaction's receipt.
        receipt: EvidenceReceipt = "receipt",
    }
}

wire_object! {
    /// What an attester answers for a kept burn (docs/spec.md §6.9): the message as the
    /// attester completed it (its nonce, the finality it attested at, the fee it executes
    /// and the expiration block filled in) and the attestation, the attesters' 65-byte
    /// signatures of its hash (5.8). It answers
    /// [`Step::FetchAttestation`](crate::Step::FetchAttestation) through
    /// [`EventInput::attestation`](crate::EventInput::attestation), and the record keeps it
    /// (`routeAttestation`).
    pub struct AttestationFact {
        /// `attestation`: The attesters' signatures, concatenated.
        attestation: Bytes = "attestation",
        /// `message`: The completed message.
        message: Bytes = "message",
    }
}

wire_object! {
    /// What a node says when the origin transaction whose burn the record keeps is no longer
    /// on its chain (a reorganisation, docs/spec.md §6.9): the chain, the transaction's hash
    /// and the head block number at which its receipt was missing. It answers
    /// [`Step::FetchAttestation`](crate::Step::FetchAttestation) through
    /// [`EventInput::origin_gone`](crate::EventInput::origin_gone) while no attestation is
    /// kept.
    pub struct OriginGone {
        /// `chainId`: The chain the receipt was looked for on.
        chain_id: u64 = "chainId",
        /// `hash`: The origin transaction's hash.
        hash: B256 = "hash",
        /// `headBlockNumber`: The chain's newest block when the receipt was missing.
        head_block_number: u64 = "headBlockNumber",
    }
}

wire_object! {
    /// A transaction receipt as `eth_getTransactionReceipt` returns it; the members the
    /// deposit and origin rules read, the others kept unknown.
    pub struct EvidenceReceipt {
        /// `blockNumber`: The block the transaction was mined in.
        block_number: Quantity = "blockNumber",
        /// `logs`: The logs the transaction emitted.
        logs: Vec<EvidenceLog> = "logs",
        /// `status`: `0x1` when the transaction succeeded, `0x0` when it reverted.
        status: Quantity = "status",
        /// `transactionHash`: The transaction's hash.
        transaction_hash: B256 = "transactionHash",
    }
}

wire_object! {
    /// One log of a receipt: the emitting contract, its topics and its data.
    pub struct EvidenceLog {
        /// `address`: The contract that emitted the log.
        address: Address = "address",
        /// `data`: The log's non-indexed data.
        data: Bytes = "data",
        /// `topics`: The log's topics, the event's signature hash first.
        topics: Vec<B256> = "topics",
    }
}

wire_object! {
    /// A transaction as `eth_getTransactionByHash` returns it; the members the deposit
    /// rules read, the others kept unknown.
    pub struct EvidenceTransaction {
        /// `from`: The sender.
        from: Address = "from",
        /// `hash`: The transaction's hash.
        hash: B256 = "hash",
        /// `to`: The recipient; `null` for a contract creation.
        to: Option<Address> = "to",
        /// `value`: The native value sent, in wei.
        value: Quantity = "value",
    }
}

/// What only the chain knows about a token's permits: its EIP-712 domain and the owner's
/// current permit nonce. With it, a permit signature is recovered and checked against the
/// owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenPermit {
    /// The token's EIP-712 domain.
    pub domain: Domain,
    /// The owner's permit nonce at the token.
    pub nonce: U256,
}

/// The chain facts an execute request is checked against (docs/spec.md §6.5).
///
/// [`ChainFacts::default()`] knows nothing and accepts nothing unverified: it is enough
/// for entrypoint mode without a permit, refuses any permit signature with
/// `PERMIT_UNVERIFIED` and any deposit hash with `DEPOSIT_UNVERIFIED`. A deposit hash is
/// either proven by [`ChainFacts::deposit_evidence`] or, only when the caller sets
/// [`ChainFacts::accept_unverified_deposit`], taken on its word. A permit signature is either verified
/// against [`ChainFacts::token_permit`] or, only when the caller sets
/// [`ChainFacts::accept_unverified_permit`], left to the chain.
///
/// Which signatures need which facts:
/// - entrypoint mode (an `intentSignature`): the intent signature is always recovered,
///   under the entrypoint's domain, which the record knows; a permit beside it is a
///   permit signature;
/// - permit-only mode: the permit is the only signature, so without token facts nothing
///   would be verified at all.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ChainFacts<'a> {
    /// The deposit token's permit domain and the owner's permit nonce. With them a permit
    /// signature is recovered and must be the owner's (`SIGNER_MISMATCH` otherwise).
    pub token_permit: Option<&'a TokenPermit>,
    /// The owner's current nonce at the entrypoint. With it, an entrypoint-mode request
    /// whose `userNonce` differs is `NONCE_MISMATCH` (the entrypoint would revert);
    /// without it the nonce is not compared. Unused in the other modes.
    pub entrypoint_nonce: Option<U256>,
    /// **Unsafe opt-in.** Accept a permit signature that cannot be verified here because
    /// [`ChainFacts::token_permit`] is `None`: it is then checked for form only
    /// (`INVALID_SIGNATURE` when malformed or high-s) and not recovered, so anyone's
    /// signature passes, and only the token contract refuses a stranger's permit on chain.
    /// Ignored when `token_permit` is given: known facts are always used.
    pub accept_unverified_permit: bool,
    /// What the node says about the deposit transaction a `depositTransactionHash` names.
    /// With it the deposit is proven (docs/spec.md §7): the right transaction, on the
    /// origin chain, succeeded, confirmed, paying the intent's deposit. Unused in gasless
    /// mode.
    pub deposit_evidence: Option<&'a DepositEvidence>,
    /// **Unsafe opt-in.** Accept a `depositTransactionHash` without
    /// [`ChainFacts::deposit_evidence`]: any 32 bytes then start execution, and nothing
    /// here says a deposit happened. Ignored when `deposit_evidence` is given: known facts
    /// are always used.
    pub accept_unverified_deposit: bool,
}

impl<'a> ChainFacts<'a> {
    /// The facts of a token's permits, and nothing else.
    pub const fn with_token_permit(token_permit: &'a TokenPermit) -> ChainFacts<'a> {
        ChainFacts { token_permit: Some(token_permit), ..ChainFacts::NONE }
    }

    /// The evidence of a deposit transaction, and nothing else.
    pub const fn with_deposit_evidence(evidence: &'a DepositEvidence) -> ChainFacts<'a> {
        ChainFacts { deposit_evidence: Some(evidence), ..ChainFacts::NONE }
    }

    /// Nothing known, nothing accepted unverified: [`ChainFacts::default()`] as a constant.
    pub const NONE: ChainFacts<'static> = ChainFacts {
        token_permit: None,
        entrypoint_nonce: None,
        accept_unverified_permit: false,
        deposit_evidence: None,
        accept_unverified_deposit: false,
    };
}
