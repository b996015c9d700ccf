-- Design §2 (issue 15): each advertiser's own deposit address, and a chain watcher that finds payments.

-- The child index of DEPOSIT_XPUB each advertiser's address is derived at. Issued once, never again:
-- a sequence never hands out a number twice; after a restore from a backup, raise it past every index
-- issued since (README, "Restoring a backup").
CREATE SEQUENCE deposit_address_index_seq AS integer MINVALUE 0 START WITH 0;

CREATE TABLE deposit_addresses (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  derivation_index integer NOT NULL UNIQUE,
  -- Checksummed (EIP-55); lookups compare lower case.
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX deposit_addresses_address_idx ON deposit_addresses (lower(address));

-- Requests that paid to the one shared WALLET_ADDRESS of before are closed: nothing watches that
-- wallet any more (README, "Deposits": what to do with a late payment to it).
UPDATE deposits SET status = 'failed', expired_at = now(), updated_at = now()
 WHERE status = 'pending';

-- origin: 'request' (opened on /topup-balance) or 'unrequested' (a transfer with no open request,
-- credited all the same). late: paid after its window. credited_cents: what its transfers added to the
-- balance. received_units: what arrived, in the coin's smallest units.
ALTER TABLE deposits ADD COLUMN origin text NOT NULL DEFAULT 'request'
  CHECK (origin IN ('request', 'unrequested'));
ALTER TABLE deposits ADD COLUMN late boolean NOT NULL DEFAULT false;
ALTER TABLE deposits ADD COLUMN credited_cents bigint NOT NULL DEFAULT 0 CHECK (credited_cents >= 0);
ALTER TABLE deposits ADD COLUMN confirmed_at timestamptz;
UPDATE deposits SET credited_cents = amount_cents, confirmed_at = updated_at WHERE status = 'confirmed';
-- An underpaid deposit of before credited nothing: what arrived stays on record, credited 0.
UPDATE deposits SET received_units = 0 WHERE received_units IS NULL;
ALTER TABLE deposits ALTER COLUMN received_units SET DEFAULT 0;
ALTER TABLE deposits ALTER COLUMN received_units SET NOT NULL;
-- Requests are no longer found by their exact amount.
DROP INDEX IF EXISTS deposits_pending_idx;
-- At most one open request per advertiser and coin (opening a new one closes the older).
CREATE UNIQUE INDEX deposits_one_open_idx ON deposits (user_id, coin_type)
  WHERE status = 'pending' AND origin = 'request';

-- Every transfer to a deposit address the watcher saw. state: detected (waiting for confirmations),
-- credited, removed (gone in a reorganisation; revived if it comes back) or ignored (ETH from a sweep
-- funder). An internal ETH transfer found by balance reconciliation has tx_hash 'balance:<address>:<block>'
-- and log_index -2.
ALTER TABLE chain_transfers ALTER COLUMN deposit_id DROP NOT NULL;
ALTER TABLE chain_transfers ADD COLUMN user_id bigint REFERENCES users (id);
ALTER TABLE chain_transfers ADD COLUMN coin_type text CHECK (coin_type IN ('eth', 'usdc', 'usdt'));
ALTER TABLE chain_transfers ADD COLUMN to_address text;
ALTER TABLE chain_transfers ADD COLUMN block_hash text;
ALTER TABLE chain_transfers ADD COLUMN block_time timestamptz;
ALTER TABLE chain_transfers ADD COLUMN state text NOT NULL DEFAULT 'detected'
  CHECK (state IN ('detected', 'credited', 'removed', 'ignored'));
ALTER TABLE chain_transfers ADD COLUMN credited_cents bigint;
ALTER TABLE chain_transfers ADD COLUMN eth_usd_price_e8 bigint;
ALTER TABLE chain_transfers ADD COLUMN credited_at timestamptz;
UPDATE chain_transfers t
   SET user_id = d.user_id, coin_type = d.coin_type, to_address = d.wallet_address,
       state = CASE WHEN d.status = 'confirmed' THEN 'credited' ELSE 'ignored' END,
       credited_cents = CASE WHEN d.status = 'confirmed' THEN d.amount_cents ELSE 0 END,
       credited_at = d.updated_at, block_time = d.updated_at
  FROM deposits d
 WHERE d.id = t.deposit_id;
-- A credit is now one ledger row per transfer (reference transfer:<id>); before, one per deposit.
UPDATE ledger_entries l
   SET reference = 'transfer:' || t.id
  FROM chain_transfers t
 WHERE t.state = 'credited' AND l.kind = 'deposit' AND l.reference = 'deposit:' || t.deposit_id;
CREATE INDEX chain_transfers_detected_idx ON chain_transfers (user_id, coin_type, block_number)
  WHERE state = 'detected';
CREATE INDEX chain_transfers_deposit_idx ON chain_transfers (deposit_id);

-- ETH that left a deposit address (the operator's sweeps: value and gas), for balance reconciliation.
CREATE TABLE deposit_address_outflows (
  chain_id bigint NOT NULL,
  tx_hash text NOT NULL,
  address text NOT NULL,
  wei numeric(78, 0) NOT NULL,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  removed boolean NOT NULL DEFAULT false,
  PRIMARY KEY (chain_id, tx_hash)
);
CREATE INDEX deposit_address_outflows_address_idx ON deposit_address_outflows (lower(address));

-- The watcher's cursor: the first block not scanned yet, and the lease of the one process that scans
-- (several servers may run; the others wait for the lease to lapse).
CREATE TABLE chain_watcher (
  id smallint PRIMARY KEY CHECK (id = 1),
  chain_id bigint NOT NULL,
  next_block bigint NOT NULL,
  -- The head block at the last scan: a detected transfer's confirmations are counted against it.
  head_block bigint NOT NULL,
  lease_owner text,
  lease_until timestamptz,
  -- The block the ETH balances were last reconciled at (each block once).
  reconciled_block bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);
