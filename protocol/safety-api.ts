/**
 * Paths and wire types of reporting and blocking (ours): a member reports a video, post, comment or
 * review to the operators (report/add), and blocks members whose posts and comments they no longer
 * want to see (user/block, user/unblock, user/blocklist). Conventions as in api.ts: every call is
 * POST with a JSON body; lists are Page<T>. The wire types are the contracts in
 * contracts/safety.ts, re-exported here.
 */
export const SAFETY_API = {
  /** Reports a video, post, comment or review with a reason (members only; one open report per target). */
  reportAdd: '/api/app/report/add',
  /** Blocks a member: their posts and comments are left out for the caller, and they cannot reply to the caller. */
  userBlock: '/api/app/user/block',
  /** Takes a block back. */
  userUnblock: '/api/app/user/unblock',
  /** The members the caller blocked, newest first. */
  userBlocklist: '/api/app/user/blocklist',
} as const;

/** What can be reported. */
export const REPORT_TARGETS = ['video', 'post', 'comment', 'review'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/**
 * The reasons a report gives, as codes, each with the name operators read (the page shows its own
 * translation of each). The list is fixed, so it is a constant rather than a call.
 */
export const REPORT_REASONS = {
  vulgar: '色情低俗',
  illegal: '违法违规',
  spam: '垃圾广告',
  infringement: '侵权',
  abuse: '人身攻击',
  other: '其他',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_REASON_CODES = Object.keys(REPORT_REASONS) as ReportReason[];
/** The reason whose report must say what is wrong in its detail. */
export const REPORT_REASON_OTHER: ReportReason = 'other';

/** Characters (code points after NFKC, like account.ts textLength) of a report's detail. */
export const REPORT_DETAIL_MAX = 200;

export type { BlockedMember, BlockState, ReportAddBody, ReportReceipt } from './contracts/safety.ts';
