//! SearchIntents and GetIntentHistory over HTTP, in process (docs/spec.md §12): each
//! filter, pages that lose and repeat nothing while intents arrive, the page size limit,
//! another project's intents never visible, published filters not served refused, and the
//! query plans of every filter using an index. The database is `INTENT_SERVICE_TEST_DB` (a
//! `postgres://` URL) or a fresh SQLite file; each test has projects of its own, so a
//! shared PostgreSQL database holds other tests' intents beside them.

use std::collections::{BTreeSet, HashSet};

use crate::support::{base, database, hash_request, quote_request, random_hash, OPERATOR_KEY};
use axum::http::StatusCode;
use axum::Router;
use intent_core::{from_slice, Address, QuoteResponse, RecordState, Timestamp};
use intent_service::config::{ServiceConfig, EXAMPLE_CONFIG};
use intent_service::store::listing::{HistoryFilter, SearchFilter};
use intent_service::store::{Backend, Store};
use intent_service::Service;
use serde_json::{json, Value};
use sqlx::Row;

/// A project of one test: its id (random, so tests sharing a database never meet) and key.
#[derive(Clone)]
struct Project {
    id: u64,
    key: String,
}

fn project() -> Project {
    let id = u64::from_be_bytes(random_hash()[..8].try_into().unwrap()) >> 20;
    Project { id, key: format!("search-key-{id}") }
}

/// The shipped configuration with `projects`, rates no test reaches, and the test clock.
async fn service_on(db: &str, projects: &[&Project]) -> Service {
    let mut config: Value = serde_json::from_str(EXAMPLE_CONFIG).unwrap();
    config["projects"] =
        projects.iter().map(|p| json!({"projectId": p.id, "accessKeys": [p.key]})).collect::<Vec<_>>().into();
    config["rateLimits"] = json!({"requestsPerSecond": 1_000_000, "burst": 1_000_000, "quotesPerMinute": 1_000_000});
    let config = ServiceConfig::parse(config.to_string().as_bytes()).unwrap();
    Service::open(config, db, &[], &[], true).await.unwrap()
}

struct Answer {
    status: StatusCode,
    body: Value,
}

impl Answer {
    fn cause(&self) -> &str {
        self.body["cause"].as_str().unwrap_or("")
    }

    fn ok(self) -> Value {
        assert_eq!(self.status, StatusCode::OK, "{}", self.body);
        self.body
    }
}

async fn call_at(router: &Router, operation: &str, key: &str, now: Timestamp, body: &str) -> Answer {
    let scope = if operation == "ReportIntentOutcome" { "Operator" } else { "Service" };
    let now = now.to_string();
    let headers = [("x-access-key", key), ("x-test-now", now.as_str())];
    let (status, body) =
        crate::support::call_in_process(router, &format!("/rpc/{scope}/{operation}"), &headers, body).await;
    Answer { status, body }
}

async fn call(router: &Router, operation: &str, key: &str, body: &str) -> Answer {
    call_at(router, operation, key, base(), body).await
}

/// Quotes `change`d example request for `project` at `now`.
async fn quote_at(
    router: &Router,
    project: &Project,
    now: Timestamp,
    change: impl FnOnce(&mut Value),
) -> QuoteResponse {
    let mut request: Value = serde_json::from_str(&quote_request()).unwrap();
    change(&mut request);
    let answer = call_at(router, "QuoteIntent", &project.key, now, &request.to_string()).await;
    from_slice(answer.ok().to_string().as_bytes()).unwrap()
}

async fn quote(router: &Router, project: &Project) -> QuoteResponse {
    quote_at(router, project, base(), |_| {}).await
}

/// A fresh owner address.
fn owner() -> String {
    Address::from_slice(&random_hash()[..20]).to_string()
}

/// The intent ids a search answers, in its order.
fn searched(body: &Value) -> Vec<String> {
    body["intents"].as_array().unwrap().iter().map(|i| i["intentId"].as_str().unwrap().to_owned()).collect()
}

async fn search(router: &Router, project: &Project, body: Value) -> Vec<String> {
    searched(&call(router, "SearchIntents", &project.key, &body.to_string()).await.ok())
}

/// Every page of the history of `filters` (with `pageSize`), following `nextPage`.
async fn history(router: &Router, project: &Project, filters: Value, page_size: u64) -> Vec<String> {
    let mut all = Vec::new();
    let mut page = json!({"pageSize": page_size});
    loop {
        let mut body = filters.clone();
        body["page"] = page;
        let answer = call(router, "GetIntentHistory", &project.key, &body.to_string()).await.ok();
        all.extend(searched(&answer));
        if answer["nextPage"]["more"] != json!(true) {
            return all;
        }
        page = answer["nextPage"].clone();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_lose_and_repeat_nothing_while_intents_arrive() {
    let ours = project();
    let service = service_on(&database("search"), &[&ours]).await;
    let router = service.router();
    let mut before = Vec::new();
    for _ in 0..75 {
        before.push(quote(&router, &ours).await.intent.intent_id);
    }
    before.reverse();
    // Pages of 7 read while another task quotes 30 more intents.
    let arriving = tokio::spawn({
        let (router, ours) = (router.clone(), ours.clone());
        async move {
            let mut ids = Vec::new();
            for _ in 0..30 {
                ids.push(quote(&router, &ours).await.intent.intent_id);
            }
            ids
        }
    });
    let paged = history(&router, &ours, json!({}), 7).await;
    let arrived = arriving.await.unwrap();
    let unique: HashSet<&String> = paged.iter().collect();
    assert_eq!(unique.len(), paged.len(), "an intent was listed twice");
    let listed_before: Vec<&String> = paged.iter().filter(|id| before.contains(id)).collect();
    assert_eq!(listed_before, before.iter().collect::<Vec<_>>(), "every earlier intent, once, newest first");
    assert!(paged.iter().all(|id| before.contains(id) || arrived.contains(id)));

    // A page back towards newer intents from the oldest one's cursor.
    let first = call(&router, "GetIntentHistory", &ours.key, r#"{"page":{"pageSize":100}}"#).await.ok();
    assert_eq!(first["nextPage"]["more"], json!(true));
    let second = json!({"page": first["nextPage"]}).to_string();
    let second = call(&router, "GetIntentHistory", &ours.key, &second).await.ok();
    assert_eq!(second["nextPage"]["more"], json!(false));
    let all = [searched(&first), searched(&second)].concat();
    assert_eq!(all.len(), 105);
    let oldest = &second["nextPage"]["after"];
    let newer = json!({"page": {"before": oldest, "pageSize": 5}}).to_string();
    let newer = call(&router, "GetIntentHistory", &ours.key, &newer).await.ok();
    assert_eq!(searched(&newer), all[99..104].to_vec(), "the five just newer than the oldest, newest first");
    assert_eq!(newer["nextPage"]["more"], json!(true));

    // More than a search answers: refused, never cut short.
    let answer = call(&router, "SearchIntents", &ours.key, &json!({"byProjectId": ours.id}).to_string()).await;
    assert_eq!((answer.status, answer.cause()), (StatusCode::BAD_REQUEST, "TOO_MANY_RESULTS"));
}

#[tokio::test]
async fn a_page_above_the_largest_is_refused_at_its_path_never_cut_short() {
    let ours = project();
    let service = service_on(&database("search"), &[&ours]).await;
    let router = service.router();
    for size in [101, 0] {
        let body = json!({"page": {"pageSize": size}}).to_string();
        let answer = call(&router, "GetIntentHistory", &ours.key, &body).await;
        assert_eq!((answer.status, answer.cause()), (StatusCode::BAD_REQUEST, "NUMBER_OUT_OF_RANGE at page.pageSize"));
        assert_eq!(answer.body["code"], 2000);
    }
    let body = json!({"page": {"pageSize": 100}}).to_string();
    let answer = call(&router, "GetIntentHistory", &ours.key, &body).await.ok();
    assert_eq!(answer["nextPage"], json!({"more": false, "pageSize": 100}));
}

#[tokio::test]
async fn published_filters_this_service_does_not_serve_are_refused_not_ignored() {
    let ours = project();
    let service = service_on(&database("search"), &[&ours]).await;
    let router = service.router();
    let answer = call(&router, "SearchIntents", &ours.key, r#"{"byQueryString":"dai"}"#).await;
    assert_eq!((answer.status, answer.cause()), (StatusCode::BAD_REQUEST, "FILTER_NOT_SERVED at byQueryString"));
    let body = r#"{"page":{"sort":[{"column":"createdAt","order":"ASC"}]}}"#;
    let answer = call(&router, "GetIntentHistory", &ours.key, body).await;
    assert_eq!((answer.status, answer.cause()), (StatusCode::BAD_REQUEST, "FILTER_NOT_SERVED at page.sort"));
    let answer = call(&router, "GetIntentHistory", &ours.key, r#"{"bySwapProvider":"LIFI"}"#).await;
    assert_eq!((answer.status, answer.cause()), (StatusCode::BAD_REQUEST, "FILTER_NOT_SERVED at bySwapProvider"));
}

/// The ReportIntentOutcome body of a transaction of `kind` with `hash`.
fn report(id: &str, outcome: &str, kind: &str, chain: u64, hash: &str) -> String {
    let transaction = json!({"type": kind, "chainId": chain, "status": outcome, "txnHash": hash});
    json!({"intentId": id, "outcome": outcome, "reason": "reported", "transaction": transaction}).to_string()
}

#[tokio::test]
async fn each_filter_finds_exactly_its_intents() {
    let ours = project();
    let service = service_on(&database("search"), &[&ours]).await;
    let router = service.router();
    let t0 = base();
    let (alice, bob) = (owner(), owner());
    // a: alice, DAI → DAI, quoted at t0, stays QUOTED.
    let a = quote_at(&router, &ours, t0, |r| r["ownerAddress"] = json!(alice)).await.intent;
    // b: alice, USDC on Base → USDC on Arbitrum, at t0 + 100, committed then aborted.
    let b = quote_at(&router, &ours, crate::support::at(t0, 100), |r| {
        r["ownerAddress"] = json!(alice);
        r["originChainId"] = json!(8453);
        r["originTokenAddress"] = json!("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
        r["destinationChainId"] = json!(42161);
        r["destinationTokenAddress"] = json!("0xaf88d065e77c8cC2239327C5EDb3A432268e5831");
    })
    .await
    .intent;
    // c: bob, DAI → DAI, at t0 + 200, executed with a deposit hash, then succeeded.
    let c = quote_at(&router, &ours, crate::support::at(t0, 200), |r| r["ownerAddress"] = json!(bob)).await.intent;
    let (a_id, b_id, c_id) = (a.intent_id.clone(), b.intent_id.clone(), c.intent_id.clone());
    let at = |s| crate::support::at(t0, s);
    call_at(&router, "CommitIntent", &ours.key, at(101), &commit_body_of(&b)).await.ok();
    let abort_hash = random_hash().to_string();
    let abort = json!({"intentId": b_id, "chainId": b.origin_chain_id, "abortTransactionHash": abort_hash});
    call_at(&router, "AbortIntent", &ours.key, at(102), &abort.to_string()).await.ok();
    call_at(&router, "CommitIntent", &ours.key, at(201), &commit_body_of(&c)).await.ok();
    let deposit_hash = random_hash();
    call_at(&router, "ExecuteIntent", &ours.key, at(202), &hash_request(&c_id, deposit_hash)).await.ok();
    let destination_hash = random_hash().to_string();
    let succeeded = report(&c_id, "SUCCEEDED", "DESTINATION", c.destination_chain_id, &destination_hash);
    call_at(&router, "ReportIntentOutcome", OPERATOR_KEY, at(203), &succeeded).await.ok();

    let ids = |ids: &[&String]| ids.iter().map(|id| (*id).clone()).collect::<Vec<_>>();
    // SearchIntents, newest first.
    assert_eq!(search(&router, &ours, json!({"byIntentId": a_id})).await, ids(&[&a_id]));
    assert_eq!(search(&router, &ours, json!({"byOwnerAddress": alice})).await, ids(&[&b_id, &a_id]));
    let lower = alice.to_lowercase();
    assert_eq!(search(&router, &ours, json!({"byOwnerAddress": lower})).await, ids(&[&b_id, &a_id]), "any case");
    let origin = b.origin_intent_address.to_string();
    assert_eq!(search(&router, &ours, json!({"byOriginIntentAddress": origin})).await, ids(&[&b_id]));
    let destination = c.destination_intent_address.unwrap().to_string();
    assert_eq!(search(&router, &ours, json!({"byDestinationIntentAddress": destination})).await, ids(&[&c_id]));
    assert_eq!(search(&router, &ours, json!({"byTransactionHash": deposit_hash.to_string()})).await, ids(&[&c_id]));
    assert_eq!(search(&router, &ours, json!({"byTransactionHash": destination_hash})).await, ids(&[&c_id]));
    assert_eq!(search(&router, &ours, json!({"byTransactionHash": abort_hash})).await, ids(&[&b_id]));
    assert!(search(&router, &ours, json!({"byTransactionHash": random_hash().to_string()})).await.is_empty());
    assert_eq!(search(&router, &ours, json!({"byOwnerAddress": alice, "byIntentId": c_id})).await, ids(&[]));
    assert_eq!(search(&router, &ours, json!({"byProjectId": ours.id})).await, ids(&[&c_id, &b_id, &a_id]));

    // GetIntentHistory, each filter alone, through pages of one.
    let cases = [
        (json!({}), ids(&[&c_id, &b_id, &a_id])),
        (json!({"byOwnerAddress": bob}), ids(&[&c_id])),
        (json!({"byStatus": "QUOTED"}), ids(&[&a_id])),
        (json!({"byStatuses": ["ABORTED", "SUCCEEDED"]}), ids(&[&c_id, &b_id])),
        (json!({"byStatus": "QUOTED", "byStatuses": ["ABORTED"]}), ids(&[&b_id, &a_id])),
        (json!({"byStatuses": ["NOT_A_STATUS"]}), ids(&[])),
        (json!({"originChainId": 8453}), ids(&[&b_id])),
        (json!({"originTokenAddress": "0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1"}), ids(&[&c_id, &a_id])),
        (json!({"destinationChainId": 42161}), ids(&[&b_id])),
        (json!({"destinationTokenAddress": "0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb"}), ids(&[&c_id, &a_id])),
        (json!({"fromTime": t0.unix_seconds() + 100}), ids(&[&c_id, &b_id])),
        (json!({"toTime": t0.unix_seconds() + 100}), ids(&[&a_id])),
        (json!({"fromTime": t0.unix_seconds() + 1, "toTime": t0.unix_seconds() + 200}), ids(&[&b_id])),
        (json!({"byProjectId": ours.id, "originChainId": 42161, "byOwnerAddress": alice}), ids(&[&a_id])),
    ];
    for (filters, expected) in cases {
        assert_eq!(history(&router, &ours, filters.clone(), 1).await, expected, "{filters}");
    }
    // Each item carries its status, times and receipt now.
    let page = call(&router, "GetIntentHistory", &ours.key, r#"{"page":{"pageSize":1}}"#).await.ok();
    let item = &page["intents"][0];
    assert_eq!((&item["intentId"], &item["status"]), (&json!(c_id), &json!("SUCCEEDED")));
    assert_eq!(item["receipt"]["destinationTransaction"]["txnHash"], json!(destination_hash));
    assert_eq!(item["expiresAt"], json!(c.expires_at.to_string()));
    assert_eq!(page["nextPage"]["more"], json!(true));
}

#[tokio::test]
async fn another_projects_intents_are_never_visible_through_any_filter() {
    let (ours, theirs) = (project(), project());
    let service = service_on(&database("search"), &[&ours, &theirs]).await;
    let router = service.router();
    let shared_owner = owner();
    let mine = quote_at(&router, &ours, base(), |r| r["ownerAddress"] = json!(shared_owner)).await.intent;
    let other = quote_at(&router, &theirs, base(), |r| r["ownerAddress"] = json!(shared_owner)).await.intent;
    call(&router, "CommitIntent", &theirs.key, &commit_body_of(&other)).await.ok();
    let hash = random_hash();
    call(&router, "ExecuteIntent", &theirs.key, &hash_request(&other.intent_id, hash)).await.ok();

    let searches = [
        json!({"byIntentId": other.intent_id}),
        json!({"byOwnerAddress": shared_owner}),
        json!({"byOriginIntentAddress": other.origin_intent_address.to_string()}),
        json!({"byDestinationIntentAddress": other.destination_intent_address.unwrap().to_string()}),
        json!({"byTransactionHash": hash.to_string()}),
        json!({"byProjectId": theirs.id}),
        json!({}),
    ];
    for filters in searches {
        let found = search(&router, &ours, filters.clone()).await;
        assert!(!found.contains(&other.intent_id), "{filters}: {found:?}");
    }
    assert!(search(&router, &ours, json!({"byProjectId": theirs.id})).await.is_empty());
    assert_eq!(
        search(&router, &theirs, json!({"byTransactionHash": hash.to_string()})).await,
        std::slice::from_ref(&other.intent_id)
    );

    let histories = [
        json!({}),
        json!({"byOwnerAddress": shared_owner}),
        json!({"byStatus": "EXECUTING"}),
        json!({"originChainId": other.origin_chain_id}),
        json!({"destinationChainId": other.destination_chain_id}),
        json!({"originTokenAddress": other.quote_request.origin_token_address.to_string()}),
        json!({"destinationTokenAddress": other.quote_request.destination_token_address.to_string()}),
        json!({"fromTime": 0}),
        json!({"byProjectId": theirs.id}),
    ];
    for filters in histories {
        let found = history(&router, &ours, filters.clone(), 10).await;
        assert!(!found.contains(&other.intent_id), "{filters}: {found:?}");
    }
    assert!(history(&router, &ours, json!({"byProjectId": theirs.id}), 10).await.is_empty());
    assert_eq!(
        history(&router, &ours, json!({"byOwnerAddress": shared_owner}), 10).await,
        std::slice::from_ref(&mine.intent_id)
    );
}

/// The CommitIntent body of `intent`, sent back as quoted.
fn commit_body_of(intent: &intent_core::Intent) -> String {
    format!("{{\"intent\":{}}}", intent_core::to_string(intent))
}

/// Whether a plan reads `intents` through an index only (never a full scan of it).
fn indexed(backend: Backend, plan: &[String]) -> bool {
    match backend {
        Backend::Sqlite => {
            plan.iter().all(|step| {
                !(step.starts_with("SCAN intents") || step.starts_with("SCAN quotes")) || step.contains("INDEX")
            }) && plan.iter().any(|step| step.contains("INDEX"))
        }
        Backend::Postgres => plan.iter().all(|step| !step.contains("Seq Scan")),
    }
}

#[tokio::test]
async fn every_filter_is_an_indexed_query() {
    let store = Store::open(&database("search-plans")).await.unwrap();
    let text = || Some(String::from("0x00000000000000000000000000000000000000aa"));
    let history = HistoryFilter { project_id: 1, limit: 21, ..Default::default() };
    let histories = [
        ("no filter", history.clone()),
        ("byOwnerAddress", HistoryFilter { owner_address: text(), ..history.clone() }),
        ("byStatuses", HistoryFilter { statuses: vec!["QUOTED".into(), "FAILED".into()], ..history.clone() }),
        ("originChainId", HistoryFilter { origin_chain_id: Some(1), ..history.clone() }),
        (
            "originTokenAddress",
            HistoryFilter { origin_chain_id: Some(1), origin_token_address: text(), ..history.clone() },
        ),
        ("destinationChainId", HistoryFilter { destination_chain_id: Some(1), ..history.clone() }),
        ("destinationTokenAddress", HistoryFilter { destination_token_address: text(), ..history.clone() }),
        ("fromTime", HistoryFilter { from_time: Some(1), ..history.clone() }),
        ("toTime", HistoryFilter { to_time: Some(1), ..history.clone() }),
        ("after", HistoryFilter { after: Some(100), ..history.clone() }),
        ("before", HistoryFilter { before: Some(100), ..history.clone() }),
    ];
    let backend = store.backend();
    for (name, filter) in histories {
        let plan = store.explain_history(&filter).await.unwrap();
        eprintln!("GetIntentHistory {name}: {plan:?}");
        assert!(indexed(backend, &plan), "GetIntentHistory {name}: {plan:?}");
    }
    let search = SearchFilter { project_id: 1, ..Default::default() };
    let searches = [
        ("byIntentId", SearchFilter { intent_id: text(), ..search.clone() }),
        ("byOwnerAddress", SearchFilter { owner_address: text(), ..search.clone() }),
        ("byOriginIntentAddress", SearchFilter { origin_intent_address: text(), ..search.clone() }),
        ("byDestinationIntentAddress", SearchFilter { destination_intent_address: text(), ..search.clone() }),
        ("byTransactionHash", SearchFilter { transaction_hash: text(), ..search.clone() }),
    ];
    for (name, filter) in searches {
        let plan = store.explain_search(&filter).await.unwrap();
        eprintln!("SearchIntents {name}: {plan:?}");
        assert!(indexed(backend, &plan), "SearchIntents {name}: {plan:?}");
    }
    store.close().await;
}

/// A fresh database of `backend`'s: a SQLite file, or a new database of the PostgreSQL
/// server of `INTENT_SERVICE_TEST_POSTGRES`.
pub(crate) async fn fresh_database(backend: &str) -> Option<String> {
    if backend == "sqlite" {
        return Some(format!("{}?mode=rwc", crate::support::sqlite_file("upgrade")));
    }
    let url = crate::support::postgres()?;
    let name = format!("upgrade_{}", project().id);
    let server = sqlx::AnyPool::connect(&url).await.unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&server).await.unwrap();
    server.close().await;
    let (base, _) = url.rsplit_once('/').unwrap();
    Some(format!("{base}/{name}"))
}

/// A database of the schema before the split (migrations 0001 to 0004), holding what its
/// service stored: the whole state in `intents` with the listing columns beside it; one row
/// of the first schema (no listing columns, no place, no hashes, named in `unlisted` as
/// 0002 named them). Opened by this service: migrated, finished at start, and every record
/// reads, lists and changes as it did.
async fn upgrade_from_the_schema_before_the_split(backend: &str) {
    sqlx::any::install_default_drivers();
    let Some(old) = fresh_database(backend).await else { return };
    let ours = project();
    // Records made by this service, copied below as the older one stored them.
    let source = service_on(&database("upgrade-source"), &[&ours]).await;
    let router = source.router();
    let first = quote(&router, &ours).await.intent;
    call(&router, "CommitIntent", &ours.key, &commit_body_of(&first)).await.ok();
    let hash = random_hash();
    call(&router, "ExecuteIntent", &ours.key, &hash_request(&first.intent_id, hash)).await.ok();
    let second = quote(&router, &ours).await.intent;
    let third = quote(&router, &ours).await.intent;
    let ids = [&first.intent_id, &second.intent_id, &third.intent_id];
    let key = ours.key.clone();
    let receipt = |router: Router, id: &String| {
        let (body, key) = (json!({"intentId": id}).to_string(), key.clone());
        async move { call(&router, "GetIntentReceipt", &key, &body).await.ok() }
    };
    let mut receipts_before = Vec::new();
    for id in ids {
        receipts_before.push(receipt(router.clone(), id).await);
    }

    let mut before_the_split = sqlx::migrate!("./migrations");
    before_the_split.migrations =
        before_the_split.migrations.iter().filter(|m| m.version <= 4).cloned().collect::<Vec<_>>().into();
    let pool = sqlx::AnyPool::connect(&old).await.unwrap();
    before_the_split.run(&pool).await.unwrap();
    let from = source.app.records.store();
    for (place, id) in (1_i64..).zip(ids) {
        let stored = from.load(id).await.unwrap().unwrap();
        let whole = RecordState::join_json(stored.quoted.as_deref().unwrap(), &stored.state).unwrap();
        let columns = "owner_address, origin_intent_address, destination_intent_address, origin_chain_id, \
                       origin_token_address, destination_chain_id, destination_token_address, created_at";
        let listing = sqlx::query(&format!("SELECT {columns} FROM quotes WHERE intent_id = $1"))
            .bind(id)
            .fetch_one(from.pool())
            .await
            .unwrap();
        let text = |i: usize| listing.try_get::<Option<String>, _>(i).unwrap();
        let int = |i: usize| listing.try_get::<Option<i64>, _>(i).unwrap();
        // The second as the first schema stored it.
        let first_schema = id == &second.intent_id;
        let insert = format!(
            "INSERT INTO intents (intent_id, project_id, revision, status, next_deadline, state, listed, {columns}) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)"
        );
        let keep = |value| if first_schema { None } else { value };
        sqlx::query(&insert)
            .bind(id)
            .bind(stored.project_id)
            .bind(stored.revision)
            .bind(&stored.status)
            .bind(stored.next_deadline)
            .bind(&whole)
            .bind(keep(Some(place)))
            .bind(if first_schema { None } else { text(0) })
            .bind(if first_schema { None } else { text(1) })
            .bind(if first_schema { None } else { text(2) })
            .bind(keep(int(3)))
            .bind(if first_schema { None } else { text(4) })
            .bind(keep(int(5)))
            .bind(if first_schema { None } else { text(6) })
            .bind(keep(int(7)))
            .execute(&pool)
            .await
            .unwrap();
        if first_schema {
            sqlx::query("INSERT INTO unlisted (intent_id) VALUES ($1)").bind(id).execute(&pool).await.unwrap();
        }
        sqlx::query("UPDATE listing SET last = $1").bind(place).execute(&pool).await.unwrap();
    }
    let hashes: Vec<String> = sqlx::query_scalar("SELECT txn_hash FROM intent_transactions WHERE intent_id = $1")
        .bind(&first.intent_id)
        .fetch_all(from.pool())
        .await
        .unwrap();
    for txn_hash in &hashes {
        sqlx::query("INSERT INTO intent_transactions (txn_hash, intent_id) VALUES ($1, $2)")
            .bind(txn_hash)
            .bind(&first.intent_id)
            .execute(&pool)
            .await
            .unwrap();
    }
    pool.close().await;
    drop(router);
    drop(source);

    let service = service_on(&old, &[&ours]).await;
    let router = service.router();
    let store = service.app.records.store();
    for (id, before) in ids.into_iter().zip(receipts_before) {
        let stored = store.load(id).await.unwrap().unwrap();
        assert!(stored.quoted.as_deref().is_some_and(|quoted| quoted.contains("\"intent\":{")), "{id} split");
        assert!(!stored.state.contains("\"intent\":"), "{id}: {}", stored.state);
        assert_eq!(receipt(router.clone(), id).await, before, "{id} reads as before");
    }
    let owner = first.owner_address.to_string();
    let found: BTreeSet<String> = search(&router, &ours, json!({"byOwnerAddress": owner})).await.into_iter().collect();
    assert_eq!(found, ids.into_iter().cloned().collect());
    assert_eq!(
        search(&router, &ours, json!({"byTransactionHash": hash.to_string()})).await,
        std::slice::from_ref(&first.intent_id)
    );
    // Newest first: the first schema's row, given its place at start, then the others by theirs.
    let expected = [&second.intent_id, &third.intent_id, &first.intent_id];
    assert_eq!(history(&router, &ours, json!({}), 2).await, expected.map(String::clone));
    let quoted = history(&router, &ours, json!({"byStatuses": ["QUOTED"]}), 10).await;
    assert_eq!(quoted, [&second.intent_id, &third.intent_id].map(String::clone));
    // A finished row changes as any other, and is found by its new status.
    call(&router, "CommitIntent", &ours.key, &commit_body_of(&third)).await.ok();
    let committed = receipt(router.clone(), &third.intent_id).await;
    assert_eq!(committed["intentReceipt"]["status"], "COMMITTED", "{committed}");
    let committed = history(&router, &ours, json!({"byStatus": "COMMITTED"}), 10).await;
    assert_eq!(committed, std::slice::from_ref(&third.intent_id));
    let left: i64 =
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM older_rows").fetch_one(store.pool()).await.unwrap();
    assert_eq!(left, 0, "every name finished");
}

#[tokio::test]
async fn a_sqlite_database_of_the_schema_before_the_split_is_migrated_and_finished_at_start() {
    upgrade_from_the_schema_before_the_split("sqlite").await;
}

#[tokio::test]
async fn a_postgresql_database_of_the_schema_before_the_split_is_migrated_and_finished_at_start() {
    upgrade_from_the_schema_before_the_split("postgres").await;
}
