-- Operators' imports of video files (npm run md -- import-video): one row per source file, keyed by
-- the sha256 of its content, so running the same import again finds this row instead of adding a
-- second video. The row carries what the video will be (title, category, performers, tags, the
-- captions' text) while its transcode job (jobs kind video.import) runs; the videos row itself is
-- written only by the job's last transaction, so an unfinished or failed import shows nowhere.
CREATE TABLE video_imports (
  id serial PRIMARY KEY,
  content_hash text NOT NULL UNIQUE,
  -- the file on the server's machine (or on storage every worker sees under the same path)
  source_path text NOT NULL,
  source_size bigint NOT NULL,
  -- the DASH folder and picture names, fixed when the row is made, so a second run writes the same files
  clip text NOT NULL UNIQUE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  category_id integer NOT NULL REFERENCES categories (id),
  actress_ids integer[] NOT NULL DEFAULT '{}',
  tag_ids integer[] NOT NULL DEFAULT '{}',
  -- WebVTT captions given with --subtitles: [{lang, label, text}]
  captions jsonb NOT NULL DEFAULT '[]',
  -- when the video was first published elsewhere (--published: a back catalogue keeps its dates); null: when the import finishes
  published_at timestamptz,
  state text NOT NULL DEFAULT 'processing' CHECK (state IN ('processing', 'ready', 'failed')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  fail_reason text,
  video_id integer UNIQUE REFERENCES videos (id) ON DELETE SET NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
