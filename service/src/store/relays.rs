//! The relays tables (`service/migrations/0003_relay.sql`, `0004_relay_queue_by_chain.sql`):
//! `relays`, one row per relayed deposit, holding the signed transaction, written before it
//! is sent (a pending row, `SENT`, is what the relayer follows, after a restart too; the
//! unique `(chain, relayer, nonce)` makes a relayer nonce usable once); and `relay_queue`,
//! the gasless intents accepted and not yet signed for, by origin chain, written in the
//! transaction of the change that makes them EXECUTING ([`super::StoredRecord::queue_relay_on`],
//! see `swap_in`), whether or not the instance can relay them (any relayer of the chain takes
//! them: nothing is signed yet).
//!
//! Only text and numbers here: what a row means, and when it is written, is the relayer's
//! (`crate::relay`).

use alloy_primitives::{Address, Bytes, B256};
use sqlx::Row;

use super::{Store, StoreError};

/// A relay's status while its transaction may still be mined.
pub const PENDING: &str = "SENT";

/// One relayed deposit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Relay {
    /// The intent whose deposit it relays.
    pub intent_id: String,
    /// The chain it is sent on.
    pub chain_id: u64,
    /// The relayer's address.
    pub relayer: Address,
    /// The relayer's nonce it uses.
    pub nonce: u64,
    /// Its hash.
    pub txn_hash: B256,
    /// The signed transaction (EIP-2718 bytes).
    pub raw: Bytes,
}

fn int(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

fn corrupt(what: &str) -> StoreError {
    sqlx::Error::Decode(format!("relays: unreadable {what}").into())
}

impl Store {
    /// Stores `relay` as pending; `false` when its intent already has a relay or its nonce
    /// is used on its chain by this relayer (nothing is written then).
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn insert_relay(&self, relay: &Relay) -> Result<bool, StoreError> {
        let inserted = sqlx::query(
            "INSERT INTO relays (intent_id, chain_id, relayer, nonce, txn_hash, raw_transaction, status) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
        )
        .bind(&relay.intent_id)
        .bind(int(relay.chain_id))
        .bind(relay.relayer.to_string())
        .bind(int(relay.nonce))
        .bind(relay.txn_hash.to_string())
        .bind(relay.raw.to_string())
        .bind(PENDING)
        .execute(&self.pool)
        .await?;
        Ok(inserted.rows_affected() == 1)
    }

    /// Whether `intent_id` has a relay, pending or done.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn has_relay(&self, intent_id: &str) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) FROM relays WHERE intent_id = $1")
            .bind(intent_id)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get::<i64, _>(0)? > 0)
    }

    /// The pending relays `relayer` sent on `chain_id`, through the `(status, chain_id,
    /// relayer)` index.
    ///
    /// # Errors
    ///
    /// The database's error, or a row this module did not write.
    pub async fn pending_relays(&self, chain_id: u64, relayer: Address) -> Result<Vec<Relay>, StoreError> {
        let rows = sqlx::query(
            "SELECT intent_id, chain_id, relayer, nonce, txn_hash, raw_transaction FROM relays \
             WHERE status = $1 AND chain_id = $2 AND relayer = $3 ORDER BY nonce",
        )
        .bind(PENDING)
        .bind(int(chain_id))
        .bind(relayer.to_string())
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let text = |i: usize| row.try_get::<String, _>(i);
                let number = |i: usize| row.try_get::<i64, _>(i).map(|n| u64::try_from(n).unwrap_or(0));
                Ok(Relay {
                    intent_id: text(0)?,
                    chain_id: number(1)?,
                    relayer: text(2)?.parse().map_err(|_| corrupt("relayer"))?,
                    nonce: number(3)?,
                    txn_hash: text(4)?.parse().map_err(|_| corrupt("txn_hash"))?,
                    raw: text(5)?.parse().map_err(|_| corrupt("raw_transaction"))?,
                })
            })
            .collect()
    }

    /// Deletes the relay of `intent_id`: the node refused it, so it was never sent.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn forget_relay(&self, intent_id: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM relays WHERE intent_id = $1").bind(intent_id).execute(&self.pool).await.map(drop)
    }

    /// Marks the relay of `intent_id` done with `status` (SUCCEEDED, REVERTED or FAILED).
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn finish_relay(&self, intent_id: &str, status: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE relays SET status = $1 WHERE intent_id = $2")
            .bind(status)
            .bind(intent_id)
            .execute(&self.pool)
            .await
            .map(drop)
    }

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
}
