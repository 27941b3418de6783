import { useQuery } from '@tanstack/react-query';
import { MEMBER_API, type MessageHasNew, type MessageType } from '../../protocol/member-api.ts';
import { apiPost } from './api-client.ts';

/** The unread badge asks again this often while the page is visible (and on focus). */
export const UNREAD_POLL_MS = 60_000;

/** Every key carries the member, so another sign-in on the device never reads these answers. */
export const memberKeys = {
  all: ['member'] as const,
  of: (userId: number) => [...memberKeys.all, userId] as const,
  checkin: (userId: number, month: string | undefined) => [...memberKeys.of(userId), 'checkin', month ?? 'now'] as const,
  title: (userId: number) => [...memberKeys.of(userId), 'title'] as const,
  scores: (userId: number) => [...memberKeys.of(userId), 'scores'] as const,
  rank: (userId: number) => [...memberKeys.of(userId), 'rank'] as const,
  messages: (userId: number, type: MessageType) => [...memberKeys.of(userId), 'messages', type] as const,
  latest: (userId: number) => [...memberKeys.of(userId), 'latest'] as const,
  unread: (userId: number) => [...memberKeys.of(userId), 'unread'] as const,
  notice: (userId: number, id: number) => [...memberKeys.of(userId), 'notice', id] as const,
  invites: (userId: number) => [...memberKeys.of(userId), 'invites'] as const,
  status: (userId: number) => [...memberKeys.of(userId), 'status'] as const,
  lock: (userId: number) => [...memberKeys.of(userId), 'lock'] as const,
};

/** Unread messages for the badge; nothing is asked for a guest (userId undefined). */
export function useUnread(userId: number | undefined) {
  return useQuery({
    queryKey: memberKeys.unread(userId ?? 0),
    queryFn: () => apiPost<MessageHasNew>(MEMBER_API.messageHasNew, {}),
    enabled: userId !== undefined,
    staleTime: 30_000,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });
}
