// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IServiceRouter} from "./interfaces/IServiceRouter.sol";

/// @title The router of docs/spec.md section 5.7: what a wallet delegatecalls for what plain
/// calls cannot do.
/// @notice Stateless and without constructor arguments, so one deployment serves every wallet
/// of a chain. Under a wallet's delegatecall it runs as the wallet and moves the wallet's own
/// balances.
contract ServiceRouter is IServiceRouter {
    using SafeERC20 for IERC20;

    /// @inheritdoc IServiceRouter
    function sweep(address token, address to) public {
        uint256 amount;
        if (token == address(0)) {
            amount = address(this).balance;
            if (amount != 0) {
                (bool sent,) = to.call{value: amount}("");
                if (!sent) {
                    revert NativeTransferFailed(to);
                }
            }
        } else {
            amount = IERC20(token).balanceOf(address(this));
            if (amount != 0) {
                IERC20(token).safeTransfer(to, amount);
            }
        }
        emit Swept(token, to, amount);
    }

    /// @inheritdoc IServiceRouter
    function handleSequenceDelegateCall(bytes32, uint256, uint256, uint256, uint256, bytes calldata data) external {
        bytes4 selector = bytes4(data);
        if (selector != IServiceRouter.sweep.selector || data.length != 68) {
            revert UnsupportedDelegateCall(selector);
        }
        (address token, address to) = abi.decode(data[4:], (address, address));
        sweep(token, to);
    }
}
