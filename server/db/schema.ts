import type { ColumnType, Generated } from 'kysely';
import type { Rendition } from '../../protocol/api.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CategoryTable {
  id: number;
  name: string;
  sort: number;
}

export interface ClipTable {
  name: string;
  duration: number;
  renditions: ColumnType<Rendition[], string, string>;
}

export interface VideoTable {
  id: number;
  category_id: number;
  title: string;
  description: string;
  clip: string;
  cover: string;
  cover_width: number;
  cover_height: number;
  poster: string;
  duration: number;
  play_count: number;
  like_count: number;
  comment_count: number;
  collect_count: number;
  tags: string[];
  created_at: Timestamp;
  /** The member whose work it is (migration 0023); null for the catalogue. */
  owner_id: Generated<number | null>;
  /** Whether lists, search and recommendations show it: a work only while published and public. */
  listed: Generated<boolean>;
}

export interface UserTable {
  id: Generated<number>;
  account: string | null;
  password_hash: string | null;
  dev_id: string | null;
  aff_code: string;
  is_user: boolean;
  nickname: string;
  mobile: Generated<string>;
  avatar: string;
  signature: Generated<string>;
  /** sha256 of the guest's device secret; null for members. */
  guest_secret_hash: string | null;
  /** Skeleton of the account name (protocol/account.ts accountKey); null for guests. */
  account_key: string | null;
  created_at: Generated<Date>;
  /** The member's points; changed only together with a score_log row (repositories/members.ts). */
  score: Generated<number>;
  /** When `score` last changed: equal scores rank by who reached them first. */
  score_at: Generated<Date>;
  /** sha256 of the member's account card code (user/qrcode); null when none was issued. */
  card_hash: Generated<string | null>;
  card_issued_at: Generated<Date | null>;
  /** When operators certified the member (user/isCert); null when not. */
  certified_at: Generated<Date | null>;
  /** The last heartbeat user/online/time counted. */
  online_at: Generated<Date | null>;
  /** When the member last cleared their watch history; older watches are not taken back. */
  history_cleared_at: Generated<Date | null>;
  /** The lock-screen passcode: PBKDF2-SHA256 salt and hash (hex); null when none is set. */
  lock_salt: Generated<string | null>;
  lock_hash: Generated<string | null>;
  /** When the member agreed to the community rules (comment/confirm); null until then. */
  rules_confirmed_at: Generated<Date | null>;
  /** When an operator suspended the member (migration 0024): their sessions stop working and they cannot sign in. */
  suspended_at: Generated<Date | null>;
  suspend_reason: Generated<string | null>;
}

export interface OnlineTimeTable {
  user_id: number;
  day: string;
  seconds: Generated<number>;
}

/** A member's watch of one video, the newest on any of their devices. */
export interface WatchHistoryTable {
  user_id: number;
  video_id: number;
  position: number;
  duration: number;
  finished: boolean;
  watched_at: Timestamp;
}

/** The live captcha code of a phone for one purpose (login/captcha). */
export interface CaptchaTable {
  mobile: string;
  purpose: string;
  code_hash: string;
  sent_at: Generated<Date>;
  expires_at: Timestamp;
  tries: Generated<number>;
}

export interface InviteTable {
  invitee_id: number;
  inviter_id: number;
  points: number;
  created_at: Generated<Date>;
}

export interface SessionTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

export interface AdvertiseTable {
  id: Generated<number>;
  position: string;
  title: string;
  image: string;
  image_width: number;
  image_height: number;
  link_field: string;
  link: string;
  sort: number;
}

export interface AdvertiseClickTable {
  id: Generated<string>;
  advertise_id: number;
  user_id: number | null;
  created_at: Generated<Date>;
}

export interface UploadTable {
  path: string;
  user_id: number;
  type: string;
  width: number;
  height: number;
  size: number;
  /** What the file is for (protocol/api.ts UPLOAD_PURPOSES). */
  purpose: Generated<string>;
  /** Set once something (an avatar, a post, a draft) points at the file; unreferenced files go after 7 days. */
  referenced: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface HotSearchTable {
  id: Generated<number>;
  keyword: string;
  heat: number;
  updated_at: Timestamp;
}

export interface HotSearchHitTable {
  keyword: string;
  caller: string;
  day: string;
}

export interface IdempotentRequestTable {
  owner: string;
  request_id: string;
  route: string;
  body_hash: string;
  status: number | null;
  response: string | null;
  created_at: Generated<Date>;
}

export interface CollectTable {
  user_id: number;
  content_type: number;
  content_id: number;
  created_at: Timestamp;
}

export interface CommentTable {
  id: Generated<number>;
  content_type: number;
  content_id: number;
  user_id: number | null;
  author_name: string;
  content: string;
  like_count: number;
  reply_count: number;
  created_at: Timestamp;
  /** The top-level comment a reply sits under; null for a top-level comment. */
  parent_id: Generated<number | null>;
  /** Whom a reply answers (the parent's author or another reply's), and their name then. */
  reply_to_user_id: Generated<number | null>;
  reply_to_name: Generated<string | null>;
  oppose_count: Generated<number>;
  /** When an operator hid it (migration 0024): it leaves every list and count. */
  hidden_at: Generated<Date | null>;
  hidden_reason: Generated<string | null>;
}

/** One member's vote on one comment: 1 support, -1 opposition, 0 taken back. */
export interface CommentVoteTable {
  comment_id: number;
  user_id: number;
  vote: number;
  created_at: Generated<Date>;
}

export interface TagCategoryTable {
  id: Generated<number>;
  name: string;
  content_type: number;
  sort: number;
}

export interface TagTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  content_type: number;
  sort: number;
  item_count: Generated<number>;
}

export interface ActressTable {
  id: Generated<number>;
  name: string;
  avatar: string;
  cover: string;
  cover_width: number;
  cover_height: number;
  intro: string;
  bio: string;
  video_count: Generated<number>;
  fans_count: number;
  play_count: ColumnType<string, number | string | undefined, number | string>;
  created_at: Timestamp;
}

export interface ActressTagTable {
  actress_id: number;
  tag_id: number;
}

export interface VideoActressTable {
  video_id: number;
  actress_id: number;
}

export interface VideoTagTable {
  video_id: number;
  tag_id: number;
}

export interface TopicTable {
  id: Generated<number>;
  title: string;
  type: number;
  cover: string;
  cover_width: number;
  cover_height: number;
  description: string;
  sort: number;
}

export interface TopicVideoTable {
  topic_id: number;
  video_id: number;
  position: number;
}

export interface ReviewTable {
  /** Seeded reviews carry their own ids; written ones take the next of reviews_id_seq. */
  id: ColumnType<number, number | undefined, never>;
  video_id: number;
  author_id: number;
  author_name: string;
  author_avatar: string;
  title: string;
  summary: string;
  content: string;
  score: number;
  like_count: number;
  comment_count: number;
  selected: boolean;
  created_at: Timestamp;
  status: ColumnType<'pending' | 'published' | 'rejected', 'pending' | 'published' | 'rejected' | undefined, 'pending' | 'published' | 'rejected'>;
  /** Why an operator rejected or took it down (migration 0024). */
  reject_reason: Generated<string | null>;
}

export interface ReviewTagTable {
  review_id: number;
  tag_id: number;
}

export interface BannerTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  image: string;
  image_width: number;
  image_height: number;
  bind_type: number;
  bind_int: number;
  bind_str: string;
  jump_type: number;
  content_type: number;
  sort: number;
}

/** One image of a post, in order: an upload's path and its size in pixels. */
export interface PostImageValue {
  path: string;
  width: number;
  height: number;
}

export type PostStatus = 'pending' | 'published' | 'rejected' | 'hidden';

export interface PostTable {
  /** Seeded posts carry their own ids; published ones take the next of posts_id_seq. */
  id: ColumnType<number, number | undefined, never>;
  author_id: number;
  author_name: string;
  author_avatar: string;
  video_id: number | null;
  title: string;
  content: string;
  view_count: number;
  like_count: number;
  comment_count: number;
  status: ColumnType<PostStatus, PostStatus | undefined, PostStatus>;
  created_at: Timestamp;
  images: ColumnType<PostImageValue[], string | undefined, string>;
  /** Points that unlock the whole post; 0 is free. */
  price: ColumnType<number, number | undefined, number>;
  /** Why an operator rejected it; shown to the author in their post centre. */
  reject_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PostTagTable {
  id: Generated<number>;
  name: string;
  sort: ColumnType<number, number | undefined, number>;
}

export interface PostTagLinkTable {
  post_id: number;
  tag_id: number;
}

export interface PostPurchaseTable {
  post_id: number;
  user_id: number;
  price: number;
  created_at: Generated<Date>;
}

export interface ScoreLogTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  reason: string;
  detail: string;
  /** The balance after this change. */
  balance: number;
  created_at: Generated<Date>;
}

export interface CheckinTable {
  user_id: number;
  /** A calendar day in MD_TIME_ZONE; written as 'YYYY-MM-DD', read back with to_char. */
  day: ColumnType<never, string, never>;
  created_at: Generated<Date>;
}

export interface CheckinPrizeClaimTable {
  user_id: number;
  /** YYYY-MM */
  month: string;
  prize_id: number;
  created_at: Generated<Date>;
}

export interface MessageTable {
  id: Generated<number>;
  /** 1 announcement, 2 comment, 3 reply, 4 support. */
  type: number;
  /** The addressee; null: an announcement to everyone. */
  user_id: number | null;
  from_user_id: number | null;
  title: Generated<string>;
  content: Generated<string>;
  target_type: number | null;
  target_id: number | null;
  target_title: string | null;
  created_at: Timestamp;
}

export interface MessageReadTable {
  user_id: number;
  type: number;
  /** The tab is read up to this message id. */
  read_id: number;
}

export interface FaqCategoryTable {
  id: Generated<number>;
  name: string;
  sort: Generated<number>;
}

export interface FaqEntryTable {
  id: Generated<number>;
  cate_id: number;
  question: string;
  /** Plain text, paragraphs separated by blank lines. */
  answer: string;
  sort: Generated<number>;
  created_at: Generated<Date>;
}

export interface FeedbackCategoryTable {
  id: Generated<number>;
  name: string;
  sort: Generated<number>;
}

/** A screenshot of a feedback: an upload of purpose feedback with its size. */
export interface FeedbackImageValue {
  path: string;
  width: number;
  height: number;
}

export interface FeedbackTable {
  id: Generated<number>;
  /** The sender (a guest or a member); null once their account is gone. */
  user_id: number | null;
  category_id: number;
  content: string;
  contact: string | null;
  images: ColumnType<FeedbackImageValue[], string, string>;
  /** 'new' until the operators' queue moves it on ('answered'). */
  status: Generated<string>;
  created_at: Generated<Date>;
  /** The operators' answer (migration 0024). */
  answer: Generated<string | null>;
  answered_at: Generated<Date | null>;
}

/** An item of the group area (/group): one row per update, article, offering, service or call. */
export interface BrandItemTable {
  id: Generated<number>;
  type: 'bubble' | 'news' | 'business' | 'service' | 'recruitment';
  title: string;
  summary: string;
  /** Plain text, paragraphs separated by blank lines. */
  body: string;
  source: string;
  cover: string;
  cover_width: number;
  cover_height: number;
  published_at: Timestamp;
  /** Recruitment: when applications close; null when open-ended and for other types. */
  ends_at: Timestamp | null;
}

/** A member's report of a video, post, comment or review (report/add): the operators' queue. */
export interface ReportTable {
  id: Generated<number>;
  /** Null once the reporter's account is gone. */
  reporter_id: number | null;
  target_type: string;
  target_id: number;
  /** Whose the target was when reported; null for videos and seeded comments. */
  target_author_id: number | null;
  reason: string;
  /** Plain text as sent; '' when none. */
  detail: Generated<string>;
  /** 'open' until the operators' queue moves it on: 'resolved' or 'dismissed'. */
  status: Generated<string>;
  created_at: Generated<Date>;
  closed_at: Generated<Date | null>;
  close_note: Generated<string | null>;
}

/** A member (blocker) who blocked another (blocked): their posts and comments are left out for the blocker. */
export interface UserBlockTable {
  blocker_id: number;
  blocked_id: number;
  created_at: Generated<Date>;
}

/** One job of the queue (server/jobs/queue.ts). */
export interface JobTable {
  id: Generated<string>;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  dedupe_key: string | null;
  state: Generated<'queued' | 'running' | 'done' | 'failed'>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Generated<Date>;
  locked_by: string | null;
  lease_until: Date | null;
  progress: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  finished_at: Date | null;
}

/** works/upload/media: a short-lived ticket for one tus upload (only its hash is kept). */
export interface UploadTicketTable {
  ticket_hash: string;
  user_id: number;
  max_bytes: ColumnType<string, number, number>;
  expires_at: Timestamp;
  upload_id: string | null;
  created_at: Generated<Date>;
}

/** One tus upload of a member's video. */
export interface VideoUploadTable {
  id: string;
  user_id: number;
  size: ColumnType<string, number, number>;
  state: Generated<'uploading' | 'complete' | 'used'>;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

/** A member's named group of works. */
export interface WorkCollectionTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  created_at: Generated<Date>;
}

/** A video a member uploaded (works/*), from its upload to its transcoded videos row. */
export interface WorkTable {
  id: Generated<number>;
  user_id: number;
  upload_id: string;
  category_id: number;
  collection_id: number | null;
  title: string;
  description: string;
  tag_ids: number[];
  clip: string;
  state: Generated<'processing' | 'ready' | 'failed'>;
  progress: Generated<number>;
  fail_reason: string | null;
  review: Generated<'published' | 'pending' | 'rejected'>;
  reject_reason: string | null;
  is_public: Generated<boolean>;
  video_id: number | null;
  width: Generated<number>;
  height: Generated<number>;
  duration: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A member who may call /api/app/admin/ (migration 0024), granted by the command-line tool. */
export interface OperatorTable {
  user_id: number;
  granted_by: string;
  granted_at: Generated<Date>;
}

/** One operator action: who, what, on what, the details, when. */
export interface AuditLogTable {
  id: Generated<string>;
  operator_id: number | null;
  actor: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: ColumnType<unknown, string | undefined, string>;
  created_at: Generated<Date>;
}

/** An operator's import of a video file (migration 0026), keyed by the file's sha256. */
export interface VideoImportTable {
  id: Generated<number>;
  content_hash: string;
  source_path: string;
  source_size: ColumnType<string, number, number>;
  clip: string;
  title: string;
  description: Generated<string>;
  category_id: number;
  actress_ids: number[];
  tag_ids: number[];
  captions: ColumnType<ImportCaption[], string, string>;
  published_at: Date | null;
  state: Generated<'processing' | 'ready' | 'failed'>;
  progress: Generated<number>;
  fail_reason: string | null;
  video_id: number | null;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One caption track of an import: its language, the player's label and the WebVTT text. */
export interface ImportCaption {
  lang: string;
  label: string;
  text: string;
}

export interface Schema {
  tag_categories: TagCategoryTable;
  tags: TagTable;
  actresses: ActressTable;
  actress_tags: ActressTagTable;
  video_actresses: VideoActressTable;
  video_tags: VideoTagTable;
  topics: TopicTable;
  topic_videos: TopicVideoTable;
  reviews: ReviewTable;
  review_tags: ReviewTagTable;
  banners: BannerTable;
  posts: PostTable;
  categories: CategoryTable;
  clips: ClipTable;
  videos: VideoTable;
  hot_searches: HotSearchTable;
  hot_search_hits: HotSearchHitTable;
  idempotent_requests: IdempotentRequestTable;
  collects: CollectTable;
  comments: CommentTable;
  comment_votes: CommentVoteTable;
  users: UserTable;
  invites: InviteTable;
  online_time: OnlineTimeTable;
  watch_history: WatchHistoryTable;
  captchas: CaptchaTable;
  score_log: ScoreLogTable;
  checkins: CheckinTable;
  checkin_prize_claims: CheckinPrizeClaimTable;
  messages: MessageTable;
  message_reads: MessageReadTable;
  sessions: SessionTable;
  advertise: AdvertiseTable;
  advertise_clicks: AdvertiseClickTable;
  uploads: UploadTable;
  post_tags: PostTagTable;
  post_tag_links: PostTagLinkTable;
  post_purchases: PostPurchaseTable;
  app_meta: AppMetaTable;
  faq_categories: FaqCategoryTable;
  faq_entries: FaqEntryTable;
  feedback_categories: FeedbackCategoryTable;
  feedbacks: FeedbackTable;
  reports: ReportTable;
  user_blocks: UserBlockTable;
  brand_items: BrandItemTable;
  jobs: JobTable;
  upload_tickets: UploadTicketTable;
  video_uploads: VideoUploadTable;
  work_collections: WorkCollectionTable;
  works: WorkTable;
  operators: OperatorTable;
  audit_log: AuditLogTable;
  video_imports: VideoImportTable;
  header_menus: HeaderMenuTable;
  checkin_prizes: CheckinPrizeTable;
}

/** The header menu of ping/config (migration 0027), edited by operators. */
export interface HeaderMenuTable {
  id: Generated<number>;
  name: string;
  bind_type: number;
  bind_int: number;
  bind_str: string;
  jump_type: number;
  content_type: number;
  sort: number;
}

/** The check-in streak prizes (migration 0027), edited by operators. */
export interface CheckinPrizeTable {
  id: Generated<number>;
  days: number;
  points: number;
}
