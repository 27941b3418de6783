import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoDetail } from '../../../../protocol/api.ts';
import { CONTENT_TYPE, type CollectState } from '../../../../protocol/content-api.ts';
import { sendOrKeep } from '../../../lib/outbox.ts';
import { videoDetailKeys } from './video-detail.ts';

export type CollectableDetail = VideoDetail & { isCollect?: boolean };

/**
 * Toggles a favourite and writes the server's answer into the cached detail, so every view agrees.
 * Offline it is kept in the outbox and the detail shows the wanted state at once (marked pending).
 */
export function useCollectVideo(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The outbox decides what offline means: react-query must not hold the call back itself.
    networkMode: 'always',
    mutationFn: async (collect: boolean): Promise<CollectState> => {
      const outcome = await sendOrKeep({
        kind: collect ? 'favourite' : 'unfavourite',
        body: { id, contentType: CONTENT_TYPE.VIDEO },
        target: `video:${id}`,
      });
      if (outcome.sent) return outcome.data;
      const shown = queryClient.getQueryData<CollectableDetail>(videoDetailKeys.byId(id));
      return { isCollect: collect, collectCount: Math.max(0, (shown?.collectCount ?? 0) + (collect ? 1 : -1)) };
    },
    onSuccess: (state) => {
      queryClient.setQueryData<CollectableDetail>(videoDetailKeys.byId(id), (old) =>
        old ? { ...old, isCollect: state.isCollect, collectCount: state.collectCount } : old,
      );
    },
  });
}
