//! The rows an older schema stored, named in `older_rows` by the migrations that changed
//! the schema (`0002_search.sql`, `0005_quotes_apart.sql`), read and finished at start
//! before the service serves: those of the first schema get their place in the listing,
//! their listing columns and their transaction hashes; those stored before the split get
//! their state split into its quoted and changing parts. What the parts and the listing
//! columns are is decided above ([`crate::records::finish_older_rows`]); this module writes
//! them.

use sqlx::Row;

use super::{add_transaction_hashes, bind_listing, Listing, Store, StoreError, StoredRecord, TAKE_PLACE};

/// A row an older schema stored, named in `older_rows`, to be finished at start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OlderRow {
    /// The intent's id.
    pub intent_id: String,
    /// Its rows, unless they were deleted since: the revision, the state and the quoted
    /// part ([`StoredRecord`]'s).
    pub stored: Option<StoredRecord>,
    /// Whether it has its place in the listing.
    pub listed: bool,
}

/// How [`Store::finish_older`] finishes a row an older schema stored.
#[derive(Debug, Clone, Copy)]
pub struct Finish<'a> {
    /// The revision the row was read at.
    pub revision: i64,
    /// For a row not yet listed: its listing columns and the transaction hashes its receipt
    /// has carried.
    pub listing: Option<(&'a Listing, &'a [String])>,
    /// For a row not yet split: its state's quoted part and changing part.
    pub split: Option<(&'a str, &'a str)>,
}

impl Store {
    /// Up to `limit` of the rows an older schema stored (named in `older_rows`), each with
    /// its record's rows unless they were deleted since.
    ///
    /// # Errors
    ///
    /// The database's error.
    pub async fn older_rows(&self, limit: i64) -> Result<Vec<OlderRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT older_rows.intent_id, intents.project_id, intents.revision, intents.status, \
             intents.next_deadline, intents.state, quotes.quoted, quotes.listed FROM older_rows \
             LEFT JOIN intents ON intents.intent_id = older_rows.intent_id \
             LEFT JOIN quotes ON quotes.intent_id = older_rows.intent_id ORDER BY older_rows.intent_id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|row| {
                let intent_id: String = row.try_get(0)?;
                let state: Option<String> = row.try_get(5)?;
                let stored = match state {
                    Some(state) => Some(StoredRecord {
                        intent_id: intent_id.clone(),
                        project_id: row.try_get(1)?,
                        revision: row.try_get(2)?,
                        status: row.try_get(3)?,
                        next_deadline: row.try_get(4)?,
                        state,
                        quoted: row.try_get(6)?,
                        listing: Listing::default(),
                        new_transaction_hashes: Vec::new(),
                        queue_relay_on: None,
                    }),
                    None => None,
                };
                let listed: Option<i64> = row.try_get(7)?;
                Ok(OlderRow { intent_id, stored, listed: listed.is_some() })
            })
            .collect()
    }

    /// Finishes the row `intent_id` an older schema stored, as `finish` says (nothing for a
    /// deleted one), and forgets its name in `older_rows`, in one transaction. Listing it
    /// takes its place and writes its listing columns and transaction hashes (a row another
    /// instance listed meanwhile keeps its place); splitting it writes its quoted part and
    /// replaces its whole state by the changing part (a row another instance split
    /// meanwhile is split alike: both split the same revision).
    ///
    /// # Errors
    ///
    /// The database's error; a row whose revision is no longer `finish.revision` (no
    /// instance changes a row before it is finished).
    pub async fn finish_older(&self, intent_id: &str, finish: Option<Finish<'_>>) -> Result<(), StoreError> {
        let _writer = self.writer().await;
        let mut transaction = self.pool().begin().await?;
        if let Some(Finish { listing: Some((listing, hashes)), .. }) = finish {
            let place: i64 = sqlx::query(TAKE_PLACE).fetch_one(&mut *transaction).await?.try_get(0)?;
            let update = sqlx::query(
                "UPDATE quotes SET owner_address = $1, origin_intent_address = $2, \
                 destination_intent_address = $3, origin_chain_id = $4, origin_token_address = $5, \
                 destination_chain_id = $6, destination_token_address = $7, created_at = $8, listed = $9 \
                 WHERE intent_id = $10 AND listed IS NULL",
            );
            let listed = bind_listing(update, listing).bind(place).bind(intent_id).execute(&mut *transaction).await?;
            if listed.rows_affected() == 1 {
                sqlx::query("UPDATE intents SET listed = $1 WHERE intent_id = $2")
                    .bind(place)
                    .bind(intent_id)
                    .execute(&mut *transaction)
                    .await?;
            }
            add_transaction_hashes(&mut transaction, intent_id, hashes).await?;
        }
        if let Some(Finish { revision, split: Some((quoted, changing)), .. }) = finish {
            let split = sqlx::query("UPDATE intents SET state = $1 WHERE intent_id = $2 AND revision = $3")
                .bind(changing)
                .bind(intent_id)
                .bind(revision)
                .execute(&mut *transaction)
                .await?;
            if split.rows_affected() != 1 {
                return Err(StoreError::Protocol(format!("{intent_id} changed before it was split")));
            }
            sqlx::query("UPDATE quotes SET quoted = $1 WHERE intent_id = $2 AND quoted IS NULL")
                .bind(quoted)
                .bind(intent_id)
                .execute(&mut *transaction)
                .await?;
        }
        sqlx::query("DELETE FROM older_rows WHERE intent_id = $1").bind(intent_id).execute(&mut *transaction).await?;
        transaction.commit().await
    }
}
