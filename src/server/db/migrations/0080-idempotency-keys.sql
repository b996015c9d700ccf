-- Issue 14: the answers of writes sent with an Idempotency-Key, kept per caller for 24 hours so that
-- a retry whose first answer was lost gets that answer instead of doing the write again. A row is
-- inserted (claimed) at the start of the write's transaction and filled in with the answer at its
-- end, so it is only ever seen complete: committed together with the write's effects, or not at all.
-- A repeat that arrives while the first is running waits on the claimed row's unique key.
CREATE TABLE idempotency_keys (
  -- 'user:<id>' for a signed-in caller, 'anonymous' before sign-in (the key itself is the client's
  -- random UUID).
  owner text NOT NULL,
  key text NOT NULL,
  -- HMAC-SHA256 of the method, path and validated body: a repeat must be the same request. The body
  -- itself is never stored.
  request_hash text NOT NULL,
  status smallint NOT NULL,
  -- The answer's JSON text as it was sent.
  answer text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (owner, key)
);

CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at);
