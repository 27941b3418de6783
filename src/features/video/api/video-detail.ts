import type { QueryClient } from '@tanstack/react-query';
import { API, HOME_ID, type Page, type VideoItem } from '../../../../protocol/api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { FRESH, readQuery } from '../../../lib/queries.ts';
import { isValidId } from '../../../lib/search-params.ts';
import { fetchVideoDetail, videoDetailKeys } from '../../../lib/video-detail.ts';

export { videoDetailKeys };

export const useVideoDetail = readQuery({ key: videoDetailKeys.byId, fetch: fetchVideoDetail });

/**
 * The video route's loader: the detail (and with it the poster's and the stream's addresses) is
 * asked for as soon as the session is there, while the page's code loads and renders, instead of
 * after its first render. Not awaited: the page shows its own loading and failure states.
 */
export function prefetchVideoDetail(queryClient: QueryClient, id: number | undefined): void {
  if (isValidId(id)) void queryClient.prefetchQuery(useVideoDetail.options(id));
}

/** The home list's first videos: what a missing video's page offers instead. */
export const usePopularVideos = readQuery({
  key: () => ['video-popular'] as const,
  fetch: () => apiPost<Page<VideoItem>>(API.videoList, { categoryId: HOME_ID, page: 1, pageSize: 8 }),
  staleTime: FRESH.list,
});
