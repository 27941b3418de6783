import type { Advertise, VideoItem } from '../../../protocol/api.ts';

/**
 * Where list ads go inside each loaded page of the home list (SPEC §4: fixed positions; the spec
 * leaves the numbers to us). An entry is the index the ad takes within its page's run of items,
 * so 4 puts an ad after the fourth video of every page.
 */
export const LIST_AD_POSITIONS: readonly number[] = [4, 12];

/** An ad placed in a list (SPEC §3): type adv, initIndex its index in the ads it was drawn from. */
export interface ListAd {
  type: 'adv';
  initIndex: number;
  ad: Advertise;
  /** Stable across renders: page and slot, so React keeps the element when later pages load. */
  key: string;
}

export type ListEntry = { type: 'video'; video: VideoItem } | ListAd;

/**
 * The list as shown: each page's videos with ads at LIST_AD_POSITIONS. A page gets an ad at a
 * position only when it has at least that many videos, so a short page (or a short list) gets
 * fewer ads or none. Ads cycle page by page: page 0 takes ads 0 and 1, page 1 continues with
 * ads 2 and 3, wrapping around the ads there are.
 */
export function withListAds(
  pages: readonly (readonly VideoItem[])[],
  ads: readonly Advertise[],
  positions: readonly number[] = LIST_AD_POSITIONS,
): ListEntry[] {
  const entries: ListEntry[] = [];
  const sorted = [...positions].sort((a, b) => a - b);
  let drawn = 0;
  pages.forEach((videos, pageIndex) => {
    const slots = ads.length === 0 ? [] : sorted.filter((position) => position > 0 && videos.length >= position);
    let next = 0;
    videos.forEach((video, index) => {
      while (next < slots.length && slots[next] === index) {
        entries.push(adAt(ads, drawn++, pageIndex, next++));
      }
      entries.push({ type: 'video', video });
    });
    while (next < slots.length) entries.push(adAt(ads, drawn++, pageIndex, next++));
  });
  return entries;
}

function adAt(ads: readonly Advertise[], drawn: number, page: number, slot: number): ListAd {
  const initIndex = drawn % ads.length;
  return { type: 'adv', initIndex, ad: ads[initIndex]!, key: `adv-${page}-${slot}` };
}

/** The home_list format (640×200): the size of an ad that does not name its own. */
export const LIST_AD_SIZE = { width: 640, height: 200 } as const;

/** The video cards' poster ratio. */
const CARD_RATIO = 16 / 9;

/**
 * The ad's picture at its own ratio, and how many grid columns it takes: as many as bring its height
 * nearest a video card's poster (a 640×200 banner spans two, a 16:9 ad one), at most two, which
 * every width of the grid has.
 */
export function listAdLayout(ad: Pick<Advertise, 'imageWidth' | 'imageHeight'>): { width: number; height: number; span: 1 | 2 } {
  const known = ad.imageWidth > 0 && ad.imageHeight > 0;
  const width = known ? ad.imageWidth : LIST_AD_SIZE.width;
  const height = known ? ad.imageHeight : LIST_AD_SIZE.height;
  return { width, height, span: Math.round(width / height / CARD_RATIO) >= 2 ? 2 : 1 };
}
