import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTENT_API, type HomeIndex } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';

export const homeIndexKeys = {
  all: ['home-index'] as const,
  byCategory: (categoryId: number) => [...homeIndexKeys.all, categoryId] as const,
};

export function getHomeIndex(categoryId: number): Promise<HomeIndex> {
  return apiPost<HomeIndex>(CONTENT_API.homeIndex, { categoryId });
}

export function homeIndexQueryOptions(categoryId: number) {
  return queryOptions({
    queryKey: homeIndexKeys.byCategory(categoryId),
    queryFn: () => getHomeIndex(categoryId),
    // Returning to home must show the cached sections as they were (keep-alive), not refetch them.
    staleTime: 5 * 60_000,
  });
}

export function useHomeIndex(categoryId: number) {
  return useQuery(homeIndexQueryOptions(categoryId));
}
