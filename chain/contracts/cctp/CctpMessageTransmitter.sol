// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {ICctpMessageHandler, ICctpMessageTransmitter} from "../interfaces/ICctp.sol";

/// @title The CCTP V2 message transmitter, written from docs/spec.md 5.8.
/// @notice Sends a message as `MessageSent`; receives a message once its attestation holds
/// `signatureThreshold` signatures of its keccak-256 by enabled attesters, signers strictly
/// increasing, then hands its body to its recipient. Each nonce is received once.
contract CctpMessageTransmitter is ICctpMessageTransmitter, Ownable {
    /// The bytes of a message before its body.
    uint256 private constant HEADER = 148;
    /// The finality from which a message counts as finalized.
    uint32 private constant FINALIZED = 2000;

    /// @inheritdoc ICctpMessageTransmitter
    uint32 public immutable localDomain;
    /// @inheritdoc ICctpMessageTransmitter
    uint32 public constant version = 1;
    /// @inheritdoc ICctpMessageTransmitter
    uint256 public signatureThreshold;
    /// @inheritdoc ICctpMessageTransmitter
    mapping(address => bool) public isEnabledAttester;
    /// @inheritdoc ICctpMessageTransmitter
    mapping(bytes32 => uint256) public usedNonces;
    /// How many attesters are enabled.
    uint256 private enabledAttesters;

    constructor(uint32 localDomain_, address[] memory attesters, uint256 threshold) Ownable(msg.sender) {
        localDomain = localDomain_;
        for (uint256 i; i < attesters.length; i++) {
            _enable(attesters[i]);
        }
        _setThreshold(threshold);
    }

    /// @inheritdoc ICctpMessageTransmitter
    function enableAttester(address attester) external onlyOwner {
        _enable(attester);
    }

    /// @inheritdoc ICctpMessageTransmitter
    function disableAttester(address attester) external onlyOwner {
        if (isEnabledAttester[attester]) {
            if (enabledAttesters <= signatureThreshold) revert InvalidThreshold(signatureThreshold);
            isEnabledAttester[attester] = false;
            enabledAttesters -= 1;
            emit AttesterDisabled(attester);
        }
    }

    /// @inheritdoc ICctpMessageTransmitter
    function setSignatureThreshold(uint256 threshold) external onlyOwner {
        _setThreshold(threshold);
    }

    /// @inheritdoc ICctpMessageTransmitter
    function sendMessage(
        uint32 destinationDomain,
        bytes32 recipient,
        bytes32 destinationCaller,
        uint32 minFinalityThreshold,
        bytes calldata messageBody
    ) external {
        if (destinationDomain == localDomain) revert DestinationIsLocalDomain();
        if (recipient == bytes32(0)) revert ZeroRecipient();
        emit MessageSent(
            abi.encodePacked(
                version,
                localDomain,
                destinationDomain,
                bytes32(0),
                bytes32(uint256(uint160(msg.sender))),
                recipient,
                destinationCaller,
                minFinalityThreshold,
                uint32(0),
                messageBody
            )
        );
    }

    /// @inheritdoc ICctpMessageTransmitter
    function receiveMessage(bytes calldata message, bytes calldata attestation) external returns (bool) {
        _checkAttestation(keccak256(message), attestation);
        if (message.length < HEADER) revert MalformedMessage();
        uint32 destinationDomain = uint32(bytes4(message[8:12]));
        if (destinationDomain != localDomain) revert WrongDestinationDomain(destinationDomain);
        bytes32 destinationCaller = bytes32(message[108:140]);
        if (destinationCaller != bytes32(0) && destinationCaller != bytes32(uint256(uint160(msg.sender)))) {
            revert WrongCaller(destinationCaller);
        }
        uint32 messageVersion = uint32(bytes4(message[0:4]));
        if (messageVersion != version) revert WrongVersion(messageVersion);
        bytes32 nonce = bytes32(message[12:44]);
        if (usedNonces[nonce] != 0) revert NonceUsed(nonce);
        address recipient = _address(bytes32(message[76:108]));
        usedNonces[nonce] = 1;

        uint32 sourceDomain = uint32(bytes4(message[4:8]));
        bytes32 sender = bytes32(message[44:76]);
        uint32 finalityThresholdExecuted = uint32(bytes4(message[144:148]));
        bytes calldata body = message[HEADER:];
        ICctpMessageHandler handler = ICctpMessageHandler(recipient);
        bool handled = finalityThresholdExecuted < FINALIZED
            ? handler.handleReceiveUnfinalizedMessage(sourceDomain, sender, finalityThresholdExecuted, body)
            : handler.handleReceiveFinalizedMessage(sourceDomain, sender, finalityThresholdExecuted, body);
        if (!handled) revert HandlerFailed();
        emit MessageReceived(msg.sender, sourceDomain, nonce, sender, finalityThresholdExecuted, body);
        return true;
    }

    /// Exactly `signatureThreshold` signatures of `digest` (no prefix), each well formed, each
    /// by an enabled attester, signers strictly increasing.
    function _checkAttestation(bytes32 digest, bytes calldata attestation) private view {
        uint256 threshold = signatureThreshold;
        if (attestation.length != threshold * 65) revert AttestationLength(attestation.length, threshold);
        address previous = address(0);
        for (uint256 i; i < threshold; i++) {
            (address signer, ECDSA.RecoverError failure,) = ECDSA.tryRecover(digest, attestation[i * 65:(i + 1) * 65]);
            if (failure != ECDSA.RecoverError.NoError) revert BadSignature(i);
            if (!isEnabledAttester[signer]) revert UnknownAttester(i);
            if (signer <= previous) revert SignerOrder(i);
            previous = signer;
        }
    }

    function _address(bytes32 word) private pure returns (address) {
        if (uint256(word) >> 160 != 0) revert NotAnAddress(word);
        return address(uint160(uint256(word)));
    }

    function _enable(address attester) private {
        if (!isEnabledAttester[attester]) {
            isEnabledAttester[attester] = true;
            enabledAttesters += 1;
            emit AttesterEnabled(attester);
        }
    }

    function _setThreshold(uint256 threshold) private {
        if (threshold == 0 || threshold > enabledAttesters) revert InvalidThreshold(threshold);
        signatureThreshold = threshold;
        emit SignatureThresholdUpdated(threshold);
    }
}
