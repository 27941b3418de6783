import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTENT_API, type PostDetail } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { postKeys } from './post-keys.ts';

export function getPostDetail(id: number): Promise<PostDetail> {
  return apiPost<PostDetail>(CONTENT_API.postDetail, { id });
}

export function postDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: () => getPostDetail(id),
    staleTime: 5 * 60_000,
  });
}

export function usePostDetail(id: number) {
  return useQuery(postDetailQueryOptions(id));
}
