import { useMutation } from '@tanstack/react-query';
import type { Page } from '../../../protocol/api.ts';
import { SAFETY_API, type BlockedMember, type BlockState, type ReportReason, type ReportReceipt, type ReportTarget } from '../../../protocol/safety-api.ts';
import { apiPost } from '../../lib/api-client.ts';
import { memberKeys } from '../../lib/member-queries.ts';
import { pagedQuery } from '../../lib/queries.ts';
import { queryClient } from '../../lib/query-client.ts';
import { commentKeys } from '../comments/comments-api.ts';

export const BLOCKLIST_PAGE_SIZE = 20;

/** The blocklist is the member's own: its key carries them, so another sign-in never reads it. */
export const blocklistKey = (userId: number) => [...memberKeys.of(userId), 'blocklist'] as const;

/**
 * The cached answers a block changes: comments (components/comments), and the discussion feed,
 * 猜你喜欢, post pages and search results, whose features key them under 'post' and 'search'.
 */
const BLOCK_AFFECTED = new Set<unknown>([commentKeys.all[0], 'post', 'search']);

/** Reports a video, post, comment or review; the dialog shows a refusal itself (quiet). */
export function reportContent(input: { targetType: ReportTarget; targetId: number; reason: ReportReason; detail: string }): Promise<ReportReceipt> {
  const { detail, ...rest } = input;
  return apiPost<ReportReceipt>(SAFETY_API.reportAdd, { ...rest, ...(detail ? { detail } : {}), requestId: crypto.randomUUID() }, { quiet: true });
}

/** The members `userId` blocked, newest first (nothing is asked for a guest, 0). */
export const useBlocklist = pagedQuery({
  key: blocklistKey,
  fetch: (page: number, _userId: number) => apiPost<Page<BlockedMember>>(SAFETY_API.userBlocklist, { page, pageSize: BLOCKLIST_PAGE_SIZE }),
  enabled: (userId: number) => userId > 0,
});

/** After a block or an unblock: what the member reads is asked again, and their blocklist. */
async function refreshAfterBlock(userId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: blocklistKey(userId) }),
    queryClient.invalidateQueries({ predicate: (query) => BLOCK_AFFECTED.has(query.queryKey[0]) }),
  ]);
}

/** user/block for member `userId`; their comments and posts leave what the member sees. */
export function useBlockMember(userId: number) {
  return useMutation({
    mutationFn: (blocked: number) => apiPost<BlockState>(SAFETY_API.userBlock, { userId: blocked, requestId: crypto.randomUUID() }),
    onSuccess: () => refreshAfterBlock(userId),
  });
}

/** user/unblock for member `userId`; the unblocked member's content comes back. */
export function useUnblockMember(userId: number) {
  return useMutation({
    mutationFn: (blocked: number) => apiPost<BlockState>(SAFETY_API.userUnblock, { userId: blocked, requestId: crypto.randomUUID() }),
    onSuccess: () => refreshAfterBlock(userId),
  });
}
