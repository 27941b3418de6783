/**
 * Contracts of the browsing screens (performers, topics, tags, reviews, posts, search, favourites,
 * comments, home sections). Every call is POST with a JSON body; lists are Page<T>.
 */
import { Type, type Static, type TProperties, type TSchema } from 'typebox';
import { NavItem, VideoDetail, VideoItem } from './app.ts';
import { Author, ContentItem, DateTime, Id, Nullable, PageBody, PageOf, Picture, SortKey } from './common.ts';
import {
  COMMENT_MAX,
  POST_CONTENT_MAX,
  POST_IMAGES_MAX,
  POST_PRICE_MAX,
  POST_TAGS_MAX,
  POST_TITLE_MAX,
  REVIEW_CONTENT_MAX,
  REVIEW_TITLE_MAX,
} from '../content-values.ts';

export * from '../content-values.ts';

/** Bodies are closed: an unknown field is bad input. */
const body = <P extends Parameters<typeof Type.Object>[0]>(properties: P) => Type.Object(properties, { additionalProperties: false });
const paged = PageBody.properties;
/** A page of a list narrowed to a tag (tid) or to any tag of a tag category (tagCateId), in a sort. */
const taggedPage = { ...paged, tid: Type.Optional(Id), tagCateId: Type.Optional(Id), sort: Type.Optional(SortKey) };

/** A content type a body may name, with what it means there. */
const contentTypes = <V extends number[]>(values: readonly [...V], description: string) => Type.Enum(values, { description });

/** The whole text of a review or post. */
const ArticleText = Type.String({ description: 'plain text, paragraphs separated by blank lines; never HTML' });

/** A review or post in a list: title, summary and author, its own fields, then counts and time. */
const ArticleItem = <C extends number, S extends TSchema, P extends TProperties>(contentType: C, summary: S, own: P) =>
  ContentItem(contentType, {
    title: Type.String(),
    summary,
    author: Author,
    ...own,
    likeCount: Type.Integer(),
    commentCount: Type.Integer(),
    createdAt: DateTime,
  });

// Home -------------------------------------------------------------------------------------------
export const HomeIndexBody = body({ categoryId: Id });
export type HomeIndexBody = Static<typeof HomeIndexBody>;

export const VideoRow = Type.Object({ id: Type.Integer(), title: Type.String(), list: Type.Array(VideoItem) });
export type RankingList = Static<typeof VideoRow>;

export const Banner = Type.Object({ ...NavItem.properties, ...Picture('image') });

/** home/index: the sections above the paged list of one header category (HOME_ID for home). */
export const HomeIndex = Type.Object({
  banners: Type.Array(Banner, { description: 'banner slides: navigation items with an image (bindType 0..6)' }),
  boxes: Type.Array(VideoRow, { description: 'boxes of videos shown above the paged list, e.g. 编辑精选' }),
  rankings: Type.Array(VideoRow),
});
export type HomeIndex = Static<typeof HomeIndex>;

// Tags -------------------------------------------------------------------------------------------------
export const TagItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  categoryId: Type.Integer(),
  contentType: Type.Integer({ description: '2: video tag, 8: creator tag' }),
  count: Type.Integer({ description: 'items carrying the tag' }),
});
export type TagItem = Static<typeof TagItem>;

export const TagCategory = Type.Object({ id: Type.Integer(), name: Type.String(), contentType: Type.Integer(), tags: Type.Array(TagItem) });
export type TagCategory = Static<typeof TagCategory>;

const tagContentType = contentTypes([2, 8], '2: videos, 8: creators');

/** tag/list answers every category with its tags, optionally only those of one contentType. */
export const TagListBody = body({ contentType: Type.Optional(tagContentType) });
export type TagListBody = Static<typeof TagListBody>;

export const TagDetailBody = body({ ...taggedPage, contentType: Type.Optional(tagContentType) });
export type TagDetailBody = Static<typeof TagDetailBody>;

/** tag/reviews: the reviews carrying a tag, or any tag of a tag category. */
export const TagReviewsBody = body(taggedPage);
export type TagReviewsBody = Static<typeof TagReviewsBody>;

// Performers ----------------------------------------------------------------------------------------
export const ActressItem = ContentItem(8, {
  name: Type.String(),
  avatar: Type.String(),
  intro: Type.String({ description: 'short line under the name' }),
  videoCount: Type.Integer(),
  fansCount: Type.Integer(),
  tags: Type.Array(TagItem),
});
export type ActressItem = Static<typeof ActressItem>;

export const ActressDetail = Type.Object({
  ...ActressItem.properties,
  ...Picture('cover'),
  bio: Type.String(),
  isCollect: Type.Boolean({ description: 'whether the caller follows the creator' }),
});
export type ActressDetail = Static<typeof ActressDetail>;

export const ActressListBody = body(taggedPage);
export type ActressListBody = Static<typeof ActressListBody>;

export const ActressWorksBody = body({ id: Id, ...paged, sort: Type.Optional(SortKey) });
export type ActressWorksBody = Static<typeof ActressWorksBody>;

// Topics -------------------------------------------------------------------------------------------
export const TopicItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  type: Type.Enum([1, 2, 3, 4, 5, 6, 7], { description: 'display type 1..7' }),
  ...Picture('cover'),
  description: Type.String(),
  videoCount: Type.Integer(),
});
export type TopicItem = Static<typeof TopicItem>;
/** The seven topic display types: see topicsPage for how each one is drawn. */
export type TopicType = TopicItem['type'];

export const TopicDetail = Type.Object({
  ...TopicItem.properties,
  videos: PageOf(VideoItem),
  actresses: Type.Array(ActressItem, { description: 'creators appearing in the topic (used by the performer-row type)' }),
});
export type TopicDetail = Static<typeof TopicDetail>;

export const TopicDetailBody = body({ id: Id, ...paged, sort: Type.Optional(SortKey) });
export type TopicDetailBody = Static<typeof TopicDetailBody>;

// Reviews ----------------------------------------------------------------------------------------------
export const ReviewItem = ArticleItem(3, Type.String(), { video: VideoItem, score: Type.Integer({ description: 'out of 10' }), selected: Type.Boolean() });
export type ReviewItem = Static<typeof ReviewItem>;

export const ReviewDetail = Type.Object({
  ...ReviewItem.properties,
  content: ArticleText,
  tags: Type.Array(TagItem),
});
export type ReviewDetail = Static<typeof ReviewDetail>;

/** review/add (ours): a member's review of a video with a score out of 10; one per member and video. */
export const ReviewAddBody = body({
  videoId: Id,
  title: Type.String({ maxLength: 200, description: `1 to ${REVIEW_TITLE_MAX} characters after trimming` }),
  content: Type.String({ maxLength: 8000, description: `1 to ${REVIEW_CONTENT_MAX} characters after trimming; plain text` }),
  score: Type.Integer({ minimum: 1, maximum: 10, description: 'out of 10' }),
});
export type ReviewAddBody = Static<typeof ReviewAddBody>;
export const ReviewAdded = Type.Object({ id: Type.Integer(), status: Type.Enum(['pending', 'published']) });
export type ReviewAdded = Static<typeof ReviewAdded>;

export const ReviewListBody = body({
  ...paged,
  sort: Type.Optional(SortKey),
  tid: Type.Optional(Id),
  videoId: Type.Optional(Id),
});
export type ReviewListBody = Static<typeof ReviewListBody>;

export const PageOnlyBody = body(paged);

// Posts -------------------------------------------------------------------------------------------------
/** Images a list card shows; the rest are counted. */
export const POST_CARD_IMAGES = 3;
/** Characters of a paid post's body shown before it is unlocked. */
export const POST_PREVIEW_LENGTH = 60;

export const PostImage = Type.Object(Picture('image'));
export type PostImage = Static<typeof PostImage>;

/** A discussion tag (post/tags) with how many published posts carry it. */
export const PostTag = Type.Object({ id: Type.Integer(), name: Type.String(), postCount: Type.Integer() });
export type PostTag = Static<typeof PostTag>;

export const POST_STATUSES = ['pending', 'published', 'rejected'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const PostItem = ArticleItem(5, Type.String({ description: 'plain-text excerpt of the body, around the match in a search' }), {
  videoId: Nullable(Type.Integer({ description: 'the video the post discusses' })),
  viewCount: Type.Integer(),
  images: Type.Array(PostImage, { description: `the first ${POST_CARD_IMAGES} images (none while a paid post is locked)` }),
  imageCount: Type.Integer(),
  tags: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  price: Type.Integer({ description: 'points that unlock the whole post; 0 is free' }),
});
export type PostItem = Static<typeof PostItem>;

export const PostDetail = Type.Object({
  ...PostItem.properties,
  content: Type.String({ description: `plain text, paragraphs separated by blank lines; while locked its first ${POST_PREVIEW_LENGTH} characters` }),
  images: Type.Array(PostImage, { description: 'every image, in order (none while locked)' }),
  video: Nullable(VideoItem),
  locked: Type.Boolean({ description: 'a paid post the caller has not unlocked (its author and buyers see it whole)' }),
  status: Type.Enum([...POST_STATUSES], { description: 'only the author sees their own post before it is published' }),
  rejectReason: Nullable(Type.String()),
  authorBlocked: Type.Boolean({ description: 'the caller blocked its author (user/block): lists leave the post out, the post itself still opens' }),
});
export type PostDetail = Static<typeof PostDetail>;

/** post/taglist: the discussion feed, optionally narrowed to one tag, newest or hottest first. */
export const PostFeedBody = body({ ...paged, tagId: Type.Optional(Id), sort: Type.Optional(Type.Enum(['latest', 'hot'], { default: 'latest' })) });
export type PostFeedBody = Static<typeof PostFeedBody>;

/** post/maylike: posts like the one being read (shared tags first), or the week's liveliest without `id`. */
export const PostMayLikeBody = body({ id: Type.Optional(Id) });
export type PostMayLikeBody = Static<typeof PostMayLikeBody>;

/** One of the member's own posts in their post centre, with its status. */
export const MyPost = Type.Object({
  ...PostItem.properties,
  status: Type.Enum([...POST_STATUSES]),
  rejectReason: Nullable(Type.String({ description: 'why an operator rejected it' })),
});
export type MyPost = Static<typeof MyPost>;

/** post/center: the member's posts, newest first, with how many are in each status. */
export const PostCenter = Type.Object({
  ...PageOf(MyPost).properties,
  counts: Type.Object({ pending: Type.Integer(), published: Type.Integer(), rejected: Type.Integer() }),
});
export type PostCenter = Static<typeof PostCenter>;

/** post/publish: a post of plain text with up to nine images uploaded with purpose post. */
export const PostPublishBody = body({
  title: Type.String({ maxLength: 200, description: `1 to ${POST_TITLE_MAX} characters after trimming` }),
  content: Type.String({ maxLength: 8000, description: `1 to ${POST_CONTENT_MAX} characters after trimming` }),
  images: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
    maxItems: POST_IMAGES_MAX,
    uniqueItems: true,
    description: 'paths answered by upload/images (purpose post), in order',
  }),
  tagIds: Type.Array(Id, { maxItems: POST_TAGS_MAX, uniqueItems: true }),
  price: Type.Integer({ minimum: 0, maximum: POST_PRICE_MAX, description: 'points that unlock the post; 0 is free' }),
  videoId: Type.Optional(Id),
});
export type PostPublishBody = Static<typeof PostPublishBody>;

/** post/isLook and post/pay: whether the caller can read the whole post, and their points. */
export const PostAccess = Type.Object({
  id: Type.Integer(),
  price: Type.Integer(),
  locked: Type.Boolean(),
  paid: Type.Boolean({ description: 'the caller bought it (authors and free posts: false)' }),
  balance: Type.Integer({ description: "the caller's points after the call" }),
});
export type PostAccess = Static<typeof PostAccess>;

// Search ------------------------------------------------------------------------------------------------
export const SearchType = Type.Enum(['all', 'video', 'actress', 'tag', 'post']);
export type SearchType = Static<typeof SearchType>;

export const SearchBody = body({ keyword: Type.String({ minLength: 1, maxLength: 50 }), type: SearchType, ...paged });
export type SearchBody = Static<typeof SearchBody>;

/** Each section is present when `type` is 'all' or names it. */
export const SearchResult = Type.Object({
  keyword: Type.String(),
  videos: Nullable(PageOf(VideoItem)),
  actresses: Nullable(PageOf(ActressItem)),
  tags: Nullable(Type.Array(TagItem)),
  posts: Nullable(PageOf(PostItem)),
});
export type SearchResult = Static<typeof SearchResult>;

export const HotSearch = Type.Object({
  id: Type.Integer(),
  keyword: Type.String(),
  rank: Type.Integer({ description: 'rank 1 is the hottest' }),
  heat: Type.Integer(),
});
export type HotSearch = Static<typeof HotSearch>;

export const HotSearchList = Type.Object({
  batch: Type.Integer({ description: '1-based batch number; changeOne cycles through them' }),
  list: Type.Array(HotSearch),
});
export type HotSearchList = Static<typeof HotSearchList>;

export const HotBatchBody = body({ batch: Type.Integer({ minimum: 1, maximum: 100000 }) });

// Favourites and comments ------------------------------------------------------------------------------
/** Videos are favourited (contentType 2) and creators followed (8). */
const collectType = contentTypes([2, 8], '2: video (favourite), 8: creator (follow)');

export const CollectBody = body({ id: Id, contentType: collectType });
export type CollectBody = Static<typeof CollectBody>;

export const CollectListBody = body({ contentType: collectType, ...paged });
export type CollectListBody = Static<typeof CollectListBody>;

export const CollectState = Type.Object({ isCollect: Type.Boolean(), collectCount: Type.Integer() });
export type CollectState = Static<typeof CollectState>;

/** What a comment can be written under: 2 a video, 3 a review, 5 a post. */
export const COMMENT_TARGETS = [2, 3, 5] as const;

export const CommentItem = Type.Object({
  id: Type.Integer(),
  content: Type.String({ description: 'plain text' }),
  user: Author,
  likeCount: Type.Integer({ description: 'supports' }),
  opposeCount: Type.Integer({ description: 'oppositions' }),
  replyCount: Type.Integer(),
  createdAt: DateTime,
  /** The top-level comment a reply sits under; null for a top-level comment. */
  parentId: Nullable(Id),
  /** Whom a reply answers; null for a top-level comment. */
  replyTo: Nullable(Type.Object({ id: Type.Integer(), nickname: Type.String() })),
  myVote: Type.Integer({ description: "the caller's vote: 1 support, -1 opposition, 0 none (always 0 for a caller without a session)" }),
});
export type CommentItem = Static<typeof CommentItem>;

/** A top-level comment with its first replies (comment/list); comment/replies pages the rest. */
export const CommentThread = Type.Object({
  ...CommentItem.properties,
  replies: Type.Array(CommentItem, { description: 'the oldest few replies' }),
});
export type CommentThread = Static<typeof CommentThread>;

const commentTarget = { id: Id, contentType: contentTypes([...COMMENT_TARGETS], '2: video, 3: review, 5: post') };

export const CommentListBody = body({ ...commentTarget, sort: Type.Optional(Type.Enum(['latest', 'hot'])), ...paged });
export type CommentListBody = Static<typeof CommentListBody>;

export const CommentHotBody = body(commentTarget);

/** comment/replies (ours): the replies under one top-level comment, oldest first. */
export const CommentRepliesBody = body({ id: Id, ...paged });
export type CommentRepliesBody = Static<typeof CommentRepliesBody>;

/**
 * comment/add: a comment on a video, review or post, or with `parentId` a reply to a comment there
 * (a reply to a reply sits under the same top-level comment and names whom it answers).
 */
export const CommentAddBody = body({
  ...commentTarget,
  content: Type.String({ maxLength: 4000, description: `plain text, 1 to ${COMMENT_MAX} characters after trimming` }),
  parentId: Type.Optional(Id),
});
export type CommentAddBody = Static<typeof CommentAddBody>;

/** comment/confirm: with agree true the member accepts the community rules; without, it says whether they have. */
export const CommentConfirmBody = body({ agree: Type.Optional(Type.Boolean()) });
export const CommentRules = Type.Object({ confirmed: Type.Boolean(), confirmedAt: Nullable(DateTime) });
export type CommentRules = Static<typeof CommentRules>;

/** comment/vote (ours): 1 support, -1 opposition, 0 takes the caller's vote back; pressing the same vote again is a no-op. */
export const CommentVoteBody = body({ id: Id, vote: Type.Enum([1, -1, 0]) });
export type CommentVoteBody = Static<typeof CommentVoteBody>;
export const CommentVoteState = Type.Object({ likeCount: Type.Integer(), opposeCount: Type.Integer(), myVote: Type.Integer() });
export type CommentVoteState = Static<typeof CommentVoteState>;

/** comment/mycomments: the caller's own comments, newest first. */
export const MyCommentsBody = body(paged);

/** One of the member's own comments with what it was written under (2 video, 3 review, 5 post). */
export const MyComment = Type.Object({
  ...CommentItem.properties,
  target: Type.Object({
    contentType: Type.Integer({ description: '2 video, 3 review, 5 post' }),
    id: Id,
    title: Type.String({ description: "the item's title; '' when it is gone" }),
  }),
});
export type MyComment = Static<typeof MyComment>;

// Video detail ------------------------------------------------------------------------------------------
/** What video/detail adds to VideoDetail. */
export const VideoDetailExtra = Type.Object({
  isCollect: Type.Boolean({ description: 'whether the caller (when a token is sent) has it in favourites' }),
  actresses: Type.Array(ActressItem),
  tagList: Type.Array(TagItem),
  reviews: Type.Array(ReviewItem, { description: 'selected reviews of this video' }),
});
export type VideoDetailExtra = Static<typeof VideoDetailExtra>;

export const VideoDetailAnswer = Type.Object({ ...VideoDetail.properties, ...VideoDetailExtra.properties });
export type VideoDetailAnswer = Static<typeof VideoDetailAnswer>;

// Tag detail --------------------------------------------------------------------------------------------
export const TagDetail = Type.Object({
  tag: Nullable(TagItem),
  category: Nullable(TagCategory),
  contentType: Type.Integer(),
  videos: Nullable(PageOf(VideoItem)),
  actresses: Nullable(PageOf(ActressItem)),
});
export type TagDetail = Static<typeof TagDetail>;
