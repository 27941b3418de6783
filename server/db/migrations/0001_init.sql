CREATE TABLE categories (
  id integer PRIMARY KEY,
  name text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE clips (
  name text PRIMARY KEY,
  duration integer NOT NULL,
  renditions jsonb NOT NULL
);

CREATE TABLE videos (
  id integer PRIMARY KEY,
  category_id integer NOT NULL REFERENCES categories (id),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  clip text NOT NULL REFERENCES clips (name),
  cover text NOT NULL,
  cover_width integer NOT NULL,
  cover_height integer NOT NULL,
  poster text NOT NULL,
  duration integer NOT NULL,
  play_count integer NOT NULL DEFAULT 0,
  like_count integer NOT NULL DEFAULT 0,
  comment_count integer NOT NULL DEFAULT 0,
  collect_count integer NOT NULL DEFAULT 0,
  tags text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The home list reads everything newest first; a category list reads one category newest first;
-- recommendations read one category by play count.
CREATE INDEX videos_created_idx ON videos (created_at DESC, id DESC);
CREATE INDEX videos_category_created_idx ON videos (category_id, created_at DESC, id DESC);
CREATE INDEX videos_category_plays_idx ON videos (category_id, play_count DESC, id DESC);

CREATE TABLE users (
  id serial PRIMARY KEY,
  account text UNIQUE,
  password_hash text,
  dev_id text UNIQUE,
  aff_code text NOT NULL DEFAULT '',
  is_user boolean NOT NULL,
  nickname text NOT NULL,
  mobile text NOT NULL DEFAULT '',
  avatar text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER SEQUENCE users_id_seq RESTART WITH 100001;

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE advertise (
  id integer PRIMARY KEY,
  position text NOT NULL,
  title text NOT NULL,
  image text NOT NULL,
  link_field text NOT NULL,
  link text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE advertise_clicks (
  id bigserial PRIMARY KEY,
  advertise_id integer NOT NULL REFERENCES advertise (id),
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX advertise_clicks_ad_idx ON advertise_clicks (advertise_id);

CREATE TABLE uploads (
  path text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  size integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value text NOT NULL
);
