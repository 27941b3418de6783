import {
  ADMIN_API,
  FEEDBACK_STATUSES,
  MODERATION_KINDS,
  REPORT_STATUSES,
  type Decision,
  type FeedbackEntry,
  type MemberInfo,
  type PendingItem,
  type ReportEntry,
} from '../../../protocol/admin-api.ts';
import type { Page } from '../../../protocol/api.ts';
import type { CommentHidden, FeedbackAnswered, MemberStatus, ReportClosed } from '../../../protocol/contracts/admin.ts';
import { choiceValue, intValue, type ArgSpec, type Command, type OptionSpec } from '../framework.ts';
import { clip } from '../table.ts';
import { ask, MEMBER_ARG, memberRef, PAGING_OPTIONS, pagingOf, printPage, when } from './shared.ts';

const KIND_ARG: ArgSpec = { name: 'kind', description: `what it is: ${MODERATION_KINDS.join(', ')}` };
const ID_ARG: ArgSpec = { name: 'id', description: 'its id (from moderate pending, or report list)' };
const REASON: OptionSpec = {
  type: 'string',
  placeholder: 'text',
  required: true,
  description: 'why, in words the author reads in /sysMsg (up to 200 characters)',
};

const decisionLine = (d: Decision) =>
  `${d.kind} ${d.id}: ${d.status}${d.reason ? ` (reason: ${d.reason})` : ''}${d.noticeId ? '; the author was told under 公告' : "; the author's account is gone"}`;

const pending: Command<Page<PendingItem>> = {
  name: 'moderate pending',
  summary: 'List the posts, works and reviews waiting for a decision, oldest first',
  description: 'New posts, works and reviews wait here when the server runs with MD_HOLD_POSTS=1.',
  options: { kind: { type: 'string', placeholder: 'kind', description: `only one kind: ${MODERATION_KINDS.join(', ')}` }, ...PAGING_OPTIONS },
  examples: ['moderate pending', 'moderate pending --kind post --json'],
  run: async ({ options, admin }) =>
    ask(admin, ADMIN_API.moderatePending, {
      ...pagingOf(options),
      ...(options.kind !== undefined && { kind: choiceValue(options.kind, '--kind', MODERATION_KINDS) }),
    }),
  print: (page, out) =>
    printPage(
      page,
      ['KIND', 'ID', 'SINCE', 'AUTHOR', 'TITLE', 'TEXT'],
      (p) => [
        p.kind + (p.kind === 'work' && p.state !== 'ready' ? ` (${p.state})` : ''),
        p.id,
        when(p.createdAt),
        p.author?.account ?? '-',
        clip(p.title, 24),
        clip(p.excerpt, 40),
      ],
      out,
    ),
};

const approve: Command<Decision> = {
  name: 'moderate approve',
  summary: 'Publish a pending post, work or review (its author is told under 公告)',
  args: [KIND_ARG, ID_ARG],
  examples: ['moderate approve post 100012'],
  run: async ({ args, admin }) =>
    ask(admin, ADMIN_API.moderateApprove, { kind: choiceValue(args.kind, '<kind>', MODERATION_KINDS), id: intValue(args.id, '<id>') }),
  print: (d, out) => out(decisionLine(d)),
};

const reject: Command<Decision> = {
  name: 'moderate reject',
  summary: 'Reject a pending post, work or review with a reason its author reads in /sysMsg',
  args: [KIND_ARG, ID_ARG],
  options: { reason: REASON },
  examples: ['moderate reject post 100012 --reason "含有广告链接"'],
  run: async ({ args, options, admin }) =>
    ask(admin, ADMIN_API.moderateReject, {
      kind: choiceValue(args.kind, '<kind>', MODERATION_KINDS),
      id: intValue(args.id, '<id>'),
      reason: String(options.reason),
    }),
  print: (d, out) => out(decisionLine(d)),
};

const takedown: Command<Decision> = {
  name: 'moderate takedown',
  summary: 'Take a published post, work or review down with a reason its author reads in /sysMsg',
  args: [KIND_ARG, ID_ARG],
  options: { reason: REASON },
  examples: ['moderate takedown review 100003 --reason "剧透未标注"'],
  run: async ({ args, options, admin }) =>
    ask(admin, ADMIN_API.moderateTakedown, {
      kind: choiceValue(args.kind, '<kind>', MODERATION_KINDS),
      id: intValue(args.id, '<id>'),
      reason: String(options.reason),
    }),
  print: (d, out) => out(decisionLine(d)),
};

const hide: Command<CommentHidden> = {
  name: 'comment hide',
  summary: 'Hide a comment or reply from every list and count (a comment takes its replies with it)',
  args: [{ name: 'id', description: "the comment's id (from report list)" }],
  options: { reason: { type: 'string', placeholder: 'text', description: 'why, in words the author reads in /sysMsg (default: 违反社区规范)' } },
  examples: ['comment hide 5521 --reason "人身攻击"'],
  run: async ({ args, options, admin }) =>
    ask(admin, ADMIN_API.commentHide, {
      id: intValue(args.id, '<id>'),
      ...(options.reason !== undefined && { reason: String(options.reason) }),
    }),
  print: (h, out) =>
    out(
      `comment ${h.id} hidden; ${h.removed} comment${h.removed === 1 ? '' : 's'} left the count of item ${h.contentId}${h.noticeId ? '; its author was told' : ''}`,
    ),
};

const reports: Command<Page<ReportEntry>> = {
  name: 'report list',
  summary: 'List reports (open ones, oldest first, unless --status says otherwise)',
  options: { status: { type: 'string', placeholder: 'status', description: `${REPORT_STATUSES.join(', ')} (default open)` }, ...PAGING_OPTIONS },
  examples: ['report list', 'report list --status resolved --json'],
  run: async ({ options, admin }) =>
    ask(admin, ADMIN_API.reportList, {
      ...pagingOf(options),
      ...(options.status !== undefined && { status: choiceValue(options.status, '--status', REPORT_STATUSES) }),
    }),
  print: (page, out) =>
    printPage(
      page,
      ['ID', 'WHEN', 'TARGET', 'SHOWN', 'REASON', 'BY', 'ABOUT'],
      (r) => [
        r.id,
        when(r.createdAt),
        `${r.targetType} ${r.targetId}`,
        r.target.visible ? 'yes' : 'no',
        `${r.reasonName}${r.detail ? `: ${clip(r.detail, 20)}` : ''}`,
        r.reporter?.account ?? '-',
        clip(r.target.title, 30),
      ],
      out,
    ),
};

const closeReport = (status: 'resolved' | 'dismissed'): Command<ReportClosed> => ({
  name: status === 'resolved' ? 'report resolve' : 'report dismiss',
  summary: status === 'resolved' ? 'Close an open report as acted upon' : 'Close an open report as needing nothing',
  args: [{ name: 'id', description: "the report's id (from report list)" }],
  options: { note: { type: 'string', placeholder: 'text', description: 'a note for the audit log' } },
  examples: [`report ${status === 'resolved' ? 'resolve' : 'dismiss'} 17 --note "已处理"`],
  run: async ({ args, options, admin }) =>
    ask(admin, status === 'resolved' ? ADMIN_API.reportResolve : ADMIN_API.reportDismiss, {
      id: intValue(args.id, '<id>'),
      ...(options.note !== undefined && { note: String(options.note) }),
    }),
  print: (r, out) => out(`report ${r.id}: ${r.status}`),
});

const feedback: Command<Page<FeedbackEntry>> = {
  name: 'feedback list',
  summary: 'Read feedback sent from /contactUs (new ones, oldest first, unless --status says otherwise)',
  options: { status: { type: 'string', placeholder: 'status', description: `${FEEDBACK_STATUSES.join(', ')} (default new)` }, ...PAGING_OPTIONS },
  examples: ['feedback list', 'feedback list --status answered'],
  run: async ({ options, admin }) =>
    ask(admin, ADMIN_API.feedbackList, {
      ...pagingOf(options),
      ...(options.status !== undefined && { status: choiceValue(options.status, '--status', FEEDBACK_STATUSES) }),
    }),
  print: (page, out) =>
    printPage(
      page,
      ['ID', 'WHEN', 'FROM', 'CATEGORY', 'TEXT', 'CONTACT', 'ANSWER'],
      (f) => [
        f.id,
        when(f.createdAt),
        f.sender ? (f.sender.isUser ? f.sender.account : `guest ${f.sender.id}`) : '-',
        f.category,
        clip(f.content, 40) + (f.images.length ? ` [${f.images.length} image${f.images.length > 1 ? 's' : ''}]` : ''),
        clip(f.contact ?? '', 16),
        clip(f.answer ?? '', 30),
      ],
      out,
    ),
};

const answer: Command<FeedbackAnswered> = {
  name: 'feedback answer',
  summary: 'Answer a feedback: its sender reads the answer in /sysMsg (and in the export of their data)',
  args: [{ name: 'id', description: "the feedback's id (from feedback list)" }],
  options: { text: { type: 'string', placeholder: 'text', required: true, description: 'the answer (up to 1000 characters)' } },
  examples: ['feedback answer 42 --text "感谢反馈，已修复。"'],
  run: async ({ args, options, admin }) => ask(admin, ADMIN_API.feedbackAnswer, { id: intValue(args.id, '<id>'), answer: String(options.text) }),
  print: (r, out) => out(`feedback ${r.id} answered${r.noticeId ? '; the sender was told under 公告' : ''}`),
};

const show: Command<MemberInfo> = {
  name: 'member show',
  summary: "Show a member's account status: operator, suspended, live sessions",
  args: [MEMBER_ARG],
  examples: ['member show alice', 'member show id:1024 --json'],
  run: async ({ args, admin }) => ask(admin, ADMIN_API.memberShow, memberRef(args.member)),
  print: (m, out) => {
    out(`${m.account} (id ${m.id}), ${m.nickname}, member since ${when(m.createdAt)}`);
    out(`operator:  ${m.operator ? 'yes' : 'no'}`);
    out(`suspended: ${m.suspended ? `since ${when(m.suspendedAt)}: ${m.suspendReason ?? ''}` : 'no'}`);
    out(`sessions:  ${m.sessions}`);
  },
};

const statusLine = (s: MemberStatus) =>
  `${s.account} (id ${s.id}) is ${s.suspended ? 'suspended' : 'active'}${s.changed ? '' : ' (unchanged: it was already so)'}`;

const suspend: Command<MemberStatus> = {
  name: 'member suspend',
  summary: 'Suspend a member: every session of theirs stops at once, on every instance, and they cannot sign in',
  args: [MEMBER_ARG],
  options: { reason: { ...REASON, description: 'why, for the audit log (up to 200 characters)' } },
  examples: ['member suspend spammer_01 --reason "批量发布广告"'],
  run: async ({ args, options, admin }) => ask(admin, ADMIN_API.memberSuspend, { ...memberRef(args.member), reason: String(options.reason) }),
  print: (s, out) => out(statusLine(s)),
};

const restore: Command<MemberStatus> = {
  name: 'member restore',
  summary: 'Lift a suspension: the member can sign in again and their unexpired sessions work',
  args: [MEMBER_ARG],
  examples: ['member restore spammer_01'],
  run: async ({ args, admin }) => ask(admin, ADMIN_API.memberRestore, memberRef(args.member)),
  print: (s, out) => out(statusLine(s)),
};

export const MODERATION_COMMANDS: Command[] = [
  pending,
  approve,
  reject,
  takedown,
  hide,
  reports,
  closeReport('resolved'),
  closeReport('dismissed'),
  feedback,
  answer,
  show,
  suspend,
  restore,
] as Command[];
