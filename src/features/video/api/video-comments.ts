import type { Page } from '../../../../protocol/api.ts';
import { CONTENT_API, CONTENT_TYPE, type CommentItem } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { pagedQuery } from '../../../lib/queries.ts';

export type CommentSort = 'hot' | 'latest';
export const COMMENTS_PAGE_SIZE = 10;

export const videoCommentKeys = {
  all: ['video-comments'] as const,
  list: (videoId: number, sort: CommentSort) => [...videoCommentKeys.all, videoId, sort] as const,
};

export const useVideoComments = pagedQuery({
  key: videoCommentKeys.list,
  fetch: (page: number, id: number, sort: CommentSort) =>
    apiPost<Page<CommentItem>>(CONTENT_API.commentList, { id, contentType: CONTENT_TYPE.VIDEO, sort, page, pageSize: COMMENTS_PAGE_SIZE }),
});
