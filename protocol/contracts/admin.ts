/**
 * Contracts of the operators' API (admin-api.ts). Every call is POST with a JSON body; lists are
 * Page<T>. Members are named by account or by id (MemberRef).
 */
import { Type, type Static } from 'typebox';
import {
  FEEDBACK_ANSWER_MAX,
  FEEDBACK_STATUSES,
  IMPORT_DESCRIPTION_MAX,
  IMPORT_PERFORMERS_MAX,
  IMPORT_PUBLISHED_PATTERN,
  IMPORT_SKIP_REASONS,
  IMPORT_SUBTITLES_MAX,
  IMPORT_TAGS_MAX,
  IMPORT_TITLE_MAX,
  MODERATION_KINDS,
  MODERATION_REASON_MAX,
  REPORT_STATUSES,
} from '../admin-api.ts';
import { DateTime, Id, Nullable, PageBody } from './common.ts';

/** Bodies are closed: an unknown field is bad input. */
const body = <P extends Parameters<typeof Type.Object>[0]>(properties: P) => Type.Object(properties, { additionalProperties: false });

const reason = (what: string) =>
  Type.String({
    minLength: 1,
    maxLength: MODERATION_REASON_MAX * 4,
    description: `${what}: plain text, 1 to ${MODERATION_REASON_MAX} characters after trimming`,
  });

/** A member, by account name or by id (one of them). */
const memberRef = {
  account: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'the account name (compared like sign-in does)' })),
  userId: Type.Optional(Id),
};
export const MemberRefBody = body(memberRef);
export type MemberRefBody = Static<typeof MemberRefBody>;

/** A member as the operators' lists show them. */
export const MemberSummary = Type.Object({ id: Type.Integer(), account: Type.String(), nickname: Type.String() });
export type MemberSummary = Static<typeof MemberSummary>;

/** admin/whoami: the caller as the admin API sees them, and the server behind it. */
export const Whoami = Type.Object({
  actor: Type.String({ description: "'member:<account>' for an operator's signed call, 'cli:<system user>' for the local tool" }),
  operatorId: Nullable(Type.Integer()),
  via: Type.Enum(['api', 'cli']),
  database: Type.Enum(['pglite', 'postgres']),
  ready: Type.Boolean({ description: 'media and seed in place (/healthz answers 200)' }),
});
export type Whoami = Static<typeof Whoami>;

/** One operator. */
export const OperatorItem = Type.Object({
  userId: Type.Integer(),
  account: Type.String(),
  nickname: Type.String(),
  grantedBy: Type.String(),
  grantedAt: DateTime,
});
export type OperatorItem = Static<typeof OperatorItem>;

/** admin/operator/grant and revoke: whether the member holds the role now, and whether this call changed it. */
export const OperatorChange = Type.Object({ userId: Type.Integer(), account: Type.String(), operator: Type.Boolean(), changed: Type.Boolean() });
export type OperatorChange = Static<typeof OperatorChange>;

export const OperatorListBody = body(PageBody.properties);

/** admin/audit/list: a page of the log, optionally narrowed. */
export const AuditListBody = body({
  ...PageBody.properties,
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'one action, e.g. moderate.reject' })),
  operatorId: Type.Optional(Id),
});
export type AuditListBody = Static<typeof AuditListBody>;

/** One row of the audit log. */
export const AuditEntry = Type.Object({
  id: Type.Integer(),
  operatorId: Nullable(Type.Integer({ description: "the operator's member id; null for the local tool" })),
  actor: Type.String(),
  action: Type.String(),
  targetType: Nullable(Type.String()),
  targetId: Nullable(Type.String()),
  details: Type.Record(Type.String(), Type.Unknown()),
  createdAt: DateTime,
});
export type AuditEntry = Static<typeof AuditEntry>;

const Kind = Type.Enum([...MODERATION_KINDS], { description: 'post, work or review' });

/** admin/moderate/pending: a page of what waits for a decision, of one kind or all. */
export const PendingListBody = body({ ...PageBody.properties, kind: Type.Optional(Kind) });
export type PendingListBody = Static<typeof PendingListBody>;

/** A post, work or review waiting for a decision. */
export const PendingItem = Type.Object({
  kind: Kind,
  id: Type.Integer(),
  title: Type.String(),
  excerpt: Type.String({ description: 'the start of its text' }),
  author: Nullable(MemberSummary),
  createdAt: DateTime,
  state: Type.String({ description: "works: processing, ready or failed (a work can be decided while it transcodes); 'ready' for posts and reviews" }),
});
export type PendingItem = Static<typeof PendingItem>;

/** admin/moderate/approve: which item. */
export const ApproveBody = body({ kind: Kind, id: Id });
export type ApproveBody = Static<typeof ApproveBody>;

/** admin/moderate/reject and takedown: which item, and why (the author reads it). */
export const RejectBody = body({ kind: Kind, id: Id, reason: reason('why, as the author reads it') });
export type RejectBody = Static<typeof RejectBody>;

/** The decision made, and the notice its author got (null when the author's account is gone). */
export const Decision = Type.Object({
  kind: Kind,
  id: Type.Integer(),
  status: Type.Enum(['published', 'rejected']),
  reason: Nullable(Type.String()),
  noticeId: Nullable(Type.Integer()),
});
export type Decision = Static<typeof Decision>;

/** admin/comment/hide: which comment, and an optional reason its author reads. */
export const CommentHideBody = body({ id: Id, reason: Type.Optional(reason('why, as the author reads it')) });
export type CommentHideBody = Static<typeof CommentHideBody>;

export const CommentHidden = Type.Object({
  id: Type.Integer(),
  contentType: Type.Integer({ description: 'what it was written under: 2 video, 3 review, 5 post' }),
  contentId: Type.Integer(),
  removed: Type.Integer({ description: "comments that left the item's count: the comment and, for a top-level one, its visible replies" }),
  noticeId: Nullable(Type.Integer()),
});
export type CommentHidden = Static<typeof CommentHidden>;

/** admin/report/list: a page of reports of one status (open unless named). */
export const ReportListBody = body({ ...PageBody.properties, status: Type.Optional(Type.Enum([...REPORT_STATUSES])) });
export type ReportListBody = Static<typeof ReportListBody>;

/** One report with what it is about. */
export const ReportEntry = Type.Object({
  id: Type.Integer(),
  targetType: Type.String(),
  targetId: Type.Integer(),
  target: Type.Object({
    title: Type.String({ description: "the video's, post's or review's title, or the comment's text; '' when gone" }),
    authorId: Nullable(Type.Integer()),
    visible: Type.Boolean({ description: 'whether members still see it (published, not hidden)' }),
  }),
  reason: Type.String(),
  reasonName: Type.String(),
  detail: Type.String(),
  reporter: Nullable(MemberSummary),
  status: Type.Enum([...REPORT_STATUSES]),
  createdAt: DateTime,
  closedAt: Nullable(DateTime),
  note: Nullable(Type.String()),
});
export type ReportEntry = Static<typeof ReportEntry>;

/** admin/report/resolve and dismiss: which report, and an optional note for the log. */
export const ReportCloseBody = body({ id: Id, note: Type.Optional(reason('a note for the operators')) });
export type ReportCloseBody = Static<typeof ReportCloseBody>;

export const ReportClosed = Type.Object({ id: Type.Integer(), status: Type.Enum(['resolved', 'dismissed']) });
export type ReportClosed = Static<typeof ReportClosed>;

/** admin/feedback/list: a page of feedback of one status (new unless named). */
export const FeedbackListBody = body({ ...PageBody.properties, status: Type.Optional(Type.Enum([...FEEDBACK_STATUSES])) });
export type FeedbackListBody = Static<typeof FeedbackListBody>;

/** One feedback as the operators read it. */
export const FeedbackEntry = Type.Object({
  id: Type.Integer(),
  sender: Nullable(Type.Object({ id: Type.Integer(), account: Type.String(), nickname: Type.String(), isUser: Type.Boolean() })),
  category: Type.String(),
  content: Type.String(),
  contact: Nullable(Type.String()),
  images: Type.Array(Type.String(), { description: 'masked image paths, relative to the IMAGE base' }),
  status: Type.Enum([...FEEDBACK_STATUSES]),
  answer: Nullable(Type.String()),
  answeredAt: Nullable(DateTime),
  createdAt: DateTime,
});
export type FeedbackEntry = Static<typeof FeedbackEntry>;

/** admin/feedback/answer: which feedback and the answer its sender reads. */
export const FeedbackAnswerBody = body({
  id: Id,
  answer: Type.String({ minLength: 1, maxLength: FEEDBACK_ANSWER_MAX * 4, description: `plain text, 1 to ${FEEDBACK_ANSWER_MAX} characters after trimming` }),
});
export type FeedbackAnswerBody = Static<typeof FeedbackAnswerBody>;

export const FeedbackAnswered = Type.Object({
  id: Type.Integer(),
  status: Type.Literal('answered'),
  noticeId: Nullable(Type.Integer({ description: "the notice in the sender's /sysMsg; null for a guest or a deleted account" })),
});
export type FeedbackAnswered = Static<typeof FeedbackAnswered>;

/** One member's account as the operators see it. */
export const MemberInfo = Type.Object({
  id: Type.Integer(),
  account: Type.String(),
  nickname: Type.String(),
  isUser: Type.Boolean(),
  operator: Type.Boolean(),
  suspended: Type.Boolean(),
  suspendedAt: Nullable(DateTime),
  suspendReason: Nullable(Type.String()),
  sessions: Type.Integer({ description: 'live sessions (they answer 1000 while suspended)' }),
  createdAt: DateTime,
});
export type MemberInfo = Static<typeof MemberInfo>;

/** admin/member/suspend: whom and why. */
export const SuspendBody = body({ ...memberRef, reason: reason('why, for the operators') });
export type SuspendBody = Static<typeof SuspendBody>;

/** Whether the member is suspended now, and whether this call changed it. */
export const MemberStatus = Type.Object({ id: Type.Integer(), account: Type.String(), suspended: Type.Boolean(), changed: Type.Boolean() });
export type MemberStatus = Static<typeof MemberStatus>;

/** admin/backup/dump: where the server writes the dump (an absolute path on its machine that does not exist yet). */
export const BackupDumpBody = body({
  dir: Type.String({
    minLength: 2,
    maxLength: 4096,
    pattern: '^/',
    description: 'an absolute path on the server machine; the folder is made there, mode 0700',
  }),
});
export type BackupDumpBody = Static<typeof BackupDumpBody>;

/** What the dump holds, and where the server keeps its media (the tool packs those files itself: it runs on the same machine). */
export const BackupDump = Type.Object({
  dir: Type.String(),
  database: Type.Enum(['pglite', 'postgres']),
  mediaDir: Type.String({ description: "the server's MEDIA_DIR" }),
  migrations: Type.Integer({ description: 'migrations applied' }),
  tables: Type.Array(Type.Object({ name: Type.String(), rows: Type.Integer() })),
  sequences: Type.Integer(),
  ms: Type.Integer(),
});
export type BackupDump = Static<typeof BackupDump>;
// Import (npm run md -- import-video) ----------------------------------------------------------------

const importName = Type.String({ minLength: 1, maxLength: 64 });

/** admin/video/import: one file on the server's machine and what its video is. */
export const VideoImportBody = body({
  path: Type.String({ minLength: 1, maxLength: 4096, description: "the file's absolute path on the server's machine" }),
  title: Type.String({ minLength: 1, maxLength: IMPORT_TITLE_MAX * 4, description: `1 to ${IMPORT_TITLE_MAX} characters after trimming` }),
  description: Type.Optional(Type.String({ maxLength: IMPORT_DESCRIPTION_MAX * 4 })),
  publishedAt: Type.Optional(
    Type.String({
      pattern: IMPORT_PUBLISHED_PATTERN,
      description: 'when the video was first published (a date or an ISO instant, not in the future); default: when the import finishes',
    }),
  ),
  category: Type.String({ minLength: 1, maxLength: 64, description: 'a category by name, or its id' }),
  performers: Type.Array(importName, {
    maxItems: IMPORT_PERFORMERS_MAX,
    description: 'performers by name; an unknown name is refused with the names there are',
  }),
  tags: Type.Array(importName, { maxItems: IMPORT_TAGS_MAX, description: 'video tags by name; an unknown name is refused with the names there are' }),
  subtitles: Type.Array(
    body({
      path: Type.String({ minLength: 1, maxLength: 4096, description: 'a WebVTT file on the server’s machine' }),
      lang: Type.String({ minLength: 1, maxLength: 35, pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$', description: 'its BCP 47 language (zh, en, pt-BR)' }),
    }),
    { maxItems: IMPORT_SUBTITLES_MAX },
  ),
});
export type VideoImportBody = Static<typeof VideoImportBody>;

/** One import as the tool follows it. */
export const ImportStatus = Type.Object({
  importId: Type.Integer(),
  state: Type.Enum(['processing', 'ready', 'failed']),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  videoId: Nullable(Type.Integer()),
  failReason: Nullable(Type.String()),
  title: Type.String(),
  path: Type.String(),
});
export type ImportStatus = Static<typeof ImportStatus>;

/** admin/video/import: the import made or found, or why the file was skipped. */
export const VideoImportResult = Type.Object({
  outcome: Type.Enum(['created', 'resumed', 'already-imported', 'skipped']),
  path: Type.String(),
  /** For people: what happened, or why the file was skipped. */
  message: Type.String(),
  skipReason: Nullable(Type.Enum([...IMPORT_SKIP_REASONS])),
  import: Nullable(ImportStatus),
  /** What the probe found (null when skipped or already imported): the picture's size, length, sound, and the renditions it earns. */
  probe: Nullable(
    Type.Object({
      width: Type.Integer(),
      height: Type.Integer(),
      durationS: Type.Number(),
      audio: Type.Boolean(),
      renditions: Type.Array(Type.String()),
    }),
  ),
});
export type VideoImportResult = Static<typeof VideoImportResult>;

export const ImportStatusBody = body({ ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) });
export const ImportStatusList = Type.Object({ list: Type.Array(ImportStatus) });
export type ImportStatusList = Static<typeof ImportStatusList>;
