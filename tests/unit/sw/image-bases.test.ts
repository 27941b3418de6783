import { describe, expect, it } from 'vitest';
import { ImageBases } from '../../../sw/image-bases.ts';
import { FakeCacheStorage } from './fake-caches.ts';

const ORIGIN = 'https://md.test';

function configEnvelope(imageUrls: string[]): string {
  return JSON.stringify({
    code: 200,
    tip: 'success',
    hash: false,
    data: {
      domain: [
        { type: 'VIDEO', urls: ['https://cdn.test/media/video'] },
        { type: 'IMAGE', urls: imageUrls },
      ],
      headerMenus: [],
      advertise: [],
      serverTime: 0,
    },
  });
}

describe('image bases', () => {
  it('always treats same-origin /media/img/ as images, and nothing else by default', async () => {
    const bases = new ImageBases(ORIGIN, new FakeCacheStorage().asCacheStorage());
    await bases.ready;
    expect(bases.matches(new URL(`${ORIGIN}/media/img/covers/1.jpg`))).toBe(true);
    expect(bases.matches(new URL(`${ORIGIN}/media/video/1/manifest.mpd`))).toBe(false);
    expect(bases.matches(new URL('https://img.test/media/img/1.jpg'))).toBe(false);
  });

  it('learns IMAGE bases from config, by whole path segments, and remembers them across restarts', async () => {
    const storage = new FakeCacheStorage().asCacheStorage();
    const bases = new ImageBases(ORIGIN, storage);
    await bases.ready;
    await bases.learnFromConfig(configEnvelope(['https://img.test/media/img']));
    expect(bases.matches(new URL('https://img.test/media/img/covers/1.jpg'))).toBe(true);
    expect(bases.matches(new URL('https://img.test/media/img2/covers/1.jpg'))).toBe(false);
    expect(bases.matches(new URL('https://cdn.test/media/video/1/manifest.mpd'))).toBe(false);

    const restarted = new ImageBases(ORIGIN, storage);
    expect(restarted.isLoaded).toBe(false);
    await restarted.ready;
    expect(restarted.isLoaded).toBe(true);
    expect(restarted.matches(new URL('https://img.test/media/img/covers/1.jpg'))).toBe(true);
  });

  it('ignores envelopes it cannot read', async () => {
    const bases = new ImageBases(ORIGIN, new FakeCacheStorage().asCacheStorage());
    await bases.learnFromConfig('not json');
    await bases.learnFromConfig(JSON.stringify({ code: 200, tip: '', data: null, hash: false }));
    expect(bases.matches(new URL('https://img.test/media/img/1.jpg'))).toBe(false);
  });
});
