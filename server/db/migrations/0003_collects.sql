-- Favourites: one row per user and item; contentType 2 is a video (SPEC §2).
CREATE TABLE collects (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content_type integer NOT NULL,
  content_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, content_type, content_id)
);
-- A user's favourites newest first.
CREATE INDEX collects_user_created_idx ON collects (user_id, content_type, created_at DESC, content_id DESC);
