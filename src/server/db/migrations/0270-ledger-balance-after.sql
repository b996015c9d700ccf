-- Issue 35: the account statement lists every ledger row with the balance after it, by date.
-- postLedgerEntry writes it from the user's row it has just updated (and locked), dated by the clock
-- at that moment, so one advertiser's rows in date order are the order the balance changed in. Rows
-- written before (dated by their transaction's start) get theirs here: the running sum of the
-- advertiser's rows in the statement's order (the balance has always been that sum, design §2).
ALTER TABLE ledger_entries ADD COLUMN balance_after_cents bigint;
UPDATE ledger_entries l
   SET balance_after_cents = s.after
  FROM (SELECT id, sum(amount_cents) OVER (PARTITION BY user_id ORDER BY created_at, id) AS after
          FROM ledger_entries) s
 WHERE s.id = l.id;
ALTER TABLE ledger_entries ALTER COLUMN balance_after_cents SET NOT NULL;
-- While a deploy drains the processes of the version before (README: several processes from one
-- build), theirs write rows without it: the user's balance, which they have just updated in the same
-- transaction, is the balance after the row.
CREATE FUNCTION ledger_entries_balance_after() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF NEW.balance_after_cents IS NULL THEN
    NEW.balance_after_cents := (SELECT balance_cents FROM users WHERE id = NEW.user_id)
  ; END IF
  ; RETURN NEW
; END $$;
CREATE TRIGGER ledger_entries_balance_after BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_balance_after();
-- The statement reads an advertiser's rows by date, and sums a range's amounts by kind from the
-- index alone (INCLUDE); the old index by user alone is this one's prefix.
CREATE INDEX ledger_entries_user_time_idx ON ledger_entries (user_id, created_at, id)
  INCLUDE (amount_cents, kind);
DROP INDEX ledger_entries_user_idx;
