-- Reports members send about a video, post, comment or review (report/add), and the members they
-- block (user/block, user/unblock, user/blocklist).

-- The operators' queue: what was reported, by whom, why, and whose it is. Reports arrive 'open'; a
-- later moderation screen moves them on. The reporter's row may go (account deletion); the report
-- stays, no longer tied to anyone. The target's author is kept as it was when reported (null for
-- videos and seeded comments), so a deleted author leaves the report readable.
CREATE TABLE reports (
  id serial PRIMARY KEY,
  reporter_id integer REFERENCES users (id) ON DELETE SET NULL,
  -- 'video' | 'post' | 'comment' | 'review'
  target_type text NOT NULL,
  target_id integer NOT NULL,
  target_author_id integer,
  -- a reason code of protocol/safety-api.ts REPORT_REASONS
  reason text NOT NULL,
  -- plain text as sent, up to 200 characters; '' when none
  detail text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'open',
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One open report per member and target: a repeat (or many racing) inserts nothing (ON CONFLICT).
CREATE UNIQUE INDEX reports_open_once_idx ON reports (reporter_id, target_type, target_id) WHERE status = 'open';
-- The operators' queue: oldest first within a status; and everything said about one target.
CREATE INDEX reports_status_idx ON reports (status, created_at, id);
CREATE INDEX reports_target_idx ON reports (target_type, target_id);

-- Who blocked whom. The key serves the lists' NOT EXISTS (blocker, blocked) and the blocklist
-- (blocker first); the second index serves the cascade when a blocked member's account goes.
CREATE TABLE user_blocks (
  blocker_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);
CREATE INDEX user_blocks_blocked_idx ON user_blocks (blocked_id);
