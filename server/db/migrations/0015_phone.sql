-- Phone sign-in and binding: a phone number belongs to one account at most.
CREATE UNIQUE INDEX users_mobile ON users (mobile) WHERE mobile <> '';
-- The live captcha code of a phone for one purpose: only its hash, its expiry and the tries spent.
CREATE TABLE captchas (
  mobile text NOT NULL,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  tries integer NOT NULL DEFAULT 0,
  PRIMARY KEY (mobile, purpose)
);
