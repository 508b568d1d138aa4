// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {IDaiPermit} from "./interfaces/IDaiPermit.sol";
import {ITestToken} from "./interfaces/ITestToken.sol";

/// @title An ERC-20 with a DAI-style permit, for tests only.
/// @notice The permit of `IDaiPermit` under the domain `(name, "1", chainId, this)`. Anyone
/// may mint: never deploy it where the token has value.
contract TestDaiPermitToken is ERC20, EIP712, IDaiPermit, ITestToken {
    /// @inheritdoc IDaiPermit
    bytes32 public constant PERMIT_TYPEHASH =
        keccak256("Permit(address holder,address spender,uint256 nonce,uint256 expiry,bool allowed)");

    /// @inheritdoc IDaiPermit
    mapping(address holder => uint256) public nonces;

    constructor(string memory name, string memory symbol) ERC20(name, symbol) EIP712(name, "1") {}

    /// @inheritdoc IDaiPermit
    // solhint-disable-next-line func-name-mixedcase
    function DOMAIN_SEPARATOR() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    /// @inheritdoc IDaiPermit
    function permit(
        address holder,
        address spender,
        uint256 nonce,
        uint256 expiry,
        bool allowed,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        if (expiry != 0 && block.timestamp > expiry) revert PermitExpired();
        if (nonce != nonces[holder]) revert PermitInvalidNonce();
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, holder, spender, nonce, expiry, allowed));
        if (ECDSA.recover(_hashTypedDataV4(structHash), v, r, s) != holder) revert PermitInvalidSignature();
        nonces[holder] = nonce + 1;
        _approve(holder, spender, allowed ? type(uint256).max : 0);
    }

    /// @inheritdoc ITestToken
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
