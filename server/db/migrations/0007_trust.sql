-- Guests are bound to a secret the server issues at their first login (DECISIONS: guest binding):
-- a devID alone no longer names a guest, so it stops being unique.
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_dev_id_key;
ALTER TABLE users ADD COLUMN guest_secret_hash text UNIQUE;
-- The account's skeleton (NFKC, case-folded, look-alike letters folded): two names that look the
-- same have one key, so the second is refused. Filled for older rows at start (JS computes it).
ALTER TABLE users ADD COLUMN account_key text UNIQUE;

-- Expired sessions are purged in batches by expiry.
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- Uploads say what they are for; nothing referring to one for 7 days removes it.
ALTER TABLE uploads ADD COLUMN purpose text NOT NULL DEFAULT 'other';
ALTER TABLE uploads ADD COLUMN referenced boolean NOT NULL DEFAULT false;
CREATE INDEX uploads_unreferenced_idx ON uploads (created_at) WHERE NOT referenced;
CREATE INDEX uploads_user_idx ON uploads (user_id, created_at);

-- Hot-search heat counts once per caller per keyword per day.
CREATE TABLE hot_search_hits (
  keyword text NOT NULL,
  caller text NOT NULL,
  day date NOT NULL,
  PRIMARY KEY (day, keyword, caller)
);

-- Idempotent writes (DECISIONS: requestId): the first answer to a caller's requestId, for 24 h.
CREATE TABLE idempotent_requests (
  owner text NOT NULL,
  request_id text NOT NULL,
  route text NOT NULL,
  body_hash text NOT NULL,
  status integer,
  response text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner, request_id)
);
CREATE INDEX idempotent_requests_created_idx ON idempotent_requests (created_at);
