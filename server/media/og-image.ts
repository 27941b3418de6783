import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import sharp from 'sharp';
import { unmaskImage } from '../../protocol/image-mask.ts';
import { readImageFor } from './variants.ts';

/**
 * The link-preview picture (og:image, DECISIONS "OpenGraph previews"): a plain JPEG, since a
 * crawler cannot unmask, cut to the 1.91:1 frame link previews draw. 800 px wide is above the
 * 600 x 315 that Facebook wants for a large preview and the 300 x 157 of Twitter's, and small.
 */
export const OG_WIDTH = 800;
export const OG_HEIGHT = 420;
const OG_QUALITY = 80;
/** The stored width asked for: the narrowest that fills OG_WIDTH (server/media/variants.ts). */
const SOURCE_WIDTH = OG_WIDTH + 100;

export interface OgImages {
  /** Whether the masked image at `path` (relative to MEDIA_DIR/img) is there to make a preview of. */
  has(path: string): Promise<boolean>;
  /** The preview of the masked image at `path` as JPEG bytes, made once and kept; null when there is no such image. */
  jpeg(path: string): Promise<Buffer | null>;
}

/**
 * Previews made from the stored masked images with sharp and kept in MEDIA_DIR/og, one file per
 * source picture, made again when the source is newer. Concurrent asks for one picture share
 * one conversion.
 */
export function ogImages(mediaDir: string, imageKey: string): OgImages {
  const imgRoot = join(mediaDir, 'img');
  const outDir = join(mediaDir, 'og');
  const making = new Map<string, Promise<Buffer | null>>();

  /** The source file, or null for a path that leaves the image folder or names a hidden file. */
  function sourceOf(path: string): string | null {
    if (!path || path.includes('\0') || path.split(/[\\/]/).some((segment) => segment.startsWith('.'))) return null;
    const full = normalize(join(imgRoot, path));
    return full.startsWith(imgRoot + sep) ? full : null;
  }

  const mtimeOf = (file: string) =>
    stat(file).then(
      (s) => s.mtimeMs,
      () => null,
    );

  async function make(source: string, path: string): Promise<Buffer | null> {
    const sourceTime = await mtimeOf(source);
    if (sourceTime === null) return null;
    const target = join(outDir, `${createHash('sha256').update(path).digest('hex').slice(0, 32)}.jpg`);
    const kept = await mtimeOf(target);
    if (kept !== null && kept >= sourceTime) {
      const bytes = await readFile(target).catch(() => null);
      if (bytes) return bytes;
    }
    const masked = await readImageFor(source, SOURCE_WIDTH);
    if (!masked) return null;
    const jpeg = await sharp(unmaskImage(masked, imageKey))
      .resize(OG_WIDTH, OG_HEIGHT, { fit: 'cover' })
      .flatten({ background: '#000' })
      .jpeg({ quality: OG_QUALITY, mozjpeg: true })
      .toBuffer();
    await mkdir(outDir, { recursive: true });
    // Atomic, like the masked store: another process may be writing the same preview.
    const scratch = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    await writeFile(scratch, jpeg);
    await rename(scratch, target);
    return jpeg;
  }

  return {
    async has(path) {
      const source = sourceOf(path);
      return source !== null && (await mtimeOf(source)) !== null;
    },
    jpeg(path) {
      const source = sourceOf(path);
      if (!source) return Promise.resolve(null);
      let pending = making.get(path);
      if (!pending) {
        pending = make(source, path).finally(() => making.delete(path));
        making.set(path, pending);
      }
      return pending;
    },
  };
}
