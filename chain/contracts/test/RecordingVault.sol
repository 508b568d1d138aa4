// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title A destination for an intent's destination call, for tests only: it records what
/// each caller deposited of each token.
/// @notice `deposit` pulls `amount` by `transferFrom` from the caller (which must have
/// approved it) and adds what it actually received to `deposited[token][caller]`. Native
/// value sent to it, with or without a call, is recorded under the zero address.
contract RecordingVault {
    using SafeERC20 for IERC20;

    /// What each caller deposited of each token (the zero address: native value).
    mapping(address token => mapping(address caller => uint256 amount)) public deposited;

    /// `caller` deposited `amount` of `token`.
    event Deposited(address indexed token, address indexed caller, uint256 amount);

    /// Pulls `amount` of `token` from the caller and records what arrived; native value sent
    /// with the call is recorded too.
    function deposit(address token, uint256 amount) external payable {
        uint256 before = IERC20(token).balanceOf(address(this));
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        uint256 received = IERC20(token).balanceOf(address(this)) - before;
        deposited[token][msg.sender] += received;
        emit Deposited(token, msg.sender, received);
        _recordValue();
    }

    /// Native value sent without calldata.
    receive() external payable {
        _recordValue();
    }

    function _recordValue() private {
        if (msg.value != 0) {
            deposited[address(0)][msg.sender] += msg.value;
            emit Deposited(address(0), msg.sender, msg.value);
        }
    }
}
