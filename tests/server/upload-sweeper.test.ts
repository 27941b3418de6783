import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, type LoginResult, type UploadResult } from '../../protocol/api.ts';
import type { AppContext } from '../../server/context.ts';
import { UNREFERENCED_UPLOAD_TTL_MS, startUploadSweeper, sweepUploads } from '../../server/jobs/upload-sweeper.ts';
import { BACKENDS, SHARED_MEDIA_DIR, call, devId, multipartBody, startServer, type TestServer } from './helpers.ts';

const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 120, g: 120, b: 120 } } })
  .png()
  .toBuffer();
const fileOf = (path: string) => join(SHARED_MEDIA_DIR, 'img', path);

describe.each(BACKENDS)('upload sweeper on $name', (backend) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    // The server's own sweeper (5 s after start) would take expired uploads from the sweeps here.
    server = await startServer({ backend, sweeps: false });
    const account = `sw_${devId().slice(0, 8)}`;
    await call(server.app, API.accountCreate, { body: { account, password: 'secret1', confirmPassword: 'secret1' } });
    token = (await call<LoginResult>(server.app, API.loginOfficial, { body: { account, password: 'secret1' } })).data.token;
  });
  afterAll(() => server.close());

  const upload = async () => {
    const { body, contentType } = multipartBody([{ name: 'a.png', type: 'image/png', bytes: png }]);
    const { data } = await call<UploadResult>(server.app, `${API.uploadImg}?purpose=post`, { rawBody: body, contentType, multipart: true, token });
    return data.path;
  };
  const age = (path: string, ms: number) =>
    server.app.ctx.database.db
      .updateTable('uploads')
      .set({ created_at: new Date(Date.now() - ms) })
      .where('path', '=', path)
      .execute();
  const rowExists = async (path: string) =>
    (await server.app.ctx.database.db.selectFrom('uploads').select('path').where('path', '=', path).executeTakeFirst()) !== undefined;

  it('removes unreferenced uploads older than 7 days with their files, and keeps the rest', async () => {
    const [old, oldReferenced, recent, oldWithoutFile] = [await upload(), await upload(), await upload(), await upload()];
    for (const path of [old, oldReferenced, oldWithoutFile]) await age(path, UNREFERENCED_UPLOAD_TTL_MS + 60_000);
    await age(recent, UNREFERENCED_UPLOAD_TTL_MS - 60_000);
    expect(await server.app.ctx.uploads.reference([oldReferenced, 'uploads/unknown.webp'])).toBe(1);
    await rm(fileOf(oldWithoutFile));

    expect(await sweepUploads(server.app.ctx)).toBe(2);
    expect([await rowExists(old), existsSync(fileOf(old))]).toEqual([false, false]);
    expect(await rowExists(oldWithoutFile)).toBe(false);
    for (const kept of [oldReferenced, recent]) expect([await rowExists(kept), existsSync(fileOf(kept))]).toEqual([true, true]);
    expect(await sweepUploads(server.app.ctx)).toBe(0);
    // A day later the recent one has aged past 7 days too.
    expect(await sweepUploads(server.app.ctx, new Date(Date.now() + 86_400_000))).toBe(1);
    expect(existsSync(fileOf(recent))).toBe(false);
  });

  it('hands each expired upload to one of several sweeps running at once', async () => {
    const paths = await Promise.all(Array.from({ length: 6 }, upload));
    for (const path of paths) await age(path, UNREFERENCED_UPLOAD_TTL_MS + 60_000);
    const counts = await Promise.all([sweepUploads(server.app.ctx), sweepUploads(server.app.ctx), sweepUploads(server.app.ctx)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(paths.length);
    for (const path of paths) expect(existsSync(fileOf(path))).toBe(false);
  });
});

describe('startUploadSweeper', () => {
  afterEach(() => vi.useRealTimers());

  it('sweeps soon after start, then every period, until stopped', async () => {
    vi.useFakeTimers();
    const takeExpired = vi.fn(async () => [] as string[]);
    const ctx = { config: { mediaDir: SHARED_MEDIA_DIR }, uploads: { takeExpired } } as unknown as AppContext;
    const stop = startUploadSweeper(ctx, 60_000);
    expect(takeExpired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(takeExpired).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(takeExpired).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(takeExpired).toHaveBeenCalledTimes(2);
  });
});
