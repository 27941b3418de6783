import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API, type VideoDetail } from '../../protocol/api.ts';
import { detectImageType, unmaskImage } from '../../protocol/image-mask.ts';
import { locateFfmpeg } from '../../server/media/ffmpeg.ts';
import { imageSize } from '../../server/media/image-size.ts';
import { ensureSprites, spriteLayout, spritePath } from '../../server/media/sprites.ts';
import { FIRST_START_CLIPS, clipSeconds, manifestPath } from '../../server/media/transcode.ts';
import { BACKENDS, KEYS, SHARED_MEDIA_DIR, call, suiteServer } from './helpers.ts';

const backend = BACKENDS[0]!;

describe('progress-bar thumbnails', () => {
  // The shared media folder keeps encoded clips between runs; the first run encodes them.
  const server = suiteServer({ backend, encodeClips: true }, 180_000);

  it('lays a clip out as whole-second tiles, at most ten per row', () => {
    expect(spriteLayout(8)).toEqual({ interval: 1, columns: 8, rows: 1, tiles: 8 });
    expect(spriteLayout(200)).toEqual({ interval: 2, columns: 10, rows: 10, tiles: 100 });
    expect(spriteLayout(25)).toEqual({ interval: 1, columns: 10, rows: 3, tiles: 25 });
    expect(spriteLayout(100)).toEqual({ interval: 1, columns: 10, rows: 10, tiles: 100 });
    expect(spriteLayout(601)).toEqual({ interval: 7, columns: 10, rows: 9, tiles: 86 });
    expect(spriteLayout(0.4)).toEqual({ interval: 1, columns: 1, rows: 1, tiles: 1 });
  });

  it('video/detail names the sprite sheet of the video clip and its layout, from the clip’s real length', async () => {
    const { envelope, data } = await call<VideoDetail>(server.app, API.videoDetail, { body: { id: 1001 } });
    expect(envelope.code).toBe(200);
    const clip = data.stream.split('/')[0]!;
    const seconds = (await clipSeconds(join(SHARED_MEDIA_DIR, 'video'), clip))!;
    const { interval, columns, rows } = spriteLayout(Math.floor(seconds + 0.05));
    expect(data.thumbnails).toEqual({ url: `thumbs/${clip}.jpg`, interval, columns, rows, width: 160, height: 90 });
  });

  it('serves every sheet masked; unmasked it is a WebP of columns x 160 by rows x 90', async () => {
    const sheets: Buffer[] = [];
    for (const id of [1001, 1002, 1003, 1004]) {
      const { data } = await call<VideoDetail>(server.app, API.videoDetail, { body: { id } });
      const { url, columns, rows, width, height } = data.thumbnails;
      const res = await server.app.inject({ method: 'GET', url: `/media/img/${url}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      // Masked on the wire: no image signature until the client unmasks it.
      expect(detectImageType(res.rawPayload)).toBeNull();
      const image = unmaskImage(res.rawPayload, KEYS.MD_IMAGE_KEY);
      expect(detectImageType(image)).toBe('image/webp');
      expect(imageSize(image, 'image/webp')).toEqual({ width: columns * width, height: rows * height });
      sheets.push(Buffer.from(image));
    }
    // Four different clips, four different sheets (not one placeholder).
    expect(new Set(sheets.map((s) => s.toString('base64'))).size).toBe(4);
  });

  it('an older data dir without sheets gains them from the encoded segments, without re-encoding', async () => {
    const videoDir = join(SHARED_MEDIA_DIR, 'video');
    const manifestTimes = FIRST_START_CLIPS.map((c) => statSync(manifestPath(videoDir, c.name)).mtimeMs);
    const imgDir = mkdtempSync(join(tmpdir(), 'md-sprites-'));
    try {
      const ffmpeg = locateFfmpeg(null);
      expect(await ensureSprites(ffmpeg, videoDir, imgDir, KEYS.MD_IMAGE_KEY, FIRST_START_CLIPS)).toEqual(FIRST_START_CLIPS.map((c) => c.name));
      // Decoded from the segments into tiles: no manifest (so no clip) was written again.
      expect(FIRST_START_CLIPS.map((c) => statSync(manifestPath(videoDir, c.name)).mtimeMs)).toEqual(manifestTimes);
      const first = statSync(join(imgDir, spritePath('clip-1'))).mtimeMs;
      // A restart reuses them.
      expect(await ensureSprites(ffmpeg, videoDir, imgDir, KEYS.MD_IMAGE_KEY, FIRST_START_CLIPS)).toEqual([]);
      expect(statSync(join(imgDir, spritePath('clip-1'))).mtimeMs).toBe(first);
      // Another image key masks differently, so every sheet is made again.
      expect(await ensureSprites(ffmpeg, videoDir, imgDir, 'another-image-key', FIRST_START_CLIPS)).toHaveLength(FIRST_START_CLIPS.length);
    } finally {
      rmSync(imgDir, { recursive: true, force: true });
    }
  });
});
