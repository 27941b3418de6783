import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONTENT_API, type PostAccess } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { memberKeys } from '../../../lib/member-queries.ts';
import { readQuery } from '../../../lib/queries.ts';
import { postKeys } from './post-keys.ts';

/** post/isLook: whether the member may read a paid post whole, its price and their points; nothing is asked for a guest (userId 0). */
export const usePostAccess = readQuery({
  key: postKeys.access,
  fetch: (id: number, _userId: number) => apiPost<PostAccess>(CONTENT_API.postIsLook, { id }),
  enabled: (_id: number, userId: number) => userId > 0,
  staleTime: 0,
});

/**
 * post/pay: unlocks a paid post with the member's points. It settles once the post has been asked
 * again (so the whole text and its images show as the confirmation closes); the member's points,
 * their history and the leaderboard are asked again too.
 */
export function usePayPost(id: number, userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<PostAccess>(CONTENT_API.postPay, { id, requestId: crypto.randomUUID() }),
    onSuccess: async (access) => {
      client.setQueryData(postKeys.access(id, userId), access);
      for (const key of [memberKeys.title(userId), memberKeys.scores(userId), memberKeys.rank(userId)]) void client.invalidateQueries({ queryKey: key });
      await client.invalidateQueries({ queryKey: postKeys.detail(id) });
    },
  });
}
