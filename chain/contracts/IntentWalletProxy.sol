// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

// The wallet proxy's creation code (docs/spec.md sections 5.6 and 5.7), to be followed by the
// main module as a 32-byte word: it stores the main module at the slot keyed by the wallet's
// own address and returns a runtime that accepts value without running anything and
// delegates every other call to that main module. The factory creates it, and the main
// module hashes it to recognise the wallets that delegate to it.
bytes constant WALLET_CREATION_CODE =
    hex"603e600e3d39601e805130553df33d3d34601c57363d3d373d363d30545af43d82803e903d91601c57fd5bf3";

/// The CREATE2 init code of a wallet delegating to `mainModule`.
function walletInitCode(address mainModule) pure returns (bytes memory) {
    return abi.encodePacked(WALLET_CREATION_CODE, uint256(uint160(mainModule)));
}
