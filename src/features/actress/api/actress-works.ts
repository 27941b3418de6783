import type { VideoItem } from '../../../../protocol/api.ts';
import { CONTENT_API, type SortKey } from '../../../../protocol/content-api.ts';
import { apiPaged } from '../../../lib/queries.ts';
import { actressKeys } from './actress-keys.ts';

export const ACTRESS_WORKS_PAGE_SIZE = 12;

export const useActressWorks = apiPaged<[number, SortKey], VideoItem>(CONTENT_API.actressWorks, actressKeys.works, (page, id, sort) => ({
  id,
  sort,
  page,
  pageSize: ACTRESS_WORKS_PAGE_SIZE,
}));
