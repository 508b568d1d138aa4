// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {IIntentWallet} from "./interfaces/IIntentWallet.sol";
import {IServiceRouter} from "./interfaces/IServiceRouter.sol";

/// The guest refuses call `index`: it is a delegatecall, which the guest never makes.
error DelegateCallNotAllowed(uint256 index);

/// @title Running a decoded payload's calls (docs/spec.md section 5.7, v3's `Calls`).
/// @notice Shared by the main module (for a wallet) and the guest; the events are logged at
/// the address of whichever runs them.
library IntentWalletCalls {
    /// Runs `payload`'s calls in order under `opHash`: `onlyFallback` calls only right after a
    /// failed call, each call's `behaviorOnError` deciding what a failure does. A
    /// `delegateCall` call is made as v3's `handleSequenceDelegateCall` when
    /// `delegateCallAllowed`, else reverts `DelegateCallNotAllowed`.
    function run(
        IIntentWallet.Decoded memory payload,
        bytes32 opHash,
        uint256 startingGas,
        bool delegateCallAllowed
    ) internal {
        bool errorFlag = false;
        uint256 count = payload.calls.length;
        for (uint256 i = 0; i < count; i++) {
            IIntentWallet.Call memory call = payload.calls[i];
            if (call.onlyFallback && !errorFlag) {
                emit IIntentWallet.CallSkipped(opHash, i);
                continue;
            }
            errorFlag = false;

            uint256 gasLimit = call.gasLimit;
            if (gasLimit != 0 && gasleft() < gasLimit) {
                revert IIntentWallet.NotEnoughGas(payload, i, gasleft());
            }
            uint256 callGas = gasLimit == 0 ? gasleft() : gasLimit;

            bool success;
            if (call.delegateCall) {
                if (!delegateCallAllowed) {
                    revert DelegateCallNotAllowed(i);
                }
                bytes memory data = abi.encodeCall(
                    IServiceRouter.handleSequenceDelegateCall,
                    (opHash, startingGas, i, count, payload.space, call.data)
                );
                address to = call.to;
                assembly ("memory-safe") {
                    success := delegatecall(callGas, to, add(data, 0x20), mload(data), 0, 0)
                }
            } else {
                bytes memory data = call.data;
                address to = call.to;
                uint256 value = call.value;
                assembly ("memory-safe") {
                    success := call(callGas, to, value, add(data, 0x20), mload(data), 0, 0)
                }
            }

            if (!success) {
                if (call.behaviorOnError == 0) {
                    errorFlag = true;
                    emit IIntentWallet.CallFailed(opHash, i, returnData());
                    continue;
                }
                if (call.behaviorOnError == 1) {
                    revert IIntentWallet.Reverted(payload, i, returnData());
                }
                if (call.behaviorOnError == 2) {
                    emit IIntentWallet.CallAborted(opHash, i, returnData());
                    break;
                }
            }
            emit IIntentWallet.CallSucceeded(opHash, i);
        }
    }

    /// The last call's return data.
    function returnData() private pure returns (bytes memory data) {
        assembly ("memory-safe") {
            data := mload(0x40)
            mstore(data, returndatasize())
            returndatacopy(add(data, 0x20), 0, returndatasize())
            mstore(0x40, add(add(data, 0x20), and(add(returndatasize(), 0x1f), not(0x1f))))
        }
    }
}
