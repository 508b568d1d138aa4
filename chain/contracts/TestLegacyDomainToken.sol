// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ITestToken} from "./interfaces/ITestToken.sol";

/// @title An ERC-20 that states its EIP-712 domain only as `DOMAIN_SEPARATOR()`, for tests only.
/// @notice Like tokens deployed before ERC-5267: `DOMAIN_SEPARATOR()` of
/// `EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)` under
/// `(name, "1", chainId, this)` and `nonces(owner)`, but no `eip712Domain()`, so a reader must
/// know the name and version to check the separator. It has no `permit`: it is read, never
/// spent from. Anyone may mint: never deploy it where the token has value.
contract TestLegacyDomainToken is ERC20, ITestToken {
    bytes32 public immutable DOMAIN_SEPARATOR;

    /// Always 0: nothing here spends a permit.
    mapping(address owner => uint256) public nonces;

    constructor(string memory name, string memory symbol) ERC20(name, symbol) {
        DOMAIN_SEPARATOR = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256(bytes(name)),
                keccak256(bytes("1")),
                block.chainid,
                address(this)
            )
        );
    }

    /// @inheritdoc ITestToken
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
