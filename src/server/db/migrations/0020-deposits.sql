-- Crypto deposits (design §2) and the notifications they write.
CREATE TABLE deposits (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  coin_type text NOT NULL CHECK (coin_type IN ('eth', 'usdc', 'usdt')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'failed')),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  -- The exact amount to send in the coin's smallest units (wei, or 6-decimal token units); unique
  -- among the open pending deposits of the coin, which is how a transfer finds its deposit.
  expected_units numeric(78, 0) NOT NULL CHECK (expected_units > 0),
  -- ETH only: the feed's ETH/USD answer (8 decimals) the amount was computed with.
  eth_usd_price_e8 bigint,
  chain_id bigint NOT NULL,
  wallet_address text NOT NULL,
  -- Transfers count from this block on (the first block after the deposit was created).
  from_block bigint NOT NULL,
  sender_address text,
  tx_hash text,
  received_units numeric(78, 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- ETH only: the price holds 15 minutes; a transfer in a later block does not count.
  expires_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deposits_user_idx ON deposits (user_id, created_at DESC);
CREATE INDEX deposits_pending_idx ON deposits (coin_type, expected_units) WHERE status = 'pending';

-- Each on-chain transfer credits (or fails) at most one deposit, ever; -1 = a plain ETH transfer.
CREATE TABLE chain_transfers (
  id bigserial PRIMARY KEY,
  chain_id bigint NOT NULL,
  tx_hash text NOT NULL,
  log_index integer NOT NULL,
  deposit_id bigint NOT NULL REFERENCES deposits (id),
  from_address text NOT NULL,
  units numeric(78, 0) NOT NULL,
  block_number bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chain_id, tx_hash, log_index)
);

CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message text NOT NULL,
  read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);
