// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Development-only contract wallet: forwards the ETH it is sent to `to` with an internal call, so the
/// payment is in no transaction's `to` and value (tests of balance reconciliation, design §2).
contract TestForwarder {
    function forward(address payable to) external payable {
        (bool sent, ) = to.call{value: msg.value}("");
        require(sent, "forward failed");
    }
}
