// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ICctpMessageHandler, ICctpMessageTransmitter, ICctpTokenMessenger, ICctpUsdc} from "../interfaces/ICctp.sol";

/// @title The CCTP V2 token messenger, written from docs/spec.md 5.8, for one token.
/// @notice `depositForBurn` burns the caller's tokens and sends the burn message through the
/// local transmitter; the handlers, called by the transmitter for an attested message from a
/// registered messenger, mint `amount − feeExecuted` to the mint recipient and the fee to
/// the fee recipient.
contract CctpTokenMessenger is ICctpTokenMessenger, ICctpMessageHandler, Ownable {
    using SafeERC20 for IERC20;

    /// The bytes of a burn body before its hook data.
    uint256 private constant HEADER = 228;
    /// The least finality a message may be attested at.
    uint32 private constant MIN_FINALITY = 500;

    /// @inheritdoc ICctpTokenMessenger
    address public immutable localMessageTransmitter;
    /// @inheritdoc ICctpTokenMessenger
    address public immutable localToken;
    /// @inheritdoc ICctpTokenMessenger
    uint32 public constant messageBodyVersion = 1;
    /// @inheritdoc ICctpTokenMessenger
    address public immutable feeRecipient;
    /// @inheritdoc ICctpTokenMessenger
    uint256 public immutable minFee;
    /// @inheritdoc ICctpTokenMessenger
    mapping(uint32 => bytes32) public remoteTokenMessengers;
    /// @inheritdoc ICctpTokenMessenger
    mapping(uint32 => bytes32) public remoteTokens;

    constructor(address transmitter, address token, address feeRecipient_, uint256 minFee_) Ownable(msg.sender) {
        localMessageTransmitter = transmitter;
        localToken = token;
        feeRecipient = feeRecipient_;
        minFee = minFee_;
    }

    /// @inheritdoc ICctpTokenMessenger
    function setRemote(uint32 domain, bytes32 tokenMessenger, bytes32 token) external onlyOwner {
        remoteTokenMessengers[domain] = tokenMessenger;
        remoteTokens[domain] = token;
        emit RemoteSet(domain, tokenMessenger, token);
    }

    /// @inheritdoc ICctpTokenMessenger
    function depositForBurn(
        uint256 amount,
        uint32 destinationDomain,
        bytes32 mintRecipient,
        address burnToken,
        bytes32 destinationCaller,
        uint256 maxFee,
        uint32 minFinalityThreshold
    ) external {
        if (amount == 0) revert ZeroAmount();
        if (mintRecipient == bytes32(0)) revert ZeroMintRecipient();
        if (maxFee >= amount) revert MaxFeeNotBelowAmount(maxFee, amount);
        if (maxFee < minFee) revert MaxFeeBelowMinimum(maxFee, minFee);
        if (burnToken != localToken) revert UnsupportedToken(bytes32(uint256(uint160(burnToken))));
        bytes32 destinationMessenger = remoteTokenMessengers[destinationDomain];
        if (destinationMessenger == bytes32(0)) revert UnknownDomain(destinationDomain);

        IERC20(burnToken).safeTransferFrom(msg.sender, address(this), amount);
        ICctpUsdc(burnToken).burn(amount);
        bytes memory body = abi.encodePacked(
            messageBodyVersion,
            bytes32(uint256(uint160(burnToken))),
            mintRecipient,
            amount,
            bytes32(uint256(uint160(msg.sender))),
            maxFee,
            uint256(0),
            uint256(0)
        );
        ICctpMessageTransmitter(localMessageTransmitter).sendMessage(
            destinationDomain, destinationMessenger, destinationCaller, minFinalityThreshold, body
        );
        emit DepositForBurn(
            burnToken,
            amount,
            msg.sender,
            mintRecipient,
            destinationDomain,
            destinationMessenger,
            destinationCaller,
            maxFee,
            minFinalityThreshold,
            ""
        );
    }

    /// @inheritdoc ICctpMessageHandler
    function handleReceiveFinalizedMessage(
        uint32 sourceDomain,
        bytes32 sender,
        uint32 finalityThresholdExecuted,
        bytes calldata messageBody
    ) external returns (bool) {
        _receive(sourceDomain, sender, finalityThresholdExecuted, messageBody);
        return true;
    }

    /// @inheritdoc ICctpMessageHandler
    function handleReceiveUnfinalizedMessage(
        uint32 sourceDomain,
        bytes32 sender,
        uint32 finalityThresholdExecuted,
        bytes calldata messageBody
    ) external returns (bool) {
        _receive(sourceDomain, sender, finalityThresholdExecuted, messageBody);
        return true;
    }

    /// Both handlers: the same checks, the same mint (the fee executed is charged whatever
    /// the finality, docs/spec.md 5.8).
    function _receive(uint32 sourceDomain, bytes32 sender, uint32 finalityThresholdExecuted, bytes calldata body)
        private
    {
        if (msg.sender != localMessageTransmitter) revert NotTransmitter();
        bytes32 remoteMessenger = remoteTokenMessengers[sourceDomain];
        if (remoteMessenger == bytes32(0) || remoteMessenger != sender) revert UnknownSender(sourceDomain, sender);
        if (body.length < HEADER) revert MalformedBody();
        uint32 bodyVersion = uint32(bytes4(body[0:4]));
        if (bodyVersion != messageBodyVersion) revert WrongBodyVersion(bodyVersion);
        if (finalityThresholdExecuted < MIN_FINALITY) revert FinalityTooLow(finalityThresholdExecuted);
        bytes32 burnToken = bytes32(body[4:36]);
        if (burnToken != remoteTokens[sourceDomain]) revert UnsupportedToken(burnToken);
        address mintRecipient = _address(bytes32(body[36:68]));
        uint256 amount = uint256(bytes32(body[68:100]));
        uint256 maxFee = uint256(bytes32(body[132:164]));
        uint256 feeExecuted = uint256(bytes32(body[164:196]));
        uint256 expirationBlock = uint256(bytes32(body[196:228]));
        if (expirationBlock != 0 && expirationBlock <= block.number) revert Expired(expirationBlock);
        if (feeExecuted > maxFee) revert FeeAboveMax(feeExecuted, maxFee);
        if (feeExecuted != 0 && feeExecuted >= amount) revert FeeNotBelowAmount(feeExecuted, amount);

        ICctpUsdc(localToken).mint(mintRecipient, amount - feeExecuted);
        if (feeExecuted != 0) {
            ICctpUsdc(localToken).mint(feeRecipient, feeExecuted);
        }
        emit MintAndWithdraw(mintRecipient, amount - feeExecuted, localToken, feeExecuted);
    }

    function _address(bytes32 word) private pure returns (address) {
        if (uint256(word) >> 160 != 0) revert NotAnAddress(word);
        return address(uint160(uint256(word)));
    }
}
