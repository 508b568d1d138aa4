//! Recovery (docs/spec.md §12, Recovery): how an intent's owner gets back what its wallet
//! holds (a short deposit, a deposit after the intent ended, a leftover), with no one's
//! permission but the owner's key.
//!
//! PrepareIntentRecovery reads the wallet's balances of the tokens asked for from the chain's
//! node and answers a Sequence v3 payload of calls that sends each to `refundToAddress` (the
//! owner by default) by a delegate call of the ServiceRouter's `sweep`, as the origin bundle's
//! refund does (`crate::quoter::bundle`), in the nonce space of the bundle the wallet runs at
//! the wallet's current nonce (0 before it is deployed): that bundle's own space and nonce
//! while it has not run, so that of the two only the first to run can (nothing runs twice).
//! The wallet is the intent's origin intent address, or a cross-chain intent's destination
//! intent address, where a destination bundle that failed or never ran leaves what was minted. It answers the payload's
//! EIP-712 hash for the wallet and its typed data for the owner's wallet software to sign.
//! BuildIntentRecoveryTransaction checks the owner's signature of that hash and answers the
//! transaction anyone may send: the guest module's batch that deploys the wallet (ignored when
//! it is deployed) and runs the payload with the owner's signer leaf. The hashing, the packed
//! form, the owner's signature and the batch are the core's (`intent_core::wallet`).
//!
//! What lives where: this module, the two operations; [`objects`], their wire objects;
//! [`typed`], the typed data of a payload; [`handlers`], the HTTP handlers. The balances and
//! the wallet's state are read by [`crate::chain`]; nothing here writes a record.

pub mod handlers;
pub mod objects;
mod typed;

use intent_core::eip712::{verify_signer, Signature};
use intent_core::wallet::{payload_hash_for, IntentConfiguration, WalletContext};
use intent_core::{
    Address, CallBundle, Error, Intent, IntentAddressBalance, IntentTokenBalance, Problem, ServerFailure,
    UnknownMembers, U256,
};
use objects::{
    BuildIntentRecoveryTransactionRequest, BuildIntentRecoveryTransactionResponse, PrepareIntentRecoveryRequest,
    PrepareIntentRecoveryResponse,
};

use crate::chain::reads;
use crate::chain::{ChainView, ReadFailure};
use crate::config::ChainConfig;
use crate::failure::{self, Failure};

/// v3's REVERT: a failed sweep reverts the whole recovery.
const REVERT: u8 = 1;

/// An intent's wallet on one chain: the chain's configuration, the wallet context, the
/// configuration the intent address commits to, and which of the intent's two it is.
struct Wallet<'a> {
    chain: &'a ChainConfig,
    context: WalletContext,
    configuration: IntentConfiguration,
    address: Address,
    side: Side,
}

/// Which of an intent's wallets a recovery empties: the origin intent address on the origin
/// chain, or a cross-chain intent's destination intent address on the destination chain
/// (where a failed or never-run destination bundle leaves what the route minted).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Origin,
    Destination,
}

impl Side {
    /// The published `intentSource` of a recovery from this wallet.
    fn name(self) -> &'static str {
        match self {
            Side::Origin => "origin",
            Side::Destination => "destination",
        }
    }
}

impl<'a> Wallet<'a> {
    /// The wallet of `intent` at `given`: absent or the origin intent address, the origin
    /// wallet; a cross-chain intent's destination intent address, the destination wallet.
    /// `CHAIN_NOT_SERVED` at `intentId` on a chain the service no longer serves,
    /// `ROUTE_NOT_SERVED` at `intentId` on a chain without a `wallet` (its intents have
    /// placeholder addresses no key controls), any other `intentAddress` is
    /// `INTENT_INCONSISTENT` at `intentAddress`.
    fn of(view: &'a ChainView, intent: &Intent, given: Option<Address>) -> Result<Wallet<'a>, Failure> {
        let cross_chain = intent.destination_chain_id != intent.origin_chain_id;
        let (side, chain_id, expected) = match given {
            Some(address) if cross_chain && intent.destination_intent_address == Some(address) => {
                (Side::Destination, intent.destination_chain_id, address)
            }
            Some(address) if address != intent.origin_intent_address => {
                let detail = "neither the intent's origin intent address nor its destination intent address";
                return Err(Error::new(Problem::IntentInconsistent { detail }).in_member("intentAddress").into());
            }
            _ => (Side::Origin, intent.origin_chain_id, intent.origin_intent_address),
        };
        let not_served = |what: &str| Failure::from(ServerFailure::RouteNotServed { path: "intentId", what });
        let chain = view
            .config()
            .chain(chain_id)
            .ok_or_else(|| Failure::from(ServerFailure::ChainNotServed { path: "intentId", chain_id }))?;
        let context = chain
            .wallet_context()
            .ok_or_else(|| not_served(&format!("recovery on chain {chain_id} (no wallet configured)")))?;
        // The bundles the address commits to: every bundle on its chain, in the intent's order
        // (docs/spec.md 5.6).
        let bundles: Vec<CallBundle> = std::iter::once(&intent.origin_calls)
            .chain(intent.destination_calls.as_ref())
            .filter(|bundle| bundle.chain_id == chain_id)
            .cloned()
            .collect();
        let configuration = IntentConfiguration::new(intent.owner_address, &bundles).map_err(Failure::from)?;
        let address = configuration.address(&context);
        if address != expected {
            return Err(not_served("recovery of an intent whose address is not its wallet's"));
        }
        Ok(Wallet { chain, context, configuration, address, side })
    }

    /// The nonce space of the bundle this wallet runs (the origin bundle's, 0; a destination
    /// bundle's, its own): a recovery takes the same space and nonce, so that of the two
    /// only the first to run can.
    fn space(&self, intent: &Intent) -> U256 {
        let bundle = match self.side {
            Side::Origin => Some(&intent.origin_calls),
            Side::Destination => intent.destination_calls.as_ref(),
        };
        bundle.and_then(|bundle| bundle.space).unwrap_or(U256::ZERO)
    }
}

/// The tokens a recovery from `side`'s wallet sends: the one asked for, else those the
/// intent moves on that wallet's chain and the native token, each once. On the origin chain:
/// the deposit token, and the destination token of a same-chain intent. On the destination
/// chain: the token the route mints there (`destinationPrecondition`'s) and the destination
/// token.
fn tokens(intent: &Intent, side: Side, asked: Option<Address>) -> Vec<Address> {
    if let Some(token) = asked {
        return vec![token];
    }
    let moved: [Option<Address>; 2] = match side {
        Side::Origin => [
            Some(intent.deposit_transaction.token_address),
            intent.destination_token_address.filter(|_| intent.destination_chain_id == intent.origin_chain_id),
        ],
        Side::Destination => [
            intent.destination_precondition.as_ref().map(|precondition| precondition.token_address),
            intent.destination_token_address,
        ],
    };
    let mut tokens = Vec::new();
    for token in moved.into_iter().chain([Some(Address::ZERO)]).flatten() {
        if !tokens.contains(&token) {
            tokens.push(token);
        }
    }
    tokens
}

/// The balances of `tokens` at `wallet` on `chain_id` and the wallet's nonce in `space`, read
/// from the chain's node within its timeout: `None` without a node.
async fn read(
    view: &ChainView,
    chain_id: u64,
    wallet: Address,
    space: U256,
    tokens: &[Address],
) -> Result<Option<(Vec<U256>, U256)>, Failure> {
    let Some(node) = view.node(chain_id) else { return Ok(None) };
    let reads = async {
        view.check_chain_id(node).await?;
        let mut balances = Vec::with_capacity(tokens.len());
        for token in tokens {
            balances.push(reads::balance(node, *token, wallet).await?);
        }
        let (_, nonce) = reads::wallet_state(node, wallet, space).await?;
        Ok((balances, nonce))
    };
    let read = node.within(reads).await;
    Ok(Some(read.map_err(|error| ReadFailure::NodeUnavailable { chain_id, detail: error.to_string() })?))
}

/// What `intent`'s origin intent address holds now of the tokens a recovery sends by default
/// (GetIntentHistory's `balances`): the tokens with a balance, read from the node; `None`
/// where that cannot be known (a chain without `wallet`, whose addresses are placeholders, or
/// without a node).
///
/// # Errors
///
/// `CHAIN_NODE_UNAVAILABLE`.
pub async fn held(view: &ChainView, intent: &Intent) -> Result<Option<IntentAddressBalance>, Failure> {
    let chain_id = intent.origin_chain_id;
    if view.config().chain(chain_id).and_then(ChainConfig::wallet_context).is_none() {
        return Ok(None);
    }
    let address = intent.origin_intent_address;
    let tokens = tokens(intent, Side::Origin, None);
    let Some((balances, _)) = read(view, chain_id, address, U256::ZERO, &tokens).await? else { return Ok(None) };
    let tokens = tokens
        .iter()
        .zip(balances)
        .filter(|(_, balance)| !balance.is_zero())
        .map(|(token, balance)| token_balance(view, chain_id, *token, balance))
        .collect();
    Ok(Some(IntentAddressBalance { chain_id, intent_address: address, tokens, unknown: UnknownMembers::new() }))
}

/// PrepareIntentRecovery for `intent` (loaded for the caller).
///
/// # Errors
///
/// As [`Wallet::of`]; `ROUTE_NOT_SERVED` at `intentId` on a chain without a node;
/// `CHAIN_NODE_UNAVAILABLE`; `NOTHING_TO_DO` at `tokenAddress` when the wallet holds none of
/// the tokens.
pub async fn prepare(
    view: &ChainView,
    intent: &Intent,
    request: &PrepareIntentRecoveryRequest,
) -> Result<PrepareIntentRecoveryResponse, Failure> {
    let wallet = Wallet::of(view, intent, request.intent_address)?;
    let chain_id = wallet.chain.chain_id;
    let tokens = tokens(intent, wallet.side, request.token_address);
    let space = wallet.space(intent);
    let (balances, nonce) = read(view, chain_id, wallet.address, space, &tokens).await?.ok_or_else(|| {
        let what = format!("recovery on chain {chain_id} (no node configured to read balances)");
        Failure::from(ServerFailure::RouteNotServed { path: "intentId", what: &what })
    })?;
    let refund_to = request.refund_to_address.unwrap_or(intent.owner_address);
    let router = wallet
        .chain
        .router_address
        .address()
        .ok_or_else(|| failure::internal(&"a wallet chain without routerAddress"))?;
    let mut calls = Vec::new();
    let mut recovery_tokens = Vec::new();
    for (token, balance) in tokens.iter().zip(balances).filter(|(_, balance)| !balance.is_zero()) {
        let sweep = crate::quoter::bundle::sweep(router, *token, refund_to, false);
        calls.push(intent_core::Call { behavior_on_error: Some(REVERT), ..sweep });
        recovery_tokens.push(token_balance(view, chain_id, *token, balance));
    }
    if calls.is_empty() {
        return Err(Error::new(Problem::NothingToDo).in_member("tokenAddress").into());
    }
    let payload =
        CallBundle { calls, chain_id, nonce: Some(nonce), space: Some(space), unknown: UnknownMembers::new() };
    let payload_hash = payload_hash_for(&payload, wallet.address).map_err(|e| failure::internal(&e))?;
    Ok(PrepareIntentRecoveryResponse {
        chain_id,
        intent_address: wallet.address,
        intent_id: intent.intent_id.clone(),
        intent_protocol: crate::discovery::INTENT_PROTOCOL.to_owned(),
        intent_source: wallet.side.name().to_owned(),
        typed_data: typed::payload_typed_data(&payload, wallet.address),
        payload,
        payload_hash,
        recovery_tokens: Some(recovery_tokens),
        unknown: UnknownMembers::new(),
    })
}

/// The published IntentTokenBalance of `balance` of `token`, priced at the configured price.
fn token_balance(view: &ChainView, chain_id: u64, token: Address, balance: U256) -> IntentTokenBalance {
    let config = view.config();
    let (symbol, decimals, price) = match (token, config.chain(chain_id), config.token(chain_id, token)) {
        (_, _, Some(listed)) => (listed.symbol.clone(), listed.decimals, listed.price_usd.get()),
        (Address::ZERO, Some(chain), _) => {
            let currency = chain.currency();
            (currency.symbol, currency.decimals, chain.native_token_price_usd.get())
        }
        _ => (String::new(), 18, 0.0),
    };
    let units = f64::from(balance) / 10f64.powi(i32::from(decimals));
    IntentTokenBalance {
        balance,
        balance_usd: format!("{:.6}", units * price),
        chain_id,
        contract_address: token,
        decimals,
        price_usd: price.to_string(),
        symbol,
        unknown: UnknownMembers::new(),
    }
}

/// BuildIntentRecoveryTransaction for `intent` (loaded for the caller).
///
/// # Errors
///
/// As [`Wallet::of`]; `INTENT_INCONSISTENT` at `payload.chainId` for a payload of another
/// chain; the payload's reason below `payload` when v3 cannot run it; `INVALID_SIGNATURE` or
/// `SIGNER_MISMATCH` at `signature` unless the owner's key signed the payload's hash for the
/// wallet; `CHAIN_NODE_UNAVAILABLE`.
pub async fn build(
    view: &ChainView,
    intent: &Intent,
    request: &BuildIntentRecoveryTransactionRequest,
) -> Result<BuildIntentRecoveryTransactionResponse, Failure> {
    let wallet = Wallet::of(view, intent, Some(request.intent_address))?;
    let chain_id = wallet.chain.chain_id;
    if request.payload.chain_id != chain_id {
        let detail = "not the chain of the intent's wallet";
        return Err(Error::new(Problem::IntentInconsistent { detail }).in_member("payload").into());
    }
    let hash = payload_hash_for(&request.payload, wallet.address).map_err(|e| e.in_member("payload"))?;
    verify_signer(&hash, &request.signature, intent.owner_address).map_err(|e| e.in_member("signature"))?;
    let signature = Signature::from_bytes(&request.signature).map_err(|e| e.in_member("signature"))?;
    let owner_signature = wallet.configuration.owner_signature(&signature);
    let data = wallet
        .configuration
        .guest_batch_signed(&wallet.context, &request.payload, &owner_signature)
        .ok_or_else(|| failure::internal(&"a payload that hashed could not be packed"))?;
    let requires_deploy = match view.node(chain_id) {
        Some(node) => {
            let state = node.within(reads::wallet_state(node, wallet.address, U256::ZERO)).await;
            !state.map_err(|error| ReadFailure::NodeUnavailable { chain_id, detail: error.to_string() })?.0
        }
        None => true,
    };
    Ok(BuildIntentRecoveryTransactionResponse {
        chain_id,
        data,
        intent_address: wallet.address,
        payload_hash: Some(hash),
        requires_deploy,
        to: wallet.context.guest_module.unwrap_or(wallet.chain.meta_txn_contract),
        value: U256::ZERO,
        unknown: UnknownMembers::new(),
    })
}
