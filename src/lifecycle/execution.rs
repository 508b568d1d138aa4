//! Execution after the deposit as a sans-I/O stage machine (docs/spec.md §6.7): an EXECUTING
//! record whose deposit stage SUCCEEDED says what it needs next ([`IntentRecord::next_step`]:
//! read the intent address's balance, send the origin meta-transaction, follow its receipt,
//! or give up after the policy's time bound) and takes the facts that answer it through
//! [`IntentRecord::apply`] ([`EventInput::balance`](crate::EventInput::balance),
//! [`EventInput::progress`](crate::EventInput::progress) for the sent transaction,
//! [`EventInput::origin_receipt`](crate::EventInput::origin_receipt)), with `now` passed in.
//! The host does the I/O: it reads, signs, stores, sends, and asks again.
//!
//! What does not live here: the facts' declarations ([`crate::BalanceFact`],
//! [`crate::OriginEvidence`]), the judgement of an origin receipt (`rules::origin`), the
//! transition table (`table`) and the receipt the kept transactions show (`receipt`).

use alloc::format;
use alloc::string::String;

use alloy_primitives::{Address, Bytes, B256, U256};

use super::receipt::{judged, keep, keep_proven_deposit};
use super::route::{at_members, is_cross_chain, missing_destination};
use super::table::{Event, Stage};
use super::{seconds, Applied, IntentRecord};
use crate::error::{Error, Problem};
use crate::rules::deposit::check_deposit_hash;
use crate::rules::origin::{judge_origin, OriginOutcome};
use crate::{BalanceFact, ChainFacts, Intent, OriginEvidence, Timestamp, TransactionStatus, TransactionType};

/// What an EXECUTING record needs next ([`IntentRecord::next_step`], docs/spec.md §6.7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Read the balance of `token` (the zero address: the native token) held by `wallet`
    /// on `chain_id`, and answer with [`EventInput::balance`](crate::EventInput::balance);
    /// the precondition is met at `at_least`. Before the origin transaction, the origin
    /// precondition; after a cross-chain intent's mint, the destination precondition
    /// (docs/spec.md §6.9).
    ReadBalance {
        /// The origin chain (the destination chain after the mint).
        chain_id: u64,
        /// The deposit token (the destination precondition's token after the mint).
        token: Address,
        /// The origin intent address (the destination intent address after the mint).
        wallet: Address,
        /// The deposit amount (the destination precondition's `minAmount` after the mint).
        at_least: U256,
    },
    /// Send the origin meta-transaction: a transaction to `to` with calldata `input` on
    /// `chain_id` (the intent's `originMetaTxn`). The host signs and stores it before it
    /// sends it, then reports it with
    /// [`EventInput::progress`](crate::EventInput::progress): the ORIGIN transaction SENT
    /// with its hash.
    SendOrigin {
        /// The origin chain.
        chain_id: u64,
        /// `originMetaTxn.contract`.
        to: Address,
        /// `originMetaTxn.input`.
        input: Bytes,
    },
    /// Follow the origin transaction `hash` on `chain_id` and answer with its receipt,
    /// [`EventInput::origin_receipt`](crate::EventInput::origin_receipt), once it has the
    /// policy's confirmations.
    FollowOrigin {
        /// The origin chain.
        chain_id: u64,
        /// The origin transaction the record follows.
        hash: B256,
    },
    /// A cross-chain intent's origin transaction burned (docs/spec.md §6.9): fetch the
    /// attestation of `message`, the burn as sent, from the attester (Iris V2:
    /// `GET /v2/messages/{source_domain}?transactionHash={origin_hash}`), and answer with
    /// [`EventInput::attestation`](crate::EventInput::attestation) once it is complete; or
    /// with [`EventInput::origin_gone`](crate::EventInput::origin_gone) when the origin
    /// chain no longer has the origin transaction (a reorganisation). Never failed on time:
    /// the funds are in flight.
    FetchAttestation {
        /// The origin chain.
        origin_chain_id: u64,
        /// The destination chain.
        destination_chain_id: u64,
        /// The burn message's source domain.
        source_domain: u32,
        /// The origin transaction that burned.
        origin_hash: B256,
        /// The burn message as the origin transaction emitted it.
        message: Bytes,
    },
    /// Send the mint: `messageTransmitter.receiveMessage(message, attestation)` on
    /// `chain_id` (the destination chain's transmitter, from the host's configuration).
    /// The host signs and stores it before it sends it, then reports the ROUTE transaction
    /// SENT with its hash ([`EventInput::progress`](crate::EventInput::progress)); when the
    /// message's nonce is already used (someone else minted it), the host finds that mint
    /// and reports ITS hash (adoption).
    SendRoute {
        /// The destination chain.
        chain_id: u64,
        /// The attested message.
        message: Bytes,
        /// The attestation.
        attestation: Bytes,
    },
    /// Follow the ROUTE transaction `hash` on `chain_id` and answer with its receipt,
    /// [`EventInput::route_receipt`](crate::EventInput::route_receipt), once it has the
    /// policy's confirmations.
    FollowRoute {
        /// The destination chain.
        chain_id: u64,
        /// The ROUTE transaction the record follows.
        hash: B256,
    },
    /// Send the destination meta-transaction: a transaction to `to` with calldata `input`
    /// on `chain_id` (the intent's `destinationMetaTxn`), then report the DESTINATION
    /// transaction SENT with its hash ([`EventInput::progress`](crate::EventInput::progress)).
    SendDestination {
        /// The destination chain.
        chain_id: u64,
        /// `destinationMetaTxn.contract`.
        to: Address,
        /// `destinationMetaTxn.input`.
        input: Bytes,
    },
    /// Follow the DESTINATION transaction `hash` on `chain_id` and answer with its
    /// receipt, [`EventInput::destination_receipt`](crate::EventInput::destination_receipt),
    /// once it has the policy's confirmations.
    FollowDestination {
        /// The destination chain.
        chain_id: u64,
        /// The DESTINATION transaction the record follows.
        hash: B256,
    },
    /// The policy's time bound passed with nothing sent, or with an origin transaction
    /// reported in a status the record cannot follow: answer with
    /// [`EventInput::fail`](crate::EventInput::fail) and this reason. A followed origin
    /// transaction is never failed on time alone. The deposit stays at
    /// the intent address, which the owner's key can always recover.
    Fail {
        /// The status reason.
        reason: String,
    },
}

/// What the origin precondition waits for: the deposit token's balance at the origin intent
/// address, on the origin chain, at least the deposit amount.
pub(crate) struct Precondition {
    pub(crate) chain_id: u64,
    pub(crate) token: Address,
    pub(crate) wallet: Address,
    pub(crate) at_least: U256,
}

impl Precondition {
    /// The precondition of `intent`.
    pub(crate) fn of(intent: &Intent) -> Precondition {
        let deposit = &intent.deposit_transaction;
        Precondition {
            chain_id: intent.origin_chain_id,
            token: deposit.token_address,
            wallet: intent.origin_intent_address,
            at_least: deposit.amount,
        }
    }

    /// `BALANCE_MISMATCH` at the first member of `fact` that names another chain, token or
    /// wallet, then `PRECONDITION_UNMET` at `amount` below `at_least`.
    pub(crate) fn check(&self, fact: &BalanceFact) -> Result<(), Error> {
        if let Some(field) = self.mismatch(fact) {
            return Err(Error::new(Problem::BalanceMismatch { field }).in_member(field));
        }
        if fact.amount < self.at_least {
            let problem = Problem::PreconditionUnmet { amount: fact.amount, at_least: self.at_least };
            return Err(Error::new(problem).in_member("amount"));
        }
        Ok(())
    }

    /// The first member of `fact` that names another chain, token or wallet.
    pub(crate) fn mismatch(&self, fact: &BalanceFact) -> Option<&'static str> {
        if fact.chain_id != self.chain_id {
            Some("chainId")
        } else if fact.token != self.token {
            Some("token")
        } else if fact.wallet != self.wallet {
            Some("wallet")
        } else {
            None
        }
    }
}

/// What the record knows of its origin transaction: nothing or PENDING (not sent), SENT or
/// MINING with a hash (followed), or anything else (sent or decided by someone, not
/// followable: never sent again).
enum OriginReported {
    NotSent,
    Followed(B256),
    Otherwise(TransactionStatus),
}

impl IntentRecord {
    /// What the record needs next, at `now` (docs/spec.md §6.7), or `None` when it needs
    /// nothing this machine asks for: it is not EXECUTING, or its deposit stage has not
    /// SUCCEEDED yet and its time bound has not passed. Calling it changes nothing.
    ///
    /// The deposit stage SUCCEEDED when the record keeps its deposit transaction SUCCEEDED:
    /// reported by the relayer that sent it ([`EventInput::progress`](crate::EventInput::progress)),
    /// or kept by an execute whose deposit evidence proved its hash. Then, in order:
    /// - the origin transaction reported SENT or MINING with a hash: [`Step::FollowOrigin`]
    ///   whatever the time (the host replaces it with a higher fee until it is mined, and its
    ///   receipt decides);
    /// - reported in any other status than PENDING, or without a hash: nothing (it is never
    ///   sent again), or [`Step::Fail`] once the time bound passed;
    /// - past the time bound (`statusSince + executionTimeoutSeconds`): [`Step::Fail`];
    /// - no balance kept that meets the precondition: [`Step::ReadBalance`];
    /// - else [`Step::SendOrigin`].
    pub fn next_step(&self, now: Timestamp) -> Option<Step> {
        if self.stage != Stage::Executing {
            return None;
        }
        if let Some(message) = &self.route.message {
            return self.route_step(message);
        }
        let origin_chain = self.intent.origin_chain_id;
        let past_bound = now >= self.execution_deadline();
        let bound = self.policy.execution_timeout_seconds;
        match self.origin_reported() {
            OriginReported::Followed(hash) => return Some(Step::FollowOrigin { chain_id: origin_chain, hash }),
            OriginReported::Otherwise(status) => {
                let reason =
                    format!("origin transaction reported {status} and not mined within {bound} s of the execute");
                return past_bound.then_some(Step::Fail { reason });
            }
            OriginReported::NotSent => {}
        }
        if past_bound {
            let waiting = if !self.deposit_succeeded() {
                "the deposit did not succeed"
            } else if self.precondition_met.is_none() {
                "the precondition was not met"
            } else {
                "the origin transaction was not sent"
            };
            return Some(Step::Fail { reason: format!("{waiting} within {bound} s of the execute") });
        }
        if !self.deposit_succeeded() {
            return None;
        }
        if self.precondition_met.is_none() {
            let precondition = Precondition::of(&self.intent);
            return Some(Step::ReadBalance {
                chain_id: precondition.chain_id,
                token: precondition.token,
                wallet: precondition.wallet,
                at_least: precondition.at_least,
            });
        }
        if let Some(member) = is_cross_chain(&self.intent).then(|| missing_destination(&self.intent)).flatten() {
            let reason = format!("the cross-chain intent has no {member}: the origin transaction was not sent");
            return Some(Step::Fail { reason });
        }
        let meta_txn = &self.intent.origin_meta_txn;
        Some(Step::SendOrigin { chain_id: origin_chain, to: meta_txn.contract, input: meta_txn.input.clone() })
    }

    /// The balance that met the origin precondition, once one did.
    pub fn precondition_met(&self) -> Option<&BalanceFact> {
        self.precondition_met.as_ref()
    }

    /// When [`IntentRecord::next_step`] gives up on an EXECUTING record:
    /// `statusSince + executionTimeoutSeconds`.
    pub fn execution_deadline(&self) -> Timestamp {
        self.status_since.saturating_add_seconds(seconds(self.policy.execution_timeout_seconds))
    }

    /// Whether the deposit stage SUCCEEDED: the kept deposit transaction is.
    fn deposit_succeeded(&self) -> bool {
        self.kept(&TransactionType::Deposit).is_some_and(|t| t.status == TransactionStatus::Succeeded)
    }

    /// What was reported of the origin transaction.
    fn origin_reported(&self) -> OriginReported {
        let Some(origin) = self.kept(&TransactionType::Origin) else { return OriginReported::NotSent };
        match (&origin.status, origin.txn_hash) {
            (TransactionStatus::Pending, _) => OriginReported::NotSent,
            (TransactionStatus::Sent | TransactionStatus::Mining, Some(hash)) => OriginReported::Followed(hash),
            (status, _) => OriginReported::Otherwise(status.clone()),
        }
    }

    /// The origin transaction the record follows: reported SENT or MINING with its hash.
    fn followed_origin(&self) -> Option<B256> {
        match self.origin_reported() {
            OriginReported::Followed(hash) => Some(hash),
            _ => None,
        }
    }

    /// `CLOCK_WENT_BACKWARDS`, then `INVALID_TRANSITION` (event `event`) unless EXECUTING.
    pub(super) fn check_executing(&self, event: &'static str, now: Timestamp) -> Result<(), Error> {
        self.check_clock(now)?;
        if self.stage != Stage::Executing {
            return Err(Error::new(Problem::InvalidTransition { from: Some(self.stage.status().clone()), event }));
        }
        Ok(())
    }

    /// The balance ([`EventInput::balance`](crate::EventInput::balance)).
    pub(super) fn apply_balance(&mut self, fact: &BalanceFact, now: Timestamp) -> Result<Applied, Error> {
        self.check_executing("balance", now)?;
        if self.route.message.is_some() {
            return self.apply_destination_balance(fact, now);
        }
        let not_asked = |detail| Err(Error::new(Problem::FactNotAsked { fact: "a balance", detail }));
        if let Some(kept) = &self.precondition_met {
            if kept == fact {
                return Ok(Applied::Replay);
            }
            return not_asked("a balance already met the precondition");
        }
        if !self.deposit_succeeded() {
            return not_asked("the deposit stage has not SUCCEEDED");
        }
        if !matches!(self.origin_reported(), OriginReported::NotSent) {
            return not_asked("the origin transaction was reported sent");
        }
        Precondition::of(&self.intent).check(fact)?;
        let mut kept = fact.clone();
        kept.unknown = crate::UnknownMembers::new();
        self.precondition_met = Some(kept);
        self.revision += 1;
        self.last_event_at = now;
        Ok(Applied::Changed)
    }

    /// The origin receipt ([`EventInput::origin_receipt`](crate::EventInput::origin_receipt)).
    pub(super) fn apply_origin_receipt(&mut self, evidence: &OriginEvidence, now: Timestamp) -> Result<Applied, Error> {
        self.check_executing("originReceipt", now)?;
        let Some(hash) = self.followed_origin() else {
            let detail = "no origin transaction was reported SENT or MINING with its hash";
            return Err(Error::new(Problem::FactNotAsked { fact: "an origin receipt", detail }));
        };
        let collector = self.gas_fee_options.as_ref().map(|options| options.fee_collector_address);
        let outcome = judge_origin(hash, &self.intent, collector, evidence, self.policy.deposit_confirmations)
            .map_err(at_members)?;
        let origin = |status, reason| judged(&self.intent, &TransactionType::Origin, status, reason, hash, now);
        match outcome {
            OriginOutcome::Burned(message) => {
                let succeeded = origin(TransactionStatus::Succeeded, None);
                self.keep_burn(&message, succeeded, now);
            }
            OriginOutcome::Succeeded => {
                let next = self.next_stage(Event::Succeed, now)?;
                keep(&mut self.transactions, origin(TransactionStatus::Succeeded, None));
                self.enter(next, None, now);
            }
            OriginOutcome::Failed { reason, refunded } => {
                let failed = self.next_stage(Event::Fail, now)?;
                keep(&mut self.transactions, origin(TransactionStatus::Failed, Some(reason.clone())));
                self.enter(failed, Some(reason.clone()), now);
                if refunded {
                    let refund =
                        judged(&self.intent, &TransactionType::Refund, TransactionStatus::Succeeded, None, hash, now);
                    keep(&mut self.transactions, refund);
                    if let Some(next) = Event::Refund.next(Some(self.stage)) {
                        self.enter(next, Some(reason), now);
                    }
                }
            }
        }
        Ok(Applied::Changed)
    }

    /// The replacement deposit ([`EventInput::retry`](crate::EventInput::retry)).
    pub(super) fn apply_retry(&mut self, hash: B256, facts: &ChainFacts<'_>, now: Timestamp) -> Result<Applied, Error> {
        let kept_deposit = self.kept(&TransactionType::Deposit).filter(|t| t.status == TransactionStatus::Succeeded);
        if kept_deposit.is_some_and(|t| t.txn_hash == Some(hash)) {
            return Ok(Applied::Replay);
        }
        let next = self.next_stage(Event::Retry, now)?;
        if kept_deposit.is_some() {
            return Err(Error::new(Problem::DepositAlreadySucceeded));
        }
        if let Some(detail) = self.past_deposit() {
            return Err(Error::new(Problem::RetryTooLate { detail }));
        }
        // Judged as an execute's deposit transaction hash, but never accepted unverified:
        // without evidence the deposit stage could not be said SUCCEEDED.
        let proven = ChainFacts { accept_unverified_deposit: false, ..*facts };
        check_deposit_hash(hash, &self.intent, &proven, self.policy.deposit_confirmations)?;
        self.retry_changes += if self.stage == Stage::Failed { 2 } else { 1 };
        keep_proven_deposit(self, hash, now);
        self.enter(next, None, now);
        Ok(Applied::Changed)
    }

    /// What shows that execution went past the deposit stage, if anything does: a balance
    /// kept, or an origin, destination or refund transaction reported in another status than
    /// PENDING.
    fn past_deposit(&self) -> Option<&'static str> {
        if self.precondition_met.is_some() {
            return Some("a balance met the precondition");
        }
        let later = |kind: &TransactionType| self.kept(kind).is_some_and(|t| t.status != TransactionStatus::Pending);
        if later(&TransactionType::Origin) {
            Some("the origin transaction was reported")
        } else if later(&TransactionType::Destination) {
            Some("the destination transaction was reported")
        } else if later(&TransactionType::Refund) {
            Some("a refund transaction was reported")
        } else {
            None
        }
    }
}
