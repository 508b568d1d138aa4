//! The receipt objects of docs/spec.md §2 as the service publishes them (its 2026 schema):
//! [`IntentReceipt`] with one [`IntentTransaction`] per transaction and an
//! [`IntentReceiptSummary`], the requests and responses that read, wait for and abort
//! them, and the [`TransactionReport`] an operator sends about one transaction.
//!
//! Building a receipt from a record is the lifecycle's (`IntentRecord::receipt`); the other
//! objects of §2 are in `objects`, the service's clock and health in `runtime`.

use alloc::string::String;
use alloc::vec::Vec;

use alloy_primitives::{Address, B256, U256};

use super::enums::{IntentStatus, RouteProvider, TradeType, TransactionContext, TransactionStatus, TransactionType};
use super::objects::Intent;
use crate::error::{Error, Problem};
use crate::wire_object;
use crate::Timestamp;

wire_object! {
    /// An intent's receipt: its status, both chains and one entry per transaction.
    pub struct IntentReceipt {
        /// `createdAt`: When the intent was quoted.
        created_at: Option<Timestamp> = "createdAt",
        /// `depositTransaction`: The owner's deposit.
        deposit_transaction: IntentTransaction = "depositTransaction",
        /// `depositTransactionId`: The deposit's `id`.
        deposit_transaction_id: u64 = "depositTransactionId",
        /// `destinationChainId`: The destination chain.
        destination_chain_id: u64 = "destinationChainId",
        /// `destinationTransaction`: The destination chain's transaction, once reported.
        destination_transaction: Option<IntentTransaction> = "destinationTransaction",
        /// `destinationTransactionId`: Its `id`.
        destination_transaction_id: Option<u64> = "destinationTransactionId",
        /// `id`: The intent's numeric id (`intent.id`).
        id: u64 = "id",
        /// `intentId`: The intent.
        intent_id: String = "intentId",
        /// `originChainId`: The origin chain.
        origin_chain_id: u64 = "originChainId",
        /// `originTransaction`: The origin chain's transaction.
        origin_transaction: IntentTransaction = "originTransaction",
        /// `originTransactionId`: Its `id`.
        origin_transaction_id: u64 = "originTransactionId",
        /// `ownerAddress`: The owner.
        owner_address: Address = "ownerAddress",
        /// `projectId`: The project the intent belongs to.
        project_id: u64 = "projectId",
        /// `refundTransaction`: The refund, once reported.
        refund_transaction: Option<IntentTransaction> = "refundTransaction",
        /// `refundTransactionId`: Its `id`.
        refund_transaction_id: Option<u64> = "refundTransactionId",
        /// `routeTransaction`: The route's transaction of a cross-chain intent (the mint on
        /// the destination chain, type ROUTE, context `CCTPV2_MESSAGE`), once the origin
        /// transaction burned: a documented extension of the published receipt, which has no
        /// member for it (docs/spec.md §6.9).
        route_transaction: Option<IntentTransaction> = "routeTransaction",
        /// `status`: The intent's status.
        status: IntentStatus = "status",
        /// `summary`: What the intent moves, from where to where.
        summary: IntentReceiptSummary = "summary",
        /// `updatedAt`: When the status last changed.
        updated_at: Option<Timestamp> = "updatedAt",
    }
}

impl IntentReceipt {
    /// The receipt's transactions in the order deposit, origin, route, destination, refund
    /// (the ones present).
    pub fn transactions(&self) -> impl Iterator<Item = &IntentTransaction> {
        [Some(&self.deposit_transaction), Some(&self.origin_transaction)]
            .into_iter()
            .chain([
                self.route_transaction.as_ref(),
                self.destination_transaction.as_ref(),
                self.refund_transaction.as_ref(),
            ])
            .flatten()
    }

    /// The statuses of [`IntentReceipt::transactions`], in the same order: WaitIntentReceipt's
    /// `receiptStates`.
    pub fn receipt_states(&self) -> Vec<TransactionStatus> {
        self.transactions().map(|transaction| transaction.status.clone()).collect()
    }

    /// Whether the intent's status is one after which nothing runs on its behalf unless
    /// a refund is reported: SUCCEEDED, FAILED, ABORTED or REFUNDED (WaitIntentReceipt's
    /// `done`).
    pub fn done(&self) -> bool {
        matches!(
            self.status,
            IntentStatus::Succeeded | IntentStatus::Failed | IntentStatus::Aborted | IntentStatus::Refunded
        )
    }
}

wire_object! {
    /// One transaction of an intent: what it moves on which chain, and how far it got.
    pub struct IntentTransaction {
        /// `chainId`: The chain it runs on.
        chain_id: u64 = "chainId",
        /// `context`: The cross-chain message it carries (`NONE` from this library).
        context: TransactionContext = "context",
        /// `fromAddress`: Who sends it.
        from_address: Address = "fromAddress",
        /// `id`: Its number within the receipt: the position of its type in `TransactionType`'s list (DEPOSIT 1, ORIGIN 2, DESTINATION 3, ROUTE 4, REFUND 5).
        id: u64 = "id",
        /// `intentId`: The intent.
        intent_id: String = "intentId",
        /// `status`: How far it got.
        status: TransactionStatus = "status",
        /// `statusReason`: Why it failed, reverted or was aborted.
        status_reason: Option<String> = "statusReason",
        /// `statusUpdatedAt`: When its status was last reported.
        status_updated_at: Option<Timestamp> = "statusUpdatedAt",
        /// `toAddress`: Where it goes.
        to_address: Address = "toAddress",
        /// `tokenAddress`: The token it moves (the zero address for the native token).
        token_address: Address = "tokenAddress",
        /// `tokenAmount`: The amount, in the token's smallest unit.
        token_amount: U256 = "tokenAmount",
        /// `txnHash`: Its hash, once known.
        txn_hash: Option<B256> = "txnHash",
        /// `txnMinedAt`: When it was mined, once reported.
        txn_mined_at: Option<Timestamp> = "txnMinedAt",
        /// `type`: What it does.
        kind: TransactionType = "type",
    }
}

wire_object! {
    /// What an intent moves, from where to where, as its receipt summarises it.
    pub struct IntentReceiptSummary {
        /// `createdAt`: When the intent was quoted.
        created_at: Timestamp = "createdAt",
        /// `destinationChainId`: The destination chain.
        destination_chain_id: u64 = "destinationChainId",
        /// `destinationHasCallData`: Whether a destination call is made.
        destination_has_call_data: bool = "destinationHasCallData",
        /// `destinationHasCallValue`: Whether the destination call carries value.
        destination_has_call_value: bool = "destinationHasCallValue",
        /// `destinationIntentAddress`: The intent address on the destination chain.
        destination_intent_address: Option<Address> = "destinationIntentAddress",
        /// `destinationToAddress`: The recipient on the destination chain.
        destination_to_address: Option<Address> = "destinationToAddress",
        /// `destinationTokenAddress`: The destination token.
        destination_token_address: Address = "destinationTokenAddress",
        /// `destinationTokenAmount`: The destination amount the request fixed (EXACT_OUTPUT).
        destination_token_amount: Option<U256> = "destinationTokenAmount",
        /// `destinationTokenMetadata`: The destination token's name, symbol and decimals, as
        /// the server knows them (the library does not: it writes none).
        destination_token_metadata: Option<TokenMetadata> = "destinationTokenMetadata",
        /// `expiresAt`: When the quote expires.
        expires_at: Timestamp = "expiresAt",
        /// `finishedAt`: When the intent reached SUCCEEDED, FAILED, ABORTED or REFUNDED.
        finished_at: Option<Timestamp> = "finishedAt",
        /// `intentId`: The intent.
        intent_id: String = "intentId",
        /// `originChainId`: The origin chain.
        origin_chain_id: u64 = "originChainId",
        /// `originIntentAddress`: The deposit address on the origin chain.
        origin_intent_address: Address = "originIntentAddress",
        /// `originTokenAddress`: The origin token.
        origin_token_address: Address = "originTokenAddress",
        /// `originTokenAmount`: The amount deposited.
        origin_token_amount: U256 = "originTokenAmount",
        /// `originTokenMetadata`: The origin token's name, symbol and decimals, as the server
        /// knows them (the library does not: it writes none).
        origin_token_metadata: Option<TokenMetadata> = "originTokenMetadata",
        /// `ownerAddress`: The owner.
        owner_address: Address = "ownerAddress",
        /// `quotedDestinationTokenAmount`: The destination amount quoted.
        quoted_destination_token_amount: Option<U256> = "quotedDestinationTokenAmount",
        /// `quotedOriginTokenAmount`: The origin amount quoted.
        quoted_origin_token_amount: U256 = "quotedOriginTokenAmount",
        /// `routeProviders`: The providers of the route, in order.
        route_providers: Vec<RouteProvider> = "routeProviders",
        /// `startedAt`: When execution started.
        started_at: Option<Timestamp> = "startedAt",
        /// `status`: The intent's status.
        status: IntentStatus = "status",
        /// `tradeType`: Which amount the request fixed.
        trade_type: Option<TradeType> = "tradeType",
    }
}

wire_object! {
    /// A token as a server describes it (the published TokenMetadata).
    pub struct TokenMetadata {
        /// `chainId`: Its chain.
        chain_id: u64 = "chainId",
        /// `decimals`: Its decimals.
        decimals: Option<u8> = "decimals",
        /// `logoUri`: Its logo.
        logo_uri: Option<String> = "logoUri",
        /// `name`: Its name.
        name: String = "name",
        /// `symbol`: Its symbol.
        symbol: String = "symbol",
        /// `tokenAddress`: Its address (the zero address for the chain's native token).
        token_address: Address = "tokenAddress",
    }
}

wire_object! {
    /// What an operator reports about one transaction of an intent (ReportIntentOutcome's
    /// `transaction`, AbortIntent's abort transaction): the record keeps it as the
    /// receipt's transaction of its type.
    pub struct TransactionReport {
        /// `chainId`: The chain it runs on: the origin chain for DEPOSIT, ORIGIN and REFUND, the destination chain for DESTINATION and (a cross-chain intent's) ROUTE.
        chain_id: u64 = "chainId",
        /// `status`: How far it got.
        status: TransactionStatus = "status",
        /// `statusReason`: Why it failed, reverted or was aborted.
        status_reason: Option<String> = "statusReason",
        /// `txnHash`: Its hash, once known.
        txn_hash: Option<B256> = "txnHash",
        /// `txnMinedAt`: When it was mined.
        txn_mined_at: Option<Timestamp> = "txnMinedAt",
        /// `type`: DEPOSIT, ORIGIN, DESTINATION or REFUND, and ROUTE for a cross-chain intent.
        kind: TransactionType = "type",
    }
}

impl TransactionReport {
    /// The chain a transaction of `kind` runs on for `intent`, `None` for a type a receipt
    /// has no place for (UNKNOWN, names this library does not know, and ROUTE of a
    /// same-chain intent). A cross-chain intent's ROUTE transaction, the mint, runs on the
    /// destination chain (docs/spec.md §6.9).
    pub fn chain_of(kind: &TransactionType, intent: &Intent) -> Option<u64> {
        match kind {
            TransactionType::Deposit | TransactionType::Origin | TransactionType::Refund => {
                Some(intent.origin_chain_id)
            }
            TransactionType::Destination => Some(intent.destination_chain_id),
            TransactionType::Route if intent.destination_chain_id != intent.origin_chain_id => {
                Some(intent.destination_chain_id)
            }
            _ => None,
        }
    }

    /// Checks the report against `intent`: its type is one a receipt has a place for and
    /// its chain is that type's.
    ///
    /// # Errors
    ///
    /// `INVALID_ENUM` at `type` for UNKNOWN, another name, or ROUTE of a same-chain intent;
    /// `INTENT_INCONSISTENT` at `chainId` for a chain other than the type's.
    pub fn check(&self, intent: &Intent) -> Result<(), Error> {
        let Some(chain) = TransactionReport::chain_of(&self.kind, intent) else {
            let expected = if intent.destination_chain_id == intent.origin_chain_id {
                "one of DEPOSIT ORIGIN DESTINATION REFUND"
            } else {
                "one of DEPOSIT ORIGIN ROUTE DESTINATION REFUND"
            };
            return Err(Error::new(Problem::InvalidEnum { expected }).in_member("type"));
        };
        if self.chain_id != chain {
            return Err(Error::new(Problem::IntentInconsistent { detail: "not the chain of the transaction's type" })
                .in_member("chainId"));
        }
        Ok(())
    }
}

wire_object! {
    /// The body of GetIntentReceipt: which intent to report on.
    pub struct GetIntentReceiptRequest {
        /// `intentId`: The intent.
        intent_id: String = "intentId",
    }
}

wire_object! {
    /// The response of GetIntentReceipt.
    pub struct GetIntentReceiptResponse {
        /// `intentReceipt`: The intent's receipt.
        intent_receipt: IntentReceipt = "intentReceipt",
    }
}

wire_object! {
    /// The body of WaitIntentReceipt: answer when the receipt's transaction statuses differ
    /// from `lastReceiptStates` or the intent is done (at once without them), or after
    /// `timeoutSeconds`.
    pub struct WaitIntentReceiptRequest {
        /// `intentId`: The intent.
        intent_id: String = "intentId",
        /// `lastReceiptStates`: The transaction statuses the caller last saw (a response's `receiptStates`).
        last_receipt_states: Option<Vec<TransactionStatus>> = "lastReceiptStates",
        /// `timeoutSeconds`: How long to wait at most (see [`WaitIntentReceiptRequest::wait_seconds`]).
        timeout_seconds: Option<u64> = "timeoutSeconds",
    }
}

impl WaitIntentReceiptRequest {
    /// How long a server waits when the request names no time-out: 30 seconds.
    pub const DEFAULT_TIMEOUT_SECONDS: u64 = 30;
    /// The longest wait a request may ask for: 60 seconds.
    pub const MAX_TIMEOUT_SECONDS: u64 = 60;

    /// The wait this request asks for: `timeoutSeconds`, or
    /// [`DEFAULT_TIMEOUT_SECONDS`](Self::DEFAULT_TIMEOUT_SECONDS) without it.
    ///
    /// # Errors
    ///
    /// `NUMBER_OUT_OF_RANGE` at `timeoutSeconds` above
    /// [`MAX_TIMEOUT_SECONDS`](Self::MAX_TIMEOUT_SECONDS): a longer wait is refused, never
    /// cut short silently.
    pub fn wait_seconds(&self) -> Result<u64, Error> {
        match self.timeout_seconds {
            None => Ok(Self::DEFAULT_TIMEOUT_SECONDS),
            Some(seconds) if seconds <= Self::MAX_TIMEOUT_SECONDS => Ok(seconds),
            Some(_) => {
                Err(Error::new(Problem::NumberOutOfRange("above the longest wait, 60 seconds"))
                    .in_member("timeoutSeconds"))
            }
        }
    }

    /// Whether `receipt` answers the wait at once: without `lastReceiptStates`, when its
    /// transaction statuses differ from them, or when it is done.
    pub fn answered_by(&self, receipt: &IntentReceipt) -> bool {
        match &self.last_receipt_states {
            None => true,
            Some(seen) => receipt.done() || !receipt.transactions().map(|t| &t.status).eq(seen.iter()),
        }
    }
}

wire_object! {
    /// The response of WaitIntentReceipt.
    pub struct WaitIntentReceiptResponse {
        /// `done`: Whether the intent is done ([`IntentReceipt::done`]).
        done: bool = "done",
        /// `intentReceipt`: The intent's receipt.
        intent_receipt: IntentReceipt = "intentReceipt",
        /// `receiptStates`: Its transactions' statuses ([`IntentReceipt::receipt_states`]).
        receipt_states: Vec<TransactionStatus> = "receiptStates",
    }
}

impl WaitIntentReceiptResponse {
    /// The response that answers with `intent_receipt`.
    pub fn of(intent_receipt: IntentReceipt) -> WaitIntentReceiptResponse {
        WaitIntentReceiptResponse {
            done: intent_receipt.done(),
            receipt_states: intent_receipt.receipt_states(),
            intent_receipt,
            unknown: crate::UnknownMembers::new(),
        }
    }
}

wire_object! {
    /// The body of GetIntent.
    pub struct GetIntentRequest {
        /// `intentId`: The intent.
        intent_id: String = "intentId",
    }
}

wire_object! {
    /// The response of GetIntent: the intent as quoted.
    pub struct GetIntentResponse {
        /// `intent`: The intent.
        intent: Intent = "intent",
    }
}

wire_object! {
    /// The body of AbortIntent: abort a committed intent, naming the transaction that
    /// aborts it on chain.
    pub struct AbortIntentRequest {
        /// `abortTransactionHash`: The abort transaction's hash.
        abort_transaction_hash: B256 = "abortTransactionHash",
        /// `chainId`: The chain it was sent on: the intent's origin or destination chain.
        chain_id: u64 = "chainId",
        /// `intentId`: The intent.
        intent_id: String = "intentId",
    }
}

wire_object! {
    /// The response of AbortIntent.
    pub struct AbortIntentResponse {
        /// `intentId`: The intent.
        intent_id: String = "intentId",
        /// `status`: Its status (ABORTED).
        status: IntentStatus = "status",
    }
}
