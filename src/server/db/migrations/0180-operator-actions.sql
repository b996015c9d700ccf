-- Issue 20: operator commands (npm run ops, src/server/operator). Every command that changes
-- something records here what it did and why, in the transaction of its effects (a rescan, which
-- spans many transactions, when it starts and again when it ends).
CREATE TABLE operator_actions (
  id bigserial PRIMARY KEY,
  command text NOT NULL,
  -- The options as the command read them (amounts in cents, e-mails as the account has them).
  arguments jsonb NOT NULL,
  reason text NOT NULL CHECK (reason <> ''),
  -- The one-line summary the command printed; NULL while a rescan runs.
  result text,
  -- --key: the operator's own reference, so the same command run twice by accident acts once.
  key text UNIQUE,
  -- The operating-system user who ran it.
  run_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

-- The operator's note on a balance change (kinds operator-credit, operator-debit, click-refund).
ALTER TABLE ledger_entries ADD COLUMN note text;

-- Each billed click credited back at most once, ever (refund-clicks). The click log drops its days
-- past CLICK_LOG_RETENTION_DAYS; a refund is kept. One ledger row per action holds their sum.
CREATE TABLE click_refunds (
  event_id uuid PRIMARY KEY,
  day date NOT NULL,
  campaign_id bigint NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  action_id bigint NOT NULL REFERENCES operator_actions (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX click_refunds_action_idx ON click_refunds (action_id);
