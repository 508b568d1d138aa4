// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {IIntentWallet} from "./interfaces/IIntentWallet.sol";

/// @title Sequence v3's packed calls and payload hash (docs/spec.md sections 5.6 and 5.7).
/// @notice Decoding the packed form a wallet's `execute` and the guest take, and the EIP-712
/// hash of a decoded payload for a given wallet address. Signatures live in
/// `IntentWalletSignature`, running the calls in `IntentWalletCalls`.
library IntentWalletPayload {
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant DOMAIN_NAME = keccak256("Sequence Wallet");
    bytes32 private constant DOMAIN_VERSION = keccak256("3");
    bytes32 private constant CALL_TYPEHASH = keccak256(
        "Call(address to,uint256 value,bytes data,uint256 gasLimit,bool delegateCall,bool onlyFallback,uint256 behaviorOnError)"
    );
    bytes32 private constant CALLS_TYPEHASH = keccak256(
        "Calls(Call[] calls,uint256 space,uint256 nonce,address[] wallets)Call(address to,uint256 value,bytes data,uint256 gasLimit,bool delegateCall,bool onlyFallback,uint256 behaviorOnError)"
    );

    /// The packed calls `packed` as a payload of kind calls. Reverts, without data, when
    /// `packed` is shorter than its fields say.
    function decode(bytes calldata packed) internal view returns (IIntentWallet.Decoded memory decoded) {
        uint256 flag;
        uint256 at;
        (flag, at) = read(packed, 0, 1);
        if (flag & 0x01 == 0) {
            (decoded.space, at) = read(packed, at, 20);
        }
        (decoded.nonce, at) = read(packed, at, (flag >> 1) & 0x07);
        uint256 count = 1;
        if (flag & 0x10 == 0) {
            (count, at) = read(packed, at, flag & 0x20 == 0 ? 1 : 2);
        }
        decoded.calls = new IIntentWallet.Call[](count);
        for (uint256 i = 0; i < count; i++) {
            IIntentWallet.Call memory call = decoded.calls[i];
            uint256 flags;
            (flags, at) = read(packed, at, 1);
            if (flags & 0x01 != 0) {
                call.to = address(this);
            } else {
                uint256 to;
                (to, at) = read(packed, at, 20);
                call.to = address(uint160(to));
            }
            if (flags & 0x02 != 0) {
                (call.value, at) = read(packed, at, 32);
            }
            if (flags & 0x04 != 0) {
                uint256 size;
                (size, at) = read(packed, at, 3);
                if (at + size > packed.length) {
                    revert();
                }
                call.data = packed[at:at + size];
                at += size;
            }
            if (flags & 0x08 != 0) {
                (call.gasLimit, at) = read(packed, at, 32);
            }
            call.delegateCall = flags & 0x10 != 0;
            call.onlyFallback = flags & 0x20 != 0;
            call.behaviorOnError = flags >> 6;
        }
    }

    /// The payload's EIP-712 hash under `("Sequence Wallet", "3", chain id, wallet)`, the
    /// chain id 0 when the payload is without one; its `wallets` are empty.
    function hashFor(IIntentWallet.Decoded memory payload, address wallet) internal view returns (bytes32) {
        bytes32 domain = keccak256(
            abi.encode(
                DOMAIN_TYPEHASH, DOMAIN_NAME, DOMAIN_VERSION, payload.noChainId ? 0 : block.chainid, wallet
            )
        );
        bytes32[] memory callHashes = new bytes32[](payload.calls.length);
        for (uint256 i = 0; i < callHashes.length; i++) {
            IIntentWallet.Call memory call = payload.calls[i];
            callHashes[i] = keccak256(
                abi.encode(
                    CALL_TYPEHASH,
                    call.to,
                    call.value,
                    keccak256(call.data),
                    call.gasLimit,
                    call.delegateCall,
                    call.onlyFallback,
                    call.behaviorOnError
                )
            );
        }
        bytes32 structHash = keccak256(
            abi.encode(
                CALLS_TYPEHASH,
                keccak256(abi.encodePacked(callHashes)),
                payload.space,
                payload.nonce,
                keccak256("")
            )
        );
        return keccak256(abi.encodePacked("\x19\x01", domain, structHash));
    }

    /// The `size`-byte (0 to 32) big-endian number at `at` in `data`, and the index after it.
    function read(bytes calldata data, uint256 at, uint256 size) internal pure returns (uint256 value, uint256 next) {
        next = at + size;
        if (next > data.length) {
            revert();
        }
        if (size == 0) {
            return (0, next);
        }
        assembly ("memory-safe") {
            value := shr(sub(256, mul(size, 8)), calldataload(add(data.offset, at)))
        }
    }
}
