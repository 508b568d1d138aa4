//! The executor's steps (docs/spec.md §12, The executor): on a chain with `wallet` in the
//! configuration, each tick the chain's task asks every EXECUTING intent of its chain what
//! it needs next (the core's [`IntentRecord::next_step`]) and does it: reads the deposit
//! token's balance at the intent address (answered with [`EventInput::balance`] once it
//! meets the precondition), sends the origin meta-transaction from the relayer's key
//! (signed, stored and kept SENT before it is sent, like a relay: [`Task::sign_store_send`]),
//! follows its receipt to the confirmations of the record's policy (answered with
//! [`EventInput::origin_receipt`]: the core judges it), or gives up with the core's reason
//! ([`EventInput::fail`]). Each change goes through the records' [`Deposits`] handle.
//!
//! A meta-transaction anyone can send: before one is signed, the intent address's logs
//! since the balance was read are looked at; a transaction that already ran the wallet
//! there is adopted (stored without bytes, kept SENT with its hash, followed), never sent
//! again. Replacements and rebroadcasts are the follower's ([`super::sender`]), as for a
//! relay: the receipt follows whichever version is mined.
//!
//! What does not live here: the judgement of the receipt (the core's), what the
//! meta-transaction holds (the quote's `originMetaTxn`).
//!
//! [`Deposits`]: crate::records::Deposits

use alloy_network::TransactionBuilder;
use alloy_primitives::{Address, Bytes, B256};
use alloy_provider::Provider;
use alloy_rpc_types_eth::{BlockId, Filter, TransactionRequest};
use intent_core::{BalanceFact, EventInput, IntentRecord, Step, Timestamp, TransactionStatus, UnknownMembers};

use std::sync::Arc;

use super::sender::{report, Attempt, Task};
use crate::chain::contracts::PermitToken;
use crate::chain::{origin_evidence, NodeError};
use crate::metrics::{ExecutionOutcome, Metrics};
use crate::records::Deposits;
use crate::store::{Signed, TxKind};

/// At most this many steps of one intent in one look: balance, send, follow.
const STEPS_PER_LOOK: usize = 3;

/// The task of a chain with `wallet` that this instance cannot execute on (no relayer key,
/// no node): every `every`, each EXECUTING intent of `chain_id` whose time bound passed
/// is FAILED with the core's reason (its funds stay at the intent address, recoverable by
/// the owner's key); until then its receipt says why it is not executed
/// ([`crate::records::Relaying`]). Several instances may run it: the compare-and-swap lets
/// one failure win.
pub(super) async fn give_up_on(chain_id: u64, deposits: Deposits, metrics: Arc<Metrics>, every: std::time::Duration) {
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let Ok(ids) = deposits.store().executing_on(chain_id).await else { continue };
        for intent_id in ids {
            let Ok(record) = deposits.record(&intent_id).await else { continue };
            if let Some(Step::Fail { reason }) = record.next_step(Timestamp::now()) {
                tracing::info!(intent_id, reason, "executor: not executed here; failed");
                if matches!(deposits.apply(&intent_id, EventInput::fail(&reason)).await, Ok(true)) {
                    metrics.execution(ExecutionOutcome::TimedOut);
                }
            }
        }
    }
}

impl Task {
    /// One look at every EXECUTING intent of the chain.
    pub(super) async fn drive_origins(&mut self) {
        let ids = match self.chain.deposits.store().executing_on(self.chain.chain_id()).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "executor: cannot read the executing intents");
                return;
            }
        };
        for intent_id in ids {
            // A step that moved the record on is followed by the next one at once (the
            // balance kept: send; sent: follow), not a tick later.
            for _ in 0..STEPS_PER_LOOK {
                // Boxed: the steps' futures are large, and a task's stack is not.
                if !Box::pin(self.drive(&intent_id)).await {
                    break;
                }
            }
        }
    }

    /// Does what `intent_id` needs next, if anything, when the step names this chain (the
    /// other chain's task takes the others); whether the record moved on, so that its next
    /// step may be taken at once.
    async fn drive(&mut self, intent_id: &str) -> bool {
        let record = match self.chain.deposits.record(intent_id).await {
            Ok(record) => record,
            Err(e) => {
                tracing::warn!(intent_id, error = %e, "executor: cannot load the record");
                return false;
            }
        };
        let Some(step) = record.next_step(Timestamp::now()) else {
            self.chain.stalls.moved(intent_id);
            return false;
        };
        let origin = record.intent().origin_chain_id;
        let here = match &step {
            Step::Fail { .. } => origin,
            Step::ReadBalance { chain_id, .. }
            | Step::SendOrigin { chain_id, .. }
            | Step::FollowOrigin { chain_id, .. }
            | Step::SendRoute { chain_id, .. }
            | Step::FollowRoute { chain_id, .. }
            | Step::SendDestination { chain_id, .. }
            | Step::FollowDestination { chain_id, .. } => *chain_id,
            Step::FetchAttestation { origin_chain_id, .. } => *origin_chain_id,
        };
        if here != self.chain.chain_id() {
            return false;
        }
        // The destination's transaction is the one a wait after the burn is shown on.
        let cross = origin != record.intent().destination_chain_id;
        let kind = |origin_kind: TxKind, destination_kind: TxKind| {
            if cross && here != origin {
                destination_kind
            } else {
                origin_kind
            }
        };
        if !matches!(step, Step::Fail { .. }) {
            if let Err(e) = self.chain.check_node().await {
                self.node_down(
                    intent_id,
                    &step,
                    cross && here != origin,
                    format!("waiting for chain {here}'s node: {e}"),
                )
                .await;
                return false;
            }
        }
        let moved = match step {
            Step::Fail { reason } => {
                self.give_up(intent_id, &reason).await;
                false
            }
            Step::ReadBalance { chain_id, token, wallet, at_least } => {
                let kind = kind(TxKind::Origin, TxKind::Destination);
                let Ok((amount, block_number)) = self.balance(token, wallet).await else { return false };
                if amount < at_least {
                    // Spent already? Someone may have run the wallet's meta-transaction.
                    let from = match kind {
                        TxKind::Destination => self.route_block(&record).await,
                        _ => self.deposit_block(&record).await,
                    };
                    if let Ok(Some(hash)) = self.ran_already(wallet, from).await {
                        return matches!(self.adopt(intent_id, kind, hash).await, Attempt::Done);
                    }
                    let reason = format!(
                        "waiting for the precondition: the intent address holds {amount} of {at_least} at block {block_number}"
                    );
                    if kind == TxKind::Destination {
                        self.stall(intent_id, kind, here, reason).await;
                    } else {
                        self.wait(intent_id, kind, reason).await;
                    }
                    return false;
                }
                let fact =
                    BalanceFact { amount, block_number, chain_id, token, wallet, unknown: UnknownMembers::new() };
                self.apply(intent_id, EventInput::balance(&fact)).await
            }
            Step::SendOrigin { to, input, .. } => {
                let wallet = record.intent().origin_intent_address;
                let from = record.precondition_met().map_or(0, |fact| fact.block_number);
                {
                    let attempt = Box::pin(self.send_meta(intent_id, TxKind::Origin, (wallet, from), to, input)).await;
                    self.sent(intent_id, attempt)
                }
            }
            Step::FollowOrigin { hash, .. } => {
                let confirmations = record.policy().deposit_confirmations.max(1);
                Box::pin(self.follow_receipt(intent_id, TxKind::Origin, hash, confirmations)).await;
                false
            }
            Step::FetchAttestation { origin_chain_id, destination_chain_id, source_domain, origin_hash, message } => {
                let chains = (origin_chain_id, destination_chain_id);
                Box::pin(self.fetch_attestation(intent_id, chains, source_domain, origin_hash, &message)).await
            }
            Step::SendRoute { message, attestation, .. } => {
                let attempt = Box::pin(self.send_route(intent_id, message, attestation)).await;
                self.sent(intent_id, attempt)
            }
            Step::FollowRoute { hash, .. } => {
                let confirmations = record.policy().deposit_confirmations.max(1);
                Box::pin(self.follow_receipt(intent_id, TxKind::Route, hash, confirmations)).await;
                false
            }
            Step::SendDestination { to, input, .. } => {
                let Some(wallet) = record.intent().destination_intent_address else { return false };
                let from = record.destination_precondition_met().map_or(0, |fact| fact.block_number);
                {
                    let attempt =
                        Box::pin(self.send_meta(intent_id, TxKind::Destination, (wallet, from), to, input)).await;
                    self.sent(intent_id, attempt)
                }
            }
            Step::FollowDestination { hash, .. } => {
                let confirmations = record.policy().deposit_confirmations.max(1);
                Box::pin(self.follow_receipt(intent_id, TxKind::Destination, hash, confirmations)).await;
                false
            }
        };
        if moved {
            self.chain.stalls.moved(intent_id);
        }
        moved
    }

    /// Whether a send moved the record on.
    fn sent(&self, intent_id: &str, attempt: Attempt) -> bool {
        if matches!(attempt, Attempt::Retry) {
            tracing::debug!(intent_id, "executor: the transaction is tried again");
            return false;
        }
        true
    }

    /// The node of this chain cannot be used for `step` of `intent_id`: after a burn (on the
    /// destination chain, `destination`, or for the attestation) the wait is shown on the
    /// ROUTE or DESTINATION transaction not sent yet, and kept for the health reports; a
    /// transaction being followed keeps its hash on the receipt.
    async fn node_down(&mut self, intent_id: &str, step: &Step, destination: bool, reason: String) {
        let here = self.chain.chain_id();
        let (kind, chain_id) = match step {
            Step::FetchAttestation { destination_chain_id, .. } => (Some(TxKind::Route), *destination_chain_id),
            Step::SendRoute { .. } => (Some(TxKind::Route), here),
            Step::ReadBalance { .. } if destination => (Some(TxKind::Destination), here),
            Step::SendDestination { .. } => (Some(TxKind::Destination), here),
            Step::FollowRoute { .. } | Step::FollowDestination { .. } => (None, here),
            _ => return,
        };
        match kind {
            Some(kind) => self.stall(intent_id, kind, chain_id, reason).await,
            None => self.chain.stalls.waiting(intent_id, &reason),
        }
    }

    /// A cross-chain intent waits after its burn: its transaction of `kind` (on chain
    /// `chain_id`) PENDING with `reason`, and the wait kept for the health reports.
    pub(super) async fn stall(&mut self, intent_id: &str, kind: TxKind, chain_id: u64, reason: String) {
        self.chain.stalls.waiting(intent_id, &reason);
        self.wait_on(intent_id, kind, chain_id, reason).await;
    }

    /// Applies `input` to `intent_id`'s record while it is EXECUTING.
    pub(super) async fn apply(&self, intent_id: &str, input: EventInput<'_>) -> bool {
        match self.chain.deposits.apply(intent_id, input).await {
            Ok(applied) => applied,
            Err(e) => {
                tracing::warn!(intent_id, error = %e, "executor: the record refused the fact");
                false
            }
        }
    }

    /// The core's time bound passed: the intent FAILED with `reason`, the deposit left at
    /// the intent address for its owner.
    async fn give_up(&self, intent_id: &str, reason: &str) {
        tracing::info!(intent_id, reason, "executor: failed");
        if self.apply(intent_id, EventInput::fail(reason)).await {
            self.chain.metrics.execution(ExecutionOutcome::TimedOut);
        }
    }

    /// The balance of `token` (the zero address: the native token) at `wallet`, and the
    /// block it was read at.
    async fn balance(&self, token: Address, wallet: Address) -> Result<(intent_core::U256, u64), ()> {
        let chain = &self.chain;
        let read = async {
            let block = chain.rpc(chain.provider().get_block_number()).await.map_err(|e| e.to_string())?;
            let at = BlockId::number(block);
            let amount = if token == Address::ZERO {
                chain.rpc(chain.provider().get_balance(wallet).block_id(at)).await.map_err(|e| e.to_string())?
            } else {
                let contract = PermitToken::new(token, chain.provider());
                let call = contract.balanceOf(wallet).block(at);
                match tokio::time::timeout(chain.node.timeout(), call.call()).await {
                    Ok(Ok(amount)) => amount,
                    Ok(Err(e)) => return Err(e.to_string()),
                    Err(_) => return Err("no answer within the node timeout".to_owned()),
                }
            };
            Ok::<_, String>((amount, block))
        };
        read.await.map_err(|e| tracing::warn!(error = %e, "executor: cannot read the balance"))
    }

    /// The block the record's deposit transaction was mined in, to read the intent
    /// address's logs from (0 when it cannot be had).
    async fn deposit_block(&self, record: &IntentRecord) -> u64 {
        let deposit = record.receipt(Timestamp::now()).deposit_transaction;
        let Some(hash) = deposit.txn_hash else { return 0 };
        match self.chain.rpc(self.chain.provider().get_transaction_receipt(hash)).await {
            Ok(Some(receipt)) => receipt.block_number.unwrap_or(0),
            _ => 0,
        }
    }

    /// A transaction that already ran the wallet at `wallet` since block `from`: the first
    /// log the wallet emitted there.
    async fn ran_already(&self, wallet: Address, from: u64) -> Result<Option<B256>, ()> {
        let filter = Filter::new().address(wallet).from_block(from);
        let logs = self.chain.rpc(self.chain.provider().get_logs(&filter)).await.map_err(|e| {
            tracing::warn!(error = %e, "executor: cannot read the intent address's logs");
        })?;
        Ok(logs.iter().find_map(|log| log.transaction_hash))
    }

    /// The latest pending version of `intent_id`'s transaction of `kind`, when one was
    /// stored before a stop that left the record without it (or by another instance): kept
    /// SENT now, not signed again. `None` when none is pending.
    pub(super) async fn keep_stored(&self, intent_id: &str, kind: TxKind) -> Option<Attempt> {
        let chain = &self.chain;
        let versions = match chain.deposits.store().pending_versions(intent_id, kind).await {
            Ok(versions) => versions,
            Err(_) => return Some(Attempt::Retry),
        };
        let latest = versions.last()?;
        let sent = report(chain.chain_id(), kind, TransactionStatus::Sent, latest.txn_hash, None, None);
        Some(match chain.deposits.keep(intent_id, &sent).await {
            Ok(_) => Attempt::Done,
            Err(_) => Attempt::Retry,
        })
    }

    /// Sends the meta-transaction of `kind` (origin, or destination) of `record` from
    /// `wallet`, whose precondition was read at block `from`, or adopts the one someone
    /// else sent.
    async fn send_meta(
        &mut self,
        intent_id: &str,
        kind: TxKind,
        (wallet, from): (Address, u64),
        to: Address,
        input: Bytes,
    ) -> Attempt {
        if let Some(attempt) = self.keep_stored(intent_id, kind).await {
            return attempt;
        }
        match self.ran_already(wallet, from).await {
            Ok(Some(hash)) => return self.adopt(intent_id, kind, hash).await,
            Ok(None) => {}
            Err(()) => return Attempt::Retry,
        }
        let chain = &self.chain;
        let request = TransactionRequest::default().with_from(chain.relayer).with_to(to).with_input(input);
        let gas = match chain.rpc(chain.provider().estimate_gas(request.clone())).await {
            Ok(gas) => gas,
            Err(failure) => {
                // Not the intent's failure: its time bound decides; meanwhile the receipt says why.
                let reason = format!(
                    "not sent yet, tried again: the {} transaction's gas estimate failed: {failure}",
                    kind.as_str().to_lowercase()
                );
                self.wait(intent_id, kind, reason).await;
                return Attempt::Retry;
            }
        };
        let function = if kind == TxKind::Origin { "originMetaTxn" } else { "destinationMetaTxn" };
        self.sign_store_send(intent_id, kind, request, gas, function).await
    }

    /// Adopts `hash`, a transaction someone else sent that ran the intent's wallet (or
    /// received its burn's message): stored as its transaction of `kind` without bytes,
    /// kept SENT, followed like the executor's own.
    pub(super) async fn adopt(&mut self, intent_id: &str, kind: TxKind, hash: B256) -> Attempt {
        let chain = &self.chain;
        let Ok(Some(transaction)) = chain.rpc(chain.provider().get_transaction_by_hash(hash)).await else {
            return Attempt::Retry;
        };
        let adopted = Signed {
            intent_id: intent_id.to_owned(),
            kind,
            chain_id: chain.chain_id(),
            sender: transaction.inner.signer(),
            nonce: alloy_rpc_types_eth::TransactionTrait::nonce(&transaction),
            attempt: 0,
            txn_hash: hash,
            raw: None,
            signed_at_block: None,
        };
        if chain.deposits.store().insert_signed(&adopted).await.is_err() {
            return Attempt::Retry;
        }
        tracing::info!(intent_id, kind = kind.as_str(), txn_hash = %hash, "executor: sent by someone else; adopted");
        chain.metrics.execution(ExecutionOutcome::Adopted);
        let sent = report(chain.chain_id(), kind, TransactionStatus::Sent, hash, None, None);
        match chain.deposits.keep(intent_id, &sent).await {
            Ok(_) => Attempt::Done,
            Err(_) => Attempt::Retry,
        }
    }

    /// Follows `intent_id`'s transaction of `kind` the record keeps as `hash` (or the
    /// version of it that was mined): MINING once included, then, at `confirmations` (the
    /// record's policy's, which the core judges the receipt against), its receipt for the
    /// core to judge ([`judged_by`]).
    pub(super) async fn follow_receipt(&mut self, intent_id: &str, kind: TxKind, hash: B256, confirmations: u64) {
        let chain = &self.chain;
        let mut hashes = vec![hash];
        if let Ok(versions) = chain.deposits.store().signed_versions(intent_id, kind).await {
            hashes.extend(versions.iter().rev().map(|version| version.txn_hash).filter(|h| *h != hash));
        }
        let mut mined = None;
        for candidate in hashes {
            match chain.rpc(chain.provider().get_transaction_receipt(candidate)).await {
                Ok(Some(receipt)) => {
                    mined = Some(receipt);
                    break;
                }
                Ok(None) => {}
                Err(_) => return,
            }
        }
        let Some(receipt) = mined else { return };
        let Ok(head) = chain.rpc(chain.provider().get_block_number()).await else { return };
        let block = receipt.block_number.unwrap_or(head);
        let mined_hash = receipt.transaction_hash;
        if head.saturating_sub(block).saturating_add(1) < confirmations || mined_hash != hash {
            let mined_at = self.mined_at(block).await;
            let mining = report(chain.chain_id(), kind, TransactionStatus::Mining, mined_hash, None, mined_at);
            if let Err(e) = chain.deposits.keep(intent_id, &mining).await {
                tracing::warn!(intent_id, error = %e, "executor: cannot record the mined transaction");
            }
            return;
        }
        let evidence = serde_json::to_value(&receipt)
            .map_err(|e| NodeError::Unavailable(e.to_string()))
            .and_then(|receipt| origin_evidence(chain.chain_id(), head, &receipt));
        let evidence = match evidence {
            Ok(evidence) => evidence,
            Err(e) => {
                tracing::warn!(intent_id, error = %e, "executor: the node's receipt is not a receipt");
                return;
            }
        };
        if !self.apply(intent_id, judged_by(kind, &evidence)).await {
            return;
        }
        let transaction = |receipt: &intent_core::IntentReceipt| match kind {
            TxKind::Route => receipt.route_transaction.as_ref().map(|route| route.status.clone()),
            TxKind::Destination => {
                receipt.destination_transaction.as_ref().map(|destination| destination.status.clone())
            }
            _ => Some(receipt.origin_transaction.status.clone()),
        };
        let status = match chain.deposits.record(intent_id).await.map(|record| record.receipt(Timestamp::now())) {
            Ok(receipt) => transaction(&receipt),
            Err(_) => None,
        };
        let outcome = match status {
            Some(TransactionStatus::Succeeded) => ExecutionOutcome::Succeeded,
            _ => ExecutionOutcome::Failed,
        };
        tracing::info!(intent_id, kind = kind.as_str(), txn_hash = %mined_hash, outcome = outcome.label(), "executor: transaction judged");
        if kind != TxKind::Route {
            chain.metrics.execution(outcome);
        }
        let store = chain.deposits.store();
        let stored = if outcome == ExecutionOutcome::Succeeded { "SUCCEEDED" } else { "FAILED" };
        let finished = if kind == TxKind::Route && outcome != ExecutionOutcome::Succeeded {
            // A reverted mint is asked for again: signed afresh, or the one that got ahead
            // of it adopted.
            store.forget_versions(intent_id, kind).await
        } else {
            store.finish_signed(intent_id, kind, stored).await
        };
        if let Err(e) = finished {
            tracing::warn!(intent_id, error = %e, "executor: cannot store the outcome");
        }
    }
}

/// The fact that answers a followed transaction of `kind` with its receipt.
fn judged_by(kind: TxKind, evidence: &intent_core::OriginEvidence) -> EventInput<'_> {
    match kind {
        TxKind::Route => EventInput::route_receipt(evidence),
        TxKind::Destination => EventInput::destination_receipt(evidence),
        _ => EventInput::origin_receipt(evidence),
    }
}
