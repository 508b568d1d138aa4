// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title A destination for an intent's destination call whose deposit is pulled by a
/// separate spender, for tests only (a `destinationApproveAddress` other than the target).
/// @notice `deposit` asks its `spender` (deployed with it) to pull `amount` of `token` from
/// the caller, which must have approved the spender, not this contract; it records the amount
/// under the caller.
contract SpenderVault {
    /// Who pulls the deposits: the only address a caller approves.
    VaultSpender public immutable spender;

    /// What each caller deposited of each token.
    mapping(address token => mapping(address caller => uint256 amount)) public deposited;

    constructor() {
        spender = new VaultSpender();
    }

    /// Has `spender` pull `amount` of `token` from the caller into this vault, and records it.
    function deposit(address token, uint256 amount) external {
        spender.pull(IERC20(token), msg.sender, amount);
        deposited[token][msg.sender] += amount;
    }
}

/// @title The spender of a [SpenderVault]: it pulls from the vault's callers into the vault.
contract VaultSpender {
    using SafeERC20 for IERC20;

    /// The vault that deployed it, the only one it pulls for.
    address public immutable vault;

    /// The caller is not the vault.
    error NotTheVault(address caller);

    constructor() {
        vault = msg.sender;
    }

    /// Pulls `amount` of `token` from `from` into the vault.
    function pull(IERC20 token, address from, uint256 amount) external {
        if (msg.sender != vault) {
            revert NotTheVault(msg.sender);
        }
        token.safeTransferFrom(from, vault, amount);
    }
}
