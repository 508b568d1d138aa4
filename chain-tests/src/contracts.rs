//! `sol!` bindings of the contracts in `chain/contracts/`, written from their sources (the
//! tests check each function, event and error here against the compiled ABI, so a binding
//! cannot drift from its contract). Errors a contract raises through OpenZeppelin's
//! libraries are declared with it, so a revert decodes to its name.
// The declarations mirror the Solidity sources, documented there; their generated call
// builders take one argument per Solidity parameter.
#![allow(missing_docs, clippy::too_many_arguments)]

use alloy_sol_types::sol;

sol! {
    /// The reference entrypoint (docs/spec.md §5.5).
    #[sol(rpc)]
    #[derive(Debug, PartialEq, Eq)]
    contract ServiceIntentEntrypoint {
        constructor(string name, string version, string typeName);

        error IntentExpired();
        error InvalidNonce();
        error InvalidIntentSignature();
        error ECDSAInvalidSignature();
        error ECDSAInvalidSignatureLength(uint256 length);
        error ECDSAInvalidSignatureS(bytes32 s);
        error SafeERC20FailedOperation(address token);

        event IntentDeposited(
            address indexed user,
            address indexed token,
            address indexed intentAddress,
            uint256 amount,
            uint256 nonce,
            uint256 feeAmount,
            address feeCollector
        );

        function INTENT_TYPEHASH() external view returns (bytes32);
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
        function nonces(address user) external view returns (uint256);
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

sol! {
    /// The test ERC-20 with ERC-2612 permit and ERC-5267 (OpenZeppelin's ERC20Permit).
    #[sol(rpc)]
    #[derive(Debug, PartialEq, Eq)]
    contract TestPermitToken {
        constructor(string name, string symbol);

        error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed);
        error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
        error ERC20InvalidSender(address sender);
        error ERC20InvalidReceiver(address receiver);
        error ERC20InvalidApprover(address approver);
        error ERC20InvalidSpender(address spender);
        error ERC2612ExpiredSignature(uint256 deadline);
        error ERC2612InvalidSigner(address signer, address owner);
        error ECDSAInvalidSignature();
        error ECDSAInvalidSignatureLength(uint256 length);
        error ECDSAInvalidSignatureS(bytes32 s);
        error InvalidAccountNonce(address account, uint256 currentNonce);

        event Transfer(address indexed from, address indexed to, uint256 value);
        event Approval(address indexed owner, address indexed spender, uint256 value);

        function name() external view returns (string);
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
        function nonces(address owner) external view returns (uint256);
        function balanceOf(address account) external view returns (uint256);
        function allowance(address owner, address spender) external view returns (uint256);
        function approve(address spender, uint256 value) external returns (bool);
        function transfer(address to, uint256 value) external returns (bool);
        function transferFrom(address from, address to, uint256 value) external returns (bool);
        function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external;
        function mint(address to, uint256 amount) external;
    }
}

sol! {
    /// The test ERC-20 with a DAI-style permit.
    #[sol(rpc)]
    #[derive(Debug, PartialEq, Eq)]
    contract TestDaiPermitToken {
        constructor(string name, string symbol);

        error PermitExpired();
        error PermitInvalidNonce();
        error PermitInvalidSignature();
        error ECDSAInvalidSignature();
        error ECDSAInvalidSignatureLength(uint256 length);
        error ECDSAInvalidSignatureS(bytes32 s);
        error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed);
        error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
        error ERC20InvalidSender(address sender);
        error ERC20InvalidReceiver(address receiver);
        error ERC20InvalidApprover(address approver);
        error ERC20InvalidSpender(address spender);

        event Transfer(address indexed from, address indexed to, uint256 value);
        event Approval(address indexed owner, address indexed spender, uint256 value);

        function PERMIT_TYPEHASH() external view returns (bytes32);
        function DOMAIN_SEPARATOR() external view returns (bytes32);
        function nonces(address holder) external view returns (uint256);
        function balanceOf(address account) external view returns (uint256);
        function allowance(address owner, address spender) external view returns (uint256);
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
        function mint(address to, uint256 amount) external;
    }
}
