//! The HTTP handlers of the discovery operations, one per operation, each routed by its row
//! of the operation table ([`crate::http::operations`]): each takes the caller's key, its
//! body and the request clock, and makes one call into [`super`] with the configuration and
//! the chain view the records hold.

use std::sync::Arc;

use axum::extract::State;
use axum::Json;

use super::objects::{
    GetChainsRequest, GetChainsResponse, GetExactInputRoutesRequest, GetExactOutputRoutesRequest,
    GetProtocolContractsRequest, GetProtocolContractsResponse, GetTokenListRequest, GetTokenPricesRequest,
    GetTokenPricesResponse, TokenListResponse,
};
use crate::failure::Failure;
use crate::http::extract::{Client, Clock, Wire};
use crate::http::App;

/// GetChains.
pub async fn chains(
    State(app): State<Arc<App>>,
    _: Client,
    Wire(request): Wire<GetChainsRequest>,
) -> Result<Json<GetChainsResponse>, Failure> {
    Ok(Json(super::chains(app.records.chain_view().config(), &request)?))
}

/// GetTokenList.
pub async fn token_list(
    State(app): State<Arc<App>>,
    _: Client,
    Wire(request): Wire<GetTokenListRequest>,
) -> Result<Json<TokenListResponse>, Failure> {
    Ok(Json(super::token_list(app.records.chain_view().config(), &request)?))
}

/// GetTokenPrices.
pub async fn token_prices(
    State(app): State<Arc<App>>,
    _: Client,
    clock: Clock,
    Wire(request): Wire<GetTokenPricesRequest>,
) -> Result<Json<GetTokenPricesResponse>, Failure> {
    let view = app.records.chain_view();
    Ok(Json(super::token_prices(view.config(), view, &request, clock.now()).await?))
}

/// GetExactInputRoutes.
pub async fn exact_input_routes(
    State(app): State<Arc<App>>,
    _: Client,
    Wire(request): Wire<GetExactInputRoutesRequest>,
) -> Result<Json<TokenListResponse>, Failure> {
    let view = app.records.chain_view();
    Ok(Json(super::exact_input_routes(view.config(), view, &request).await?))
}

/// GetExactOutputRoutes.
pub async fn exact_output_routes(
    State(app): State<Arc<App>>,
    _: Client,
    Wire(request): Wire<GetExactOutputRoutesRequest>,
) -> Result<Json<TokenListResponse>, Failure> {
    let view = app.records.chain_view();
    Ok(Json(super::exact_output_routes(view.config(), view, &request).await?))
}

/// GetProtocolContracts.
pub async fn protocol_contracts(
    State(app): State<Arc<App>>,
    _: Client,
    Wire(request): Wire<GetProtocolContractsRequest>,
) -> Result<Json<GetProtocolContractsResponse>, Failure> {
    Ok(Json(super::protocol_contracts(app.records.chain_view().config(), &request)?))
}
