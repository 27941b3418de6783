import type { SortKey } from '../../../../protocol/content-api.ts';

/** What /tagDetails shows: one tag, or every tag of one category. */
export interface TagSubject {
  tid?: number;
  tagCateId?: number;
  contentType?: number;
}

export const tagKeys = {
  all: ['tags'] as const,
  list: () => [...tagKeys.all, 'list'] as const,
  detail: (subject: TagSubject, sort: SortKey) =>
    [...tagKeys.all, 'detail', subject.tid ?? null, subject.tagCateId ?? null, subject.contentType ?? null, sort] as const,
};
