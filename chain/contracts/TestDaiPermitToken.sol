// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";

/// @title An ERC-20 with a DAI-style permit, for tests only.
/// @notice `permit(holder, spender, nonce, expiry, allowed, v, r, s)` signed as
/// `Permit(address holder,address spender,uint256 nonce,uint256 expiry,bool allowed)` under
/// `(name, "1", chainId, this)` sets the allowance to unlimited (`allowed`) or zero, as DAI
/// does; an `expiry` of 0 never expires. Anyone may mint: never deploy it where the token
/// has value.
contract TestDaiPermitToken is ERC20, EIP712 {
    bytes32 public constant PERMIT_TYPEHASH =
        keccak256("Permit(address holder,address spender,uint256 nonce,uint256 expiry,bool allowed)");

    /// The next permit nonce of each holder.
    mapping(address holder => uint256) public nonces;

    /// The permit's expiry is not 0 and `block.timestamp` is past it.
    error PermitExpired();
    /// The permit's nonce is not the holder's next nonce.
    error PermitInvalidNonce();
    /// The permit recovers an address other than the holder.
    error PermitInvalidSignature();

    constructor(string memory name, string memory symbol) ERC20(name, symbol) EIP712(name, "1") {}

    /// The domain separator of `EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)`.
    // solhint-disable-next-line func-name-mixedcase
    function DOMAIN_SEPARATOR() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    /// Applies the holder's signed approval: unlimited when `allowed`, none otherwise.
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

    /// Creates `amount` tokens for `to`; unrestricted, which is why this contract is for tests.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
