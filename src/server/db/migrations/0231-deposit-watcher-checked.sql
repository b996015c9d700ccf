-- Issue 33 point 4: a request closes only after the chain watcher has scanned and reconciled up to a
-- head that covers its window: a head whose block time is past the window's end, or, on a chain that
-- mines no block while idle, a head read by a pass that began a minute after it (deposit-window.ts).
-- checked_at is the database's clock as the last complete pass began; checked_block and
-- checked_block_time the head it read.
ALTER TABLE chain_watcher ADD COLUMN checked_at timestamptz;
ALTER TABLE chain_watcher ADD COLUMN checked_block bigint;
ALTER TABLE chain_watcher ADD COLUMN checked_block_time timestamptz;
