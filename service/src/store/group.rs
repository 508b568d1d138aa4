//! SQLite's group commit: one writer task per store applies every insert and
//! compare-and-swap queued meanwhile in one transaction, each under its own savepoint (so a
//! lost race or a used proof undoes only its own statements), and commits once: one sync
//! for the whole group. Each writer is answered after the commit, so an answer still means
//! the change is on disk (`synchronous = FULL`). A failed commit fails every write of the
//! group. PostgreSQL does not use it: its writes run on the pool's connections.

use std::sync::Arc;

use sqlx::{AnyPool, Executor};
use tokio::sync::{mpsc, oneshot, Mutex};

use super::{insert_in, swap_in, Backend, DepositProof, StoreError, StoredRecord, Swapped};

/// The most writes one transaction applies.
pub const MAX_GROUP: usize = 256;

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

type Queued = (Write, oneshot::Sender<Result<Swapped, StoreError>>);

/// The queue of the writer task; the task ends when the queue is dropped.
pub struct GroupWriter {
    queue: mpsc::UnboundedSender<Queued>,
}

impl GroupWriter {
    /// Starts the writer task on `pool`, holding `lock` (the store's writer lock) while it
    /// applies a group.
    pub fn start(pool: AnyPool, lock: Arc<Mutex<()>>) -> GroupWriter {
        let (queue, mut queued) = mpsc::unbounded_channel::<Queued>();
        tokio::spawn(async move {
            while let Some(first) = queued.recv().await {
                let mut group = vec![first];
                while group.len() < MAX_GROUP {
                    match queued.try_recv() {
                        Ok(next) => group.push(next),
                        Err(_) => break,
                    }
                }
                let _writer = lock.lock().await;
                apply(&pool, group).await;
            }
        });
        GroupWriter { queue }
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

/// Applies `group` in one transaction and answers each write after the commit.
async fn apply(pool: &AnyPool, group: Vec<Queued>) {
    let mut results = Vec::with_capacity(group.len());
    let committed: Result<(), StoreError> = async {
        let mut transaction = pool.begin().await?;
        for (write, _) in &group {
            transaction.execute("SAVEPOINT one_write").await?;
            let result = match write {
                Write::Insert(record) => {
                    insert_in(&mut transaction, record, Backend::Sqlite).await.map(|()| Swapped::Done)
                }
                Write::Swap { record, expected_revision, proofs } => {
                    swap_in(&mut transaction, record, *expected_revision, proofs, Backend::Sqlite).await
                }
            };
            if !matches!(result, Ok(Swapped::Done)) {
                transaction.execute("ROLLBACK TO SAVEPOINT one_write").await?;
            }
            transaction.execute("RELEASE SAVEPOINT one_write").await?;
            results.push(result);
        }
        transaction.commit().await
    }
    .await;
    match committed {
        Ok(()) => {
            for ((_, answer), result) in group.into_iter().zip(results) {
                let _ = answer.send(result);
            }
        }
        Err(e) => {
            let message = e.to_string();
            for (_, answer) in group {
                let _ = answer.send(Err(StoreError::Protocol(format!("group commit failed: {message}"))));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    fn record(revision: i64, state: &str) -> StoredRecord {
        StoredRecord {
            intent_id: "0xgroup".into(),
            project_id: 42,
            revision,
            status: "QUOTED".into(),
            next_deadline: None,
            state: state.into(),
            listing: Default::default(),
            new_transaction_hashes: Vec::new(),
        }
    }

    #[tokio::test]
    async fn one_transaction_keeps_each_writes_own_outcome() {
        let path = std::env::temp_dir().join(format!("intent-group-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let store = Store::open(&format!("sqlite://{}", path.display())).await.unwrap();
        let proof = DepositProof { key: "deposit-transaction:0x01".into(), path: "depositTransactionHash" };
        let mut answers = Vec::new();
        let mut group = Vec::new();
        let writes = [
            Write::Insert(record(1, "first")),
            // Claims the proof, then loses its race: the claim is undone with it.
            Write::Swap { record: record(3, "stale"), expected_revision: 2, proofs: vec![proof.clone()] },
            Write::Insert(record(1, "duplicate")),
            Write::Swap { record: record(2, "second"), expected_revision: 1, proofs: vec![proof.clone()] },
        ];
        for write in writes {
            let (answer, answered) = oneshot::channel();
            group.push((write, answer));
            answers.push(answered);
        }
        apply(store.pool(), group).await;
        let mut outcomes = Vec::new();
        for answered in answers {
            outcomes.push(answered.await.unwrap().map_err(|e| e.to_string()));
        }
        assert_eq!(outcomes[0], Ok(Swapped::Done));
        assert_eq!(outcomes[1], Ok(Swapped::LostRace));
        assert!(outcomes[2].as_ref().is_err_and(|e| e.contains("UNIQUE")), "{:?}", outcomes[2]);
        assert_eq!(outcomes[3], Ok(Swapped::Done), "the proof was free again after the lost race");
        let stored = store.load("0xgroup").await.unwrap().unwrap();
        assert_eq!((stored.revision, stored.state.as_str()), (2, "second"));
        store.close().await;
        let _ = std::fs::remove_file(&path);
    }
}
