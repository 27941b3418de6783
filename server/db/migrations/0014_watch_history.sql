-- A member's watch history and resume positions, kept beside the device's own (md_db videos) so a
-- second device shows them: one row per member and video, the newest watch winning.
CREATE TABLE watch_history (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  video_id integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  position integer NOT NULL,
  duration integer NOT NULL,
  finished boolean NOT NULL,
  watched_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, video_id)
);
CREATE INDEX watch_history_recent ON watch_history (user_id, watched_at DESC);
-- When the member last cleared their history (on any device): older watches are not taken back.
ALTER TABLE users ADD COLUMN history_cleared_at timestamptz;
