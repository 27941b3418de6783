/**
 * Paths and wire types of the browsing screens (performers, topics, tags, reviews, search,
 * favourites, comments, home sections). Conventions as in api.ts: every call is POST with a JSON
 * body; lists are Page<T> with page (1-based) and pageSize (1..50); image fields are paths
 * relative to the IMAGE base.
 */
import type { NavItem, Page, VideoItem } from './api.ts';

export const CONTENT_API = {
  homeIndex: '/api/app/home/index',
  actressList: '/api/app/actress/list',
  actressDetail: '/api/app/actress/detail',
  actressWorks: '/api/app/actress/works',
  topicList: '/api/app/topic/list',
  topicDetail: '/api/app/topic/detail',
  tagList: '/api/app/tag/list',
  tagDetail: '/api/app/tag/detail',
  tagReviews: '/api/app/tag/reviews',
  reviewList: '/api/app/review/list',
  reviewDetail: '/api/app/review/detail',
  reviewSelected: '/api/app/review/selected',
  search: '/api/app/search',
  hotsearchList: '/api/app/hotsearch/list',
  hotsearchChangeOne: '/api/app/hotsearch/changeOne',
  collectAdd: '/api/app/collect/add',
  collectDel: '/api/app/collect/del',
  collectList: '/api/app/collect/list',
  commentList: '/api/app/comment/list',
  commentHot: '/api/app/comment/hot',
  postDetail: '/api/app/post/detail',
} as const;

/** contentType values (SPEC §2): 2 video, 8 performer; 3 review and 5 post are this project's. */
export const CONTENT_TYPE = { VIDEO: 2, REVIEW: 3, POST: 5, ACTRESS: 8 } as const;

/** Sort keys accepted by list endpoints. */
export type SortKey = 'latest' | 'hot' | 'collect';

/** Routes and navigation items carry `sort` as a number (SPEC §2); this is what each number means. */
export const SORT_BY_NUMBER: Record<number, SortKey> = { 0: 'latest', 1: 'hot', 2: 'collect' };

export function sortKeyOf(sort: number | undefined): SortKey {
  return SORT_BY_NUMBER[sort ?? 0] ?? 'latest';
}

/** Bodies of the single-item endpoints (actress/detail, review/detail). */
export interface IdBody {
  id: number;
}

export interface PageBody {
  page: number;
  pageSize: number;
}

// Home -------------------------------------------------------------------------------------------
export interface RankingList {
  id: number;
  title: string;
  list: VideoItem[];
}

/** home/index: the sections above the paged list of one header category (HOME_ID for home). */
export interface HomeIndexBody {
  categoryId: number;
}

export interface HomeIndex {
  /** Banner slides: navigation items with an image (bindType 0..6). */
  banners: (NavItem & { image: string; imageWidth: number; imageHeight: number })[];
  /** Boxes of videos shown above the paged list, e.g. 编辑精选. */
  boxes: { id: number; title: string; list: VideoItem[] }[];
  rankings: RankingList[];
}

// Performers ----------------------------------------------------------------------------------------
export interface ActressItem {
  id: number;
  contentType: 8;
  name: string;
  avatar: string;
  /** Short line under the name. */
  intro: string;
  videoCount: number;
  fansCount: number;
  tags: TagItem[];
}

export interface ActressDetail extends ActressItem {
  cover: string;
  coverWidth: number;
  coverHeight: number;
  bio: string;
  isCollect: boolean;
}

export interface ActressListBody extends PageBody {
  tid?: number;
  tagCateId?: number;
  sort?: SortKey;
}

export interface ActressWorksBody extends PageBody {
  id: number;
  sort?: SortKey;
}

// Topics -------------------------------------------------------------------------------------------
/** The seven topic display types: see topicsPage for how each one is drawn. */
export type TopicType = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface TopicItem {
  id: number;
  title: string;
  type: TopicType;
  cover: string;
  coverWidth: number;
  coverHeight: number;
  description: string;
  videoCount: number;
}

export interface TopicDetail extends TopicItem {
  /** First page of the topic's videos in the requested sort. */
  videos: Page<VideoItem>;
  /** Performers appearing in the topic (used by the performer-row type). */
  actresses: ActressItem[];
}

export interface TopicDetailBody extends PageBody {
  id: number;
  sort?: SortKey;
}

// Tags -------------------------------------------------------------------------------------------------
export interface TagItem {
  id: number;
  name: string;
  categoryId: number;
  /** contentType the tag applies to: 2 videos, 8 performers. */
  contentType: number;
  count: number;
}

export interface TagCategory {
  id: number;
  name: string;
  contentType: number;
  tags: TagItem[];
}

/** tag/list answers every category with its tags, optionally only those of one contentType. */
export interface TagListBody {
  contentType?: number;
}

export interface TagDetailBody extends PageBody {
  tid?: number;
  tagCateId?: number;
  sort?: SortKey;
  contentType?: number;
}

export interface TagDetail {
  tag: TagItem | null;
  category: TagCategory | null;
  contentType: number;
  videos: Page<VideoItem> | null;
  actresses: Page<ActressItem> | null;
}

// Reviews ----------------------------------------------------------------------------------------------
export interface ReviewItem {
  id: number;
  contentType: 3;
  title: string;
  summary: string;
  author: { id: number; nickname: string; avatar: string };
  video: VideoItem;
  score: number;
  likeCount: number;
  commentCount: number;
  selected: boolean;
  createdAt: string;
}

export interface ReviewDetail extends ReviewItem {
  /** Plain text, paragraphs separated by blank lines; never HTML. */
  content: string;
  tags: TagItem[];
}

export interface ReviewListBody extends PageBody {
  sort?: SortKey;
  tid?: number;
  /** Only the reviews of one video. */
  videoId?: number;
}

/** tag/reviews: the reviews carrying a tag, or any tag of a tag category. */
export interface TagReviewsBody extends PageBody {
  tid?: number;
  tagCateId?: number;
  sort?: SortKey;
}

// Posts -------------------------------------------------------------------------------------------------
/** A discussion post in a list: `summary` is a plain-text excerpt of the body (around the match in a search). */
export interface PostItem {
  id: number;
  contentType: 5;
  title: string;
  summary: string;
  author: { id: number; nickname: string; avatar: string };
  /** The video the post discusses, if any. */
  videoId: number | null;
  viewCount: number;
  likeCount: number;
  commentCount: number;
  createdAt: string;
}

export interface PostDetail extends PostItem {
  /** Plain text, paragraphs separated by blank lines; never HTML. */
  content: string;
  video: VideoItem | null;
}

// Search ------------------------------------------------------------------------------------------------
export type SearchType = 'all' | 'video' | 'actress' | 'tag' | 'post';

export interface SearchBody extends PageBody {
  keyword: string;
  type: SearchType;
}

/** Each section is present when `type` is 'all' or names it; `highlight` spans are [start, end) offsets. */
export interface SearchResult {
  keyword: string;
  videos: Page<VideoItem> | null;
  actresses: Page<ActressItem> | null;
  tags: TagItem[] | null;
  posts: Page<PostItem> | null;
}

export interface HotSearch {
  id: number;
  keyword: string;
  /** Rank 1 is the hottest. */
  rank: number;
  heat: number;
}

export interface HotSearchList {
  batch: number;
  list: HotSearch[];
}

// Favourites and comments ------------------------------------------------------------------------------
export interface CollectBody {
  id: number;
  contentType: number;
}

export interface CollectListBody extends PageBody {
  contentType: number;
}

export interface CollectState {
  isCollect: boolean;
  collectCount: number;
}

export interface CommentItem {
  id: number;
  content: string;
  user: { id: number; nickname: string; avatar: string };
  likeCount: number;
  replyCount: number;
  createdAt: string;
}

export interface CommentListBody extends PageBody {
  id: number;
  contentType: number;
  sort?: 'latest' | 'hot';
}

// Video detail additions (the detail endpoint answers VideoDetail & VideoDetailExtra) -------------
export interface ThumbnailSprite {
  /** Sprite sheet path relative to the IMAGE base: tiles of 160x90, row by row. */
  sprite: string;
  columns: number;
  rows: number;
  /** Seconds between tiles. */
  interval: number;
  width: 160;
  height: 90;
}

export interface VideoDetailExtra {
  actresses: ActressItem[];
  tagList: TagItem[];
  isCollect: boolean;
  thumbnails: ThumbnailSprite | null;
  /** Selected reviews of this video. */
  reviews: ReviewItem[];
}
