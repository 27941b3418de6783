import type { Insertable } from 'kysely';
import { HOME_ID } from '../../protocol/api.ts';
import type {
  ActressTable,
  ActressTagTable,
  BannerTable,
  ReviewTable,
  ReviewTagTable,
  TagCategoryTable,
  TagTable,
  TopicTable,
  TopicVideoTable,
  VideoActressTable,
  VideoTable,
  VideoTagTable,
} from '../db/schema.ts';
import { CLIP_POOL, CLIP_SECONDS } from '../media/transcode.ts';
import { CATEGORIES, PLAY_COUNTS } from './catalogue.ts';
import {
  ACTRESSES,
  BANNER_HEIGHT,
  BANNER_WIDTH,
  BANNERS,
  EXTRA_VIDEOS,
  FIRST_EXTRA_VIDEO_ID,
  FIRST_REVIEW_ID,
  FIRST_TAG_ID,
  REVIEW_COUNT,
  REVIEW_ENDINGS,
  REVIEW_MIDDLES,
  REVIEW_OPENINGS,
  REVIEW_TITLES,
  REVIEWERS,
  TAG_CATEGORIES,
  TOPIC_VIDEO_LIMIT,
  TOPICS,
} from './content-catalogue.ts';

export const AVATAR_SIZE = 256;
export const COVER_WIDE_WIDTH = 960;
export const COVER_WIDE_HEIGHT = 400;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface ContentData {
  videos: Insertable<VideoTable>[];
  tagCategories: Insertable<TagCategoryTable>[];
  tags: Insertable<TagTable>[];
  actresses: Insertable<ActressTable>[];
  actressTags: Insertable<ActressTagTable>[];
  videoActresses: Insertable<VideoActressTable>[];
  videoTags: Insertable<VideoTagTable>[];
  topics: Insertable<TopicTable>[];
  topicVideos: Insertable<TopicVideoTable>[];
  reviews: Insertable<ReviewTable>[];
  reviewTags: Insertable<ReviewTagTable>[];
  banners: Insertable<BannerTable>[];
}

interface VideoFacts {
  id: number;
  categoryId: number;
  playCount: number;
  createdAt: number;
}

/** Every video id of the catalogue (base and extra) with what the content seed derives from it. */
function allVideos(now: number): VideoFacts[] {
  const base = CATEGORIES.flatMap((c, ci) =>
    c.videos.map((_, vi) => {
      const n = ci * c.videos.length + vi;
      return { id: 1001 + n, categoryId: c.id, playCount: PLAY_COUNTS[n % PLAY_COUNTS.length]!, createdAt: baseCreatedAt(n, now) };
    }),
  );
  return [...base, ...EXTRA_VIDEOS.map((v, i) => extraFacts(v.categoryId, i, now))];
}

function baseCreatedAt(n: number, now: number): number {
  const count = CATEGORIES.reduce((sum, c) => sum + c.videos.length, 0);
  return now - ((n * 7) % count) * 3.3 * DAY_MS - n * HOUR_MS;
}

function extraFacts(categoryId: number, i: number, now: number): VideoFacts {
  const n = 36 + i;
  // Newer than most of the base catalogue, so "latest" sorts show them first.
  return {
    id: FIRST_EXTRA_VIDEO_ID + i,
    categoryId,
    playCount: PLAY_COUNTS[(n * 5) % PLAY_COUNTS.length]!,
    createdAt: now - ((i * 11) % 30) * 0.9 * DAY_MS - i * HOUR_MS,
  };
}

/** Three tags per video, one from each video tag category (题材, 风格, 场景). */
export function videoTagIds(videoId: number): number[] {
  return [FIRST_TAG_ID + ((videoId * 3) % 8), FIRST_TAG_ID + 8 + ((videoId * 5) % 8), FIRST_TAG_ID + 16 + ((videoId * 7) % 8)];
}

/** The creators of each video: one per video, a second on every third, within its category. */
function videoActressPairs(videos: VideoFacts[]): { video_id: number; actress_id: number }[] {
  const pairs: { video_id: number; actress_id: number }[] = [];
  for (const c of CATEGORIES) {
    const creators = ACTRESSES.filter((a) => a.categoryId === c.id).map((a) => a.id);
    const inCategory = videos.filter((v) => v.categoryId === c.id).sort((a, b) => a.id - b.id);
    inCategory.forEach((v, j) => {
      pairs.push({ video_id: v.id, actress_id: creators[j % creators.length]! });
      if (j % 3 === 0 && creators.length > 1) pairs.push({ video_id: v.id, actress_id: creators[(j + 1) % creators.length]! });
    });
  }
  return pairs;
}

function topicVideoIds(topic: (typeof TOPICS)[number], videos: VideoFacts[]): number[] {
  const source = topic.source;
  let chosen: VideoFacts[];
  if ('categoryIds' in source) chosen = videos.filter((v) => source.categoryIds.includes(v.categoryId)).sort((a, b) => a.id - b.id);
  else if ('tagId' in source) chosen = videos.filter((v) => videoTagIds(v.id).includes(source.tagId)).sort((a, b) => a.id - b.id);
  else if (source.top === 'play') chosen = [...videos].sort((a, b) => b.playCount - a.playCount || b.id - a.id);
  else chosen = [...videos].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  return chosen.slice(0, TOPIC_VIDEO_LIMIT).map((v) => v.id);
}

export function contentData(now = Date.now()): ContentData {
  const videos = allVideos(now);
  const tagCategories = TAG_CATEGORIES.map((c, i) => ({ id: c.id, name: c.name, content_type: c.contentType, sort: i + 1 }));
  const tags: Insertable<TagTable>[] = [];
  let tagId = FIRST_TAG_ID;
  for (const c of TAG_CATEGORIES) {
    c.tags.forEach((name, i) => tags.push({ id: tagId++, category_id: c.id, name, content_type: c.contentType, sort: i + 1 }));
  }
  const skillTags = tags.filter((t) => t.category_id === 304).map((t) => t.id);
  const lookTags = tags.filter((t) => t.category_id === 305).map((t) => t.id);

  const extra = EXTRA_VIDEOS.map((v, i) => {
    const facts = extraFacts(v.categoryId, i, now);
    const category = CATEGORIES.find((c) => c.id === v.categoryId)!;
    return {
      id: facts.id,
      category_id: v.categoryId,
      title: v.title,
      description: v.description,
      clip: CLIP_POOL[(36 + i) % CLIP_POOL.length]!.name,
      cover: `covers/${facts.id}.png`,
      cover_width: 640,
      cover_height: 360,
      poster: `posters/${facts.id}.png`,
      duration: CLIP_SECONDS,
      play_count: facts.playCount,
      like_count: Math.floor(facts.playCount / 13),
      comment_count: 0,
      collect_count: Math.floor(facts.playCount / 41),
      tags: [category.tags[0]!, category.tags[1 + (i % (category.tags.length - 1))]!],
      created_at: new Date(facts.createdAt),
    };
  });

  const topics = TOPICS.map((t, i) => ({
    id: t.id,
    title: t.title,
    type: t.type,
    cover: `topics/${t.id}.png`,
    cover_width: COVER_WIDE_WIDTH,
    cover_height: COVER_WIDE_HEIGHT,
    description: t.description,
    sort: i + 1,
  }));
  const topicVideos = TOPICS.flatMap((t) => topicVideoIds(t, videos).map((videoId, position) => ({ topic_id: t.id, video_id: videoId, position })));

  const reviews: Insertable<ReviewTable>[] = [];
  const reviewTags: Insertable<ReviewTagTable>[] = [];
  const titles = new Map([
    ...CATEGORIES.flatMap((c, ci) => c.videos.map((v, vi) => [1001 + ci * c.videos.length + vi, v.title] as const)),
    ...extra.map((v) => [v.id, v.title] as const),
  ]);
  for (let i = 0; i < REVIEW_COUNT; i++) {
    const id = FIRST_REVIEW_ID + i;
    const video = videos[(i * 17) % videos.length]!;
    const opening = `看《${titles.get(video.id)}》之前没抱太大期待。${REVIEW_OPENINGS[i % REVIEW_OPENINGS.length]}`;
    const author = i % REVIEWERS.length;
    reviews.push({
      id,
      video_id: video.id,
      author_id: author + 1,
      author_name: REVIEWERS[author]!,
      author_avatar: `avatars/reviewer-${author + 1}.png`,
      title: REVIEW_TITLES[i % REVIEW_TITLES.length]!,
      summary: REVIEW_OPENINGS[i % REVIEW_OPENINGS.length]!,
      content: [opening, REVIEW_MIDDLES[(i * 3 + 1) % REVIEW_MIDDLES.length], REVIEW_ENDINGS[(i * 5 + 2) % REVIEW_ENDINGS.length]].join('\n\n'),
      score: 6 + ((i * 7) % 5),
      like_count: (i * 53) % 400,
      comment_count: (i * 11) % 30,
      selected: id % 3 === 0,
      created_at: new Date(now - i * 19 * HOUR_MS - 25 * 60_000),
    });
    for (const tag of videoTagIds(video.id).slice(0, 1 + (i % 3))) reviewTags.push({ review_id: id, tag_id: tag });
  }

  return {
    videos: extra,
    tagCategories,
    tags,
    actresses: ACTRESSES.map((a, i) => ({
      id: a.id,
      name: a.name,
      avatar: `actresses/${a.id}.png`,
      cover: `actress-covers/${a.id}.png`,
      cover_width: COVER_WIDE_WIDTH,
      cover_height: COVER_WIDE_HEIGHT,
      intro: a.intro,
      bio: a.bio,
      fans_count: ((a.id * 7919) % 48_000) + 120,
      created_at: new Date(now - i * 5 * DAY_MS),
    })),
    actressTags: ACTRESSES.flatMap((a) => [
      { actress_id: a.id, tag_id: skillTags[a.skill]! },
      { actress_id: a.id, tag_id: lookTags[a.look]! },
    ]),
    videoActresses: videoActressPairs(videos),
    videoTags: videos.flatMap((v) => videoTagIds(v.id).map((tag) => ({ video_id: v.id, tag_id: tag }))),
    topics,
    topicVideos,
    reviews,
    reviewTags,
    banners: BANNERS.map((b) => ({
      id: b.id,
      category_id: HOME_ID,
      name: b.name,
      image: `banners/${b.id}.png`,
      image_width: BANNER_WIDTH,
      image_height: BANNER_HEIGHT,
      bind_type: b.bindType,
      bind_int: b.bindInt,
      bind_str: b.bindStr,
      jump_type: b.jumpType,
      content_type: b.contentType,
      sort: b.sort,
    })),
  };
}

/** Images the content seed refers to, for ensureImages. */
export function contentImages(): { path: string; width: number; height: number; seed: number }[] {
  const images = [];
  for (let i = 0; i < EXTRA_VIDEOS.length; i++) {
    const id = FIRST_EXTRA_VIDEO_ID + i;
    images.push({ path: `covers/${id}.png`, width: 640, height: 360, seed: id });
    images.push({ path: `posters/${id}.png`, width: 640, height: 360, seed: id + 50_000 });
  }
  for (const a of ACTRESSES) {
    images.push({ path: `actresses/${a.id}.png`, width: AVATAR_SIZE, height: AVATAR_SIZE, seed: a.id + 10_000 });
    images.push({ path: `actress-covers/${a.id}.png`, width: COVER_WIDE_WIDTH, height: COVER_WIDE_HEIGHT, seed: a.id + 20_000 });
  }
  for (const t of TOPICS) images.push({ path: `topics/${t.id}.png`, width: COVER_WIDE_WIDTH, height: COVER_WIDE_HEIGHT, seed: t.id + 30_000 });
  for (const b of BANNERS) images.push({ path: `banners/${b.id}.png`, width: BANNER_WIDTH, height: BANNER_HEIGHT, seed: b.id + 40_000 });
  REVIEWERS.forEach((_, i) => images.push({ path: `avatars/reviewer-${i + 1}.png`, width: 128, height: 128, seed: i + 60_000 }));
  return images;
}
