import type { Insertable } from 'kysely';
import { HOME_ID } from '../../protocol/api.ts';
import type { ContentData } from '../db/repositories/seed.ts';
import type { ReviewTable, ReviewTagTable, TagTable } from '../db/schema.ts';
import { CATEGORIES } from './catalogue.ts';
import {
  ACTRESSES,
  BANNER_HEIGHT,
  BANNER_WIDTH,
  BANNERS,
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
import { baseVideos, extraVideos, videoImages, videoRow, type SeededVideo } from './videos.ts';

export const AVATAR_SIZE = 256;
export const COVER_WIDE_WIDTH = 960;
export const COVER_WIDE_HEIGHT = 400;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Three tags per video, one from each video tag category (题材, 风格, 场景). */
export function videoTagIds(videoId: number): number[] {
  return [FIRST_TAG_ID + ((videoId * 3) % 8), FIRST_TAG_ID + 8 + ((videoId * 5) % 8), FIRST_TAG_ID + 16 + ((videoId * 7) % 8)];
}

/** The creators of each video: one per video, a second on every third, within its category. */
function videoActressPairs(videos: SeededVideo[]): { video_id: number; actress_id: number }[] {
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

function topicVideoIds(topic: (typeof TOPICS)[number], videos: SeededVideo[]): number[] {
  const source = topic.source;
  let chosen: SeededVideo[];
  if ('categoryIds' in source) chosen = videos.filter((v) => source.categoryIds.includes(v.categoryId)).sort((a, b) => a.id - b.id);
  else if ('tagId' in source) chosen = videos.filter((v) => videoTagIds(v.id).includes(source.tagId)).sort((a, b) => a.id - b.id);
  else if (source.top === 'play') chosen = [...videos].sort((a, b) => b.playCount - a.playCount || b.id - a.id);
  else chosen = [...videos].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  return chosen.slice(0, TOPIC_VIDEO_LIMIT).map((v) => v.id);
}

export function contentData(now = Date.now()): ContentData {
  const extra = extraVideos(now);
  const videos = [...baseVideos(now), ...extra];
  const tagCategories = TAG_CATEGORIES.map((c, i) => ({ id: c.id, name: c.name, content_type: c.contentType, sort: i + 1 }));
  const tags: Insertable<TagTable>[] = [];
  let tagId = FIRST_TAG_ID;
  for (const c of TAG_CATEGORIES) {
    c.tags.forEach((name, i) => tags.push({ id: tagId++, category_id: c.id, name, content_type: c.contentType, sort: i + 1 }));
  }
  const skillTags = tags.filter((t) => t.category_id === 304).map((t) => t.id);
  const lookTags = tags.filter((t) => t.category_id === 305).map((t) => t.id);

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
  for (let i = 0; i < REVIEW_COUNT; i++) {
    const id = FIRST_REVIEW_ID + i;
    const video = videos[(i * 17) % videos.length]!;
    const opening = `看《${video.title}》之前没抱太大期待。${REVIEW_OPENINGS[i % REVIEW_OPENINGS.length]}`;
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
    videos: extra.map(videoRow),
    tag_categories: tagCategories,
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
    actress_tags: ACTRESSES.flatMap((a) => [
      { actress_id: a.id, tag_id: skillTags[a.skill]! },
      { actress_id: a.id, tag_id: lookTags[a.look]! },
    ]),
    video_actresses: videoActressPairs(videos),
    video_tags: videos.flatMap((v) => videoTagIds(v.id).map((tag) => ({ video_id: v.id, tag_id: tag }))),
    topics,
    topic_videos: topicVideos,
    reviews,
    review_tags: reviewTags,
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
  for (const v of extraVideos(Date.now())) images.push(...videoImages(v.id));
  for (const a of ACTRESSES) {
    images.push({ path: `actresses/${a.id}.png`, width: AVATAR_SIZE, height: AVATAR_SIZE, seed: a.id + 10_000 });
    images.push({ path: `actress-covers/${a.id}.png`, width: COVER_WIDE_WIDTH, height: COVER_WIDE_HEIGHT, seed: a.id + 20_000 });
  }
  for (const t of TOPICS) images.push({ path: `topics/${t.id}.png`, width: COVER_WIDE_WIDTH, height: COVER_WIDE_HEIGHT, seed: t.id + 30_000 });
  for (const b of BANNERS) images.push({ path: `banners/${b.id}.png`, width: BANNER_WIDTH, height: BANNER_HEIGHT, seed: b.id + 40_000 });
  REVIEWERS.forEach((_, i) => images.push({ path: `avatars/reviewer-${i + 1}.png`, width: 128, height: 128, seed: i + 60_000 }));
  return images;
}
