//! Storage: two rows per intent and one row per used deposit proof, in
//! SQLite (one file, WAL) or PostgreSQL, through sqlx's `Any` driver so both run the same
//! SQL. The schema is `sqlx::migrate!`'s migrations under `service/migrations/` (the same
//! SQL for both databases).
//!
//! An intent's row in `intents` holds what its changes rewrite: the changing part of its
//! RecordState JSON beside the `intent_id`, `project_id`, `revision`, `status`,
//! `next_deadline` and `listed` columns. Its row in `quotes`, written once by the insert,
//! holds what never changes: the state's quoted part (`gasFeeOptions` and `intent`, most of
//! its text) and the listing's columns. [`Store::load`] reads both.
//!
//! Every change is a compare-and-swap on `revision`
//! (`UPDATE … WHERE intent_id = $ AND revision = $`): several service instances can share
//! one database and a lost race is seen, never a lost update. A deposit proof (a deposit
//! transaction hash, or an owner's entrypoint nonce) is a primary key, claimed in the
//! same transaction as the change that uses it, so one proof cannot start two intents.
//! Inserts and compare-and-swaps of this process go through one writer ([`group`]) that
//! applies whatever is queued in one transaction with one sync (group commit), on both
//! databases.
//! The columns SearchIntents and GetIntentHistory filter on are written with the row
//! ([`Listing`], fixed at the quote) and the receipt's transaction hashes in a side table
//! in the transaction of the change that adds them; their queries are [`listing`]'s.
//!
//! What lives here: every SQL statement the service runs (a test keeps it so). This module,
//! the records' rows, their loads, inserts and compare-and-swaps, the sweep's and the
//! metrics' queries, the health row and the migrations; [`group`], the one writer of
//! inserts and compare-and-swaps; [`listing`], the searches' and histories' queries;
//! [`older`], the rows an older schema stored; [`relays`], the relay queue; [`signed`], the
//! signed transactions (deposit relays and origin meta-transactions); [`watches`], the
//! watches and recent changes announced on PostgreSQL. What does not: what a record means, and which changes are allowed (the core's business, through
//! [`crate::records`]); this module stores text and numbers.

mod group;
pub mod listing;
mod older;
mod relays;
mod signed;
mod watches;

pub use older::{Finish, OlderRow};
pub use signed::{Signed, TxKind};
pub use watches::WATCHES_CHANNEL;

use std::str::FromStr;
use std::time::Duration;

use std::sync::Arc;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyConnection, AnyPool, Executor, Row};
use tokio::sync::Mutex;

/// A database failure (connection, SQL, I/O).
pub type StoreError = sqlx::Error;

/// One stored record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRecord {
    /// The intent's id.
    pub intent_id: String,
    /// The project whose key quoted it.
    pub project_id: i64,
    /// The record's revision (docs/spec.md §6.3).
    pub revision: i64,
    /// Its status's wire name.
    pub status: String,
    /// Its next deadline in Unix seconds, rounded up (docs/spec.md §6.4); `None`: none.
    pub next_deadline: Option<i64>,
    /// The changing part of its RecordState JSON (`StatePart::Changing`); as
    /// read back, the whole state when `quoted` is `None`.
    pub state: String,
    /// The quoted part of its RecordState JSON (`StatePart::Quoted`): written
    /// by [`Store::insert`] only (it never changes; a swap ignores it), read back by
    /// [`Store::load`]. Read back as `None`: `state` is the whole state (a row stored before
    /// the split, until it is split at start, see [`Store::finish_older`]).
    pub quoted: Option<String>,
    /// What the listings read of its intent: written by [`Store::insert`] only (it never
    /// changes), not read back by [`Store::load`] (the default there).
    pub listing: Listing,
    /// The transaction hashes this change adds to its receipt (`0x…`, lowercase), kept in
    /// the side table of hashes in the same transaction (none from [`Store::load`]).
    pub new_transaction_hashes: Vec<String>,
    /// The origin chain whose relay queue (`relay_queue`) this change adds the intent to,
    /// in the same transaction: a gasless intent moving to EXECUTING, so that an answered
    /// execute is relayed whatever happens to the instance after its commit.
    pub queue_relay_on: Option<i64>,
}

/// The facts of an intent the listings filter on, fixed at its quote; addresses are
/// lowercase `0x…` text, times Unix seconds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Listing {
    /// `ownerAddress`.
    pub owner_address: String,
    /// `originIntentAddress`.
    pub origin_intent_address: String,
    /// `destinationIntentAddress`, when it has one.
    pub destination_intent_address: Option<String>,
    /// `originChainId`.
    pub origin_chain_id: i64,
    /// The quote request's `originTokenAddress`.
    pub origin_token_address: String,
    /// `destinationChainId`.
    pub destination_chain_id: i64,
    /// The quote request's `destinationTokenAddress`.
    pub destination_token_address: String,
    /// `createdAt`, in Unix seconds.
    pub created_at: Option<i64>,
}

/// A deposit proof an execute uses up: unique across all intents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DepositProof {
    /// The stored key (`deposit-transaction:0x…`, `entrypoint-nonce:chain:owner:nonce`).
    pub key: String,
    /// The request member that carries it, for the error body.
    pub path: &'static str,
}

/// What became of a compare-and-swap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Swapped {
    /// The row had the expected revision and now holds the new record.
    Done,
    /// Another change got there first: the row's revision is not the expected one.
    LostRace,
    /// A deposit proof the change claims already started another intent.
    ProofUsed {
        /// The request member that carries the proof.
        path: &'static str,
    },
}

/// Which database a store talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// One SQLite file.
    Sqlite,
    /// A PostgreSQL database.
    Postgres,
}

/// The records' database.
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// SQLite takes one writer at a time: writers of this process queue here rather than
    /// in SQLite's sleeping busy handler (other processes still meet the busy handler).
    sqlite_writer: Option<Arc<Mutex<()>>>,
    /// Group commit: the queue of the one writer task.
    group: group::GroupWriter,
    /// The PostgreSQL URL, for the listener of [`CHANGES_CHANNEL`] and
    /// [`watches::WATCHES_CHANNEL`].
    postgres_url: Option<String>,
    /// Which intents some instance waits on, and this instance's recent changes.
    watches: Arc<watches::Watches>,
}

/// The PostgreSQL channel on which a change of an intent some instance waits on is
/// announced (`NOTIFY`), with the payload `<intentId> <revision>`, so that the instances
/// wake their waiters ([`watches`]).
pub const CHANGES_CHANNEL: &str = "intent_changes";

/// The schema's migrations (`service/migrations/`), applied at start; on PostgreSQL sqlx
/// holds an advisory lock meanwhile, so instances starting together do not race.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// When SQLite's WAL reaches the disk: chosen by the URL's `synchronous=` parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SqliteSync {
    /// Every commit is on disk before the answer (the default): an acknowledged change
    /// survives a crash of the process and of the machine.
    Full,
    /// The WAL is written at each commit and synced at checkpoints: an acknowledged change
    /// survives a crash of the process (SIGKILL), not a power loss.
    Normal,
}

impl SqliteSync {
    fn pragma(self) -> &'static str {
        match self {
            SqliteSync::Full => "PRAGMA synchronous = FULL",
            SqliteSync::Normal => "PRAGMA synchronous = NORMAL",
        }
    }
}

fn configuration(message: String) -> StoreError {
    sqlx::Error::Configuration(message.into())
}

/// How long a SQLite connection waits for another process's write lock.
const SQLITE_BUSY_TIMEOUT_MS: u32 = 10_000;

impl Store {
    /// Opens (and creates when missing) the database at `url`: `sqlite://PATH` (with
    /// `?synchronous=normal` to sync the WAL at checkpoints only; default `full`) or
    /// `postgres://…`, applies the migrations and checks that it accepts a write.
    ///
    /// # Errors
    ///
    /// An unknown scheme, or the database's error; for SQLite, a missing directory or a
    /// file that cannot be written is a configuration error naming the path.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let store = Store::connect(url).await?;
        let named = |e: StoreError| match url.strip_prefix("sqlite://") {
            Some(path) => {
                let path = path.split_once('?').map_or(path, |(path, _)| path);
                configuration(format!("the database {path} cannot be opened for writing: {e}"))
            }
            None => e,
        };
        MIGRATOR.run(&store.pool).await.map_err(|e| named(e.into()))?;
        store.check_writable().await.map_err(named)?;
        Ok(store)
    }

    async fn connect(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let mut synchronous = SqliteSync::Full;
        let (backend, url) = if let Some(path) = url.strip_prefix("sqlite://") {
            let (path, query) = path.split_once('?').unwrap_or((path, ""));
            let mut parameters = vec![];
            for parameter in query.split('&').filter(|p| !p.is_empty()) {
                match parameter {
                    "synchronous=full" => synchronous = SqliteSync::Full,
                    "synchronous=normal" => synchronous = SqliteSync::Normal,
                    other if other.starts_with("synchronous=") => {
                        return Err(configuration(format!("{other}: expected synchronous=full or synchronous=normal")))
                    }
                    other => parameters.push(other),
                }
            }
            if !parameters.iter().any(|p| p.starts_with("mode=")) {
                parameters.push("mode=rwc");
            }
            let parent = std::path::Path::new(path).parent().filter(|p| !p.as_os_str().is_empty());
            if let Some(parent) = parent.filter(|p| !p.is_dir()) {
                return Err(configuration(format!(
                    "the database {path} cannot be created: its directory {} does not exist",
                    parent.display()
                )));
            }
            (Backend::Sqlite, format!("sqlite://{path}?{}", parameters.join("&")))
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (Backend::Postgres, url.to_owned())
        } else {
            return Err(configuration(format!("unknown database URL {url:?}: expected sqlite://PATH or postgres://…")));
        };
        let options = AnyConnectOptions::from_str(&url)?;
        let pool = AnyPoolOptions::new()
            .max_connections(if backend == Backend::Sqlite { 4 } else { 8 })
            .acquire_timeout(Duration::from_secs(10))
            // A connection to a local file does not go stale between uses: no ping (a
            // hand-off to its thread and back) before each use. PostgreSQL's are checked.
            .test_before_acquire(backend == Backend::Postgres)
            .after_connect(move |connection, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // WAL: readers never wait for the writer.
                        connection.execute("PRAGMA journal_mode = WAL").await?;
                        connection.execute(synchronous.pragma()).await?;
                        connection.execute(format!("PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}").as_str()).await?;
                    } else if let Err(e) = connection.execute("SET default_toast_compression = 'lz4'").await {
                        // A record's quoted part (6.5 KB of JSON) is compressed when it is
                        // stored; lz4 (PostgreSQL 14 and later, when built with it) costs a
                        // fraction of the default pglz. Without it, pglz it is.
                        static WARNED: std::sync::Once = std::sync::Once::new();
                        WARNED.call_once(|| tracing::warn!(error = %e, "PostgreSQL without lz4: records' quoted parts compressed with pglz"));
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        let sqlite_writer = (backend == Backend::Sqlite).then(|| Arc::new(Mutex::new(())));
        let watches = Arc::new(watches::Watches::new());
        let group = group::GroupWriter::start(pool.clone(), backend, sqlite_writer.clone(), watches.clone());
        let postgres_url = (backend == Backend::Postgres).then(|| url.clone());
        Ok(Store { pool, backend, sqlite_writer, group, postgres_url, watches })
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// On PostgreSQL, a listener of [`CHANGES_CHANNEL`] and [`watches::WATCHES_CHANNEL`]:
    /// the announced changes and watches of every instance. A watch it hears is passed to
    /// [`Store::watch_heard`].
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn listen_changes(&self) -> Result<Option<sqlx::postgres::PgListener>, StoreError> {
        let Some(url) = &self.postgres_url else { return Ok(None) };
        let mut listener = sqlx::postgres::PgListener::connect(url).await?;
        listener.listen_all([CHANGES_CHANNEL, watches::WATCHES_CHANNEL]).await?;
        Ok(Some(listener))
    }

    /// Which intents some instance waits on, and this instance's recent changes.
    pub fn watches(&self) -> &watches::Watches {
        &self.watches
    }

    /// On PostgreSQL, announces that this instance waits on `intent_id` for `seconds`
    /// (committed before it returns, so that every instance hears it before the waiter reads
    /// the record); on SQLite nothing (its waiters poll).
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn announce_watch(&self, intent_id: &str, seconds: u64) -> Result<(), StoreError> {
        if self.backend != Backend::Postgres {
            return Ok(());
        }
        let mut connection = self.pool.acquire().await?;
        notify_postgres(&mut connection, watches::WATCHES_CHANNEL, &[format!("{intent_id} {seconds}")]).await
    }

    /// A watch heard on [`watches::WATCHES_CHANNEL`] (payload `<intentId> <seconds>`):
    /// noted until it ends, and this instance's recent change of that intent, if any,
    /// announced again (it may have been committed after the waiter read the record, and
    /// before the watch was heard). A payload of another form is ignored.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn watch_heard(&self, payload: &str) -> Result<(), StoreError> {
        let Some((intent_id, seconds)) = payload.rsplit_once(' ') else { return Ok(()) };
        let Ok(seconds) = seconds.parse::<u64>() else { return Ok(()) };
        let now = std::time::Instant::now();
        let until = now + std::time::Duration::from_secs(seconds.min(watches::LONGEST_WATCH_SECONDS));
        let Some(revision) = self.watches.watch(intent_id, until, now) else { return Ok(()) };
        let mut connection = self.pool.acquire().await?;
        notify_postgres(&mut connection, CHANGES_CHANNEL, &[format!("{intent_id} {revision}")]).await
    }

    /// The connection pool, with this store's settings, for what looks at the database
    /// from outside the service: the tests that read its tables directly and the load
    /// test's floor (the same database's raw write rate). The service's own SQL is all in
    /// this module and its submodules.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    async fn writer(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        match &self.sqlite_writer {
            Some(lock) => Some(lock.lock().await),
            None => None,
        }
    }

    /// Stores a new record.
    ///
    /// # Errors
    ///
    /// The database's error, including a duplicate intent id.
    pub async fn insert(&self, record: &StoredRecord) -> Result<(), StoreError> {
        self.group.write(group::Write::Insert(record.clone())).await.map(drop)
    }

    /// The record of `intent_id`, if there is one.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn load(&self, intent_id: &str) -> Result<Option<StoredRecord>, StoreError> {
        let row = sqlx::query(
            "SELECT intents.intent_id, intents.project_id, revision, status, next_deadline, state, quoted \
             FROM intents JOIN quotes ON quotes.intent_id = intents.intent_id WHERE intents.intent_id = $1",
        )
        .bind(intent_id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| {
            Ok(StoredRecord {
                intent_id: row.try_get(0)?,
                project_id: row.try_get(1)?,
                revision: row.try_get(2)?,
                status: row.try_get(3)?,
                next_deadline: row.try_get(4)?,
                state: row.try_get(5)?,
                quoted: row.try_get(6)?,
                listing: Listing::default(),
                new_transaction_hashes: Vec::new(),
                queue_relay_on: None,
            })
        })
        .transpose()
    }

    /// The revisions of those of `intent_ids` that have a record: one query over the primary
    /// key, for the waiters' poller.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn revisions(&self, intent_ids: &[String]) -> Result<Vec<(String, i64)>, StoreError> {
        if intent_ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = in_list("SELECT intent_id, revision FROM intents WHERE intent_id", intent_ids.len());
        let mut query = sqlx::query(&sql);
        for intent_id in intent_ids {
            query = query.bind(intent_id);
        }
        let rows = query.fetch_all(&self.pool).await?;
        rows.iter().map(|row| Ok((row.try_get(0)?, row.try_get(1)?))).collect()
    }

    /// Replaces the record of `record.intent_id` by `record` if its stored revision is
    /// `expected_revision`, claiming the deposit `proofs` in the same transaction.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn swap(
        &self,
        record: &StoredRecord,
        expected_revision: i64,
        proofs: &[DepositProof],
    ) -> Result<Swapped, StoreError> {
        let write = group::Write::Swap { record: record.clone(), expected_revision, proofs: proofs.to_vec() };
        self.group.write(write).await
    }

    /// Up to `limit` intents with `status` whose next deadline is at or before `now`
    /// (Unix seconds), earliest first.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn due(&self, status: &str, now: i64, limit: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT intent_id FROM intents WHERE status = $2 AND next_deadline <= $1 ORDER BY next_deadline LIMIT $3",
        )
        .bind(now)
        .bind(status)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| row.try_get(0)).collect()
    }

    /// The earliest next deadline of an intent with `status`, in Unix seconds.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn earliest_deadline(&self, status: &str) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query("SELECT MIN(next_deadline) FROM intents WHERE status = $1 AND next_deadline IS NOT NULL")
            .bind(status)
            .fetch_one(&self.pool)
            .await?;
        row.try_get(0)
    }

    /// How many records have `status`, through the status-and-deadline index.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn count(&self, status: &str) -> Result<u64, StoreError> {
        let row =
            sqlx::query("SELECT COUNT(*) FROM intents WHERE status = $1").bind(status).fetch_one(&self.pool).await?;
        let count: i64 = row.try_get(0)?;
        Ok(u64::try_from(count).unwrap_or(0))
    }

    /// Deletes up to `limit` records (both rows) with `status` whose next deadline is at or
    /// before `before` (Unix seconds), through the status-and-deadline index, in one
    /// transaction; answers how many.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn delete_due(&self, status: &str, before: i64, limit: i64) -> Result<u64, StoreError> {
        let _writer = self.writer().await;
        let mut transaction = self.pool.begin().await?;
        let deleted: Vec<String> = sqlx::query_scalar(
            "DELETE FROM intents WHERE intent_id IN \
             (SELECT intent_id FROM intents WHERE status = $1 AND next_deadline <= $2 LIMIT $3) RETURNING intent_id",
        )
        .bind(status)
        .bind(before)
        .bind(limit)
        .fetch_all(&mut *transaction)
        .await?;
        if !deleted.is_empty() {
            let sql = in_list("DELETE FROM quotes WHERE intent_id", deleted.len());
            let mut query = sqlx::query(&sql);
            for intent_id in &deleted {
                query = query.bind(intent_id);
            }
            query.execute(&mut *transaction).await?;
        }
        transaction.commit().await?;
        Ok(u64::try_from(deleted.len()).unwrap_or(u64::MAX))
    }

    /// Writes the one health row: answers whether the database accepts a write now.
    ///
    /// # Errors
    ///
    /// The database's error (a read-only file, a full disk, a lost connection).
    pub async fn check_writable(&self) -> Result<(), StoreError> {
        let _writer = self.writer().await;
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        sqlx::query(
            "INSERT INTO health (id, checked_at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at",
        )
        .bind(i64::try_from(now).unwrap_or(i64::MAX))
        .execute(&self.pool)
        .await
        .map(drop)
    }

    /// Closes the pool, waiting for connections in use, and the group writer's connections.
    pub async fn close(&self) {
        self.group.close().await;
        self.pool.close().await;
    }
}

/// `sql` followed by ` IN ($1, …, $count)`.
fn in_list(sql: &str, count: usize) -> String {
    let placeholders: Vec<String> = (1..=count).map(|i| format!("${i}")).collect();
    format!("{sql} IN ({})", placeholders.join(", "))
}

/// The columns an insert writes into `intents`, the last one the listing's place.
const INSERTED: &str = "intent_id, project_id, revision, status, next_deadline, state, listed";

/// The columns an insert writes into `quotes`, the listing's place third.
const QUOTED: &str = "intent_id, project_id, listed, owner_address, origin_intent_address, \
    destination_intent_address, origin_chain_id, origin_token_address, destination_chain_id, \
    destination_token_address, created_at, quoted";

/// Takes the listing's next place (inside the caller's transaction on SQLite).
pub(crate) const TAKE_PLACE: &str = "UPDATE listing SET last = last + 1 WHERE id = 1 RETURNING last";

/// Inserts `record`'s two rows on `connection` at the listing's next place. On PostgreSQL
/// one statement takes the place and inserts both (the counter's row lock is held to its
/// commit, so places are taken in commit order); on SQLite, whose writes are one
/// transaction at a time, three statements inside the group's transaction.
async fn insert_in(connection: &mut AnyConnection, record: &StoredRecord, backend: Backend) -> Result<(), StoreError> {
    // Every statement is bound the same values: `$1` to `$6` the `intents` columns, `$7` to
    // `$14` the listing, `$15` the quoted part, and on SQLite `$16` the place taken first.
    let (statements, place) = match backend {
        Backend::Sqlite => {
            let place: i64 = sqlx::query(TAKE_PLACE).fetch_one(&mut *connection).await?.try_get(0)?;
            let statements = vec![
                format!("INSERT INTO quotes ({QUOTED}) VALUES ($1, $2, $16, $7, $8, $9, $10, $11, $12, $13, $14, $15)"),
                format!("INSERT INTO intents ({INSERTED}) VALUES ($1, $2, $3, $4, $5, $6, $16)"),
            ];
            (statements, Some(place))
        }
        Backend::Postgres => {
            let statement = format!(
                "WITH place AS ({TAKE_PLACE}), quoted AS (INSERT INTO quotes ({QUOTED}) \
                 SELECT $1, $2, last, $7, $8, $9, $10, $11, $12, $13, $14, $15 FROM place) \
                 INSERT INTO intents ({INSERTED}) SELECT $1, $2, $3, $4, $5, $6, last FROM place"
            );
            (vec![statement], None)
        }
    };
    for sql in &statements {
        let query = sqlx::query(sql)
            .bind(&record.intent_id)
            .bind(record.project_id)
            .bind(record.revision)
            .bind(&record.status)
            .bind(record.next_deadline)
            .bind(&record.state);
        let mut query = bind_listing(query, &record.listing).bind(&record.quoted);
        if let Some(place) = place {
            query = query.bind(place);
        }
        query.execute(&mut *connection).await?;
    }
    add_transaction_hashes(connection, &record.intent_id, &record.new_transaction_hashes).await
}

/// `query` with `listing`'s columns bound next, in the order of [`Listing`]'s fields
/// (`owner_address` … `created_at`).
pub(crate) fn bind_listing<'q>(
    query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    listing: &'q Listing,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    query
        .bind(&listing.owner_address)
        .bind(&listing.origin_intent_address)
        .bind(&listing.destination_intent_address)
        .bind(listing.origin_chain_id)
        .bind(&listing.origin_token_address)
        .bind(listing.destination_chain_id)
        .bind(&listing.destination_token_address)
        .bind(listing.created_at)
}

/// Keeps `hashes` as transaction hashes of `intent_id` in the side table of hashes.
async fn add_transaction_hashes(
    connection: &mut AnyConnection,
    intent_id: &str,
    hashes: &[String],
) -> Result<(), StoreError> {
    for hash in hashes {
        sqlx::query("INSERT INTO intent_transactions (txn_hash, intent_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(hash)
            .bind(intent_id)
            .execute(&mut *connection)
            .await?;
    }
    Ok(())
}

/// The compare-and-swap of [`Store::swap`] on `connection`, inside the group writer's
/// transaction: claiming `proofs` first (the caller undoes them, under a savepoint, unless
/// it answers [`Swapped::Done`]), then one `UPDATE` that changes the row or, on a lost
/// race, nothing.
async fn swap_in(
    connection: &mut AnyConnection,
    record: &StoredRecord,
    expected_revision: i64,
    proofs: &[DepositProof],
) -> Result<Swapped, StoreError> {
    for proof in proofs {
        let claimed =
            sqlx::query("INSERT INTO deposit_proofs (proof, intent_id) VALUES ($1, $2) ON CONFLICT (proof) DO NOTHING")
                .bind(&proof.key)
                .bind(&record.intent_id)
                .execute(&mut *connection)
                .await?
                .rows_affected();
        if claimed == 0 {
            let by: String = sqlx::query("SELECT intent_id FROM deposit_proofs WHERE proof = $1")
                .bind(&proof.key)
                .fetch_one(&mut *connection)
                .await?
                .try_get(0)?;
            if by != record.intent_id {
                return Ok(Swapped::ProofUsed { path: proof.path });
            }
        }
    }
    let updated = sqlx::query(
        "UPDATE intents SET revision = $1, status = $2, next_deadline = $3, state = $4 WHERE intent_id = $5 AND revision = $6",
    )
    .bind(record.revision)
    .bind(&record.status)
    .bind(record.next_deadline)
    .bind(&record.state)
    .bind(&record.intent_id)
    .bind(expected_revision)
    .execute(&mut *connection)
    .await?
    .rows_affected();
    if updated != 1 {
        return Ok(Swapped::LostRace);
    }
    add_transaction_hashes(connection, &record.intent_id, &record.new_transaction_hashes).await?;
    if let Some(chain_id) = record.queue_relay_on {
        sqlx::query("INSERT INTO relay_queue (intent_id, chain_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(&record.intent_id)
            .bind(chain_id)
            .execute(&mut *connection)
            .await?;
    }
    Ok(Swapped::Done)
}

/// The bare compare-and-swaps `swaps` (record, expected revision) of one group as one
/// statement, outside any explicit transaction: `UPDATE … FROM (VALUES …)` changes each row
/// whose revision is the expected one and is committed (one sync of the WAL) before its
/// answer. One round trip for the whole group, where `BEGIN`, one `UPDATE` per change and
/// `COMMIT` took one each (on SQLite each a hand-off to the connection's thread and back).
/// Answers each swap's outcome in its order.
///
/// Two swaps of one intent in one group both expect the same stored revision (each loaded
/// before the group began), so at most one can win; the row is changed once. PostgreSQL's
/// `RETURNING` names the winner's place in the group; SQLite's may name only the changed
/// table's columns, so there the caller passes intents at most once each and in the order
/// of their ids (see [`group`]'s `one_statement`), and the changed intent ids name the
/// winners.
async fn swap_all(
    connection: &mut AnyConnection,
    backend: Backend,
    swaps: &[(&StoredRecord, i64)],
) -> Result<Vec<Result<Swapped, StoreError>>, StoreError> {
    // Seven values a row: its place in the group, then the record and the expected revision
    // (typed on PostgreSQL, where a VALUES list's parameters have no type of their own).
    let types: [&str; 7] = match backend {
        Backend::Postgres => ["::int8", "::text", "::int8", "::int8", "::text", "::int8", "::text"],
        Backend::Sqlite => [""; 7],
    };
    let rows: Vec<String> = (0..swaps.len())
        .map(|i| {
            let values: Vec<String> =
                types.iter().enumerate().map(|(k, ty)| format!("${}{ty}", i * 7 + k + 1)).collect();
            format!("({})", values.join(", "))
        })
        .collect();
    let update = "UPDATE intents SET revision = changes.revision, status = changes.status, \
                  next_deadline = changes.next_deadline, state = changes.state FROM changes \
                  WHERE intents.intent_id = changes.intent_id AND intents.revision = changes.expected";
    let sql = match backend {
        Backend::Postgres => format!(
            "WITH changes (place, intent_id, expected, revision, status, next_deadline, state) AS (VALUES {}), \
             updated AS ({update} RETURNING changes.place) SELECT place FROM updated",
            rows.join(", ")
        ),
        Backend::Sqlite => format!(
            "WITH changes (place, intent_id, expected, revision, status, next_deadline, state) AS (VALUES {}) \
             {update} RETURNING intent_id",
            rows.join(", ")
        ),
    };
    let mut query = sqlx::query(&sql);
    for (place, (record, expected_revision)) in swaps.iter().enumerate() {
        query = query
            .bind(i64::try_from(place).unwrap_or(i64::MAX))
            .bind(&record.intent_id)
            .bind(*expected_revision)
            .bind(record.revision)
            .bind(&record.status)
            .bind(record.next_deadline)
            .bind(&record.state);
    }
    let mut results: Vec<Result<Swapped, StoreError>> = swaps.iter().map(|_| Ok(Swapped::LostRace)).collect();
    for row in query.fetch_all(&mut *connection).await? {
        let place = match backend {
            Backend::Postgres => {
                let place: i64 = row.try_get(0)?;
                usize::try_from(place).ok()
            }
            Backend::Sqlite => {
                // The group is in the order of its intent ids, each once (`group::apply`).
                let intent_id: String = row.try_get(0)?;
                swaps.binary_search_by(|(record, _)| record.intent_id.as_str().cmp(&intent_id)).ok()
            }
        };
        match place.and_then(|place| results.get_mut(place)) {
            Some(result) => *result = Ok(Swapped::Done),
            None => return Err(StoreError::Protocol(format!("a change not in its group of {}", swaps.len()))),
        }
    }
    Ok(results)
}

/// Sends `payloads` on the PostgreSQL `channel` (a change on [`CHANGES_CHANNEL`], a watch
/// on [`watches::WATCHES_CHANNEL`]) in a transaction of their own, committed without
/// waiting for its WAL flush (`synchronous_commit` off for it alone): a notification is a
/// wake-up, not data, and one lost in a crash is caught by the other instances' pollers.
/// In the transaction of a change it would hold PostgreSQL's notification lock through
/// that transaction's WAL flush, so that no two announcing commits could share a flush.
///
/// # Errors
///
/// The database's error.
pub(crate) async fn notify_postgres(
    connection: &mut AnyConnection,
    channel: &str,
    payloads: &[String],
) -> Result<(), StoreError> {
    if payloads.is_empty() {
        return Ok(());
    }
    let values: Vec<String> = (1..=payloads.len()).map(|i| format!("(${i}::text)")).collect();
    let sql = format!(
        "WITH unsynced AS (SELECT set_config('synchronous_commit', 'off', true)) \
         SELECT pg_notify('{channel}', payloads.payload) FROM unsynced, (VALUES {}) AS payloads (payload)",
        values.join(", ")
    );
    let mut query = sqlx::query(&sql);
    for payload in payloads {
        query = query.bind(payload);
    }
    query.execute(connection).await.map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn unknown_urls_and_synchronous_values_are_configuration_errors() {
        for url in ["mysql://localhost/intents", "sqlite:///tmp/x.db?synchronous=off", "intents.db"] {
            match Store::open(url).await {
                Err(sqlx::Error::Configuration(_)) => {}
                Err(other) => panic!("{url}: {other}"),
                Ok(_) => panic!("{url}: opened"),
            }
        }
    }
}
