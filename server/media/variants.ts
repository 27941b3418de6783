import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { detectImageType, unmaskImage } from '../../protocol/image-mask.ts';
import { IMAGE_WIDTHS, IMAGE_WIDTH_SLACK } from '../../protocol/image-widths.ts';

// Only the widths below an image's own are made; see protocol/image-widths.ts.
export { IMAGE_WIDTHS };
import { writeMaskedImage } from './masked-store.ts';

/** WebP quality of every stored image; photographic covers stay well under 40 KB at card sizes. */
export const IMAGE_QUALITY = 72;
/** What the stored images are; a data folder with another stamp is converted on start. */
export const IMAGE_PIPELINE = 'webp-widths-1';
const LARGEST_REQUEST = 4096;

/** Where the variant `width` px wide of the image at `path` is stored. */
export const variantPath = (path: string, width: number) => `${path}.w${width}.webp`;
export const isVariantPath = (path: string) => /\.w\d+\.webp$/.test(path);

/** The ladder widths worth making for an image `width` px wide. */
export const widthsFor = (width: number) => IMAGE_WIDTHS.filter((w) => w < width);

/** The requested width of a `?w=` query, or null when absent or not a sane number. */
export function requestedWidth(query: unknown): number | null {
  const raw = (query as { w?: unknown } | undefined)?.w;
  if (typeof raw !== 'string' || !/^\d{1,4}$/.test(raw)) return null;
  const w = Number(raw);
  return w > 0 && w <= LARGEST_REQUEST ? w : null;
}

/** Ladder widths to try for a request, narrowest first; past them the full-size image answers. */
export const candidateWidths = (requested: number) => IMAGE_WIDTHS.filter((w) => w >= requested * IMAGE_WIDTH_SLACK);

/**
 * The stored bytes that answer `path` at `requested` px: the narrowest variant that is wide enough,
 * else the full-size file. Null when the image does not exist.
 */
export async function readImageFor(file: string, requested: number | null): Promise<Buffer | null> {
  if (requested !== null) {
    for (const w of candidateWidths(requested)) {
      const bytes = await readFile(variantPath(file, w)).catch(() => null);
      if (bytes) return bytes;
    }
  }
  return readFile(file).catch(() => null);
}

export interface EncodedSet {
  full: Buffer;
  width: number;
  height: number;
  variants: { width: number; bytes: Buffer }[];
}

/** Encodes an image (any format sharp reads, or raw pixels) as WebP at full size and at every ladder width below it. */
export async function encodeImageSet(input: Sharp, widths?: readonly number[]): Promise<EncodedSet> {
  const { data: full, info } = await input.clone().webp({ quality: IMAGE_QUALITY }).toBuffer({ resolveWithObject: true });
  const variants = await encodeVariants(input, widths ?? widthsFor(info.width));
  return { full, width: info.width, height: info.height, variants };
}

/** The image at each of `widths`, as WebP. */
export function encodeVariants(input: Sharp, widths: readonly number[]): Promise<EncodedSet['variants']> {
  return Promise.all(widths.map(async (width) => ({ width, bytes: await input.clone().resize({ width }).webp({ quality: IMAGE_QUALITY }).toBuffer() })));
}

/** Removes an image and every width of it. */
export async function removeImageSet(imgDir: string, path: string): Promise<void> {
  await Promise.all([path, ...IMAGE_WIDTHS.map((w) => variantPath(path, w))].map((p) => rm(join(imgDir, p), { force: true })));
}

/** Writes the set masked: the full-size image at `path`, each variant beside it. */
export async function writeImageSet(imgDir: string, path: string, set: EncodedSet, imageKey: string): Promise<void> {
  await Promise.all([
    writeMaskedImage(imgDir, path, set.full, imageKey),
    ...set.variants.map((v) => writeMaskedImage(imgDir, variantPath(path, v.width), v.bytes, imageKey)),
  ]);
}

/** Raw RGB pixels as a sharp input. */
export const fromRgb = (width: number, height: number, rgb: Uint8Array) => sharp(rgb, { raw: { width, height, channels: 3 } });

/** Sprite sheets are read by tile coordinates at their own size: one full-size WebP, no widths. */
export const SINGLE_SIZE_DIRS = ['thumbs/'];

/**
 * Re-encodes every stored image that is not one of `skip` (uploads, sprite sheets of an older
 * pipeline) as WebP with its widths, in place. Returns how many it converted.
 */
export async function convertStoredImages(imgDir: string, imageKey: string, skip: Set<string>): Promise<number> {
  const entries = await readdir(imgDir, { recursive: true, withFileTypes: true });
  let converted = 0;
  for (const e of entries) {
    if (!e.isFile()) continue;
    const full = join(e.parentPath, e.name);
    const path = relative(imgDir, full).split(sep).join('/');
    if (skip.has(path) || isVariantPath(path) || path.split('/').some((s) => s.startsWith('.')) || path.includes('.tmp-')) continue;
    const bytes = unmaskImage(new Uint8Array(await readFile(full)), imageKey);
    if (!detectImageType(bytes)) continue;
    const input = sharp(bytes, { limitInputPixels: 40_000_000 });
    const set = SINGLE_SIZE_DIRS.some((d) => path.startsWith(d)) ? await encodeImageSet(input, []) : await encodeImageSet(input);
    await writeImageSet(imgDir, path, set, imageKey);
    converted++;
  }
  return converted;
}
