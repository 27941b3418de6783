-- Comments members write (comment/add) on videos (2), reviews (3) and posts (5): a reply sits under
-- its top-level comment (parent_id) and names whom it answers; supports (like_count) and
-- oppositions are counted from comment_votes, one vote per member, changed in one transaction.
ALTER TABLE comments ADD COLUMN parent_id integer REFERENCES comments (id) ON DELETE CASCADE;
ALTER TABLE comments ADD COLUMN reply_to_user_id integer REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE comments ADD COLUMN reply_to_name text;
ALTER TABLE comments ADD COLUMN oppose_count integer NOT NULL DEFAULT 0;
CREATE INDEX comments_replies_idx ON comments (parent_id, created_at, id) WHERE parent_id IS NOT NULL;
CREATE INDEX comments_by_user_idx ON comments (user_id, created_at DESC, id DESC);

CREATE TABLE comment_votes (
  comment_id integer NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 1 support, -1 opposition, 0 taken back (the row stays: a member's first support is told once)
  vote smallint NOT NULL CHECK (vote IN (1, 0, -1)),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (comment_id, user_id)
);
CREATE INDEX comment_votes_user_idx ON comment_votes (user_id);

-- The community rules (comment/confirm): when the member agreed to them; null until then.
ALTER TABLE users ADD COLUMN rules_confirmed_at timestamptz;
