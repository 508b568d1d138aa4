//! The input of the `lifecycle` target: how the example intent is quoted, then timed events
//! of every kind (`Arbitrary`), and how each choice is built into the library's values
//! against the record it is played on. What the target checks is `lifecycle`'s.

use super::*;

/// The input of `fuzz_targets/lifecycle.rs`: how the example intent is quoted, then a
/// sequence of (time step, event).
#[derive(Debug, Arbitrary)]
pub struct LifecycleInput {
    /// How long before the intent's `expiresAt` it is quoted, in seconds, modulo the quote TTL.
    pub quoted_before_expiry: u32,
    /// The quote instant's nanoseconds (modulo 10^9).
    pub quoted_nanos: u32,
    /// The quote TTL (at least 1 s); `None` for the default.
    pub quote_ttl_seconds: Option<u32>,
    /// The execution window; `None` for the default.
    pub execution_window_seconds: Option<u32>,
    /// Whether the example gas fee options are quoted with the intent.
    pub with_gas_fee_options: bool,
    /// Moves the gas fee options' `expiresAt` (the example's is the intent's) by seconds.
    pub fee_options_expiry_shift: Option<i16>,
    /// Sets `quoteRequest.onlyNativeGasFee` before quoting (the example's is false).
    pub only_native_gas_fee: bool,
    /// What happens, in order (at most [`MAX_STEPS`] are played).
    pub steps: Vec<Step>,
}

/// Steps played per input; more only slow the fuzzer down.
pub const MAX_STEPS: usize = 48;

/// One event at a time.
#[derive(Debug, Arbitrary)]
pub struct Step {
    /// How the clock moves before the event.
    pub time: TimeStep,
    /// The event.
    pub event: Event,
}

/// How the clock moves: it may go back, which the record must refuse.
#[derive(Debug, Arbitrary)]
pub enum TimeStep {
    /// The same instant as the step before.
    Same,
    /// Forward.
    Later {
        /// Seconds.
        seconds: u16,
        /// Nanoseconds (modulo 10^9).
        nanos: u32,
    },
    /// Backward.
    Earlier {
        /// Seconds.
        seconds: u16,
        /// Nanoseconds (modulo 10^9).
        nanos: u32,
    },
    /// Near an instant that decides an outcome.
    Near(Mark, Offset),
    /// 0000-01-01T00:00:00Z.
    Min,
    /// 9999-12-31T23:59:59.999999999Z.
    Max,
}

/// Instants that decide outcomes.
#[derive(Debug, Arbitrary)]
pub enum Mark {
    /// When the intent was quoted.
    QuotedAt,
    /// The record's last event.
    LastEvent,
    /// `intent.expiresAt`.
    QuoteExpiry,
    /// `gasFeeOptions.expiresAt` (now, without fee options).
    FeeOptionsExpiry,
    /// `committedAt + executionWindow` (now, before a commit).
    WindowClose,
}

/// Where near a [`Mark`].
#[derive(Debug, Arbitrary)]
pub enum Offset {
    /// At it.
    Exact,
    /// 1 ns before.
    NanoBefore,
    /// 1 ns after.
    NanoAfter,
    /// 1 s before.
    SecondBefore,
    /// 1 s after.
    SecondAfter,
}

/// An event of docs/spec.md §6.
#[derive(Debug, Arbitrary)]
pub enum Event {
    /// A second quote (always refused).
    Quote,
    /// Commit an intent with service contracts.
    Commit {
        /// Which intent is sent back.
        intent: IntentChoice,
        /// Which contracts.
        contracts: ContractsChoice,
    },
    /// Execute a request, against chain facts.
    Execute {
        /// The request.
        request: Box<RequestChoice>,
        /// What the chain is said to know.
        facts: Box<ChainFactsChoice>,
    },
    /// Execution failed, with a reason.
    Fail(String),
    /// Execution succeeded.
    Succeed,
    /// Abort before execution, with a reason.
    Abort(String),
    /// Abort after the window.
    Expire,
    /// Funds went back.
    Refund,
    /// A transaction's progress without an outcome (docs/spec.md §6.6).
    Progress(ProgressChoice),
    /// A balance answering the record's step (docs/spec.md §6.7).
    Balance(BalanceChoice),
    /// The origin transaction's receipt answering the record's step (docs/spec.md §6.7).
    OriginReceipt(Box<ReceiptChoice>),
    /// A replacement deposit (docs/spec.md §6.8).
    Retry(Box<RetryChoice>),
    /// An attestation of the kept burn (docs/spec.md §6.9).
    Attestation(AttestationChoice),
    /// The origin transaction gone from its chain (docs/spec.md §6.9).
    OriginGone(FollowedChoice),
    /// The mint's receipt (docs/spec.md §6.9).
    RouteReceipt(FollowedChoice),
    /// The destination transaction's receipt (docs/spec.md §6.9).
    DestinationReceipt(FollowedChoice),
}

/// A replacement deposit: its hash and the node's evidence of it.
#[derive(Debug, Arbitrary)]
pub struct RetryChoice {
    /// The hash of the deposit transaction the record keeps, when it keeps one (a replay
    /// when that one SUCCEEDED); else another.
    pub kept: bool,
    /// The node's evidence of it (without it: `DEPOSIT_UNVERIFIED`).
    pub evidence: Option<EvidenceChoice>,
}

/// The intent a commit sends back.
#[derive(Debug, Arbitrary)]
pub enum IntentChoice {
    /// The quoted one.
    Quoted,
    /// The quoted one, read back from its wire form (same meaning, other spelling).
    Respelled,
    /// The quoted one with one change (which may change nothing).
    Mutated(IntentMutation),
}

/// One change to an intent.
#[derive(Debug, Arbitrary)]
pub enum IntentMutation {
    /// `id`.
    Id(u64),
    /// `intentId`.
    IntentId(String),
    /// `salt`.
    Salt([u8; 32]),
    /// `ownerAddress`.
    Owner([u8; 20]),
    /// `status`, by index into the status names.
    Status(u8),
    /// `expiresAt`, moved.
    ExpiresAt(i32),
    /// `originCalls.calls[i].to`.
    CallTarget(u8, [u8; 20]),
    /// `originCalls.calls[i].data`.
    CallData(u8, Vec<u8>),
    /// `depositTransaction.amount`.
    DepositAmount([u8; 32]),
    /// `fees.totalFeeUsd`.
    TotalFeeUsd(f64),
    /// `createdAt` removed.
    NoCreatedAt,
    /// An unknown member added (refused for a schema key, which changes nothing).
    Unknown(String, i64),
}

/// The service contracts a commit sends.
#[derive(Debug, Arbitrary)]
pub enum ContractsChoice {
    /// The sent intent's.
    Intents,
    /// The sent intent's with one address replaced (index modulo 3).
    Changed(u8, [u8; 20]),
}

/// An execute request.
#[derive(Debug, Arbitrary)]
pub struct RequestChoice {
    /// `intentId`: the committed intent's when `None`.
    pub intent_id: Option<String>,
    /// `depositTransactionHash` (hash mode).
    pub deposit_transaction_hash: Option<[u8; 32]>,
    /// `depositSignature` (gasless mode).
    pub deposit_signature: Option<SignatureChoice>,
}

/// A deposit signature.
#[derive(Debug, Arbitrary)]
pub struct SignatureChoice {
    /// `selectedGasFeeOption`.
    pub fee_option: FeeOptionChoice,
    /// `deadline`.
    pub deadline: Deadline,
    /// `intentSignature` (entrypoint mode when present).
    pub intent_signature: Option<SignatureBytes>,
    /// `userNonce`.
    pub user_nonce: Option<[u8; 32]>,
    /// `permitSignature`.
    pub permit_signature: Option<SignatureBytes>,
    /// `permitDeadline`.
    pub permit_deadline: Option<Deadline>,
    /// `permitAmount`.
    pub permit_amount: Option<Amount>,
}

/// The selected gas fee option.
#[derive(Debug, Arbitrary)]
pub enum FeeOptionChoice {
    /// A quoted one (index modulo their number).
    Quoted(u8),
    /// A quoted one with changes.
    Changed {
        /// Which (modulo their number).
        index: u8,
        /// A new amount.
        amount: Option<[u8; 32]>,
        /// A new token.
        token: Option<[u8; 20]>,
        /// A zero fee collector.
        no_collector: bool,
        /// A new `is2612`.
        is_2612: Option<bool>,
    },
}

/// A deadline in Unix seconds, relative to the event's time or not.
#[derive(Debug, Arbitrary)]
pub enum Deadline {
    /// `floor(now)`: the last valid second.
    Now,
    /// Seconds after `floor(now)`.
    After(u32),
    /// Seconds before `floor(now)`.
    Before(u32),
    /// Any value.
    Raw(u64),
}

/// A permit amount.
#[derive(Debug, Arbitrary)]
pub enum Amount {
    /// The deposit plus the fee paid in the deposit token: just enough.
    Needed,
    /// More than needed.
    Above(u64),
    /// Less than needed.
    Below(u64),
    /// Any value.
    Raw([u8; 32]),
}

/// Signature bytes.
#[derive(Debug, Arbitrary)]
pub enum SignatureBytes {
    /// Any bytes.
    Raw(Vec<u8>),
    /// 65 bytes `r ‖ s ‖ v`.
    Parts([u8; 32], [u8; 32], u8),
}

/// The chain facts of an execute.
#[derive(Debug, Arbitrary)]
pub struct ChainFactsChoice {
    /// The token's permit facts.
    pub token_permit: Option<TokenPermitChoice>,
    /// The owner's current entrypoint nonce.
    pub entrypoint_nonce: Option<u64>,
    /// Whether an unverified permit is accepted.
    pub accept_unverified_permit: bool,
    /// The node's evidence of the deposit transaction.
    pub deposit_evidence: Option<EvidenceChoice>,
    /// Whether an unverified deposit hash is accepted.
    pub accept_unverified_deposit: bool,
}

/// Deposit evidence, built around the request's hash and the intent's deposit so that
/// every deposit rule can pass or break.
#[derive(Debug, Arbitrary)]
pub struct EvidenceChoice {
    /// Another hash than the request's, in the receipt.
    pub receipt_hash: Option<[u8; 32]>,
    /// Another hash than the request's, in the transaction.
    pub transaction_hash: Option<[u8; 32]>,
    /// Another chain than the origin.
    pub chain_id: Option<u64>,
    /// The receipt's status, when not 1.
    pub status: Option<u64>,
    /// The receipt's block and the head block.
    pub blocks: (u64, u64),
    /// The logs: a `Transfer` paying the deposit first when `pays`, then these.
    pub pays: bool,
    /// Other logs.
    pub logs: Vec<LogChoice>,
    /// The transaction's recipient (the deposit's `toAddress` when `None`) and value.
    pub to: Option<[u8; 20]>,
    /// The transaction's value.
    pub value: u64,
}

/// A log of the evidence's receipt.
#[derive(Debug, Arbitrary)]
pub struct LogChoice {
    /// The emitting contract.
    pub address: [u8; 20],
    /// The topics.
    pub topics: Vec<[u8; 32]>,
    /// The data.
    pub data: Vec<u8>,
}

impl EvidenceChoice {
    /// The evidence for a request of `hash` against `intent`.
    pub fn build(&self, intent: &Intent, hash: B256) -> DepositEvidence {
        let deposit = &intent.deposit_transaction;
        let mut logs = Vec::new();
        if self.pays {
            let transfer = keccak256(b"Transfer(address,address,uint256)");
            logs.push(EvidenceLog {
                address: deposit.token_address,
                data: Bytes::copy_from_slice(&deposit.amount.to_be_bytes::<32>()),
                topics: vec![transfer, Address::ZERO.into_word(), deposit.to_address.into_word()],
                unknown: UnknownMembers::new(),
            });
        }
        for log in &self.logs {
            logs.push(EvidenceLog {
                address: Address::from(log.address),
                data: Bytes::copy_from_slice(&log.data),
                topics: log.topics.iter().copied().map(B256::from).collect(),
                unknown: UnknownMembers::new(),
            });
        }
        let value = if self.pays { deposit.amount } else { U256::from(self.value) };
        DepositEvidence {
            chain_id: Quantity::from(self.chain_id.unwrap_or(intent.origin_chain_id)),
            head_block_number: Quantity::from(self.blocks.1),
            receipt: EvidenceReceipt {
                block_number: Quantity::from(self.blocks.0),
                logs,
                status: Quantity::from(self.status.unwrap_or(1)),
                transaction_hash: self.receipt_hash.map_or(hash, B256::from),
                unknown: UnknownMembers::new(),
            },
            transaction: EvidenceTransaction {
                from: Address::ZERO,
                hash: self.transaction_hash.map_or(hash, B256::from),
                to: Some(self.to.map_or(deposit.to_address, Address::from)),
                value: Quantity(value),
                unknown: UnknownMembers::new(),
            },
            unknown: UnknownMembers::new(),
        }
    }
}

/// A token's permit facts.
#[derive(Debug, Arbitrary)]
pub struct TokenPermitChoice {
    /// Domain name.
    pub name: Option<String>,
    /// Domain version.
    pub version: Option<String>,
    /// Domain chain id.
    pub chain_id: Option<u64>,
    /// Domain verifying contract.
    pub verifying_contract: Option<[u8; 20]>,
    /// Domain salt.
    pub salt: Option<[u8; 32]>,
    /// The owner's permit nonce.
    pub nonce: u64,
}

pub(crate) const NANOS: i128 = 1_000_000_000;

pub(crate) fn nanos(n: u32) -> i128 {
    i128::from(n) % NANOS
}

/// `at` moved by `by` nanoseconds, clamped to the timestamps that exist.
pub(crate) fn shift(at: Timestamp, by: i128) -> Timestamp {
    let total = i128::from(at.unix_seconds()) * NANOS + i128::from(at.subsec_nanos()) + by;
    let seconds = i64::try_from(total.div_euclid(NANOS)).ok();
    let subsec = u32::try_from(total.rem_euclid(NANOS)).unwrap_or(0);
    seconds.and_then(|s| Timestamp::from_unix(s, subsec)).unwrap_or(if by < 0 {
        Timestamp::MIN
    } else {
        Timestamp::MAX
    })
}

impl TimeStep {
    pub(crate) fn apply(&self, now: Timestamp, record: &IntentRecord) -> Timestamp {
        match self {
            TimeStep::Same => now,
            TimeStep::Later { seconds, nanos: n } => shift(now, i128::from(*seconds) * NANOS + nanos(*n)),
            TimeStep::Earlier { seconds, nanos: n } => shift(now, -(i128::from(*seconds) * NANOS + nanos(*n))),
            TimeStep::Min => Timestamp::MIN,
            TimeStep::Max => Timestamp::MAX,
            TimeStep::Near(mark, offset) => {
                let at = match mark {
                    Mark::QuotedAt => record.quoted_at(),
                    Mark::LastEvent => record.last_event_at(),
                    Mark::QuoteExpiry => record.quote_expires_at(),
                    Mark::FeeOptionsExpiry => record.fee_options_expire_at().unwrap_or(now),
                    Mark::WindowClose => record.execution_window_closes_at().unwrap_or(now),
                };
                shift(
                    at,
                    match offset {
                        Offset::Exact => 0,
                        Offset::NanoBefore => -1,
                        Offset::NanoAfter => 1,
                        Offset::SecondBefore => -NANOS,
                        Offset::SecondAfter => NANOS,
                    },
                )
            }
        }
    }
}

impl IntentChoice {
    pub(crate) fn build(&self, quoted: &Intent) -> Intent {
        let mut intent = quoted.clone();
        match self {
            IntentChoice::Quoted => return intent,
            IntentChoice::Respelled => return reread(&to_string(quoted), "wire form"),
            IntentChoice::Mutated(mutation) => mutation.apply(&mut intent),
        }
        intent
    }
}

impl IntentMutation {
    fn apply(&self, intent: &mut Intent) {
        let calls = &mut intent.origin_calls.calls;
        let call_count = calls.len().max(1);
        match self {
            IntentMutation::Id(id) => intent.id = *id,
            IntentMutation::IntentId(id) => intent.intent_id.clone_from(id),
            IntentMutation::Salt(salt) => intent.salt = U256::from_be_bytes(*salt),
            IntentMutation::Owner(owner) => intent.owner_address = Address::from(*owner),
            IntentMutation::Status(i) => {
                let name = IntentStatus::NAMES[usize::from(*i) % IntentStatus::NAMES.len()];
                intent.status = IntentStatus::from_name(name).unwrap_or(IntentStatus::Quoted);
            }
            IntentMutation::ExpiresAt(seconds) => {
                intent.expires_at = shift(intent.expires_at, i128::from(*seconds) * NANOS);
            }
            IntentMutation::CallTarget(i, to) => {
                if let Some(call) = calls.get_mut(usize::from(*i) % call_count) {
                    call.to = Address::from(*to);
                }
            }
            IntentMutation::CallData(i, data) => {
                if let Some(call) = calls.get_mut(usize::from(*i) % call_count) {
                    call.data = Some(Bytes::copy_from_slice(data));
                }
            }
            IntentMutation::DepositAmount(amount) => intent.deposit_transaction.amount = U256::from_be_bytes(*amount),
            IntentMutation::TotalFeeUsd(usd) => {
                if let Some(usd) = Decimal::new(*usd) {
                    intent.fees.total_fee_usd = usd;
                }
            }
            IntentMutation::NoCreatedAt => intent.created_at = None,
            IntentMutation::Unknown(key, value) => {
                let _ = intent.insert_unknown(key, &format!("{value}"));
            }
        }
    }
}

impl ContractsChoice {
    pub(crate) fn build(&self, sent: &ServiceContracts) -> ServiceContracts {
        let mut contracts = sent.clone();
        if let ContractsChoice::Changed(which, address) = self {
            let address = AddressOrEmpty::from(Address::from(*address));
            match which % 3 {
                0 => contracts.service_intent_entrypoint_address = address,
                1 => contracts.service_router_address = address,
                _ => contracts.service_router_shim_address = address,
            }
        }
        contracts
    }
}

impl RequestChoice {
    pub(crate) fn build(&self, record: &IntentRecord, now: Timestamp) -> ExecuteRequest {
        ExecuteRequest {
            deposit_signature: self.deposit_signature.as_ref().map(|choice| choice.build(record, now)),
            deposit_transaction_hash: self.deposit_transaction_hash.map(B256::from),
            intent_id: self.intent_id.clone().unwrap_or_else(|| record.intent().intent_id.clone()),
            unknown: UnknownMembers::new(),
        }
    }
}

impl SignatureChoice {
    fn build(&self, record: &IntentRecord, now: Timestamp) -> DepositSignature {
        let selected = self.fee_option.build();
        let deadline = self.deadline.at(now);
        let deposit = &record.intent().deposit_transaction;
        let fee = if selected.token_address == deposit.token_address { selected.amount } else { U256::ZERO };
        let needed = deposit.amount.saturating_add(fee);
        DepositSignature {
            deadline,
            intent_signature: self.intent_signature.as_ref().map(SignatureBytes::build),
            permit_amount: self.permit_amount.as_ref().map(|amount| match amount {
                Amount::Needed => needed,
                Amount::Above(more) => needed.saturating_add(U256::from(*more)),
                Amount::Below(less) => needed.saturating_sub(U256::from(*less)),
                Amount::Raw(raw) => U256::from_be_bytes(*raw),
            }),
            permit_deadline: self.permit_deadline.as_ref().map(|d| d.at(now)),
            permit_signature: self.permit_signature.as_ref().map(SignatureBytes::build),
            selected_gas_fee_option: selected,
            user_nonce: self.user_nonce.map(U256::from_be_bytes),
            unknown: UnknownMembers::new(),
        }
    }
}

impl FeeOptionChoice {
    fn build(&self) -> FeeOption {
        let quoted = &examples().gas_fee_options.fee_options;
        let pick = |i: u8| quoted.get(usize::from(i) % quoted.len().max(1)).cloned();
        let fallback = || examples().gas_fee_options.fee_options[0].clone();
        match self {
            FeeOptionChoice::Quoted(i) => pick(*i).unwrap_or_else(fallback),
            FeeOptionChoice::Changed { index, amount, token, no_collector, is_2612 } => {
                let mut option = pick(*index).unwrap_or_else(fallback);
                if let Some(amount) = amount {
                    option.amount = U256::from_be_bytes(*amount);
                }
                if let Some(token) = token {
                    option.token_address = Address::from(*token);
                }
                if *no_collector {
                    option.fee_collector_address = Address::ZERO;
                }
                if let Some(is_2612) = is_2612 {
                    option.is_2612 = *is_2612;
                }
                option
            }
        }
    }
}

impl Deadline {
    fn at(&self, now: Timestamp) -> u64 {
        let now = u64::try_from(now.unix_seconds()).unwrap_or(0);
        match self {
            Deadline::Now => now,
            Deadline::After(seconds) => now.saturating_add(u64::from(*seconds)),
            Deadline::Before(seconds) => now.saturating_sub(u64::from(*seconds)),
            Deadline::Raw(raw) => *raw,
        }
    }
}

impl SignatureBytes {
    fn build(&self) -> Bytes {
        match self {
            SignatureBytes::Raw(bytes) => Bytes::copy_from_slice(bytes),
            SignatureBytes::Parts(r, s, v) => Bytes::from([r.as_slice(), s.as_slice(), &[*v]].concat()),
        }
    }
}

impl TokenPermitChoice {
    pub(crate) fn build(&self) -> TokenPermit {
        TokenPermit {
            domain: Domain {
                name: self.name.clone().map(Cow::Owned),
                version: self.version.clone().map(Cow::Owned),
                chain_id: self.chain_id.map(U256::from),
                verifying_contract: self.verifying_contract.map(Address::from),
                salt: self.salt.map(B256::from),
            },
            nonce: U256::from(self.nonce),
        }
    }
}
