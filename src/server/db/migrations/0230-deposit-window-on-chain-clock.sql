-- Issue 33 point 6: a payment is inside its request's window when its block's time is at or before
-- the window's end (deposits.expires_at, set on the chain's clock as the request opened). Each
-- credited transfer keeps the end it was judged against beside its block_time, so the judgement can
-- be read back; null when no request took it.
ALTER TABLE chain_transfers ADD COLUMN window_ends_at timestamptz;
