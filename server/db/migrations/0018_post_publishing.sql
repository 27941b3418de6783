-- Posts members publish (post/publish): new ids come from a sequence past the seeded ones; up to nine
-- uploaded images (path and size, in order); an optional price in points that unlocks the whole post
-- (post/pay, one row per buyer in post_purchases); a status that starts pending when the deployment
-- holds new posts for moderation, and the reason a rejected post gives its author.
CREATE SEQUENCE posts_id_seq OWNED BY posts.id;
SELECT setval('posts_id_seq', greatest((SELECT max(id) FROM posts), 100000));
ALTER TABLE posts ALTER COLUMN id SET DEFAULT nextval('posts_id_seq');
ALTER TABLE posts ADD COLUMN images jsonb NOT NULL DEFAULT '[]';
ALTER TABLE posts ADD COLUMN price integer NOT NULL DEFAULT 0 CHECK (price >= 0);
ALTER TABLE posts ADD COLUMN reject_reason text;
ALTER TABLE posts DROP CONSTRAINT posts_status_check;
ALTER TABLE posts ADD CONSTRAINT posts_status_check CHECK (status IN ('pending', 'published', 'rejected', 'hidden'));
-- The member's post centre lists their own posts, newest first, whatever their status.
CREATE INDEX posts_author_idx ON posts (author_id, created_at DESC, id DESC);
-- The hottest sort of the discussion feed.
CREATE INDEX posts_published_hot_idx ON posts (like_count DESC, id DESC) WHERE status = 'published';

-- The discussion tags (post/tags) a post carries (up to three) and the feed filters by (post/taglist).
CREATE TABLE post_tags (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  sort integer NOT NULL DEFAULT 0
);
CREATE TABLE post_tag_links (
  post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  tag_id integer NOT NULL REFERENCES post_tags (id) ON DELETE CASCADE,
  PRIMARY KEY (post_id, tag_id)
);
CREATE INDEX post_tag_links_tag_idx ON post_tag_links (tag_id, post_id);

-- Who unlocked which paid post and for how much: the primary key makes a second payment impossible.
CREATE TABLE post_purchases (
  post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  price integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, user_id)
);
CREATE INDEX post_purchases_user_idx ON post_purchases (user_id);
