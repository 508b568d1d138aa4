// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {IServiceIntentEntrypoint} from "./interfaces/IServiceIntentEntrypoint.sol";

/// @title The reference deposit entrypoint of docs/spec.md section 5.5.
/// @notice What it does, its errors and its event are written in `IServiceIntentEntrypoint`,
/// which it implements (the compiler checks that the two agree) and from which the Rust
/// bindings are made.
contract ServiceIntentEntrypoint is EIP712, IServiceIntentEntrypoint {
    using SafeERC20 for IERC20;

    /// The members of the deposit-intent struct after its type name (section 5.1).
    bytes private constant INTENT_MEMBERS =
        "(address user,address token,uint256 amount,address intentAddress,uint256 deadline,uint256 chainId,uint256 nonce,uint256 feeAmount,address feeCollector)";

    /// @inheritdoc IServiceIntentEntrypoint
    bytes32 public immutable INTENT_TYPEHASH;

    /// @inheritdoc IServiceIntentEntrypoint
    mapping(address user => uint256) public nonces;

    /// @param name The EIP-712 domain name (`ServiceIntentEntrypoint` by default).
    /// @param version The EIP-712 domain version (`1` by default).
    /// @param typeName The deposit intent's struct type name (`ServiceIntent` by default).
    constructor(string memory name, string memory version, string memory typeName) EIP712(name, version) {
        INTENT_TYPEHASH = keccak256(abi.encodePacked(typeName, INTENT_MEMBERS));
    }

    /// @inheritdoc IServiceIntentEntrypoint
    // solhint-disable-next-line func-name-mixedcase
    function DOMAIN_SEPARATOR() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    /// @inheritdoc IServiceIntentEntrypoint
    /// @dev OpenZeppelin's `EIP712` answers it; declared by both bases, it is named here.
    function eip712Domain()
        public
        view
        override(EIP712, IServiceIntentEntrypoint)
        returns (
            bytes1 fields,
            string memory name,
            string memory version,
            uint256 chainId,
            address verifyingContract,
            bytes32 salt,
            uint256[] memory extensions
        )
    {
        return EIP712.eip712Domain();
    }

    /// @inheritdoc IServiceIntentEntrypoint
    function intentDigest(
        address user,
        address token,
        uint256 amount,
        address intentAddress,
        uint256 deadline,
        uint256 nonce,
        uint256 feeAmount,
        address feeCollector
    ) public view returns (bytes32) {
        bytes32 structHash = keccak256(
            abi.encode(
                INTENT_TYPEHASH,
                user,
                token,
                amount,
                intentAddress,
                deadline,
                block.chainid,
                nonce,
                feeAmount,
                feeCollector
            )
        );
        return _hashTypedDataV4(structHash);
    }

    /// @inheritdoc IServiceIntentEntrypoint
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
    ) external {
        _useIntent(user, token, amount, intentAddress, deadline, nonce, feeAmount, feeCollector, sigV, sigR, sigS);
        _pull(user, token, amount, intentAddress, nonce, feeAmount, feeCollector);
    }

    /// @inheritdoc IServiceIntentEntrypoint
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
    ) external {
        _useIntent(user, token, amount, intentAddress, deadline, nonce, feeAmount, feeCollector, sigV, sigR, sigS);
        try IERC20Permit(token).permit(user, address(this), permitAmount, deadline, permitV, permitR, permitS) {}
        catch (bytes memory reason) {
            if (IERC20(token).allowance(user, address(this)) < amount + feeAmount) {
                assembly ("memory-safe") {
                    revert(add(reason, 32), mload(reason))
                }
            }
        }
        _pull(user, token, amount, intentAddress, nonce, feeAmount, feeCollector);
    }

    /// Checks the deadline, the nonce and the signature, in that order, and consumes the nonce.
    function _useIntent(
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
    ) private {
        if (block.timestamp > deadline) revert IntentExpired();
        if (nonce != nonces[user]) revert InvalidNonce();
        bytes32 digest = intentDigest(user, token, amount, intentAddress, deadline, nonce, feeAmount, feeCollector);
        if (ECDSA.recover(digest, sigV, sigR, sigS) != user) revert InvalidIntentSignature();
        nonces[user] = nonce + 1;
    }

    /// Moves the amount to the intent address and the fee to the collector, in the deposit token.
    function _pull(
        address user,
        address token,
        uint256 amount,
        address intentAddress,
        uint256 nonce,
        uint256 feeAmount,
        address feeCollector
    ) private {
        IERC20(token).safeTransferFrom(user, intentAddress, amount);
        if (feeAmount > 0) IERC20(token).safeTransferFrom(user, feeCollector, feeAmount);
        emit IntentDeposited(user, token, intentAddress, amount, nonce, feeAmount, feeCollector);
    }
}
