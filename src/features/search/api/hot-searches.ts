import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CONTENT_API, type HotSearchList } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';

export const hotSearchKeys = {
  all: ['hot-searches'] as const,
  /** `after` 0 is the first batch; otherwise the batch after that number. */
  batch: (after: number) => [...hotSearchKeys.all, after] as const,
};

export function getHotSearches(after: number): Promise<HotSearchList> {
  return after === 0 ? apiPost<HotSearchList>(CONTENT_API.hotsearchList, {}) : apiPost<HotSearchList>(CONTENT_API.hotsearchChangeOne, { batch: after });
}

export function hotSearchesQueryOptions(after: number) {
  return queryOptions({
    queryKey: hotSearchKeys.batch(after),
    queryFn: () => getHotSearches(after),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useHotSearches(after: number) {
  return useQuery(hotSearchesQueryOptions(after));
}
