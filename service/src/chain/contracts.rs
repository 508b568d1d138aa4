//! `sol!` bindings of every contract function the service calls and every error it decodes,
//! in one place for the chain reads and the relayer: a deposit token's ERC-2612
//! `nonces(owner)` and `permit`, ERC-5267 `eip712Domain()` and `DOMAIN_SEPARATOR()` with
//! OpenZeppelin's ERC-20 and ERC-2612 errors (ERC-6093), and the intent entrypoint's
//! `nonces(user)`, `depositToIntent` and `depositToIntentWithPermit` with its errors
//! (docs/spec.md §5). Written from `chain/contracts` and the standards' interfaces
//! (`tests/relay.rs` checks each selector against the compiled ABI); no network here.
// The declarations mirror the contracts and the standards' Solidity interfaces, documented
// there; their generated call builders take one argument per Solidity parameter.
#![allow(missing_docs, clippy::too_many_arguments)]

use alloy_sol_types::sol;

sol! {
    /// A deposit token with permits: what the service reads and relays, and its errors.
    #[sol(rpc)]
    interface PermitToken {
        error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed);
        error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
        error ERC20InvalidSender(address sender);
        error ERC20InvalidReceiver(address receiver);
        error ERC20InvalidApprover(address approver);
        error ERC20InvalidSpender(address spender);
        error ERC2612ExpiredSignature(uint256 deadline);
        error ERC2612InvalidSigner(address signer, address owner);
        error InvalidAccountNonce(address account, uint256 currentNonce);

        function nonces(address owner) external view returns (uint256);
        function DOMAIN_SEPARATOR() external view returns (bytes32);
        function eip712Domain() external view returns (
            bytes1 fields,
            string name,
            string version,
            uint256 chainId,
            address verifyingContract,
            bytes32 salt,
            uint256[] extensions
        );
        function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external;
    }
}

sol! {
    /// The intent entrypoint (chain/contracts): the owner's nonce the service reads, the
    /// deposit functions the relayer calls, and the errors it raises.
    #[sol(rpc)]
    interface IntentEntrypoint {
        error IntentExpired();
        error InvalidNonce();
        error InvalidIntentSignature();
        error ECDSAInvalidSignature();
        error ECDSAInvalidSignatureLength(uint256 length);
        error ECDSAInvalidSignatureS(bytes32 s);
        error SafeERC20FailedOperation(address token);

        function nonces(address user) external view returns (uint256);
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
}
