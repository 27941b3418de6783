import { describe, expect, it } from 'vitest';
import type { Advertise } from '../../../../../protocol/api.ts';
import { LIST_AD_POSITIONS, LIST_AD_SIZE, listAdLayout, withListAds, type ListEntry } from '../../../../../src/features/home/list-ads.ts';
import { videoItem } from '../../fixtures.ts';

const ad = (id: number): Advertise => ({
  id,
  position: 'home_list',
  title: `ad ${id}`,
  image: `ads/${id}.png`,
  imageWidth: 640,
  imageHeight: 200,
  link: `https://example.com/${id}`,
});
const videos = (from: number, count: number) => Array.from({ length: count }, (_, i) => videoItem(from + i));

/** Compact picture of a list: video ids as numbers, ads as "ad<id>". */
const shape = (entries: ListEntry[]) => entries.map((e) => (e.type === 'adv' ? `ad${e.ad.id}` : e.video.id));
const adIndexes = (entries: ListEntry[]) => entries.flatMap((e, i) => (e.type === 'adv' ? [i] : []));

describe('withListAds (SPEC §3/§4)', () => {
  it('puts ads at the fixed positions of a full page', () => {
    expect(LIST_AD_POSITIONS).toEqual([4, 12]);
    const entries = withListAds([videos(1, 20)], [ad(7), ad(8)]);
    expect(entries).toHaveLength(22);
    // 4 videos, ad, 8 more videos (12 in all), ad.
    expect(adIndexes(entries)).toEqual([4, 13]);
    expect(shape(entries).slice(0, 6)).toEqual([1, 2, 3, 4, 'ad7', 5]);
    expect(shape(entries)[13]).toBe('ad8');
  });

  it('marks each ad as type adv with the index it has among the ads', () => {
    const [first, second] = withListAds([videos(1, 20)], [ad(7), ad(8)]).filter((e) => e.type === 'adv');
    expect(first).toMatchObject({ type: 'adv', initIndex: 0, ad: { id: 7 } });
    expect(second).toMatchObject({ type: 'adv', initIndex: 1, ad: { id: 8 } });
  });

  it('gives a list shorter than the first position no ads', () => {
    expect(shape(withListAds([videos(1, 3)], [ad(7)]))).toEqual([1, 2, 3]);
    expect(withListAds([], [ad(7)])).toEqual([]);
  });

  it('places an ad at a position the page just reaches, and skips positions it does not', () => {
    expect(shape(withListAds([videos(1, 4)], [ad(7), ad(8)]))).toEqual([1, 2, 3, 4, 'ad7']);
    expect(adIndexes(withListAds([videos(1, 11)], [ad(7), ad(8)]))).toEqual([4]);
  });

  it('cycles through the ads page by page', () => {
    const pages = [videos(1, 20), videos(21, 20), videos(41, 20)];
    const ads = withListAds(pages, [ad(1), ad(2), ad(3)]).filter((e) => e.type === 'adv');
    expect(ads.map((e) => e.type === 'adv' && e.ad.id)).toEqual([1, 2, 3, 1, 2, 3]);
    expect(ads.map((e) => e.type === 'adv' && e.initIndex)).toEqual([0, 1, 2, 0, 1, 2]);
    // Page two's first ad sits four videos into page two.
    const entries = withListAds(pages, [ad(1), ad(2), ad(3)]);
    expect(adIndexes(entries)).toEqual([4, 13, 26, 35, 48, 57]);
  });

  it('keeps the same keys for earlier pages when a later page arrives', () => {
    const keys = (entries: ListEntry[]) => entries.flatMap((e) => (e.type === 'adv' ? [e.key] : []));
    const one = keys(withListAds([videos(1, 20)], [ad(1)]));
    const two = keys(withListAds([videos(1, 20), videos(21, 20)], [ad(1)]));
    expect(two.slice(0, one.length)).toEqual(one);
    expect(new Set(two).size).toBe(two.length);
  });

  it('adds nothing when there are no ads', () => {
    expect(shape(withListAds([videos(1, 20)], []))).toEqual(videos(1, 20).map((v) => v.id));
  });
});

describe('listAdLayout: an ad at its own ratio in the grid', () => {
  it("draws the ad at its picture's size; a banner wider than a poster spans two columns", () => {
    expect(listAdLayout({ imageWidth: 640, imageHeight: 200 })).toEqual({ width: 640, height: 200, span: 2 });
    expect(listAdLayout({ imageWidth: 1200, imageHeight: 300 })).toEqual({ width: 1200, height: 300, span: 2 });
  });

  it('gives a poster-shaped or taller ad one column', () => {
    expect(listAdLayout({ imageWidth: 640, imageHeight: 360 })).toEqual({ width: 640, height: 360, span: 1 });
    expect(listAdLayout({ imageWidth: 600, imageHeight: 600 })).toEqual({ width: 600, height: 600, span: 1 });
    expect(listAdLayout({ imageWidth: 800, imageHeight: 350 }).span).toBe(1);
  });

  it('falls back to the home_list format when the ad names no size', () => {
    expect(listAdLayout({ imageWidth: 0, imageHeight: 0 })).toEqual({ ...LIST_AD_SIZE, span: 2 });
  });
});
