import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '../../../../protocol/api.ts';
import { CONTENT_API, CONTENT_TYPE, type CommentItem } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';

export type CommentSort = 'hot' | 'latest';
export const COMMENTS_PAGE_SIZE = 10;

export const videoCommentKeys = {
  all: ['video-comments'] as const,
  list: (videoId: number, sort: CommentSort) => [...videoCommentKeys.all, videoId, sort] as const,
};

export function getVideoComments(videoId: number, sort: CommentSort, page: number): Promise<Page<CommentItem>> {
  return apiPost<Page<CommentItem>>(CONTENT_API.commentList, {
    id: videoId,
    contentType: CONTENT_TYPE.VIDEO,
    sort,
    page,
    pageSize: COMMENTS_PAGE_SIZE,
  });
}

export function videoCommentsQueryOptions(videoId: number, sort: CommentSort) {
  return infiniteQueryOptions({
    queryKey: videoCommentKeys.list(videoId, sort),
    queryFn: ({ pageParam }) => getVideoComments(videoId, sort, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: Page<CommentItem>) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 60_000,
  });
}

export function useVideoComments(videoId: number, sort: CommentSort) {
  return useInfiniteQuery(videoCommentsQueryOptions(videoId, sort));
}
