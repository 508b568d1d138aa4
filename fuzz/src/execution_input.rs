//! The execution events of the `lifecycle` target (docs/spec.md §6.7, §6.9): the progress
//! reports, balances, origin receipts, and a cross-chain intent's attestations, origin gones,
//! route and destination receipts it plays, and how each is built against the record, with
//! what the reference model is told of it. The receipts' logs are ABI-encoded here by hand
//! from the events' signatures (chain/contracts/interfaces/IIntentWallet.sol, ERC-20), and
//! the judgement the spec gives them is computed from what was built, not by the library.

use super::*;

use intent_core::wallet::payload_hash_for;
use intent_core::{
    AttestationFact, BalanceFact, EvidenceLog, EvidenceReceipt, OriginEvidence, OriginGone, Quantity,
    TransactionReport, TransactionStatus, TransactionType, UnknownMembers,
};
use intent_test_support::model::{Judged, KnownAttestation, KnownBalance, KnownFollowed, KnownReceipt, Progressed};

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
    /// A cross-chain intent's ROUTE transaction (the mint) SENT (docs/spec.md §6.9).
    RouteSent,
    /// The ROUTE transaction reported SUCCEEDED (an adopted mint).
    RouteSucceeded,
    /// The DESTINATION transaction SENT.
    DestinationSent,
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
    /// With the CCTP burn for the destination intent address (docs/spec.md §6.9).
    pub burn: bool,
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
            ProgressChoice::RouteSent => (TransactionType::Route, TransactionStatus::Sent, Progressed::RouteFollowed),
            ProgressChoice::RouteSucceeded => {
                (TransactionType::Route, TransactionStatus::Succeeded, Progressed::RouteSucceeded)
            }
            ProgressChoice::DestinationSent => {
                (TransactionType::Destination, TransactionStatus::Sent, Progressed::DestinationFollowed)
            }
        };
        let intent = record.intent();
        let on_destination = matches!(kind, TransactionType::Route | TransactionType::Destination);
        let report = TransactionReport {
            chain_id: if on_destination { intent.destination_chain_id } else { intent.origin_chain_id },
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
    /// Once the record keeps a burn, the balance is of the destination precondition
    /// (docs/spec.md §6.9).
    pub fn build(&self, record: &IntentRecord) -> (BalanceFact, KnownBalance) {
        let intent = record.intent();
        let deposit = &intent.deposit_transaction;
        let delta = U256::from(self.delta);
        let destination = record.route_message().is_some();
        let precondition = intent.destination_precondition.as_ref().expect("the example is cross-chain");
        let (chain_id, token, wallet, least) = if destination {
            let wallet = intent.destination_intent_address.expect("the example is cross-chain");
            (intent.destination_chain_id, precondition.token_address, wallet, precondition.min_amount)
        } else {
            (intent.origin_chain_id, deposit.token_address, intent.origin_intent_address, deposit.amount)
        };
        let mut fact = BalanceFact {
            amount: if self.below { least.saturating_sub(delta + U256::from(1)) } else { least.saturating_add(delta) },
            block_number: u64::from(self.block),
            chain_id,
            token,
            wallet,
            unknown: UnknownMembers::new(),
        };
        match self.other.map(|other| other % 3) {
            Some(0) => fact.chain_id = fact.chain_id.wrapping_add(1),
            Some(1) => fact.token = Address::repeat_byte(0xee),
            Some(_) => fact.wallet = Address::repeat_byte(0xee),
            None => {}
        }
        let kept = if destination { record.destination_precondition_met() } else { record.precondition_met() };
        let known = KnownBalance {
            same_as_kept: kept == Some(&fact),
            matches: self.other.is_none(),
            meets: fact.amount >= least,
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
        if self.burn {
            logs.push(intent_test_support::evidence::burn_log(intent));
        }
        let burned = reason.is_none() && self.burn && !self.reverted;
        if reason.is_none() && !self.burn {
            reason = Some(intent_core::rules::NO_BURN_REASON.to_owned());
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
            judged: if burned { Judged::Burned } else { Judged::Succeeded },
        };
        (evidence, known, reason, self.refund && !reverted)
    }
}

/// An attestation of the kept burn (docs/spec.md §6.9).
#[derive(Debug, Arbitrary)]
pub struct AttestationChoice {
    /// Broken: a message byte the attester does not complete (0), an attestation of 64
    /// bytes (1), a fee executed above maxFee (2), modulo 3.
    pub broken: Option<u8>,
    /// The fee executed, at most maxFee unless broken so.
    pub fee: u16,
    /// Two signatures instead of one.
    pub two: bool,
}

impl AttestationChoice {
    /// The attestation and what the model is told of it.
    pub fn build(&self, record: &IntentRecord) -> (AttestationFact, KnownAttestation) {
        use intent_test_support::evidence::{burn_message, completed, MAX_FEE};
        let mut fee = U256::from(u64::from(self.fee) % (MAX_FEE + 1));
        if self.broken.map(|b| b % 3) == Some(2) {
            fee = U256::from(MAX_FEE + 1 + u64::from(self.fee));
        }
        let mut message = completed(&burn_message(record.intent()), B256::repeat_byte(0x11), fee);
        if self.broken.map(|b| b % 3) == Some(0) {
            message[usize::from(self.fee) % 12] ^= 1;
        }
        let len = if self.broken.map(|b| b % 3) == Some(1) {
            64
        } else if self.two {
            130
        } else {
            65
        };
        let fact = AttestationFact {
            attestation: vec![0x1b; len].into(),
            message: message.into(),
            unknown: UnknownMembers::new(),
        };
        let same_as_kept = record
            .route_attestation()
            .is_some_and(|kept| (&kept.message, &kept.attestation) == (&fact.message, &fact.attestation));
        (fact, KnownAttestation { same_as_kept, matches: self.broken.is_none() })
    }
}

/// A fact about a followed transaction: an origin gone, a route receipt or a destination
/// receipt (docs/spec.md §6.9).
#[derive(Debug, Arbitrary)]
pub struct FollowedChoice {
    /// Of another transaction.
    pub other_hash: bool,
    /// From another chain.
    pub other_chain: bool,
    /// Read with the head below its block (receipts only).
    pub head_below: bool,
    /// Status 0 (receipts only).
    pub reverted: bool,
    /// The destination call 0 without its `CallSucceeded` (destination receipts only).
    pub call_missing: bool,
    /// The recipient one below `toAmountMin` (destination receipts only).
    pub short: bool,
}

impl FollowedChoice {
    /// An origin gone of the record's origin transaction, and what the model is told of it.
    pub fn origin_gone(&self, record: &IntentRecord) -> (OriginGone, KnownFollowed<'static>) {
        let gone = OriginGone {
            chain_id: record.intent().origin_chain_id + u64::from(self.other_chain),
            hash: if self.other_hash { B256::repeat_byte(0x01) } else { REPORTED_HASH },
            head_block_number: BLOCK,
            unknown: UnknownMembers::new(),
        };
        let known = KnownFollowed {
            hash_matches: !self.other_hash,
            chain_matches: !self.other_chain,
            confirmed: true,
            judged: Judged::Succeeded,
        };
        (gone, known)
    }

    /// A receipt on the destination chain with `logs`.
    fn receipt(&self, record: &IntentRecord, logs: Vec<EvidenceLog>) -> OriginEvidence {
        let chain = record.intent().destination_chain_id;
        OriginEvidence {
            chain_id: Quantity(U256::from(chain) + U256::from(u8::from(self.other_chain))),
            head_block_number: Quantity(U256::from(BLOCK - u64::from(self.head_below))),
            receipt: EvidenceReceipt {
                block_number: Quantity(U256::from(BLOCK)),
                logs,
                status: Quantity(U256::from(u8::from(!self.reverted))),
                transaction_hash: if self.other_hash { B256::repeat_byte(0x01) } else { REPORTED_HASH },
                unknown: UnknownMembers::new(),
            },
            unknown: UnknownMembers::new(),
        }
    }

    fn known(&self, judged: Judged<'static>) -> KnownFollowed<'static> {
        KnownFollowed {
            hash_matches: !self.other_hash,
            chain_matches: !self.other_chain,
            confirmed: !self.head_below,
            judged,
        }
    }

    /// A route receipt, and what the model is told of it.
    pub fn route_receipt(&self, record: &IntentRecord) -> (OriginEvidence, KnownFollowed<'static>) {
        let judged = if self.reverted { Judged::Failed("") } else { Judged::Succeeded };
        (self.receipt(record, Vec::new()), self.known(judged))
    }

    /// A destination receipt, the status reason docs/spec.md §6.9 gives it (`None`:
    /// SUCCEEDED; owned here, lent to the model), and the model's view without the reason.
    pub fn destination_receipt(
        &self,
        record: &IntentRecord,
    ) -> (OriginEvidence, Option<String>, KnownFollowed<'static>) {
        let intent = record.intent();
        let wallet = intent.destination_intent_address.expect("the example is cross-chain");
        let bundle = intent.destination_calls.as_ref().expect("the example is cross-chain");
        let op_hash = payload_hash_for(bundle, wallet).expect("the example's payload hash");
        let request = &intent.quote_request;
        let recipient = request.destination_to_address.unwrap_or(intent.owner_address);
        let least = intent.quote.to_amount_min;
        let delivered = if self.short { least - U256::from(1) } else { least };
        let mut logs = Vec::new();
        if !self.call_missing {
            logs.push(call_log(wallet, "CallSucceeded(bytes32,uint256)", op_hash, 0, None));
        }
        logs.push(transfer_log(request.destination_token_address, wallet, recipient, delivered));
        let usdc = intent.destination_precondition.as_ref().expect("the example is cross-chain").token_address;
        let chain = intent.destination_chain_id;
        let went = if request.destination_token_address == usdc && !delivered.is_zero() {
            format!("the bridged {delivered} of {usdc} went to {recipient} on chain {chain}")
        } else {
            format!("the bridged tokens stay at the destination intent address {wallet} on chain {chain}, which the owner's key recovers")
        };
        let stay = format!(
            "the bridged tokens stay at the destination intent address {wallet} on chain {chain}, which the owner's key recovers"
        );
        let reason = if self.reverted {
            Some(format!("destination transaction reverted; {stay}"))
        } else if self.call_missing {
            Some(format!("destination call 0 did not run; {went}"))
        } else if self.short {
            Some(format!(
                "the recipient received {delivered} of the destination token, below toAmountMin {least}; {went}"
            ))
        } else {
            None
        };
        let known = self.known(Judged::Succeeded);
        (self.receipt(record, logs), reason, known)
    }
}
