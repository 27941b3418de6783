-- Managing content (issue 14, "Manage"): operators add performers, tags and their categories,
-- topics, header menus, banners, ads, announcements, FAQ entries, hot searches and check-in prizes.

-- The seeded catalogue names its own small ids; what operators add takes ids from these sequences,
-- far past the seed's, so a database seeded later never collides with an operator's rows.
CREATE SEQUENCE actresses_id_seq START WITH 100001 OWNED BY actresses.id;
ALTER TABLE actresses ALTER COLUMN id SET DEFAULT nextval('actresses_id_seq');
CREATE SEQUENCE tag_categories_id_seq START WITH 100001 OWNED BY tag_categories.id;
ALTER TABLE tag_categories ALTER COLUMN id SET DEFAULT nextval('tag_categories_id_seq');
CREATE SEQUENCE tags_id_seq START WITH 100001 OWNED BY tags.id;
ALTER TABLE tags ALTER COLUMN id SET DEFAULT nextval('tags_id_seq');
CREATE SEQUENCE topics_id_seq START WITH 100001 OWNED BY topics.id;
ALTER TABLE topics ALTER COLUMN id SET DEFAULT nextval('topics_id_seq');
CREATE SEQUENCE banners_id_seq START WITH 100001 OWNED BY banners.id;
ALTER TABLE banners ALTER COLUMN id SET DEFAULT nextval('banners_id_seq');
CREATE SEQUENCE advertise_id_seq START WITH 100001 OWNED BY advertise.id;
ALTER TABLE advertise ALTER COLUMN id SET DEFAULT nextval('advertise_id_seq');

-- The header menu of ping/config, one row per item in the order of `sort`. Until now it was made
-- from the video categories and three fixed links; the seed copies that menu here once (behind the
-- app_meta marker seeded_header_menus_at), and from then on operators edit it. bind_type says where
-- an item leads (SPEC §2: 0 nothing, 1 a category, 2 a topic, 3 a tag, 4 a link, 5 a performer,
-- 6 a tag category); the target is checked when the item is written, and removing a target an item
-- leads to is refused while the item is there.
CREATE TABLE header_menus (
  id integer PRIMARY KEY,
  name text NOT NULL,
  bind_type integer NOT NULL CHECK (bind_type BETWEEN 0 AND 6),
  bind_int integer NOT NULL DEFAULT 0,
  bind_str text NOT NULL DEFAULT '',
  jump_type integer NOT NULL DEFAULT 0,
  content_type integer NOT NULL DEFAULT 2,
  sort integer NOT NULL DEFAULT 0
);
CREATE SEQUENCE header_menus_id_seq START WITH 100001 OWNED BY header_menus.id;
ALTER TABLE header_menus ALTER COLUMN id SET DEFAULT nextval('header_menus_id_seq');
CREATE INDEX header_menus_bind_idx ON header_menus (bind_type, bind_int);
CREATE INDEX banners_bind_idx ON banners (bind_type, bind_int);

-- The check-in streak prizes, until now constants of repositories/members.ts (the same four rows
-- and ids, so claims already made keep their meaning). One prize per run length.
CREATE TABLE checkin_prizes (
  id serial PRIMARY KEY,
  days integer NOT NULL UNIQUE CHECK (days BETWEEN 1 AND 31),
  points integer NOT NULL CHECK (points BETWEEN 1 AND 100000)
);
INSERT INTO checkin_prizes (id, days, points) VALUES (1, 3, 20), (2, 7, 50), (3, 15, 120), (4, 28, 300);
SELECT setval('checkin_prizes_id_seq', 100);

-- A tag's name is unique within its category (the seed's are), so two operators adding the same
-- tag at once make one.
CREATE UNIQUE INDEX tags_category_name_idx ON tags (category_id, name);
