import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTENT_API, type ReviewDetail } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { reviewKeys } from './review-keys.ts';

export function getReviewDetail(id: number): Promise<ReviewDetail> {
  return apiPost<ReviewDetail>(CONTENT_API.reviewDetail, { id });
}

export function reviewDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: reviewKeys.detail(id),
    queryFn: () => getReviewDetail(id),
    staleTime: 5 * 60_000,
  });
}

export function useReviewDetail(id: number) {
  return useQuery(reviewDetailQueryOptions(id));
}
