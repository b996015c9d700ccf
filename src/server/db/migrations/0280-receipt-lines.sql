-- Issue 35 point 10: a receipt lists each part paid with its amount, price and credit. A transfer in
-- its request's window counts at the request's locked price up to what was due and the rest at its
-- block's round (deposit-pricing.ts); request_units and request_cents keep that first part (0 when
-- none: paid late, with no request, or nothing was due), the rest being units - request_units at
-- eth_usd_price_e8 for credited_cents - request_cents.
ALTER TABLE chain_transfers ADD COLUMN request_units numeric(78, 0);
ALTER TABLE chain_transfers ADD COLUMN request_cents bigint;

-- The transfers credited before: the same split, read back from what each left. Within a request's
-- window (before window_ends_at was kept, a request not marked late), the part at the locked price is
-- what was still due as it was credited (the amount asked less the transfers credited before it), and
-- it credited what the rest, at its round, did not. Decimals of the coins taken then: ETH 18 with an
-- 8-decimal feed (10^24 units-times-price a cent), USDC and USDT 6 (10^4 units a cent).
WITH credited AS (
  SELECT t.id, t.units, t.credited_cents, t.eth_usd_price_e8, t.coin_type,
         d.expected_units - COALESCE(sum(t.units) OVER (
           PARTITION BY t.deposit_id ORDER BY t.credited_at, t.id
           ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS due,
         CASE WHEN t.window_ends_at IS NULL THEN NOT d.late
              ELSE COALESCE(t.bound_time, t.block_time) <= t.window_ends_at END AS in_window
    FROM chain_transfers t JOIN deposits d ON d.id = t.deposit_id
   WHERE t.state = 'credited' AND d.origin = 'request'
), split AS (
  SELECT id, units, credited_cents, eth_usd_price_e8, coin_type,
         CASE WHEN in_window THEN LEAST(units, GREATEST(due, 0)) ELSE 0 END AS part
    FROM credited
)
UPDATE chain_transfers t
   -- ETH credited before its price was kept (migration 0090): all of it at the request's price.
   SET request_units = CASE WHEN s.part > 0 AND s.coin_type = 'eth' AND s.eth_usd_price_e8 IS NULL
                            THEN s.units ELSE s.part END,
       request_cents = CASE
         WHEN s.part = 0 THEN 0
         WHEN s.coin_type <> 'eth' THEN s.credited_cents - div(s.units - s.part, 10::numeric ^ 4)
         WHEN s.eth_usd_price_e8 IS NULL THEN s.credited_cents
         ELSE s.credited_cents - div((s.units - s.part) * s.eth_usd_price_e8, 10::numeric ^ 24)
       END
  FROM split s
 WHERE s.id = t.id;
UPDATE chain_transfers SET request_units = 0, request_cents = 0
 WHERE state = 'credited' AND request_units IS NULL;
