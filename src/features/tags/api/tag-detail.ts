import { CONTENT_API, type SortKey, type TagDetail, type TagDetailBody } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { tagScope } from '../../../lib/paging.ts';
import { pagedQuery } from '../../../lib/queries.ts';
import { tagKeys, type TagSubject } from './tag-keys.ts';

export const TAG_DETAIL_PAGE_SIZE = 12;

export function tagDetailBody(subject: TagSubject, sort: SortKey, page: number): TagDetailBody {
  const body: TagDetailBody = { page, pageSize: TAG_DETAIL_PAGE_SIZE, sort, ...tagScope(subject) };
  // Only videos (2) and creators (8) are listed by tag; anything else leaves the tag's own type.
  if (subject.contentType === 2 || subject.contentType === 8) body.contentType = subject.contentType;
  return body;
}

/** An answer carries videos or performers, whichever its contentType filled; either may page on. */
export function nextTagDetailPage(last: TagDetail): number | undefined {
  const page = last.videos ?? last.actresses;
  return page?.hasMore ? page.page + 1 : undefined;
}

export const useTagDetail = pagedQuery<[TagSubject, SortKey], TagDetail>({
  key: tagKeys.detail,
  fetch: (page, subject, sort) => apiPost<TagDetail>(CONTENT_API.tagDetail, tagDetailBody(subject, sort, page)),
  next: nextTagDetailPage,
});
