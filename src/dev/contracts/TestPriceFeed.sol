// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Development-only Chainlink AggregatorV3 (ETH / USD, 8 decimals) placed at the mainnet feed address
/// on the dev chain. Until a round is set, latestRoundData answers 0 (a missing price). Every round is
/// kept, so getRoundData answers for past rounds as the real feed does (a round never set reverts).
contract TestPriceFeed {
    struct Round {
        int256 answer;
        uint256 updatedAt;
    }

    uint80 private roundId;
    mapping(uint80 => Round) private rounds;

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
        rounds[roundId] = Round(newAnswer, newUpdatedAt);
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        Round memory round = rounds[roundId];
        return (roundId, round.answer, round.updatedAt, round.updatedAt, roundId);
    }

    function getRoundData(uint80 id) external view returns (uint80, int256, uint256, uint256, uint80) {
        require(id >= 1 && id <= roundId, "No data present");
        Round memory round = rounds[id];
        return (id, round.answer, round.updatedAt, round.updatedAt, id);
    }
}
