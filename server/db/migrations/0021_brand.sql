-- The group area (/group, /groupDetail): community updates (bubble) and news articles (news) of
-- brand/information, business offerings (business) and services (service) of brand/offering, and
-- the calls for creators and volunteers of brand/recruitment, all in one table by type. Seeded ids
-- are small and fixed; what operators add takes its id from a sequence past them.
CREATE SEQUENCE brand_items_id_seq START WITH 100001;

CREATE TABLE brand_items (
  id integer PRIMARY KEY DEFAULT nextval('brand_items_id_seq'),
  type text NOT NULL CHECK (type IN ('bubble', 'news', 'business', 'service', 'recruitment')),
  title text NOT NULL,
  -- plain text: a sentence or two for lists
  summary text NOT NULL,
  -- plain text, paragraphs separated by blank lines
  body text NOT NULL,
  -- who posts or offers it: a group, a team or the app
  source text NOT NULL,
  cover text NOT NULL,
  cover_width integer NOT NULL,
  cover_height integer NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  -- recruitment: when applications close (null: open-ended, and for other types)
  ends_at timestamptz
);
ALTER SEQUENCE brand_items_id_seq OWNED BY brand_items.id;

-- One type's list, newest first.
CREATE INDEX brand_items_type_idx ON brand_items (type, published_at DESC, id DESC);
