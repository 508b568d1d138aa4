// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {IIntentWalletFactory} from "./interfaces/IIntentWalletFactory.sol";
import {walletInitCode} from "./IntentWalletProxy.sol";

/// @title The wallet factory of docs/spec.md section 5.7 (Sequence v3's `Factory` ABI).
/// @notice Stateless, without constructor arguments: a wallet's address depends only on this
/// factory's address, the main module and the salt (the configuration's image hash).
contract IntentWalletFactory is IIntentWalletFactory {
    /// @inheritdoc IIntentWalletFactory
    function deploy(address mainModule, bytes32 salt) external payable returns (address wallet) {
        bytes memory code = walletInitCode(mainModule);
        assembly ("memory-safe") {
            wallet := create2(callvalue(), add(code, 0x20), mload(code), salt)
        }
        if (wallet == address(0)) {
            revert DeployFailed(mainModule, salt);
        }
    }
}
