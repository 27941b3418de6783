import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/database.ts';
import { seedRepository, type SeedData } from '../db/repositories/seed.ts';
import { supportRepository } from '../db/repositories/support.ts';
import { brandRepository } from '../db/repositories/brand.ts';
import { catalogueRepository } from '../db/repositories/catalogue.ts';
import { DEFAULT_AVATAR } from '../db/repositories/users.ts';
import { artwork } from '../media/artwork.ts';
import { convertStoredImages, encodeImageSet, fromRgb, IMAGE_PIPELINE, writeImageSet } from '../media/variants.ts';
import { ensureSprites } from '../media/sprites.ts';
import { wholeSeconds } from '../../protocol/duration.ts';
import { FIRST_START_CLIPS, RENDITIONS, clipSeconds, ensureClips } from '../media/transcode.ts';
import { announcementRows } from './announcements.ts';
import { brandImages, brandRows } from './brand.ts';
import { ADVERTISE, CATEGORIES } from './catalogue.ts';
import { contentData, contentImages } from './content.ts';
import { postExtras, postRows } from './posts.ts';
import { FAQ_CATEGORIES, FEEDBACK_CATEGORIES } from './support.ts';
import { baseVideos, videoImages, videoRow } from './videos.ts';

interface GeneratedImage {
  path: string;
  width: number;
  height: number;
  seed: number;
}

/** Every generated image of the catalogue: covers, posters, ads and the default avatar. */
export function catalogueImages(): GeneratedImage[] {
  const images: GeneratedImage[] = [{ path: DEFAULT_AVATAR, width: 128, height: 128, seed: 7 }];
  for (const v of baseVideos(Date.now())) images.push(...videoImages(v.id));
  for (const a of ADVERTISE) images.push({ path: `ads/${a.id}.png`, width: a.width, height: a.height, seed: 90_000 + a.id });
  return [...images, ...contentImages(), ...brandImages()];
}

/**
 * Generates the catalogue's images once per image key and image pipeline: masked files depend on
 * MD_IMAGE_KEY, so a fingerprint of the key beside them tells a restart whether they can be reused;
 * a folder made by an older pipeline (full-size PNGs) is converted once: the catalogue drawn again,
 * every other stored image (uploads, sprite sheets) re-encoded with its widths.
 */
export async function ensureImages(imgDir: string, imageKey: string): Promise<number> {
  await mkdir(imgDir, { recursive: true });
  const stamp = join(imgDir, '.key-fingerprint');
  const fingerprint = `${createHash('sha256').update(imageKey).digest('hex').slice(0, 16)} ${IMAGE_PIPELINE}`;
  const previous = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';
  const sameKey = previous.slice(0, 16) === fingerprint.slice(0, 16);
  const current = previous === fingerprint;
  const catalogue = catalogueImages();
  let written = 0;
  for (const image of catalogue) {
    if (current && existsSync(join(imgDir, image.path))) continue;
    const set = await encodeImageSet(fromRgb(image.width, image.height, artwork(image.width, image.height, image.seed)));
    await writeImageSet(imgDir, image.path, set, imageKey);
    written++;
  }
  // Images of another key cannot be read, so only a change of pipeline converts them.
  if (sameKey && !current) written += await convertStoredImages(imgDir, imageKey, new Set(catalogue.map((i) => i.path)));
  writeFileSync(stamp, fingerprint);
  return written;
}

export function catalogueData(now = Date.now()): SeedData {
  return {
    categories: CATEGORIES.map((c, i) => ({ id: c.id, name: c.name, sort: i + 1 })),
    // Background clips get their row when they are encoded (seedRepository.adoptClip).
    clips: FIRST_START_CLIPS.map((c) => ({ name: c.name, duration: c.seconds, renditions: JSON.stringify(RENDITIONS) })),
    videos: baseVideos(now).map(videoRow),
    advertise: ADVERTISE.map((a, i) => ({
      id: a.id,
      position: a.position,
      title: a.title,
      image: `ads/${a.id}.png`,
      image_width: a.width,
      image_height: a.height,
      link_field: a.linkField,
      link: a.link,
      sort: i,
    })),
  };
}

/**
 * Inserts the catalogue once (a marker row guards it), then the browsing content, the discussion
 * posts, the announcements, the help content (FAQ, feedback categories) and the group area once each (their own guards, so databases seeded by an earlier
 * version gain them too). Returns whether it seeded now.
 */
export async function seedDatabase(database: Database, now = Date.now()): Promise<boolean> {
  const repo = seedRepository(database.db);
  const base = !(await repo.isSeeded());
  if (base) await repo.insert(catalogueData(now));
  const content = await repo.insertContent(contentData(now));
  const posts = await repo.insertPosts(postRows(now));
  const postDetails = await repo.insertPostExtras(postExtras());
  const announcements = await repo.insertAnnouncements(announcementRows(now));
  const support = await supportRepository(database.db).insertDemo({ faq: FAQ_CATEGORIES, feedbackCategories: FEEDBACK_CATEGORIES });
  const brand = await brandRepository(database.db).insertDemo(brandRows(now));
  const menus = await catalogueRepository(database.db).seedMenus();
  return base || content || posts || postDetails || announcements || support || brand || menus;
}

export interface MediaOptions {
  mediaDir: string;
  imageKey: string;
  ffmpeg: string;
  /** Tests that never play video skip the encoder. */
  encodeClips: boolean;
}

/**
 * Images, clips, then the clips' preview sprites. Sprites come from the encoded segments, so a data
 * dir from before sprites existed gains them on restart without re-encoding any video. `durations`:
 * the real length of every first-start clip that is encoded, in whole seconds, for the database.
 */
export async function ensureMedia(
  options: MediaOptions,
): Promise<{ images: number; clips: string[]; sprites: string[]; durations: { name: string; duration: number }[] }> {
  const imgDir = join(options.mediaDir, 'img');
  const videoDir = join(options.mediaDir, 'video');
  const [images, clips] = await Promise.all([
    ensureImages(imgDir, options.imageKey),
    options.encodeClips ? ensureClips(options.ffmpeg, videoDir) : Promise.resolve([]),
  ]);
  const sprites = options.encodeClips ? await ensureSprites(options.ffmpeg, videoDir, imgDir, options.imageKey) : [];
  const durations = [];
  if (options.encodeClips) {
    for (const clip of FIRST_START_CLIPS) {
      const seconds = await clipSeconds(videoDir, clip.name);
      if (seconds !== null) durations.push({ name: clip.name, duration: wholeSeconds(seconds) });
    }
  }
  return { images, clips, sprites, durations };
}
