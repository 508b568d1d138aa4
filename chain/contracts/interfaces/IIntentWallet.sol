// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

/// @title An intent wallet's main module: Sequence v3's `execute` and `readNonce`, its call
/// events and its errors (docs/spec.md section 5.7), with v3's ABI.
/// @notice A wallet is a proxy (the creation code of section 5.6) that delegates every call
/// without value to its main module, so these are called at the wallet's address. The guest
/// module (`IntentWalletGuest`) emits the same four call events at its own address.
interface IIntentWallet {
    /// One call of a payload (v3's `Payload.Call`).
    struct Call {
        address to;
        uint256 value;
        bytes data;
        uint256 gasLimit;
        bool delegateCall;
        bool onlyFallback;
        uint256 behaviorOnError;
    }

    /// A decoded payload (v3's `Payload.Decoded`): `kind` 0 (calls) with `calls`, `space`
    /// and `nonce`; `noChainId` when the signature said so; the other members stay empty.
    struct Decoded {
        uint8 kind;
        bool noChainId;
        Call[] calls;
        uint256 space;
        uint256 nonce;
        bytes message;
        bytes32 imageHash;
        bytes32 digest;
        address[] parentWallets;
    }

    /// Call `index` of the payload `opHash` succeeded.
    event CallSucceeded(bytes32 opHash, uint256 index);
    /// Call `index` failed with `returnData` and its `behaviorOnError` was IGNORE (0).
    event CallFailed(bytes32 opHash, uint256 index, bytes returnData);
    /// Call `index` failed with `returnData` and its `behaviorOnError` was ABORT (2): no
    /// later call ran.
    event CallAborted(bytes32 opHash, uint256 index, bytes returnData);
    /// Call `index` is `onlyFallback` and the call before it did not fail: it did not run.
    event CallSkipped(bytes32 opHash, uint256 index);
    /// The nonce of `space` is now `newNonce`.
    event NonceChange(uint256 space, uint256 newNonce);

    /// Call `index` failed with `returnData` and its `behaviorOnError` was REVERT (1).
    error Reverted(Decoded payload, uint256 index, bytes returnData);
    /// Call `index` has a gas limit above the gas left (`gasLeft`).
    error NotEnoughGas(Decoded payload, uint256 index, uint256 gasLeft);
    /// The payload's nonce is not the space's current one (a replay included).
    error BadNonce(uint256 space, uint256 provided, uint256 current);
    /// The signature's configuration is not the one the wallet's address was made from.
    error InvalidSignature(Decoded payload, bytes signature);
    /// The signature's weight is below its threshold.
    error InvalidSignatureWeight(uint256 threshold, uint256 weight);
    /// A signature flag or part this subset of v3 does not take.
    error InvalidSignatureFlag(uint256 flag);

    /// Runs `payload` (v3's packed calls) when `signature` proves it: consumes the payload's
    /// nonce in its space, checks the configuration the signature recovers against the
    /// wallet's address, then runs the calls.
    function execute(bytes calldata payload, bytes calldata signature) external payable;

    /// The next nonce of `space` (0 at first).
    function readNonce(uint256 space) external view returns (uint256);
}
