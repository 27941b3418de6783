import { API, HOME_ID, type Page, type VideoItem } from '../../../../protocol/api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { FRESH, readQuery } from '../../../lib/queries.ts';
import { fetchVideoDetail, videoDetailKeys } from '../../../lib/video-detail.ts';

export { videoDetailKeys };

export const useVideoDetail = readQuery({ key: videoDetailKeys.byId, fetch: fetchVideoDetail });

/** The home list's first videos: what a missing video's page offers instead. */
export const usePopularVideos = readQuery({
  key: () => ['video-popular'] as const,
  fetch: () => apiPost<Page<VideoItem>>(API.videoList, { categoryId: HOME_ID, page: 1, pageSize: 8 }),
  staleTime: FRESH.list,
});
