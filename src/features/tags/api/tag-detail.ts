import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CONTENT_API, type SortKey, type TagDetail, type TagDetailBody } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { tagKeys, type TagSubject } from './tag-keys.ts';

export const TAG_DETAIL_PAGE_SIZE = 12;

export function getTagDetail(body: TagDetailBody): Promise<TagDetail> {
  return apiPost<TagDetail>(CONTENT_API.tagDetail, body);
}

/** A tag narrows more than its category, so a query naming both asks by tag only. */
export function tagDetailBody(subject: TagSubject, sort: SortKey, page: number): TagDetailBody {
  const body: TagDetailBody = { page, pageSize: TAG_DETAIL_PAGE_SIZE, sort };
  if (subject.tid !== undefined) body.tid = subject.tid;
  else if (subject.tagCateId !== undefined) body.tagCateId = subject.tagCateId;
  // Only videos (2) and creators (8) are listed by tag; anything else leaves the tag's own type.
  if (subject.contentType === 2 || subject.contentType === 8) body.contentType = subject.contentType;
  return body;
}

/** An answer carries videos or performers, whichever its contentType filled; either may page on. */
export function nextTagDetailPage(last: TagDetail): number | undefined {
  const page = last.videos ?? last.actresses;
  return page?.hasMore ? page.page + 1 : undefined;
}

export function tagDetailQueryOptions(subject: TagSubject, sort: SortKey) {
  return infiniteQueryOptions({
    queryKey: tagKeys.detail(subject, sort),
    queryFn: ({ pageParam }) => getTagDetail(tagDetailBody(subject, sort, pageParam)),
    initialPageParam: 1,
    getNextPageParam: nextTagDetailPage,
    staleTime: 60_000,
  });
}

export function useTagDetail(subject: TagSubject, sort: SortKey) {
  return useInfiniteQuery(tagDetailQueryOptions(subject, sort));
}
