-- Members' points: the balance lives on the user and every change is a score_log row written in
-- the same transaction, with the balance after it. score_at is when the balance last changed: the
-- leaderboard ranks equal scores by who reached them first.
ALTER TABLE users ADD COLUMN score integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN score_at timestamptz NOT NULL DEFAULT now();
UPDATE users SET score_at = created_at;
-- The leaderboard (members only): score high to low, then who got there first, then the lower id.
CREATE INDEX users_score_rank_idx ON users (score DESC, score_at, id) WHERE is_user;

CREATE TABLE score_log (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  delta integer NOT NULL,
  reason text NOT NULL,
  detail text NOT NULL DEFAULT '',
  balance integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A member's history, newest first (ids grow in the order the balance changed: the user's row is
-- locked by the same transaction that takes the id).
CREATE INDEX score_log_user_idx ON score_log (user_id, id DESC);

-- One check-in per member per calendar day (in MD_TIME_ZONE): the primary key is what makes a
-- second check-in of the day, however concurrent, insert nothing.
CREATE TABLE checkins (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, day)
);

-- Streak prizes claimed: once per member, prize and calendar month (YYYY-MM). The prizes
-- themselves are constants of server/db/repositories/members.ts.
CREATE TABLE checkin_prize_claims (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month text NOT NULL,
  prize_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, month, prize_id)
);

-- System messages of /sysMsg: 1 announcements (user_id NULL: to everyone; else a personal notice),
-- 2 comments, 3 replies, 4 supports (always addressed to one member).
CREATE TABLE messages (
  id serial PRIMARY KEY,
  type smallint NOT NULL CHECK (type BETWEEN 1 AND 4),
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  from_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  title text NOT NULL DEFAULT '',
  content text NOT NULL DEFAULT '',
  target_type integer,
  target_id integer,
  target_title text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (user_id IS NOT NULL OR type = 1)
);
-- A member's tab newest first, and its unread count (past the tab's read mark).
CREATE INDEX messages_user_idx ON messages (user_id, type, created_at DESC, id DESC);
-- Announcements to everyone, newest first.
CREATE INDEX messages_global_idx ON messages (created_at DESC, id DESC) WHERE user_id IS NULL;

-- How far a member has read each tab: every message up to read_id (the newest id when the tab was
-- marked). No row: announcements to everyone from before the account count as read.
CREATE TABLE message_reads (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type smallint NOT NULL,
  read_id integer NOT NULL,
  PRIMARY KEY (user_id, type)
);
