//! Receipts as the service publishes them (docs/spec.md §2, §6.6): the objects' members and
//! enum names against the published schema, the receipt a record builds from what it
//! knows, transactions reported with an outcome (checked before anything changes, kept in
//! the record's state), and when a waiter is answered.

use intent_core::IntentRecord;
use intent_core::{
    from_slice, to_string, AbortIntentRequest, AbortIntentResponse, Applied, ClockResponse, EventInput,
    GetIntentHistoryRequest, GetIntentHistoryResponse, GetIntentReceiptRequest, GetIntentReceiptResponse,
    GetIntentRequest, GetIntentResponse, IntentHistory, IntentReceipt, IntentReceiptSummary, IntentStatus,
    IntentTransaction, Page, PingResponse, Reason, RecordState, RuntimeStatus, RuntimeStatusResponse,
    SearchIntentsRequest, SearchIntentsResponse, ServiceStatus, Timestamp, TransactionContext, TransactionReport,
    TransactionStatus, TransactionType, WaitIntentReceiptRequest, WaitIntentReceiptResponse,
};

use crate::fixtures::{
    committed_record, entrypoint_request, executed_at, executing_record, hash_request, intent, later, report, secs,
    unverified_executing_record, DEPOSIT_HASH,
};

/// The published schema's members of each object (github.com/0xsequence/trails-docs,
/// api-reference/trails-api.gen.json at f60ca602562a1526ea88b6b23eb8d8761937849c, the
/// brand replaced by `service`), with the schema's name for it.
const PUBLISHED: &[(&str, &str, &[&str])] = &[
    (
        "IntentReceipt",
        "IntentReceipt",
        &[
            "createdAt",
            "depositTransaction",
            "depositTransactionId",
            "destinationChainId",
            "destinationTransaction",
            "destinationTransactionId",
            "edge",
            "id",
            "intentId",
            "originChainId",
            "originTransaction",
            "originTransactionId",
            "ownerAddress",
            "projectId",
            "refundTransaction",
            "refundTransactionId",
            "status",
            "summary",
            "updatedAt",
        ],
    ),
    (
        "IntentTransaction",
        "IntentTransaction",
        &[
            "bridgeGas",
            "calldata",
            "chainId",
            "context",
            "createdAt",
            "depositIntentEntry",
            "eligibleAt",
            "fromAddress",
            "id",
            "intentId",
            "metaTxnFeeQuote",
            "metaTxnId",
            "precondition",
            "status",
            "statusReason",
            "statusUpdatedAt",
            "toAddress",
            "tokenAddress",
            "tokenAmount",
            "txnHash",
            "txnMinedAt",
            "type",
            "updatedAt",
        ],
    ),
    (
        "IntentReceiptSummary",
        "IntentReceiptSummary",
        &[
            "createdAt",
            "destinationChainId",
            "destinationHasCallData",
            "destinationHasCallValue",
            "destinationIntentAddress",
            "destinationToAddress",
            "destinationTokenAddress",
            "destinationTokenAmount",
            "destinationTokenMetadata",
            "edge",
            "expiresAt",
            "finishedAt",
            "intentId",
            "memo",
            "mode",
            "originChainId",
            "originIntentAddress",
            "originTokenAddress",
            "originTokenAmount",
            "originTokenMetadata",
            "ownerAddress",
            "quotedDestinationTokenAmount",
            "quotedOriginTokenAmount",
            "routeProviders",
            "startedAt",
            "status",
            "tradeType",
        ],
    ),
    ("GetIntentReceiptRequest", "GetIntentReceiptRequest", &["intentId"]),
    ("GetIntentReceiptResponse", "GetIntentReceiptResponse", &["intentReceipt"]),
    ("WaitIntentReceiptRequest", "WaitIntentReceiptRequest", &["intentId", "lastReceiptStates"]),
    ("WaitIntentReceiptResponse", "WaitIntentReceiptResponse", &["done", "intentReceipt", "receiptStates"]),
    ("GetIntentRequest", "GetIntentRequest", &["intentId"]),
    ("GetIntentResponse", "GetIntentResponse", &["intent"]),
    ("AbortIntentRequest", "AbortIntentRequest", &["abortTransactionHash", "chainId", "intentId"]),
    ("AbortIntentResponse", "AbortIntentResponse", &["intentId", "status"]),
    (
        "SearchIntentsRequest",
        "SearchIntentsRequest",
        &[
            "byDestinationIntentAddress",
            "byEdgeAddress",
            "byEdgeMode",
            "byEdgeRail",
            "byIntentId",
            "byOriginIntentAddress",
            "byOwnerAddress",
            "byProjectId",
            "byQueryString",
            "byTransactionHash",
        ],
    ),
    ("SearchIntentsResponse", "SearchIntentsResponse", &["intents"]),
    (
        "GetIntentHistoryRequest",
        "GetIntentHistoryRequest",
        &[
            "byBridgeProvider",
            "byEdgeAddress",
            "byEdgeMode",
            "byEdgeRail",
            "byIntentProtocol",
            "byOwnerAddress",
            "byParticipantAddresses",
            "byProjectId",
            "byStatus",
            "byStatuses",
            "bySwapProvider",
            "destinationChainId",
            "destinationTokenAddress",
            "fromTime",
            "includeBalances",
            "onlyRecoverable",
            "originChainId",
            "originTokenAddress",
            "page",
            "toTime",
        ],
    ),
    ("Page", "Page", &["after", "before", "column", "more", "pageSize", "sort"]),
    ("GetIntentHistoryResponse", "GetIntentHistoryResponse", &["intents", "nextPage"]),
    (
        "IntentHistory",
        "IntentHistory",
        &["balances", "createdAt", "expiresAt", "hasBalance", "intentId", "receipt", "status", "updatedAt"],
    ),
    ("ClockResponse", "Trails_Clock_Response", &["serverTime"]),
    ("PingResponse", "Trails_Ping_Response", &["version"]),
    ("RuntimeStatusResponse", "Trails_RuntimeStatus_Response", &["status"]),
    (
        "RuntimeStatus",
        "RuntimeStatus",
        &[
            "branch",
            "commitHash",
            "edgesEnabled",
            "healthOK",
            "hostname",
            "runnables",
            "services",
            "startTime",
            "uptime",
            "version",
            "walletScreeningEnabled",
        ],
    ),
    ("ServiceStatus", "ServiceStatus", &["error", "healthy", "latency", "name"]),
];

/// The members this library adds to a published object (docs/spec.md §2).
const OURS: &[(&str, &str)] = &[("WaitIntentReceiptRequest", "timeoutSeconds"), ("IntentReceipt", "routeTransaction")];

#[test]
fn every_member_is_a_published_one_and_the_enums_are_the_published_lists() {
    let keys: &[(&str, &[&str])] = &[
        ("IntentReceipt", IntentReceipt::KEYS),
        ("IntentTransaction", IntentTransaction::KEYS),
        ("IntentReceiptSummary", IntentReceiptSummary::KEYS),
        ("GetIntentReceiptRequest", GetIntentReceiptRequest::KEYS),
        ("GetIntentReceiptResponse", GetIntentReceiptResponse::KEYS),
        ("WaitIntentReceiptRequest", WaitIntentReceiptRequest::KEYS),
        ("WaitIntentReceiptResponse", WaitIntentReceiptResponse::KEYS),
        ("GetIntentRequest", GetIntentRequest::KEYS),
        ("GetIntentResponse", GetIntentResponse::KEYS),
        ("AbortIntentRequest", AbortIntentRequest::KEYS),
        ("AbortIntentResponse", AbortIntentResponse::KEYS),
        ("SearchIntentsRequest", SearchIntentsRequest::KEYS),
        ("SearchIntentsResponse", SearchIntentsResponse::KEYS),
        ("GetIntentHistoryRequest", GetIntentHistoryRequest::KEYS),
        ("Page", Page::KEYS),
        ("GetIntentHistoryResponse", GetIntentHistoryResponse::KEYS),
        ("IntentHistory", IntentHistory::KEYS),
        ("ClockResponse", ClockResponse::KEYS),
        ("PingResponse", PingResponse::KEYS),
        ("RuntimeStatusResponse", RuntimeStatusResponse::KEYS),
        ("RuntimeStatus", RuntimeStatus::KEYS),
        ("ServiceStatus", ServiceStatus::KEYS),
    ];
    assert_eq!(keys.len(), PUBLISHED.len());
    for ((name, ours), (published_name, schema_name, published)) in keys.iter().zip(PUBLISHED) {
        assert_eq!(name, published_name);
        for key in *ours {
            let added = OURS.contains(&(name, key));
            assert!(published.contains(key) != added, "{name}.{key}: not in the published {schema_name}");
        }
    }
    let published_statuses = [
        "UNKNOWN",
        "ON_HOLD",
        "PENDING",
        "RELAYING",
        "SENT",
        "ERRORED",
        "MINING",
        "SUCCEEDED",
        "FAILED",
        "ABORTED",
        "REVERTED",
    ];
    assert_eq!(TransactionStatus::NAMES, published_statuses);
    assert_eq!(TransactionType::NAMES, ["UNKNOWN", "DEPOSIT", "ORIGIN", "DESTINATION", "ROUTE", "REFUND"]);
    assert_eq!(
        TransactionContext::NAMES,
        ["NONE", "CCTPV2_MESSAGE", "LZ_COMPOSE", "LZ_RECEIVE", "HYPERLANE_PAY_FOR_GAS"]
    );
    assert_eq!(TransactionStatus::from_name("QUEUED"), Some(TransactionStatus::Other("QUEUED".into())));
}

#[test]
fn an_execute_whose_evidence_proved_its_hash_keeps_the_deposit_succeeded() {
    let record = executing_record();
    let receipt = record.receipt(later());
    let deposit = &receipt.deposit_transaction;
    assert_eq!((deposit.status.clone(), deposit.txn_hash), (TransactionStatus::Succeeded, Some(DEPOSIT_HASH)));
    assert_eq!(deposit.status_updated_at, Some(executed_at()));
    assert_eq!(receipt.receipt_states(), [TransactionStatus::Succeeded, TransactionStatus::Pending]);
    assert_eq!(record.transactions(), std::slice::from_ref(deposit));
    assert_eq!(IntentRecord::from_state(from_slice(to_string(&record.state()).as_bytes()).unwrap()).unwrap(), record);
}

#[test]
fn an_executing_record_reads_its_deposit_as_sent_and_its_origin_as_pending() {
    let record = unverified_executing_record();
    let receipt = record.receipt(later());
    let intent = intent();
    assert_eq!((receipt.id, receipt.project_id, &receipt.intent_id), (intent.id, intent.project_id, &intent.intent_id));
    assert_eq!(receipt.status, IntentStatus::Executing);
    let deposit = &receipt.deposit_transaction;
    assert_eq!((deposit.kind.clone(), deposit.id, receipt.deposit_transaction_id), (TransactionType::Deposit, 1, 1));
    assert_eq!(deposit.status, TransactionStatus::Sent);
    assert_eq!(deposit.txn_hash, hash_request().deposit_transaction_hash);
    assert_eq!(
        (deposit.from_address, deposit.to_address),
        (intent.owner_address, intent.deposit_transaction.to_address)
    );
    assert_eq!((deposit.token_amount, deposit.chain_id), (intent.deposit_transaction.amount, intent.origin_chain_id));
    let origin = &receipt.origin_transaction;
    assert_eq!(
        (origin.status.clone(), origin.id, origin.from_address),
        (TransactionStatus::Pending, 2, intent.origin_intent_address)
    );
    assert_eq!((receipt.destination_transaction.clone(), receipt.refund_transaction.clone()), (None, None));
    assert_eq!(receipt.receipt_states(), [TransactionStatus::Sent, TransactionStatus::Pending]);
    assert!(!receipt.done());
    assert_eq!(receipt.summary.quoted_origin_token_amount, intent.quote.from_amount);
    let again: IntentReceipt = from_slice(to_string(&receipt).as_bytes()).unwrap();
    assert_eq!(again, receipt);
}

#[test]
fn a_reported_transaction_is_kept_on_the_receipt_and_in_the_state() {
    let mut record = executing_record();
    let intent = intent();
    let destination = report(TransactionType::Destination, intent.destination_chain_id, TransactionStatus::Succeeded);
    assert_eq!(record.apply(EventInput::succeed_with(Some(&destination)), later()), Ok(Applied::Changed));
    let receipt = record.receipt(secs(later(), 10));
    let kept = receipt.destination_transaction.as_ref().unwrap();
    assert_eq!((kept.id, receipt.destination_transaction_id), (3, Some(3)));
    assert_eq!(
        (kept.status.clone(), kept.txn_hash, kept.status_updated_at),
        (TransactionStatus::Succeeded, destination.txn_hash, Some(later()))
    );
    assert_eq!(kept.token_address, intent.quote_request.destination_token_address);
    assert_eq!(receipt.origin_transaction.status, TransactionStatus::Succeeded);
    assert!(receipt.done());
    assert_eq!(receipt.summary.finished_at, Some(later()));

    let text = to_string(&record.state());
    assert!(text.contains(r#""transactions":[{"#), "{text}");
    let restored = IntentRecord::from_state(from_slice::<RecordState>(text.as_bytes()).unwrap()).unwrap();
    assert_eq!(restored, record);
    assert_eq!(restored.receipt(secs(later(), 10)), receipt);
}

#[test]
fn a_state_without_reported_transactions_has_no_transactions_member() {
    let text = to_string(&unverified_executing_record().state());
    assert!(!text.contains("transactions"), "{text}");
}

#[test]
fn a_report_on_the_wrong_chain_or_of_a_type_without_a_place_changes_nothing() {
    let intent = intent();
    let cases = [
        (
            report(TransactionType::Origin, intent.destination_chain_id, TransactionStatus::Reverted),
            Reason::IntentInconsistent,
            "transaction.chainId",
        ),
        // A cross-chain intent's ROUTE transaction (the mint) runs on the destination chain.
        (
            report(TransactionType::Route, intent.origin_chain_id, TransactionStatus::Reverted),
            Reason::IntentInconsistent,
            "transaction.chainId",
        ),
        (
            report(TransactionType::Unknown, intent.origin_chain_id, TransactionStatus::Reverted),
            Reason::InvalidEnum,
            "transaction.type",
        ),
    ];
    for (transaction, reason, path) in cases {
        let mut record = executing_record();
        let before = record.clone();
        let error = record.apply(EventInput::fail_with("reverted", Some(&transaction)), later()).unwrap_err();
        assert_eq!((error.reason(), error.path()), (reason, Some(path)), "{error}");
        assert_eq!(record, before);
    }
}

#[test]
fn a_kept_transaction_that_disagrees_with_the_intent_is_invalid_record() {
    let mut record = executing_record();
    let intent = intent();
    let origin = report(TransactionType::Origin, intent.origin_chain_id, TransactionStatus::Reverted);
    assert_eq!(record.apply(EventInput::fail_with("reverted", Some(&origin)), later()), Ok(Applied::Changed));
    type Break = (&'static str, fn(&mut IntentTransaction));
    let breaks: [Break; 3] = [
        ("transactions[0].intentId", |t| t.intent_id = "0xother".into()),
        ("transactions[0].chainId", |t| t.chain_id += 1),
        ("transactions[0].id", |t| t.id = 4),
    ];
    for (path, change) in breaks {
        let mut state = record.state();
        change(&mut state.transactions.as_mut().unwrap()[0]);
        let error = IntentRecord::from_state(state).unwrap_err();
        assert_eq!((error.reason(), error.path()), (Reason::InvalidRecord, Some(path)), "{error}");
    }
}

#[test]
fn a_waiter_is_answered_when_the_states_differ_or_the_intent_is_done() {
    let wait = |states: Option<&[TransactionStatus]>| WaitIntentReceiptRequest {
        intent_id: intent().intent_id,
        last_receipt_states: states.map(<[_]>::to_vec),
        timeout_seconds: None,
        unknown: Default::default(),
    };
    let executing = unverified_executing_record().receipt(later());
    use TransactionStatus::{Pending, Sent};
    assert!(wait(None).answered_by(&executing), "nothing seen: at once");
    assert!(!wait(Some(&[Sent, Pending])).answered_by(&executing), "the same states: wait");
    assert!(wait(Some(&[Pending, Pending])).answered_by(&executing), "another state");
    assert!(wait(Some(&[Sent])).answered_by(&executing), "another number of transactions");
    let mut aborted = committed_record();
    let _ = aborted.apply(EventInput::abort("owner cancelled"), later()).unwrap();
    let aborted = aborted.receipt(later());
    assert!(aborted.done());
    assert!(wait(Some(&aborted.receipt_states())).answered_by(&aborted), "done: at once");
    let response = WaitIntentReceiptResponse::of(aborted.clone());
    assert_eq!((response.done, &response.receipt_states), (true, &aborted.receipt_states()));
    assert_eq!(response.receipt_states, [TransactionStatus::Aborted, TransactionStatus::Aborted]);
}

#[test]
fn a_published_receipt_keeps_what_this_library_does_not_model() {
    let text = std::fs::read(format!("{}/examples/published/receipt.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let response: GetIntentReceiptResponse = from_slice(&text).unwrap();
    let receipt = &response.intent_receipt;
    assert!(receipt.unknown.get("edge").is_some());
    // The published token metadata are read into their fields.
    let metadata = receipt.summary.origin_token_metadata.as_ref().expect("the origin token's metadata");
    assert_eq!(metadata.chain_id, receipt.origin_chain_id);
    assert!(receipt.deposit_transaction.unknown.get("depositIntentEntry").is_some());
    assert_eq!(receipt.origin_transaction.status, TransactionStatus::Other("QUEUED_FOR_RELAY".into()));
    let again: GetIntentReceiptResponse = from_slice(to_string(&response).as_bytes()).unwrap();
    assert_eq!(again, response);
}

#[test]
fn a_page_above_the_largest_or_of_no_items_is_number_out_of_range_at_its_path() {
    let request = |text: &str| from_slice::<GetIntentHistoryRequest>(text.as_bytes()).unwrap();
    assert_eq!(request("{}").page_size().unwrap(), Page::DEFAULT_SIZE);
    assert_eq!(request(r#"{"page":{"after":7}}"#).page_size().unwrap(), Page::DEFAULT_SIZE);
    assert_eq!(request(r#"{"page":{"pageSize":100}}"#).page_size().unwrap(), Page::MAX_SIZE);
    for size in [0, 101, u64::MAX] {
        let error = request(&format!(r#"{{"page":{{"pageSize":{size}}}}}"#)).page_size().unwrap_err();
        assert_eq!((error.reason(), error.path()), (Reason::NumberOutOfRange, Some("page.pageSize")));
    }
}

#[test]
fn a_history_request_asks_for_by_status_and_by_statuses_together_each_once() {
    let request: GetIntentHistoryRequest =
        from_slice(br#"{"byStatus":"FAILED","byStatuses":["QUOTED","FAILED","EXPIRED_LATER"]}"#).unwrap();
    let statuses: Vec<String> = request.statuses().iter().map(|s| s.name().to_owned()).collect();
    assert_eq!(statuses, ["FAILED", "QUOTED", "EXPIRED_LATER"]);
    let none: GetIntentHistoryRequest = from_slice(b"{}").unwrap();
    assert!(none.statuses().is_empty());
}

#[test]
fn search_and_history_objects_read_what_they_write_and_keep_unknown_filters() {
    let search: SearchIntentsRequest = from_slice(
        br#"{"byOwnerAddress":"0x00000000000000000000000000000000000000aa","byQueryString":"x","byProjectId":42}"#,
    )
    .unwrap();
    assert_eq!(search.by_project_id, Some(42));
    assert!(search.unknown.get("byQueryString").is_some(), "a published filter this library does not model is kept");
    let again: SearchIntentsRequest = from_slice(to_string(&search).as_bytes()).unwrap();
    assert_eq!(again, search);
    let record = executing_record();
    let receipt = record.receipt(later());
    let item = IntentHistory::of(receipt.clone(), record.intent().expires_at);
    assert_eq!(
        (&item.intent_id, &item.status, item.created_at),
        (&receipt.intent_id, &receipt.status, receipt.created_at)
    );
    let response = GetIntentHistoryResponse {
        intents: vec![item],
        next_page: Some(Page {
            after: Some(3),
            before: None,
            more: Some(false),
            page_size: Some(1),
            unknown: Default::default(),
        }),
        unknown: Default::default(),
    };
    let text = to_string(&response);
    assert!(text.contains(r#""nextPage":{"after":3,"more":false,"pageSize":1}"#), "{text}");
    let again: GetIntentHistoryResponse = from_slice(text.as_bytes()).unwrap();
    assert_eq!(again, response);
    let found = SearchIntentsResponse { intents: vec![record.intent().clone()], unknown: Default::default() };
    assert_eq!(from_slice::<SearchIntentsResponse>(to_string(&found).as_bytes()).unwrap(), found);
}

fn state_of(record: &IntentRecord) -> RecordState {
    from_slice(to_string(&record.state()).as_bytes()).unwrap()
}

#[test]
fn progress_without_an_outcome_is_kept_on_an_executing_receipt_and_restores() {
    let mut record = unverified_executing_record();
    let revision = record.revision();
    let sent = report(TransactionType::Origin, intent().origin_chain_id, TransactionStatus::Sent);
    assert!(!record.apply(EventInput::progress(&sent), later()).unwrap().is_replay());
    assert_eq!((record.status(), record.revision()), (&IntentStatus::Executing, revision + 1));
    assert_eq!(record.receipt(later()).origin_transaction.status, TransactionStatus::Sent);
    assert!(
        record.apply(EventInput::progress(&sent), secs(later(), 1)).unwrap().is_replay(),
        "the same report: nothing changes"
    );
    assert_eq!(record.revision(), revision + 1);
    let mining = report(TransactionType::Origin, intent().origin_chain_id, TransactionStatus::Mining);
    assert!(!record.apply(EventInput::progress(&mining), secs(later(), 2)).unwrap().is_replay());
    let receipt = record.receipt(secs(later(), 2));
    assert_eq!(receipt.receipt_states(), [TransactionStatus::Sent, TransactionStatus::Mining]);
    assert!(!receipt.done());
    let state = state_of(&record);
    assert_eq!(state.progress_reports, Some(2));
    assert_eq!(IntentRecord::from_state(state).unwrap(), record);
    // The outcome after progress: the revision counts both, and the state still restores.
    let succeeded = report(TransactionType::Destination, intent().destination_chain_id, TransactionStatus::Succeeded);
    assert!(!record.apply(EventInput::succeed_with(Some(&succeeded)), secs(later(), 3)).unwrap().is_replay());
    assert_eq!(IntentRecord::from_state(state_of(&record)).unwrap(), record);
}

/// A relayed deposit's transaction as the service kept it by hand before progress reports
/// took deposits: the receipt's deposit transaction at `now` (the intent's parties, token
/// and amount) with the report's status, reason, hash and mining time, updated at `now`.
fn deposit_kept_by_hand(record: &IntentRecord, report: &TransactionReport, now: Timestamp) -> IntentTransaction {
    let mut transaction = record.receipt(now).deposit_transaction;
    transaction.status = report.status.clone();
    transaction.status_reason = report.status_reason.clone();
    transaction.status_updated_at = Some(now);
    transaction.txn_hash = report.txn_hash;
    transaction.txn_mined_at = report.txn_mined_at;
    transaction
}

#[test]
fn a_relayed_deposits_progress_is_kept_as_the_receipts_deposit_transaction_and_counted() {
    let mut record = committed_record();
    let _ = record.apply(EventInput::execute(&entrypoint_request()), executed_at()).unwrap();
    let revision = record.revision();
    let chain_id = intent().origin_chain_id;
    let deposit = |status: TransactionStatus| report(TransactionType::Deposit, chain_id, status);
    let waiting: TransactionReport = from_slice(
        format!(r#"{{"type":"DEPOSIT","chainId":{chain_id},"status":"PENDING","statusReason":"not relayed yet"}}"#)
            .as_bytes(),
    )
    .unwrap();
    let mined = |status| TransactionReport { txn_mined_at: Some(later()), ..deposit(status) };
    let reports = [
        waiting,
        deposit(TransactionStatus::Sent),
        mined(TransactionStatus::Mining),
        mined(TransactionStatus::Succeeded),
    ];
    for (step, report) in (1..).zip(&reports) {
        let at = secs(later(), step);
        let (expected, before) = (deposit_kept_by_hand(&record, report, at), record.receipt(at));
        assert_eq!(record.apply(EventInput::progress(report), at), Ok(Applied::Changed), "{:?}", report.status);
        let receipt = record.receipt(at);
        assert_eq!(receipt.deposit_transaction, expected);
        assert_eq!(
            (receipt.deposit_transaction.token_address, receipt.deposit_transaction.token_amount),
            (intent().deposit_transaction.token_address, intent().deposit_transaction.amount)
        );
        assert_eq!((receipt.origin_transaction, receipt.status), (before.origin_transaction, IntentStatus::Executing));
        assert_eq!(record.revision(), revision + u64::try_from(step).unwrap());
        assert_eq!(IntentRecord::from_state(state_of(&record)).unwrap(), record);
    }
    let state = state_of(&record);
    assert_eq!(state.progress_reports, Some(4));
    assert_eq!(state.transactions.map(|kept| kept.len()), Some(1), "one deposit transaction, the last report's");
    let again = record.apply(EventInput::progress(&reports[3]), secs(later(), 9));
    assert_eq!(again, Ok(Applied::Replay), "the same report again changes nothing");
    assert_eq!(record.revision(), revision + 4);
    assert_eq!(EventInput::progress(&reports[3]).event(), None, "not an event of the transition table");
}

#[test]
fn progress_is_refused_outside_execution_and_on_the_wrong_chain_changing_nothing() {
    let mut committed = committed_record();
    let sent = report(TransactionType::Origin, intent().origin_chain_id, TransactionStatus::Sent);
    let error = committed.apply(EventInput::progress(&sent), later()).unwrap_err();
    assert_eq!(error.reason(), Reason::InvalidTransition);
    assert_eq!(committed, committed_record());
    let mut record = executing_record();
    let wrong = report(TransactionType::Origin, intent().destination_chain_id, TransactionStatus::Sent);
    let error = record.apply(EventInput::progress(&wrong), later()).unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::IntentInconsistent, Some("transaction.chainId")));
    let error = record.apply(EventInput::progress(&sent), secs(crate::fixtures::executed_at(), -1)).unwrap_err();
    assert_eq!(error.reason(), Reason::ClockWentBackwards);
    assert_eq!(record, executing_record());
}

#[test]
fn a_state_with_progress_but_no_execution_or_another_revision_is_invalid_record() {
    let mut state = state_of(&committed_record());
    state.progress_reports = Some(1);
    state.revision += 1;
    let error = IntentRecord::from_state(state).unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::InvalidRecord, Some("progressReports")));
    let mut record = executing_record();
    let sent = report(TransactionType::Origin, intent().origin_chain_id, TransactionStatus::Sent);
    assert!(!record.apply(EventInput::progress(&sent), later()).unwrap().is_replay());
    let mut state = state_of(&record);
    state.progress_reports = None;
    let error = IntentRecord::from_state(state).unwrap_err();
    assert_eq!((error.reason(), error.path()), (Reason::InvalidRecord, Some("revision")));
}

/// The published members of the intent's objects (the same schema and commit as
/// [`PUBLISHED`]), and those this library does not model, each kept as an unknown member
/// (docs/spec.md §2): `edge` (an edge deployment's metadata), `gasFeeOptions` (QuoteResponse
/// carries them beside the intent) and `intentProtocol` (an enum of protocol versions this
/// library has one of).
const PUBLISHED_INTENT_OBJECTS: &[(&str, &[&str], &[&str])] = &[
    (
        "Intent",
        &[
            "createdAt",
            "depositTransaction",
            "destinationCalls",
            "destinationChainId",
            "destinationIntentAddress",
            "destinationMetaTxn",
            "destinationPrecondition",
            "destinationTokenAddress",
            "edge",
            "expiresAt",
            "fees",
            "gasFeeOptions",
            "id",
            "intentId",
            "intentProtocol",
            "isTestnet",
            "originCalls",
            "originChainId",
            "originIntentAddress",
            "originMetaTxn",
            "originPrecondition",
            "originTokenAddress",
            "ownerAddress",
            "passthrough",
            "projectId",
            "quote",
            "quoteRequest",
            "salt",
            "serviceContracts",
            "serviceVersion",
            "status",
            "timedRefundUnlockTimestamp",
            "updatedAt",
        ],
        &["edge", "gasFeeOptions", "intentProtocol"],
    ),
    ("DepositTransaction", &["amount", "chainId", "data", "decimals", "to", "toAddress", "tokenAddress", "value"], &[]),
    (
        "FeeOption",
        &[
            "amount",
            "amountUsd",
            "feeCollectorAddress",
            "is2612",
            "isPassthroughEligible",
            "tokenAddress",
            "tokenDecimals",
            "tokenSymbol",
        ],
        &[],
    ),
    ("MetaTxn", &["bridgeGas", "chainId", "contract", "id", "input", "walletAddress"], &[]),
];

#[test]
fn the_intents_objects_have_every_published_member_but_those_not_modelled() {
    let ours: &[(&str, &[&str])] = &[
        ("Intent", intent_core::Intent::KEYS),
        ("DepositTransaction", intent_core::DepositTransaction::KEYS),
        ("FeeOption", intent_core::FeeOption::KEYS),
        ("MetaTxn", intent_core::MetaTxn::KEYS),
    ];
    for ((name, keys), (published_name, published, not_modelled)) in ours.iter().zip(PUBLISHED_INTENT_OBJECTS) {
        assert_eq!(name, published_name);
        let mut expected: Vec<&str> = published.iter().filter(|k| !not_modelled.contains(k)).copied().collect();
        expected.sort_unstable();
        let mut keys = keys.to_vec();
        keys.sort_unstable();
        assert_eq!(keys, expected, "{name}");
    }
}

#[test]
fn the_published_members_modelled_in_2026_are_read_and_written_back_unchanged() {
    let text =
        std::fs::read(format!("{}/examples/published/intent-permit-only.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let intent: intent_core::Intent = from_slice(&text).unwrap();
    assert_eq!(intent.is_testnet, Some(false));
    assert_eq!(intent.origin_token_address, Some(intent.quote_request.origin_token_address));
    assert!(intent.unknown.get("isTestnet").is_none(), "a modelled member is no unknown one");
    let again: intent_core::Intent = from_slice(to_string(&intent).as_bytes()).unwrap();
    assert_eq!(again, intent);
}
