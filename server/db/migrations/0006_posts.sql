-- Discussion posts (SPEC §2 /postDetail): plain-text posts by users, optionally about one video.
-- Search matches title and content with ILIKE like videos do (no trigram index: the catalogue is
-- small and the match is a substring anywhere); the indexes serve the orders and the filters.
CREATE TABLE posts (
  id integer PRIMARY KEY,
  author_id integer NOT NULL,
  author_name text NOT NULL,
  author_avatar text NOT NULL,
  video_id integer REFERENCES videos (id) ON DELETE SET NULL,
  title text NOT NULL,
  content text NOT NULL,
  view_count integer NOT NULL DEFAULT 0,
  like_count integer NOT NULL DEFAULT 0,
  comment_count integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'hidden')),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Search results and lists show published posts, newest first.
CREATE INDEX posts_published_created_idx ON posts (created_at DESC, id DESC) WHERE status = 'published';
CREATE INDEX posts_video_idx ON posts (video_id) WHERE video_id IS NOT NULL;
