//! `sol!` bindings of the only contract functions the service reads: a token's ERC-2612
//! `nonces(owner)`, ERC-5267 `eip712Domain()` and `DOMAIN_SEPARATOR()`, and the intent
//! entrypoint's `nonces(user)` (docs/spec.md §5). Writing to a chain is not here.
// The declarations mirror the standards' Solidity interfaces, documented there.
#![allow(missing_docs)]

use alloy_sol_types::sol;

sol! {
    /// What the service reads of a deposit token with permits.
    #[sol(rpc)]
    interface PermitToken {
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
    }
}

sol! {
    /// What the service reads of the intent entrypoint.
    #[sol(rpc)]
    interface IntentEntrypoint {
        function nonces(address user) external view returns (uint256);
    }
}
