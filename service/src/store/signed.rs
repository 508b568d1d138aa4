//! The signed transactions table (`service/migrations/0006_signed_transactions.sql`): one
//! row per signed version of a transaction the service sends, a gasless deposit's relay
//! ([`TxKind::Deposit`]), an intent's origin meta-transaction ([`TxKind::Origin`]), the
//! CCTP mint on the destination chain ([`TxKind::Route`]) or the destination
//! meta-transaction ([`TxKind::Destination`]), written before it is sent. The rows of one intent's transaction of one kind share its
//! nonce: version 0 takes the nonce (a unique index makes a sender's nonce usable by one
//! intent's transaction per chain), later versions replace it with a higher fee. While
//! they are `SENT` the executor follows them, after a restart too; a row with no signed
//! bytes is adopted, someone else's transaction followed by its hash.
//!
//! Only text and numbers here: what a row means, and when it is written, is the
//! executor's (`crate::relay`).

use alloy_primitives::{Address, Bytes, B256};
use sqlx::Row;

use super::{Store, StoreError};

/// A signed transaction's status while one of its versions may still be mined.
pub const PENDING: &str = "SENT";

/// What a signed transaction does for its intent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TxKind {
    /// The relay of a gasless deposit.
    Deposit,
    /// The origin meta-transaction.
    Origin,
    /// The mint of a cross-chain intent's burn: `receiveMessage` on the destination chain.
    Route,
    /// The destination meta-transaction of a cross-chain intent.
    Destination,
}

impl TxKind {
    /// Its `kind` column.
    pub fn as_str(self) -> &'static str {
        match self {
            TxKind::Deposit => "DEPOSIT",
            TxKind::Origin => "ORIGIN",
            TxKind::Route => "ROUTE",
            TxKind::Destination => "DESTINATION",
        }
    }

    fn parse(text: &str) -> Option<TxKind> {
        match text {
            "DEPOSIT" => Some(TxKind::Deposit),
            "ORIGIN" => Some(TxKind::Origin),
            "ROUTE" => Some(TxKind::Route),
            "DESTINATION" => Some(TxKind::Destination),
            _ => None,
        }
    }
}

/// One signed version of an intent's transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signed {
    /// The intent it is sent for.
    pub intent_id: String,
    /// What it does.
    pub kind: TxKind,
    /// The chain it is sent on.
    pub chain_id: u64,
    /// The account that signed it (the relayer, or whoever sent an adopted one).
    pub sender: Address,
    /// The sender's nonce it uses.
    pub nonce: u64,
    /// 0 for the first version, then one more for each replacement.
    pub attempt: u64,
    /// Its hash.
    pub txn_hash: B256,
    /// The signed transaction (EIP-2718 bytes); `None` when adopted.
    pub raw: Option<Bytes>,
    /// The head block when it was signed; `None` when not known.
    pub signed_at_block: Option<u64>,
}

fn int(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

fn corrupt(what: &str) -> StoreError {
    sqlx::Error::Decode(format!("signed_transactions: unreadable {what}").into())
}

/// The columns of a [`Signed`], in [`signed_of`]'s order.
const SELECT: &str = "SELECT txn_hash, intent_id, kind, chain_id, sender, nonce, attempt, raw_transaction, \
                      signed_at_block FROM signed_transactions";

/// The [`Signed`] of a row of [`SELECT`].
fn signed_of(row: &sqlx::any::AnyRow) -> Result<Signed, StoreError> {
    let text = |i: usize| row.try_get::<String, _>(i);
    let number = |i: usize| row.try_get::<i64, _>(i).map(|n| u64::try_from(n).unwrap_or(0));
    let raw: Option<String> = row.try_get(7)?;
    let block: Option<i64> = row.try_get(8)?;
    Ok(Signed {
        txn_hash: text(0)?.parse().map_err(|_| corrupt("txn_hash"))?,
        intent_id: text(1)?,
        kind: TxKind::parse(&text(2)?).ok_or_else(|| corrupt("kind"))?,
        chain_id: number(3)?,
        sender: text(4)?.parse().map_err(|_| corrupt("sender"))?,
        nonce: number(5)?,
        attempt: number(6)?,
        raw: raw.map(|raw| raw.parse().map_err(|_| corrupt("raw_transaction"))).transpose()?,
        signed_at_block: block.map(|block| u64::try_from(block).unwrap_or(0)),
    })
}

impl Store {
    /// Stores `signed` as pending; `false` when its intent already has this version of its
    /// transaction of this kind, or (a first version) its nonce is taken on its chain by
    /// this sender: nothing is written then.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn insert_signed(&self, signed: &Signed) -> Result<bool, StoreError> {
        let inserted = sqlx::query(
            "INSERT INTO signed_transactions (txn_hash, intent_id, kind, chain_id, sender, nonce, attempt, \
             raw_transaction, signed_at_block, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
             ON CONFLICT DO NOTHING",
        )
        .bind(signed.txn_hash.to_string())
        .bind(&signed.intent_id)
        .bind(signed.kind.as_str())
        .bind(int(signed.chain_id))
        .bind(signed.sender.to_string())
        .bind(int(signed.nonce))
        .bind(int(signed.attempt))
        .bind(signed.raw.as_ref().map(ToString::to_string))
        .bind(signed.signed_at_block.map(int))
        .bind(PENDING)
        .execute(&self.pool)
        .await?;
        Ok(inserted.rows_affected() == 1)
    }

    /// Whether `intent_id` has a transaction of `kind`, pending or done.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn has_signed(&self, intent_id: &str, kind: TxKind) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) FROM signed_transactions WHERE intent_id = $1 AND kind = $2")
            .bind(intent_id)
            .bind(kind.as_str())
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get::<i64, _>(0)? > 0)
    }

    /// The pending versions `sender` signed on `chain_id`, with the adopted ones of that
    /// chain, through the `(status, chain_id, sender)` index, by nonce and version.
    ///
    /// # Errors
    ///
    /// The database's error, or a row this module did not write.
    pub async fn pending_signed(&self, chain_id: u64, sender: Address) -> Result<Vec<Signed>, StoreError> {
        let rows = sqlx::query(&format!(
            "{SELECT} WHERE status = $1 AND chain_id = $2 AND (sender = $3 OR raw_transaction IS NULL) \
             ORDER BY nonce, attempt"
        ))
        .bind(PENDING)
        .bind(int(chain_id))
        .bind(sender.to_string())
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(signed_of).collect()
    }

    /// Every version of `intent_id`'s transaction of `kind`, pending or done, the first first.
    ///
    /// # Errors
    ///
    /// The database's error, or a row this module did not write.
    pub async fn signed_versions(&self, intent_id: &str, kind: TxKind) -> Result<Vec<Signed>, StoreError> {
        let rows = sqlx::query(&format!("{SELECT} WHERE intent_id = $1 AND kind = $2 ORDER BY attempt"))
            .bind(intent_id)
            .bind(kind.as_str())
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(signed_of).collect()
    }

    /// The versions of `intent_id`'s transaction of `kind` still pending, the first first.
    ///
    /// # Errors
    ///
    /// The database's error, or a row this module did not write.
    pub async fn pending_versions(&self, intent_id: &str, kind: TxKind) -> Result<Vec<Signed>, StoreError> {
        let rows =
            sqlx::query(&format!("{SELECT} WHERE intent_id = $1 AND kind = $2 AND status = $3 ORDER BY attempt"))
                .bind(intent_id)
                .bind(kind.as_str())
                .bind(PENDING)
                .fetch_all(&self.pool)
                .await?;
        rows.iter().map(signed_of).collect()
    }

    /// Deletes every version of `intent_id`'s transaction of `kind`: it was mined and
    /// reverted (a mint someone else's got ahead of), and the core asks for it again.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn forget_versions(&self, intent_id: &str, kind: TxKind) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM signed_transactions WHERE intent_id = $1 AND kind = $2")
            .bind(intent_id)
            .bind(kind.as_str())
            .execute(&self.pool)
            .await
            .map(drop)
    }

    /// Deletes the version `txn_hash`: the node refused it, so it was never sent.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn forget_signed(&self, txn_hash: B256) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM signed_transactions WHERE txn_hash = $1")
            .bind(txn_hash.to_string())
            .execute(&self.pool)
            .await
            .map(drop)
    }

    /// Marks every version of `intent_id`'s transaction of `kind` done with `status`
    /// (SUCCEEDED, REVERTED or FAILED).
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn finish_signed(&self, intent_id: &str, kind: TxKind, status: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE signed_transactions SET status = $1 WHERE intent_id = $2 AND kind = $3")
            .bind(status)
            .bind(intent_id)
            .bind(kind.as_str())
            .execute(&self.pool)
            .await
            .map(drop)
    }

    /// Marks every version of `intent_id`'s transaction of `kind` pending again: the chain
    /// lost the block that mined it (a reorganisation), so it is followed, and sent again,
    /// like one just sent.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn reopen_signed(&self, intent_id: &str, kind: TxKind) -> Result<(), StoreError> {
        self.finish_signed(intent_id, kind, PENDING).await
    }
}
