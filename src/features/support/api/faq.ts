import type { Page } from '../../../../protocol/api.ts';
import { SUPPORT_API, type FaqCategory, type FaqEntry } from '../../../../protocol/support-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { FRESH, pagedQuery, readQuery } from '../../../lib/queries.ts';
import { supportKeys } from './support-keys.ts';

export const FAQ_PAGE_SIZE = 10;

/** The FAQ categories with their question counts (question/cate). */
export const useFaqCategories = readQuery({
  key: supportKeys.faqCategories,
  fetch: () => apiPost<FaqCategory[]>(SUPPORT_API.questionCate, {}),
  staleTime: FRESH.catalogue,
});

/** The FAQ (question/list): all or one category, narrowed by a keyword when there is one. */
export const useFaqList = pagedQuery({
  key: supportKeys.faqList,
  fetch: (page: number, cateId: number | undefined, keyword: string) =>
    apiPost<Page<FaqEntry>>(SUPPORT_API.questionList, { page, pageSize: FAQ_PAGE_SIZE, ...(cateId ? { cateId } : {}), ...(keyword ? { keyword } : {}) }),
  staleTime: FRESH.catalogue,
});
