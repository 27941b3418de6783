import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { detectImageType, maskImage, unmaskImage } from '../../protocol/image-mask.ts';
import { imageSize } from '../../server/media/image-size.ts';
import { IMAGE_PIPELINE, convertStoredImages, encodeImageSet, variantPath } from '../../server/media/variants.ts';
import { photographicFrame } from '../fixtures/photographic-frame.ts';

const KEY = 'k'.repeat(32);
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'md-img-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('image pipeline', () => {
  it('keeps a photographic frame under 40 KB at every width a phone asks for (up to a 750 px banner)', async () => {
    const { width, height, pixels } = photographicFrame();
    const set = await encodeImageSet(sharp(pixels, { raw: { width, height, channels: 3 } }));
    expect(set.variants.map((v) => v.width)).toEqual([160, 320, 480, 640, 750, 960]);
    for (const v of set.variants) {
      expect(detectImageType(v.bytes)).toBe('image/webp');
      expect(imageSize(v.bytes, 'image/webp')).toEqual({ width: v.width, height: Math.round((v.width * height) / width) });
      if (v.width <= 750) expect(v.bytes.length, `${v.width} px`).toBeLessThan(40 * 1024);
    }
    // The frame really is hard to compress: at full size it is far over the budget.
    expect(set.full.length).toBeGreaterThan(100 * 1024);
  });

  it('converts the images of an older data folder once: uploads gain their widths, sprite sheets become WebP', async () => {
    const imgDir = tempDir();
    mkdirSync(join(imgDir, 'uploads'));
    mkdirSync(join(imgDir, 'thumbs'));
    const { width, height, pixels } = photographicFrame(800, 450);
    const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(imgDir, 'uploads', 'abc.webp'), maskImage(png, KEY));
    writeFileSync(join(imgDir, 'thumbs', 'clip-1.jpg'), maskImage(jpeg, KEY));
    writeFileSync(join(imgDir, '.key-fingerprint'), createHash('sha256').update(KEY).digest('hex').slice(0, 16));

    expect(await convertStoredImages(imgDir, KEY, new Set())).toBe(2);
    const read = (p: string) => unmaskImage(readFileSync(join(imgDir, p)), KEY);
    expect(detectImageType(read('uploads/abc.webp'))).toBe('image/webp');
    expect(imageSize(read(variantPath('uploads/abc.webp', 320)), 'image/webp')).toEqual({ width: 320, height: 180 });
    expect(existsSync(join(imgDir, variantPath('uploads/abc.webp', 960)))).toBe(false);
    expect(detectImageType(read('thumbs/clip-1.jpg'))).toBe('image/webp');
    expect(existsSync(join(imgDir, variantPath('thumbs/clip-1.jpg', 320)))).toBe(false);
    expect(IMAGE_PIPELINE).toMatch(/webp/);
  });
});
