-- Performers, tags in categories, topics, reviews and home banners (SPEC §2 screens).
CREATE TABLE tag_categories (
  id integer PRIMARY KEY,
  name text NOT NULL,
  content_type integer NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE tags (
  id integer PRIMARY KEY,
  category_id integer NOT NULL REFERENCES tag_categories (id),
  name text NOT NULL,
  content_type integer NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  item_count integer NOT NULL DEFAULT 0
);
CREATE INDEX tags_category_idx ON tags (category_id, sort, id);

CREATE TABLE actresses (
  id integer PRIMARY KEY,
  name text NOT NULL,
  avatar text NOT NULL,
  cover text NOT NULL,
  cover_width integer NOT NULL,
  cover_height integer NOT NULL,
  intro text NOT NULL,
  bio text NOT NULL,
  video_count integer NOT NULL DEFAULT 0,
  fans_count integer NOT NULL DEFAULT 0,
  play_count bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- actress/list sorts: latest, hot (plays of the works), collect (followers).
CREATE INDEX actresses_created_idx ON actresses (created_at DESC, id DESC);
CREATE INDEX actresses_plays_idx ON actresses (play_count DESC, id DESC);
CREATE INDEX actresses_fans_idx ON actresses (fans_count DESC, id DESC);

CREATE TABLE actress_tags (
  actress_id integer NOT NULL REFERENCES actresses (id) ON DELETE CASCADE,
  tag_id integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (actress_id, tag_id)
);
CREATE INDEX actress_tags_tag_idx ON actress_tags (tag_id, actress_id);

CREATE TABLE video_actresses (
  video_id integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  actress_id integer NOT NULL REFERENCES actresses (id) ON DELETE CASCADE,
  PRIMARY KEY (video_id, actress_id)
);
CREATE INDEX video_actresses_actress_idx ON video_actresses (actress_id, video_id);

CREATE TABLE video_tags (
  video_id integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  tag_id integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (video_id, tag_id)
);
CREATE INDEX video_tags_tag_idx ON video_tags (tag_id, video_id);

CREATE TABLE topics (
  id integer PRIMARY KEY,
  title text NOT NULL,
  type integer NOT NULL CHECK (type BETWEEN 1 AND 7),
  cover text NOT NULL,
  cover_width integer NOT NULL,
  cover_height integer NOT NULL,
  description text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE topic_videos (
  topic_id integer NOT NULL REFERENCES topics (id) ON DELETE CASCADE,
  video_id integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (topic_id, video_id)
);
CREATE INDEX topic_videos_video_idx ON topic_videos (video_id);

CREATE TABLE reviews (
  id integer PRIMARY KEY,
  video_id integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  author_id integer NOT NULL,
  author_name text NOT NULL,
  author_avatar text NOT NULL,
  title text NOT NULL,
  summary text NOT NULL,
  content text NOT NULL,
  score integer NOT NULL CHECK (score BETWEEN 0 AND 10),
  like_count integer NOT NULL DEFAULT 0,
  comment_count integer NOT NULL DEFAULT 0,
  selected boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reviews_created_idx ON reviews (created_at DESC, id DESC);
CREATE INDEX reviews_likes_idx ON reviews (like_count DESC, id DESC);
CREATE INDEX reviews_video_idx ON reviews (video_id, selected);

CREATE TABLE review_tags (
  review_id integer NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  tag_id integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (review_id, tag_id)
);
CREATE INDEX review_tags_tag_idx ON review_tags (tag_id, review_id);

CREATE TABLE banners (
  id integer PRIMARY KEY,
  category_id integer NOT NULL,
  name text NOT NULL,
  image text NOT NULL,
  image_width integer NOT NULL,
  image_height integer NOT NULL,
  bind_type integer NOT NULL CHECK (bind_type BETWEEN 0 AND 6),
  bind_int integer NOT NULL DEFAULT 0,
  bind_str text NOT NULL DEFAULT '',
  jump_type integer NOT NULL DEFAULT 0,
  content_type integer NOT NULL DEFAULT 2,
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX banners_category_idx ON banners (category_id, sort, id);

-- Sorts of the catalogue that the new screens use (rankings, tag and topic pages).
CREATE INDEX videos_plays_idx ON videos (play_count DESC, id DESC);
CREATE INDEX videos_collects_idx ON videos (collect_count DESC, id DESC);
