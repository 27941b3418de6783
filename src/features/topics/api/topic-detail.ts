import { CONTENT_API, type SortKey, type TopicDetail } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { pagedQuery } from '../../../lib/queries.ts';
import { topicKeys } from './topic-keys.ts';

/** Nine fills the first screen of every layout: a hero and 2x4 (or 4x2) tiles, 3x3 large cards. */
export const TOPIC_PAGE_SIZE = 9;

/** Every page repeats the topic itself; only its `videos` page moves on. */
export function nextTopicPage(last: TopicDetail): number | undefined {
  return last.videos.hasMore ? last.videos.page + 1 : undefined;
}

export const useTopicDetail = pagedQuery<[number, SortKey], TopicDetail>({
  key: topicKeys.detail,
  fetch: (page, id, sort) => apiPost<TopicDetail>(CONTENT_API.topicDetail, { id, sort, page, pageSize: TOPIC_PAGE_SIZE }),
  next: nextTopicPage,
});
