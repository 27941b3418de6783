import { API, type VideoDetail } from '../../../../protocol/api.ts';
import type { VideoDetailExtra } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { readQuery } from '../../../lib/queries.ts';

export const videoDetailKeys = {
  all: ['video-detail'] as const,
  byId: (id: number) => [...videoDetailKeys.all, id] as const,
};

export const useVideoDetail = readQuery({
  key: videoDetailKeys.byId,
  fetch: (id: number) => apiPost<VideoDetail & VideoDetailExtra>(API.videoDetail, { id }),
});
