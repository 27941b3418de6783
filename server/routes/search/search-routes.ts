import type { AppContext } from '../../context.ts';
import { EmptyBody } from '../../../protocol/contracts/common.ts';
import { HotBatchBody, HotSearchList, SearchBody, SearchResult } from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import type { ApiInstance } from '../schemas.ts';
import { badRequest } from '../../plugins/api-error.ts';
import { tokenHash } from '../../plugins/auth.ts';
import { sharedAnswer } from '../../plugins/answer-text.ts';
import { localDay } from '../../jobs/local-day.ts';
import { endpoints } from '../endpoint.ts';
import { offsetOf, pageResult } from '../page-result.ts';

export const HOT_BATCH_SIZE = 10;
/** Tags are few and short: the first page carries every match up to this many. */
const TAG_RESULTS = 30;
/** Longest keyword a search may add to the hot list. */
const HOT_KEYWORD_MAX = 20;

export async function searchRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'search');

  endpoint(
    CONTENT_API.search,
    {
      summary:
        "Substring search (Chinese text matches inside words); type all answers the first page of every section. A member's post results leave out the posts of members they blocked",
      body: SearchBody,
      answer: SearchResult,
      answerName: 'SearchResult',
    },
    async (request) => {
      const { type, page, pageSize } = request.body;
      const keyword = request.body.keyword.trim();
      if (!keyword) throw badRequest('参数错误: keyword');
      // Many visitors search the same few words: one answer serves them all for a few seconds.
      const { result, found } = await ctx.caches.search.get(`${type} ${page} ${pageSize} ${keyword}`, async () => {
        const wants = (section: SearchBody['type']) => type === 'all' || type === section;
        const result: SearchResult = { keyword, videos: null, actresses: null, tags: null, posts: null };
        // The sections are independent: one round trip of latency, not four.
        const offset = offsetOf(page, pageSize);
        const [videos, actresses, tags, posts] = await Promise.all([
          wants('video') ? ctx.search.videos(keyword, offset, pageSize) : null,
          wants('actress') ? ctx.content.searchActresses(keyword, offset, pageSize) : null,
          wants('tag') && page === 1 ? ctx.content.searchTags(keyword, TAG_RESULTS) : null,
          wants('post') ? ctx.posts.search(keyword, offset, pageSize) : null,
        ]);
        if (videos) result.videos = pageResult(page, pageSize, videos);
        if (actresses) result.actresses = pageResult(page, pageSize, actresses);
        if (wants('tag')) result.tags = tags ?? [];
        if (posts) result.posts = pageResult(page, pageSize, posts);
        return { result, found: (videos?.total ?? 0) + (actresses?.total ?? 0) + (tags?.length ?? 0) + (posts?.total ?? 0) > 0 };
      });
      // The shared answer's posts may include those of members this caller blocked: only then (a
      // member with blocks, asked only when there are posts) is the posts section read for them.
      const answer = result.posts?.list.length && request.token ? await withoutBlocked(result, request.token, page, pageSize) : result;
      // The caller is the client address: tokens are free to make, addresses are not. The database
      // decides (once per caller per keyword per day); a caller seen here today needs no round trip.
      if (found && page === 1 && [...keyword].length <= HOT_KEYWORD_MAX) {
        const day = localDay(new Date(), ctx.config.timeZone);
        const seen = `${day} ${request.ip} ${keyword}`;
        if (!ctx.caches.warmed.has(seen)) {
          await ctx.search.warm(keyword, request.ip, day);
          ctx.caches.warmed.add(seen);
        }
      }
      // The shared answer's text is made once per cache entry.
      return answer === result ? sharedAnswer(result) : answer;
    },
  );

  /** `result` with its posts read again for the session's member when they block anyone; else `result` itself. */
  async function withoutBlocked(result: SearchResult, token: string, page: number, pageSize: number): Promise<SearchResult> {
    const viewer = await ctx.safety.blockerOfSession(tokenHash(token), new Date());
    if (viewer === undefined) return result;
    return { ...result, posts: pageResult(page, pageSize, await ctx.posts.search(result.keyword, offsetOf(page, pageSize), pageSize, viewer)) };
  }

  const hotBatch = async (batch: number): Promise<HotSearchList> => ({ batch, list: await ctx.search.hot((batch - 1) * HOT_BATCH_SIZE, HOT_BATCH_SIZE) });

  endpoint(
    CONTENT_API.hotsearchList,
    { summary: 'The first batch of hot searches, hottest first', body: EmptyBody, answer: HotSearchList, answerName: 'HotSearchList' },
    async () => hotBatch(1),
  );

  endpoint(
    CONTENT_API.hotsearchChangeOne,
    { summary: 'The batch after `batch`, wrapping around to the first', body: HotBatchBody, answer: HotSearchList, answerName: 'HotSearchList' },
    async ({ body }) => {
      const batches = Math.max(1, Math.ceil((await ctx.search.hotCount()) / HOT_BATCH_SIZE));
      return hotBatch((body.batch % batches) + 1);
    },
  );
}
