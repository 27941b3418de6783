import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { API, type VideoDetail } from '../../protocol/api.ts';
import { wholeSeconds } from '../../protocol/duration.ts';
import { seedRepository } from '../../server/db/repositories/seed.ts';
import { startBackgroundClips } from '../../server/jobs/background-clips.ts';
import { addCaptions, captionsVtt, CUE_SECONDS, withCaptions } from '../../server/media/captions.ts';
import { locateFfmpeg } from '../../server/media/ffmpeg.ts';
import { spritePath } from '../../server/media/sprites.ts';
import {
  BACKGROUND_CLIPS,
  CLIP_POOL,
  FIRST_START_CLIPS,
  clipSeconds,
  manifestPath,
  manifestSeconds,
  removeStaleScratch,
} from '../../server/media/transcode.ts';
import { assignedClip, readyClipOf, videoIdsOfClip } from '../../server/seed/videos.ts';
import { BACKENDS, SHARED_MEDIA_DIR, call, suiteServer } from './helpers.ts';

const videoDir = join(SHARED_MEDIA_DIR, 'video');

const detail = async (app: Parameters<typeof call>[0], id: number) => (await call<VideoDetail>(app, API.videoDetail, { body: { id } })).data;

describe('demo clips: lengths, captions and the long clips encoded in the background', () => {
  it('reads a manifest’s length and rounds it as the player does', () => {
    expect(manifestSeconds('mediaPresentationDuration="PT8.0S"')).toBe(8);
    expect(manifestSeconds('<MPD mediaPresentationDuration="PT3M20.0S" minBufferTime="PT4.0S">')).toBe(200);
    expect(manifestSeconds('mediaPresentationDuration="PT1H0M2.5S"')).toBe(3602.5);
    expect(manifestSeconds('<MPD type="dynamic">')).toBeNull();
    // A browser reports an 8 s DASH clip as 7.999999 s at its end: both say 8.
    expect(wholeSeconds(7.999999)).toBe(8);
    expect(wholeSeconds(8)).toBe(8);
    expect(wholeSeconds(12.6)).toBe(12);
    expect(wholeSeconds(Number.NaN)).toBe(0);
    expect(wholeSeconds(-3)).toBe(0);
  });

  it('varies the lengths, with a long clip of three minutes or more encoded after the first start', () => {
    const lengths = new Set(CLIP_POOL.map((c) => c.seconds));
    expect(lengths.size).toBe(CLIP_POOL.length);
    expect(Math.max(...BACKGROUND_CLIPS.map((c) => c.seconds))).toBeGreaterThanOrEqual(180);
    // The first start encodes under a minute of video; nothing long.
    expect(FIRST_START_CLIPS.reduce((sum, c) => sum + c.seconds, 0)).toBeLessThanOrEqual(60);
    for (const clip of BACKGROUND_CLIPS) {
      // Until encoded, its videos play a first-start clip.
      expect(FIRST_START_CLIPS.map((c) => c.name)).toContain(clip.background!.fallback);
      expect(videoIdsOfClip(clip.name).length).toBeGreaterThan(0);
    }
  });

  it('writes a cue every four seconds in Chinese and English and names both tracks in the manifest, once', () => {
    const source = CLIP_POOL[0]!;
    const zh = captionsVtt(source, 10, 'zh');
    expect(zh.startsWith('WEBVTT\n')).toBe(true);
    expect(zh).toContain('00:00:04.000 --> 00:00:07.500\n第 2 段 · 彩色测试图');
    // The last cue ends with the clip.
    expect(zh).toContain('00:00:08.000 --> 00:00:10.000\n第 3 段');
    expect(zh.match(/-->/g)).toHaveLength(Math.ceil(10 / CUE_SECONDS));
    expect(captionsVtt(source, 10, 'en')).toContain('Part 2 · colour test pattern\n440 Hz sine tone');

    const manifest = '<MPD>\n\t<Period id="0">\n\t\t<AdaptationSet id="0" contentType="video"></AdaptationSet>\n\t</Period>\n</MPD>\n';
    const captioned = withCaptions(manifest);
    expect(captioned).toContain('\t\t<AdaptationSet id="100" contentType="text" mimeType="text/vtt" lang="zh">\n\t\t\t<Role');
    expect(captioned).toContain('<Label>English</Label>');
    expect(captioned.indexOf('contentType="text"')).toBeLessThan(captioned.indexOf('</Period>'));
    expect(withCaptions(captioned)).toBe(captioned);
  });

  it('removes the scratch folders of encodes whose process is gone, and only those', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-scratch-'));
    try {
      for (const name of ['clip-9.tmp-999999999-1', `clip-9.tmp-${process.pid}-2`, 'clip-9']) mkdirSync(join(dir, name));
      expect(await removeStaleScratch(dir)).toEqual(['clip-9.tmp-999999999-1']);
      expect(existsSync(join(dir, `clip-9.tmp-${process.pid}-2`))).toBe(true);
      expect(existsSync(join(dir, 'clip-9'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const backend of BACKENDS)
    describe(backend.name, () => {
      describe('seeded without the encoder', () => {
        const server = suiteServer({ backend });

        it('gives a video of a long clip its fallback, with the fallback’s length, until the clip is encoded', async () => {
          const [long] = BACKGROUND_CLIPS;
          const id = videoIdsOfClip(long!.name)[0]!;
          const fallback = readyClipOf(long!);
          expect(fallback.name).toBe(long!.background!.fallback);
          const data = await detail(server.app, id);
          expect(data.stream).toBe(`${fallback.name}/manifest.mpd`);
          expect(data.duration).toBe(fallback.seconds);
          // Neighbours in the catalogue differ in length.
          expect(assignedClip(0).seconds).not.toBe(assignedClip(1).seconds);
        });
      });

      describe('encoded', () => {
        // The shared media folder keeps encoded clips between runs; the first run encodes them.
        const server = suiteServer({ backend, encodeClips: true }, 180_000);

        it('stores each clip’s real length, as its manifest gives it, on every video that plays it', async () => {
          for (const [n, clip] of FIRST_START_CLIPS.entries()) {
            const seconds = (await clipSeconds(videoDir, clip.name))!;
            expect(seconds).toBeGreaterThan(0);
            const data = await detail(server.app, 1001 + n);
            expect(data.stream).toBe(`${clip.name}/manifest.mpd`);
            expect(data.duration).toBe(wholeSeconds(seconds));
            expect(data.thumbnails.columns * data.thumbnails.rows).toBeGreaterThanOrEqual(Math.ceil(wholeSeconds(seconds) / data.thumbnails.interval));
          }
        });

        it('puts a length that disagrees with the clip right on the next start', async () => {
          const { db } = server.app.ctx.database;
          const seconds = wholeSeconds((await clipSeconds(videoDir, 'clip-1'))!);
          await db.updateTable('videos').set({ duration: 99 }).where('id', '=', 1001).execute();
          expect(await seedRepository(db).syncClipDurations([{ name: 'clip-1', duration: seconds }])).toBe(1);
          const row = await db.selectFrom('videos').select('duration').where('id', '=', 1001).executeTakeFirstOrThrow();
          expect(row.duration).toBe(seconds);
          expect(await seedRepository(db).syncClipDurations([{ name: 'clip-1', duration: seconds }])).toBe(0);
        });

        it('serves the captions as text/vtt beside the segments, and the compressed manifests name them too', async () => {
          const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
          for (const [lang, first] of [
            ['zh', '第 1 段'],
            ['en', 'Part 1'],
          ] as const) {
            const res = await get(`/media/video/clip-1/captions-${lang}.vtt`);
            expect(res.statusCode).toBe(200);
            expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
            expect(res.headers['cache-control']).toBe('public, max-age=300');
            expect(res.body.startsWith('WEBVTT')).toBe(true);
            expect(res.body).toContain(first);
          }
          const plain = (await get('/media/video/clip-1/manifest.mpd')).body;
          expect(plain).toContain('lang="zh"');
          const br = await get('/media/video/clip-1/manifest.mpd', { 'accept-encoding': 'br' });
          expect(br.headers['content-encoding']).toBe('br');
          expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
          const gz = await get('/media/video/clip-1/manifest.mpd', { 'accept-encoding': 'gzip' });
          expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
        });

        it('gives a clip encoded before captions existed its captions once, without encoding it again', async () => {
          const dir = mkdtempSync(join(tmpdir(), 'md-old-clip-'));
          try {
            const old = readFileSync(manifestPath(videoDir, 'clip-2'), 'utf8').replace(/\t\t<AdaptationSet id="10\d"[\s\S]*?<\/AdaptationSet>\n/g, '');
            expect(old).not.toContain('contentType="text"');
            writeFileSync(join(dir, 'manifest.mpd'), old);
            expect(await addCaptions(dir, CLIP_POOL[1]!, manifestSeconds(old)!)).toBe(true);
            const now = await readFile(join(dir, 'manifest.mpd'), 'utf8');
            expect(now).toBe(readFileSync(manifestPath(videoDir, 'clip-2'), 'utf8'));
            expect(readFileSync(join(dir, 'captions-en.vtt'), 'utf8')).toContain('fractal pattern');
            expect(await addCaptions(dir, CLIP_POOL[1]!, 8)).toBe(false);
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        });

        it('encodes a background clip at low priority, then moves its videos to it with its length, once', async () => {
          // A short stand-in for the long clips, under a name of its own in the shared folder.
          const name = `clip-bg-test-${process.pid}`;
          const source = { ...CLIP_POOL[0]!, name, seconds: 3, background: { fallback: 'clip-1' } };
          const { ctx } = server.app;
          const logs: string[] = [];
          try {
            expect((await detail(server.app, 1005)).stream).not.toBe(`${name}/manifest.mpd`);
            const run = startBackgroundClips(ctx, { ffmpeg: locateFfmpeg(null), log: (m) => logs.push(m), clips: [{ source, videoIds: [1005] }] });
            expect(await run.done).toEqual([name]);
            expect(logs).toEqual([]);
            const data = await detail(server.app, 1005);
            expect(data.stream).toBe(`${name}/manifest.mpd`);
            expect(data.duration).toBe(3);
            expect(data.thumbnails.url).toBe(spritePath(name));
            expect(existsSync(join(SHARED_MEDIA_DIR, 'img', spritePath(name)))).toBe(true);
            expect(readFileSync(join(videoDir, name, 'captions-zh.vtt'), 'utf8')).toContain('第 1 段');
            // A restart finds it done: nothing encoded, nothing moved.
            const again = startBackgroundClips(ctx, { ffmpeg: locateFfmpeg(null), log: (m) => logs.push(m), clips: [{ source, videoIds: [1005] }] });
            expect(await again.done).toEqual([]);
            expect((await detail(server.app, 1005)).stream).toBe(`${name}/manifest.mpd`);
          } finally {
            rmSync(join(videoDir, name), { recursive: true, force: true });
            rmSync(join(SHARED_MEDIA_DIR, 'img', 'thumbs', `${name}.jpg`), { recursive: true, force: true });
          }
        }, 120_000);

        it('stops a running encode when the server stops, leaving no scratch folder', async () => {
          const name = `clip-bg-stop-${process.pid}`;
          const source = { ...CLIP_POOL[0]!, name, seconds: 60, background: { fallback: 'clip-1' } };
          const { ctx } = server.app;
          const run = startBackgroundClips(ctx, { ffmpeg: locateFfmpeg(null), log: () => undefined, clips: [{ source, videoIds: [] }] });
          // Started: its scratch folder is there.
          await expect.poll(async () => (await readdir(videoDir)).some((n) => n.startsWith(`${name}.tmp-`))).toBe(true);
          run.stop();
          expect(await run.done).toEqual([]);
          expect((await readdir(videoDir)).filter((n) => n.startsWith(name))).toEqual([]);
        }, 60_000);
      });
    });
});
