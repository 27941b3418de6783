-- The account's status on /account: certification (set by operators), time online and works income.
ALTER TABLE users ADD COLUMN certified_at timestamptz;
-- The last counted heartbeat (user/online/time): one counts at most once per HEARTBEAT interval.
ALTER TABLE users ADD COLUMN online_at timestamptz;
CREATE TABLE online_time (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL,
  seconds integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, day)
);
