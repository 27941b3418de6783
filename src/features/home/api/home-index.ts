import { CONTENT_API, type HomeIndex } from '../../../../protocol/content-api.ts';
import { apiRead } from '../../../lib/queries.ts';

export const homeIndexKeys = {
  all: ['home-index'] as const,
  byCategory: (categoryId: number) => [...homeIndexKeys.all, categoryId] as const,
};

/** Home's sections of one category; returning to home shows them as they were (keep-alive), not refetched. */
export const useHomeIndex = apiRead<[number], HomeIndex>(CONTENT_API.homeIndex, homeIndexKeys.byCategory, (categoryId) => ({ categoryId }));
