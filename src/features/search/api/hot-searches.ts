import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONTENT_API, type HotSearchList } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { FRESH } from '../../../lib/queries.ts';

export const hotSearchKeys = {
  all: ['hot-searches'] as const,
  /** `after` 0 is the first batch; otherwise the batch after that number. */
  batch: (after: number) => [...hotSearchKeys.all, after] as const,
};

export function getHotSearches(after: number): Promise<HotSearchList> {
  return after === 0 ? apiPost<HotSearchList>(CONTENT_API.hotsearchList, {}) : apiPost<HotSearchList>(CONTENT_API.hotsearchChangeOne, { batch: after });
}

/** 换一批 keeps the old batch on screen until the next arrives; `enabled` false waits (the header's box asks once opened). */
export function useHotSearches(after: number, enabled = true) {
  return useQuery({
    queryKey: hotSearchKeys.batch(after),
    queryFn: () => getHotSearches(after),
    staleTime: FRESH.page,
    placeholderData: keepPreviousData,
    enabled,
  });
}
