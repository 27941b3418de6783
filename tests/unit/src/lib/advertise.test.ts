import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/lib/api-client.ts', () => ({ apiPost: vi.fn(async () => null) }));

const { apiPost } = await import('../../../../src/lib/api-client.ts');
const { AD_POSITION, adLink, adsAt, openAd, recordAdClick } = await import('../../../../src/lib/advertise.ts');
import type { Advertise } from '../../../../protocol/api.ts';

const ad = (over: Partial<Advertise> = {}): Advertise => ({
  id: 5,
  position: 'home_list',
  title: 'ad',
  image: 'ads/5.png',
  imageWidth: 640,
  imageHeight: 200,
  ...over,
});

describe('adLink', () => {
  it('takes the first of href, link, url, linkUrl, quickLinkUrl', () => {
    const all = { href: 'https://a', link: 'https://b', url: 'https://c', linkUrl: 'https://d', quickLinkUrl: 'https://e' };
    expect(adLink(ad(all))).toBe('https://a');
    expect(adLink(ad({ ...all, href: undefined }))).toBe('https://b');
    expect(adLink(ad({ ...all, href: '', link: '  ' }))).toBe('https://c');
    expect(adLink(ad({ linkUrl: 'https://d', quickLinkUrl: 'https://e' }))).toBe('https://d');
    expect(adLink(ad({ quickLinkUrl: 'https://e' }))).toBe('https://e');
    expect(adLink(ad())).toBe('');
  });
});

describe('adsAt', () => {
  it('keeps the ads of one position, in order', () => {
    const ads = [ad({ id: 1, position: 'home_banner' }), ad({ id: 2 }), ad({ id: 3, position: 'home_banner' })];
    expect(adsAt(ads, AD_POSITION.HOME_BANNER).map((a) => a.id)).toEqual([1, 3]);
    expect(adsAt(undefined, AD_POSITION.HOME_LIST)).toEqual([]);
  });
});

describe('openAd', () => {
  it('records the click with the ad id and opens the link in a new window', () => {
    const record = vi.fn(async () => undefined);
    const openWindow = vi.fn();
    const navigate = vi.fn();
    openAd(ad({ id: 9, url: 'https://example.com/x' }), { record, openWindow, navigate });
    expect(record).toHaveBeenCalledWith(9);
    expect(openWindow).toHaveBeenCalledWith('https://example.com/x');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('opens a path of this site inside the app', () => {
    const openWindow = vi.fn();
    const navigate = vi.fn();
    openAd(ad({ quickLinkUrl: '/tagDetails?tid=3&sort=1' }), { record: async () => undefined, openWindow, navigate });
    expect(navigate).toHaveBeenCalledWith('/tagDetails', { tid: '3', sort: '1' });
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('still records a click on an ad without a link, and opens nothing', () => {
    const record = vi.fn(async () => undefined);
    const openWindow = vi.fn();
    openAd(ad({ id: 4 }), { record, openWindow });
    expect(record).toHaveBeenCalledWith(4);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens the window even when recording fails', async () => {
    const openWindow = vi.fn();
    openAd(ad({ href: 'https://example.com' }), { record: () => Promise.reject(new Error('offline')), openWindow });
    await Promise.resolve();
    expect(openWindow).toHaveBeenCalledOnce();
  });
});

describe('recordAdClick', () => {
  it('posts the id to advertise/click', async () => {
    await recordAdClick(12);
    expect(apiPost).toHaveBeenCalledWith('/api/app/advertise/click', { id: 12 });
  });
});
