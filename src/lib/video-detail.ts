import { API, type VideoDetail } from '../../protocol/api.ts';
import type { VideoDetailExtra } from '../../protocol/content-api.ts';
import { apiPost } from './api-client.ts';

/** One video's detail, as the video page and 下载 in lists read it (one cache entry for both). */
export const videoDetailKeys = {
  all: ['video-detail'] as const,
  byId: (id: number) => [...videoDetailKeys.all, id] as const,
};

/** Quiet: the video page itself says what went wrong (not found, or the failure with a retry). */
export function fetchVideoDetail(id: number): Promise<VideoDetail & VideoDetailExtra> {
  return apiPost<VideoDetail & VideoDetailExtra>(API.videoDetail, { id }, { quiet: true });
}
