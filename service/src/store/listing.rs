//! The read queries of SearchIntents and GetIntentHistory (docs/spec.md §12): a project's
//! records that match filters, in the listing's order (`listed`, the place each insert
//! takes, newest first), through the indexes of `migrations/0002_search.sql`. Every query
//! names the caller's project first, so another project's rows are never read.
//!
//! What a filter means on the wire, and the page rules, are the core's and
//! [`crate::records`]'; this module turns filters into SQL and rows into text.

use sqlx::Row;

use super::{add_transaction_hashes, bind_listing, Backend, Listing, Store, StoreError, TAKE_PLACE};

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

/// One listed record: its place in the listing and its RecordState JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// Its place (the cursor of a page that ends with it).
    pub listed: i64,
    /// Its RecordState JSON.
    pub state: String,
}

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
    let mut sql = Sql::new("SELECT listed, state FROM intents WHERE project_id = $1");
    sql.binds.push(Bind::Int(filter.project_id));
    sql.and("intent_id", "=", text(&filter.intent_id));
    sql.and("owner_address", "=", text(&filter.owner_address));
    sql.and("origin_intent_address", "=", text(&filter.origin_intent_address));
    sql.and("destination_intent_address", "=", text(&filter.destination_intent_address));
    if let Some(hash) = &filter.transaction_hash {
        let placeholder = sql.bind(Bind::Text(hash.clone()));
        sql.text.push_str(&format!(
            " AND intent_id IN (SELECT intent_id FROM intent_transactions WHERE txn_hash = {placeholder})"
        ));
    }
    let placeholder = sql.bind(Bind::Int(limit));
    sql.text.push_str(&format!(" ORDER BY listed DESC LIMIT {placeholder}"));
    sql
}

/// The query of [`Store::history`].
fn history_sql(filter: &HistoryFilter) -> Sql {
    let mut sql = Sql::new("SELECT listed, state FROM intents WHERE project_id = $1");
    sql.binds.push(Bind::Int(filter.project_id));
    sql.and("owner_address", "=", text(&filter.owner_address));
    if !filter.statuses.is_empty() {
        let placeholders: Vec<String> =
            filter.statuses.iter().map(|status| sql.bind(Bind::Text(status.clone()))).collect();
        sql.text.push_str(&format!(" AND status IN ({})", placeholders.join(", ")));
    }
    sql.and("origin_chain_id", "=", int(filter.origin_chain_id));
    sql.and("origin_token_address", "=", text(&filter.origin_token_address));
    sql.and("destination_chain_id", "=", int(filter.destination_chain_id));
    sql.and("destination_token_address", "=", text(&filter.destination_token_address));
    sql.and("created_at", ">=", int(filter.from_time));
    sql.and("created_at", "<", int(filter.to_time));
    sql.and("listed", "<", int(filter.after));
    sql.and("listed", ">", int(filter.before));
    let order = if filter.towards_newer() { "ASC" } else { "DESC" };
    let placeholder = sql.bind(Bind::Int(filter.limit));
    sql.text.push_str(&format!(" ORDER BY listed {order} LIMIT {placeholder}"));
    sql
}

fn listed(rows: Vec<sqlx::any::AnyRow>) -> Result<Vec<Listed>, StoreError> {
    rows.iter().map(|row| Ok(Listed { listed: row.try_get(0)?, state: row.try_get(1)? })).collect()
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

    /// Up to `limit` records stored before the listing existed (named in `unlisted`): their
    /// ids and RecordState JSON; a name whose record was deleted since is forgotten.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn unlisted(&self, limit: i64) -> Result<Vec<(String, Option<String>)>, StoreError> {
        let rows = sqlx::query(
            "SELECT unlisted.intent_id, intents.state FROM unlisted \
             LEFT JOIN intents ON intents.intent_id = unlisted.intent_id ORDER BY unlisted.intent_id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(|row| Ok((row.try_get(0)?, row.try_get(1)?))).collect()
    }

    /// Lists the record `intent_id` stored before the listing existed: its place, its
    /// `listing` columns and its `transaction_hashes`, and forgets its name in `unlisted`,
    /// in one transaction (a record another instance listed meanwhile keeps its place).
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn list_unlisted(
        &self,
        intent_id: &str,
        listing: Option<&Listing>,
        transaction_hashes: &[String],
    ) -> Result<(), StoreError> {
        let _writer = self.writer().await;
        let mut transaction = self.pool().begin().await?;
        if let Some(listing) = listing {
            let place: i64 = sqlx::query(TAKE_PLACE).fetch_one(&mut *transaction).await?.try_get(0)?;
            let update = sqlx::query(
                "UPDATE intents SET owner_address = $1, origin_intent_address = $2, \
                 destination_intent_address = $3, origin_chain_id = $4, origin_token_address = $5, \
                 destination_chain_id = $6, destination_token_address = $7, created_at = $8, listed = $9 \
                 WHERE intent_id = $10 AND listed IS NULL",
            );
            bind_listing(update, listing).bind(place).bind(intent_id).execute(&mut *transaction).await?;
            add_transaction_hashes(&mut transaction, intent_id, transaction_hashes).await?;
        }
        sqlx::query("DELETE FROM unlisted WHERE intent_id = $1").bind(intent_id).execute(&mut *transaction).await?;
        transaction.commit().await
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
