//! The origin bundle of a same-chain intent run in its wallet (docs/spec.md §12): the calls
//! the wallet at the intent address runs once the deposit is there, their calldata encoded
//! by `sol!` from the `intent-contracts` bindings. In order (`behaviorOnError` 0 IGNORE,
//! 1 REVERT):
//!
//! 0. `fromToken.transfer(feeCollector, serviceFee)`, REVERT (only when the fee is not zero);
//! 1. `fromToken.approve(router, spend)`, IGNORE (a swap only);
//! 2. the main call, IGNORE: `router.swapExactTokensForTokens(spend, toAmountMin, [from, to],
//!    recipient, deadline)` (EXACT_INPUT), `router.swapTokensForExactTokens(toAmount, spend,
//!    …)` (EXACT_OUTPUT), or `toToken.transfer(recipient, toAmount)` (one token; a value call
//!    for the native token);
//! 3. with `destinationCallData`, one token, instead of the transfer:
//!    `toToken.approve(spender, toAmount)` (`destinationApproveAddress`, else
//!    `destinationToAddress`), IGNORE, then
//!    `destinationToAddress` called with the data and `destinationCallValue`, IGNORE, so that
//!    the target pulls the output with `transferFrom`; for the native token the one call,
//!    with `toAmount` plus `destinationCallValue` as its value. A swap, instead of calls 1
//!    and 2: one delegate call of `ServiceRouter.swapV2AndCall`, IGNORE: the swap pays the
//!    wallet that runs it (a plain call cannot name it: its address derives from this
//!    bundle) and the spender (as in 3) is approved for the output and the target called, so a failed call undoes
//!    the swap;
//! 4. the refund: delegate call of `ServiceRouter.sweep(fromToken, owner)`, `onlyFallback`,
//!    IGNORE: it runs only when the call before it failed, so the deposit goes back in the
//!    same transaction;
//! 5. the leftovers: the same sweep, not only on fallback, IGNORE (what an EXACT_OUTPUT swap
//!    did not spend);
//! 6. after a swap with a destination call: `ServiceRouter.sweep(toToken, owner)`, IGNORE (what the target did not
//!    pull).
//!
//! The recipient is `destinationToAddress`, else the owner. No pricing here (`pricing`) and
//! no addresses derived here (`assembly`, from the core's `wallet`).

use alloy_primitives::{Address, Bytes, U256};
use alloy_sol_types::SolCall;
use intent_contracts::{IPermitToken, IServiceRouter, IUniswapV2Router02};
use intent_core::{Call, CallBundle, UnknownMembers};

use super::pricing::{CrossTrade, WalletTrade};

/// v3's IGNORE: a failed call is recorded and the next one runs.
const IGNORE: u8 = 0;
/// v3's REVERT: a failed call reverts the whole transaction.
const REVERT: u8 = 1;
/// The `minFinalityThreshold` of a burn: CCTP V2's finalized (2000), the standard transfer.
pub const FINALIZED: u32 = 2000;

/// What the origin bundle is built from.
#[derive(Debug, Clone)]
pub struct Trade {
    /// The chain.
    pub chain_id: u64,
    /// The intent's owner: refunds and leftovers go back to it.
    pub owner: Address,
    /// Who receives the output: `destinationToAddress`, else the owner.
    pub recipient: Address,
    /// Who a destination call's ERC-20 output is approved to: `destinationApproveAddress`,
    /// else `destinationToAddress` (the call's target).
    pub approve_to: Address,
    /// The token deposited (the zero address: the native token).
    pub from_token: Address,
    /// The token received.
    pub to_token: Address,
    /// The main call's amounts.
    pub wallet: WalletTrade,
    /// The amount bought (EXACT_OUTPUT: exactly; a transfer: exactly).
    pub to_amount: U256,
    /// The least amount bought (EXACT_INPUT swap).
    pub to_amount_min: U256,
    /// The service fee and who collects it.
    pub service_fee: U256,
    /// The fee collector.
    pub fee_collector: Address,
    /// The Uniswap V2 router (a swap).
    pub swap_router: Option<Address>,
    /// The chain's ServiceRouter (the sweeps).
    pub service_router: Address,
    /// The swap's deadline, in Unix seconds.
    pub deadline: U256,
    /// `destinationCallData` and `destinationCallValue`, when the request names a call.
    pub destination_call: Option<(Bytes, U256)>,
}

fn call(to: Address, value: U256, data: Vec<u8>, behavior_on_error: u8) -> Call {
    Call {
        behavior_on_error: Some(behavior_on_error),
        data: (!data.is_empty()).then(|| Bytes::from(data)),
        delegate_call: None,
        gas_limit: None,
        only_fallback: None,
        to,
        value: (!value.is_zero()).then_some(value),
        unknown: UnknownMembers::new(),
    }
}

/// A delegate call of the ServiceRouter's `sweep(token, to)`.
pub(crate) fn sweep(service_router: Address, token: Address, to: Address, only_fallback: bool) -> Call {
    let data = IServiceRouter::sweepCall { token, to }.abi_encode();
    Call {
        delegate_call: Some(true),
        only_fallback: only_fallback.then_some(true),
        ..call(service_router, U256::ZERO, data, IGNORE)
    }
}

/// A delegate call of the ServiceRouter's `swapV2AndCall`: `trade`'s swap through `router`
/// into the wallet, its output handed to `trade`'s destination call.
fn swap_and_call(trade: &Trade, router: Address) -> Call {
    let (data, value) = trade.destination_call.clone().unwrap_or_default();
    let wallet = trade.wallet;
    let (amount, limit) =
        if wallet.exact_output { (trade.to_amount, wallet.spend) } else { (wallet.spend, trade.to_amount_min) };
    let swap = IServiceRouter::SwapV2 {
        router,
        exactOutput: wallet.exact_output,
        amount,
        limit,
        path: vec![trade.from_token, trade.to_token],
        deadline: trade.deadline,
    };
    let call_data =
        IServiceRouter::swapV2AndCallCall { swap, target: trade.recipient, spender: trade.approve_to, value, data }
            .abi_encode();
    Call { delegate_call: Some(true), ..call(trade.service_router, U256::ZERO, call_data, IGNORE) }
}

/// A transfer of `amount` of `token` (the native token: a value call) to `to`.
fn transfer(token: Address, to: Address, amount: U256, behavior_on_error: u8) -> Call {
    if token == Address::ZERO {
        return call(to, amount, Vec::new(), behavior_on_error);
    }
    call(token, U256::ZERO, IPermitToken::transferCall { to, value: amount }.abi_encode(), behavior_on_error)
}

/// The origin bundle of `trade`, space 0 and nonce 0 (a fresh wallet's first payload).
pub fn origin_bundle(trade: &Trade) -> CallBundle {
    let mut calls = Vec::new();
    if !trade.service_fee.is_zero() {
        calls.push(transfer(trade.from_token, trade.fee_collector, trade.service_fee, REVERT));
    }
    let wallet = trade.wallet;
    match trade.swap_router.filter(|_| wallet.swap) {
        Some(router) if trade.destination_call.is_some() => calls.push(swap_and_call(trade, router)),
        Some(router) => {
            let approve = IPermitToken::approveCall { spender: router, value: wallet.spend };
            calls.push(call(trade.from_token, U256::ZERO, approve.abi_encode(), IGNORE));
            let path = vec![trade.from_token, trade.to_token];
            let to = trade.recipient;
            let data = if wallet.exact_output {
                IUniswapV2Router02::swapTokensForExactTokensCall {
                    amountOut: trade.to_amount,
                    amountInMax: wallet.spend,
                    path,
                    to,
                    deadline: trade.deadline,
                }
                .abi_encode()
            } else {
                IUniswapV2Router02::swapExactTokensForTokensCall {
                    amountIn: wallet.spend,
                    amountOutMin: trade.to_amount_min,
                    path,
                    to,
                    deadline: trade.deadline,
                }
                .abi_encode()
            };
            calls.push(call(router, U256::ZERO, data, IGNORE));
        }
        None => match &trade.destination_call {
            // The output stays in the wallet and is handed to the call: an ERC-20 approved
            // to the call's target (which pulls it), the native token as the call's value.
            Some((data, value)) if trade.to_token == Address::ZERO => {
                calls.push(call(trade.recipient, trade.to_amount.saturating_add(*value), data.to_vec(), IGNORE));
            }
            Some((data, value)) => {
                let approve = IPermitToken::approveCall { spender: trade.approve_to, value: trade.to_amount };
                calls.push(call(trade.to_token, U256::ZERO, approve.abi_encode(), IGNORE));
                calls.push(call(trade.recipient, *value, data.to_vec(), IGNORE));
            }
            None => calls.push(transfer(trade.to_token, trade.recipient, trade.to_amount, IGNORE)),
        },
    }
    calls.push(sweep(trade.service_router, trade.from_token, trade.owner, true));
    calls.push(sweep(trade.service_router, trade.from_token, trade.owner, false));
    if wallet.swap && trade.destination_call.is_some() {
        calls.push(sweep(trade.service_router, trade.to_token, trade.owner, false));
    }
    CallBundle {
        calls,
        chain_id: trade.chain_id,
        nonce: Some(U256::ZERO),
        space: Some(U256::ZERO),
        unknown: UnknownMembers::new(),
    }
}

/// What the two bundles of an intent over the CCTP V2 route are built from (docs/spec.md
/// §12, "Cross-chain quotes").
#[derive(Debug, Clone)]
pub struct Route {
    /// The intent's owner: refunds and leftovers go back to it.
    pub owner: Address,
    /// Who receives the output on the destination chain: `destinationToAddress`, else the owner.
    pub recipient: Address,
    /// Who a destination call's output is approved to.
    pub approve_to: Address,
    /// `destinationCallData` and `destinationCallValue`, when the request names a call.
    pub destination_call: Option<(Bytes, U256)>,
    /// The amounts.
    pub trade: CrossTrade,
    /// The swaps' deadline, in Unix seconds.
    pub deadline: U256,
    /// The origin side.
    pub origin: RouteSide,
    /// The destination side.
    pub destination: RouteSide,
    /// The service fee (in the deposit token) and who collects it.
    pub service_fee: (U256, Address),
    /// The origin messenger's `depositForBurn` and the destination's CCTP domain.
    pub burn: (Address, u32),
    /// The destination bundle's nonce space: a space of its own per quote, so that two
    /// intents of one owner never share a destination wallet.
    pub destination_space: U256,
}

/// One chain of a [`Route`].
#[derive(Debug, Clone, Copy)]
pub struct RouteSide {
    /// The chain.
    pub chain_id: u64,
    /// The token deposited (origin) or received (destination).
    pub token: Address,
    /// The chain's CCTP USDC.
    pub usdc: Address,
    /// The chain's Uniswap V2 router (its swap, when the token is not USDC).
    pub swap_router: Option<Address>,
    /// The chain's ServiceRouter.
    pub service_router: Address,
}

/// A delegate call of the ServiceRouter with `data`, IGNORE.
fn router_call(service_router: Address, data: Vec<u8>) -> Call {
    Call { delegate_call: Some(true), ..call(service_router, U256::ZERO, data, IGNORE) }
}

/// The swap of a wallet's whole balance of `from` into `to` through `router`.
fn balance_swap(
    router: Address,
    from: Address,
    to: Address,
    exact_output: bool,
    amount: U256,
    deadline: U256,
) -> IServiceRouter::BalanceSwapV2 {
    IServiceRouter::BalanceSwapV2 { router, exactOutput: exact_output, amount, path: vec![from, to], deadline }
}

/// The destination bundle of `route` (space `route.destination_space`, nonce 0), in order:
/// the main call (the swap of the minted USDC paying the recipient, the destination call
/// handed the balance, with the swap first when the token is not USDC, or the sweep of the
/// USDC to the recipient), IGNORE; the fallback sweep of the USDC to the recipient; the
/// leftover sweeps of the USDC (and of the destination token after a call) to the owner.
pub fn destination_bundle(route: &Route) -> CallBundle {
    let side = route.destination;
    let router = side.service_router;
    let swap = side.swap_router.zip(route.trade.destination_swap).filter(|_| side.token != side.usdc);
    let swap = swap.map(|(swap_router, amount)| {
        balance_swap(swap_router, side.usdc, side.token, route.trade.exact_output, amount, route.deadline)
    });
    let main = match (&swap, &route.destination_call) {
        (Some(swap), Some((data, value))) => IServiceRouter::swapBalanceV2AndCallCall {
            swap: swap.clone(),
            target: route.recipient,
            spender: route.approve_to,
            value: *value,
            data: data.clone(),
        }
        .abi_encode(),
        (Some(swap), None) => {
            IServiceRouter::swapBalanceV2Call { swap: swap.clone(), to: route.recipient }.abi_encode()
        }
        (None, Some((data, value))) => IServiceRouter::callWithBalanceCall {
            token: side.usdc,
            target: route.recipient,
            spender: route.approve_to,
            value: *value,
            data: data.clone(),
        }
        .abi_encode(),
        (None, None) => IServiceRouter::sweepCall { token: side.usdc, to: route.recipient }.abi_encode(),
    };
    let mut calls = vec![
        router_call(router, main),
        sweep(router, side.usdc, route.recipient, true),
        sweep(router, side.usdc, route.owner, false),
    ];
    if swap.is_some() && route.destination_call.is_some() {
        calls.push(sweep(router, side.token, route.owner, false));
    }
    CallBundle {
        calls,
        chain_id: side.chain_id,
        nonce: Some(U256::ZERO),
        space: Some(route.destination_space),
        unknown: UnknownMembers::new(),
    }
}

/// The origin bundle of `route` (space 0, nonce 0) burning to `destination_wallet`, in
/// order: the service fee, REVERT (when not zero); the swap of the deposit's balance into
/// USDC paying the wallet itself, IGNORE (the deposit token is not USDC); the burn of the
/// wallet's USDC balance for `destination_wallet`, IGNORE; the fallback refund of the
/// deposit token to the owner; the leftover sweeps of the deposit token (and of the USDC
/// after a swap) to the owner.
pub fn origin_burn_bundle(route: &Route, destination_wallet: Address) -> CallBundle {
    let side = route.origin;
    let router = side.service_router;
    let mut calls = Vec::new();
    let (fee, collector) = route.service_fee;
    if !fee.is_zero() {
        calls.push(transfer(side.token, collector, fee, REVERT));
    }
    let swap = side.swap_router.zip(route.trade.origin_swap_min).filter(|_| side.token != side.usdc);
    if let Some((swap_router, least)) = swap {
        let swap = balance_swap(swap_router, side.token, side.usdc, false, least, route.deadline);
        calls.push(router_call(router, IServiceRouter::swapBalanceV2Call { swap, to: Address::ZERO }.abi_encode()));
    }
    let (messenger, destination_domain) = route.burn;
    let burn = IServiceRouter::BalanceBurn {
        messenger,
        token: side.usdc,
        destinationDomain: destination_domain,
        mintRecipient: destination_wallet.into_word(),
        maxFee: route.trade.max_fee,
        minFinalityThreshold: FINALIZED,
    };
    calls.push(router_call(router, IServiceRouter::burnBalanceCall { burn }.abi_encode()));
    calls.push(sweep(router, side.token, route.owner, true));
    calls.push(sweep(router, side.token, route.owner, false));
    if swap.is_some() {
        calls.push(sweep(router, side.usdc, route.owner, false));
    }
    CallBundle {
        calls,
        chain_id: side.chain_id,
        nonce: Some(U256::ZERO),
        space: Some(U256::ZERO),
        unknown: UnknownMembers::new(),
    }
}
