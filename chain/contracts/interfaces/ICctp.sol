// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

/// @title The message transmitter of the CCTP V2 route (docs/spec.md 5.8): sends messages as
/// `MessageSent`, receives attested ones once each.
interface ICctpMessageTransmitter {
    /// A message sent: the packed V2 message, its nonce, finality executed, fee executed and
    /// expiration block zero (the attester fills them in).
    event MessageSent(bytes message);
    /// A message received and handled.
    event MessageReceived(
        address indexed caller,
        uint32 sourceDomain,
        bytes32 indexed nonce,
        bytes32 sender,
        uint32 indexed finalityThresholdExecuted,
        bytes messageBody
    );
    /// An attester whose signatures now count.
    event AttesterEnabled(address indexed attester);
    /// An attester whose signatures no longer count.
    event AttesterDisabled(address indexed attester);
    /// The number of signatures a message now needs.
    event SignatureThresholdUpdated(uint256 threshold);

    /// `sendMessage` to this transmitter's own domain.
    error DestinationIsLocalDomain();
    /// `sendMessage` with a zero recipient.
    error ZeroRecipient();
    /// A threshold of zero, or above the number of enabled attesters.
    error InvalidThreshold(uint256 threshold);
    /// An attestation that is not exactly `signatureThreshold` signatures of 65 bytes.
    error AttestationLength(uint256 length, uint256 threshold);
    /// Signature `index` is malformed (`v` not 27 or 28, `s` above n/2) or recovers no key.
    error BadSignature(uint256 index);
    /// Signature `index` is not by an enabled attester.
    error UnknownAttester(uint256 index);
    /// Signature `index`'s signer is not above the previous one.
    error SignerOrder(uint256 index);
    /// A message shorter than its 148-byte header.
    error MalformedMessage();
    /// A message for another domain.
    error WrongDestinationDomain(uint32 destinationDomain);
    /// A message whose destinationCaller is neither zero nor the caller.
    error WrongCaller(bytes32 destinationCaller);
    /// A message of another version.
    error WrongVersion(uint32 version);
    /// A message whose nonce was received before.
    error NonceUsed(bytes32 nonce);
    /// A bytes32 naming an address with nonzero high bytes.
    error NotAnAddress(bytes32 word);
    /// The recipient's handler answered false.
    error HandlerFailed();

    /// The domain of this chain.
    function localDomain() external view returns (uint32);
    /// The message version sent and accepted (1).
    function version() external view returns (uint32);
    /// How many signatures a message needs.
    function signatureThreshold() external view returns (uint256);
    /// Whether `attester`'s signatures count.
    function isEnabledAttester(address attester) external view returns (bool);
    /// 1 when `nonce` was received, else 0.
    function usedNonces(bytes32 nonce) external view returns (uint256);
    /// Makes `attester`'s signatures count (the owner only).
    function enableAttester(address attester) external;
    /// Makes `attester`'s signatures no longer count (the owner only).
    function disableAttester(address attester) external;
    /// Sets the number of signatures a message needs (the owner only).
    function setSignatureThreshold(uint256 threshold) external;
    /// Emits `MessageSent` with the message from the caller to `recipient` on `destinationDomain`.
    function sendMessage(
        uint32 destinationDomain,
        bytes32 recipient,
        bytes32 destinationCaller,
        uint32 minFinalityThreshold,
        bytes calldata messageBody
    ) external;
    /// Checks `attestation` and the message, marks its nonce used, and has its recipient
    /// handle its body.
    function receiveMessage(bytes calldata message, bytes calldata attestation) external returns (bool);
}

/// @title What a message's recipient implements: the transmitter calls one of the two.
interface ICctpMessageHandler {
    /// A message attested at a finality of 2000 or more.
    function handleReceiveFinalizedMessage(
        uint32 sourceDomain,
        bytes32 sender,
        uint32 finalityThresholdExecuted,
        bytes calldata messageBody
    ) external returns (bool);
    /// A message attested below a finality of 2000.
    function handleReceiveUnfinalizedMessage(
        uint32 sourceDomain,
        bytes32 sender,
        uint32 finalityThresholdExecuted,
        bytes calldata messageBody
    ) external returns (bool);
}

/// @title The token messenger of the CCTP V2 route (docs/spec.md 5.8): burns its token for a
/// mint on another domain; its mints, for a burn attested on another domain, are its
/// `ICctpMessageHandler`.
interface ICctpTokenMessenger {
    /// A burn sent to `destinationDomain`.
    event DepositForBurn(
        address indexed burnToken,
        uint256 amount,
        address indexed depositor,
        bytes32 mintRecipient,
        uint32 destinationDomain,
        bytes32 destinationTokenMessenger,
        bytes32 destinationCaller,
        uint256 maxFee,
        uint32 indexed minFinalityThreshold,
        bytes hookData
    );
    /// A burn received: `amount` minted to `mintRecipient`, `feeCollected` to the fee recipient.
    event MintAndWithdraw(address indexed mintRecipient, uint256 amount, address indexed mintToken, uint256 feeCollected);
    /// The messenger and token of `domain`.
    event RemoteSet(uint32 domain, bytes32 tokenMessenger, bytes32 token);

    /// A burn of zero.
    error ZeroAmount();
    /// A zero mint recipient.
    error ZeroMintRecipient();
    /// `maxFee` not below the amount.
    error MaxFeeNotBelowAmount(uint256 maxFee, uint256 amount);
    /// `maxFee` below this messenger's `minFee`.
    error MaxFeeBelowMinimum(uint256 maxFee, uint256 minFee);
    /// A token this messenger does not burn, or a burned token not linked to its own.
    error UnsupportedToken(bytes32 token);
    /// A domain without a registered messenger.
    error UnknownDomain(uint32 domain);
    /// A handler called by another than the local transmitter.
    error NotTransmitter();
    /// A message whose sender is not the registered messenger of its source domain.
    error UnknownSender(uint32 sourceDomain, bytes32 sender);
    /// A body shorter than its 228-byte header.
    error MalformedBody();
    /// A body of another version.
    error WrongBodyVersion(uint32 version);
    /// A message attested below a finality of 500.
    error FinalityTooLow(uint32 finalityThresholdExecuted);
    /// A message whose expiration block is not above the current block.
    error Expired(uint256 expirationBlock);
    /// `feeExecuted` above `maxFee`.
    error FeeAboveMax(uint256 feeExecuted, uint256 maxFee);
    /// `feeExecuted` nonzero and not below the amount.
    error FeeNotBelowAmount(uint256 feeExecuted, uint256 amount);
    /// A bytes32 naming an address with nonzero high bytes.
    error NotAnAddress(bytes32 word);

    /// The local transmitter.
    function localMessageTransmitter() external view returns (address);
    /// The token burned and minted here.
    function localToken() external view returns (address);
    /// The body version sent and accepted (1).
    function messageBodyVersion() external view returns (uint32);
    /// Who receives the fees executed.
    function feeRecipient() external view returns (address);
    /// The least `maxFee` a burn may offer.
    function minFee() external view returns (uint256);
    /// The registered messenger of `domain` (zero for none).
    function remoteTokenMessengers(uint32 domain) external view returns (bytes32);
    /// The token the messenger of `domain` burns (zero for none).
    function remoteTokens(uint32 domain) external view returns (bytes32);
    /// Registers the messenger of `domain` and the token it burns (the owner only).
    function setRemote(uint32 domain, bytes32 tokenMessenger, bytes32 token) external;
    /// Takes `amount` of `burnToken` from the caller, burns it and sends the burn message to
    /// the messenger of `destinationDomain`.
    function depositForBurn(
        uint256 amount,
        uint32 destinationDomain,
        bytes32 mintRecipient,
        address burnToken,
        bytes32 destinationCaller,
        uint256 maxFee,
        uint32 minFinalityThreshold
    ) external;
}

/// @title The test USDC's mint and burn, which only its minters may call.
interface ICctpUsdc {
    /// A caller that is not a minter.
    error NotMinter(address caller);

    /// Lets `minter` mint and burn, or no longer (the owner only).
    function setMinter(address minter, bool allowed) external;
    /// Whether `minter` may mint and burn.
    function minters(address minter) external view returns (bool);
    /// Creates `amount` for `to` (a minter only).
    function mint(address to, uint256 amount) external;
    /// Destroys `amount` of the caller's (a minter only).
    function burn(uint256 amount) external;
}
