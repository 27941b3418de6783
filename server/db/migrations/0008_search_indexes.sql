-- Substring search (ILIKE '%keyword%') on PostgreSQL: trigram indexes let keywords of three or more
-- characters skip rows that cannot match, whatever the size of the catalogue. The embedded PGlite
-- build carries no pg_trgm, and there the catalogue is small: nothing is created.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS videos_title_trgm_idx ON videos USING gin (title gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS videos_description_trgm_idx ON videos USING gin (description gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS posts_title_trgm_idx ON posts USING gin (title gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS posts_content_trgm_idx ON posts USING gin (content gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS actresses_name_trgm_idx ON actresses USING gin (name gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS actresses_intro_trgm_idx ON actresses USING gin (intro gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS tags_name_trgm_idx ON tags USING gin (name gin_trgm_ops);
  END IF;
END
$$;

-- Orders that had no index: tags by how many items carry them, actresses by fans with the id
-- ascending as the tie, selected reviews of one video by likes.
CREATE INDEX tags_item_count_idx ON tags (item_count DESC, id);
CREATE INDEX actresses_fans_id_asc_idx ON actresses (fans_count DESC, id);
CREATE INDEX reviews_video_selected_likes_idx ON reviews (video_id, like_count DESC, id) WHERE selected;
