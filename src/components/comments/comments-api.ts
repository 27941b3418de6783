import { useMutation, useQuery } from '@tanstack/react-query';
import type { Page } from '../../../protocol/api.ts';
import { CONTENT_API, type CommentItem, type CommentRules, type CommentThread, type CommentVoteState } from '../../../protocol/content-api.ts';
import { apiPost } from '../../lib/api-client.ts';
import { sendOrKeep } from '../../lib/outbox.ts';
import { pagedQuery } from '../../lib/queries.ts';
import { queryClient } from '../../lib/query-client.ts';

export type CommentSort = 'hot' | 'latest';
/** What comments are written under: 2 a video, 3 a review, 5 a post. */
export type CommentTargetType = 2 | 3 | 5;
export const COMMENTS_PAGE_SIZE = 10;
export const REPLIES_PAGE_SIZE = 10;

/** Keys carry the target and the viewer: the answers hold the viewer's own votes. */
export const commentKeys = {
  all: ['comments'] as const,
  target: (contentType: CommentTargetType, id: number) => [...commentKeys.all, contentType, id] as const,
  list: (contentType: CommentTargetType, id: number, sort: CommentSort, viewer: number) =>
    [...commentKeys.target(contentType, id), 'list', sort, viewer] as const,
  replies: (contentType: CommentTargetType, id: number, parentId: number, viewer: number) =>
    [...commentKeys.target(contentType, id), 'replies', parentId, viewer] as const,
  rules: (viewer: number) => [...commentKeys.all, 'rules', viewer] as const,
  quick: ['comments', 'quick'] as const,
};

export const useComments = pagedQuery({
  key: commentKeys.list,
  fetch: (page: number, contentType: CommentTargetType, id: number, sort: CommentSort, _viewer: number) =>
    apiPost<Page<CommentThread>>(CONTENT_API.commentList, { id, contentType, sort, page, pageSize: COMMENTS_PAGE_SIZE }),
});

/** The replies after a thread's preview; asked only when the reader opens them. */
export const useReplies = pagedQuery({
  key: commentKeys.replies,
  fetch: (page: number, _contentType: CommentTargetType, _id: number, parentId: number, _viewer: number) =>
    apiPost<Page<CommentItem>>(CONTENT_API.commentReplies, { id: parentId, page, pageSize: REPLIES_PAGE_SIZE }),
  enabled: (_contentType, _id, parentId) => parentId > 0,
});

/** Whether the member accepted the community rules (members only: `viewer` 0 asks nothing). */
export function useCommentRules(viewer: number) {
  return useQuery({
    queryKey: commentKeys.rules(viewer),
    queryFn: () => apiPost<CommentRules>(CONTENT_API.commentConfirm, {}, { quiet: true }),
    enabled: viewer > 0,
    staleTime: Infinity,
  });
}

export async function acceptRules(viewer: number): Promise<void> {
  const rules = await apiPost<CommentRules>(CONTENT_API.commentConfirm, { agree: true });
  queryClient.setQueryData(commentKeys.rules(viewer), rules);
}

export function useQuickReplies(enabled: boolean) {
  return useQuery({
    queryKey: commentKeys.quick,
    queryFn: () => apiPost<string[]>(CONTENT_API.commentQuickReply, {}, { quiet: true }),
    enabled,
    staleTime: Infinity,
  });
}

/** Where a comment kept offline shows as pending (lib/outbox.ts). */
export function pendingCommentsTarget(contentType: CommentTargetType, id: number): string {
  return `comments:${contentType}:${id}`;
}

/** Writes a comment or reply; the target's lists (and their counts) are read again. */
export function useAddComment(contentType: CommentTargetType, id: number) {
  return useMutation({
    // The outbox decides what offline means: react-query must not hold the call back itself.
    networkMode: 'always',
    // Offline it is kept in the outbox (null), shown pending above the list until it is sent.
    mutationFn: async (input: { content: string; parentId?: number }) => {
      const outcome = await sendOrKeep({
        kind: 'comment',
        body: { contentType, id, ...input },
        target: pendingCommentsTarget(contentType, id),
      });
      return outcome.sent ? outcome.data : null;
    },
    onSuccess: (item) => (item ? queryClient.invalidateQueries({ queryKey: commentKeys.target(contentType, id) }) : undefined),
  });
}

/** Where votes kept offline show as pending: one target for the comments under one video, review or post. */
export const votesTarget = (contentType: CommentTargetType, id: number) => `votes:${contentType}:${id}`;

/** The counts once `vote` replaces the reader's earlier one, as the server will count them. */
export function afterVote(state: CommentVoteState, vote: 1 | -1 | 0): CommentVoteState {
  const like = state.likeCount - (state.myVote === 1 ? 1 : 0) + (vote === 1 ? 1 : 0);
  const oppose = state.opposeCount - (state.myVote === -1 ? 1 : 0) + (vote === -1 ? 1 : 0);
  return { likeCount: Math.max(0, like), opposeCount: Math.max(0, oppose), myVote: vote };
}

/** Votes (0 takes a vote back): the server's answer, or offline the counts it will give once the outbox sends it. */
export async function voteOnComment(
  on: { contentType: CommentTargetType; id: number },
  commentId: number,
  vote: 1 | -1 | 0,
  shown: CommentVoteState,
): Promise<CommentVoteState> {
  const outcome = await sendOrKeep({ kind: 'vote', body: { id: commentId, vote }, target: votesTarget(on.contentType, on.id) });
  return outcome.sent ? outcome.data : afterVote(shown, vote);
}
