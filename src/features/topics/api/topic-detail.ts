import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CONTENT_API, type SortKey, type TopicDetail, type TopicDetailBody } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { topicKeys } from './topic-keys.ts';

/** Nine fills the first screen of every layout: a hero and 2x4 (or 4x2) tiles, 3x3 large cards. */
export const TOPIC_PAGE_SIZE = 9;

export function getTopicDetail(body: TopicDetailBody): Promise<TopicDetail> {
  return apiPost<TopicDetail>(CONTENT_API.topicDetail, body);
}

/** Every page repeats the topic itself; only its `videos` page moves on. */
export function nextTopicPage(last: TopicDetail): number | undefined {
  return last.videos.hasMore ? last.videos.page + 1 : undefined;
}

export function topicDetailQueryOptions(id: number, sort: SortKey) {
  return infiniteQueryOptions({
    queryKey: topicKeys.detail(id, sort),
    queryFn: ({ pageParam }) => getTopicDetail({ id, sort, page: pageParam, pageSize: TOPIC_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextTopicPage,
    staleTime: 60_000,
  });
}

export function useTopicDetail(id: number, sort: SortKey) {
  return useInfiniteQuery(topicDetailQueryOptions(id, sort));
}
