// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

/// @title A deposit token with ERC-2612 permits, as the service and the tests use one.
/// @notice ERC-20's transfers and allowances, ERC-2612's `permit`, `nonces` and
/// `DOMAIN_SEPARATOR`, ERC-5267's `eip712Domain`, and the errors OpenZeppelin's `ERC20Permit`
/// raises (ERC-6093's ERC-20 errors, its permit errors, `Nonces`' and `ECDSA`'s), so that a
/// revert decodes to its name. A token based on OpenZeppelin's contracts cannot inherit this
/// interface (they declare the same items); the bindings' test checks it against
/// `TestPermitToken`'s compiled ABI instead.
interface IPermitToken {
    /// ERC-6093: `sender` holds `balance`, less than the `needed` amount.
    error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed);
    /// ERC-6093: `spender` may spend `allowance`, less than the `needed` amount.
    error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    /// ERC-6093: the zero address cannot send.
    error ERC20InvalidSender(address sender);
    /// ERC-6093: the zero address cannot receive.
    error ERC20InvalidReceiver(address receiver);
    /// ERC-6093: the zero address cannot approve.
    error ERC20InvalidApprover(address approver);
    /// ERC-6093: the zero address cannot be approved.
    error ERC20InvalidSpender(address spender);
    /// The permit's `deadline` has passed.
    error ERC2612ExpiredSignature(uint256 deadline);
    /// The permit recovers `signer`, not `owner`.
    error ERC2612InvalidSigner(address signer, address owner);
    /// The signature does not recover to any address (OpenZeppelin's `ECDSA`).
    error ECDSAInvalidSignature();
    /// The signature is not 65 bytes long (OpenZeppelin's `ECDSA`).
    error ECDSAInvalidSignatureLength(uint256 length);
    /// The signature's `s` is in the upper half of the curve order (OpenZeppelin's `ECDSA`).
    error ECDSAInvalidSignatureS(bytes32 s);
    /// `account`'s nonce is `currentNonce`, not the one used (OpenZeppelin's `Nonces`).
    error InvalidAccountNonce(address account, uint256 currentNonce);

    /// `value` tokens moved from `from` to `to`.
    event Transfer(address indexed from, address indexed to, uint256 value);
    /// `owner` let `spender` spend `value` of its tokens.
    event Approval(address indexed owner, address indexed spender, uint256 value);

    /// The token's name.
    function name() external view returns (string memory);
    /// The domain separator the token's permits are signed under.
    // solhint-disable-next-line func-name-mixedcase
    function DOMAIN_SEPARATOR() external view returns (bytes32);
    /// ERC-5267: the fields and values of the token's EIP-712 domain.
    function eip712Domain()
        external
        view
        returns (
            bytes1 fields,
            string memory name,
            string memory version,
            uint256 chainId,
            address verifyingContract,
            bytes32 salt,
            uint256[] memory extensions
        );
    /// The next permit nonce of `owner`.
    function nonces(address owner) external view returns (uint256);
    /// The balance of `account`.
    function balanceOf(address account) external view returns (uint256);
    /// What `spender` may still spend of `owner`'s tokens.
    function allowance(address owner, address spender) external view returns (uint256);
    /// Lets `spender` spend `value` of the caller's tokens.
    function approve(address spender, uint256 value) external returns (bool);
    /// Moves `value` of the caller's tokens to `to`.
    function transfer(address to, uint256 value) external returns (bool);
    /// Moves `value` of `from`'s tokens to `to` against the caller's allowance.
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    /// ERC-2612: sets `spender`'s allowance over `owner`'s tokens to `value`, signed by `owner`.
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external;
}
