import { CONTENT_API, CONTENT_TYPE, type CommentItem } from '../../../../protocol/content-api.ts';
import { apiPaged } from '../../../lib/queries.ts';

export type CommentSort = 'hot' | 'latest';
export const COMMENTS_PAGE_SIZE = 10;

export const videoCommentKeys = {
  all: ['video-comments'] as const,
  list: (videoId: number, sort: CommentSort) => [...videoCommentKeys.all, videoId, sort] as const,
};

export const useVideoComments = apiPaged<[number, CommentSort], CommentItem>(CONTENT_API.commentList, videoCommentKeys.list, (page, id, sort) => ({
  id,
  contentType: CONTENT_TYPE.VIDEO,
  sort,
  page,
  pageSize: COMMENTS_PAGE_SIZE,
}));
