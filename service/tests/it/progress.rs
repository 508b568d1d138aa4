//! Progress reports without an outcome over HTTP, in process (docs/spec.md §6.6, §12):
//! ReportIntentOutcome without `outcome` keeps a transaction's progress on an EXECUTING
//! intent's receipt, wakes its waiters, is harmless when repeated, and is refused before
//! execution. The database is `INTENT_SERVICE_TEST_DB` (a `postgres://` URL) or a fresh
//! SQLite file.

use std::time::Duration;

use crate::support::{commit_body, database, hash_request, quote_request, random_hash, ACCESS_KEY, OPERATOR_KEY};
use axum::http::StatusCode;
use axum::Router;
use intent_core::{from_slice, QuoteResponse};
use intent_service::config::{ServiceConfig, EXAMPLE_CONFIG};
use intent_service::Service;
use serde_json::{json, Value};

struct Answer {
    status: StatusCode,
    body: Value,
}

async fn call(router: &Router, operation: &str, body: &str) -> Answer {
    let (path, key) = match operation {
        "ReportIntentOutcome" => (format!("/rpc/Operator/{operation}"), OPERATOR_KEY),
        _ => (format!("/rpc/Service/{operation}"), ACCESS_KEY),
    };
    let (status, body) = crate::support::call_in_process(router, &path, &[("x-access-key", key)], body).await;
    Answer { status, body }
}

/// A ReportIntentOutcome body without an outcome: the ORIGIN transaction's `status`.
fn progress(id: &str, chain: u64, status: &str, hash: &str) -> String {
    json!({"intentId": id, "transaction": {"type": "ORIGIN", "chainId": chain, "status": status, "txnHash": hash}})
        .to_string()
}

#[tokio::test]
async fn progress_without_an_outcome_is_kept_wakes_waiters_and_is_refused_before_execution() {
    let config = ServiceConfig::parse(EXAMPLE_CONFIG.as_bytes()).unwrap();
    let service = Service::open(config, &database("progress"), &[], &[], false).await.unwrap();
    let router = service.router();
    let quote = call(&router, "QuoteIntent", &quote_request()).await;
    let quote: QuoteResponse = from_slice(quote.body.to_string().as_bytes()).unwrap();
    let id = quote.intent.intent_id.clone();
    let chain = quote.intent.origin_chain_id;
    let hash = random_hash().to_string();
    assert_eq!(call(&router, "CommitIntent", &commit_body(&quote)).await.status, StatusCode::OK);
    // Before execution: the core's INVALID_TRANSITION, nothing kept.
    let answer = call(&router, "ReportIntentOutcome", &progress(&id, chain, "SENT", &hash)).await;
    assert_eq!(
        (answer.status, &answer.body["cause"]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("INVALID_TRANSITION"))
    );
    assert_eq!(call(&router, "ExecuteIntent", &hash_request(&id, random_hash())).await.status, StatusCode::OK);

    // A waiter that saw [SENT, PENDING] is woken by the origin transaction's progress.
    let wait = json!({"intentId": id, "lastReceiptStates": ["SENT", "PENDING"], "timeoutSeconds": 20}).to_string();
    let waiter = tokio::spawn({
        let router = router.clone();
        async move { call(&router, "WaitIntentReceipt", &wait).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!waiter.is_finished());
    let answer = call(&router, "ReportIntentOutcome", &progress(&id, chain, "MINING", &hash)).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let origin = &answer.body["intentReceipt"]["originTransaction"];
    assert_eq!((&origin["status"], &origin["txnHash"]), (&json!("MINING"), &json!(hash)));
    assert_eq!(answer.body["intentReceipt"]["status"], "EXECUTING");
    let woken = tokio::time::timeout(Duration::from_secs(5), waiter).await.expect("woken").unwrap();
    assert_eq!((&woken.body["receiptStates"], &woken.body["done"]), (&json!(["SENT", "MINING"]), &json!(false)));

    // The same report again changes nothing; the origin hash is found by a search.
    let again = call(&router, "ReportIntentOutcome", &progress(&id, chain, "MINING", &hash)).await;
    assert_eq!(again.body["intentReceipt"], answer.body["intentReceipt"]);
    let found = call(&router, "SearchIntents", &json!({"byTransactionHash": hash}).to_string()).await;
    assert_eq!(found.body["intents"][0]["intentId"], json!(id));
    // The outcome still follows.
    let outcome = json!({"intentId": id, "outcome": "SUCCEEDED",
        "transaction": {"type": "ORIGIN", "chainId": chain, "status": "SUCCEEDED", "txnHash": hash}});
    let answer = call(&router, "ReportIntentOutcome", &outcome.to_string()).await;
    assert_eq!(answer.body["intentReceipt"]["status"], "SUCCEEDED", "{}", answer.body);
}
