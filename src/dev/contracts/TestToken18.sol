// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Development-only ERC-20 with 18 decimals, as many tokens have (DAI, say): tests place it on the dev
/// chain beside the 6-decimal test USDC and USDT to show a coin is counted by its own decimals (issue
/// 34 point 3). Anyone may mint; transfer returns true.
contract TestToken18 {
    event Transfer(address indexed from, address indexed to, uint256 value);

    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply;

    function decimals() external pure returns (uint8) {
        return 18;
    }

    function symbol() external pure returns (string memory) {
        return "TST18";
    }

    function mint(address to, uint256 value) external {
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value, "insufficient balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }
}
