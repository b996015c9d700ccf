-- Design §6: background expiry of abandoned deposits, and rate limits shared by every server process.

-- A pending deposit nobody paid in its window is closed by the expiry job (src/server/jobs): status
-- failed, with the time and the chain's head block when it was closed. A transfer of the exact amount
-- made inside the window can still be verified afterwards (ETH: blocks up to expires_at; USDC and USDT:
-- blocks up to expired_block), and credits the deposit once, like any other.
ALTER TABLE deposits ADD COLUMN expired_at timestamptz;
ALTER TABLE deposits ADD COLUMN expired_block bigint;
CREATE INDEX deposits_pending_created_idx ON deposits (created_at) WHERE status = 'pending';

-- Fixed-window counters of the PostgreSQL rate-limit store (used when DATABASE_URL is set and REDIS_URL
-- is not); rows past reset_at count as zero and are swept by the jobs.
CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_reset_idx ON rate_limit_counters (reset_at);
