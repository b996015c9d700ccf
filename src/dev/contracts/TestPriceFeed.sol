// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Development-only Chainlink AggregatorV3 (ETH / USD, 8 decimals) placed at the mainnet feed address
/// on the dev chain. Until a round is set, latestRoundData answers 0 (a missing price).
contract TestPriceFeed {
    uint80 private roundId;
    int256 private answer;
    uint256 private updatedAt;

    function decimals() external pure returns (uint8) {
        return 8;
    }

    function description() external pure returns (string memory) {
        return "ETH / USD (dev)";
    }

    function version() external pure returns (uint256) {
        return 4;
    }

    /// A new round at the current block time.
    function setPrice(int256 newAnswer) external {
        setRoundData(newAnswer, block.timestamp);
    }

    /// A new round with any update time (tests of a stale price).
    function setRoundData(int256 newAnswer, uint256 newUpdatedAt) public {
        roundId += 1;
        answer = newAnswer;
        updatedAt = newUpdatedAt;
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        return (roundId, answer, updatedAt, updatedAt, roundId);
    }
}
