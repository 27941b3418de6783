-- Comments on content (contentType 2: videos). Demo comments have no account behind them, so the
-- author's display name is kept on the row.
CREATE TABLE comments (
  id serial PRIMARY KEY,
  content_type integer NOT NULL,
  content_id integer NOT NULL,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  author_name text NOT NULL,
  content text NOT NULL,
  like_count integer NOT NULL DEFAULT 0,
  reply_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_latest_idx ON comments (content_type, content_id, created_at DESC, id DESC);
CREATE INDEX comments_hot_idx ON comments (content_type, content_id, like_count DESC, id DESC);
