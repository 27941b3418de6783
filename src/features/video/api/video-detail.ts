import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type VideoDetail } from '../../../../protocol/api.ts';
import type { VideoDetailExtra } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';

export const videoDetailKeys = {
  all: ['video-detail'] as const,
  byId: (id: number) => [...videoDetailKeys.all, id] as const,
};

export function getVideoDetail(id: number): Promise<VideoDetail & VideoDetailExtra> {
  return apiPost<VideoDetail & VideoDetailExtra>(API.videoDetail, { id });
}

export function videoDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: videoDetailKeys.byId(id),
    queryFn: () => getVideoDetail(id),
    staleTime: 5 * 60_000,
  });
}

export function useVideoDetail(id: number) {
  return useQuery(videoDetailQueryOptions(id));
}
