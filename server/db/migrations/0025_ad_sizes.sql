-- The size of each ad's picture (issue 13), so a page reserves the ad's own ratio before the picture
-- arrives instead of fitting it into a video card's 16:9 box. The ads stored so far were drawn by the
-- seed in their position's format: 960x400 banners, 640x200 list and video-page ads. New ads name
-- their size.
ALTER TABLE advertise ADD COLUMN image_width integer NOT NULL DEFAULT 0;
ALTER TABLE advertise ADD COLUMN image_height integer NOT NULL DEFAULT 0;
UPDATE advertise SET image_width = 960, image_height = 400 WHERE position = 'home_banner';
UPDATE advertise SET image_width = 640, image_height = 200 WHERE position IN ('home_list', 'video_detail');
ALTER TABLE advertise ALTER COLUMN image_width DROP DEFAULT;
ALTER TABLE advertise ALTER COLUMN image_height DROP DEFAULT;
