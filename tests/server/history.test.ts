import { beforeAll, describe, expect, it } from 'vitest';
import { API, HOME_ID, type Page, type VideoItem } from '../../protocol/api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { HISTORY_SYNC_MAX, MEMBER_API, type HistoryItem, type HistorySync } from '../../protocol/member-api.ts';
import { BACKENDS, call, newGuest, signUpMember, suiteServer } from './helpers.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe.each(BACKENDS)('watch history that follows the member on $name', (backend) => {
  const server = suiteServer({ backend });
  let videos: VideoItem[];
  beforeAll(async () => {
    videos = (await call<Page<VideoItem>>(server.app, API.videoList, { body: { categoryId: HOME_ID, page: 1, pageSize: 6 } })).data.list;
  });

  const watch = (index: number, minutes: number, position = 30): HistoryItem => ({
    videoId: videos[index]!.id,
    position,
    duration: videos[index]!.duration,
    finished: false,
    watchedAt: minutesAgo(minutes),
  });
  const sync = (token: string, body: { items: HistoryItem[]; clearedAt?: string }) => call<HistorySync>(server.app, MEMBER_API.historySync, { token, body });
  const ids = (result: { data: HistorySync }) => result.data.list.map((entry) => entry.videoId);

  it('merges two devices of one member: each video keeps its newest watch, with what the list shows of it', async () => {
    const m = await signUpMember(server.app, 'hs');
    const phone = await sync(m.token, { items: [watch(0, 10, 40), watch(1, 5, 50)] });
    expect(ids(phone)).toEqual([videos[1]!.id, videos[0]!.id]);
    expect(phone.data.list[0]).toMatchObject({ title: videos[1]!.title, cover: videos[1]!.cover, coverWidth: videos[1]!.coverWidth, position: 50 });
    expect(phone.data.clearedAt).toBeNull();

    // The laptop watched video 0 later (it wins) and sends an older watch of video 1 (it loses).
    const laptop = await sync(m.token, { items: [watch(0, 1, 120), watch(1, 30, 5), watch(2, 20)] });
    expect(ids(laptop)).toEqual([videos[0]!.id, videos[1]!.id, videos[2]!.id]);
    expect(laptop.data.list.map((e) => e.position)).toEqual([120, 50, 30]);
    // A device with nothing new reads the same.
    expect((await sync(m.token, { items: [] })).data).toEqual(laptop.data);
  });

  it('keeps each member to their own history and refuses guests', async () => {
    const a = await signUpMember(server.app, 'hs');
    const b = await signUpMember(server.app, 'hs');
    await sync(a.token, { items: [watch(3, 2)] });
    expect(ids(await sync(b.token, { items: [] }))).toEqual([]);
    const guest = await newGuest(server.app);
    expect((await sync(guest.token, { items: [watch(0, 1)] })).envelope.code).toBe(CODES.FORBIDDEN);
    expect((await call(server.app, MEMBER_API.historySync, { body: { items: [] } })).envelope.code).not.toBe(200);
  });

  it('a clear on one device drops every earlier watch on all of them, and older watches do not come back', async () => {
    const m = await signUpMember(server.app, 'hs');
    await sync(m.token, { items: [watch(0, 30), watch(1, 20)] });
    const cleared = await sync(m.token, { items: [], clearedAt: minutesAgo(10) });
    expect(ids(cleared)).toEqual([]);
    expect(cleared.data.clearedAt).not.toBeNull();
    // Another device that has not heard of the clear sends its old copy, and one newer watch.
    const other = await sync(m.token, { items: [watch(0, 30), watch(2, 5)] });
    expect(ids(other)).toEqual([videos[2]!.id]);
    // An older clear does not move the mark back; a clear in the future counts as now.
    expect((await sync(m.token, { items: [watch(1, 15)], clearedAt: minutesAgo(60) })).data.clearedAt).toBe(cleared.data.clearedAt);
    expect(ids(await sync(m.token, { items: [], clearedAt: new Date(Date.now() + 86_400_000).toISOString() }))).toEqual([]);
    // A watch after the clear (a future time counts as now, later than the clear) is kept.
    expect(ids(await sync(m.token, { items: [watch(3, -5)] }))).toEqual([videos[3]!.id]);
  });

  it('takes repeats of one video in one call, skips unknown videos and counts future times as now', async () => {
    const m = await signUpMember(server.app, 'hs');
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const result = await sync(m.token, {
      items: [watch(0, 9, 10), watch(0, 3, 99), { ...watch(1, 0), watchedAt: future }, { ...watch(2, 1), videoId: 2_000_000_000 }],
    });
    expect(ids(result)).toEqual([videos[1]!.id, videos[0]!.id]);
    expect(result.data.list[1]!.position).toBe(99);
    expect(Date.parse(result.data.list[0]!.watchedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('answers bad input with a clear error, never a 500', async () => {
    const m = await signUpMember(server.app, 'hs');
    const tooMany = Array.from({ length: HISTORY_SYNC_MAX + 1 }, () => watch(0, 1));
    const bad: unknown[] = [
      {},
      { items: 'all' },
      { items: tooMany },
      { items: [{ ...watch(0, 1), position: -1 }] },
      { items: [{ ...watch(0, 1), videoId: 0 }] },
      { items: [{ ...watch(0, 1), watchedAt: 'yesterday' }] },
      { items: [{ ...watch(0, 1), extra: 1 }] },
      { items: [], clearedAt: 'now' },
    ];
    for (const body of bad) expect((await call(server.app, MEMBER_API.historySync, { token: m.token, body })).envelope.code).toBe(CODES.BAD_REQUEST);
  });

  it('keeps one row per video when many syncs of one member race', async () => {
    const m = await signUpMember(server.app, 'hs');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => sync(m.token, { items: [watch(0, 20 - i, i), watch(1, i, i)] })));
    for (const result of results) expect(result.envelope.code).toBe(200);
    const final = await sync(m.token, { items: [] });
    expect(final.data.list).toHaveLength(2);
    // The newest watch of each video won, whichever request ran last.
    expect(final.data.list.find((e) => e.videoId === videos[0]!.id)!.position).toBe(19);
    expect(final.data.list.find((e) => e.videoId === videos[1]!.id)!.position).toBe(0);
  });
});
