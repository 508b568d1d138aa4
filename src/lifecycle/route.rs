//! A cross-chain intent's stages after its origin transaction burned (docs/spec.md §6.9),
//! in the sans-I/O style of `execution`: the burn kept from the origin receipt, the
//! attestation ([`EventInput::attestation`](crate::EventInput::attestation), or
//! [`EventInput::origin_gone`](crate::EventInput::origin_gone) when a reorganisation removed
//! the burn), the mint on the destination chain (the ROUTE transaction,
//! [`EventInput::route_receipt`](crate::EventInput::route_receipt)), the destination
//! precondition ([`EventInput::balance`](crate::EventInput::balance)) and the destination
//! meta-transaction ([`EventInput::destination_receipt`](crate::EventInput::destination_receipt)),
//! each asked for by [`IntentRecord::next_step`].
//!
//! What does not live here: the origin stages and the steps' declaration (`execution`), the
//! judgement of the receipts (`rules::origin`, `rules::destination`), the CCTP formats
//! ([`crate::cctp`]) and the stored form of what is kept here (`state`).

use alloc::format;
use alloc::string::String;

use alloy_primitives::{Bytes, B256, U256};

use super::execution::{Precondition, Step};
use super::receipt::{judged, keep};
use super::table::Event;
use super::{Applied, IntentRecord};
use crate::cctp::{BurnMessage, Message, SIGNATURE_LEN};
use crate::error::{Error, Problem};
use crate::rules::destination::{check_followed, judge_destination, mined_ok, DestinationOutcome};
use crate::{
    AttestationFact, BalanceFact, Intent, IntentTransaction, OriginEvidence, OriginGone, Timestamp, TransactionContext,
    TransactionStatus, TransactionType, UnknownMembers,
};

/// What a cross-chain record keeps of its route (docs/spec.md §6.9), each part stored in
/// its `RecordState` member.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Route {
    /// `routeMessage`: the burn message as the origin transaction emitted it.
    pub(crate) message: Option<Bytes>,
    /// `routeAttestation`: the attester's completed message and attestation.
    pub(crate) attestation: Option<AttestationFact>,
    /// `destinationPreconditionMet`: the balance that met the destination precondition.
    pub(crate) destination_met: Option<BalanceFact>,
    /// `routeChanges`: the changes the route's events made (docs/spec.md §6.9).
    pub(crate) changes: u64,
}

/// Whether `intent` is cross-chain.
pub(crate) fn is_cross_chain(intent: &Intent) -> bool {
    intent.destination_chain_id != intent.origin_chain_id
}

/// What a cross-chain intent lacks to be executed across chains, if anything: its
/// destination intent address, precondition and meta-transaction.
pub(crate) fn missing_destination(intent: &Intent) -> Option<&'static str> {
    if intent.destination_intent_address.is_none() {
        Some("destinationIntentAddress")
    } else if intent.destination_precondition.is_none() {
        Some("destinationPrecondition")
    } else if intent.destination_meta_txn.is_none() {
        Some("destinationMetaTxn")
    } else {
        None
    }
}

impl Precondition {
    /// The destination precondition of a cross-chain `intent` (docs/spec.md §6.9):
    /// `destinationPrecondition`'s token and `minAmount` at the destination intent address,
    /// on the destination chain; `None` when the intent has no destination intent address or
    /// precondition.
    pub(crate) fn destination(intent: &Intent) -> Option<Precondition> {
        let precondition = intent.destination_precondition.as_ref()?;
        Some(Precondition {
            chain_id: intent.destination_chain_id,
            token: precondition.token_address,
            wallet: intent.destination_intent_address?,
            at_least: precondition.min_amount,
        })
    }
}

/// What the record knows of a transaction it may send and follow: not sent (nothing
/// kept, or PENDING), followed (SENT or MINING with a hash), SUCCEEDED, or anything else.
enum Reported {
    NotSent,
    Followed(B256),
    Succeeded,
    Otherwise,
}

/// Why an attestation is not of the kept burn `sent`, if it is not.
pub(crate) fn attestation_mismatch(sent: &[u8], fact: &AttestationFact) -> Option<(&'static str, &'static str)> {
    let mismatch = |detail| Some(("message", detail));
    let Ok(completed) = Message::from_bytes(&fact.message) else {
        return mismatch("the message is shorter than a CCTP message");
    };
    let Ok(body) = BurnMessage::from_bytes(&completed.body) else {
        return mismatch("the message body is not a burn message body");
    };
    let Ok(sent) = Message::from_bytes(sent) else { return mismatch("the kept burn is not a CCTP message") };
    let expected =
        sent.complete(completed.nonce, completed.finality_threshold_executed, body.fee_executed, body.expiration_block);
    if expected.ok().as_ref() != Some(&completed) {
        return mismatch("the message is not the kept burn message completed");
    }
    if body.fee_executed > body.max_fee {
        return mismatch("the fee executed is above the burn's maxFee");
    }
    let len = fact.attestation.len();
    if len == 0 || !len.is_multiple_of(SIGNATURE_LEN) {
        return Some(("attestation", "the attestation is not a nonzero multiple of 65 bytes"));
    }
    None
}

impl IntentRecord {
    /// The burn message the origin transaction emitted, once a cross-chain record kept one
    /// (docs/spec.md §6.9).
    pub fn route_message(&self) -> Option<&Bytes> {
        self.route.message.as_ref()
    }

    /// The attestation of the kept burn, once one was kept.
    pub fn route_attestation(&self) -> Option<&AttestationFact> {
        self.route.attestation.as_ref()
    }

    /// The balance that met the destination precondition, once one did.
    pub fn destination_precondition_met(&self) -> Option<&BalanceFact> {
        self.route.destination_met.as_ref()
    }

    /// The step of an EXECUTING record that keeps a burn (docs/spec.md §6.9), or `None`
    /// when it waits for a report this machine does not ask for.
    pub(super) fn route_step(&self, message: &Bytes) -> Option<Step> {
        let intent = &self.intent;
        let destination = intent.destination_chain_id;
        let Some(attestation) = &self.route.attestation else {
            return Some(Step::FetchAttestation {
                origin_chain_id: intent.origin_chain_id,
                destination_chain_id: destination,
                source_domain: Message::from_bytes(message).map_or(0, |message| message.source_domain),
                origin_hash: self.origin_hash().unwrap_or_default(),
                message: message.clone(),
            });
        };
        match self.reported(&TransactionType::Route) {
            Reported::Followed(hash) => return Some(Step::FollowRoute { chain_id: destination, hash }),
            Reported::Succeeded => {}
            Reported::NotSent | Reported::Otherwise => {
                return Some(Step::SendRoute {
                    chain_id: destination,
                    message: attestation.message.clone(),
                    attestation: attestation.attestation.clone(),
                });
            }
        }
        if self.route.destination_met.is_none() {
            let precondition = Precondition::destination(intent)?;
            return Some(Step::ReadBalance {
                chain_id: precondition.chain_id,
                token: precondition.token,
                wallet: precondition.wallet,
                at_least: precondition.at_least,
            });
        }
        match self.reported(&TransactionType::Destination) {
            Reported::Followed(hash) => Some(Step::FollowDestination { chain_id: destination, hash }),
            Reported::NotSent => {
                let meta_txn = intent.destination_meta_txn.as_ref()?;
                Some(Step::SendDestination {
                    chain_id: destination,
                    to: meta_txn.contract,
                    input: meta_txn.input.clone(),
                })
            }
            Reported::Succeeded | Reported::Otherwise => None,
        }
    }

    /// What was reported of the transaction of `kind`.
    fn reported(&self, kind: &TransactionType) -> Reported {
        let Some(kept) = self.kept(kind) else { return Reported::NotSent };
        match (&kept.status, kept.txn_hash) {
            (TransactionStatus::Pending, _) => Reported::NotSent,
            (TransactionStatus::Sent | TransactionStatus::Mining, Some(hash)) => Reported::Followed(hash),
            (TransactionStatus::Succeeded, _) => Reported::Succeeded,
            _ => Reported::Otherwise,
        }
    }

    /// The hash of the kept ORIGIN transaction.
    fn origin_hash(&self) -> Option<B256> {
        self.kept(&TransactionType::Origin).and_then(|origin| origin.txn_hash)
    }

    /// The amount the kept burn burned.
    pub(super) fn burned_amount(&self) -> Option<U256> {
        let message = Message::from_bytes(self.route.message.as_ref()?).ok()?;
        BurnMessage::from_bytes(&message.body).ok().map(|body| body.amount)
    }

    /// The ROUTE transaction with `status`, `reason` and `hash` at `now`: from the origin
    /// intent address to the destination intent address, the destination precondition's
    /// token (the bridged USDC) and the burned amount, on the destination chain, context
    /// `CCTPV2_MESSAGE`.
    pub(super) fn route_transaction(
        &self,
        status: TransactionStatus,
        reason: Option<String>,
        hash: Option<B256>,
        now: Timestamp,
    ) -> IntentTransaction {
        let mut transaction = judged(&self.intent, &TransactionType::Route, status, reason, B256::ZERO, now);
        transaction.txn_hash = hash;
        self.fill_route(&mut transaction);
        transaction
    }

    /// The parts of a ROUTE transaction only the record knows: the burned amount.
    pub(super) fn fill_route(&self, transaction: &mut IntentTransaction) {
        if transaction.kind == TransactionType::Route {
            transaction.context = TransactionContext::Cctpv2Message;
            if let Some(amount) = self.burned_amount() {
                transaction.token_amount = amount;
            }
        }
    }

    /// The ROUTE transaction a receipt shows when none was reported: PENDING while the burn
    /// waits for its attestation or its mint, with a status reason saying so.
    pub(super) fn waiting_route(&self, updated_at: Timestamp) -> Option<IntentTransaction> {
        self.route.message.as_ref()?;
        let reason = match &self.route.attestation {
            None => format!("waiting for the CCTP attestation of {}", self.origin_hash().unwrap_or_default()),
            Some(_) => format!("waiting for the mint on chain {}", self.intent.destination_chain_id),
        };
        Some(self.route_transaction(TransactionStatus::Pending, Some(reason), None, updated_at))
    }

    /// Keeps the burn of a cross-chain origin receipt judged successful: the ORIGIN
    /// transaction SUCCEEDED, the status stays EXECUTING.
    pub(super) fn keep_burn(&mut self, message: &Message, origin: IntentTransaction, now: Timestamp) {
        keep(&mut self.transactions, origin);
        self.route.message = Some(message.to_bytes().into());
        self.count_route_change(now);
    }

    /// One change of the route's events: one revision, `routeChanges`, `lastEventAt`.
    fn count_route_change(&mut self, now: Timestamp) {
        self.route.changes += 1;
        self.revision += 1;
        self.last_event_at = now;
    }

    /// `FACT_NOT_ASKED` for `fact`, waiting for `detail`.
    fn not_asked(fact: &'static str, detail: &'static str) -> Error {
        Error::new(Problem::FactNotAsked { fact, detail })
    }

    /// The attestation ([`EventInput::attestation`](crate::EventInput::attestation)).
    pub(super) fn apply_attestation(&mut self, fact: &AttestationFact, now: Timestamp) -> Result<Applied, Error> {
        self.check_executing("attestation", now)?;
        let Some(sent) = &self.route.message else {
            return Err(Self::not_asked("an attestation", "no burn was kept"));
        };
        if let Some(kept) = &self.route.attestation {
            if (&kept.message, &kept.attestation) == (&fact.message, &fact.attestation) {
                return Ok(Applied::Replay);
            }
            return Err(Self::not_asked("an attestation", "an attestation was already kept"));
        }
        if let Some((member, detail)) = attestation_mismatch(sent, fact) {
            return Err(Error::new(Problem::AttestationMismatch { detail }).in_member(member));
        }
        let mut kept = fact.clone();
        kept.unknown = UnknownMembers::new();
        self.route.attestation = Some(kept);
        self.count_route_change(now);
        Ok(Applied::Changed)
    }

    /// The origin gone ([`EventInput::origin_gone`](crate::EventInput::origin_gone)).
    pub(super) fn apply_origin_gone(&mut self, fact: &OriginGone, now: Timestamp) -> Result<Applied, Error> {
        self.check_executing("originGone", now)?;
        if self.route.message.is_none() {
            return Err(Self::not_asked("an origin gone", "no burn was kept"));
        }
        if self.route.attestation.is_some() {
            return Err(Self::not_asked("an origin gone", "the burn was attested"));
        }
        let origin_chain_id = self.intent.origin_chain_id;
        if fact.chain_id != origin_chain_id {
            let problem = Problem::ReceiptWrongChain {
                transaction: "origin",
                chain_id: U256::from(fact.chain_id),
                expected: origin_chain_id,
            };
            return Err(Error::new(problem).in_member("chainId"));
        }
        let following = self.origin_hash().unwrap_or_default();
        if fact.hash != following {
            let problem = Problem::ReceiptHashMismatch { transaction: "origin", following, evidence: fact.hash };
            return Err(Error::new(problem).in_member("hash"));
        }
        let origin = judged(&self.intent, &TransactionType::Origin, TransactionStatus::Sent, None, following, now);
        keep(&mut self.transactions, origin);
        self.route.message = None;
        self.count_route_change(now);
        Ok(Applied::Changed)
    }

    /// The route receipt ([`EventInput::route_receipt`](crate::EventInput::route_receipt)).
    pub(super) fn apply_route_receipt(&mut self, evidence: &OriginEvidence, now: Timestamp) -> Result<Applied, Error> {
        self.check_executing("routeReceipt", now)?;
        if self.route.attestation.is_none() {
            return Err(Self::not_asked("a route receipt", "no attestation was kept"));
        }
        let Reported::Followed(hash) = self.reported(&TransactionType::Route) else {
            return Err(Self::not_asked(
                "a route receipt",
                "no ROUTE transaction was reported SENT or MINING with its hash",
            ));
        };
        let destination = self.intent.destination_chain_id;
        check_followed("route", hash, destination, evidence, self.policy.deposit_confirmations).map_err(at_members)?;
        let route = if mined_ok(evidence) {
            self.route_transaction(TransactionStatus::Succeeded, None, Some(hash), now)
        } else {
            let reason = format!("the mint transaction {hash} reverted: the mint is sent again");
            self.route_transaction(TransactionStatus::Pending, Some(reason), None, now)
        };
        keep(&mut self.transactions, route);
        self.count_route_change(now);
        Ok(Applied::Changed)
    }

    /// The balance that answers the destination precondition
    /// ([`EventInput::balance`](crate::EventInput::balance) once a burn is kept).
    pub(super) fn apply_destination_balance(&mut self, fact: &BalanceFact, now: Timestamp) -> Result<Applied, Error> {
        if let Some(kept) = &self.route.destination_met {
            if kept == fact {
                return Ok(Applied::Replay);
            }
            return Err(Self::not_asked("a balance", "a balance already met the destination precondition"));
        }
        if !matches!(self.reported(&TransactionType::Route), Reported::Succeeded) {
            return Err(Self::not_asked("a balance", "the ROUTE transaction has not SUCCEEDED"));
        }
        let Some(precondition) = Precondition::destination(&self.intent) else {
            return Err(Self::not_asked("a balance", "the intent has no destination precondition"));
        };
        precondition.check(fact)?;
        let mut kept = fact.clone();
        kept.unknown = UnknownMembers::new();
        self.route.destination_met = Some(kept);
        self.count_route_change(now);
        Ok(Applied::Changed)
    }

    /// The destination receipt
    /// ([`EventInput::destination_receipt`](crate::EventInput::destination_receipt)).
    pub(super) fn apply_destination_receipt(
        &mut self,
        evidence: &OriginEvidence,
        now: Timestamp,
    ) -> Result<Applied, Error> {
        self.check_executing("destinationReceipt", now)?;
        if self.route.destination_met.is_none() {
            return Err(Self::not_asked("a destination receipt", "no balance met the destination precondition"));
        }
        let Reported::Followed(hash) = self.reported(&TransactionType::Destination) else {
            let detail = "no DESTINATION transaction was reported SENT or MINING with its hash";
            return Err(Self::not_asked("a destination receipt", detail));
        };
        let destination = self.intent.destination_chain_id;
        check_followed("destination", hash, destination, evidence, self.policy.deposit_confirmations)
            .map_err(at_members)?;
        let judged_as = |status, reason| judged(&self.intent, &TransactionType::Destination, status, reason, hash, now);
        match judge_destination(&self.intent, evidence) {
            DestinationOutcome::Succeeded => {
                let next = self.next_stage(Event::Succeed, now)?;
                keep(&mut self.transactions, judged_as(TransactionStatus::Succeeded, None));
                self.enter(next, None, now);
            }
            DestinationOutcome::Failed(reason) => {
                let next = self.next_stage(Event::Fail, now)?;
                keep(&mut self.transactions, judged_as(TransactionStatus::Failed, Some(reason.clone())));
                self.enter(next, Some(reason), now);
            }
        }
        Ok(Applied::Changed)
    }
}

/// A judgement's problem at the members of the evidence it concerns.
pub(super) fn at_members((problem, members): (Problem, &'static [&'static str])) -> Error {
    members.iter().rev().fold(Error::new(problem), |error, member| error.in_member(member))
}
