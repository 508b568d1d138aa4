//! The read queries of SearchIntents and GetIntentHistory (docs/spec.md §12): a project's
//! records that match filters, in the listing's order (`listed`, the place each insert
//! takes, newest first), through the listing's indexes on `quotes` and the index by status
//! on `intents` (`migrations/0005_quotes_apart.sql`). Every query names the caller's project
//! first, so another project's rows are never read.
//!
//! What a filter means on the wire, and the page rules, are the core's and
//! [`crate::records`]'; this module turns filters into SQL and rows into text.

use sqlx::Row;

use super::{Backend, Store, StoreError};

/// The filters of SearchIntents, all of them applied (addresses and hashes lowercase).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchFilter {
    /// The caller's project.
    pub project_id: i64,
    /// `byIntentId`.
    pub intent_id: Option<String>,
    /// `byOwnerAddress`.
    pub owner_address: Option<String>,
    /// `byOriginIntentAddress`.
    pub origin_intent_address: Option<String>,
    /// `byDestinationIntentAddress`.
    pub destination_intent_address: Option<String>,
    /// `byTransactionHash`: one of the hashes the receipt has carried.
    pub transaction_hash: Option<String>,
}

/// The filters and the page of GetIntentHistory (addresses lowercase, times Unix seconds).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HistoryFilter {
    /// The caller's project.
    pub project_id: i64,
    /// `byOwnerAddress`.
    pub owner_address: Option<String>,
    /// `byStatus` and `byStatuses`: any of them; empty for every status.
    pub statuses: Vec<String>,
    /// `originChainId`.
    pub origin_chain_id: Option<i64>,
    /// `originTokenAddress`.
    pub origin_token_address: Option<String>,
    /// `destinationChainId`.
    pub destination_chain_id: Option<i64>,
    /// `destinationTokenAddress`.
    pub destination_token_address: Option<String>,
    /// `fromTime`: created at or after.
    pub from_time: Option<i64>,
    /// `toTime`: created before.
    pub to_time: Option<i64>,
    /// The page's `after` cursor: older than this place.
    pub after: Option<i64>,
    /// The page's `before` cursor: newer than this place.
    pub before: Option<i64>,
    /// How many rows at most.
    pub limit: i64,
}

impl HistoryFilter {
    /// Whether the page goes towards newer intents (`before` without `after`): read oldest
    /// first from the cursor, answered newest first.
    pub fn towards_newer(&self) -> bool {
        self.before.is_some() && self.after.is_none()
    }
}

/// One listed record: its place in the listing and its RecordState JSON in its two parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// Its place (the cursor of a page that ends with it).
    pub listed: i64,
    /// The changing part of its RecordState JSON, or the whole state without `quoted`.
    pub state: String,
    /// The quoted part of its RecordState JSON ([`super::StoredRecord::quoted`]).
    pub quoted: Option<String>,
}

/// The rows of both tables that the listings read: `intents`' through `quotes`' key.
const LISTED_ROWS: &str = "SELECT quotes.listed, intents.state, quotes.quoted FROM quotes \
    JOIN intents ON intents.intent_id = quotes.intent_id WHERE";

/// A value bound to a placeholder.
#[derive(Debug, Clone)]
enum Bind {
    Int(i64),
    Text(String),
}

/// A query's text with `$n` placeholders and the values bound to them, in order.
#[derive(Debug, Default)]
struct Sql {
    text: String,
    binds: Vec<Bind>,
}

impl Sql {
    fn new(text: &str) -> Sql {
        Sql { text: text.to_owned(), binds: Vec::new() }
    }

    /// The placeholder of `value`, bound.
    fn bind(&mut self, value: Bind) -> String {
        self.binds.push(value);
        format!("${}", self.binds.len())
    }

    /// Appends ` AND <column> <op> <value>` when there is a value.
    fn and(&mut self, column: &str, op: &str, value: Option<Bind>) {
        if let Some(value) = value {
            let placeholder = self.bind(value);
            self.text.push_str(&format!(" AND {column} {op} {placeholder}"));
        }
    }

    fn query(&self) -> sqlx::query::Query<'_, sqlx::Any, sqlx::any::AnyArguments<'_>> {
        let mut query = sqlx::query(&self.text);
        for bind in &self.binds {
            query = match bind {
                Bind::Int(value) => query.bind(*value),
                Bind::Text(value) => query.bind(value.clone()),
            };
        }
        query
    }
}

fn text(value: &Option<String>) -> Option<Bind> {
    value.clone().map(Bind::Text)
}

fn int(value: Option<i64>) -> Option<Bind> {
    value.map(Bind::Int)
}

/// The query of [`Store::search`]: at most `limit` rows, newest first.
fn search_sql(filter: &SearchFilter, limit: i64) -> Sql {
    let mut sql = Sql::new(&format!("{LISTED_ROWS} quotes.project_id = $1"));
    sql.binds.push(Bind::Int(filter.project_id));
    sql.and("quotes.intent_id", "=", text(&filter.intent_id));
    sql.and("quotes.owner_address", "=", text(&filter.owner_address));
    sql.and("quotes.origin_intent_address", "=", text(&filter.origin_intent_address));
    sql.and("quotes.destination_intent_address", "=", text(&filter.destination_intent_address));
    if let Some(hash) = &filter.transaction_hash {
        let placeholder = sql.bind(Bind::Text(hash.clone()));
        sql.text.push_str(&format!(
            " AND quotes.intent_id IN (SELECT intent_id FROM intent_transactions WHERE txn_hash = {placeholder})"
        ));
    }
    let placeholder = sql.bind(Bind::Int(limit));
    sql.text.push_str(&format!(" ORDER BY quotes.listed DESC LIMIT {placeholder}"));
    sql
}

/// The query of [`Store::history`]. A filter by status reads `intents` by its index of
/// project, status and place (its `listed` is the quote's); any other reads `quotes` by the
/// listing's.
fn history_sql(filter: &HistoryFilter) -> Sql {
    let by = if filter.statuses.is_empty() { "quotes" } else { "intents" };
    let mut sql = Sql::new(&format!("{LISTED_ROWS} {by}.project_id = $1"));
    sql.binds.push(Bind::Int(filter.project_id));
    sql.and("quotes.owner_address", "=", text(&filter.owner_address));
    if !filter.statuses.is_empty() {
        let placeholders: Vec<String> =
            filter.statuses.iter().map(|status| sql.bind(Bind::Text(status.clone()))).collect();
        sql.text.push_str(&format!(" AND intents.status IN ({})", placeholders.join(", ")));
    }
    sql.and("quotes.origin_chain_id", "=", int(filter.origin_chain_id));
    sql.and("quotes.origin_token_address", "=", text(&filter.origin_token_address));
    sql.and("quotes.destination_chain_id", "=", int(filter.destination_chain_id));
    sql.and("quotes.destination_token_address", "=", text(&filter.destination_token_address));
    sql.and("quotes.created_at", ">=", int(filter.from_time));
    sql.and("quotes.created_at", "<", int(filter.to_time));
    sql.and(&format!("{by}.listed"), "<", int(filter.after));
    sql.and(&format!("{by}.listed"), ">", int(filter.before));
    let order = if filter.towards_newer() { "ASC" } else { "DESC" };
    let placeholder = sql.bind(Bind::Int(filter.limit));
    sql.text.push_str(&format!(" ORDER BY {by}.listed {order} LIMIT {placeholder}"));
    sql
}

fn listed(rows: Vec<sqlx::any::AnyRow>) -> Result<Vec<Listed>, StoreError> {
    rows.iter()
        .map(|row| Ok(Listed { listed: row.try_get(0)?, state: row.try_get(1)?, quoted: row.try_get(2)? }))
        .collect()
}

impl Store {
    /// Up to `limit` of the project's records that match every filter of `filter`, newest
    /// first.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn search(&self, filter: &SearchFilter, limit: i64) -> Result<Vec<Listed>, StoreError> {
        let sql = search_sql(filter, limit);
        listed(sql.query().fetch_all(self.pool()).await?)
    }

    /// Up to `filter.limit` of the project's records that match every filter of `filter`
    /// on the page's side of its cursors, in the listing's order from the cursor: newest
    /// first, or oldest first for a page towards newer ones
    /// ([`HistoryFilter::towards_newer`]).
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn history(&self, filter: &HistoryFilter) -> Result<Vec<Listed>, StoreError> {
        let sql = history_sql(filter);
        listed(sql.query().fetch_all(self.pool()).await?)
    }

    /// The database's plan of the history query of `filter` (SQLite's `EXPLAIN QUERY
    /// PLAN`, PostgreSQL's `EXPLAIN` with sequential scans priced out, as they win on
    /// small tables), one line per step: for the test that shows each filter uses an index.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn explain_history(&self, filter: &HistoryFilter) -> Result<Vec<String>, StoreError> {
        self.explain(history_sql(filter)).await
    }

    /// [`Store::explain_history`] for the search query of `filter`.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn explain_search(&self, filter: &SearchFilter) -> Result<Vec<String>, StoreError> {
        self.explain(search_sql(filter, 1)).await
    }

    async fn explain(&self, mut sql: Sql) -> Result<Vec<String>, StoreError> {
        let mut transaction = self.pool().begin().await?;
        let (prefix, column) = match self.backend() {
            Backend::Sqlite => ("EXPLAIN QUERY PLAN ", 3),
            Backend::Postgres => {
                sqlx::query("SET LOCAL enable_seqscan = off").execute(&mut *transaction).await?;
                ("EXPLAIN ", 0)
            }
        };
        sql.text.insert_str(0, prefix);
        let rows = sql.query().fetch_all(&mut *transaction).await?;
        transaction.rollback().await?;
        rows.iter().map(|row| row.try_get::<String, _>(column)).collect()
    }
}
