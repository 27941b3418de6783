import { API, type Advertise } from '../../protocol/api.ts';
import { apiPost } from './api-client.ts';
import type { AppNavigate } from './navigation.ts';

/** Where the server places an ad (config.advertise[].position). */
export const AD_POSITION = { HOME_BANNER: 'home_banner', HOME_LIST: 'home_list', VIDEO_DETAIL: 'video_detail' } as const;

/** An ad names its link in one of these fields (SPEC §3); the first non-empty one wins. */
export const AD_LINK_FIELDS = ['href', 'link', 'url', 'linkUrl', 'quickLinkUrl'] as const;

export function adLink(ad: Advertise): string {
  for (const field of AD_LINK_FIELDS) {
    const value = ad[field]?.trim();
    if (value) return value;
  }
  return '';
}

export function adsAt(ads: readonly Advertise[] | undefined, position: string): Advertise[] {
  return (ads ?? []).filter((ad) => ad.position === position);
}

/** A path on this site ("/tagList?x=1") opens in the app; anything else is somebody else's page. */
export function isInAppLink(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//');
}

export async function recordAdClick(id: number): Promise<void> {
  await apiPost<null>(API.advertiseClick, { id });
}

export interface OpenAdDeps {
  record?: (id: number) => Promise<void>;
  openWindow?: (url: string) => void;
  navigate?: AppNavigate;
}

function openWindow(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * Records the click and opens the ad. Both start synchronously inside the click handler: the
 * window must open in the user gesture or popup blockers stop it, so it never waits for the record.
 */
export function openAd(ad: Advertise, deps: OpenAdDeps = {}): void {
  const record = deps.record ?? recordAdClick;
  // The click is bookkeeping: a failed record has already been reported by the API client.
  record(ad.id).catch(() => undefined);
  const link = adLink(ad);
  if (!link) return;
  if (isInAppLink(link) && deps.navigate) {
    const url = new URL(link, 'http://app.local');
    deps.navigate(url.pathname, Object.fromEntries(url.searchParams));
    return;
  }
  (deps.openWindow ?? openWindow)(link);
}
