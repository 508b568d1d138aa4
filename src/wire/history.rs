//! The lookup and history objects of docs/spec.md §2 as the service publishes them (its
//! 2026 schema): [`SearchIntentsRequest`] and its response, [`GetIntentHistoryRequest`]
//! with the published [`Page`] and its response of [`IntentHistory`] items, and the page
//! size rule they share.
//!
//! Which intents match, and in which order, is a server's business (docs/spec.md §12); the
//! receipt an item carries is `receipt`'s, the intent `objects`'.

use alloc::string::String;
use alloc::vec::Vec;

use alloy_primitives::{Address, B256, U256};

use super::enums::IntentStatus;
use super::objects::Intent;
use super::receipt::IntentReceipt;
use crate::error::{Error, Problem};
use crate::wire_object;
use crate::Timestamp;

wire_object! {
    /// The body of SearchIntents: the intents that match every filter given.
    pub struct SearchIntentsRequest {
        /// `byDestinationIntentAddress`: The intent's address on the destination chain.
        by_destination_intent_address: Option<Address> = "byDestinationIntentAddress",
        /// `byIntentId`: The intent's id.
        by_intent_id: Option<String> = "byIntentId",
        /// `byOriginIntentAddress`: The intent's address on the origin chain.
        by_origin_intent_address: Option<Address> = "byOriginIntentAddress",
        /// `byOwnerAddress`: The intent's owner.
        by_owner_address: Option<Address> = "byOwnerAddress",
        /// `byProjectId`: The intent's project (a server shows only the caller's own).
        by_project_id: Option<u64> = "byProjectId",
        /// `byTransactionHash`: The hash of one of the receipt's transactions.
        by_transaction_hash: Option<B256> = "byTransactionHash",
    }
}

wire_object! {
    /// The response of SearchIntents.
    pub struct SearchIntentsResponse {
        /// `intents`: The intents found, as quoted, newest first.
        intents: Vec<Intent> = "intents",
    }
}

wire_object! {
    /// A page of a listing: its size and where it starts (a request's), or where the next
    /// one starts and whether there is one (a response's `nextPage`).
    pub struct Page {
        /// `after`: A cursor: the items after it in the listing's order (older ones).
        after: Option<u64> = "after",
        /// `before`: A cursor: the items before it in the listing's order (newer ones).
        before: Option<u64> = "before",
        /// `more`: Whether more items follow in the page's direction.
        more: Option<bool> = "more",
        /// `pageSize`: How many items a page holds at most (see [`Page::size`]).
        page_size: Option<u64> = "pageSize",
    }
}

impl Page {
    /// The page size without `pageSize`: 20.
    pub const DEFAULT_SIZE: u64 = 20;
    /// The largest page size a request may ask for: 100.
    pub const MAX_SIZE: u64 = 100;

    /// The number of items this page asks for: `pageSize`, or
    /// [`DEFAULT_SIZE`](Self::DEFAULT_SIZE) without it.
    ///
    /// # Errors
    ///
    /// `NUMBER_OUT_OF_RANGE` at `pageSize` for 0 or above [`MAX_SIZE`](Self::MAX_SIZE): a
    /// larger page is refused, never cut short silently.
    pub fn size(&self) -> Result<u64, Error> {
        match self.page_size {
            None => Ok(Self::DEFAULT_SIZE),
            Some(size) if (1..=Self::MAX_SIZE).contains(&size) => Ok(size),
            Some(0) => {
                Err(Error::new(Problem::NumberOutOfRange("a page holds at least one item")).in_member("pageSize"))
            }
            Some(_) => {
                Err(Error::new(Problem::NumberOutOfRange("above the largest page, 100 items")).in_member("pageSize"))
            }
        }
    }
}

wire_object! {
    /// The body of GetIntentHistory: one page of the intents that match every filter given,
    /// newest first.
    pub struct GetIntentHistoryRequest {
        /// `byOwnerAddress`: The intents' owner.
        by_owner_address: Option<Address> = "byOwnerAddress",
        /// `byProjectId`: The intents' project (a server shows only the caller's own).
        by_project_id: Option<u64> = "byProjectId",
        /// `byStatus`: One status the intents have now.
        by_status: Option<IntentStatus> = "byStatus",
        /// `byStatuses`: Statuses the intents have now (any of them, with `byStatus`).
        by_statuses: Option<Vec<IntentStatus>> = "byStatuses",
        /// `destinationChainId`: The intents' destination chain.
        destination_chain_id: Option<u64> = "destinationChainId",
        /// `destinationTokenAddress`: The intents' destination token.
        destination_token_address: Option<Address> = "destinationTokenAddress",
        /// `fromTime`: Created at or after this Unix time, in seconds.
        from_time: Option<u64> = "fromTime",
        /// `includeBalances`: Each item with what its intent address holds now (a server
        /// reads it from the chain).
        include_balances: Option<bool> = "includeBalances",
        /// `onlyRecoverable`: Only the items whose intent address holds something now.
        only_recoverable: Option<bool> = "onlyRecoverable",
        /// `originChainId`: The intents' origin chain.
        origin_chain_id: Option<u64> = "originChainId",
        /// `originTokenAddress`: The intents' origin token.
        origin_token_address: Option<Address> = "originTokenAddress",
        /// `page`: Which page (see [`GetIntentHistoryRequest::page_size`]).
        page: Option<Page> = "page",
        /// `toTime`: Created before this Unix time, in seconds.
        to_time: Option<u64> = "toTime",
    }
}

impl GetIntentHistoryRequest {
    /// The number of items the request asks for: its page's [`Page::size`], or
    /// [`Page::DEFAULT_SIZE`] without a page.
    ///
    /// # Errors
    ///
    /// `NUMBER_OUT_OF_RANGE` at `page.pageSize` for 0 or above [`Page::MAX_SIZE`].
    pub fn page_size(&self) -> Result<u64, Error> {
        match &self.page {
            None => Ok(Page::DEFAULT_SIZE),
            Some(page) => page.size().map_err(|e| e.in_member("page")),
        }
    }

    /// The statuses asked for: `byStatus` and `byStatuses` together, each once, in the
    /// order given; empty when the request names none (every status).
    pub fn statuses(&self) -> Vec<&IntentStatus> {
        let mut statuses: Vec<&IntentStatus> = Vec::new();
        for status in self.by_status.iter().chain(self.by_statuses.iter().flatten()) {
            if !statuses.contains(&status) {
                statuses.push(status);
            }
        }
        statuses
    }
}

wire_object! {
    /// One intent of a history: its id, status and times, with its receipt.
    pub struct IntentHistory {
        /// `balances`: What its intent address holds now, with `includeBalances`.
        balances: Option<Vec<IntentAddressBalance>> = "balances",
        /// `createdAt`: When it was quoted.
        created_at: Option<Timestamp> = "createdAt",
        /// `expiresAt`: When its quote expires.
        expires_at: Timestamp = "expiresAt",
        /// `hasBalance`: Whether its intent address holds something now, with
        /// `includeBalances` or `onlyRecoverable`.
        has_balance: Option<bool> = "hasBalance",
        /// `intentId`: The intent.
        intent_id: String = "intentId",
        /// `receipt`: Its receipt now.
        receipt: IntentReceipt = "receipt",
        /// `status`: Its status now.
        status: IntentStatus = "status",
        /// `updatedAt`: When its status last changed.
        updated_at: Option<Timestamp> = "updatedAt",
    }
}

impl IntentHistory {
    /// The history item of `receipt`, an intent whose quote expires at `expires_at`.
    pub fn of(receipt: IntentReceipt, expires_at: Timestamp) -> IntentHistory {
        IntentHistory {
            balances: None,
            created_at: receipt.created_at,
            expires_at,
            has_balance: None,
            intent_id: receipt.intent_id.clone(),
            status: receipt.status.clone(),
            updated_at: receipt.updated_at,
            receipt,
            unknown: crate::UnknownMembers::new(),
        }
    }
}

wire_object! {
    /// What one intent address holds on one chain.
    pub struct IntentAddressBalance {
        /// `chainId`: The chain.
        chain_id: u64 = "chainId",
        /// `intentAddress`: The intent address.
        intent_address: Address = "intentAddress",
        /// `tokens`: Its balance of each token read.
        tokens: Vec<IntentTokenBalance> = "tokens",
    }
}

wire_object! {
    /// An intent address's balance of one token, with the token's price as the server knows it.
    pub struct IntentTokenBalance {
        /// `balance`: The balance, in the token's units.
        balance: U256 = "balance",
        /// `balanceUsd`: Its value in USD, as decimal text.
        balance_usd: String = "balanceUsd",
        /// `chainId`: The chain.
        chain_id: u64 = "chainId",
        /// `contractAddress`: The token (the zero address: the native token).
        contract_address: Address = "contractAddress",
        /// `decimals`: Its decimals.
        decimals: u8 = "decimals",
        /// `priceUsd`: Its price in USD, as decimal text.
        price_usd: String = "priceUsd",
        /// `symbol`: Its symbol.
        symbol: String = "symbol",
    }
}

wire_object! {
    /// The response of GetIntentHistory.
    pub struct GetIntentHistoryResponse {
        /// `intents`: The page's intents, newest first.
        intents: Vec<IntentHistory> = "intents",
        /// `nextPage`: Where the next page in the same direction starts, and whether there is one.
        next_page: Option<Page> = "nextPage",
    }
}
