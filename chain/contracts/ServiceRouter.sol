// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IServiceRouter} from "./interfaces/IServiceRouter.sol";
import {IUniswapV2Router02} from "./interfaces/IUniswapV2.sol";
import {ICctpTokenMessenger} from "./interfaces/ICctp.sol";

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
    function swapV2AndCall(SwapV2 calldata swap, address target, address spender, uint256 value, bytes calldata data)
        external
    {
        _swapV2AndCall(swap, target, spender, value, data);
    }

    /// @inheritdoc IServiceRouter
    function swapBalanceV2(BalanceSwapV2 calldata swap, address to) external {
        _swapBalanceV2(swap, to);
    }

    /// @inheritdoc IServiceRouter
    function swapBalanceV2AndCall(
        BalanceSwapV2 calldata swap,
        address target,
        address spender,
        uint256 value,
        bytes calldata data
    ) external {
        _swapBalanceV2(swap, address(0));
        _callWithBalance(swap.path[swap.path.length - 1], target, spender, value, data);
    }

    /// @inheritdoc IServiceRouter
    function callWithBalance(address token, address target, address spender, uint256 value, bytes calldata data)
        external
    {
        _callWithBalance(token, target, spender, value, data);
    }

    /// @inheritdoc IServiceRouter
    function burnBalance(BalanceBurn calldata burn) external {
        _burnBalance(burn);
    }

    /// @inheritdoc IServiceRouter
    function handleSequenceDelegateCall(bytes32, uint256, uint256, uint256, uint256, bytes calldata data) external {
        bytes4 selector = bytes4(data);
        if (selector == IServiceRouter.sweep.selector && data.length == 68) {
            (address token, address to) = abi.decode(data[4:], (address, address));
            sweep(token, to);
        } else if (selector == IServiceRouter.swapV2AndCall.selector) {
            (SwapV2 memory swap, address target, address spender, uint256 value, bytes memory call) =
                abi.decode(data[4:], (SwapV2, address, address, uint256, bytes));
            _swapV2AndCall(swap, target, spender, value, call);
        } else if (selector == IServiceRouter.swapBalanceV2.selector) {
            (BalanceSwapV2 memory swap, address to) = abi.decode(data[4:], (BalanceSwapV2, address));
            _swapBalanceV2(swap, to);
        } else if (selector == IServiceRouter.swapBalanceV2AndCall.selector) {
            (BalanceSwapV2 memory swap, address target, address spender, uint256 value, bytes memory call) =
                abi.decode(data[4:], (BalanceSwapV2, address, address, uint256, bytes));
            _swapBalanceV2(swap, address(0));
            _callWithBalance(swap.path[swap.path.length - 1], target, spender, value, call);
        } else if (selector == IServiceRouter.callWithBalance.selector) {
            (address token, address target, address spender, uint256 value, bytes memory call) =
                abi.decode(data[4:], (address, address, address, uint256, bytes));
            _callWithBalance(token, target, spender, value, call);
        } else if (selector == IServiceRouter.burnBalance.selector) {
            _burnBalance(abi.decode(data[4:], (BalanceBurn)));
        } else {
            revert UnsupportedDelegateCall(selector);
        }
    }

    /// The swap into this account, then the call handed its output (docs/spec.md section 5.7).
    function _swapV2AndCall(SwapV2 memory swap, address target, address spender, uint256 value, bytes memory data)
        private
    {
        uint256 last = swap.path.length - 1;
        IERC20 tokenIn = IERC20(swap.path[0]);
        IERC20 tokenOut = IERC20(swap.path[last]);
        IUniswapV2Router02 router = IUniswapV2Router02(swap.router);
        uint256[] memory amounts;
        if (swap.exactOutput) {
            tokenIn.forceApprove(swap.router, swap.limit);
            amounts = router.swapTokensForExactTokens(swap.amount, swap.limit, swap.path, address(this), swap.deadline);
        } else {
            tokenIn.forceApprove(swap.router, swap.amount);
            amounts = router.swapExactTokensForTokens(swap.amount, swap.limit, swap.path, address(this), swap.deadline);
        }
        tokenIn.forceApprove(swap.router, 0);
        uint256 amountOut = amounts[last];
        tokenOut.forceApprove(spender, amountOut);
        (bool called, bytes memory returned) = target.call{value: value}(data);
        if (!called) {
            assembly ("memory-safe") {
                revert(add(returned, 32), mload(returned))
            }
        }
        tokenOut.forceApprove(spender, 0);
        emit SwappedAndCalled(address(tokenIn), address(tokenOut), amounts[0], amountOut, target);
    }

    /// The balance of `token` held by this account; reverts `NoBalance` when it is 0.
    function _balance(IERC20 token) private view returns (uint256 amount) {
        amount = token.balanceOf(address(this));
        if (amount == 0) {
            revert NoBalance(address(token));
        }
    }

    /// The swap of this account's balance of `path[0]` (docs/spec.md section 12), paying `to`
    /// (the zero address: this account).
    function _swapBalanceV2(BalanceSwapV2 memory swap, address to) private {
        uint256 last = swap.path.length - 1;
        IERC20 tokenIn = IERC20(swap.path[0]);
        uint256 balance = _balance(tokenIn);
        address payee = to == address(0) ? address(this) : to;
        IUniswapV2Router02 router = IUniswapV2Router02(swap.router);
        tokenIn.forceApprove(swap.router, balance);
        uint256[] memory amounts;
        if (swap.exactOutput) {
            amounts = router.swapTokensForExactTokens(swap.amount, balance, swap.path, payee, swap.deadline);
        } else {
            amounts = router.swapExactTokensForTokens(balance, swap.amount, swap.path, payee, swap.deadline);
        }
        tokenIn.forceApprove(swap.router, 0);
        emit BalanceSwapped(address(tokenIn), swap.path[last], amounts[0], amounts[last], payee);
    }

    /// The call handed this account's balance of `token` (docs/spec.md section 12).
    function _callWithBalance(address token, address target, address spender, uint256 value, bytes memory data)
        private
    {
        IERC20 erc20 = IERC20(token);
        uint256 balance = _balance(erc20);
        erc20.forceApprove(spender, balance);
        (bool called, bytes memory returned) = target.call{value: value}(data);
        if (!called) {
            assembly ("memory-safe") {
                revert(add(returned, 32), mload(returned))
            }
        }
        erc20.forceApprove(spender, 0);
        emit CalledWithBalance(token, balance, target);
    }

    /// The CCTP V2 burn of this account's balance of `burn.token` (docs/spec.md section 12).
    function _burnBalance(BalanceBurn memory burn) private {
        IERC20 token = IERC20(burn.token);
        uint256 balance = _balance(token);
        token.forceApprove(burn.messenger, balance);
        ICctpTokenMessenger(burn.messenger).depositForBurn(
            balance,
            burn.destinationDomain,
            burn.mintRecipient,
            burn.token,
            bytes32(0),
            burn.maxFee,
            burn.minFinalityThreshold
        );
        token.forceApprove(burn.messenger, 0);
        emit BalanceBurned(burn.token, balance, burn.destinationDomain, burn.mintRecipient);
    }
}
