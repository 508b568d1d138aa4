//! The published API as its clients use it (docs/spec.md §8, §12): the published error
//! kinds of a request that needs no intent and of a chain the service does not serve; the
//! published client's WaitIntentReceipt loop, which waits on each request.

use std::sync::Arc;
use std::time::Duration;

use axum::http::Method;
use serde_json::{json, Value};

use crate::support::app::App;
use crate::support::*;

fn quote_request_value() -> Value {
    serde_json::from_str(&quote_request()).unwrap()
}

/// The reply's kind, code, HTTP status and cause.
fn kind(reply: &Reply) -> (Value, Value, u16, String) {
    let body = reply.json();
    (body["error"].clone(), body["code"].clone(), reply.status, reply.cause())
}

#[tokio::test]
async fn nothing_to_do_is_intents_skipped_and_an_unserved_chain_unsupported_network() {
    let app = App::open(&database("published-kinds"), |_| {}).await;
    // Same chain, same token, no call data, the owner as recipient: no intent is needed.
    let mut nothing = quote_request_value();
    nothing["destinationChainId"] = nothing["originChainId"].clone();
    nothing["destinationTokenAddress"] = nothing["originTokenAddress"].clone();
    nothing["destinationToAddress"] = nothing["ownerAddress"].clone();
    let reply = app.rpc("QuoteIntent", base(), &nothing.to_string()).await;
    assert_eq!(kind(&reply), (json!("IntentsSkipped"), json!(7000), 400, "NOTHING_TO_DO".to_owned()));
    // A chain the configuration does not list, on either side.
    for member in ["originChainId", "destinationChainId"] {
        let mut unserved = quote_request_value();
        unserved[member] = json!(5);
        let reply = app.rpc("QuoteIntent", base(), &unserved.to_string()).await;
        assert_eq!(
            kind(&reply),
            (json!("UnsupportedNetwork"), json!(8008), 422, format!("CHAIN_NOT_SERVED at {member}"))
        );
    }
}

/// Until the service holds a WaitIntentReceipt open (its starting states read), or `client`
/// ended.
async fn held(app: &App, client: &tokio::task::JoinHandle<usize>) {
    loop {
        let metrics = app.request(Method::GET, "/metrics", &[("x-access-key", OPERATOR_KEY)], b"").await.body;
        let open = metrics.lines().find_map(|line| line.strip_prefix("service_waiters_open ")?.parse::<f64>().ok());
        if open == Some(1.0) || client.is_finished() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn the_published_wait_loop_makes_one_request_per_change() {
    let app = Arc::new(App::open(&database("published-wait"), |_| {}).await);
    let quote = app.quote_with(ACCESS_KEY, &quote_request()).await;
    let id = quote.intent.intent_id.clone();
    assert_eq!(app.call("CommitIntent", ACCESS_KEY, &commit_body(&quote)).await.status, 200);
    assert_eq!(app.call("ExecuteIntent", ACCESS_KEY, &hash_request(&id, random_hash())).await.status, 200);
    // The published client: waitIntentReceipt({intentId}) until done, each answer read.
    let (answers, mut answered) = tokio::sync::mpsc::unbounded_channel::<Value>();
    let client = tokio::spawn({
        let (app, id) = (app.clone(), id.clone());
        async move {
            let mut requests = 0;
            loop {
                let answer =
                    app.call("WaitIntentReceipt", ACCESS_KEY, &json!({"intentId": id}).to_string()).await.json();
                requests += 1;
                let done = answer["done"] == json!(true);
                answers.send(answer).unwrap();
                // More requests than changes: the loop would spin; stop it for the assertions.
                if done || requests > 2 {
                    return requests;
                }
            }
        }
    });
    // Each change is made while a request is held, and answers that request.
    held(&app, &client).await;
    let sent = json!({"intentId": id, "transaction": {"type": "ORIGIN", "chainId": 42161, "status": "SENT"}});
    assert_eq!(app.call("ReportIntentOutcome", OPERATOR_KEY, &sent.to_string()).await.status, 200);
    let first = answered.recv().await.unwrap();
    assert_eq!((&first["receiptStates"], &first["done"]), (&json!(["SENT", "SENT"]), &json!(false)), "{first}");
    held(&app, &client).await;
    let succeeded = json!({"intentId": id, "outcome": "SUCCEEDED",
        "transaction": {"type": "DESTINATION", "chainId": 8453, "status": "SUCCEEDED"}});
    assert_eq!(app.call("ReportIntentOutcome", OPERATOR_KEY, &succeeded.to_string()).await.status, 200);
    let second = answered.recv().await.unwrap();
    assert_eq!((&second["intentReceipt"]["status"], &second["done"]), (&json!("SUCCEEDED"), &json!(true)));
    assert_eq!(client.await.unwrap(), 2, "one request per change");
    // A request for a done intent, or with timeoutSeconds 0, is answered at once.
    let at_once = app.call("WaitIntentReceipt", ACCESS_KEY, &json!({"intentId": id}).to_string()).await;
    assert_eq!(at_once.json()["done"], json!(true));
}

#[tokio::test]
async fn a_misspelt_member_is_refused_and_a_published_one_not_served_is_named() {
    let app = App::open(&database("published-members"), |_| {}).await;
    // A misspelling is refused at its path, not answered with the default slippage.
    let mut misspelt = quote_request_value();
    misspelt["options"]["slipageTolerance"] = json!(0.5);
    let reply = app.rpc("QuoteIntent", base(), &misspelt.to_string()).await;
    let cause = "MEMBER_NOT_SERVED at options.slipageTolerance".to_owned();
    assert_eq!(kind(&reply), (json!("InvalidArgument"), json!(2000), 400, cause));
    // A provider the service does not route through is refused, never echoed.
    let mut provider = quote_request_value();
    provider["options"]["bridgeProvider"] = json!("SOME_BRIDGE");
    let reply = app.rpc("QuoteIntent", base(), &provider.to_string()).await;
    assert_eq!(reply.cause(), "OPTION_NOT_SERVED at options.bridgeProvider");
    // The configuration may allow unknown members: then they are kept in the quoted intent.
    let app =
        App::open(&database("published-members-allowed"), |c| c["allowUnknownRequestMembers"] = json!(true)).await;
    let reply = app.rpc("QuoteIntent", base(), &misspelt.to_string()).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.json()["intent"]["quoteRequest"]["options"]["slipageTolerance"], json!(0.5));
}

#[tokio::test]
async fn retry_intent_is_served_and_refused_by_the_cores_rules() {
    let app = App::open(&database("published-retry"), |_| {}).await;
    let quote = app.quote_with(ACCESS_KEY, &quote_request()).await;
    let id = quote.intent.intent_id.clone();
    let retry = |hash: String| json!({"intentId": id, "depositTransactionHash": hash}).to_string();
    // A committed intent has no deposit to replace: the published IntentStatus.
    assert_eq!(app.call("CommitIntent", ACCESS_KEY, &commit_body(&quote)).await.status, 200);
    let reply = app.call("RetryIntent", ACCESS_KEY, &retry(random_hash().to_string())).await;
    assert_eq!(kind(&reply), (json!("IntentStatus"), json!(2004), 422, "INVALID_TRANSITION".to_owned()));
    // Executing with an unverified deposit (the example configuration has no node and accepts
    // one at execute): a replacement is judged on the node's evidence alone, which there is none of.
    assert_eq!(app.call("ExecuteIntent", ACCESS_KEY, &hash_request(&id, random_hash())).await.status, 200);
    let reply = app.call("RetryIntent", ACCESS_KEY, &retry(random_hash().to_string())).await;
    let cause = "DEPOSIT_UNVERIFIED at depositTransactionHash".to_owned();
    assert_eq!(kind(&reply), (json!("Unauthorized"), json!(1000), 401, cause));
    // An unknown intent, and a malformed hash, as every operation answers them.
    let unknown = json!({"intentId": "0x00", "depositTransactionHash": random_hash().to_string()});
    let reply = app.call("RetryIntent", ACCESS_KEY, &unknown.to_string()).await;
    assert_eq!(reply.cause(), "INTENT_NOT_FOUND at intentId");
    let reply = app.call("RetryIntent", ACCESS_KEY, &retry("0x12".to_owned())).await;
    assert_eq!(reply.cause(), "INVALID_HEX at depositTransactionHash");
}

#[tokio::test]
async fn receipts_carry_the_configured_token_metadata() {
    let app = App::open(&database("published-metadata"), |c| {
        c["tokens"][0]["name"] = json!("Dai Stablecoin");
        c["tokens"][0]["logoUri"] = json!("https://example.com/dai.png");
        for token in c["tokens"].as_array_mut().expect("tokens") {
            if token["chainId"] == 8453 && token["symbol"] == "DAI" {
                token.as_object_mut().expect("a token").remove("name");
            }
        }
    })
    .await;
    let quote = app.committed(base(), &quote_request_of_a_fresh_owner()).await;
    let id = quote.intent.intent_id.clone();
    let origin = json!({"chainId": 42161, "decimals": 18, "logoUri": "https://example.com/dai.png", "name": "Dai Stablecoin",
        "symbol": "DAI", "tokenAddress": "0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1"});
    // A token without a configured name is named by its symbol.
    let destination = json!({"chainId": 8453, "decimals": 18, "name": "DAI", "symbol": "DAI",
        "tokenAddress": "0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb"});
    let receipt = app.rpc("GetIntentReceipt", at(base(), 2), &receipt_request(&id)).await.json();
    let summary = &receipt["intentReceipt"]["summary"];
    assert_eq!((&summary["originTokenMetadata"], &summary["destinationTokenMetadata"]), (&origin, &destination));
    let body = json!({"intentId": id, "timeoutSeconds": 0}).to_string();
    let waited = app.rpc("WaitIntentReceipt", at(base(), 2), &body).await.json();
    assert_eq!(waited["intentReceipt"]["summary"]["originTokenMetadata"], origin);
    let history = json!({"byOwnerAddress": quote.intent.owner_address.to_string(), "page": {"pageSize": 1}});
    let history = app.rpc("GetIntentHistory", at(base(), 2), &history.to_string()).await.json();
    assert_eq!(history["intents"][0]["receipt"]["summary"]["destinationTokenMetadata"], destination);
}

/// The published schemas (`examples/published/schema-fields.json`, a committed copy of the
/// published document's schemas reduced to their fields).
fn published_schemas() -> Value {
    let text = std::fs::read_to_string(repo().join("examples/published/schema-fields.json")).unwrap();
    serde_json::from_str::<Value>(&text).unwrap()["schemas"].clone()
}

/// This repository's name of a published member: `trails` is `service` here (docs/spec.md §2).
fn ours(published: &str) -> String {
    published.replace("trails", "service").replace("Trails", "Service")
}

/// Every member `value` must have as the published schema `name` (recursively through the
/// members whose type is another published object): the paths of those it lacks.
fn missing(schemas: &Value, name: &str, value: &Value, path: &str, lacking: &mut Vec<String>) {
    let Some(schema) = schemas.get(name).filter(|s| s.get("properties").is_some()) else { return };
    for key in schema["required"].as_array().unwrap() {
        let key = key.as_str().unwrap();
        if value.get(ours(key)).is_none_or(Value::is_null) {
            lacking.push(format!("{path}{}", ours(key)));
        }
    }
    for (key, ty) in schema["properties"].as_object().unwrap() {
        let (Some(member), Some(ty)) = (value.get(ours(key)), ty.as_str()) else { continue };
        let at = format!("{path}{}", ours(key));
        match ty.strip_prefix("array[]:") {
            Some(element) => {
                for (i, item) in member.as_array().into_iter().flatten().enumerate() {
                    missing(schemas, element, item, &format!("{at}[{i}]."), lacking);
                }
            }
            None => missing(schemas, ty, member, &format!("{at}."), lacking),
        }
    }
}

#[tokio::test]
async fn a_client_written_from_the_published_document_needs_nothing_else() {
    let schemas = published_schemas();
    let app = App::open(&database("published-client"), |_| {}).await;
    let mut lacking = Vec::new();
    let mut answer = |operation: &str, reply: Reply, schema: &str| {
        assert_eq!(reply.status, 200, "{operation}: {}", reply.body);
        let value = reply.json();
        missing(&schemas, schema, &value, &format!("{operation}: "), &mut lacking);
        value
    };
    // The published order: quote, commit (the intent as quoted), execute (the deposit's hash),
    // wait until done, the receipt, the history. Requests name published members only.
    let quote =
        answer("QuoteIntent", app.call("QuoteIntent", ACCESS_KEY, &quote_request()).await, "QuoteIntentResponse");
    let intent = quote["intent"].clone();
    let id = intent["intentId"].as_str().unwrap().to_owned();
    // The check itself: a quote without its ready-to-send deposit's `to` is caught.
    let mut broken = quote.clone();
    broken["intent"]["depositTransaction"].as_object_mut().unwrap().remove("to");
    let mut caught = Vec::new();
    missing(&schemas, "QuoteIntentResponse", &broken, "", &mut caught);
    assert_eq!(caught, ["intent.depositTransaction.to"]);
    let commit = json!({"intent": intent}).to_string();
    answer("CommitIntent", app.call("CommitIntent", ACCESS_KEY, &commit).await, "CommitIntentResponse");
    let execute = json!({"intentId": id, "depositTransactionHash": random_hash().to_string()}).to_string();
    answer("ExecuteIntent", app.call("ExecuteIntent", ACCESS_KEY, &execute).await, "ExecuteIntentResponse");
    // The example's chains have no wallet: the operator reports the outcome (not the client).
    let succeeded = json!({"intentId": id, "outcome": "SUCCEEDED",
        "transaction": {"type": "DESTINATION", "chainId": 8453, "status": "SUCCEEDED"}});
    assert_eq!(app.call("ReportIntentOutcome", OPERATOR_KEY, &succeeded.to_string()).await.status, 200);
    let wait = json!({"intentId": id}).to_string();
    let waited = answer(
        "WaitIntentReceipt",
        app.call("WaitIntentReceipt", ACCESS_KEY, &wait).await,
        "WaitIntentReceiptResponse",
    );
    assert_eq!(waited["done"], json!(true));
    let receipt = json!({"intentId": id}).to_string();
    answer("GetIntentReceipt", app.call("GetIntentReceipt", ACCESS_KEY, &receipt).await, "GetIntentReceiptResponse");
    let history = json!({"byOwnerAddress": intent["ownerAddress"]}).to_string();
    answer("GetIntentHistory", app.call("GetIntentHistory", ACCESS_KEY, &history).await, "GetIntentHistoryResponse");
    assert_eq!(lacking, Vec::<String>::new(), "members the published schema requires that the answers lack");
}

#[tokio::test]
async fn receipts_write_the_published_transaction_members_the_intent_and_the_record_tell() {
    let app = App::open(&database("published-transaction-members"), |_| {}).await;
    // One base for every instant of the test: each call of `base()` reads the clock.
    let t = base();
    let quote = app.committed(t, &quote_request_of_a_fresh_owner()).await;
    let intent: Value = serde_json::from_str(&intent_core::to_string(&quote.intent)).unwrap();
    let id = quote.intent.intent_id.clone();
    let (origin_chain, destination_chain) = (&intent["originChainId"], &intent["destinationChainId"]);
    assert_eq!(app.rpc("ExecuteIntent", at(t, 2), &hash_request(&id, random_hash())).await.status, 200);
    let hash = random_hash().to_string();
    for (second, status) in [(3, "SENT"), (4, "MINING")] {
        let progress = json!({"intentId": id,
            "transaction": {"type": "ORIGIN", "chainId": origin_chain, "status": status, "txnHash": hash}});
        assert_eq!(app.report(at(t, second), &progress.to_string()).await.status, 200);
    }
    let receipt = app.rpc("GetIntentReceipt", at(t, 5), &receipt_request(&id)).await.json();
    let origin = &receipt["intentReceipt"]["originTransaction"];
    let meta_txn = &intent["originMetaTxn"];
    assert_eq!(
        (&origin["metaTxnId"], &origin["precondition"], &origin["calldata"]),
        (&meta_txn["id"], &intent["originPrecondition"], &meta_txn["input"])
    );
    // Created by the first report, updated by the last.
    let (first, last) = (json!(at(t, 3).to_string()), json!(at(t, 4).to_string()));
    assert_eq!((&origin["createdAt"], &origin["updatedAt"], &origin["statusUpdatedAt"]), (&first, &last, &last));
    // The deposit (taken on its word: no node) is the quote's ready-to-send one, not kept yet.
    let deposit = &receipt["intentReceipt"]["depositTransaction"];
    assert_eq!(deposit["calldata"], intent["depositTransaction"]["data"]);
    assert!(deposit["calldata"].is_string());
    assert_eq!((deposit.get("metaTxnId"), deposit.get("precondition"), deposit.get("createdAt")), (None, None, None));
    assert_eq!(deposit["updatedAt"], deposit["statusUpdatedAt"]);
    let succeeded = json!({"intentId": id, "outcome": "SUCCEEDED",
        "transaction": {"type": "DESTINATION", "chainId": destination_chain, "status": "SUCCEEDED"}});
    let answer = app.report(at(t, 6), &succeeded.to_string()).await.json();
    let destination = &answer["intentReceipt"]["destinationTransaction"];
    let meta_txn = &intent["destinationMetaTxn"];
    assert_eq!(
        (&destination["metaTxnId"], &destination["precondition"], &destination["calldata"]),
        (&meta_txn["id"], &intent["destinationPrecondition"], &meta_txn["input"])
    );
    assert_eq!(destination["createdAt"], json!(at(t, 6).to_string()));
    // The history's receipt is the same.
    let history = json!({"byOwnerAddress": intent["ownerAddress"], "page": {"pageSize": 1}});
    let history = app.rpc("GetIntentHistory", at(t, 7), &history.to_string()).await.json();
    let listed = &history["intents"][0]["receipt"];
    assert_eq!(listed["originTransaction"], *origin);
    assert_eq!(listed["destinationTransaction"], *destination);
}
