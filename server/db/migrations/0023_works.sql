-- Works members upload (works/*): resumable uploads (tus) authorised by short-lived tickets, the
-- works themselves with their transcode state, the member's collections, and the job queue that
-- transcodes them (server/jobs/queue.ts). A work becomes a row of videos once transcoded; that row
-- is listed (home, categories, search, tags, rankings) only while the work is published and public.

-- The job queue: claimed with FOR UPDATE SKIP LOCKED, held by a lease the worker renews; a job whose
-- lease ran out (its worker died) is claimed again. One live job per dedupe key.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  dedupe_key text,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 3 CHECK (max_attempts >= 1),
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  lease_until timestamptz,
  progress integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX jobs_dedupe_idx ON jobs (dedupe_key) WHERE dedupe_key IS NOT NULL AND state IN ('queued', 'running');
CREATE INDEX jobs_due_idx ON jobs (run_at, id) WHERE state = 'queued';
CREATE INDEX jobs_lease_idx ON jobs (lease_until) WHERE state = 'running';
CREATE INDEX jobs_finished_idx ON jobs (finished_at) WHERE state IN ('done', 'failed');

-- works/upload/media: a ticket (only its sha256 kept) lets its member create one tus upload of at
-- most max_bytes before expires_at, and reach their own uploads afterwards.
CREATE TABLE upload_tickets (
  ticket_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  max_bytes bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  -- the upload it created; null until then
  upload_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX upload_tickets_expires_idx ON upload_tickets (expires_at);

-- One tus upload (the file is TUS_DIR/<id>): uploading until its last byte, complete, then used by a work.
CREATE TABLE video_uploads (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  size bigint NOT NULL CHECK (size >= 0),
  state text NOT NULL DEFAULT 'uploading' CHECK (state IN ('uploading', 'complete', 'used')),
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX video_uploads_user_idx ON video_uploads (user_id, created_at);
CREATE INDEX video_uploads_created_idx ON video_uploads (created_at) WHERE state <> 'used';

-- A member's collections (works/collect*): named groups of their works.
CREATE TABLE work_collections (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_collections_user_idx ON work_collections (user_id, id DESC);

-- Videos made from works take their ids from here, clear of the seeded catalogue's.
CREATE SEQUENCE work_video_ids START WITH 500001;

CREATE TABLE works (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  upload_id text NOT NULL UNIQUE,
  category_id integer NOT NULL REFERENCES categories (id),
  collection_id integer REFERENCES work_collections (id) ON DELETE SET NULL,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  tag_ids integer[] NOT NULL DEFAULT '{}',
  -- the DASH folder and picture names, random and fixed when posted, so a second run of the job
  -- writes the same files
  clip text NOT NULL UNIQUE,
  state text NOT NULL DEFAULT 'processing' CHECK (state IN ('processing', 'ready', 'failed')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  fail_reason text,
  review text NOT NULL DEFAULT 'published' CHECK (review IN ('published', 'pending', 'rejected')),
  reject_reason text,
  is_public boolean NOT NULL DEFAULT true,
  video_id integer UNIQUE REFERENCES videos (id) ON DELETE SET NULL,
  width integer NOT NULL DEFAULT 0,
  height integer NOT NULL DEFAULT 0,
  duration integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX works_user_idx ON works (user_id, created_at DESC, id DESC);
CREATE INDEX works_collection_idx ON works (collection_id) WHERE collection_id IS NOT NULL;

-- Who made a video (null for the catalogue) and whether lists show it.
ALTER TABLE videos ADD COLUMN owner_id integer REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE videos ADD COLUMN listed boolean NOT NULL DEFAULT true;
