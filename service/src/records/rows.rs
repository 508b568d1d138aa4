//! A record as the store holds it: the projection of the core's `IntentRecord` into the
//! rows of [`crate::store`] (its state's changing part and revision columns, the quoted part
//! and the listing's columns written once by the quote, the transaction hashes its receipt
//! carries, the deposit proofs an execute uses up, the relay queue it joins), the record a
//! stored row restores, the part of an ExecuteRequest kept with it, and the rows an older
//! schema stored, finished at start ([`finish_older_rows`]) so that every record reads and
//! lists as one stored now.
//!
//! Addresses are stored and compared in one form, lowercase `0x…` ([`address_text`]).
//!
//! What does not live here: which change is allowed (the core's), when a row is written
//! ([`super`]), and the SQL ([`crate::store`]).

use alloy_primitives::Address;
use intent_core::{
    from_slice_with, DepositSignature, ExecuteRequest, FeeOption, Intent, IntentRecord, IntentStatus, Limits,
    RecordState, StatePart, Timestamp, UnknownMembers,
};

use super::book::Book;
use super::relaying::Execution;
use crate::failure::{self, Failure};
use crate::store::{DepositProof, Finish, Listing, StoredRecord};

/// RecordState documents are read with the default limits, except the document size: a
/// state holds an intent read within the limits, plus its fee options and execute request.
fn state_limits() -> Limits {
    Limits { max_document_bytes: 4 * Limits::DEFAULT.max_document_bytes, ..Limits::DEFAULT }
}

/// A timestamp's Unix seconds, rounded up: the stored `next_deadline`.
fn seconds_ceil(time: Timestamp) -> i64 {
    time.unix_seconds() + i64::from(time.subsec_nanos() > 0)
}

/// The part of an ExecuteRequest judged and stored with its record: its known members
/// only, at every level (the request, its `depositSignature`, and the
/// `selectedGasFeeOption` within it), so that members a client added, which no rule and no
/// digest reads, neither make every later read of the record pay for them nor make an
/// offered fee option look like another. What is left is bounded by what the core accepts
/// (docs/spec.md §12): the record's own `intentId`, a 32-byte hash or two signatures the
/// core has parsed, numbers, and one of the quoted fee options.
///
/// The objects are taken apart member by member, so that a member added to them is
/// decided here before it compiles.
pub(super) fn stored_request(request: &ExecuteRequest) -> ExecuteRequest {
    let ExecuteRequest { deposit_signature, deposit_transaction_hash, intent_id, unknown: _ } = request;
    let deposit_signature = deposit_signature.as_ref().map(|signature| {
        let DepositSignature {
            deadline,
            intent_signature,
            permit_amount,
            permit_deadline,
            permit_signature,
            selected_gas_fee_option,
            user_nonce,
            unknown: _,
        } = signature;
        DepositSignature {
            deadline: *deadline,
            intent_signature: intent_signature.clone(),
            permit_amount: *permit_amount,
            permit_deadline: *permit_deadline,
            permit_signature: permit_signature.clone(),
            selected_gas_fee_option: known_fee_option(selected_gas_fee_option),
            user_nonce: *user_nonce,
            unknown: UnknownMembers::new(),
        }
    });
    ExecuteRequest {
        deposit_signature,
        deposit_transaction_hash: *deposit_transaction_hash,
        intent_id: intent_id.clone(),
        unknown: UnknownMembers::new(),
    }
}

/// A fee option's known members.
fn known_fee_option(option: &FeeOption) -> FeeOption {
    let FeeOption {
        amount,
        amount_usd,
        fee_collector_address,
        is_2612,
        is_passthrough_eligible,
        token_address,
        token_decimals,
        token_symbol,
        unknown: _,
    } = option;
    FeeOption {
        amount: *amount,
        amount_usd: *amount_usd,
        fee_collector_address: *fee_collector_address,
        is_2612: *is_2612,
        is_passthrough_eligible: *is_passthrough_eligible,
        token_address: *token_address,
        token_decimals: *token_decimals,
        token_symbol: token_symbol.clone(),
        unknown: UnknownMembers::new(),
    }
}

/// The record a stored RecordState JSON restores, from its changing part `state` and its
/// `quoted` part (`None`: `state` is the whole state); one that cannot be read is the
/// service's own fault.
pub(super) fn parse_record(state: &str, quoted: Option<&str>) -> Result<IntentRecord, Failure> {
    let joined = match quoted {
        Some(quoted) => Some(RecordState::join_json(quoted, state).map_err(|e| failure::internal(&e))?),
        None => None,
    };
    let text = joined.as_deref().unwrap_or(state);
    let state: RecordState = from_slice_with(text.as_bytes(), &state_limits()).map_err(|e| failure::internal(&e))?;
    IntentRecord::from_state(state).map_err(|e| failure::internal(&e))
}

/// The stored form of a record's revision.
pub(super) fn stored_revision(record: &IntentRecord) -> i64 {
    i64::try_from(record.revision()).unwrap_or(i64::MAX)
}

/// The row of `record`, at the row revision `revision`, adding `new_transaction_hashes` to
/// the side table of hashes: its state's changing part. Its quoted part and listing are
/// left empty: only an insert writes them (they never change), see [`Book::insert`].
pub(super) fn stored(
    record: &mut IntentRecord,
    project_id: i64,
    revision: i64,
    new_transaction_hashes: Vec<String>,
) -> StoredRecord {
    StoredRecord {
        intent_id: record.intent().intent_id.clone(),
        project_id,
        revision,
        status: record.status().name().to_owned(),
        next_deadline: record.next_deadline().map(seconds_ceil),
        state: record.state_json(StatePart::Changing),
        quoted: None,
        listing: Listing::default(),
        new_transaction_hashes,
        queue_relay_on: None,
    }
}

/// The gasless execution `record`, changed from status `before`, is to be queued for and
/// handed to its origin chain's relayer: a gasless intent that has just become EXECUTING
/// from COMMITTED (its ExecuteIntent). A RetryIntent that makes a FAILED intent EXECUTING
/// again brings its own deposit, already mined: the signed deposit is never relayed again.
pub(super) fn relay_of(before: &IntentStatus, record: &IntentRecord) -> Option<Execution> {
    if *before != IntentStatus::Committed {
        return None;
    }
    Execution::of(record)
}

/// A chain id as the store holds it (above `i64::MAX` is `i64::MAX`: no chain is).
pub(super) fn stored_chain_id(chain_id: u64) -> i64 {
    i64::try_from(chain_id).unwrap_or(i64::MAX)
}

/// An address as the listings store and compare it: lowercase `0x…`.
pub(super) fn address_text(address: &Address) -> String {
    // Lowercase hex directly: `to_string` would hash the address for its checksum only
    // for it to be lowercased again.
    format!("{address:#x}")
}

/// What the listings filter on of `intent`.
pub(super) fn listing(intent: &Intent) -> Listing {
    let chain = stored_chain_id;
    Listing {
        owner_address: address_text(&intent.owner_address),
        origin_intent_address: address_text(&intent.origin_intent_address),
        destination_intent_address: intent.destination_intent_address.as_ref().map(address_text),
        origin_chain_id: chain(intent.origin_chain_id),
        origin_token_address: address_text(&intent.quote_request.origin_token_address),
        destination_chain_id: chain(intent.destination_chain_id),
        destination_token_address: address_text(&intent.quote_request.destination_token_address),
        created_at: intent.created_at.map(|at| at.unix_seconds()),
    }
}

/// The transaction hashes `record`'s receipt carries (deposit, origin, destination,
/// refund; an abort's is its origin or destination transaction's), lowercase `0x…`.
pub(super) fn transaction_hashes(record: &IntentRecord) -> Vec<String> {
    let receipt = record.receipt(record.last_event_at());
    receipt.transactions().filter_map(|t| t.txn_hash).map(|hash| hash.to_string()).collect()
}

/// The proofs an accepted execute request uses up: its deposit transaction hash, or in
/// entrypoint mode the owner's entrypoint nonce.
pub(super) fn deposit_proofs(record: &IntentRecord, request: &ExecuteRequest) -> Vec<DepositProof> {
    let mut proofs = Vec::new();
    if let Some(hash) = &request.deposit_transaction_hash {
        proofs.push(DepositProof { key: format!("deposit-transaction:{hash}"), path: "depositTransactionHash" });
    }
    if let Some(signature) = &request.deposit_signature {
        if let (Some(_), Some(nonce)) = (&signature.intent_signature, &signature.user_nonce) {
            let intent = record.intent();
            let key = format!(
                "entrypoint-nonce:{}:{}:{}",
                intent.origin_chain_id,
                address_text(&intent.owner_address),
                nonce
            );
            proofs.push(DepositProof { key, path: "depositSignature.userNonce" });
        }
    }
    proofs
}

/// How many older rows are read per query.
const OLDER_CHUNK: i64 = 256;

/// Finishes every row an older schema stored (named in `older_rows` by the migrations that
/// changed the schema): a row of the first schema gets its place in the listing, its
/// listing columns and its transaction hashes; a row stored before the split gets its
/// state split into the quoted part, written once, and the changing part (docs/spec.md
/// §12). A later start finds nothing to do. Answers how many names it forgot (a deleted
/// row's too).
///
/// # Errors
///
/// A database failure, or a stored record that cannot be read.
pub async fn finish_older_rows(book: &Book) -> Result<u64, Failure> {
    let store = book.store();
    let mut finished = 0;
    loop {
        let rows = store.older_rows(OLDER_CHUNK).await.map_err(|e| book.store_failure(&e))?;
        if rows.is_empty() {
            return Ok(finished);
        }
        for row in rows {
            let Some(stored) = &row.stored else {
                store.finish_older(&row.intent_id, None).await.map_err(|e| book.store_failure(&e))?;
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
            store.finish_older(&row.intent_id, Some(finish)).await.map_err(|e| book.store_failure(&e))?;
            finished += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_text_is_the_lowercased_checksummed_address() {
        let address: Address = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed".parse().expect("an address");
        assert_eq!(address_text(&address), address.to_string().to_lowercase());
        assert_eq!(address_text(&address), "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed");
    }
}
