//! SearchIntents and GetIntentHistory (docs/spec.md §12): the caller's project's intents
//! that match the request's filters, read through the store's indexed queries
//! ([`crate::store::listing`]). Only the caller's project is ever read: a `byProjectId` of
//! another project matches nothing. A published filter the service does not serve is
//! refused (`FILTER_NOT_SERVED` at its path), never ignored, and neither a page nor a
//! search is ever cut short silently. With `includeBalances` or `onlyRecoverable`, each item's
//! intent address is read from its chain's node ([`crate::recovery::held`]).
//!
//! What a record is and how its receipt reads is the core's; the SQL is the store's.

use intent_core::{
    GetIntentHistoryRequest, GetIntentHistoryResponse, IntentHistory, IntentStatus, Page, SearchIntentsRequest,
    SearchIntentsResponse, ServerFailure, Timestamp, UnknownMembers,
};

use super::rows::{address_text, parse_record};
use super::Records;
use crate::failure::Failure;
use crate::store::listing::{HistoryFilter, Listed, SearchFilter};

/// The most intents one SearchIntents answer holds; a search that matches more is
/// refused (`TOO_MANY_RESULTS`: narrow it, or page through GetIntentHistory).
pub const MAX_SEARCH_RESULTS: usize = 100;

/// The most items a GetIntentHistory page holds with `includeBalances` or `onlyRecoverable`:
/// each item's intent address is read from its chain's node (docs/spec.md §12, Recovery).
pub const BALANCES_PAGE_SIZE: u64 = 20;

/// Refuses the first member of `unknown` (a published filter this service does not serve,
/// `byQueryString`, `byEdgeMode`, a page's `sort`, …), at `prefix` + its key.
fn refuse_unserved(unknown: &UnknownMembers, prefix: &str) -> Result<(), Failure> {
    match unknown.iter().next() {
        None => Ok(()),
        Some(member) => {
            let path = format!("{prefix}{}", member.key());
            Err(ServerFailure::FilterNotServed { path: &path }.into())
        }
    }
}

/// A number as the store compares it: above `i64::MAX` is `i64::MAX` (no stored value is
/// larger).
fn stored_number(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// Whether a `byProjectId` names another project than the caller's: then nothing matches.
fn other_project(by_project_id: Option<u64>, project_id: u64) -> bool {
    by_project_id.is_some_and(|id| id != project_id)
}

impl Records {
    /// SearchIntents: the caller's project's intents (as quoted) matching every filter, newest
    /// first.
    ///
    /// # Errors
    ///
    /// `FILTER_NOT_SERVED` at an unknown member, `TOO_MANY_RESULTS` when more than
    /// [`MAX_SEARCH_RESULTS`] intents match, or a database failure.
    pub async fn search(
        &self,
        request: &SearchIntentsRequest,
        project_id: u64,
    ) -> Result<SearchIntentsResponse, Failure> {
        refuse_unserved(&request.unknown, "")?;
        let mut response = SearchIntentsResponse { intents: Vec::new(), unknown: UnknownMembers::new() };
        if other_project(request.by_project_id, project_id) {
            return Ok(response);
        }
        let filter = SearchFilter {
            project_id: stored_number(project_id),
            intent_id: request.by_intent_id.clone(),
            owner_address: request.by_owner_address.as_ref().map(address_text),
            origin_intent_address: request.by_origin_intent_address.as_ref().map(address_text),
            destination_intent_address: request.by_destination_intent_address.as_ref().map(address_text),
            transaction_hash: request.by_transaction_hash.map(|hash| hash.to_string()),
        };
        let limit = stored_number(MAX_SEARCH_RESULTS as u64 + 1);
        let rows = self.store().search(&filter, limit).await.map_err(|e| self.store_failure(&e))?;
        if rows.len() > MAX_SEARCH_RESULTS {
            return Err(ServerFailure::TooManyResults { limit: MAX_SEARCH_RESULTS }.into());
        }
        for row in rows {
            response.intents.push(parse_record(&row.state, row.quoted.as_deref())?.intent().clone());
        }
        Ok(response)
    }

    /// GetIntentHistory: one page of the caller's project's intents matching every filter,
    /// newest first, each with its receipt at `now`, and where the next page starts.
    ///
    /// A page without cursors starts at the newest intent; `after` (a `nextPage`'s) continues
    /// with older ones, `before` alone goes back to newer ones. A cursor is an intent's place in
    /// the listing, which an insert takes once and never changes: a page after a cursor is the
    /// same however many intents arrive meanwhile.
    ///
    /// # Errors
    ///
    /// `NUMBER_OUT_OF_RANGE` at `page.pageSize` (0, or above [`Page::MAX_SIZE`]),
    /// `FILTER_NOT_SERVED` at an unknown member, or a database failure.
    pub async fn history(
        &self,
        request: &GetIntentHistoryRequest,
        project_id: u64,
        now: Timestamp,
    ) -> Result<GetIntentHistoryResponse, Failure> {
        refuse_unserved(&request.unknown, "")?;
        if let Some(page) = &request.page {
            refuse_unserved(&page.unknown, "page.")?;
        }
        let with_balances = request.include_balances == Some(true) || request.only_recoverable == Some(true);
        let size = request.page_size()?;
        // Balances are read from the nodes for each item: a page holds fewer of them.
        let size = if with_balances { size.min(BALANCES_PAGE_SIZE) } else { size };
        let page = request.page.as_ref();
        let filter = HistoryFilter {
            project_id: stored_number(project_id),
            owner_address: request.by_owner_address.as_ref().map(address_text),
            // Records only ever hold named statuses: another name matches nothing.
            statuses: request
                .statuses()
                .into_iter()
                .filter(|status| !matches!(status, IntentStatus::Other(_)))
                .map(|status| status.name().to_owned())
                .collect(),
            origin_chain_id: request.origin_chain_id.map(stored_number),
            origin_token_address: request.origin_token_address.as_ref().map(address_text),
            destination_chain_id: request.destination_chain_id.map(stored_number),
            destination_token_address: request.destination_token_address.as_ref().map(address_text),
            from_time: request.from_time.map(stored_number),
            to_time: request.to_time.map(stored_number),
            after: page.and_then(|page| page.after).map(stored_number),
            before: page.and_then(|page| page.before).map(stored_number),
            limit: stored_number(size + 1),
        };
        let only_other_statuses = filter.statuses.is_empty() && !request.statuses().is_empty();
        let mut rows: Vec<Listed> = if other_project(request.by_project_id, project_id) || only_other_statuses {
            Vec::new()
        } else {
            self.store().history(&filter).await.map_err(|e| self.store_failure(&e))?
        };
        let more = rows.len() as u64 > size;
        rows.truncate(usize::try_from(size).unwrap_or(usize::MAX));
        let towards_newer = filter.towards_newer();
        if towards_newer {
            rows.reverse();
        }
        let mut intents = Vec::with_capacity(rows.len());
        for row in &rows {
            let record = parse_record(&row.state, row.quoted.as_deref())?;
            let mut item = IntentHistory::of(record.receipt(now), record.intent().expires_at);
            if with_balances {
                let held = crate::recovery::held(&self.chain, record.intent()).await?;
                item.has_balance = held.as_ref().map(|held| !held.tokens.is_empty());
                if request.only_recoverable == Some(true) && item.has_balance != Some(true) {
                    continue;
                }
                if request.include_balances == Some(true) {
                    item.balances = held.map(|held| vec![held]);
                }
            }
            intents.push(item);
        }
        let cursor = |listed: Option<&Listed>, given: Option<u64>| {
            listed.and_then(|row| u64::try_from(row.listed).ok()).or(given)
        };
        let next_page = Page {
            after: if towards_newer { None } else { cursor(rows.last(), page.and_then(|page| page.after)) },
            before: if towards_newer {
                cursor(rows.first(), page.and_then(|page| page.before))
            } else {
                page.and_then(|page| page.before)
            },
            more: Some(more),
            page_size: Some(size),
            unknown: UnknownMembers::new(),
        };
        Ok(GetIntentHistoryResponse { intents, next_page: Some(next_page), unknown: UnknownMembers::new() })
    }
}
