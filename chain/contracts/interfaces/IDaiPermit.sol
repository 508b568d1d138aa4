// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

/// @title A DAI-style permit, as the tests sign and send it.
/// @notice `permit(holder, spender, nonce, expiry, allowed, v, r, s)` signed as
/// `Permit(address holder,address spender,uint256 nonce,uint256 expiry,bool allowed)` under
/// the token's domain sets the allowance to unlimited (`allowed`) or zero, as DAI does; an
/// `expiry` of 0 never expires. The token's ERC-20 side is `IPermitToken`'s.
interface IDaiPermit {
    /// The permit's expiry is not 0 and `block.timestamp` is past it.
    error PermitExpired();
    /// The permit's nonce is not the holder's next nonce.
    error PermitInvalidNonce();
    /// The permit recovers an address other than the holder.
    error PermitInvalidSignature();
    /// The signature does not recover to any address (OpenZeppelin's `ECDSA`).
    error ECDSAInvalidSignature();
    /// The signature is not 65 bytes long (OpenZeppelin's `ECDSA`).
    error ECDSAInvalidSignatureLength(uint256 length);
    /// The signature's `s` is in the upper half of the curve order (OpenZeppelin's `ECDSA`).
    error ECDSAInvalidSignatureS(bytes32 s);

    /// keccak256 of `Permit(address holder,address spender,uint256 nonce,uint256 expiry,bool allowed)`.
    // solhint-disable-next-line func-name-mixedcase
    function PERMIT_TYPEHASH() external view returns (bytes32);
    /// The domain separator of `EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)`.
    // solhint-disable-next-line func-name-mixedcase
    function DOMAIN_SEPARATOR() external view returns (bytes32);
    /// The next permit nonce of `holder`.
    function nonces(address holder) external view returns (uint256);
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
    ) external;
}
