import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONTENT_API, CONTENT_TYPE, type ActressDetail, type CollectState } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { actressKeys } from './actress-keys.ts';

/** 关注 is the performer flavour of collect/add and collect/del (contentType 8). */
export function setActressFollowed(id: number, follow: boolean): Promise<CollectState> {
  return apiPost<CollectState>(follow ? CONTENT_API.collectAdd : CONTENT_API.collectDel, { id, contentType: CONTENT_TYPE.ACTRESS });
}

/** The server's answer is the truth: its collect count is the performer's fan count. */
export function withFollowState(detail: ActressDetail, state: CollectState): ActressDetail {
  return { ...detail, isCollect: state.isCollect, fansCount: state.collectCount };
}

export function useFollowActress(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => setActressFollowed(id, follow),
    onSuccess: (state) => {
      queryClient.setQueryData<ActressDetail>(actressKeys.detail(id), (old) => (old ? withFollowState(old, state) : old));
    },
  });
}
