import type { Page, VideoItem } from '../../../../protocol/api.ts';
import { CONTENT_API, type SortKey } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { pagedQuery } from '../../../lib/queries.ts';
import { actressKeys } from './actress-keys.ts';

export const ACTRESS_WORKS_PAGE_SIZE = 12;

export const useActressWorks = pagedQuery({
  key: actressKeys.works,
  fetch: (page: number, id: number, sort: SortKey) => apiPost<Page<VideoItem>>(CONTENT_API.actressWorks, { id, sort, page, pageSize: ACTRESS_WORKS_PAGE_SIZE }),
});
