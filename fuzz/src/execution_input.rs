//! The execution events of the `lifecycle` target (docs/spec.md §6.7): the progress reports,
//! balances and origin receipts it plays, and how each is built against the record, with
//! what the reference model is told of it. The receipts' logs are ABI-encoded here by hand
//! from the events' signatures (chain/contracts/interfaces/IIntentWallet.sol, ERC-20), and
//! the judgement the spec gives them is computed from what was built, not by the library.

use super::*;

use intent_core::wallet::payload_hash_for;
use intent_core::{
    BalanceFact, EvidenceLog, EvidenceReceipt, OriginEvidence, Quantity, TransactionReport, TransactionStatus,
    TransactionType, UnknownMembers,
};
use intent_test_support::model::{Judged, KnownBalance, KnownReceipt, Progressed};

/// The hash of every transaction the target reports and of its origin receipts.
pub const REPORTED_HASH: B256 = B256::repeat_byte(0x5e);
/// The block every origin receipt is mined in.
const BLOCK: u64 = 1_000;

/// A progress report.
#[derive(Debug, Arbitrary)]
pub enum ProgressChoice {
    /// The deposit SUCCEEDED (a relayer's).
    DepositSucceeded,
    /// The deposit SENT: the deposit stage is not done.
    DepositSent,
    /// The origin transaction SENT.
    OriginSent,
    /// The origin transaction MINING.
    OriginMining,
}

/// A balance of the precondition's token at the intent address.
#[derive(Debug, Arbitrary)]
pub struct BalanceChoice {
    /// Another chain (0), token (1) or wallet (2), modulo 3.
    pub other: Option<u8>,
    /// Below the deposit amount by `1 + delta`, else above it by `delta`.
    pub below: bool,
    /// How far from the deposit amount.
    pub delta: u8,
    /// The block it was read at.
    pub block: u8,
}

/// What one call's wallet event says.
#[derive(Debug, Arbitrary)]
pub enum CallChoice {
    /// `CallSucceeded`.
    Succeeded,
    /// `CallFailed` with `Error(string)`.
    Failed(String),
    /// `CallFailed` without revert data.
    FailedEmpty,
    /// `CallAborted` with `Error(string)`.
    Aborted(String),
    /// `CallSkipped`.
    Skipped,
    /// No event.
    Missing,
}

/// An origin receipt.
#[derive(Debug, Arbitrary)]
pub struct ReceiptChoice {
    /// Of another transaction.
    pub other_hash: bool,
    /// From another chain.
    pub other_chain: bool,
    /// Read with the head below its block.
    pub head_below: bool,
    /// Status 0.
    pub reverted: bool,
    /// The call events, by index (succeeded past the end).
    pub calls: Vec<CallChoice>,
    /// With the refund Transfer of the deposit token to the owner.
    pub refund: bool,
    /// The service fee's Transfer of the origin token to the fee collector, when the record
    /// has one (gas fee options): the fee itself (`None`), or `1 + delta` below it.
    pub fee_short: Option<u8>,
}

impl ProgressChoice {
    /// The report, what it reports, and whether it equals the kept transaction of its type.
    pub fn build(&self, record: &IntentRecord) -> (TransactionReport, Progressed, bool) {
        let (kind, status, progressed) = match self {
            ProgressChoice::DepositSucceeded => {
                (TransactionType::Deposit, TransactionStatus::Succeeded, Progressed::DepositSucceeded)
            }
            ProgressChoice::DepositSent => {
                (TransactionType::Deposit, TransactionStatus::Sent, Progressed::DepositOther)
            }
            ProgressChoice::OriginSent => {
                (TransactionType::Origin, TransactionStatus::Sent, Progressed::OriginFollowed)
            }
            ProgressChoice::OriginMining => {
                (TransactionType::Origin, TransactionStatus::Mining, Progressed::OriginFollowed)
            }
        };
        let report = TransactionReport {
            chain_id: record.intent().origin_chain_id,
            status,
            status_reason: None,
            txn_hash: Some(REPORTED_HASH),
            txn_mined_at: None,
            kind,
            unknown: UnknownMembers::new(),
        };
        let same = record.transactions().iter().any(|kept| {
            (&kept.kind, &kept.status, &kept.status_reason, kept.txn_hash, kept.txn_mined_at)
                == (&report.kind, &report.status, &None, report.txn_hash, None)
        });
        (report, progressed, same)
    }
}

impl BalanceChoice {
    /// The balance and what the model is told of it.
    pub fn build(&self, record: &IntentRecord) -> (BalanceFact, KnownBalance) {
        let intent = record.intent();
        let deposit = &intent.deposit_transaction;
        let delta = U256::from(self.delta);
        let mut fact = BalanceFact {
            amount: if self.below {
                deposit.amount.saturating_sub(delta + U256::from(1))
            } else {
                deposit.amount.saturating_add(delta)
            },
            block_number: u64::from(self.block),
            chain_id: intent.origin_chain_id,
            token: deposit.token_address,
            wallet: intent.origin_intent_address,
            unknown: UnknownMembers::new(),
        };
        match self.other.map(|other| other % 3) {
            Some(0) => fact.chain_id = fact.chain_id.wrapping_add(1),
            Some(1) => fact.token = Address::repeat_byte(0xee),
            Some(_) => fact.wallet = Address::repeat_byte(0xee),
            None => {}
        }
        let known = KnownBalance {
            same_as_kept: record.precondition_met() == Some(&fact),
            matches: self.other.is_none(),
            meets: fact.amount >= deposit.amount,
        };
        (fact, known)
    }
}

/// A word: `value` big-endian in 32 bytes.
fn word(value: usize) -> [u8; 32] {
    U256::from(value).to_be_bytes::<32>()
}

/// `bytes` ABI-encoded as a tail: its length, then its bytes padded to a word.
fn tail(bytes: &[u8]) -> Vec<u8> {
    let mut out = word(bytes.len()).to_vec();
    out.extend_from_slice(bytes);
    out.resize(32 + bytes.len().div_ceil(32) * 32, 0);
    out
}

/// `Error(string)` revert data.
fn error_data(message: &str) -> Vec<u8> {
    let mut out = keccak256("Error(string)")[..4].to_vec();
    out.extend_from_slice(&word(32));
    out.extend(tail(message.as_bytes()));
    out
}

/// A wallet call event at `wallet`: `signature`'s topic, `opHash ‖ index`, and the return
/// data when it has one.
fn call_log(wallet: Address, signature: &str, op_hash: B256, index: usize, data: Option<&[u8]>) -> EvidenceLog {
    let mut body = op_hash.to_vec();
    body.extend_from_slice(&word(index));
    if let Some(data) = data {
        body.extend_from_slice(&word(96));
        body.extend(tail(data));
    }
    EvidenceLog {
        address: wallet,
        data: body.into(),
        topics: vec![keccak256(signature)],
        unknown: UnknownMembers::new(),
    }
}

/// An ERC-20 `Transfer` of `value` from `from` to `to`, emitted at `token`.
fn transfer_log(token: Address, from: Address, to: Address, value: U256) -> EvidenceLog {
    EvidenceLog {
        address: token,
        data: value.to_be_bytes::<32>().to_vec().into(),
        topics: vec![keccak256("Transfer(address,address,uint256)"), from.into_word(), to.into_word()],
        unknown: UnknownMembers::new(),
    }
}

impl ReceiptChoice {
    /// The receipt, what the model is told of it, and the status reason the spec gives it
    /// (owned here, lent to the model).
    pub fn build(&self, record: &IntentRecord) -> (OriginEvidence, KnownReceipt<'static>, Option<String>, bool) {
        let intent = record.intent();
        assert_ne!(intent.origin_chain_id, intent.destination_chain_id, "the recipient is judged on one chain only");
        let wallet = intent.origin_intent_address;
        let op_hash = payload_hash_for(&intent.origin_calls, wallet).expect("the example's payload hash");
        let mut logs = Vec::new();
        let mut reason = None;
        for (index, call) in intent.origin_calls.calls.iter().enumerate() {
            let (log, failure) = match self.calls.get(index).unwrap_or(&CallChoice::Succeeded) {
                CallChoice::Succeeded => {
                    (Some(call_log(wallet, "CallSucceeded(bytes32,uint256)", op_hash, index, None)), None)
                }
                CallChoice::Failed(message) => (
                    Some(call_log(
                        wallet,
                        "CallFailed(bytes32,uint256,bytes)",
                        op_hash,
                        index,
                        Some(&error_data(message)),
                    )),
                    Some(format!("origin call {index} failed: Error(\"{message}\")")),
                ),
                CallChoice::FailedEmpty => (
                    Some(call_log(wallet, "CallFailed(bytes32,uint256,bytes)", op_hash, index, Some(&[]))),
                    Some(format!("origin call {index} failed: no revert data")),
                ),
                CallChoice::Aborted(message) => (
                    Some(call_log(
                        wallet,
                        "CallAborted(bytes32,uint256,bytes)",
                        op_hash,
                        index,
                        Some(&error_data(message)),
                    )),
                    Some(format!("origin call {index} aborted: Error(\"{message}\")")),
                ),
                CallChoice::Skipped => (
                    Some(call_log(wallet, "CallSkipped(bytes32,uint256)", op_hash, index, None)),
                    Some(format!("origin call {index} did not run")),
                ),
                CallChoice::Missing => (None, Some(format!("origin call {index} did not run"))),
            };
            logs.extend(log);
            let main = !call.only_fallback.unwrap_or(false);
            if main && reason.is_none() {
                reason = failure;
            }
        }
        if let Some(collector) = record.gas_fee_options().map(|options| options.fee_collector_address) {
            let (fee, token) = (intent.fees.service_fee_total, intent.quote_request.origin_token_address);
            let paid = match self.fee_short {
                None => fee,
                Some(delta) => fee.saturating_sub(U256::from(delta) + U256::from(1)),
            };
            logs.push(transfer_log(token, wallet, collector, paid));
            if reason.is_none() && paid < fee && token != Address::ZERO {
                reason =
                    Some(format!("the fee collector received {paid} of the origin token, below the service fee {fee}"));
            }
        }
        if self.refund {
            let token = intent.deposit_transaction.token_address;
            logs.push(transfer_log(token, wallet, intent.owner_address, U256::from(5)));
        }
        let reverted = self.reverted;
        if reverted {
            reason = Some(intent_core::rules::ORIGIN_REVERTED_REASON.to_owned());
        }
        let evidence = OriginEvidence {
            chain_id: Quantity(U256::from(intent.origin_chain_id) + U256::from(u8::from(self.other_chain))),
            head_block_number: Quantity(U256::from(BLOCK - u64::from(self.head_below))),
            receipt: EvidenceReceipt {
                block_number: Quantity(U256::from(BLOCK)),
                logs,
                status: Quantity(U256::from(u8::from(!reverted))),
                transaction_hash: if self.other_hash { B256::repeat_byte(0x01) } else { REPORTED_HASH },
                unknown: UnknownMembers::new(),
            },
            unknown: UnknownMembers::new(),
        };
        let known = KnownReceipt {
            hash_matches: !self.other_hash,
            chain_matches: !self.other_chain,
            confirmed: !self.head_below,
            judged: Judged::Succeeded,
        };
        (evidence, known, reason, self.refund && !reverted)
    }
}
