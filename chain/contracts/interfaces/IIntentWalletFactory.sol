// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

/// @title The wallet factory: Sequence v3's `Factory` (docs/spec.md section 5.7).
interface IIntentWalletFactory {
    /// Nothing was created at the address (`mainModule`, `salt`) gives: it exists already.
    error DeployFailed(address mainModule, bytes32 salt);

    /// Creates with CREATE2, salt `salt` and the call's value, the wallet proxy whose init
    /// code is the creation code of section 5.6 followed by `mainModule` as a 32-byte word.
    function deploy(address mainModule, bytes32 salt) external payable returns (address wallet);
}
