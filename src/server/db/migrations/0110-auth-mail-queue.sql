-- Issue 16: forgot-password and a registration with a taken e-mail do the same work for a known and
-- an unknown address (design §3): the request only queues what was asked, by e-mail; looking the
-- account up, issuing the reset link and mailing happen after the answer was sent. A row is taken
-- once (DELETE … RETURNING under SKIP LOCKED), so several server processes never mail twice.
CREATE TABLE auth_mail_queue (
  id bigserial PRIMARY KEY,
  -- 'password-reset' | 'register-attempt'
  kind text NOT NULL,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
