// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

/// @title The stateless router a wallet delegatecalls for what plain calls cannot do
/// (docs/spec.md section 5.7): send its whole balance of a token or of native value.
interface IServiceRouter {
    /// `amount` of `token` (the zero address: native value) was sent to `to`.
    event Swept(address indexed token, address indexed to, uint256 amount);

    /// Sending native value to `to` failed.
    error NativeTransferFailed(address to);
    /// A wallet's delegatecall whose data is not `sweep(token, to)`.
    error UnsupportedDelegateCall(bytes4 selector);

    /// Sends the whole balance of `token` (the zero address: native value) held by the
    /// account this runs as (a wallet, under its delegatecall) to `to`; nothing when it is 0.
    function sweep(address token, address to) external;

    /// A wallet's delegatecall (v3's `IDelegatedExtension`): runs `data`, which must be the
    /// ABI call `sweep(token, to)`.
    function handleSequenceDelegateCall(
        bytes32 opHash,
        uint256 startingGas,
        uint256 index,
        uint256 numCalls,
        uint256 space,
        bytes calldata data
    ) external;
}
