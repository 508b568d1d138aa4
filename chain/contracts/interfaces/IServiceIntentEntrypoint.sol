// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

/// @title The reference deposit entrypoint of docs/spec.md section 5.5, as its callers see it.
/// @notice Pulls a gasless deposit for its owner: checks the owner's EIP-712 deposit intent
/// (section 5.1) and per-user nonce, optionally applies the owner's ERC-2612 permit for this
/// contract, moves `amount` of `token` from the owner to the intent address and `feeAmount`
/// to the fee collector. Anyone may relay; the signature is the authority.
interface IServiceIntentEntrypoint {
    /// `block.timestamp` is past the signed deadline.
    error IntentExpired();
    /// The signed nonce is not the user's next nonce.
    error InvalidNonce();
    /// The signature is well-formed but recovers an address other than the user.
    error InvalidIntentSignature();
    /// The signature does not recover to any address (OpenZeppelin's `ECDSA`).
    error ECDSAInvalidSignature();
    /// The signature is not 65 bytes long (OpenZeppelin's `ECDSA`).
    error ECDSAInvalidSignatureLength(uint256 length);
    /// The signature's `s` is in the upper half of the curve order (OpenZeppelin's `ECDSA`).
    error ECDSAInvalidSignatureS(bytes32 s);
    /// The token's `transferFrom` returned false or was not a contract (OpenZeppelin's `SafeERC20`).
    error SafeERC20FailedOperation(address token);

    /// A deposit was pulled for `user` to `intentAddress`, consuming `nonce`.
    event IntentDeposited(
        address indexed user,
        address indexed token,
        address indexed intentAddress,
        uint256 amount,
        uint256 nonce,
        uint256 feeAmount,
        address feeCollector
    );

    /// keccak256 of the deposit intent's type string under the type name given at deployment.
    // solhint-disable-next-line func-name-mixedcase
    function INTENT_TYPEHASH() external view returns (bytes32);

    /// The domain separator of `EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)`.
    // solhint-disable-next-line func-name-mixedcase
    function DOMAIN_SEPARATOR() external view returns (bytes32);

    /// ERC-5267: the fields and values of the contract's EIP-712 domain (the name and version
    /// given at deployment, the chain id and this contract's address).
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

    /// The next deposit-intent nonce `user` must sign.
    function nonces(address user) external view returns (uint256);

    /// The digest the user signs for these values on this chain (section 5.1).
    function intentDigest(
        address user,
        address token,
        uint256 amount,
        address intentAddress,
        uint256 deadline,
        uint256 nonce,
        uint256 feeAmount,
        address feeCollector
    ) external view returns (bytes32);

    /// Pulls a deposit the user has already approved this contract for.
    function depositToIntent(
        address user,
        address token,
        uint256 amount,
        address intentAddress,
        uint256 deadline,
        uint256 nonce,
        uint256 feeAmount,
        address feeCollector,
        uint8 sigV,
        bytes32 sigR,
        bytes32 sigS
    ) external;

    /// Applies the user's ERC-2612 permit (spender this contract, value `permitAmount`,
    /// deadline `deadline`), then pulls the deposit as `depositToIntent` does. A permit that
    /// reverts is tolerated only when the allowance it would have set is already there
    /// (someone submitted the same permit first); otherwise its revert is passed on unchanged.
    function depositToIntentWithPermit(
        address user,
        address token,
        uint256 amount,
        uint256 permitAmount,
        address intentAddress,
        uint256 deadline,
        uint256 nonce,
        uint256 feeAmount,
        address feeCollector,
        uint8 permitV,
        bytes32 permitR,
        bytes32 permitS,
        uint8 sigV,
        bytes32 sigR,
        bytes32 sigS
    ) external;
}
