// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

// What the tests call of Uniswap V2, whose compiled contracts come from the pinned npm
// packages `@uniswap/v2-core` and `@uniswap/v2-periphery` (docs/spec.md section 5.7).

/// @title The part of `UniswapV2Factory` the tests use.
interface IUniswapV2Factory {
    /// Creates the pair of `tokenA` and `tokenB`.
    function createPair(address tokenA, address tokenB) external returns (address pair);
    /// The pair of `tokenA` and `tokenB`, or the zero address.
    function getPair(address tokenA, address tokenB) external view returns (address pair);
}

/// @title The part of `UniswapV2Pair` the tests use.
interface IUniswapV2Pair {
    /// The reserves of `token0` and `token1` and the last block's timestamp.
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    /// The lower of the pair's two token addresses.
    function token0() external view returns (address);
}

/// @title The part of `UniswapV2Router02` the tests use.
interface IUniswapV2Router02 {
    /// The factory whose pairs it trades through.
    function factory() external view returns (address);
    /// Adds liquidity to the pair of `tokenA` and `tokenB` from the caller's allowance.
    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external returns (uint256 amountA, uint256 amountB, uint256 liquidity);
    /// Swaps exactly `amountIn` of `path[0]` for at least `amountOutMin` of the last token.
    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts);
    /// Swaps at most `amountInMax` of `path[0]` for exactly `amountOut` of the last token.
    function swapTokensForExactTokens(
        uint256 amountOut,
        uint256 amountInMax,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts);
    /// The amounts along `path` for `amountIn` of its first token.
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory amounts);
    /// The amounts along `path` for `amountOut` of its last token.
    function getAmountsIn(uint256 amountOut, address[] calldata path) external view returns (uint256[] memory amounts);
}
