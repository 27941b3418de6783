import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONTENT_TYPE, type ActressDetail, type CollectState } from '../../../../protocol/content-api.ts';
import { sendOrKeep } from '../../../lib/outbox.ts';
import { actressKeys } from './actress-keys.ts';

/** Where a follow kept offline shows as pending (the follow button). */
export const followTarget = (id: number) => `actress:${id}`;

/** The server's answer is the truth: its collect count is the performer's fan count. */
export function withFollowState(detail: ActressDetail, state: CollectState): ActressDetail {
  return { ...detail, isCollect: state.isCollect, fansCount: state.collectCount };
}

/**
 * 关注 is the performer flavour of collect/add and collect/del (contentType 8). Offline it is kept
 * in the outbox and the page shows the wanted state at once, marked pending.
 */
export function useFollowActress(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The outbox decides what offline means: react-query must not hold the call back itself.
    networkMode: 'always',
    mutationFn: async (follow: boolean): Promise<CollectState> => {
      const outcome = await sendOrKeep({
        kind: follow ? 'follow' : 'unfollow',
        body: { id, contentType: CONTENT_TYPE.ACTRESS },
        target: followTarget(id),
      });
      if (outcome.sent) return outcome.data;
      const shown = queryClient.getQueryData<ActressDetail>(actressKeys.detail(id));
      return { isCollect: follow, collectCount: Math.max(0, (shown?.fansCount ?? 0) + (follow ? 1 : -1)) };
    },
    onSuccess: (state) => {
      queryClient.setQueryData<ActressDetail>(actressKeys.detail(id), (old) => (old ? withFollowState(old, state) : old));
    },
  });
}
