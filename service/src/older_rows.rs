//! The rows an older schema stored, finished at start before the service serves
//! ([`finish`]), so that every record reads and lists as one stored now: a row of the
//! first schema is listed (its place, listing columns and transaction hashes), a row stored
//! before the split has its state split into the quoted part, written once, and the
//! changing part (docs/spec.md §12). The SQL is the store's ([`crate::store::older`]).

use intent_core::StatePart;

use crate::failure::Failure;
use crate::records::{listing, parse_record, transaction_hashes, Records};
use crate::store::older::Finish;

/// How many rows are read per query.
const CHUNK: i64 = 256;

/// Finishes every row an older schema stored (named in `older_rows`); a later start finds
/// nothing to do. Answers how many names it forgot (a deleted row's too).
///
/// # Errors
///
/// A database failure, or a stored record that cannot be read.
pub async fn finish(records: &Records) -> Result<u64, Failure> {
    let store = records.store();
    let mut finished = 0;
    loop {
        let rows = store.older_rows(CHUNK).await.map_err(|e| records.store_failure(&e))?;
        if rows.is_empty() {
            return Ok(finished);
        }
        for row in rows {
            let Some(stored) = &row.stored else {
                store.finish_older(&row.intent_id, None).await.map_err(|e| records.store_failure(&e))?;
                finished += 1;
                continue;
            };
            let mut record = parse_record(&stored.state, stored.quoted.as_deref())?;
            let listing = (!row.listed).then(|| (listing(record.intent()), transaction_hashes(&record)));
            let parts = stored
                .quoted
                .is_none()
                .then(|| (record.state_json(StatePart::Quoted), record.state_json(StatePart::Changing)));
            let finish = Finish {
                revision: stored.revision,
                listing: listing.as_ref().map(|(columns, hashes)| (columns, hashes.as_slice())),
                split: parts.as_ref().map(|(quoted, changing)| (quoted.as_str(), changing.as_str())),
            };
            store.finish_older(&row.intent_id, Some(finish)).await.map_err(|e| records.store_failure(&e))?;
            finished += 1;
        }
    }
}
