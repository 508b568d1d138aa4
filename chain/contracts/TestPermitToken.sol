// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title An ERC-20 with ERC-2612 permit and ERC-5267 `eip712Domain()`, for tests only.
/// @notice Its EIP-712 domain is `(name, "1", chainId, this)`. Anyone may mint: never deploy
/// it where the token has value.
contract TestPermitToken is ERC20, ERC20Permit {
    constructor(string memory name, string memory symbol) ERC20(name, symbol) ERC20Permit(name) {}

    /// Creates `amount` tokens for `to`; unrestricted, which is why this contract is for tests.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
