import { beforeAll, describe, expect, it } from 'vitest';
import { API, HOME_ID, type Page, type VideoDetail, type VideoItem } from '../../protocol/api.ts';
import {
  CONTENT_API,
  type ActressDetail,
  type ActressItem,
  type CollectState,
  type HomeIndex,
  type ReviewDetail,
  type ReviewItem,
  type SearchResult,
  type TagCategory,
  type TagDetail,
  type TopicDetail,
  type TopicItem,
  type VideoDetailExtra,
} from '../../protocol/content-api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { BACKENDS, call, suiteServer, newGuest } from './helpers.ts';

describe.each(BACKENDS)('browsing content on $name', (backend) => {
  const server = suiteServer({ backend });
  let token: string;
  beforeAll(async () => {
    token = (await newGuest(server.app)).token;
  });

  const post = <T>(path: string, body: object, withToken?: string) => call<T>(server.app, path, { body, token: withToken });

  it('seeds at least 60 videos, 20 creators, 12 topics of all seven types, 30 tags and reviews', async () => {
    const videos = await post<Page<VideoItem>>(API.videoList, { categoryId: HOME_ID, page: 1, pageSize: 1 });
    expect(videos.data.total).toBeGreaterThanOrEqual(60);
    const actresses = await post<Page<ActressItem>>(CONTENT_API.actressList, { page: 1, pageSize: 50 });
    expect(actresses.data.total).toBe(20);
    expect(actresses.data.list.every((a) => a.videoCount >= 3 && a.videoCount <= 8 && a.tags.length === 2)).toBe(true);
    const topics = await post<Page<TopicItem>>(CONTENT_API.topicList, { page: 1, pageSize: 50 });
    expect(topics.data.total).toBe(12);
    expect(new Set(topics.data.list.map((t) => t.type))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    expect(topics.data.list.every((t) => t.videoCount > 0)).toBe(true);
    const categories = await post<TagCategory[]>(CONTENT_API.tagList, {});
    expect(categories.data.flatMap((c) => c.tags).length).toBeGreaterThanOrEqual(30);
    const reviews = await post<Page<ReviewItem>>(CONTENT_API.reviewList, { page: 1, pageSize: 1 });
    expect(reviews.data.total).toBeGreaterThanOrEqual(40);
  });

  it('answers home/index with banners of every bindType, boxes and rankings', async () => {
    const home = (await post<HomeIndex>(CONTENT_API.homeIndex, { categoryId: HOME_ID })).data;
    expect(new Set(home.banners.map((b) => b.bindType))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
    expect(home.banners.every((b) => b.image && b.imageWidth === 960 && b.imageHeight === 400)).toBe(true);
    expect(home.boxes.map((b) => b.title)).toContain('编辑精选');
    const plays = home.rankings.find((r) => r.title === '热播榜')!.list.map((v) => v.playCount);
    expect(plays).toHaveLength(10);
    expect([...plays].sort((a, b) => b - a)).toEqual(plays);
    const category = (await post<HomeIndex>(CONTENT_API.homeIndex, { categoryId: 103 })).data;
    expect(category.banners).toEqual([]);
    expect(category.rankings[0]!.list.every((v) => v.categoryId === 103)).toBe(true);
    expect((await post(CONTENT_API.homeIndex, { categoryId: 999 })).envelope.code).toBe(CODES.NOT_FOUND);
  });

  it('filters creators by tag and tag category, sorts them, and pages', async () => {
    const byTag = (await post<Page<ActressItem>>(CONTENT_API.actressList, { page: 1, pageSize: 50, tid: 425 })).data;
    expect(byTag.total).toBeGreaterThan(0);
    expect(byTag.list.every((a) => a.tags.some((t) => t.id === 425))).toBe(true);
    const byCategory = (await post<Page<ActressItem>>(CONTENT_API.actressList, { page: 1, pageSize: 50, tagCateId: 304 })).data;
    expect(byCategory.total).toBe(20);
    const fans = (await post<Page<ActressItem>>(CONTENT_API.actressList, { page: 1, pageSize: 50, sort: 'collect' })).data.list.map((a) => a.fansCount);
    expect([...fans].sort((a, b) => b - a)).toEqual(fans);
    const first = (await post<Page<ActressItem>>(CONTENT_API.actressList, { page: 1, pageSize: 8 })).data;
    const third = (await post<Page<ActressItem>>(CONTENT_API.actressList, { page: 3, pageSize: 8 })).data;
    expect([first.hasMore, third.hasMore, third.list.length]).toEqual([true, false, 4]);
    const past = (await post<Page<ActressItem>>(CONTENT_API.actressList, { page: 9, pageSize: 8 })).data;
    expect([past.list.length, past.total, past.hasMore]).toEqual([0, 20, false]);
    expect((await post(CONTENT_API.actressList, { page: 1, pageSize: 8, tid: 99999 })).envelope.code).toBe(CODES.NOT_FOUND);
    expect((await post(CONTENT_API.actressList, { page: 1, pageSize: 8, tid: 425, tagCateId: 304 })).envelope.code).toBe(CODES.BAD_REQUEST);
    expect((await post(CONTENT_API.actressList, { page: 1, pageSize: 8, sort: 'random' })).envelope.code).toBe(CODES.BAD_REQUEST);
  });

  // Past the last page no row carries the total: it comes from a count of the same query.
  it.each([
    { name: 'topics', path: CONTENT_API.topicList, body: {} },
    { name: 'reviews', path: CONTENT_API.reviewList, body: { sort: 'hot' } },
    { name: 'tag reviews', path: CONTENT_API.tagReviews, body: { tagCateId: 301 } },
    { name: "a creator's works", path: CONTENT_API.actressWorks, body: { id: 2001 } },
    { name: 'favourite videos', path: CONTENT_API.collectList, body: { contentType: 2 }, collect: 1002 },
    { name: 'followed creators', path: CONTENT_API.collectList, body: { contentType: 8 }, collect: 2002 },
  ])('keeps the total of $name past the last page', async ({ path, body, collect }) => {
    let caller: string | undefined;
    if (collect) {
      caller = (await newGuest(server.app)).token;
      expect((await post(CONTENT_API.collectAdd, { id: collect, ...body }, caller)).envelope.code).toBe(CODES.OK);
    }
    const first = (await post<Page<unknown>>(path, { ...body, page: 1, pageSize: 50 }, caller)).data;
    expect(first.total).toBeGreaterThan(0);
    const past = (await post<Page<unknown>>(path, { ...body, page: 99, pageSize: 50 }, caller)).data;
    expect(past).toEqual({ list: [], page: 99, pageSize: 50, total: first.total, hasMore: false });
  });

  it('answers a creator with works, and follows and unfollows only for the caller', async () => {
    const detail = (await post<ActressDetail>(CONTENT_API.actressDetail, { id: 2001 }, token)).data;
    expect(detail).toMatchObject({ id: 2001, name: '林夏', contentType: 8, isCollect: false, coverWidth: 960 });
    const works = (await post<Page<VideoItem>>(CONTENT_API.actressWorks, { id: 2001, page: 1, pageSize: 50 })).data;
    expect(works.total).toBe(detail.videoCount);
    const followed = (await post<CollectState>(CONTENT_API.collectAdd, { id: 2001, contentType: 8 }, token)).data;
    expect(followed).toEqual({ isCollect: true, collectCount: detail.fansCount + 1 });
    expect((await post<ActressDetail>(CONTENT_API.actressDetail, { id: 2001 }, token)).data.isCollect).toBe(true);
    expect((await post<ActressDetail>(CONTENT_API.actressDetail, { id: 2001 })).data.isCollect).toBe(false);
    const list = (await post<Page<ActressItem>>(CONTENT_API.collectList, { contentType: 8, page: 1, pageSize: 10 }, token)).data;
    expect(list.list.map((a) => a.id)).toEqual([2001]);
    const unfollowed = (await post<CollectState>(CONTENT_API.collectDel, { id: 2001, contentType: 8 }, token)).data;
    expect(unfollowed).toEqual({ isCollect: false, collectCount: detail.fansCount });
    expect((await post(CONTENT_API.collectAdd, { id: 9999, contentType: 8 }, token)).envelope.code).toBe(CODES.NOT_FOUND);
    expect((await post(CONTENT_API.actressDetail, { id: 9999 })).envelope.code).toBe(CODES.NOT_FOUND);
    expect((await post(CONTENT_API.actressWorks, { id: 9999, page: 1, pageSize: 5 })).envelope.code).toBe(CODES.NOT_FOUND);
    expect((await post(CONTENT_API.actressDetail, { id: '2001' })).envelope.code).toBe(CODES.BAD_REQUEST);
  });

  it('answers topics with their videos in each sort and the creators in them', async () => {
    const topic = (await post<TopicDetail>(CONTENT_API.topicDetail, { id: 504, page: 1, pageSize: 5, sort: 'hot' })).data;
    expect(topic).toMatchObject({ id: 504, type: 4 });
    expect(topic.videos.list).toHaveLength(5);
    const plays = topic.videos.list.map((v) => v.playCount);
    expect([...plays].sort((a, b) => b - a)).toEqual(plays);
    expect(topic.actresses.length).toBeGreaterThan(0);
    const all = (await post<TopicDetail>(CONTENT_API.topicDetail, { id: 504, page: 1, pageSize: 50 })).data;
    expect(all.videos.total).toBe(topic.videoCount);
    const page2 = (await post<TopicDetail>(CONTENT_API.topicDetail, { id: 504, page: 2, pageSize: 5, sort: 'hot' })).data;
    expect(page2.videos.list.map((v) => v.id)).not.toContain(topic.videos.list[0]!.id);
    expect((await post(CONTENT_API.topicDetail, { id: 1, page: 1, pageSize: 5 })).envelope.code).toBe(CODES.NOT_FOUND);
  });

  it('answers tag lists, tag pages of videos or creators, and tag reviews', async () => {
    const creatorTags = (await post<TagCategory[]>(CONTENT_API.tagList, { contentType: 8 })).data;
    expect(creatorTags.map((c) => c.id)).toEqual([304, 305]);
    const tag = (await post<TagDetail>(CONTENT_API.tagDetail, { tid: 401, page: 1, pageSize: 50 })).data;
    expect(tag.tag?.name).toBe('纪实');
    expect(tag.category?.id).toBe(301);
    expect(tag.contentType).toBe(2);
    expect(tag.videos?.total).toBe(tag.tag?.count);
    expect(tag.actresses).toBeNull();
    const creators = (await post<TagDetail>(CONTENT_API.tagDetail, { tagCateId: 305, page: 1, pageSize: 50 })).data;
    expect([creators.tag, creators.contentType, creators.actresses?.total]).toEqual([null, 8, 20]);
    expect((await post(CONTENT_API.tagDetail, { page: 1, pageSize: 5 })).envelope.code).toBe(CODES.BAD_REQUEST);
    expect((await post(CONTENT_API.tagDetail, { tid: 5, page: 1, pageSize: 5 })).envelope.code).toBe(CODES.NOT_FOUND);
    expect((await post(CONTENT_API.tagDetail, { tid: 401, contentType: 3, page: 1, pageSize: 5 })).envelope.code).toBe(CODES.BAD_REQUEST);
    const reviews = (await post<Page<ReviewItem>>(CONTENT_API.tagReviews, { tid: 401, page: 1, pageSize: 50 })).data;
    for (const r of reviews.list) {
      const detail = (await post<ReviewDetail>(CONTENT_API.reviewDetail, { id: r.id })).data;
      expect(detail.tags.map((t) => t.id)).toContain(401);
    }
    const byCategory = (await post<Page<ReviewItem>>(CONTENT_API.tagReviews, { tagCateId: 301, page: 1, pageSize: 50 })).data;
    expect(byCategory.total).toBe(40);
  });

  it('answers reviews: lists, selected, detail with plain text, and on the video page', async () => {
    const selected = (await post<Page<ReviewItem>>(CONTENT_API.reviewSelected, { page: 1, pageSize: 50 })).data;
    expect(selected.total).toBeGreaterThan(0);
    expect(selected.list.every((r) => r.selected)).toBe(true);
    const hot = (await post<Page<ReviewItem>>(CONTENT_API.reviewList, { page: 1, pageSize: 10, sort: 'hot' })).data.list.map((r) => r.likeCount);
    expect([...hot].sort((a, b) => b - a)).toEqual(hot);
    const review = selected.list[0]!;
    const detail = (await post<ReviewDetail>(CONTENT_API.reviewDetail, { id: review.id })).data;
    expect(detail.content.split('\n\n').length).toBe(3);
    expect(detail.content).toContain(`《${review.video.title}》`);
    const video = (await post<VideoDetail & VideoDetailExtra>(API.videoDetail, { id: review.video.id })).data;
    expect(video.reviews.map((r) => r.id)).toContain(review.id);
    expect(video.actresses.length).toBeGreaterThan(0);
    expect(video.tagList).toHaveLength(3);
    const ofVideo = (await post<Page<ReviewItem>>(CONTENT_API.reviewList, { page: 1, pageSize: 10, videoId: review.video.id })).data;
    expect(ofVideo.list.every((r) => r.video.id === review.video.id)).toBe(true);
    expect((await post(CONTENT_API.reviewDetail, { id: 1 })).envelope.code).toBe(CODES.NOT_FOUND);
    expect((await post(CONTENT_API.reviewList, { page: 1, pageSize: 10, videoId: 1 })).envelope.code).toBe(CODES.NOT_FOUND);
  });

  it('searches creators and tags by Chinese substrings', async () => {
    const result = (await post<SearchResult>(CONTENT_API.search, { keyword: '摄影', type: 'all', page: 1, pageSize: 10 })).data;
    expect(result.actresses!.list.some((a) => a.intro.includes('摄影'))).toBe(true);
    expect(result.tags!.map((t) => t.name)).toEqual(expect.arrayContaining(['摄影', '延时摄影']));
    const byName = (await post<SearchResult>(CONTENT_API.search, { keyword: '林', type: 'actress', page: 1, pageSize: 10 })).data;
    expect(byName.actresses!.list.map((a) => a.name)).toContain('林夏');
    expect(byName.videos).toBeNull();
  });
});
