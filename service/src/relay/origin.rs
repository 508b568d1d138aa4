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
                if !self.drive(&intent_id).await {
                    break;
                }
            }
        }
    }

    /// Does what `intent_id` needs next, if anything; whether the record moved on, so that
    /// its next step may be taken at once.
    async fn drive(&mut self, intent_id: &str) -> bool {
        let record = match self.chain.deposits.record(intent_id).await {
            Ok(record) => record,
            Err(e) => {
                tracing::warn!(intent_id, error = %e, "executor: cannot load the record");
                return false;
            }
        };
        let Some(step) = record.next_step(Timestamp::now()) else { return false };
        if !matches!(step, Step::Fail { .. }) && self.chain.check_node().await.is_err() {
            return false;
        }
        match step {
            Step::Fail { reason } => {
                self.give_up(intent_id, &reason).await;
                false
            }
            Step::ReadBalance { chain_id, token, wallet, at_least } => {
                let Ok((amount, block_number)) = self.balance(token, wallet).await else { return false };
                if amount < at_least {
                    // Spent already? Someone may have run the wallet's meta-transaction.
                    if let Ok(Some(hash)) = self.ran_already(wallet, self.deposit_block(&record).await).await {
                        return matches!(self.adopt(intent_id, hash).await, Attempt::Done);
                    }
                    let reason = format!(
                        "waiting for the precondition: the intent address holds {amount} of {at_least} at block {block_number}"
                    );
                    self.wait(intent_id, TxKind::Origin, reason).await;
                    return false;
                }
                let fact =
                    BalanceFact { amount, block_number, chain_id, token, wallet, unknown: UnknownMembers::new() };
                self.apply(intent_id, EventInput::balance(&fact)).await
            }
            Step::SendOrigin { to, input, .. } => {
                if matches!(self.send_origin(intent_id, &record, to, input).await, Attempt::Retry) {
                    tracing::debug!(intent_id, "executor: the origin transaction is tried again");
                    return false;
                }
                true
            }
            Step::FollowOrigin { hash, .. } => {
                self.follow_origin(intent_id, hash, record.policy().deposit_confirmations.max(1)).await;
                false
            }
            // A cross-chain intent's stages after its burn (docs/spec.md §6.9): not driven here.
            Step::FetchAttestation { .. }
            | Step::SendRoute { .. }
            | Step::FollowRoute { .. }
            | Step::SendDestination { .. }
            | Step::FollowDestination { .. } => false,
        }
    }

    /// Applies `input` to `intent_id`'s record while it is EXECUTING.
    async fn apply(&self, intent_id: &str, input: EventInput<'_>) -> bool {
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

    /// Sends the origin meta-transaction of `record`, or adopts the one someone else sent.
    async fn send_origin(&mut self, intent_id: &str, record: &IntentRecord, to: Address, input: Bytes) -> Attempt {
        let chain = &self.chain;
        let store = chain.deposits.store();
        // Stored before a stop that left the record without it: kept SENT now, not signed again.
        match store.signed_versions(intent_id, TxKind::Origin).await {
            Ok(versions) => {
                if let Some(latest) = versions.last() {
                    let sent =
                        report(chain.chain_id(), TxKind::Origin, TransactionStatus::Sent, latest.txn_hash, None, None);
                    return match chain.deposits.keep(intent_id, &sent).await {
                        Ok(_) => Attempt::Done,
                        Err(_) => Attempt::Retry,
                    };
                }
            }
            Err(_) => return Attempt::Retry,
        }
        let wallet = record.intent().origin_intent_address;
        let from = record.precondition_met().map_or(0, |fact| fact.block_number);
        match self.ran_already(wallet, from).await {
            Ok(Some(hash)) => return self.adopt(intent_id, hash).await,
            Ok(None) => {}
            Err(()) => return Attempt::Retry,
        }
        let chain = &self.chain;
        let request = TransactionRequest::default().with_from(chain.relayer).with_to(to).with_input(input);
        let gas = match chain.rpc(chain.provider().estimate_gas(request.clone())).await {
            Ok(gas) => gas,
            Err(failure) => {
                // Not the intent's failure: its time bound decides; meanwhile the receipt says why.
                let reason =
                    format!("not sent yet, tried again: the origin transaction's gas estimate failed: {failure}");
                self.wait(intent_id, TxKind::Origin, reason).await;
                return Attempt::Retry;
            }
        };
        self.sign_store_send(intent_id, TxKind::Origin, request, gas, "originMetaTxn").await
    }

    /// Adopts `hash`, a transaction someone else sent that ran the intent's wallet: stored
    /// without bytes, kept SENT, followed like the executor's own.
    async fn adopt(&mut self, intent_id: &str, hash: B256) -> Attempt {
        let chain = &self.chain;
        let Ok(Some(transaction)) = chain.rpc(chain.provider().get_transaction_by_hash(hash)).await else {
            return Attempt::Retry;
        };
        let adopted = Signed {
            intent_id: intent_id.to_owned(),
            kind: TxKind::Origin,
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
        tracing::info!(intent_id, txn_hash = %hash, "executor: the origin transaction was sent by someone else; adopted");
        chain.metrics.execution(ExecutionOutcome::Adopted);
        let sent = report(chain.chain_id(), TxKind::Origin, TransactionStatus::Sent, hash, None, None);
        match chain.deposits.keep(intent_id, &sent).await {
            Ok(_) => Attempt::Done,
            Err(_) => Attempt::Retry,
        }
    }

    /// Follows the origin transaction the record keeps as `hash` (or the version of it that
    /// was mined): MINING once included, then, at `confirmations` (the record's policy's,
    /// which the core judges the receipt against), its receipt for the core to judge.
    async fn follow_origin(&mut self, intent_id: &str, hash: B256, confirmations: u64) {
        let chain = &self.chain;
        let mut hashes = vec![hash];
        if let Ok(versions) = chain.deposits.store().signed_versions(intent_id, TxKind::Origin).await {
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
            let mining =
                report(chain.chain_id(), TxKind::Origin, TransactionStatus::Mining, mined_hash, None, mined_at);
            if let Err(e) = chain.deposits.keep(intent_id, &mining).await {
                tracing::warn!(intent_id, error = %e, "executor: cannot record the mined origin transaction");
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
        if !self.apply(intent_id, EventInput::origin_receipt(&evidence)).await {
            return;
        }
        let outcome = match chain.deposits.record(intent_id).await.map(|record| record.receipt(Timestamp::now())) {
            Ok(receipt) if receipt.origin_transaction.status == TransactionStatus::Succeeded => {
                ExecutionOutcome::Succeeded
            }
            _ => ExecutionOutcome::Failed,
        };
        tracing::info!(intent_id, txn_hash = %mined_hash, outcome = outcome.label(), "executor: origin transaction judged");
        chain.metrics.execution(outcome);
        let status = if outcome == ExecutionOutcome::Succeeded { "SUCCEEDED" } else { "FAILED" };
        if let Err(e) = chain.deposits.store().finish_signed(intent_id, TxKind::Origin, status).await {
            tracing::warn!(intent_id, error = %e, "executor: cannot store the outcome");
        }
    }
}
