/**
 * Paths, limits and wire types of the operators' API (issue 14): every call is POST under
 * ADMIN_PREFIX with a JSON body, answered in the usual envelope. Two kinds of caller reach it:
 *
 * - a member holding the operator role, with the MD1 signed headers and their bearer token like any
 *   call (a guest or a member without the role is refused with 1007 需要运营权限);
 * - the command-line tool on the server's own machine through the local channel: instead of the MD1
 *   headers it sends OPERATOR_KEY_HEADER with the key the server wrote to DATA_DIR/operator.json
 *   (mode 0600), from a loopback or same-host address and without forwarding headers; its answers
 *   are never encrypted (hash false). Granting and revoking the role is for this channel only.
 *
 * The wire types are the contracts in contracts/admin.ts, re-exported here.
 */
export const ADMIN_PREFIX = '/api/app/admin/';

export const ADMIN_API = {
  /** Who the caller is to the admin API, and the server's database: the tool's connection check. */
  whoami: '/api/app/admin/whoami',
  /** Grants the operator role to a member (local channel only). */
  operatorGrant: '/api/app/admin/operator/grant',
  /** Takes the operator role back (local channel only). */
  operatorRevoke: '/api/app/admin/operator/revoke',
  /** The operators, newest first. */
  operatorList: '/api/app/admin/operator/list',
  /** The audit log, newest first, optionally of one action or one operator. */
  auditList: '/api/app/admin/audit/list',
  /** Posts, works and reviews waiting for a decision, oldest first. */
  moderatePending: '/api/app/admin/moderate/pending',
  /** Publishes a pending post, work or review. */
  moderateApprove: '/api/app/admin/moderate/approve',
  /** Rejects a pending post, work or review with a reason its author reads in /sysMsg. */
  moderateReject: '/api/app/admin/moderate/reject',
  /** Takes a published post, work or review down with a reason its author reads in /sysMsg. */
  moderateTakedown: '/api/app/admin/moderate/takedown',
  /** Hides a comment or reply from every list and count. */
  commentHide: '/api/app/admin/comment/hide',
  /** Reports, oldest first, by status. */
  reportList: '/api/app/admin/report/list',
  /** Closes an open report as acted upon. */
  reportResolve: '/api/app/admin/report/resolve',
  /** Closes an open report as needing nothing. */
  reportDismiss: '/api/app/admin/report/dismiss',
  /** Feedback, oldest first, by status. */
  feedbackList: '/api/app/admin/feedback/list',
  /** Answers a feedback: its sender reads the answer in /sysMsg. */
  feedbackAnswer: '/api/app/admin/feedback/answer',
  /** One member's account status. */
  memberShow: '/api/app/admin/member/show',
  /** Suspends a member: every session stops at once, on every instance, and signing in is refused. */
  memberSuspend: '/api/app/admin/member/suspend',
  /** Lifts a suspension. */
  memberRestore: '/api/app/admin/member/restore',
  /** Writes the database half of a backup into a new folder on the server's machine (local channel only; `md backup`). */
  backupDump: '/api/app/admin/backup/dump',
  /** Imports a video file on the server's machine: probes it, then queues its transcode (or finds the import of the same content). */
  videoImport: '/api/app/admin/video/import',
  /** The state and progress of imports, by id. */
  videoImportStatus: '/api/app/admin/video/import/status',
} as const;

/** What operators manage (Manage): each has list, add, edit and remove under ADMIN_PREFIX<kind>/. */
export const MANAGE_KINDS = ['performer', 'tag', 'tagcategory', 'topic', 'menu', 'banner', 'ad', 'announcement', 'faq', 'hotsearch', 'prize'] as const;
export type ManageKind = (typeof MANAGE_KINDS)[number];
export const MANAGE_ACTIONS = ['list', 'add', 'edit', 'remove'] as const;
export type ManageAction = (typeof MANAGE_ACTIONS)[number];
/** How messages name each kind (与 the refusals: 标签「城市」仍被 12 个视频使用). */
export const MANAGE_KIND_NAMES: Record<ManageKind, string> = {
  performer: '演员',
  tag: '标签',
  tagcategory: '标签分类',
  topic: '专题',
  menu: '菜单',
  banner: '横幅',
  ad: '广告',
  announcement: '公告',
  faq: '常见问题',
  hotsearch: '热搜词',
  prize: '签到奖励',
};
type ManagePaths = { [K in ManageKind]: { [A in ManageAction]: `/api/app/admin/${K}/${A}` } };
/** The Manage calls: MANAGE_API.tag.remove is '/api/app/admin/tag/remove'. */
export const MANAGE_API = Object.fromEntries(
  MANAGE_KINDS.map((kind) => [kind, Object.fromEntries(MANAGE_ACTIONS.map((action) => [action, `${ADMIN_PREFIX}${kind}/${action}`]))]),
) as ManagePaths;

/** Where ads show (the slots the pages read from ping/config). */
export const AD_POSITIONS = ['home_banner', 'home_list', 'video_detail'] as const;
/** A picture an operator sends, decoded. */
export const MANAGE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Characters (code points after NFKC) of the managed texts. */
export const MANAGE_TEXT_MAX = { name: 64, menu: 16, keyword: 32, line: 200, body: 5000 } as const;

/** The header of the local channel's key. */
export const OPERATOR_KEY_HEADER = 'x-operator-key';
/** Who is at the keyboard of the local tool (the system user), recorded as `cli:<name>` in the audit log. */
export const OPERATOR_NAME_HEADER = 'x-operator-name';
/** The file in DATA_DIR where a running server leaves its local channel's key and address. */
export const OPERATOR_FILE = 'operator.json';

/** What moderation decides on. */
export const MODERATION_KINDS = ['post', 'work', 'review'] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];
/** How the notices to authors name each kind. */
export const MODERATION_KIND_NAMES: Record<ModerationKind, string> = { post: '帖子', work: '作品', review: '影评' };

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const FEEDBACK_STATUSES = ['new', 'answered'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** Characters (code points after NFKC, like account.ts textLength) of a moderation reason or a note. */
export const MODERATION_REASON_MAX = 200;
/** Characters of an answer to a feedback. */
export const FEEDBACK_ANSWER_MAX = 1000;

/** The refusal of an admin call to a guest or a member without the role (code 1007). */
export const OPERATORS_ONLY_TIP = '需要运营权限';
/** The refusal of a call only the local tool may make (granting and revoking the role). */
export const LOCAL_ONLY_TIP = '该操作只能在服务器上用命令行工具执行';

export type { AuditEntry, BackupDump, Decision, FeedbackEntry, MemberInfo, OperatorItem, PendingItem, ReportEntry, Whoami } from './contracts/admin.ts';

/** Characters of an imported video's title (after trimming) and description. */
export const IMPORT_TITLE_MAX = 100;
export const IMPORT_DESCRIPTION_MAX = 2000;
/** Performers, tags and caption files one import may name. */
export const IMPORT_PERFORMERS_MAX = 20;
export const IMPORT_TAGS_MAX = 30;
export const IMPORT_SUBTITLES_MAX = 10;
/** Bytes of one WebVTT file given with --subtitles. */
export const IMPORT_SUBTITLE_MAX_BYTES = 2 * 1024 * 1024;
/** Why a file was skipped instead of imported. */
/** publishedAt of an import: a date (2024-05-01) or an ISO instant. */
export const IMPORT_PUBLISHED_PATTERN = '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$';

/** The instant of an import's publishedAt, or null when it is not a date of that form or is in the future. */
export function pastPublication(value: string, now = Date.now()): Date | null {
  if (!new RegExp(IMPORT_PUBLISHED_PATTERN).test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) || date.getTime() > now ? null : date;
}

export const IMPORT_SKIP_REASONS = ['missing', 'not-a-file', 'empty', 'not-video', 'no-video-stream'] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];
export type * from './contracts/manage.ts';
