-- The help side: the FAQ (/FAQ: question/cate, question/list) and the feedback members and guests
-- send from /contactUs (feedback/category, feedback/add).
CREATE TABLE faq_categories (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE faq_entries (
  id serial PRIMARY KEY,
  cate_id integer NOT NULL REFERENCES faq_categories (id) ON DELETE CASCADE,
  question text NOT NULL,
  -- plain text, paragraphs separated by blank lines
  answer text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One category's entries in order; the whole FAQ is read in (category sort, sort, id) order.
CREATE INDEX faq_entries_cate_idx ON faq_entries (cate_id, sort, id);

CREATE TABLE feedback_categories (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  sort integer NOT NULL DEFAULT 0
);

-- Feedback for the operators: its text and contact as sent (plain text), the screenshots (uploads of
-- purpose feedback, marked referenced so the sweeper keeps them) as [{path, width, height}], and a
-- status the operators' queue moves on from 'new'. The sender's row may go (account deletion); the
-- feedback stays, no longer tied to anyone.
CREATE TABLE feedbacks (
  id serial PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  category_id integer NOT NULL REFERENCES feedback_categories (id),
  content text NOT NULL,
  contact text,
  images jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'new',
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The operators' queue: oldest first within a status.
CREATE INDEX feedbacks_status_idx ON feedbacks (status, created_at, id);
CREATE INDEX feedbacks_user_idx ON feedbacks (user_id, created_at);
