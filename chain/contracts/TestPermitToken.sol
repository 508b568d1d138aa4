// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {ITestToken} from "./interfaces/ITestToken.sol";

/// @title An ERC-20 with ERC-2612 permit and ERC-5267 `eip712Domain()`, for tests only.
/// @notice Its EIP-712 domain is `(name, "1", chainId, this)`. Anyone may mint: never deploy
/// it where the token has value. What the service and the tests call and decode of it is
/// written in `IPermitToken`, which it cannot inherit (OpenZeppelin's bases declare the same
/// items); the bindings' test checks the two agree.
contract TestPermitToken is ERC20, ERC20Permit, ITestToken {
    constructor(string memory name, string memory symbol) ERC20(name, symbol) ERC20Permit(name) {}

    /// @inheritdoc ITestToken
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
