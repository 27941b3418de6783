import type { QueryClient } from '@tanstack/react-query';
import { API, HOME_ID, type Page, type VideoItem } from '../../../../protocol/api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { FRESH, readQuery } from '../../../lib/queries.ts';
import { isValidId } from '../../../lib/search-params.ts';
import { videoBase } from '../../../stores/config-store.ts';
import { fetchVideoDetail, videoDetailKeys } from '../../../lib/video-detail.ts';

export { videoDetailKeys };

export const useVideoDetail = readQuery({ key: videoDetailKeys.byId, fetch: fetchVideoDetail });

/**
 * The video route's loader: the detail (and with it the poster's and the stream's addresses) is
 * asked for as soon as the session is there, while the page's code loads and renders, instead of
 * after its first render. Not awaited: the page shows its own loading and failure states. Once the
 * detail names the stream, its manifest is fetched too (warmManifest).
 */
export function prefetchVideoDetail(queryClient: QueryClient, id: number | undefined): void {
  if (!isValidId(id)) return;
  void queryClient.prefetchQuery(useVideoDetail.options(id)).then(() => {
    const stream = queryClient.getQueryData(useVideoDetail.options(id).queryKey)?.stream;
    const base = videoBase();
    if (stream && base) warmManifest(`${base}/${stream}`);
  });
}

const warmed = new Set<string>();

/**
 * Fetches a stream's manifest into the HTTP cache while the page renders and the player's library
 * starts: the player's own request for it (the same address, mode and credentials; manifests may be
 * cached for minutes, server/plugins/media-files.ts) is then answered from the cache, or joins this
 * one in flight, instead of starting the stream one round trip later. Once per address and page.
 */
export function warmManifest(url: string): void {
  if (warmed.has(url)) return;
  warmed.add(url);
  void fetch(url, { priority: 'high' })
    .then((response) => response.arrayBuffer())
    .catch(() => warmed.delete(url));
}

/** The home list's first videos: what a missing video's page offers instead. */
export const usePopularVideos = readQuery({
  key: () => ['video-popular'] as const,
  fetch: () => apiPost<Page<VideoItem>>(API.videoList, { categoryId: HOME_ID, page: 1, pageSize: 8 }),
  staleTime: FRESH.list,
});
