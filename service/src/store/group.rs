//! Group commit: one writer task per store gathers every insert and compare-and-swap
//! queued meanwhile into a group, applies the group in one transaction, and commits once:
//! one sync (SQLite's WAL, or PostgreSQL's) for the whole group. Each writer is answered
//! after the commit, so an answer still means the change is on disk (SQLite `synchronous =
//! FULL`, PostgreSQL `synchronous_commit` on, their defaults).
//!
//! A write that can fail on a constraint or claims deposit proofs (an insert, a swap with
//! proofs) runs under its own savepoint, so that its failure, lost race or used proof
//! undoes only its own statements; a bare compare-and-swap is one `UPDATE … WHERE revision
//! = $` that changes one row or none, and needs none. A failed group (its commit, or an
//! error outside a savepoint, which on PostgreSQL aborts the transaction) is applied again
//! write by write, each in its own transaction.
//!
//! SQLite applies one group at a time (one writer is all the file takes). PostgreSQL
//! applies up to [`POSTGRES_GROUPS_IN_FLIGHT`] groups at once on their own connections
//! (the server shares one WAL flush among concurrent commits); a group of bare swaps there
//! is one statement, its own transaction (one round trip), and the changes of intents some
//! instance waits on ([`super::watches`]) are announced to the other instances after the
//! commit, in a transaction that does not wait for a flush (the notification lock would
//! otherwise be held through each group's flush).

use std::sync::{Arc, PoisonError};

use sqlx::{AnyConnection, AnyPool, Connection, Executor};
use tokio::sync::{mpsc, oneshot, Mutex, Semaphore};

use super::watches::Watches;
use super::{
    insert_in, notify_postgres, swap_all, swap_in, Backend, DepositProof, StoreError, StoredRecord, Swapped,
    CHANGES_CHANNEL,
};

/// The most writes one transaction applies.
pub const MAX_GROUP: usize = 256;

/// How many groups are applied at once on PostgreSQL, each on its own connection of the
/// pool (of 8): the server flushes the WAL of concurrent commits together, so groups in
/// flight overlap their round trips and share flushes. SQLite applies one at a time.
pub const POSTGRES_GROUPS_IN_FLIGHT: usize = 4;

/// One queued write.
#[derive(Debug)]
pub enum Write {
    /// [`super::Store::insert`].
    Insert(StoredRecord),
    /// [`super::Store::swap`].
    Swap {
        /// The new record.
        record: StoredRecord,
        /// The revision it replaces.
        expected_revision: i64,
        /// The proofs it claims.
        proofs: Vec<DepositProof>,
    },
}

impl Write {
    /// The intent it writes.
    fn intent_id(&self) -> &str {
        match self {
            Write::Insert(record) | Write::Swap { record, .. } => &record.intent_id,
        }
    }

    /// Whether the write needs a savepoint of its own: it can fail on a constraint (an
    /// insert) or runs several statements (a swap that claims proofs).
    fn guarded(&self) -> bool {
        match self {
            Write::Insert(_) => true,
            Write::Swap { proofs, .. } => !proofs.is_empty(),
        }
    }
}

type Queued = (Write, oneshot::Sender<Result<Swapped, StoreError>>);

/// The queue of the writer task; the task ends when the queue is dropped.
pub struct GroupWriter {
    queue: mpsc::UnboundedSender<Queued>,
    connections: Arc<Connections>,
}

/// The writer's own connections, taken out of the pool once (detached: the pool may open
/// others in their place) and kept between groups. A connection borrowed from the pool
/// costs a hand-off per group on SQLite (a thread per connection) and a round trip on
/// PostgreSQL for the ping sqlx sends to every connection given back; and a SQLite
/// connection drops its page cache whenever another connection wrote last, so that one
/// writer connection reads the pages it changes from its cache, not from the file. A
/// connection that failed is dropped, and the next group takes a new one.
pub(crate) struct Connections {
    pool: AnyPool,
    idle: std::sync::Mutex<Vec<AnyConnection>>,
}

impl Connections {
    fn new(pool: AnyPool) -> Connections {
        Connections { pool, idle: std::sync::Mutex::new(Vec::new()) }
    }

    /// A kept connection, or a new one from the pool.
    async fn take(&self) -> Result<AnyConnection, StoreError> {
        let kept = self.idle.lock().unwrap_or_else(PoisonError::into_inner).pop();
        match kept {
            Some(connection) => Ok(connection),
            None => Ok(self.pool.acquire().await?.detach()),
        }
    }

    /// Keeps `connection` for the next group.
    fn keep(&self, connection: AnyConnection) {
        self.idle.lock().unwrap_or_else(PoisonError::into_inner).push(connection);
    }

    /// Closes the kept connections.
    async fn close(&self) {
        let kept = std::mem::take(&mut *self.idle.lock().unwrap_or_else(PoisonError::into_inner));
        for connection in kept {
            let _ = connection.close().await;
        }
    }
}

impl GroupWriter {
    /// Starts the writer task on `pool` (a `backend` database), holding `lock` (SQLite:
    /// the store's writer lock) while it applies a group; on PostgreSQL the changes of
    /// intents in `watches` are announced.
    pub fn start(pool: AnyPool, backend: Backend, lock: Option<Arc<Mutex<()>>>, watches: Arc<Watches>) -> GroupWriter {
        let (queue, mut queued) = mpsc::unbounded_channel::<Queued>();
        let connections = Arc::new(Connections::new(pool));
        let writer = connections.clone();
        let in_flight = Arc::new(Semaphore::new(match backend {
            Backend::Sqlite => 1,
            Backend::Postgres => POSTGRES_GROUPS_IN_FLIGHT,
        }));
        tokio::spawn(async move {
            // A group is gathered once a permit is free, so it takes in whatever queued
            // while the groups in flight were being applied.
            while let Ok(permit) = in_flight.clone().acquire_owned().await {
                let Some(first) = queued.recv().await else { break };
                let mut group = vec![first];
                while group.len() < MAX_GROUP {
                    match queued.try_recv() {
                        Ok(next) => group.push(next),
                        Err(_) => break,
                    }
                }
                let (connections, lock, watches) = (writer.clone(), lock.clone(), watches.clone());
                tokio::spawn(async move {
                    let _writer = match &lock {
                        Some(lock) => Some(lock.lock().await),
                        None => None,
                    };
                    apply(&connections, backend, &watches, group).await;
                    drop(permit);
                });
            }
        });
        GroupWriter { queue, connections }
    }

    /// Closes the writer's kept connections (a group still to come takes new ones).
    pub async fn close(&self) {
        self.connections.close().await;
    }

    /// Queues `write` and waits for its group's commit.
    ///
    /// # Errors
    ///
    /// The write's own error, or the group's commit's.
    pub async fn write(&self, write: Write) -> Result<Swapped, StoreError> {
        let (answer, answered) = oneshot::channel();
        self.queue.send((write, answer)).map_err(|_| StoreError::PoolClosed)?;
        answered.await.map_err(|_| StoreError::PoolClosed)?
    }
}

/// Applies `group` in one transaction and answers each write after the commit. The writes
/// run in the order of their intent ids (arrival order within one intent), so that the
/// groups of several instances on one PostgreSQL database take row locks in one order. A
/// group that fails (a deadlock, a busy file, a commit that did not go through) is applied
/// again write by write, each in its own transaction, so that one write's trouble is
/// answered to it alone. On PostgreSQL the committed changes are then kept in `watches`,
/// and those of watched intents announced on [`CHANGES_CHANNEL`]; a failed announcement is
/// logged (the pollers of the other instances see the change within their period).
async fn apply(connections: &Connections, backend: Backend, watches: &Watches, mut group: Vec<Queued>) {
    group.sort_by(|(a, _), (b, _)| a.intent_id().cmp(b.intent_id()));
    let writes: Vec<&Write> = group.iter().map(|(write, _)| write).collect();
    let mut changes = Vec::new();
    match run_on(connections, backend, &writes).await {
        Ok(results) => {
            for ((write, answer), result) in group.into_iter().zip(results) {
                answered(write, answer, result, &mut changes);
            }
        }
        Err(e) if group.len() == 1 => {
            if let Some((_, answer)) = group.pop() {
                let _ = answer.send(Err(e));
            }
        }
        Err(e) => {
            tracing::warn!(error = %e, writes = group.len(), "group commit failed: applying its writes one by one");
            for (write, answer) in group {
                let result = run_on(connections, backend, &[&write]).await.and_then(|mut results| {
                    results.pop().unwrap_or_else(|| Err(StoreError::Protocol("a write without a result".into())))
                });
                answered(write, answer, result, &mut changes);
            }
        }
    }
    if backend == Backend::Postgres && !changes.is_empty() {
        let payloads: Vec<String> = watches
            .changed(changes, std::time::Instant::now())
            .into_iter()
            .map(|(intent_id, revision)| format!("{intent_id} {revision}"))
            .collect();
        if payloads.is_empty() {
            return;
        }
        let announced = on_connection(connections, async |connection| {
            notify_postgres(connection, CHANGES_CHANNEL, &payloads).await
        });
        if let Err(e) = announced.await {
            tracing::warn!(error = %e, changes = payloads.len(), "changes not announced: other instances' pollers will see them");
        }
    }
}

/// [`run`] on one of `connections`.
async fn run_on(
    connections: &Connections,
    backend: Backend,
    writes: &[&Write],
) -> Result<Vec<Result<Swapped, StoreError>>, StoreError> {
    on_connection(connections, async |connection| run(connection, backend, writes).await).await
}

/// `work` on one of `connections`, which is kept for the next group unless `work` failed.
async fn on_connection<T>(
    connections: &Connections,
    work: impl AsyncFnOnce(&mut AnyConnection) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    let mut connection = connections.take().await?;
    let done = work(&mut connection).await?;
    connections.keep(connection);
    Ok(done)
}

/// Answers `write` with its committed `result`, noting in `changes` the intent and revision
/// of a swap that changed its row, for the announcement.
fn answered(
    write: Write,
    answer: oneshot::Sender<Result<Swapped, StoreError>>,
    result: Result<Swapped, StoreError>,
    changes: &mut Vec<(String, i64)>,
) {
    if let (Write::Swap { record, .. }, Ok(Swapped::Done)) = (write, &result) {
        changes.push((record.intent_id, record.revision));
    }
    let _ = answer.send(result);
}

/// The swaps of `writes` (in their order) when the group can be one statement
/// ([`swap_all`]): every write a bare compare-and-swap (no proofs to claim, no transaction
/// hashes, no relay to queue) and, on SQLite, each intent at most once (`writes` are in the
/// order of their intent ids).
fn one_statement<'a>(backend: Backend, writes: &[&'a Write]) -> Option<Vec<(&'a StoredRecord, i64)>> {
    let swaps: Vec<(&StoredRecord, i64)> = writes
        .iter()
        .map(|write| match write {
            Write::Swap { record, expected_revision, proofs }
                if proofs.is_empty() && record.new_transaction_hashes.is_empty() && record.queue_relay_on.is_none() =>
            {
                Some((record, *expected_revision))
            }
            _ => None,
        })
        .collect::<Option<_>>()?;
    let repeated = swaps.windows(2).any(|pair| pair[0].0.intent_id == pair[1].0.intent_id);
    (backend == Backend::Postgres || !repeated).then_some(swaps)
}

/// Runs `writes` in one transaction: each write's own result, or the error that failed
/// the transaction.
async fn run(
    connection: &mut AnyConnection,
    backend: Backend,
    writes: &[&Write],
) -> Result<Vec<Result<Swapped, StoreError>>, StoreError> {
    if let Some(swaps) = one_statement(backend, writes) {
        return swap_all(connection, backend, &swaps).await;
    }
    let mut results = Vec::with_capacity(writes.len());
    let mut transaction = connection.begin().await?;
    for write in writes {
        let guarded = write.guarded();
        if guarded {
            transaction.execute("SAVEPOINT one_write").await?;
        }
        let result = match write {
            Write::Insert(record) => insert_in(&mut transaction, record, backend).await.map(|()| Swapped::Done),
            Write::Swap { record, expected_revision, proofs } => {
                swap_in(&mut transaction, record, *expected_revision, proofs).await
            }
        };
        if guarded {
            if !matches!(result, Ok(Swapped::Done)) {
                transaction.execute("ROLLBACK TO SAVEPOINT one_write").await?;
            }
            transaction.execute("RELEASE SAVEPOINT one_write").await?;
        } else if let Err(e) = result {
            // Outside a savepoint an error may have aborted the transaction (PostgreSQL).
            return Err(e);
        }
        results.push(result);
    }
    transaction.commit().await?;
    Ok(results)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::watches::WATCHES_CHANNEL;
    use crate::store::Store;
    use intent_core::Timestamp;

    fn record(intent_id: &str, revision: i64, state: &str) -> StoredRecord {
        StoredRecord {
            intent_id: intent_id.into(),
            project_id: 42,
            revision,
            status: "QUOTED".into(),
            next_deadline: None,
            state: state.into(),
            quoted: Some("{}".into()),
            listing: Default::default(),
            new_transaction_hashes: Vec::new(),
            queue_relay_on: None,
        }
    }

    /// Applies `writes` as one group on `store`: each one's outcome, in their order.
    async fn applied(store: &Store, writes: Vec<Write>) -> Vec<Result<Swapped, String>> {
        let mut answers = Vec::new();
        let mut group = Vec::new();
        for write in writes {
            let (answer, answered) = oneshot::channel();
            group.push((write, answer));
            answers.push(answered);
        }
        apply(&Connections::new(store.pool().clone()), store.backend(), store.watches(), group).await;
        let mut outcomes = Vec::new();
        for answered in answers {
            outcomes.push(answered.await.unwrap().map_err(|e| e.to_string()));
        }
        outcomes
    }

    /// Inserts, a swap that claims a proof and loses its race, a duplicate insert, a swap
    /// that claims the same proof, and a bare swap that loses: each keeps its own outcome.
    async fn one_transaction_keeps_each_writes_own_outcome(url: &str) {
        let store = Store::open(url).await.unwrap();
        let unique = format!("{}-{}", std::process::id(), Timestamp::now().subsec_nanos());
        let id = format!("0xgroup-{unique}");
        let proof = DepositProof { key: format!("deposit-transaction:{unique}"), path: "depositTransactionHash" };
        let writes = vec![
            Write::Insert(record(&id, 1, "first")),
            // Claims the proof, then loses its race: the claim is undone with it.
            Write::Swap { record: record(&id, 3, "stale"), expected_revision: 2, proofs: vec![proof.clone()] },
            Write::Insert(record(&id, 1, "duplicate")),
            Write::Swap { record: record(&id, 2, "second"), expected_revision: 1, proofs: vec![proof.clone()] },
            Write::Swap { record: record(&id, 9, "lost"), expected_revision: 7, proofs: vec![] },
        ];
        let outcomes = applied(&store, writes).await;
        assert_eq!(outcomes[0], Ok(Swapped::Done));
        assert_eq!(outcomes[1], Ok(Swapped::LostRace));
        let duplicate = outcomes[2].as_ref().unwrap_err().to_lowercase();
        assert!(duplicate.contains("unique") || duplicate.contains("duplicate key"), "{duplicate}");
        assert_eq!(outcomes[3], Ok(Swapped::Done), "the proof was free again after the lost race");
        assert_eq!(outcomes[4], Ok(Swapped::LostRace));
        let stored = store.load(&id).await.unwrap().unwrap();
        assert_eq!((stored.revision, stored.state.as_str()), (2, "second"));
        store.close().await;
    }

    /// A group whose bare swap fails outside a savepoint (a trigger on `store` refuses
    /// updates of ids starting `0xbad-`): the others are applied one by one and succeed, the
    /// failing one gets its error.
    async fn a_failed_group_is_applied_write_by_write(store: &Store) {
        let unique = format!("{}-{}", std::process::id(), Timestamp::now().subsec_nanos());
        let ids = [format!("0xa-{unique}"), format!("0xbad-{unique}"), format!("0xc-{unique}")];
        for id in &ids {
            store.insert(&record(id, 1, "first")).await.unwrap();
        }
        let swaps =
            ids.iter().map(|id| Write::Swap { record: record(id, 2, "second"), expected_revision: 1, proofs: vec![] });
        let outcomes = applied(store, swaps.collect()).await;
        assert_eq!(outcomes[0], Ok(Swapped::Done));
        assert!(outcomes[1].is_err(), "{:?}", outcomes[1]);
        assert_eq!(outcomes[2], Ok(Swapped::Done));
        for (id, revision) in [(&ids[0], 2), (&ids[1], 1), (&ids[2], 2)] {
            assert_eq!(store.load(id).await.unwrap().unwrap().revision, revision, "{id}");
        }
    }

    /// PostgreSQL's one-statement group of bare swaps: two swaps of one intent that expect
    /// the same revision (one wins, one lost its race) and a swap of another intent that
    /// expects a revision it does not have; the winner's change (its intent watched) is
    /// announced after the commit with its new revision.
    async fn one_statement_answers_each_swap_and_announces_the_change(store: &Store) {
        let unique = format!("{}-{}", std::process::id(), Timestamp::now().subsec_nanos());
        let (id, other) = (format!("0xone-{unique}"), format!("0xother-{unique}"));
        for id in [&id, &other] {
            store.insert(&record(id, 1, "first")).await.unwrap();
            let now = std::time::Instant::now();
            let _ = store.watches().watch(id, now + std::time::Duration::from_secs(60), now);
        }
        let mut listener = store.listen_changes().await.unwrap().expect("a PostgreSQL listener");
        let swaps = vec![
            Write::Swap { record: record(&id, 2, "second"), expected_revision: 1, proofs: vec![] },
            Write::Swap { record: record(&id, 3, "third"), expected_revision: 1, proofs: vec![] },
            Write::Swap { record: record(&other, 6, "lost"), expected_revision: 5, proofs: vec![] },
        ];
        let outcomes = applied(store, swaps).await;
        let won: Vec<usize> = (0..2).filter(|&i| outcomes[i] == Ok(Swapped::Done)).collect();
        assert_eq!(won.len(), 1, "{outcomes:?}");
        assert_eq!(outcomes[1 - won[0]], Ok(Swapped::LostRace));
        assert_eq!(outcomes[2], Ok(Swapped::LostRace));
        let stored = store.load(&id).await.unwrap().unwrap();
        let revision = [2, 3][won[0]];
        assert_eq!((stored.revision, stored.state.as_str()), (revision, ["second", "third"][won[0]]));
        assert_eq!(store.load(&other).await.unwrap().unwrap().revision, 1);
        let expected = format!("{id} {revision}");
        loop {
            let notification = tokio::time::timeout(std::time::Duration::from_secs(30), listener.recv())
                .await
                .expect("the change is announced")
                .unwrap();
            assert!(!notification.payload().starts_with(&format!("{other} ")), "a lost swap was announced");
            if notification.payload() == expected {
                break;
            }
        }
    }

    /// PostgreSQL: a change of an intent nobody watches is not announced, one of a watched
    /// intent is; a watch heard after an unannounced change announces that change again
    /// (the notifications of one channel arrive in the order of their commits).
    async fn only_watched_changes_are_announced_and_a_late_watch_announces_again(store: &Store) {
        let unique = format!("{}-{}", std::process::id(), Timestamp::now().subsec_nanos());
        let (quiet, watched) = (format!("0xquiet-{unique}"), format!("0xwatched-{unique}"));
        for id in [&quiet, &watched] {
            store.insert(&record(id, 1, "first")).await.unwrap();
        }
        let mut listener = store.listen_changes().await.unwrap().expect("a PostgreSQL listener");
        // The next notification of this test's intents: its channel and payload.
        let next = async |listener: &mut sqlx::postgres::PgListener| loop {
            let notification = tokio::time::timeout(std::time::Duration::from_secs(30), listener.recv())
                .await
                .expect("an announcement")
                .unwrap();
            if notification.payload().contains(&unique) {
                return (notification.channel().to_owned(), notification.payload().to_owned());
            }
        };
        let swap = |id: &str| Write::Swap { record: record(id, 2, "second"), expected_revision: 1, proofs: vec![] };
        assert_eq!(applied(store, vec![swap(&quiet)]).await, [Ok(Swapped::Done)]);
        store.announce_watch(&watched, 60).await.unwrap();
        // The watch is heard by this store's own listener, first: the quiet change was not
        // announced. It is noted as another instance's is.
        let heard = next(&mut listener).await;
        assert_eq!(heard, (WATCHES_CHANNEL.to_owned(), format!("{watched} 60")));
        store.watch_heard(&heard.1).await.unwrap();
        assert_eq!(applied(store, vec![swap(&watched)]).await, [Ok(Swapped::Done)]);
        assert_eq!(next(&mut listener).await, (CHANGES_CHANNEL.to_owned(), format!("{watched} 2")));
        // Then a waiter on the quiet intent: its change, made before the watch was heard, is
        // announced again.
        store.watch_heard(&format!("{quiet} 60")).await.unwrap();
        assert_eq!(next(&mut listener).await, (CHANGES_CHANNEL.to_owned(), format!("{quiet} 2")));
        store.watch_heard("a payload of another form").await.unwrap();
    }

    /// A group of bare swaps of distinct intents, one statement on either database: the
    /// winners and the loser are told apart (on SQLite by the changed intents' ids). Two
    /// swaps of one intent are one statement on PostgreSQL and a transaction on SQLite; on
    /// either, one wins and the other loses its race.
    async fn bare_swaps_are_one_statement_with_each_outcome(store: &Store) {
        let unique = format!("{}-{}", std::process::id(), Timestamp::now().subsec_nanos());
        let ids: Vec<String> = (0..3).map(|i| format!("0xbare{i}-{unique}")).collect();
        for id in &ids {
            store.insert(&record(id, 1, "first")).await.unwrap();
        }
        let swap = |id: &str, revision: i64, expected_revision: i64| Write::Swap {
            record: record(id, revision, &format!("at {revision}")),
            expected_revision,
            proofs: vec![],
        };
        let writes = vec![swap(&ids[2], 2, 1), swap(&ids[0], 2, 1), swap(&ids[1], 6, 5)];
        assert!(one_statement(store.backend(), &writes.iter().collect::<Vec<_>>()).is_some());
        let outcomes = applied(store, writes).await;
        assert_eq!(outcomes, [Ok(Swapped::Done), Ok(Swapped::Done), Ok(Swapped::LostRace)]);
        for (id, revision) in [(&ids[0], 2), (&ids[1], 1), (&ids[2], 2)] {
            assert_eq!(store.load(id).await.unwrap().unwrap().revision, revision, "{id}");
        }
        let writes = vec![swap(&ids[0], 3, 2), swap(&ids[0], 3, 2)];
        let repeated = one_statement(store.backend(), &writes.iter().collect::<Vec<_>>()).is_some();
        assert_eq!(repeated, store.backend() == Backend::Postgres);
        let outcomes = applied(store, writes).await;
        let won = outcomes.iter().filter(|outcome| **outcome == Ok(Swapped::Done)).count();
        let lost = outcomes.iter().filter(|outcome| **outcome == Ok(Swapped::LostRace)).count();
        assert_eq!((won, lost), (1, 1), "{outcomes:?}");
        assert_eq!(store.load(&ids[0]).await.unwrap().unwrap().revision, 3);
    }

    /// A swap that queues its intent for relaying writes the queue's row with its change,
    /// and one that loses its race writes none (PostgreSQL: such a swap is not part of the
    /// one-statement group of bare swaps).
    async fn a_change_queues_its_relay_with_itself(store: &Store) {
        let unique = format!("{}-{}", std::process::id(), Timestamp::now().subsec_nanos());
        let (won, lost) = (format!("0xqueued-{unique}"), format!("0xnot-queued-{unique}"));
        for id in [&won, &lost] {
            store.insert(&record(id, 1, "first")).await.unwrap();
        }
        let queued = |id: &str, revision: i64, expected_revision: i64| Write::Swap {
            record: StoredRecord { queue_relay_on: Some(31337), ..record(id, revision, "executing") },
            expected_revision,
            proofs: vec![],
        };
        let outcomes = applied(store, vec![queued(&won, 2, 1), queued(&lost, 6, 5)]).await;
        assert_eq!(outcomes, [Ok(Swapped::Done), Ok(Swapped::LostRace)]);
        for (id, rows) in [(&won, 1), (&lost, 0)] {
            let found: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM relay_queue WHERE intent_id = $1 AND chain_id = 31337")
                    .bind(id)
                    .fetch_one(store.pool())
                    .await
                    .unwrap();
            assert_eq!(found, rows, "{id}");
        }
    }

    #[tokio::test]
    async fn one_sqlite_transaction_keeps_each_writes_own_outcome() {
        let path = std::env::temp_dir().join(format!("intent-group-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let url = format!("sqlite://{}", path.display());
        one_transaction_keeps_each_writes_own_outcome(&url).await;
        let store = Store::open(&url).await.unwrap();
        sqlx::query(
            "CREATE TRIGGER fail_bad BEFORE UPDATE ON intents WHEN NEW.intent_id LIKE '0xbad-%' \
             BEGIN SELECT RAISE(ABORT, 'bad'); END",
        )
        .execute(store.pool())
        .await
        .unwrap();
        a_failed_group_is_applied_write_by_write(&store).await;
        a_change_queues_its_relay_with_itself(&store).await;
        bare_swaps_are_one_statement_with_each_outcome(&store).await;
        store.close().await;
        let _ = std::fs::remove_file(&path);
    }

    /// On the PostgreSQL database of `INTENT_SERVICE_TEST_POSTGRES` (service/README.md),
    /// when it is set: there a statement's error aborts the transaction, so the savepoints
    /// are what keeps the group's other writes.
    #[tokio::test]
    async fn one_postgres_transaction_keeps_each_writes_own_outcome() {
        match std::env::var("INTENT_SERVICE_TEST_POSTGRES") {
            Ok(url) if url.starts_with("postgres") => {
                one_transaction_keeps_each_writes_own_outcome(&url).await;
                let store = Store::open(&url).await.unwrap();
                for sql in [
                    "CREATE OR REPLACE FUNCTION fail_bad() RETURNS trigger LANGUAGE plpgsql \
                     AS $$ BEGIN RAISE EXCEPTION 'bad'; END $$",
                    "DROP TRIGGER IF EXISTS fail_bad ON intents",
                    "CREATE TRIGGER fail_bad BEFORE UPDATE ON intents FOR EACH ROW \
                     WHEN (NEW.intent_id LIKE '0xbad-%') EXECUTE FUNCTION fail_bad()",
                ] {
                    sqlx::query(sql).execute(store.pool()).await.unwrap();
                }
                a_failed_group_is_applied_write_by_write(&store).await;
                one_statement_answers_each_swap_and_announces_the_change(&store).await;
                only_watched_changes_are_announced_and_a_late_watch_announces_again(&store).await;
                a_change_queues_its_relay_with_itself(&store).await;
                bare_swaps_are_one_statement_with_each_outcome(&store).await;
                sqlx::query("DROP TRIGGER fail_bad ON intents").execute(store.pool()).await.unwrap();
                store.close().await;
            }
            _ if std::env::var("CI").as_deref() == Ok("true") => {
                panic!("CI=true and INTENT_SERVICE_TEST_POSTGRES is not a postgres:// URL")
            }
            _ => eprintln!("INTENT_SERVICE_TEST_POSTGRES is not set: nothing to run against"),
        }
    }
}
