// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {IIntentWallet} from "./interfaces/IIntentWallet.sol";
import {IntentWalletCalls} from "./IntentWalletCalls.sol";
import {IntentWalletPayload} from "./IntentWalletPayload.sol";
import {IntentWalletSignature} from "./IntentWalletSignature.sol";
import {walletInitCode} from "./IntentWalletProxy.sol";

/// @title The intent wallet's main module of docs/spec.md section 5.7 (Sequence v3's stage-1
/// module, the subset intents use).
/// @notice Runs at a wallet's address, by the proxy's delegatecall: a payload runs when its
/// signature recovers the configuration the wallet's address was made from (CREATE2 by
/// `FACTORY` of this module's init code hash), once per nonce of its space.
contract IntentWalletMainModule is IIntentWallet {
    /// The factory that creates the wallets delegating to this module.
    address public immutable FACTORY;
    /// `keccak256(creation code ‖ uint256(address(this)))`: the init code hash of those wallets.
    bytes32 public immutable INIT_CODE_HASH;

    /// The next nonce of each space, in the wallet's storage.
    mapping(uint256 space => uint256) private nonces;

    /// @param factory The factory that creates the wallets delegating to this module.
    constructor(address factory) {
        FACTORY = factory;
        INIT_CODE_HASH = keccak256(walletInitCode(address(this)));
    }

    /// @inheritdoc IIntentWallet
    function execute(bytes calldata payload, bytes calldata signature) external payable {
        uint256 startingGas = gasleft();
        Decoded memory decoded = IntentWalletPayload.decode(payload);

        uint256 current = nonces[decoded.space];
        if (decoded.nonce != current) {
            revert BadNonce(decoded.space, decoded.nonce, current);
        }
        unchecked {
            nonces[decoded.space] = current + 1;
        }
        emit NonceChange(decoded.space, current + 1);

        IntentWalletSignature.Recovered memory recovered = IntentWalletSignature.recover(decoded, signature);
        if (recovered.weight < recovered.threshold) {
            revert InvalidSignatureWeight(recovered.threshold, recovered.weight);
        }
        bytes32 create2 = keccak256(abi.encodePacked(hex"ff", FACTORY, recovered.imageHash, INIT_CODE_HASH));
        if (address(uint160(uint256(create2))) != address(this)) {
            revert InvalidSignature(decoded, signature);
        }

        IntentWalletCalls.run(decoded, recovered.opHash, startingGas, true);
    }

    /// @inheritdoc IIntentWallet
    function readNonce(uint256 space) external view returns (uint256) {
        return nonces[space];
    }
}
