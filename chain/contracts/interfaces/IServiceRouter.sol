// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

/// @title The stateless router a wallet delegatecalls for what plain calls cannot do
/// (docs/spec.md section 5.7): send its whole balance of a token or of native value; swap
/// through Uniswap V2 into itself and hand the output to a destination call.
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

    /// `amount` of `token` (the zero address: native value) was sent to `to`.
    event Swept(address indexed token, address indexed to, uint256 amount);
    /// A swap paid `amountOut` of `tokenOut` for `amountIn` of `tokenIn` to the account this
    /// runs as, and `target` was called with `amountOut` approved to the spender.
    event SwappedAndCalled(
        address indexed tokenIn, address indexed tokenOut, uint256 amountIn, uint256 amountOut, address indexed target
    );

    /// Sending native value to `to` failed.
    error NativeTransferFailed(address to);
    /// A wallet's delegatecall whose data is neither `sweep` nor `swapV2AndCall`.
    error UnsupportedDelegateCall(bytes4 selector);

    /// Sends the whole balance of `token` (the zero address: native value) held by the
    /// account this runs as (a wallet, under its delegatecall) to `to`; nothing when it is 0.
    function sweep(address token, address to) external;

    /// Swaps by `swap` paying the account this runs as (a wallet, under its delegatecall),
    /// approves `spender` (the call's target, or who pulls for it) for exactly the output,
    /// calls `target` with `data` and `value`, then sets both allowances back to 0. A revert of the router or of `target` passes through, so
    /// nothing of the call stays.
    function swapV2AndCall(SwapV2 calldata swap, address target, address spender, uint256 value, bytes calldata data)
        external;

    /// A wallet's delegatecall (v3's `IDelegatedExtension`): runs `data`, which must be the
    /// ABI call `sweep(token, to)` or `swapV2AndCall(swap, target, spender, value, data)`.
    function handleSequenceDelegateCall(
        bytes32 opHash,
        uint256 startingGas,
        uint256 index,
        uint256 numCalls,
        uint256 space,
        bytes calldata data
    ) external;
}
