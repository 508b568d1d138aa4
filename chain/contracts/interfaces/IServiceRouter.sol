// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

/// @title The stateless router a wallet delegatecalls for what plain calls cannot do
/// (docs/spec.md section 5.7): send its whole balance of a token or of native value; swap
/// through Uniswap V2 into itself and hand the output to a destination call; and, for a
/// cross-chain intent (section 12), spend whatever balance it holds: swap it, hand it to a
/// destination call, burn it through CCTP V2.
interface IServiceRouter {
    /// A Uniswap V2 swap along `path`: EXACT_INPUT (`amount` in, at least `limit` out) or,
    /// when `exactOutput`, EXACT_OUTPUT (exactly `amount` out, at most `limit` in).
    struct SwapV2 {
        address router;
        bool exactOutput;
        uint256 amount;
        uint256 limit;
        address[] path;
        uint256 deadline;
    }

    /// A Uniswap V2 swap along `path` of the balance of `path[0]` held by the account this
    /// runs as: EXACT_INPUT (the whole balance in, at least `amount` out) or, when
    /// `exactOutput`, EXACT_OUTPUT (exactly `amount` out, at most the whole balance in).
    struct BalanceSwapV2 {
        address router;
        bool exactOutput;
        uint256 amount;
        address[] path;
        uint256 deadline;
    }

    /// A CCTP V2 burn of the whole balance of the messenger's token held by the account this
    /// runs as: `depositForBurn(balance, destinationDomain, mintRecipient, token,
    /// destinationCaller = 0, maxFee, minFinalityThreshold)`.
    struct BalanceBurn {
        address messenger;
        address token;
        uint32 destinationDomain;
        bytes32 mintRecipient;
        uint256 maxFee;
        uint32 minFinalityThreshold;
    }

    /// `amount` of `token` (the zero address: native value) was sent to `to`.
    event Swept(address indexed token, address indexed to, uint256 amount);
    /// A swap paid `amountOut` of `tokenOut` for `amountIn` of `tokenIn` to the account this
    /// runs as, and `target` was called with `amountOut` approved to the spender.
    event SwappedAndCalled(
        address indexed tokenIn, address indexed tokenOut, uint256 amountIn, uint256 amountOut, address indexed target
    );

    /// A swap of the balance paid `amountOut` of `tokenOut` for `amountIn` of `tokenIn` to `to`.
    event BalanceSwapped(
        address indexed tokenIn, address indexed tokenOut, uint256 amountIn, uint256 amountOut, address indexed to
    );
    /// `target` was called with the balance of `token`, `amount`, approved to its spender.
    event CalledWithBalance(address indexed token, uint256 amount, address indexed target);
    /// The balance of `token`, `amount`, was burned for `mintRecipient` on `destinationDomain`.
    event BalanceBurned(
        address indexed token, uint256 amount, uint32 indexed destinationDomain, bytes32 indexed mintRecipient
    );

    /// Sending native value to `to` failed.
    error NativeTransferFailed(address to);
    /// A wallet's delegatecall whose data is none of this router's balance-moving calls.
    error UnsupportedDelegateCall(bytes4 selector);
    /// A call that spends a balance found none of `token`.
    error NoBalance(address token);

    /// Sends the whole balance of `token` (the zero address: native value) held by the
    /// account this runs as (a wallet, under its delegatecall) to `to`; nothing when it is 0.
    function sweep(address token, address to) external;

    /// Swaps by `swap` paying the account this runs as (a wallet, under its delegatecall),
    /// approves `spender` (the call's target, or who pulls for it) for exactly the output,
    /// calls `target` with `data` and `value`, then sets both allowances back to 0. A revert of the router or of `target` passes through, so
    /// nothing of the call stays.
    function swapV2AndCall(SwapV2 calldata swap, address target, address spender, uint256 value, bytes calldata data)
        external;

    /// Swaps by `swap` the balance of `swap.path[0]` held by the account this runs as (a
    /// wallet, under its delegatecall), paying `to`, or that account itself when `to` is the
    /// zero address (a wallet cannot name itself in its own bundle); the router's allowance
    /// is set back to 0. Reverts `NoBalance` for a zero balance; Uniswap's own reverts pass
    /// through.
    function swapBalanceV2(BalanceSwapV2 calldata swap, address to) external;

    /// `swapBalanceV2(swap, address(0))`, then `callWithBalance(path[last], target, spender,
    /// value, data)`, as one call: a revert of the swap or of `target` undoes both.
    function swapBalanceV2AndCall(
        BalanceSwapV2 calldata swap,
        address target,
        address spender,
        uint256 value,
        bytes calldata data
    ) external;

    /// Approves `spender` (the call's target, or who pulls for it) for the whole balance of
    /// `token` held by the account this runs as, calls `target` with `data` and `value`, then
    /// sets the allowance back to 0. Reverts `NoBalance` for a zero balance; a revert of
    /// `target` passes through unchanged.
    function callWithBalance(address token, address target, address spender, uint256 value, bytes calldata data)
        external;

    /// Burns by `burn` the whole balance of `burn.token` held by the account this runs as:
    /// approves the messenger for it, calls `depositForBurn`, sets the allowance back to 0.
    /// Reverts `NoBalance` for a zero balance; the messenger's refusals pass through.
    function burnBalance(BalanceBurn calldata burn) external;

    /// A wallet's delegatecall (v3's `IDelegatedExtension`): runs `data`, which must be the
    /// ABI call of one of this router's functions above (`sweep`, `swapV2AndCall`,
    /// `swapBalanceV2`, `swapBalanceV2AndCall`, `callWithBalance`, `burnBalance`).
    function handleSequenceDelegateCall(
        bytes32 opHash,
        uint256 startingGas,
        uint256 index,
        uint256 numCalls,
        uint256 space,
        bytes calldata data
    ) external;
}
