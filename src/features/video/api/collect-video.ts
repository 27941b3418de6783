import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoDetail } from '../../../../protocol/api.ts';
import { CONTENT_API, CONTENT_TYPE, type CollectState } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { videoDetailKeys } from './video-detail.ts';

export type CollectableDetail = VideoDetail & { isCollect?: boolean };

export function setVideoCollected(id: number, collect: boolean): Promise<CollectState> {
  return apiPost<CollectState>(collect ? CONTENT_API.collectAdd : CONTENT_API.collectDel, { id, contentType: CONTENT_TYPE.VIDEO });
}

/** Toggles a favourite and writes the server's answer into the cached detail, so every view agrees. */
export function useCollectVideo(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collect: boolean) => setVideoCollected(id, collect),
    onSuccess: (state) => {
      queryClient.setQueryData<CollectableDetail>(videoDetailKeys.byId(id), (old) =>
        old ? { ...old, isCollect: state.isCollect, collectCount: state.collectCount } : old,
      );
    },
  });
}
