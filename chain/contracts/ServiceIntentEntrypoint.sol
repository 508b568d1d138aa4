// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";

/// @title The reference deposit entrypoint of docs/spec.md section 5.5.
/// @notice Pulls a gasless deposit for its owner: checks the owner's EIP-712 deposit intent
/// (section 5.1) and per-user nonce, optionally applies the owner's ERC-2612 permit for this
/// contract, moves `amount` of `token` from the owner to the intent address and `feeAmount`
/// to the fee collector. Anyone may relay; the signature is the authority.
contract ServiceIntentEntrypoint is EIP712 {
    using SafeERC20 for IERC20;

    /// The members of the deposit-intent struct after its type name (section 5.1).
    bytes private constant INTENT_MEMBERS =
        "(address user,address token,uint256 amount,address intentAddress,uint256 deadline,uint256 chainId,uint256 nonce,uint256 feeAmount,address feeCollector)";

    /// keccak256 of the deposit intent's type string under the type name given at deployment.
    bytes32 public immutable INTENT_TYPEHASH;

    /// The next deposit-intent nonce each user must sign.
    mapping(address user => uint256) public nonces;

    /// `block.timestamp` is past the signed deadline.
    error IntentExpired();
    /// The signed nonce is not the user's next nonce.
    error InvalidNonce();
    /// The signature is well-formed but recovers an address other than the user.
    error InvalidIntentSignature();

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

    /// @param name The EIP-712 domain name (`ServiceIntentEntrypoint` by default).
    /// @param version The EIP-712 domain version (`1` by default).
    /// @param typeName The deposit intent's struct type name (`ServiceIntent` by default).
    constructor(string memory name, string memory version, string memory typeName) EIP712(name, version) {
        INTENT_TYPEHASH = keccak256(abi.encodePacked(typeName, INTENT_MEMBERS));
    }

    /// The domain separator of `EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)`.
    // solhint-disable-next-line func-name-mixedcase
    function DOMAIN_SEPARATOR() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

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
    ) external {
        _useIntent(user, token, amount, intentAddress, deadline, nonce, feeAmount, feeCollector, sigV, sigR, sigS);
        _pull(user, token, amount, intentAddress, nonce, feeAmount, feeCollector);
    }

    /// Applies the user's ERC-2612 permit (spender this contract, value `permitAmount`,
    /// deadline `deadline`), then pulls the deposit as `depositToIntent` does.
    /// @dev A permit that reverts is tolerated only when the allowance it would have set is
    /// already there (someone submitted the same permit first); otherwise its revert is
    /// passed on unchanged.
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
