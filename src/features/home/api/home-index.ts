import { CONTENT_API, type HomeIndex } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { readQuery } from '../../../lib/queries.ts';

export const homeIndexKeys = {
  all: ['home-index'] as const,
  byCategory: (categoryId: number) => [...homeIndexKeys.all, categoryId] as const,
};

/** Home's sections of one category; returning to home shows them as they were (keep-alive), not refetched. */
export const useHomeIndex = readQuery({
  key: homeIndexKeys.byCategory,
  fetch: (categoryId: number) => apiPost<HomeIndex>(CONTENT_API.homeIndex, { categoryId }),
});
