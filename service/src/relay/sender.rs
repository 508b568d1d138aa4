//! One relayer task per chain (docs/spec.md §12): it alone signs for its chain, so it owns
//! the relayer's nonce sequence (read once from the node's pending count, then counted
//! here: a gas estimate that reverts uses no nonce). For each gasless intent handed to it:
//! estimate (a revert there fails the intent with the decoded error and sends nothing),
//! check that the relayer's balance pays for the gas (else the intent waits, and the relayer
//! is reported short of funds), sign locally, store the signed transaction and its hash (the
//! signed transactions table, then the record's deposit transaction, SENT) and only then
//! send it. An execution handed over
//! carries its intent and request, so nothing is loaded for it; one tried again, or queued
//! before a start, is read from the store then. Every tick it follows the
//! pending ones: MINING once included, SUCCEEDED at the chain's `depositConfirmations`,
//! or the core's `fail` with the decoded revert; a transaction the node does not know is
//! sent again byte for byte (same hash, same nonce). One not mined within the chain's
//! `replaceAfterBlocks` is replaced, at most `maxFeeBumps` times: the same transaction and
//! nonce with higher fees, stored before it is sent like the first, and the receipt follows
//! whichever version is mined.
//!
//! It reaches its chain through the chain view's [`Node`] (the provider the facts are read
//! with), checked once to serve the configured chain before anything is estimated or
//! followed (until it is, each intent's pending deposit says why it waits); each call has
//! the node timeout (`server.nodeTimeoutMillis`). What is sent is
//! [`super::calls`]'s; the signed transactions table is the store's (`crate::store`'s
//! `signed`).

use std::collections::HashMap;
use std::future::IntoFuture;
use std::sync::Arc;
use std::time::Duration;

use alloy_network::eip2718::{Decodable2718, Encodable2718};
use alloy_network::{Ethereum, EthereumWallet, Network, TransactionBuilder};
use alloy_primitives::{Address, B256, U256};
use alloy_provider::Provider;
use alloy_rpc_types_eth::{BlockId, BlockNumberOrTag, TransactionRequest, TransactionTrait};
use alloy_transport::TransportError;
use intent_core::{Timestamp, TransactionReport, TransactionStatus, TransactionType, UnknownMembers};
use tokio::sync::mpsc;

use super::calls::{relay_call, revert_reason};
use crate::attest::IrisClient;
use crate::chain::{ChainView, Node, NodeError};
use crate::metrics::{ExecutionOutcome, Metrics, RelayOutcome};
use crate::records::{Deposits, Execution, Funds, Stalls};
use crate::store::{Signed, TxKind};

/// How often pending relays are looked at.
pub const FOLLOW_EVERY: Duration = Duration::from_millis(100);

/// How often a relay the node could not be reached for is tried again.
const RETRY_EVERY: Duration = Duration::from_secs(1);

/// After how many looks without a receipt the node is asked whether it knows the transaction.
const REBROADCAST_AFTER: u32 = 50;

/// A JSON-RPC call that failed.
pub(super) enum RpcFailure {
    /// No answer within the node timeout.
    Timeout(Duration),
    /// The transport failed, or the node answered an error.
    Rpc(TransportError),
}

impl std::fmt::Display for RpcFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RpcFailure::Timeout(timeout) => write!(f, "no answer within {} ms", timeout.as_millis()),
            RpcFailure::Rpc(e) => write!(f, "{e}"),
        }
    }
}

impl RpcFailure {
    /// The node's own answer (a revert, a refused transaction), not a transport failure.
    fn node_error(&self) -> Option<(String, Option<alloy_primitives::Bytes>)> {
        match self {
            RpcFailure::Rpc(e) => {
                e.as_error_resp().map(|payload| (payload.message.to_string(), payload.as_revert_data()))
            }
            RpcFailure::Timeout(_) => None,
        }
    }

    /// The call's revert, as a status reason: only for an execution that reverted (revert
    /// data, or the node's "execution reverted"), never for the relayer's own trouble
    /// (its funds, its nonce), which is tried again instead of failing the intent.
    fn revert(&self) -> Option<String> {
        match self.node_error()? {
            (_, Some(data)) => Some(revert_reason(data.as_ref())),
            (message, None) if message.contains("execution reverted") => Some(message),
            _ => None,
        }
    }
}

/// What a relay attempt came to.
pub(super) enum Attempt {
    /// Nothing more to do for it now (relayed, failed, or not to be relayed).
    Done,
    /// The node or the store could not be reached: try again later.
    Retry,
}

/// A relay being followed: its signed versions (one nonce), the first first.
struct Following {
    versions: Vec<Signed>,
    mining: bool,
    unseen: u32,
}

impl Following {
    fn new(first: Signed, unseen: u32) -> Following {
        Following { versions: vec![first], mining: false, unseen }
    }

    /// The newest version: the one sent again while the node does not know it.
    fn latest(&self) -> &Signed {
        // Never empty: made with its first version.
        &self.versions[self.versions.len() - 1]
    }

    fn intent_id(&self) -> &str {
        &self.versions[0].intent_id
    }
}

/// The relayer of one chain.
pub(super) struct ChainSender {
    pub node: Node,
    /// Woken when an intent of this chain becomes EXECUTING (by the records) or its relayed
    /// deposit succeeds (here): the executor looks at once.
    pub wake: Arc<tokio::sync::Notify>,
    /// Blocks after which a version not mined is replaced.
    pub replace_after: u64,
    /// How many replacements one transaction may have.
    pub max_bumps: u64,
    /// Whether the relayer can pay for gas, for the health reports.
    pub funds: Arc<Funds>,
    /// Whether the chain has `wallet` in the configuration: its EXECUTING intents are
    /// driven here ([`super::origin`]).
    pub executes: bool,
    pub wallet: EthereumWallet,
    pub relayer: Address,
    /// Where attestations are fetched (`attestation.url`), for the intents whose origin is
    /// this chain; `None` without `attestation` in the configuration.
    pub attester: Option<Arc<IrisClient>>,
    /// This chain's CCTP message transmitter (`cctp.messageTransmitter`), which the mints
    /// are sent to; `None` without `cctp`.
    pub transmitter: Option<Address>,
    /// The waits of cross-chain intents after their burn, for the health reports.
    pub stalls: Arc<Stalls>,
    pub deposits: Deposits,
    pub chain: Arc<ChainView>,
    pub metrics: Arc<Metrics>,
}

/// The task's state beside its settings.
pub(super) struct Task {
    pub(super) chain: ChainSender,
    next_nonce: Option<u64>,
    pending: Vec<Following>,
    retry: Vec<String>,
    /// Why each intent waiting for the node is not relayed yet, as its receipt says it:
    /// written once per reason, not at every retry.
    waiting: HashMap<String, String>,
}

/// The deposit transaction `status` of a relay not sent (so with no hash), and why.
fn unsent(chain_id: u64, kind: TxKind, status: TransactionStatus, reason: &str) -> TransactionReport {
    TransactionReport { txn_hash: None, ..report(chain_id, kind, status, B256::ZERO, Some(reason.to_owned()), None) }
}

/// The deposit transaction `status` of the relay `hash`.
pub(super) fn report(
    chain_id: u64,
    kind: TxKind,
    status: TransactionStatus,
    hash: B256,
    reason: Option<String>,
    mined_at: Option<Timestamp>,
) -> TransactionReport {
    TransactionReport {
        chain_id,
        status,
        status_reason: reason,
        txn_hash: Some(hash),
        txn_mined_at: mined_at,
        kind: match kind {
            TxKind::Deposit => TransactionType::Deposit,
            TxKind::Origin => TransactionType::Origin,
            TxKind::Route => TransactionType::Route,
            TxKind::Destination => TransactionType::Destination,
        },
        unknown: UnknownMembers::new(),
    }
}

impl ChainSender {
    /// `call` to the node, within the node timeout.
    pub(super) async fn rpc<T>(
        &self,
        call: impl IntoFuture<Output = Result<T, TransportError>>,
    ) -> Result<T, RpcFailure> {
        match tokio::time::timeout(self.node.timeout(), call).await {
            Ok(answer) => answer.map_err(RpcFailure::Rpc),
            Err(_) => Err(RpcFailure::Timeout(self.node.timeout())),
        }
    }

    /// Whether the node serves this chain: asked once, by the chain view, which remembers
    /// the answer for the reads of every request too.
    pub(super) async fn check_node(&self) -> Result<(), NodeError> {
        self.node.within(self.chain.check_chain_id(&self.node)).await
    }

    /// The provider of the chain's node.
    pub(super) fn provider(&self) -> &alloy_provider::DynProvider {
        self.node.provider()
    }

    /// The chain's id.
    pub(super) fn chain_id(&self) -> u64 {
        self.node.chain_id()
    }

    /// Runs the task: first the relays left pending by an earlier run, then every execution
    /// `queue` hands over, and the executor's look whenever it is woken (and at least every
    /// [`RETRY_EVERY`], for the intents another instance made EXECUTING); ends when the queue
    /// is closed.
    pub async fn run(self, mut queue: mpsc::UnboundedReceiver<Execution>) {
        let wake = self.wake.clone();
        let executes = self.executes;
        let mut task =
            Task { chain: self, next_nonce: None, pending: Vec::new(), retry: Vec::new(), waiting: HashMap::new() };
        task.load_pending().await;
        let mut tick = tokio::time::interval(FOLLOW_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut retried = tokio::time::Instant::now();
        loop {
            tokio::select! {
                next = queue.recv() => match next {
                    Some(execution) => task.relay_or_keep(execution.intent_id().to_owned(), Some(execution)).await,
                    None => return,
                },
                () = wake.notified(), if executes => task.drive_origins().await,
                _ = tick.tick() => {
                    task.follow().await;
                    if retried.elapsed() >= RETRY_EVERY {
                        retried = tokio::time::Instant::now();
                        for intent_id in std::mem::take(&mut task.retry) {
                            task.relay_or_keep(intent_id, None).await;
                        }
                        if task.chain.executes {
                            task.drive_origins().await;
                        }
                    }
                }
            }
        }
    }
}

impl Task {
    /// The pending relays of the store, followed from the first tick (those the node does
    /// not know are sent again then), and the queued intents, relayed at the first retry.
    async fn load_pending(&mut self) {
        let (store, chain_id, relayer) = (self.chain.deposits.store(), self.chain.chain_id(), self.chain.relayer);
        loop {
            let loaded = match store.pending_signed(chain_id, relayer).await {
                Ok(relays) => store.queued_relays(chain_id).await.map(|queued| (relays, queued)),
                Err(e) => Err(e),
            };
            match loaded {
                Ok((relays, queued)) => {
                    if !queued.is_empty() {
                        tracing::info!(
                            chain_id = self.chain.chain_id(),
                            queued = queued.len(),
                            "relayer: relaying the deposits queued before the start"
                        );
                    }
                    self.retry = queued;
                    if !relays.is_empty() {
                        tracing::info!(
                            chain_id = self.chain.chain_id(),
                            pending = relays.len(),
                            "relayer: following relays sent before the start"
                        );
                    }
                    self.pending.clear();
                    for version in relays {
                        let same = |following: &&mut Following| {
                            following.intent_id() == version.intent_id && following.versions[0].kind == version.kind
                        };
                        match self.pending.iter_mut().find(same) {
                            Some(following) => following.versions.push(version),
                            None => self.pending.push(Following::new(version, REBROADCAST_AFTER - 1)),
                        }
                    }
                    return;
                }
                Err(e) => {
                    tracing::warn!(error = %e, "relayer: cannot read the pending relays; trying again");
                    tokio::time::sleep(RETRY_EVERY).await;
                }
            }
        }
    }

    /// Relays `intent_id` (from `execution` when it was just handed over, else as the
    /// store has it now), or keeps it to try again later.
    async fn relay_or_keep(&mut self, intent_id: String, execution: Option<Execution>) {
        match self.relay(&intent_id, execution).await {
            Attempt::Retry => {
                if !self.retry.contains(&intent_id) {
                    self.retry.push(intent_id);
                }
            }
            Attempt::Done => {
                self.waiting.remove(&intent_id);
                if let Err(e) = self.chain.deposits.store().dequeue_relay(&intent_id).await {
                    tracing::warn!(intent_id, error = %e, "relayer: cannot take the intent off the queue");
                }
            }
        }
    }

    /// The next relayer nonce: the node's pending count the first time, then counted here.
    async fn nonce(&mut self) -> Result<u64, RpcFailure> {
        if let Some(nonce) = self.next_nonce {
            return Ok(nonce);
        }
        let nonce = self.chain.rpc(self.chain.provider().get_transaction_count(self.chain.relayer).pending()).await?;
        self.next_nonce = Some(nonce);
        Ok(nonce)
    }

    /// Fails the intent's deposit with `reason`, keeping `report` on the receipt.
    async fn fail(&self, intent_id: &str, reason: &str, report: &TransactionReport) {
        if let Err(e) = self.chain.deposits.fail(intent_id, reason, report).await {
            tracing::warn!(intent_id, error = %e, "relayer: cannot record the failed deposit");
        }
    }

    async fn relay(&mut self, intent_id: &str, execution: Option<Execution>) -> Attempt {
        let chain = &self.chain;
        let store = chain.deposits.store();
        match store.has_signed(intent_id, TxKind::Deposit).await {
            Ok(true) => return Attempt::Done,
            Ok(false) => {}
            Err(e) => {
                tracing::warn!(intent_id, error = %e, "relayer: cannot read the signed transactions");
                return Attempt::Retry;
            }
        }
        let execution = match execution {
            Some(execution) => execution,
            None => match chain.deposits.execution(intent_id).await {
                Ok(Some(execution)) => execution,
                Ok(None) => return Attempt::Done,
                Err(e) => {
                    tracing::warn!(intent_id, error = %e, "relayer: cannot load the record");
                    return Attempt::Retry;
                }
            },
        };
        let call = match relay_call(&execution.intent, &execution.request) {
            Ok(call) => call,
            Err(e) => {
                let reason = format!("the deposit cannot be relayed: {e}");
                let failed = unsent(chain.chain_id(), TxKind::Deposit, TransactionStatus::Failed, &reason);
                self.fail(intent_id, &reason, &failed).await;
                return Attempt::Done;
            }
        };
        if let Err(e) = chain.check_node().await {
            tracing::warn!(intent_id, error = %e, "relayer: the node cannot be used; trying again");
            self.wait(intent_id, TxKind::Deposit, format!("not relayed yet, tried again: {e}")).await;
            return Attempt::Retry;
        }
        let request = TransactionRequest::default().with_from(chain.relayer).with_to(call.to).with_input(call.input);
        let gas = match chain.rpc(chain.provider().estimate_gas(request.clone())).await {
            Ok(gas) => gas,
            Err(failure) => match failure.revert() {
                Some(reason) => {
                    tracing::info!(
                        intent_id,
                        function = call.function,
                        reason,
                        "relayer: the deposit would revert; not sent"
                    );
                    chain.metrics.relay(RelayOutcome::Refused);
                    let failed = unsent(chain.chain_id(), TxKind::Deposit, TransactionStatus::Failed, &reason);
                    self.fail(intent_id, &reason, &failed).await;
                    return Attempt::Done;
                }
                None => {
                    tracing::warn!(intent_id, error = %failure, "relayer: cannot estimate the deposit's gas; trying again");
                    return Attempt::Retry;
                }
            },
        };
        self.sign_store_send(intent_id, TxKind::Deposit, request, gas, call.function).await
    }

    /// Whether the relayer can pay `gas_limit` at `max_fee` for `intent_id`'s transaction of
    /// `kind`: the head block when it can; else the intent waits (its transaction PENDING
    /// with why, written once), the relayer is reported short of funds, and it is tried
    /// again later.
    pub(super) async fn can_pay(
        &mut self,
        intent_id: &str,
        kind: TxKind,
        gas_limit: u64,
        max_fee: u128,
    ) -> Result<u64, Attempt> {
        let chain = &self.chain;
        let cost = U256::from(gas_limit).saturating_mul(U256::from(max_fee));
        let read = async {
            let balance = chain.rpc(chain.provider().get_balance(chain.relayer)).await?;
            let head = chain.rpc(chain.provider().get_block_number()).await?;
            Ok::<_, RpcFailure>((balance, head))
        };
        let (balance, head) = match read.await {
            Ok(read) => read,
            Err(failure) => {
                tracing::warn!(intent_id, error = %failure, "relayer: cannot read its balance");
                return Err(Attempt::Retry);
            }
        };
        if balance >= cost {
            chain.funds.set_short(None);
            chain.metrics.relayer_short(chain.chain_id(), false);
            return Ok(head);
        }
        let short = format!(
            "the relayer {} cannot pay for gas on chain {}: balance {balance} wei, the transaction may cost {cost} wei",
            chain.relayer,
            chain.chain_id()
        );
        if chain.funds.short().as_ref() != Some(&short) {
            tracing::warn!(intent_id, short, "relayer: short of funds; the intent waits");
        }
        chain.funds.set_short(Some(short.clone()));
        chain.metrics.relayer_short(chain.chain_id(), true);
        self.wait(intent_id, kind, format!("not relayed yet, waiting: {short}")).await;
        Err(Attempt::Retry)
    }

    /// Keeps `intent_id`'s transaction of `kind` PENDING without a hash, with `reason`,
    /// once per reason.
    pub(super) async fn wait(&mut self, intent_id: &str, kind: TxKind, reason: String) {
        self.wait_on(intent_id, kind, self.chain.chain_id(), reason).await;
    }

    /// The same, for a transaction on chain `chain_id` (the ROUTE transaction, on the
    /// destination chain, while the origin chain's task waits for its attestation).
    pub(super) async fn wait_on(&mut self, intent_id: &str, kind: TxKind, chain_id: u64, reason: String) {
        if self.waiting.get(intent_id) == Some(&reason) {
            return;
        }
        let waiting = unsent(chain_id, kind, TransactionStatus::Pending, &reason);
        if self.chain.deposits.keep(intent_id, &waiting).await.is_ok() {
            self.waiting.insert(intent_id.to_owned(), reason);
        }
    }

    /// Prices `request` (its gas estimated at `gas`: the limit is a fifth more; the fees
    /// the node suggests), checks that the relayer can pay for it ([`Task::can_pay`]),
    /// signs it with the next nonce, stores it as `intent_id`'s first version of its
    /// transaction of `kind`, keeps it SENT on the receipt, and only then sends it;
    /// `function` names the call in the log.
    pub(super) async fn sign_store_send(
        &mut self,
        intent_id: &str,
        kind: TxKind,
        request: TransactionRequest,
        gas: u64,
        function: &str,
    ) -> Attempt {
        let fees = match self.chain.rpc(self.chain.provider().estimate_eip1559_fees()).await {
            Ok(fees) => fees,
            Err(failure) => {
                tracing::warn!(intent_id, error = %failure, "relayer: cannot read the fees");
                return Attempt::Retry;
            }
        };
        let gas_limit = gas.saturating_add(gas / 5);
        let head = match self.can_pay(intent_id, kind, gas_limit, fees.max_fee_per_gas).await {
            Ok(head) => head,
            Err(attempt) => return attempt,
        };
        let request = request
            .with_gas_limit(gas_limit)
            .with_max_fee_per_gas(fees.max_fee_per_gas)
            .with_max_priority_fee_per_gas(fees.max_priority_fee_per_gas);
        loop {
            let nonce = match self.nonce().await {
                Ok(nonce) => nonce,
                Err(failure) => {
                    tracing::warn!(intent_id, error = %failure, "relayer: cannot read its nonce");
                    return Attempt::Retry;
                }
            };
            let chain = &self.chain;
            let store = chain.deposits.store();
            let signed = request.clone().with_nonce(nonce).with_chain_id(chain.chain_id()).build(&chain.wallet).await;
            let envelope = match signed {
                Ok(envelope) => envelope,
                Err(e) => {
                    tracing::warn!(intent_id, error = %e, "relayer: cannot sign");
                    return Attempt::Retry;
                }
            };
            let relay = Signed {
                intent_id: intent_id.to_owned(),
                kind,
                chain_id: chain.chain_id(),
                sender: chain.relayer,
                nonce,
                attempt: 0,
                txn_hash: *envelope.tx_hash(),
                raw: Some(envelope.encoded_2718().into()),
                signed_at_block: Some(head),
            };
            let raw = relay.raw.clone().unwrap_or_default();
            match store.insert_signed(&relay).await {
                Ok(true) => {}
                Ok(false) => match store.has_signed(intent_id, kind).await {
                    Ok(true) => return Attempt::Done,
                    // The nonce is a stored transaction's (one the node has not counted yet).
                    Ok(false) => {
                        self.next_nonce = Some(nonce + 1);
                        continue;
                    }
                    Err(_) => return Attempt::Retry,
                },
                Err(e) => {
                    tracing::warn!(intent_id, error = %e, "relayer: cannot store the signed transaction");
                    return Attempt::Retry;
                }
            }
            self.next_nonce = Some(nonce + 1);
            let hash = relay.txn_hash;
            let sent = report(chain.chain_id(), kind, TransactionStatus::Sent, hash, None, None);
            if let Err(e) = chain.deposits.keep(intent_id, &sent).await {
                tracing::warn!(intent_id, error = %e, "relayer: cannot record the sent transaction");
            }
            match chain.rpc(chain.provider().send_raw_transaction(&raw)).await {
                Ok(_) => {}
                Err(failure) => match failure.node_error() {
                    Some((message, _)) if !message.contains("already known") => {
                        // Nothing was sent: the transaction is forgotten and signed again
                        // later with a fresh nonce (the relayer's funds or nonce are its own
                        // trouble, not the intent's).
                        let reason = format!("the node refused the relay transaction, tried again: {message}");
                        tracing::warn!(intent_id, reason, "relayer: refused");
                        chain.metrics.relay(RelayOutcome::Rejected);
                        let waiting = unsent(chain.chain_id(), kind, TransactionStatus::Pending, &reason);
                        if let Err(e) = chain.deposits.keep(intent_id, &waiting).await {
                            tracing::warn!(intent_id, error = %e, "relayer: cannot record the refusal");
                        }
                        self.next_nonce = None;
                        return match store.forget_signed(hash).await {
                            Ok(()) => Attempt::Retry,
                            // Kept: followed, and sent again while the node does not know it.
                            Err(e) => {
                                tracing::warn!(intent_id, error = %e, "relayer: cannot forget the refused transaction");
                                self.pending.push(Following::new(relay, 0));
                                Attempt::Done
                            }
                        };
                    }
                    // Stored: followed, and sent again while the node does not know it.
                    _ => tracing::warn!(intent_id, error = %failure, "relayer: sending failed; it is sent again"),
                },
            }
            tracing::info!(intent_id, kind = kind.as_str(), function, nonce, txn_hash = %hash, "relayer: sent");
            match kind {
                TxKind::Deposit => chain.metrics.relay(RelayOutcome::Sent),
                _ => chain.metrics.execution(ExecutionOutcome::Sent),
            }
            self.pending.push(Following::new(relay, 0));
            return Attempt::Done;
        }
    }

    /// Follows `versions` (one transaction's, the first first) again, like one just sent:
    /// its block was lost to a reorganisation, so it is sent again while the node does not
    /// know it, and replaced when it is not mined in time.
    pub(super) fn follow_again(&mut self, versions: Vec<Signed>) {
        let mut versions = versions.into_iter();
        let Some(first) = versions.next() else { return };
        let mut following = Following::new(first, 0);
        following.versions.extend(versions);
        self.pending.push(following);
    }

    /// One look at every pending relay.
    async fn follow(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        if self.chain.check_node().await.is_err() {
            return;
        }
        let Ok(head) = self.chain.rpc(self.chain.provider().get_block_number()).await else { return };
        let mut still = Vec::with_capacity(self.pending.len());
        for mut following in std::mem::take(&mut self.pending) {
            if !self.follow_one(&mut following, head).await {
                still.push(following);
            }
        }
        self.pending = still;
    }

    /// The Unix time of block `number`.
    pub(super) async fn mined_at(&self, number: u64) -> Option<Timestamp> {
        let block = self
            .chain
            .rpc(self.chain.provider().get_block_by_number(BlockNumberOrTag::Number(number)))
            .await
            .ok()??;
        Timestamp::from_unix(i64::try_from(block.header.timestamp).ok()?, 0)
    }

    /// Why the relay of `intent_id` mined in `block` reverted: the same call replayed on
    /// that block's state.
    async fn revert_of(&self, intent_id: &str, block: u64) -> String {
        let unknown = "reverted (the revert could not be replayed)".to_owned();
        let Ok(Some(execution)) = self.chain.deposits.execution(intent_id).await else {
            return unknown;
        };
        let Ok(call) = relay_call(&execution.intent, &execution.request) else { return unknown };
        let request =
            TransactionRequest::default().with_from(self.chain.relayer).with_to(call.to).with_input(call.input);
        match self.chain.rpc(self.chain.provider().call(request).block(BlockId::number(block))).await {
            Ok(_) => unknown,
            Err(failure) => failure.revert().unwrap_or(unknown),
        }
    }

    /// Replaces the newest version of `following`, not mined within `replace_after` blocks
    /// of `head`, with the same transaction and nonce at higher fees (each at least an
    /// eighth above the last, as nodes require of a replacement, and at least the fees
    /// the node suggests now): signed, stored, then sent. Nothing happens once the bumps
    /// are used up, for an adopted transaction, or when the node or the store cannot be
    /// reached (tried again at a later look).
    async fn replace(&self, following: &mut Following, head: u64) {
        let chain = &self.chain;
        let latest = following.latest().clone();
        let Some(since) = latest.signed_at_block else {
            // Signed before its block was stored: counted from now.
            following.versions.last_mut().into_iter().for_each(|version| version.signed_at_block = Some(head));
            return;
        };
        let Some(raw) = &latest.raw else { return };
        if head < since.saturating_add(chain.replace_after) || latest.attempt >= chain.max_bumps {
            return;
        }
        let Ok(old) = <Ethereum as Network>::TxEnvelope::decode_2718(&mut raw.as_ref()) else { return };
        let Ok(fees) = chain.rpc(chain.provider().estimate_eip1559_fees()).await else { return };
        let bump = |old: u128| old.saturating_add(old / 8).saturating_add(1);
        let old_tip = old.max_priority_fee_per_gas().unwrap_or_else(|| old.max_fee_per_gas());
        let tip = bump(old_tip).max(fees.max_priority_fee_per_gas);
        let max_fee = bump(old.max_fee_per_gas()).max(fees.max_fee_per_gas).max(tip);
        let mut request = TransactionRequest::default()
            .with_from(chain.relayer)
            .with_input(old.input().clone())
            .with_value(old.value())
            .with_nonce(latest.nonce)
            .with_chain_id(chain.chain_id())
            .with_gas_limit(old.gas_limit())
            .with_max_fee_per_gas(max_fee)
            .with_max_priority_fee_per_gas(tip);
        if let Some(to) = old.to() {
            request = request.with_to(to);
        }
        let envelope = match request.build(&chain.wallet).await {
            Ok(envelope) => envelope,
            Err(e) => {
                tracing::warn!(intent_id = latest.intent_id, error = %e, "relayer: cannot sign the replacement");
                return;
            }
        };
        let replacement = Signed {
            attempt: latest.attempt + 1,
            txn_hash: *envelope.tx_hash(),
            raw: Some(envelope.encoded_2718().into()),
            signed_at_block: Some(head),
            ..latest.clone()
        };
        match chain.deposits.store().insert_signed(&replacement).await {
            Ok(true) => {}
            Ok(false) | Err(_) => {
                tracing::warn!(
                    intent_id = latest.intent_id,
                    "relayer: cannot store the replacement; tried again later"
                );
                return;
            }
        }
        let intent_id = replacement.intent_id.clone();
        let hash = replacement.txn_hash;
        let raw = replacement.raw.clone().unwrap_or_default();
        following.versions.push(replacement);
        following.mining = false;
        tracing::info!(
            intent_id,
            nonce = latest.nonce,
            attempt = latest.attempt + 1,
            max_fee,
            txn_hash = %hash,
            "relayer: not mined in time; replaced with a higher fee"
        );
        match latest.kind {
            TxKind::Deposit => chain.metrics.relay(RelayOutcome::Replaced),
            _ => chain.metrics.execution(ExecutionOutcome::Replaced),
        }
        let sent = report(chain.chain_id(), latest.kind, TransactionStatus::Sent, hash, None, None);
        if let Err(e) = chain.deposits.keep(&intent_id, &sent).await {
            tracing::warn!(intent_id, error = %e, "relayer: cannot record the replacement");
        }
        if let Err(e) = chain.rpc(chain.provider().send_raw_transaction(&raw)).await {
            // Stored: sent again while the node does not know it.
            tracing::warn!(intent_id, error = %e, "relayer: sending the replacement failed");
        }
    }

    /// The version of `following` that is mined, with its receipt, if one is.
    async fn mined(
        &self,
        following: &Following,
    ) -> Result<Option<(Signed, alloy_rpc_types_eth::TransactionReceipt)>, RpcFailure> {
        for version in following.versions.iter().rev() {
            if let Some(receipt) =
                self.chain.rpc(self.chain.provider().get_transaction_receipt(version.txn_hash)).await?
            {
                return Ok(Some((version.clone(), receipt)));
            }
        }
        Ok(None)
    }

    /// Looks at one relay; `true` once it is done.
    async fn follow_one(&self, following: &mut Following, head: u64) -> bool {
        let chain = &self.chain;
        let store = chain.deposits.store();
        let Ok(mined) = self.mined(following).await else { return false };
        let Some((relay, receipt)) = mined else {
            following.unseen += 1;
            let latest = following.latest().clone();
            if following.unseen >= REBROADCAST_AFTER {
                following.unseen = 0;
                let known = chain.rpc(chain.provider().get_transaction_by_hash(latest.txn_hash)).await;
                if let (Ok(None), Some(raw)) = (known, &latest.raw) {
                    tracing::info!(intent_id = latest.intent_id, txn_hash = %latest.txn_hash, "relayer: the node does not know the relay; sending it again");
                    if let Err(e) = chain.rpc(chain.provider().send_raw_transaction(raw)).await {
                        tracing::warn!(intent_id = latest.intent_id, error = %e, "relayer: sending again failed");
                    }
                }
            }
            self.replace(following, head).await;
            return false;
        };
        if relay.kind != TxKind::Deposit {
            // Mined: judged by the executor's step (`super::origin`, `super::route`), from
            // its receipt.
            return true;
        }
        let block = receipt.block_number.unwrap_or(head);
        let mined_at = self.mined_at(block).await;
        if !receipt.status() {
            let reason = self.revert_of(&relay.intent_id, block).await;
            tracing::info!(intent_id = relay.intent_id, reason, "relayer: the deposit reverted");
            chain.metrics.relay(RelayOutcome::Reverted);
            let reverted = report(
                chain.chain_id(),
                TxKind::Deposit,
                TransactionStatus::Reverted,
                relay.txn_hash,
                Some(reason.clone()),
                mined_at,
            );
            self.fail(&relay.intent_id, &reason, &reverted).await;
            if let Err(e) = store.finish_signed(&relay.intent_id, TxKind::Deposit, "REVERTED").await {
                tracing::warn!(intent_id = relay.intent_id, error = %e, "relayer: cannot store the revert");
            }
            return true;
        }
        let confirmations = head.saturating_sub(block).saturating_add(1);
        // The confirmations the core judges a deposit with: the record's policy's.
        let Ok(record) = chain.deposits.record(&relay.intent_id).await else { return false };
        if confirmations < record.policy().deposit_confirmations.max(1) {
            if !following.mining {
                let mining = report(
                    chain.chain_id(),
                    TxKind::Deposit,
                    TransactionStatus::Mining,
                    relay.txn_hash,
                    None,
                    mined_at,
                );
                following.mining = chain.deposits.keep(&relay.intent_id, &mining).await.is_ok();
            }
            return false;
        }
        let succeeded =
            report(chain.chain_id(), TxKind::Deposit, TransactionStatus::Succeeded, relay.txn_hash, None, mined_at);
        if let Err(e) = chain.deposits.keep(&relay.intent_id, &succeeded).await {
            tracing::warn!(intent_id = relay.intent_id, error = %e, "relayer: cannot record the deposit; trying again");
            return false;
        }
        tracing::info!(intent_id = relay.intent_id, txn_hash = %relay.txn_hash, "relayer: deposit succeeded");
        chain.metrics.relay(RelayOutcome::Succeeded);
        // Its intent's next step is the executor's: at once, not at its next look.
        chain.wake.notify_one();
        if let Err(e) = store.finish_signed(&relay.intent_id, TxKind::Deposit, "SUCCEEDED").await {
            tracing::warn!(intent_id = relay.intent_id, error = %e, "relayer: cannot store the success");
        }
        true
    }
}
