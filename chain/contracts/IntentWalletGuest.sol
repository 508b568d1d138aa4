// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {IIntentWallet} from "./interfaces/IIntentWallet.sol";
import {IntentWalletCalls} from "./IntentWalletCalls.sol";
import {IntentWalletPayload} from "./IntentWalletPayload.sol";

/// @title The guest module of docs/spec.md section 5.7 (Sequence v3's `Guest`).
/// @notice Runs the packed calls of its calldata for anyone, without signature or nonce (it
/// holds nothing and has no state): a meta-transaction deploys a wallet and calls its
/// `execute` through it. It logs the wallet's call events (`IIntentWallet`) at its own
/// address and refuses delegatecalls (`DelegateCallNotAllowed`).
contract IntentWalletGuest {
    /// Decodes the calldata as packed calls and runs them under their hash for this address.
    fallback() external payable {
        uint256 startingGas = gasleft();
        IIntentWallet.Decoded memory decoded = IntentWalletPayload.decode(msg.data);
        bytes32 opHash = IntentWalletPayload.hashFor(decoded, address(this));
        IntentWalletCalls.run(decoded, opHash, startingGas, false);
    }
}
