// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Development-only ERC-20 tokens placed at the mainnet USDC and USDT addresses on the dev chain
/// (anvil_setCode: no constructor runs, so nothing is set up at deployment). Anyone may mint.
abstract contract TestToken {
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;

    function decimals() external pure returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 value) external {
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _approve(address spender, uint256 value) internal {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    function _transfer(address from, address to, uint256 value) internal {
        require(balanceOf[from] >= value, "insufficient balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function _spend(address from, uint256 value) internal {
        require(allowance[from][msg.sender] >= value, "insufficient allowance");
        allowance[from][msg.sender] -= value;
    }
}

/// USDC behaves like a standard ERC-20: transfer returns true.
contract TestUSDC is TestToken {
    function name() external pure returns (string memory) {
        return "USD Coin (dev)";
    }

    function symbol() external pure returns (string memory) {
        return "USDC";
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        _spend(from, value);
        _transfer(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        _approve(spender, value);
        return true;
    }
}

/// Mainnet USDT's transfer, transferFrom and approve return nothing; this one keeps that quirk.
contract TestUSDT is TestToken {
    function name() external pure returns (string memory) {
        return "Tether USD (dev)";
    }

    function symbol() external pure returns (string memory) {
        return "USDT";
    }

    function transfer(address to, uint256 value) external {
        _transfer(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) external {
        _spend(from, value);
        _transfer(from, to, value);
    }

    function approve(address spender, uint256 value) external {
        _approve(spender, value);
    }
}
