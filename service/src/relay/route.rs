//! The executor's cross-chain steps (docs/spec.md §12, The executor; the stages are the
//! core's, §6.9): after the origin transaction burned the intent's USDC, the attestation
//! poller asks the attester (`attestation.url`, [`Attestations`]) for the burn's message, on
//! the origin chain's task, which also sees a burn a reorganisation removed; the mint
//! (`receiveMessage` on the destination chain's configured `messageTransmitter`, the ROUTE
//! transaction) is signed, stored and sent like every transaction of the relayer, or
//! adopted when the message's nonce is already used there: the transaction that received it
//! is found by its `MessageReceived` log and followed instead. The destination
//! precondition, meta-transaction and receipt are the same code as the origin's
//! ([`super::origin`]), on the destination chain's task.
//!
//! A wait after the burn (the attestation pending, the attester or a node unavailable) is
//! shown on the ROUTE or DESTINATION transaction, PENDING with what it waits for, and kept
//! in the [`Stalls`] the health reports read: it never fails the intent, whose funds are in
//! flight.
//!
//! What does not live here: the judgement of the burn, the attestation and the receipts
//! (the core's), the Iris client ([`crate::attest`]).
//!
//! [`Stalls`]: crate::records::Stalls

use alloy_network::TransactionBuilder;
use alloy_primitives::{Bytes, B256, U256};
use alloy_provider::Provider;
use alloy_rpc_types_eth::{Filter, TransactionRequest};
use alloy_sol_types::SolEvent;
use intent_contracts::ICctpMessageTransmitter;
use intent_core::cctp::{BurnMessage, Message};
use intent_core::{AttestationFact, EventInput, IntentRecord, OriginGone, Timestamp, UnknownMembers};

use super::sender::{Attempt, Task};
use crate::attest::{Attestations, Attested};
use crate::store::TxKind;

/// What the attester answers for a kept burn message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Poll {
    /// Complete: the message as the attester completed it, and its attestation.
    Ready { message: Bytes, attestation: Bytes },
    /// Not yet, and why (what the ROUTE transaction's status reason says).
    Waiting(String),
}

/// The entry of `answers` that completes `kept` (the burn message as sent): the same
/// message with the attester's nonce, finality executed, fee executed and expiration block.
pub(super) fn completion_of(kept: &Message, answers: &[Attested]) -> Option<(Bytes, Bytes)> {
    answers.iter().find_map(|answer| {
        let Attested::Complete { message, attestation } = answer else { return None };
        let body = BurnMessage::from_bytes(&message.body).ok()?;
        let completed = kept
            .complete(message.nonce, message.finality_threshold_executed, body.fee_executed, body.expiration_block)
            .ok()?;
        (completed == **message).then(|| (Bytes::from(message.to_bytes()), attestation.clone()))
    })
}

impl Task {
    /// Asks the attester for the message `message` (kept from the burn) that `origin_hash`
    /// sent from `source_domain`.
    pub(super) async fn poll_attestation(&self, source_domain: u32, origin_hash: B256, message: &Bytes) -> Poll {
        let Some(attester) = &self.chain.attester else {
            return Poll::Waiting("waiting for the CCTP attestation: the service has no `attestation` url".into());
        };
        let kept = match Message::from_bytes(message) {
            Ok(kept) => kept,
            Err(e) => return Poll::Waiting(format!("waiting: the kept burn message does not read: {e}")),
        };
        match attester.fetch(source_domain, origin_hash).await {
            Ok(answers) => match completion_of(&kept, &answers) {
                Some((message, attestation)) => Poll::Ready { message, attestation },
                None => Poll::Waiting(format!(
                    "waiting for the CCTP attestation of {origin_hash}: {}",
                    if answers.is_empty() { "the attester has not seen the burn" } else { "pending confirmations" }
                )),
            },
            Err(e) => Poll::Waiting(format!("waiting for the CCTP attestation of {origin_hash}: {e}")),
        }
    }

    /// The transaction that received the message of nonce `nonce` on this chain's
    /// transmitter, when its nonce is used: `Ok(None)` while it is not.
    pub(super) async fn mint_of(&self, nonce: B256) -> Result<Option<B256>, ()> {
        let chain = &self.chain;
        let Some(transmitter) = chain.transmitter else { return Err(()) };
        let contract = ICctpMessageTransmitter::new(transmitter, chain.provider());
        let used = match tokio::time::timeout(chain.node.timeout(), contract.usedNonces(nonce).call()).await {
            Ok(Ok(used)) => used,
            _ => return Err(()),
        };
        if used == U256::ZERO {
            return Ok(None);
        }
        let filter = Filter::new()
            .address(transmitter)
            .event_signature(ICctpMessageTransmitter::MessageReceived::SIGNATURE_HASH)
            .topic2(nonce)
            .from_block(0);
        let logs = chain.rpc(chain.provider().get_logs(&filter)).await.map_err(|e| {
            tracing::warn!(error = %e, "executor: cannot read the transmitter's MessageReceived logs");
        })?;
        Ok(logs.iter().find_map(|log| log.transaction_hash))
    }

    /// Sends the mint of `message` with `attestation` (`receiveMessage` on this chain's
    /// transmitter), or adopts the one someone else sent: the stored version first (a stop
    /// between storing and recording), then a used nonce, then signed, stored and sent.
    pub(super) async fn send_route(&mut self, intent_id: &str, message: Bytes, attestation: Bytes) -> Attempt {
        if let Some(attempt) = self.keep_stored(intent_id, TxKind::Route).await {
            return attempt;
        }
        let Ok(read) = Message::from_bytes(&message) else { return Attempt::Retry };
        match self.mint_of(read.nonce).await {
            Ok(Some(hash)) => return self.adopt(intent_id, TxKind::Route, hash).await,
            Ok(None) => {}
            Err(()) => return Attempt::Retry,
        }
        let Some(transmitter) = self.chain.transmitter else { return Attempt::Retry };
        let input = ICctpMessageTransmitter::receiveMessageCall { message, attestation };
        let request = TransactionRequest::default()
            .with_from(self.chain.relayer)
            .with_to(transmitter)
            .with_input(alloy_sol_types::SolCall::abi_encode(&input));
        let gas = match self.chain.rpc(self.chain.provider().estimate_gas(request.clone())).await {
            Ok(gas) => gas,
            Err(failure) => {
                let reason = format!("not sent yet, tried again: the mint's gas estimate failed: {failure}");
                self.wait(intent_id, TxKind::Route, reason).await;
                return Attempt::Retry;
            }
        };
        self.sign_store_send(intent_id, TxKind::Route, request, gas, "receiveMessage").await
    }

    /// The attestation step of `intent_id`, on its origin chain: the origin transaction
    /// `origin_hash` gone from the chain (a reorganisation) is answered with
    /// [`EventInput::origin_gone`] and its stored signed version sent again; else the
    /// attester is asked, and its attestation answered with [`EventInput::attestation`], or
    /// the wait shown on the ROUTE transaction. Whether the record moved on.
    pub(super) async fn fetch_attestation(
        &mut self,
        intent_id: &str,
        (origin_chain_id, destination_chain_id): (u64, u64),
        source_domain: u32,
        origin_hash: B256,
        message: &Bytes,
    ) -> bool {
        let chain = &self.chain;
        let receipt = chain.rpc(chain.provider().get_transaction_receipt(origin_hash)).await;
        let head = chain.rpc(chain.provider().get_block_number()).await;
        let (receipt, head) = match (receipt, head) {
            (Ok(receipt), Ok(head)) => (receipt, head),
            (Err(e), _) | (_, Err(e)) => {
                let reason = format!("waiting for chain {origin_chain_id}'s node: {e}");
                self.stall(intent_id, TxKind::Route, destination_chain_id, reason).await;
                return false;
            }
        };
        if receipt.is_none() {
            return self.origin_gone(intent_id, origin_chain_id, origin_hash, head).await;
        }
        match self.poll_attestation(source_domain, origin_hash, message).await {
            Poll::Ready { message, attestation } => {
                let fact = AttestationFact { message, attestation, unknown: UnknownMembers::new() };
                tracing::info!(intent_id, origin_hash = %origin_hash, "executor: the burn is attested");
                self.apply(intent_id, EventInput::attestation(&fact)).await
            }
            Poll::Waiting(reason) => {
                self.stall(intent_id, TxKind::Route, destination_chain_id, reason).await;
                false
            }
        }
    }

    /// The origin transaction `hash` of `intent_id` is no longer on chain `chain_id` at
    /// block `head`: the core takes the burn back (the origin transaction followed again),
    /// and the stored signed version mined as `hash` is pending again and sent again now.
    async fn origin_gone(&mut self, intent_id: &str, chain_id: u64, hash: B256, head: u64) -> bool {
        let gone = OriginGone { chain_id, hash, head_block_number: head, unknown: UnknownMembers::new() };
        tracing::info!(intent_id, txn_hash = %hash, head, "executor: the origin transaction left the chain; followed again");
        if !self.apply(intent_id, EventInput::origin_gone(&gone)).await {
            return false;
        }
        let store = self.chain.deposits.store();
        if let Err(e) = store.reopen_signed(intent_id, TxKind::Origin).await {
            tracing::warn!(intent_id, error = %e, "executor: cannot reopen the origin transaction");
        }
        let Ok(versions) = store.signed_versions(intent_id, TxKind::Origin).await else { return true };
        let mined = versions.iter().find(|version| version.txn_hash == hash).or(versions.last());
        if let Some(raw) = mined.and_then(|version| version.raw.clone()) {
            if let Err(e) = self.chain.rpc(self.chain.provider().send_raw_transaction(&raw)).await {
                tracing::warn!(intent_id, error = %e, "executor: sending the origin transaction again failed");
            }
        }
        self.follow_again(versions);
        true
    }

    /// The block the record's ROUTE transaction (the mint) was mined in, to read the
    /// destination intent address's logs from (0 when it cannot be had).
    pub(super) async fn route_block(&self, record: &IntentRecord) -> u64 {
        let route = record.receipt(Timestamp::now()).route_transaction;
        let Some(hash) = route.and_then(|route| route.txn_hash) else { return 0 };
        match self.chain.rpc(self.chain.provider().get_transaction_receipt(hash)).await {
            Ok(Some(receipt)) => receipt.block_number.unwrap_or(0),
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn burn() -> Message {
        let body = BurnMessage { version: 1, amount: U256::from(1000), max_fee: U256::from(10), ..Default::default() };
        Message { version: 1, destination_domain: 6, body: body.to_bytes().into(), ..Message::default() }
    }

    #[test]
    fn the_completion_of_the_kept_burn_is_found_among_the_transactions_messages() {
        let kept = burn();
        let completed = kept.complete(B256::repeat_byte(7), 2000, U256::from(3), U256::ZERO).unwrap();
        let attestation = Bytes::from(vec![1u8; 65]);
        let other = Message { destination_domain: 9, ..completed.clone() };
        let answers = vec![
            Attested::Pending,
            Attested::Complete { message: Box::new(other), attestation: Bytes::from(vec![2u8; 65]) },
            Attested::Complete { message: Box::new(completed.clone()), attestation: attestation.clone() },
        ];
        assert_eq!(completion_of(&kept, &answers), Some((Bytes::from(completed.to_bytes()), attestation)));
        assert_eq!(completion_of(&kept, &answers[..2]), None);
    }
}
