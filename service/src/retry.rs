//! RetryIntent's documents (docs/spec.md §12): `POST /rpc/Service/RetryIntent`
//! `{intentId, depositTransactionHash}` names a replacement deposit for an intent whose
//! deposit failed, reverted or was dropped, and answers `{intentId, intentStatus}` as the
//! published schema does; declared with the core's `wire_object!` so it is read with the
//! core's limits, reasons and paths. Applying it is [`crate::records::Records::retry`], by
//! the core's `retry` event (docs/spec.md §6).

use intent_core::{wire_object, IntentStatus, B256};

wire_object! {
    /// The replacement deposit of an intent.
    pub struct RetryIntentRequest {
        /// `depositTransactionHash`: The replacement deposit transaction, on the intent's
        /// origin chain.
        deposit_transaction_hash: B256 = "depositTransactionHash",
        /// `intentId`: The intent.
        intent_id: String = "intentId",
    }
}

wire_object! {
    /// The answer of RetryIntent: the intent's status after it.
    pub struct RetryIntentResponse {
        /// `intentId`: The intent.
        intent_id: String = "intentId",
        /// `intentStatus`: Its status after the retry (EXECUTING).
        intent_status: IntentStatus = "intentStatus",
    }
}
