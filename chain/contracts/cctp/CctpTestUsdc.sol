// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ICctpUsdc} from "../interfaces/ICctp.sol";

/// @title A test USDC for the CCTP V2 route (docs/spec.md 5.8): 6 decimals; only its minters
/// (the token messenger of its chain, and whom the tests fund with) mint and burn.
contract CctpTestUsdc is ICctpUsdc, ERC20, Ownable {
    /// @inheritdoc ICctpUsdc
    mapping(address => bool) public minters;

    constructor() ERC20("Test USDC", "USDC") Ownable(msg.sender) {}

    modifier onlyMinter() {
        if (!minters[msg.sender]) revert NotMinter(msg.sender);
        _;
    }

    /// USDC's 6 decimals.
    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @inheritdoc ICctpUsdc
    function setMinter(address minter, bool allowed) external onlyOwner {
        minters[minter] = allowed;
    }

    /// @inheritdoc ICctpUsdc
    function mint(address to, uint256 amount) external onlyMinter {
        _mint(to, amount);
    }

    /// @inheritdoc ICctpUsdc
    function burn(uint256 amount) external onlyMinter {
        _burn(msg.sender, amount);
    }
}
