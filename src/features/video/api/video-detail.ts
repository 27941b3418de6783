import { API, HOME_ID, type Page, type VideoDetail, type VideoItem } from '../../../../protocol/api.ts';
import type { VideoDetailExtra } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { FRESH, readQuery } from '../../../lib/queries.ts';

export const videoDetailKeys = {
  all: ['video-detail'] as const,
  byId: (id: number) => [...videoDetailKeys.all, id] as const,
};

export const useVideoDetail = readQuery({
  key: videoDetailKeys.byId,
  // Quiet: the page itself says what went wrong (not found, or the failure with a retry).
  fetch: (id: number) => apiPost<VideoDetail & VideoDetailExtra>(API.videoDetail, { id }, { quiet: true }),
});

/** The home list's first videos: what a missing video's page offers instead. */
export const usePopularVideos = readQuery({
  key: () => ['video-popular'] as const,
  fetch: () => apiPost<Page<VideoItem>>(API.videoList, { categoryId: HOME_ID, page: 1, pageSize: 8 }),
  staleTime: FRESH.list,
});
