import type { Page } from '../../../../protocol/api.ts';
import { CONTENT_API, type MyComment } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { memberKeys } from '../../../lib/member-queries.ts';
import { pagedQuery } from '../../../lib/queries.ts';

export const MY_COMMENTS_PAGE_SIZE = 10;

/** The member's own comments (comment/mycomments), newest first. */
export const useMyComments = pagedQuery({
  key: (userId: number) => [...memberKeys.of(userId), 'comments'] as const,
  fetch: (page: number, _userId: number) => apiPost<Page<MyComment>>(CONTENT_API.commentMine, { page, pageSize: MY_COMMENTS_PAGE_SIZE }),
  staleTime: 0,
});
