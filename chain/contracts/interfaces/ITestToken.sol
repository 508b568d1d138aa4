// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

/// @title What makes the test tokens test tokens: anyone may mint.
/// @notice Never deploy a token with this where the token has value.
interface ITestToken {
    /// Creates `amount` tokens for `to`; unrestricted, which is why the token is for tests.
    function mint(address to, uint256 amount) external;
}
