//! The service's domain: [`Records`], the one entry point of every operation (docs/spec.md
//! §12). A handler extracts its request and makes one call here: quote, commit, execute,
//! read or wait for a receipt, report an outcome, look an intent up, search, page through
//! the history, abort, and the service's status; the sweep expires records here too. Each
//! change applies one event of the core (`IntentRecord::apply`) to the record and stores
//! it with a compare-and-swap ([`book`]); a change that makes a gasless intent EXECUTING
//! hands it to its chain's relayer itself, and a receipt says why a gasless deposit is not
//! relayed as it is built ([`relaying`]).
//!
//! A record belongs to the project whose key quoted it: another project's key is answered
//! exactly as for an unknown intent.
//!
//! What lives where: this module, the operations and the event each applies; [`book`], the
//! loads and the compare-and-swap loop; [`waiters`], WaitIntentReceipt and the signals that
//! wake it; [`rows`], the projection of a record into the store's rows and back, and the
//! rows an older schema stored; [`search`], SearchIntents and GetIntentHistory;
//! [`relaying`], what the records and the relayer give each other; [`cache`], the records
//! kept parsed. Every rule, hash, digest and transition is the core's; what the core takes
//! as arguments (the time, the policy, the chain facts: [`crate::chain`]) is supplied here.
//! The SQL is the store's ([`crate::store`]); HTTP is [`crate::http`]'s.

mod book;
mod cache;
mod relaying;
mod rows;
mod search;
mod waiters;

use std::sync::Arc;

use alloy_primitives::B256;
use intent_core::{
    AbortIntentRequest, AbortIntentResponse, Applied, CommitRequest, CommitResponse, EventInput, ExecuteRequest,
    ExecuteResponse, GetIntentReceiptResponse, GetIntentResponse, Intent, IntentReceipt, IntentRecord, IntentStatus,
    Policy, QuoteRequest, QuoteResponse, RuntimeStatus, RuntimeStatusResponse, ServiceStatus, Timestamp,
    TransactionReport, TransactionStatus, TransactionType, UnknownMembers,
};
use tokio::sync::watch;

pub use book::Book;
use book::{Changed, Step};
pub use relaying::{Deposits, Execution, Funds, Reach, Relaying, Stalls};
pub use rows::finish_older_rows;
use rows::{deposit_proofs, stored_request};

use crate::chain::ChainView;
use crate::failure::{self, Failure};
use crate::keys::Caller;
use crate::outcome::{Outcome, ReportIntentOutcomeRequest};
use crate::quoter::Quoter;
use crate::store::Store;

/// The status reason an AbortIntent leaves.
pub const ABORT_REASON: &str = "aborted by its owner";

/// The records of one service instance: their book, the quoter, the policy, the chain
/// facts, and what the relayer reaches on each chain.
pub struct Records {
    book: Arc<Book>,
    quoter: Box<dyn Quoter>,
    policy: Policy,
    chain: Arc<ChainView>,
    relaying: Relaying,
}

/// The abort transaction `request` names, as a report about `intent`'s transaction on
/// that chain with `status` (SENT where no node confirms it, SUCCEEDED where one did).
fn abort_transaction(
    intent: &Intent,
    request: &AbortIntentRequest,
    status: TransactionStatus,
) -> Result<TransactionReport, Failure> {
    let kind = if request.chain_id == intent.origin_chain_id {
        TransactionType::Origin
    } else if request.chain_id == intent.destination_chain_id {
        TransactionType::Destination
    } else {
        return Err(intent_core::Error::new(intent_core::Problem::IntentInconsistent {
            detail: "neither the intent's origin nor its destination chain",
        })
        .in_member("chainId")
        .into());
    };
    Ok(TransactionReport {
        chain_id: request.chain_id,
        status,
        status_reason: None,
        txn_hash: Some(request.abort_transaction_hash),
        txn_mined_at: None,
        kind,
        unknown: UnknownMembers::new(),
    })
}

/// The records counted for the metrics, read from the store.
pub struct RecordCounts {
    /// How many records have each status (every one of `IntentStatus::NAMES`).
    pub by_status: Vec<(&'static str, u64)>,
    /// Seconds since the earliest deadline of a COMMITTED record (0 when none is past).
    pub sweep_lag: u64,
    /// Cross-chain intents this instance sees waiting past `attestation.waitBoundSeconds`.
    pub waiting_past_bound: u64,
}

impl Records {
    /// The records of `book`, quoted by `quoter` under `policy`, executed with `chain`'s
    /// facts, each chain's gasless executions handed to `relaying`'s queue.
    pub fn new(
        book: Arc<Book>,
        quoter: Box<dyn Quoter>,
        policy: Policy,
        chain: Arc<ChainView>,
        relaying: Relaying,
    ) -> Arc<Records> {
        Arc::new(Records { book, quoter, policy, chain, relaying })
    }

    /// The book of the records.
    fn book(&self) -> &Book {
        &self.book
    }

    /// Answers every waiter now with its current receipt, and every later one at once.
    pub fn shut_down(&self) {
        self.book.waiters().shut_down();
    }

    /// A receiver that sees every change this instance makes (for the sweep).
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.book.waiters().subscribe()
    }

    /// The chain facts: the chains' nodes and the configured facts.
    pub fn chain(&self) -> &ChainView {
        &self.chain
    }

    /// What the relayer reaches on each chain.
    pub fn relaying(&self) -> &Relaying {
        &self.relaying
    }

    /// The store (the sweep's queries; the tests read it directly).
    pub fn store(&self) -> &Store {
        self.book.store()
    }

    /// Counts a failed store operation and answers it as the service's own fault.
    pub fn store_failure(&self, error: &crate::store::StoreError) -> Failure {
        self.book.store_failure(error)
    }

    /// `record`'s receipt at `now`, saying why its gasless deposit is not relayed when it
    /// is not.
    fn receipt_of(&self, record: &IntentRecord, now: Timestamp) -> IntentReceipt {
        self.explained(record.receipt(now))
    }

    /// `receipt`, saying why its gasless deposit is not relayed when it is not.
    fn explained(&self, mut receipt: IntentReceipt) -> IntentReceipt {
        self.relaying.explain(&mut receipt);
        receipt
    }

    /// The answer of a change ([`Book::change`]), after handing the gasless execution it
    /// queued, if any, to its chain's relayer: every operation's change passes here.
    fn hand_on<T>(&self, changed: Changed<T>) -> T {
        if let Some(execution) = changed.execution {
            self.relaying.hand(execution);
        }
        if let Some(chain_id) = changed.executing_on {
            self.relaying.wake(chain_id);
        }
        changed.answer
    }

    /// QuoteIntent: the core checks the request, the quoter prices it, the service sets the
    /// intent's times from `now` and the policy, and the core checks and records it.
    ///
    /// # Errors
    ///
    /// The quoter's refusal, the core's rules, or a database failure.
    pub async fn quote(
        &self,
        request: &QuoteRequest,
        project_id: u64,
        now: Timestamp,
    ) -> Result<QuoteResponse, Failure> {
        // The core's QuoteRequest rules first, so a bad request is the core's answer, not
        // the quoter's; the whole intent is checked again by `IntentRecord::quote`.
        intent_core::rules::check_quote_request(request)?;
        let mut salt = B256::ZERO;
        getrandom::fill(salt.as_mut_slice()).map_err(|e| failure::internal(&e))?;
        let ttl = i64::try_from(self.policy.quote_ttl_seconds).unwrap_or(i64::MAX);
        let expires_at = now.saturating_add_seconds(ttl);
        let response = self.quoter.quote(request, project_id, salt, now, expires_at).await?;
        let policy = self.chain.policy(&self.policy, response.intent.origin_chain_id);
        let record =
            IntentRecord::quote(response.intent.clone(), Some(response.gas_fee_options.clone()), &policy, now)?;
        let project = i64::try_from(project_id).map_err(|e| failure::internal(&e))?;
        self.book.insert(record, project).await?;
        Ok(response)
    }

    /// CommitIntent: the core's commit on the record of the intent sent back; a replay
    /// of a commit succeeds again and changes nothing.
    ///
    /// # Errors
    ///
    /// 404 for an unknown intent, the core's rules, 409, or a database failure.
    pub async fn commit(
        &self,
        request: &CommitRequest,
        caller: Caller,
        now: Timestamp,
        clock: impl Fn() -> Timestamp,
    ) -> Result<CommitResponse, Failure> {
        let intent_id = request.intent.intent_id.clone();
        let changed = self
            .book
            .change(&intent_id, caller, now, clock, None, |mut record, now| {
                let applied =
                    record.apply(EventInput::commit_with(&request.intent, request.service_contracts.as_ref()), now)?;
                let response = CommitResponse { intent_id: intent_id.clone(), unknown: Default::default() };
                Ok(match applied {
                    Applied::Replay => Step::Answer(response),
                    Applied::Changed => Step::Store(Box::new(record), Vec::new(), response),
                })
            })
            .await?;
        Ok(self.hand_on(changed))
    }

    /// ExecuteIntent: the core's execute with the chain facts of the intent's origin chain;
    /// the deposit proof is claimed with the change; a replay succeeds again and changes
    /// nothing. The record is loaded once: its status decides whether the facts are read
    /// from the chain's node (only a COMMITTED record can be changed by an execute; for any
    /// other the core answers a replay or INVALID_TRANSITION without looking at them), and
    /// the change starts from it (reading again only after a lost race). No node read
    /// happens inside a database transaction. A gasless intent that becomes EXECUTING is
    /// handed to its chain's relayer after its change ([`Records::hand_on`]).
    ///
    /// # Errors
    ///
    /// 404 for an unknown intent, CHAIN_NODE_UNAVAILABLE (503) or DEPOSIT_NOT_MINED (422)
    /// with the record unchanged, OPTION_NOT_SERVED for permit-only mode on a chain the
    /// service executes ([`Records::refuse_permit_only`]), the core's rules, 409 for a proof
    /// already used or a race lost too often, or a database failure.
    pub async fn execute(
        &self,
        request: &ExecuteRequest,
        caller: Caller,
        now: Timestamp,
        clock: impl Fn() -> Timestamp,
    ) -> Result<ExecuteResponse, Failure> {
        let request = &stored_request(request);
        let loaded = self.book.load(&request.intent_id, caller).await?;
        self.refuse_permit_only(loaded.record.intent(), request)?;
        let facts = if *loaded.record.status() == IntentStatus::Committed {
            self.chain.read_facts(loaded.record.intent(), request).await?
        } else {
            self.chain.facts(loaded.record.intent())
        };
        let changed = self
            .book
            .change(&request.intent_id, caller, now, clock, Some(loaded), |mut record, now| {
                let applied = record.apply(EventInput::execute_with(request, facts.as_chain_facts()), now)?;
                let response = ExecuteResponse {
                    intent_id: request.intent_id.clone(),
                    intent_status: record.status().clone(),
                    unknown: Default::default(),
                };
                Ok(match applied {
                    Applied::Replay => Step::Answer(response),
                    Applied::Changed => {
                        let proofs = deposit_proofs(&record, request);
                        Step::Store(Box::new(record), proofs, response)
                    }
                })
            })
            .await?;
        Ok(self.hand_on(changed))
    }

    /// OPTION_NOT_SERVED at `depositSignature.permitSignature` for a permit-only request
    /// (docs/spec.md §5.2) on an origin chain whose intents the service executes (`wallet`):
    /// the permit names the origin intent address as spender, and nothing there can use
    /// it (the intent address's calls are fixed at the quote and do not pull the deposit), so
    /// the deposit would never reach the intent address. Entrypoint mode is served there.
    fn refuse_permit_only(&self, intent: &Intent, request: &ExecuteRequest) -> Result<(), Failure> {
        let permit_only = request.deposit_signature.as_ref().is_some_and(|signature| {
            intent_core::rules::GaslessMode::of(signature) == intent_core::rules::GaslessMode::PermitOnly
        });
        if !permit_only || !self.relaying.executes(intent.origin_chain_id) {
            return Ok(());
        }
        let why = format!(
            "permit-only mode is not served on chain {}, whose intents the service executes: the permit's \
             spender, the origin intent address, never pulls the deposit; sign in entrypoint mode",
            intent.origin_chain_id
        );
        Err(intent_core::ServerFailure::OptionNotServed { path: "depositSignature.permitSignature", why: &why }.into())
    }

    /// RetryIntent: the core's `retry` with the node's evidence of the replacement deposit
    /// (read as an execute's deposit hash is, outside any database transaction); the new
    /// deposit hash is claimed as a deposit proof with the change; the deposit the record
    /// already keeps SUCCEEDED again is a replay and changes nothing. The executor then takes
    /// the intent on as after a first deposit (its next step reads the balance).
    ///
    /// # Errors
    ///
    /// 404 for an unknown intent, CHAIN_NODE_UNAVAILABLE (503) or DEPOSIT_NOT_MINED (422)
    /// with the record unchanged, the core's retry rules, 409 for a proof already used or a
    /// race lost too often, or a database failure.
    pub async fn retry(
        &self,
        request: &crate::retry::RetryIntentRequest,
        caller: Caller,
        now: Timestamp,
        clock: impl Fn() -> Timestamp,
    ) -> Result<crate::retry::RetryIntentResponse, Failure> {
        let hash = request.deposit_transaction_hash;
        let proof = ExecuteRequest {
            deposit_signature: None,
            deposit_transaction_hash: Some(hash),
            intent_id: request.intent_id.clone(),
            unknown: UnknownMembers::new(),
        };
        let loaded = self.book.load(&request.intent_id, caller).await?;
        let facts = self.chain.read_facts(loaded.record.intent(), &proof).await?;
        let changed = self
            .book
            .change(&request.intent_id, caller, now, clock, Some(loaded), |mut record, now| {
                let applied = record.apply(EventInput::retry(hash, facts.as_chain_facts()), now)?;
                let response = crate::retry::RetryIntentResponse {
                    intent_id: request.intent_id.clone(),
                    intent_status: record.status().clone(),
                    unknown: UnknownMembers::new(),
                };
                Ok(match applied {
                    Applied::Replay => Step::Answer(response),
                    Applied::Changed => {
                        let proofs = deposit_proofs(&record, &proof);
                        Step::Store(Box::new(record), proofs, response)
                    }
                })
            })
            .await?;
        Ok(self.hand_on(changed))
    }

    /// ReportIntentOutcome: succeed, fail (with its reason) or refund, keeping the reported
    /// transaction on the receipt; without an outcome, the transaction's progress on an
    /// EXECUTING intent (the same report again changes nothing). Waiters are woken by
    /// every change.
    ///
    /// # Errors
    ///
    /// 404 for an unknown intent, the core's lifecycle rules and transaction checks, 409,
    /// or a database failure.
    pub async fn report_outcome(
        &self,
        report: &ReportIntentOutcomeRequest,
        now: Timestamp,
        clock: impl Fn() -> Timestamp,
    ) -> Result<GetIntentReceiptResponse, Failure> {
        let outcome = report.outcome()?;
        let transaction = Some(&report.transaction);
        let input = match outcome {
            Outcome::Succeeded => EventInput::succeed_with(transaction),
            Outcome::Failed => EventInput::fail_with(report.reason.as_deref().unwrap_or(""), transaction),
            Outcome::Refunded => EventInput::refund_with(transaction),
            Outcome::Progress => EventInput::progress(&report.transaction),
        };
        let changed = self
            .book
            .change(&report.intent_id, Caller::Operator, now, clock, None, |mut record, now| {
                let applied = record.apply(input, now)?;
                let receipt = record.receipt(now);
                // Only the same progress report again is a replay; an outcome is stored.
                Ok(match (applied, outcome) {
                    (Applied::Replay, Outcome::Progress) => Step::Answer(receipt),
                    _ => Step::Store(Box::new(record), Vec::new(), receipt),
                })
            })
            .await?;
        Ok(GetIntentReceiptResponse { intent_receipt: self.hand_on(changed), unknown: UnknownMembers::new() })
    }

    /// Applies `expire` to a COMMITTED record whose window has closed by `now`; anything
    /// else (already changed by someone, window still open) is left alone.
    ///
    /// # Errors
    ///
    /// A database failure or an unreadable record.
    pub async fn expire(&self, intent_id: &str, now: Timestamp) -> Result<bool, Failure> {
        let changed = self
            .book
            .change(intent_id, Caller::Operator, now, Timestamp::now, None, |mut record, now| {
                if *record.status() != IntentStatus::Committed || record.apply(EventInput::expire(), now).is_err() {
                    return Ok(Step::Answer(false));
                }
                Ok(Step::Store(Box::new(record), Vec::new(), true))
            })
            .await?;
        Ok(self.hand_on(changed))
    }

    /// AbortIntent: the core's abort of a COMMITTED intent, keeping the abort transaction
    /// the client names on the receipt (as its origin or destination transaction, by its
    /// chain). On a chain with a node the transaction must be mined and have succeeded, and
    /// is kept SUCCEEDED; on a chain without one nothing confirms it, and it is kept SENT
    /// (docs/spec.md §12). The record is loaded once, as for an execute: its status decides
    /// whether the chain is read, and the change starts from it.
    ///
    /// # Errors
    ///
    /// 404 for an unknown intent or another project's, `INTENT_INCONSISTENT` at `chainId`
    /// for a chain that is neither of the intent's, `ABORT_NOT_SUCCEEDED` at
    /// `abortTransactionHash` or CHAIN_NODE_UNAVAILABLE (503) on a chain with a node, the
    /// core's lifecycle rules, 409, or a database failure.
    pub async fn abort(
        &self,
        request: &AbortIntentRequest,
        caller: Caller,
        now: Timestamp,
        clock: impl Fn() -> Timestamp,
    ) -> Result<AbortIntentResponse, Failure> {
        let loaded = self.book.load(&request.intent_id, caller).await?;
        let mut status = TransactionStatus::Sent;
        if *loaded.record.status() == IntentStatus::Committed {
            abort_transaction(loaded.record.intent(), request, status.clone())?;
            match self.chain.abort_succeeded(request.chain_id, request.abort_transaction_hash).await? {
                Some(true) => status = TransactionStatus::Succeeded,
                Some(false) => {
                    return Err(intent_core::ServerFailure::AbortNotSucceeded { chain_id: request.chain_id }.into())
                }
                None => {}
            }
        }
        let changed = self
            .book
            .change(&request.intent_id, caller, now, clock, Some(loaded), |mut record, now| {
                let transaction = abort_transaction(record.intent(), request, status.clone())?;
                let input = EventInput::abort_with(ABORT_REASON, Some(&transaction));
                let _: Applied = record.apply(input, now)?;
                let response = AbortIntentResponse {
                    intent_id: request.intent_id.clone(),
                    status: record.status().clone(),
                    unknown: UnknownMembers::new(),
                };
                Ok(Step::Store(Box::new(record), Vec::new(), response))
            })
            .await?;
        Ok(self.hand_on(changed))
    }

    /// GetIntent: the intent as quoted.
    ///
    /// # Errors
    ///
    /// Not found for an unknown intent or another project's, or a database failure.
    pub async fn intent(&self, intent_id: &str, caller: Caller) -> Result<GetIntentResponse, Failure> {
        let intent = self.book.load(intent_id, caller).await?.record.intent().clone();
        Ok(GetIntentResponse { intent, unknown: UnknownMembers::new() })
    }

    /// GetIntentReceipt: the receipt as it reads at `now`, saying why its gasless deposit
    /// is not relayed when it is not.
    ///
    /// # Errors
    ///
    /// Not found for an unknown intent or another project's, or a database failure.
    pub async fn receipt(
        &self,
        intent_id: &str,
        caller: Caller,
        now: Timestamp,
    ) -> Result<GetIntentReceiptResponse, Failure> {
        let record = self.book.load(intent_id, caller).await?.record;
        Ok(GetIntentReceiptResponse { intent_receipt: self.receipt_of(&record, now), unknown: UnknownMembers::new() })
    }

    /// `GET /healthz`'s text: `ok` while the store accepts a write, then one line per chain
    /// saying where its facts come from (its node, or the configuration), then each
    /// configuration error seen (a token's permit domain).
    ///
    /// # Errors
    ///
    /// The store's failure (answered Unexpected, 500).
    pub async fn health(&self) -> Result<String, Failure> {
        self.store().check_writable().await.map_err(|e| self.store_failure(&e))?;
        let mut text = String::from("ok\n");
        for line in self.chain.health_lines() {
            text.push_str(&line);
            text.push('\n');
        }
        for line in self.relaying.execution_summary() {
            text.push_str(&line);
            text.push('\n');
        }
        for (chain_id, why) in self.relaying.short_of_funds() {
            text.push_str(&format!("chain {chain_id} relayer: short of funds, its intents wait: {why}\n"));
        }
        for (intent_id, why, seconds) in self.relaying.waiting_past_bound() {
            text.push_str(&format!("intent {intent_id}: waiting past the bound ({seconds} s): {why}\n"));
        }
        Ok(text)
    }

    /// The chain facts the records read: the configuration and the chains' nodes (for the
    /// operations that answer from them alone, [`crate::discovery`]).
    pub fn chain_view(&self) -> &Arc<ChainView> {
        &self.chain
    }

    /// RuntimeStatus: the service's health, with its store's (a write, timed) and each
    /// chain node's (its head block, timed, within the node timeout), as `chain <id> node`;
    /// `start_time` and `uptime` are the instance's.
    pub async fn runtime_status(&self, start_time: Timestamp, uptime: std::time::Duration) -> RuntimeStatusResponse {
        let started = std::time::Instant::now();
        let written = self.store().check_writable().await;
        if written.is_err() {
            self.book.count_store_error();
        }
        let store = ServiceStatus {
            healthy: written.is_ok(),
            error: written.err().map(|e| e.to_string()),
            latency: format!("{:?}", started.elapsed()),
            name: String::from("store"),
            unknown: UnknownMembers::new(),
        };
        let mut services = vec![store];
        let mut nodes: Vec<_> = self.chain.nodes().collect();
        nodes.sort_by_key(|node| node.chain_id());
        for node in nodes {
            let started = std::time::Instant::now();
            let error = node.head().await.err().map(|e| e.to_string());
            services.push(ServiceStatus {
                healthy: error.is_none(),
                error,
                latency: format!("{:?}", started.elapsed()),
                name: format!("chain {} node", node.chain_id()),
                unknown: UnknownMembers::new(),
            });
        }
        for (chain_id, why) in self.relaying.short_of_funds() {
            services.push(ServiceStatus {
                healthy: false,
                error: Some(why),
                latency: String::from("0s"),
                name: format!("chain {chain_id} relayer"),
                unknown: UnknownMembers::new(),
            });
        }
        for (intent_id, why, seconds) in self.relaying.waiting_past_bound() {
            services.push(ServiceStatus {
                healthy: false,
                error: Some(format!("waiting past the bound ({seconds} s): {why}")),
                latency: String::from("0s"),
                name: format!("intent {intent_id}"),
                unknown: UnknownMembers::new(),
            });
        }
        let status = RuntimeStatus {
            health_ok: services.iter().all(|service| service.healthy),
            services,
            start_time,
            uptime: format!("{}s", uptime.as_secs()),
            version: String::from(env!("CARGO_PKG_VERSION")),
            unknown: UnknownMembers::new(),
        };
        RuntimeStatusResponse { status, unknown: UnknownMembers::new() }
    }

    /// The records by status and the sweep's lag at `now`, read from the store, so that they
    /// are right whichever instance changed the records.
    ///
    /// # Errors
    ///
    /// The store's failure.
    pub async fn counts(&self, now: Timestamp) -> Result<RecordCounts, Failure> {
        let store = self.store();
        let mut by_status = Vec::with_capacity(IntentStatus::NAMES.len());
        for status in IntentStatus::NAMES {
            by_status.push((*status, store.count(status).await.map_err(|e| self.store_failure(&e))?));
        }
        let committed = IntentStatus::Committed.name();
        let earliest = store.earliest_deadline(committed).await.map_err(|e| self.store_failure(&e))?;
        let lag = earliest.map_or(0, |deadline| now.unix_seconds().saturating_sub(deadline).max(0));
        let waiting_past_bound = u64::try_from(self.relaying.waiting_past_bound().len()).unwrap_or(u64::MAX);
        Ok(RecordCounts { by_status, sweep_lag: u64::try_from(lag).unwrap_or(0), waiting_past_bound })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use intent_core::eip712::EntrypointNames;
    use intent_core::{from_slice, to_string, Address, QuoteRequest, B256, U256};
    use k256::ecdsa::SigningKey;
    use tokio::sync::{mpsc, Notify};

    use super::*;
    use crate::config::ServiceConfig;
    use crate::demo::{self, Gasless};
    use crate::quoter::ConfiguredQuoter;

    /// A SQLite file of this test process, deleted when dropped.
    struct Scratch(String);

    impl Drop for Scratch {
        fn drop(&mut self) {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", self.0));
            }
        }
    }

    /// The records of the shipped configuration on a fresh SQLite file, every chain's gasless
    /// executions handed to the queue answered with them, and every chain's executor woken by
    /// the signal answered with them too.
    async fn relayed_records(
        name: &str,
    ) -> (Arc<Records>, Arc<Book>, mpsc::UnboundedReceiver<Execution>, Arc<Notify>, Scratch) {
        let config = ServiceConfig::load(None).expect("the shipped configuration");
        let path = std::env::temp_dir().join(format!("intent-service-records-{}-{name}.db", std::process::id()));
        let scratch = Scratch(path.display().to_string());
        let store = Store::open(&format!("sqlite://{}", path.display())).await.expect("a fresh SQLite file");
        let book = Book::open(store, 16, metrics::Counter::noop());
        let chain = Arc::new(ChainView::new(config.clone()).expect("the shipped chains"));
        let (queue, handed) = mpsc::unbounded_channel();
        let reach = config.chains.iter().map(|chain| (chain.chain_id, Reach::Relayed(queue.clone()))).collect();
        let wake = Arc::new(Notify::new());
        let wakes = config.chains.iter().map(|chain| (chain.chain_id, wake.clone())).collect();
        let quoter = Box::new(ConfiguredQuoter::new(config.clone()));
        let relaying = Relaying::new(reach).with_wakes(wakes);
        let records = Records::new(book.clone(), quoter, config.policy(), chain, relaying);
        (records, book, handed, wake, scratch)
    }

    /// Whether `wake` was signalled since it was last waited on (its permit, taken).
    async fn woken(wake: &Notify) -> bool {
        tokio::select! {
            biased;
            () = wake.notified() => true,
            () = std::future::ready(()) => false,
        }
    }

    /// The demo owner's key (`service/demo/owner.key`).
    fn demo_key() -> SigningKey {
        let text = include_str!("../../demo/owner.key");
        let secret: B256 = text.trim().parse().expect("a key");
        SigningKey::from_slice(secret.as_slice()).expect("a key")
    }

    const CALLER: Caller = Caller::Project { project_id: 42, key: 0 };

    /// An intent of the demo owner quoted and committed at `now`.
    async fn committed(records: &Records, now: Timestamp) -> QuoteResponse {
        let mut request: serde_json::Value =
            serde_json::from_str(include_str!("../../../examples/quote-request.json")).expect("the example");
        request["ownerAddress"] = Address::from_private_key(&demo_key()).to_string().into();
        let request: QuoteRequest = from_slice(request.to_string().as_bytes()).expect("a quote request");
        let quote = records.quote(&request, 42, now).await.expect("quoted");
        let commit = format!("{{\"intent\":{}}}", to_string(&quote.intent));
        let commit: CommitRequest = from_slice(commit.as_bytes()).expect("a commit request");
        records.commit(&commit, CALLER, now, || now).await.expect("committed");
        quote
    }

    #[tokio::test]
    async fn a_gasless_execute_loads_its_record_once_and_hands_it_to_its_chains_relayer_itself() {
        let (records, book, mut handed, wake, _scratch) = relayed_records("gasless").await;
        let now = Timestamp::now();
        let quote = committed(&records, now).await;
        let deadline = u64::try_from(now.unix_seconds()).expect("after 1970") + 600;
        let mode = Gasless::Entrypoint { nonce: U256::from(7) };
        let request =
            demo::gasless_request(&quote, &demo_key(), mode, deadline, &EntrypointNames::DEFAULT, records.chain())
                .expect("signed");
        let loads = book.loads.load(Ordering::Relaxed);
        let later = now.saturating_add_seconds(5);
        let response = records.execute(&request, CALLER, later, || later).await.expect("executed");
        assert_eq!(response.intent_status, IntentStatus::Executing);
        assert_eq!(book.loads.load(Ordering::Relaxed) - loads, 1, "an execute reads its record once");
        let execution = handed.try_recv().expect("handed to its chain's relayer by the change");
        assert_eq!((execution.intent_id(), &execution.request), (quote.intent.intent_id.as_str(), &request));
        assert!(handed.try_recv().is_err(), "handed once");
        assert!(woken(&wake).await, "its chain's executor is woken by the change");
        // The same request again is a replay: judged on the record read once, handed nothing.
        let loads = book.loads.load(Ordering::Relaxed);
        records.execute(&request, CALLER, later, || later).await.expect("a replay");
        assert_eq!(book.loads.load(Ordering::Relaxed) - loads, 1);
        assert!(handed.try_recv().is_err(), "a replay is not handed again");
        assert!(!woken(&wake).await, "a replay wakes nothing");
    }

    #[tokio::test]
    async fn a_deposit_hash_execute_loads_its_record_once_is_handed_to_no_relayer_and_wakes_the_executor() {
        let (records, book, mut handed, wake, _scratch) = relayed_records("hash").await;
        let now = Timestamp::now();
        let quote = committed(&records, now).await;
        let mut hash = B256::ZERO;
        getrandom::fill(hash.as_mut_slice()).expect("random bytes");
        let request = format!("{{\"intentId\":\"{}\",\"depositTransactionHash\":\"{hash}\"}}", quote.intent.intent_id);
        let request: ExecuteRequest = from_slice(request.as_bytes()).expect("an execute request");
        let loads = book.loads.load(Ordering::Relaxed);
        let later = now.saturating_add_seconds(5);
        let response = records.execute(&request, CALLER, later, || later).await.expect("executed");
        assert_eq!(response.intent_status, IntentStatus::Executing);
        assert_eq!(book.loads.load(Ordering::Relaxed) - loads, 1, "an execute reads its record once");
        assert!(handed.try_recv().is_err(), "nothing to relay");
        assert!(woken(&wake).await, "its chain's executor is woken by the change to EXECUTING");
        assert!(!woken(&wake).await, "once");
    }
}
