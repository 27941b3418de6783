/**
 * Paths and wire types of the browsing screens (performers, topics, tags, reviews, search,
 * favourites, comments, home sections). Conventions as in api.ts: every call is POST with a JSON
 * body; lists are Page<T> with page (1-based) and pageSize (1..50); image fields are paths
 * relative to the IMAGE base. The wire types are the contracts in contracts/, re-exported here.
 */
import type { SortKey } from './contracts/common.ts';

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
  /** Ours: a member writes a review of a video with a score. */
  reviewAdd: '/api/app/review/add',
  search: '/api/app/search',
  hotsearchList: '/api/app/hotsearch/list',
  hotsearchChangeOne: '/api/app/hotsearch/changeOne',
  collectAdd: '/api/app/collect/add',
  collectDel: '/api/app/collect/del',
  collectList: '/api/app/collect/list',
  commentList: '/api/app/comment/list',
  commentHot: '/api/app/comment/hot',
  /** The member's own comments, newest first, each with what it was written under. */
  commentMine: '/api/app/comment/mycomments',
  commentAdd: '/api/app/comment/add',
  /** Whether the member accepted the community rules, or (agree: true) accepts them. */
  commentConfirm: '/api/app/comment/confirm',
  /** Preset short replies a member can send with one tap. */
  commentQuickReply: '/api/app/comment/quickReplay',
  /** Ours beside the spec's: the replies under one comment, oldest first. */
  commentReplies: '/api/app/comment/replies',
  /** Ours beside the spec's: support, oppose or take back a vote on a comment. */
  commentVote: '/api/app/comment/vote',
  postDetail: '/api/app/post/detail',
  /** The discussion feed: published posts, by tag, newest or hottest first. */
  postFeed: '/api/app/post/taglist',
  /** The discussion tags with their post counts. */
  postTags: '/api/app/post/tags',
  postMayLike: '/api/app/post/maylike',
  /** The most liked reviews (the discussion page's review ranking). */
  postReviewRank: '/api/app/post/reviewrank',
  /** The member's own posts with their status. */
  postCenter: '/api/app/post/center',
  postPublish: '/api/app/post/publish',
  /** Whether the caller may read a paid post whole. */
  postIsLook: '/api/app/post/isLook',
  /** Unlocks a paid post with points, once. */
  postPay: '/api/app/post/pay',
} as const;

/** contentType values (SPEC §2): 2 video, 8 performer; 3 review and 5 post are this project's. */
export const CONTENT_TYPE = { VIDEO: 2, REVIEW: 3, POST: 5, ACTRESS: 8 } as const;

/** Routes and navigation items carry `sort` as a number (SPEC §2); this is what each number means. */
export const SORT_BY_NUMBER: Record<number, SortKey> = { 0: 'latest', 1: 'hot', 2: 'collect' };

export function sortKeyOf(sort: number | undefined): SortKey {
  return SORT_BY_NUMBER[sort ?? 0] ?? 'latest';
}

export type { IdBody, PageBody, SortKey } from './contracts/common.ts';
export type {
  ActressDetail,
  ActressItem,
  ActressListBody,
  ActressWorksBody,
  CollectBody,
  CollectListBody,
  CollectState,
  CommentItem,
  CommentListBody,
  CommentRules,
  CommentThread,
  CommentVoteState,
  HomeIndex,
  MyComment,
  HomeIndexBody,
  HotSearch,
  HotSearchList,
  MyPost,
  PostAccess,
  PostCenter,
  PostDetail,
  PostFeedBody,
  PostImage,
  PostItem,
  PostMayLikeBody,
  PostPublishBody,
  PostTag,
  RankingList,
  ReviewDetail,
  ReviewAdded,
  ReviewAddBody,
  ReviewItem,
  ReviewListBody,
  SearchBody,
  SearchResult,
  SearchType,
  TagCategory,
  TagDetail,
  TagDetailBody,
  TagItem,
  TagListBody,
  TagReviewsBody,
  TopicDetail,
  TopicDetailBody,
  TopicItem,
  TopicType,
  VideoDetailExtra,
} from './contracts/content.ts';
