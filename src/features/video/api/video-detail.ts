import { API, type VideoDetail } from '../../../../protocol/api.ts';
import type { VideoDetailExtra } from '../../../../protocol/content-api.ts';
import { apiRead } from '../../../lib/queries.ts';

export const videoDetailKeys = {
  all: ['video-detail'] as const,
  byId: (id: number) => [...videoDetailKeys.all, id] as const,
};

export const useVideoDetail = apiRead<[number], VideoDetail & VideoDetailExtra>(API.videoDetail, videoDetailKeys.byId, (id) => ({ id }));
