import { CONTENT_API, type PostCenter } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { memberKeys } from '../../../lib/member-queries.ts';
import { pagedQuery } from '../../../lib/queries.ts';

export const MY_POSTS_PAGE_SIZE = 10;

/** The member's own posts with their status (post/center), newest first. */
export const useMyPosts = pagedQuery({
  key: (userId: number) => [...memberKeys.of(userId), 'posts', 'list'] as const,
  fetch: (page: number, _userId: number) => apiPost<PostCenter>(CONTENT_API.postCenter, { page, pageSize: MY_POSTS_PAGE_SIZE }),
  staleTime: 0,
});
