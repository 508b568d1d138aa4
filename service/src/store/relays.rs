//! The relay queue (`service/migrations/0003_relay.sql`, `0004_relay_queue_by_chain.sql`):
//! the gasless intents accepted and not yet signed for, by origin chain, written in the
//! transaction of the change that makes them EXECUTING ([`super::StoredRecord::queue_relay_on`],
//! see `swap_in`), whether or not the instance can relay them (any relayer of the chain takes
//! them: nothing is signed yet). What is signed for them is the signed transactions table's
//! ([`super::signed`]).
//!
//! Beside it, the EXECUTING intents of a chain (their origin or destination), which its
//! executor drives.
//!
//! Only text and numbers here: when a row is written or deleted is the relayer's
//! (`crate::relay`).

use sqlx::Row;

use super::{Store, StoreError};

fn int(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

impl Store {
    /// Takes `intent_id` off the relay queue.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn dequeue_relay(&self, intent_id: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM relay_queue WHERE intent_id = $1").bind(intent_id).execute(&self.pool).await.map(drop)
    }

    /// The intents queued for relaying on `chain_id`, through the `(chain_id)` index, in the
    /// order of their ids.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn queued_relays(&self, chain_id: u64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT intent_id FROM relay_queue WHERE chain_id = $1 ORDER BY intent_id")
            .bind(int(chain_id))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| row.try_get(0)).collect()
    }

    /// The EXECUTING intents whose origin or destination chain is `chain_id`, in the order
    /// of their ids: what the chain's executor asks for their next step, taking those that
    /// name its chain (through the `(status, …)` index of `intents`).
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn executing_on(&self, chain_id: u64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT i.intent_id FROM intents i JOIN quotes q ON q.intent_id = i.intent_id \
             WHERE i.status = 'EXECUTING' AND (q.origin_chain_id = $1 OR q.destination_chain_id = $1) \
             ORDER BY i.intent_id",
        )
        .bind(int(chain_id))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| row.try_get(0)).collect()
    }
}
