/**
 * The member contracts' plain values (no schemas): the page imports these through member-api.ts,
 * and a value read from contracts/member.ts would bring TypeBox and every member schema into the
 * entry chunk with it.
 */

/** Why points moved. */
export const SCORE_REASONS = ['checkin', 'prize', 'post', 'pay', 'income', 'invite', 'operator'] as const;

/** Message tabs of /sysMsg: 1 公告 announcements, 2 评论 comments, 3 回复 replies, 4 点赞 supports. */
export const MESSAGE_TYPE = { NOTICE: 1, COMMENT: 2, REPLY: 3, SUPPORT: 4 } as const;

/** The code an account card carries: 43 base64url characters (32 random bytes). */
export const CARD_CODE_PATTERN = '^[A-Za-z0-9_-]{43}$';

/** user/online/time: the page says the member is active (at most one heartbeat counts per minute). */
export const ONLINE_HEARTBEAT_SECONDS = 60;

/** Watches one user/history/sync call takes and the most it answers (the newest). */
export const HISTORY_SYNC_MAX = 200;

/** What a captcha code is for: signing in by phone, binding or changing the member's phone, resetting the password, deleting the account. */
export const CAPTCHA_PURPOSES = ['login', 'bind', 'reset', 'delete'] as const;

/** The rows of each list an export holds at most; a member with more gets the newest. */
export const EXPORT_LIST_MAX = 10_000;
