//! The HTTP handlers of PrepareIntentRecovery and BuildIntentRecoveryTransaction, routed by
//! their rows of the operation table ([`crate::http::operations`]): each loads the intent for
//! the caller's project (another project's is not found) and makes one call into [`super`].

use std::sync::Arc;

use axum::extract::State;
use axum::Json;

use super::objects::{
    BuildIntentRecoveryTransactionRequest, BuildIntentRecoveryTransactionResponse, PrepareIntentRecoveryRequest,
    PrepareIntentRecoveryResponse,
};
use crate::failure::Failure;
use crate::http::extract::{Client, Wire};
use crate::http::{log_intent, App};

/// PrepareIntentRecovery.
pub async fn prepare(
    State(app): State<Arc<App>>,
    client: Client,
    Wire(request): Wire<PrepareIntentRecoveryRequest>,
) -> Result<Json<PrepareIntentRecoveryResponse>, Failure> {
    log_intent(&request.intent_id);
    let intent = app.records.intent(&request.intent_id, client.caller()).await?.intent;
    Ok(Json(super::prepare(app.records.chain_view(), &intent, &request).await?))
}

/// BuildIntentRecoveryTransaction.
pub async fn build(
    State(app): State<Arc<App>>,
    client: Client,
    Wire(request): Wire<BuildIntentRecoveryTransactionRequest>,
) -> Result<Json<BuildIntentRecoveryTransactionResponse>, Failure> {
    log_intent(&request.intent_id);
    let intent = app.records.intent(&request.intent_id, client.caller()).await?.intent;
    Ok(Json(super::build(app.records.chain_view(), &intent, &request).await?))
}
