-- Reviews members write (review/add): new ids come from a sequence past the seeded ones; a review
-- starts pending when the deployment holds new posts and reviews for moderation (MD_HOLD_POSTS),
-- and a member writes one review per video.
CREATE SEQUENCE reviews_id_seq OWNED BY reviews.id;
SELECT setval('reviews_id_seq', greatest((SELECT max(id) FROM reviews), 100000));
ALTER TABLE reviews ALTER COLUMN id SET DEFAULT nextval('reviews_id_seq');
ALTER TABLE reviews ADD COLUMN status text NOT NULL DEFAULT 'published' CHECK (status IN ('pending', 'published', 'rejected'));
CREATE UNIQUE INDEX reviews_one_per_member_idx ON reviews (video_id, author_id) WHERE id > 100000;
CREATE INDEX reviews_video_created_idx ON reviews (video_id, created_at DESC, id DESC);
