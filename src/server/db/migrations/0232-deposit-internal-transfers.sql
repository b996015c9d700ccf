-- Issue 33 points 1 and 3: ETH that contracts send (internal transfers).
-- A traced transfer (log_index -3) is one call of its transaction: its key is the transaction's hash
-- plus its trace address ("0.1"); the other transfers keep '' there.
ALTER TABLE chain_transfers ADD COLUMN trace_address text NOT NULL DEFAULT '';
ALTER TABLE chain_transfers DROP CONSTRAINT chain_transfers_chain_id_tx_hash_log_index_key;
ALTER TABLE chain_transfers ADD CONSTRAINT chain_transfers_key
  UNIQUE (chain_id, tx_hash, log_index, trace_address);
-- ETH found by balance where the node could not answer for the heights before it (pruned state, a
-- dev chain reloaded from its state file) is dated at the earliest height it answered for: dated by a
-- bound. bound_block is the last height checked before it, and bound_time that block's time: the
-- transfer counts as inside a window that covers bound_time.
ALTER TABLE chain_transfers ADD COLUMN bound_block bigint;
ALTER TABLE chain_transfers ADD COLUMN bound_time timestamptz;
-- The last height each address's ETH balance was read and reconciled at while it had an ETH request
-- open (the watcher reads those at every block it scans).
ALTER TABLE deposit_addresses ADD COLUMN eth_checked_block bigint;
-- The watcher reads an address's ETH flows at each block it scans while the address has an ETH
-- request open (deposit-balances.ts).
CREATE INDEX chain_transfers_to_address_idx ON chain_transfers (lower(to_address), coin_type, block_number);
