// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {IIntentWallet} from "./interfaces/IIntentWallet.sol";
import {IntentWalletPayload} from "./IntentWalletPayload.sol";

/// @title Recovering a configuration from a Sequence v3 signature (docs/spec.md section 5.7).
/// @notice The subset intents use: a plain signature (with or without chain id) whose tree
/// holds ECDSA signers, signers without signature, node hashes, branches, subdigests and
/// any-address subdigests. Whether the recovered configuration is the wallet's is the main
/// module's check.
library IntentWalletSignature {
    uint256 private constant FLAG_SIGNATURE_HASH = 0;
    uint256 private constant FLAG_ADDRESS = 1;
    uint256 private constant FLAG_NODE = 3;
    uint256 private constant FLAG_BRANCH = 4;
    uint256 private constant FLAG_SUBDIGEST = 5;
    uint256 private constant FLAG_ANY_ADDRESS_SUBDIGEST = 8;

    /// What a signature recovered: its threshold and weight, the image hash of the
    /// configuration it reveals, and the payload's hash for this wallet.
    struct Recovered {
        uint256 threshold;
        uint256 weight;
        bytes32 imageHash;
        bytes32 opHash;
    }

    /// The payload's hashes a tree's parts compare with.
    struct Digests {
        bytes32 opHash;
        bytes32 anyAddressOpHash;
    }

    /// Recovers `signature` over `payload` (whose `noChainId` it sets from its flag byte).
    function recover(IIntentWallet.Decoded memory payload, bytes calldata signature)
        internal
        view
        returns (Recovered memory recovered)
    {
        (uint256 flag, uint256 at) = IntentWalletPayload.read(signature, 0, 1);
        // Static signatures (bit 7), a checkpointer (bit 6), chained signatures (bit 0).
        if (flag & 0xc1 != 0) {
            revert IIntentWallet.InvalidSignatureFlag(flag);
        }
        payload.noChainId = flag & 0x02 != 0;
        uint256 checkpoint;
        (checkpoint, at) = IntentWalletPayload.read(signature, at, (flag >> 2) & 0x07);
        (recovered.threshold, at) = IntentWalletPayload.read(signature, at, ((flag >> 5) & 0x01) + 1);

        Digests memory digests = Digests({
            opHash: IntentWalletPayload.hashFor(payload, address(this)),
            anyAddressOpHash: IntentWalletPayload.hashFor(payload, address(0))
        });
        bytes32 root;
        (recovered.weight, root) = recoverBranch(digests, signature[at:]);
        recovered.imageHash = hashPair(hashPair(hashPair(root, bytes32(recovered.threshold)), bytes32(checkpoint)), 0);
        recovered.opHash = digests.opHash;
    }

    /// Folds the parts of `parts` from the left into a root, adding up their weights.
    function recoverBranch(Digests memory digests, bytes calldata parts)
        private
        view
        returns (uint256 weight, bytes32 root)
    {
        uint256 at = 0;
        while (at < parts.length) {
            uint256 first;
            (first, at) = IntentWalletPayload.read(parts, at, 1);
            uint256 flag = first >> 4;
            bytes32 node;
            uint256 partWeight;
            if (flag == FLAG_SIGNATURE_HASH || flag == FLAG_ADDRESS) {
                uint256 signerWeight = first & 0x0f;
                if (signerWeight == 0) {
                    (signerWeight, at) = IntentWalletPayload.read(parts, at, 1);
                }
                address signer;
                if (flag == FLAG_SIGNATURE_HASH) {
                    uint256 r;
                    uint256 yParityAndS;
                    (r, at) = IntentWalletPayload.read(parts, at, 32);
                    (yParityAndS, at) = IntentWalletPayload.read(parts, at, 32);
                    uint8 v = uint8(yParityAndS >> 255) + 27;
                    bytes32 s = bytes32(yParityAndS & ((1 << 255) - 1));
                    signer = ecrecover(digests.opHash, v, bytes32(r), s);
                    partWeight = signerWeight;
                } else {
                    uint256 addressWord;
                    (addressWord, at) = IntentWalletPayload.read(parts, at, 20);
                    signer = address(uint160(addressWord));
                }
                node = keccak256(abi.encodePacked("Sequence signer:\n", signer, signerWeight));
            } else if (flag == FLAG_NODE) {
                uint256 word;
                (word, at) = IntentWalletPayload.read(parts, at, 32);
                node = bytes32(word);
            } else if (flag == FLAG_BRANCH) {
                uint256 size;
                (size, at) = IntentWalletPayload.read(parts, at, first & 0x0f);
                uint256 end = at + size;
                if (end > parts.length) {
                    revert();
                }
                (partWeight, node) = recoverBranch(digests, parts[at:end]);
                at = end;
                // A branch folds into the root even when the root is still zero (as v3).
                weight = add(weight, partWeight);
                root = hashPair(root, node);
                continue;
            } else if (flag == FLAG_SUBDIGEST || flag == FLAG_ANY_ADDRESS_SUBDIGEST) {
                uint256 word;
                (word, at) = IntentWalletPayload.read(parts, at, 32);
                bytes32 digest = bytes32(word);
                if (flag == FLAG_SUBDIGEST) {
                    node = keccak256(abi.encodePacked("Sequence static digest:\n", digest));
                    partWeight = digest == digests.opHash ? type(uint256).max : 0;
                } else {
                    node = keccak256(abi.encodePacked("Sequence any address subdigest:\n", digest));
                    partWeight = digest == digests.anyAddressOpHash ? type(uint256).max : 0;
                }
            } else {
                revert IIntentWallet.InvalidSignatureFlag(flag);
            }
            weight = add(weight, partWeight);
            root = root == bytes32(0) ? node : hashPair(root, node);
        }
    }

    /// `a + b`, at most 2^256 - 1.
    function add(uint256 a, uint256 b) private pure returns (uint256) {
        unchecked {
            uint256 sum = a + b;
            return sum < a ? type(uint256).max : sum;
        }
    }

    /// `keccak256(left ‖ right)`.
    function hashPair(bytes32 left, bytes32 right) private pure returns (bytes32) {
        return keccak256(abi.encode(left, right));
    }
}
