import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../../protocol/api.ts';
import {
  MEMBER_API,
  type CheckinOverview,
  type MessageHasNew,
  type MessageItem,
  type MessageLatest,
  type MessageType,
  type ScoreEntry,
  type ScoreRank,
  type UserTitle,
} from '../../../../protocol/member-api.ts';
import { sendOrKeep } from '../../../lib/outbox.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { memberKeys } from '../../../lib/member-queries.ts';
import { pagedQuery, readQuery } from '../../../lib/queries.ts';

export const SCORE_PAGE_SIZE = 10;
export const MESSAGE_PAGE_SIZE = 15;

export const useCheckin = readQuery({
  key: memberKeys.checkin,
  fetch: (_userId: number, month: string | undefined) => apiPost<CheckinOverview>(MEMBER_API.checkinPrize, month ? { month } : {}),
  staleTime: 0,
});

export const useUserTitle = readQuery({ key: memberKeys.title, fetch: (_userId: number) => apiPost<UserTitle>(MEMBER_API.userTitle, {}), staleTime: 0 });

export const useScoreRank = readQuery({
  key: memberKeys.rank,
  fetch: (_userId: number) => apiPost<ScoreRank>(MEMBER_API.scoreRank, { limit: 10 }),
  staleTime: 60_000,
});

export const useScoreHistory = pagedQuery({
  key: memberKeys.scores,
  fetch: (page: number, _userId: number) => apiPost<Page<ScoreEntry>>(MEMBER_API.scoreList, { page, pageSize: SCORE_PAGE_SIZE }),
  staleTime: 0,
});

export const useMessages = pagedQuery({
  key: memberKeys.messages,
  fetch: (page: number, _userId: number, type: MessageType) => apiPost<Page<MessageItem>>(MEMBER_API.messageList, { type, page, pageSize: MESSAGE_PAGE_SIZE }),
  staleTime: 0,
});

export const useMessageLatest = readQuery({
  key: memberKeys.latest,
  fetch: (_userId: number) => apiPost<MessageLatest>(MEMBER_API.messageLatest, {}),
  staleTime: 0,
});

export const useNotice = readQuery({ key: memberKeys.notice, fetch: (_userId: number, id: number) => apiPost<MessageItem>(MEMBER_API.messageDetail, { id }) });

/**
 * A check-in or a claim answered the new calendar: it is written into this month at once, and the
 * title, the points history and the leaderboard, whose points moved, are asked again.
 */
function checkinChanged(queryClient: ReturnType<typeof useQueryClient>, userId: number, overview: CheckinOverview) {
  queryClient.setQueryData(memberKeys.checkin(userId, undefined), overview);
  queryClient.setQueryData(memberKeys.checkin(userId, overview.month), overview);
  for (const key of [memberKeys.title(userId), memberKeys.scores(userId), memberKeys.rank(userId)]) void queryClient.invalidateQueries({ queryKey: key });
}

/** Today's check-in: the answer is the new calendar, written into the shown month at once. */
export function useCheckinClick(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The outbox decides what offline means: react-query must not hold the call back itself.
    networkMode: 'always',
    // Offline it is kept in the outbox (the card shows it pending) and counts for the day it reaches the server.
    mutationFn: async () => {
      const outcome = await sendOrKeep({ kind: 'checkin', body: {}, target: 'checkin' });
      return outcome.sent ? outcome.data : null;
    },
    onSuccess: (result) => {
      if (result) checkinChanged(queryClient, userId, result.overview);
    },
  });
}

export function useClaimPrize(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<CheckinOverview>(MEMBER_API.checkinGave, { id, requestId: crypto.randomUUID() }),
    onSuccess: (overview) => checkinChanged(queryClient, userId, overview),
  });
}

/** Opening a tab reads it: the badge takes the server's new count. */
export function useMarkRead(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: MessageType) => apiPost<MessageHasNew>(MEMBER_API.messageRead, { type }),
    onSuccess: (unread) => {
      queryClient.setQueryData(memberKeys.unread(userId), unread);
      void queryClient.invalidateQueries({ queryKey: memberKeys.latest(userId) });
    },
  });
}
