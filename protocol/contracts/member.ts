/**
 * Contracts of the member's own calls: daily check-in and its prizes, points (score history,
 * leaderboard, titles) and system messages. Days are calendar days (YYYY-MM-DD) in the
 * deployment's time zone (Asia/Shanghai unless MD_TIME_ZONE says otherwise).
 */
import { Type, type Static } from 'typebox';
import { Author, DateTime, Id, Nullable, PageBody } from './common.ts';
import { CAPTCHA_PURPOSES, CARD_CODE_PATTERN, HISTORY_SYNC_MAX, SCORE_REASONS } from '../member-values.ts';

export * from '../member-values.ts';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a calendar day, YYYY-MM-DD, in the deployment time zone' });
const Month = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'a calendar month, YYYY-MM' });

/** checkin/prize: the month to show (default: this month). */
export const CheckinBody = Type.Object({ month: Type.Optional(Month) }, { additionalProperties: false });
export type CheckinBody = Static<typeof CheckinBody>;

/** A prize for a streak: claimable once per month when the month holds a run of `days` consecutive check-ins. */
export const CheckinPrize = Type.Object({
  id: Type.Integer(),
  days: Type.Integer({ description: 'consecutive check-in days needed' }),
  points: Type.Integer(),
  claimed: Type.Boolean({ description: 'claimed for the shown month' }),
  claimable: Type.Boolean({ description: 'reached and not yet claimed (only for the current month)' }),
});
export type CheckinPrize = Static<typeof CheckinPrize>;

/** The sign-in calendar: the checked days of one month, the streak and the prizes. */
export const CheckinOverview = Type.Object({
  today: Day,
  month: Month,
  /** Checked days of `month`, ascending. */
  days: Type.Array(Day),
  checkedToday: Type.Boolean(),
  /** Consecutive days up to today (or yesterday when today is not yet checked). */
  streak: Type.Integer(),
  /** Every check-in of the member, all months. */
  total: Type.Integer(),
  /** Points one check-in gives. */
  pointsPerDay: Type.Integer(),
  /** The member's points now. */
  score: Type.Integer(),
  prizes: Type.Array(CheckinPrize),
});
export type CheckinOverview = Static<typeof CheckinOverview>;

/** checkin/click answers the overview and the points just earned. */
export const CheckinResult = Type.Object({ earned: Type.Integer(), overview: CheckinOverview });
export type CheckinResult = Static<typeof CheckinResult>;

/** checkin/gave: the prize to claim (requestId, like every changing call, is added by the server). */
export const PrizeClaimBody = Type.Object({ id: Id }, { additionalProperties: false });
export type PrizeClaimBody = Static<typeof PrizeClaimBody>;

export type ScoreReason = (typeof SCORE_REASONS)[number];

/** One line of the member's points history, newest first. */
export const ScoreEntry = Type.Object({
  id: Type.Integer(),
  delta: Type.Integer({ description: 'points gained (positive) or spent (negative)' }),
  reason: Type.Enum([...SCORE_REASONS]),
  /** Free detail, e.g. the prize's streak length ("7"); '' when none. */
  detail: Type.String(),
  balance: Type.Integer({ description: 'points after this change' }),
  createdAt: DateTime,
});
export type ScoreEntry = Static<typeof ScoreEntry>;

export const ScoreListBody = Type.Object({ ...PageBody.properties }, { additionalProperties: false });

/** A title earned by points: level 1 from 0 points up. */
export const TitleLevel = Type.Object({ level: Type.Integer(), name: Type.String(), minScore: Type.Integer() });
export type TitleLevel = Static<typeof TitleLevel>;

/** user/title: the member's points, title and the next one. */
export const UserTitle = Type.Object({
  score: Type.Integer(),
  title: TitleLevel,
  next: Nullable(TitleLevel),
  levels: Type.Array(TitleLevel),
});
export type UserTitle = Static<typeof UserTitle>;

/** One row of the points leaderboard. */
export const RankEntry = Type.Object({ rank: Type.Integer(), user: Author, score: Type.Integer(), title: TitleLevel });
export type RankEntry = Static<typeof RankEntry>;

/** user/score/rank: the top members (members only, guests never rank) and the caller's place. */
export const ScoreRank = Type.Object({ list: Type.Array(RankEntry), mine: Nullable(RankEntry) });
export type ScoreRank = Static<typeof ScoreRank>;

export const ScoreRankBody = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })) }, { additionalProperties: false });

export const MessageType = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]);
export type MessageType = Static<typeof MessageType>;

/** What a message is about: a video (2), review (3), post (5) or comment (9), and its title or excerpt. */
export const MessageTarget = Type.Object({ contentType: Type.Integer(), id: Type.Integer(), title: Type.String() });
export type MessageTarget = Static<typeof MessageTarget>;

export const MessageItem = Type.Object({
  id: Type.Integer(),
  type: MessageType,
  /** Announcements: their title; other types: '' (the page words them from `from` and `target`). */
  title: Type.String(),
  /** Announcements: the text; comments and replies: the comment; supports: ''. */
  content: Type.String(),
  /** Who commented, replied or supported; null for announcements. */
  from: Nullable(Author),
  target: Nullable(MessageTarget),
  /** False until the member opens the message's tab. */
  read: Type.Boolean(),
  createdAt: DateTime,
});
export type MessageItem = Static<typeof MessageItem>;

export const MessageListBody = Type.Object({ type: MessageType, ...PageBody.properties }, { additionalProperties: false });
export type MessageListBody = Static<typeof MessageListBody>;

/** message/latest: per tab, the newest message (or null) and how many are unread. */
export const MessageLatest = Type.Array(Type.Object({ type: MessageType, unread: Type.Integer(), latest: Nullable(MessageItem) }));
export type MessageLatest = Static<typeof MessageLatest>;

/** message/hasnew: unread counts for the badge. */
export const MessageHasNew = Type.Object({ hasNew: Type.Boolean(), total: Type.Integer() });
export type MessageHasNew = Static<typeof MessageHasNew>;

/** message/read (ours): marks one tab read up to now. */
export const MessageReadBody = Type.Object({ type: MessageType }, { additionalProperties: false });

// Account card -------------------------------------------------------------------------------------

/** user/qrcode: a new account card; the member's previous card stops working. Shown once: only its hash is kept. */
export const AccountCard = Type.Object({
  code: Type.String({ pattern: CARD_CODE_PATTERN }),
  issuedAt: DateTime,
});
export type AccountCard = Static<typeof AccountCard>;

/** user/qrcode/info and login/card: the code read from a card. */
export const AccountCardBody = Type.Object({ code: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
export type AccountCardBody = Static<typeof AccountCardBody>;

/** user/qrcode/info: whose account a card restores, to confirm before restoring it. */
export const AccountCardInfo = Type.Object({
  nickname: Type.String(),
  avatar: Type.String({ description: 'path relative to the IMAGE base' }),
  /** The account name with its middle hidden, e.g. ab***yz. */
  account: Type.String(),
  issuedAt: DateTime,
});
export type AccountCardInfo = Static<typeof AccountCardInfo>;

// Invites --------------------------------------------------------------------------------------------
/** user/shareqr: the member's invite code; the invite link is the site's address with ?pc=CODE. */
export const ShareInfo = Type.Object({
  code: Type.String({ description: 'the invite code, for the link /?pc=CODE' }),
  points: Type.Integer({ description: 'points the member earns per invited sign-up' }),
});
export type ShareInfo = Static<typeof ShareInfo>;

/** One member who signed up through the caller's invite link. */
export const Invitee = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String({ description: 'path relative to the IMAGE base' }),
  points: Type.Integer({ description: 'points the caller earned for it' }),
  joinedAt: DateTime,
});
export type Invitee = Static<typeof Invitee>;

export const InviteListBody = Type.Object({ ...PageBody.properties }, { additionalProperties: false });
export type InviteListBody = Static<typeof InviteListBody>;

/** user/invite/income: what the caller's invites brought. */
export const InviteIncome = Type.Object({ count: Type.Integer(), points: Type.Integer() });
export type InviteIncome = Static<typeof InviteIncome>;

// Account status -------------------------------------------------------------------------------------
export const OnlineTimeBody = Type.Object(
  { active: Type.Optional(Type.Boolean({ description: 'true: count a heartbeat (at most one per minute counts); absent or false: only read' })) },
  { additionalProperties: false },
);
export type OnlineTimeBody = Static<typeof OnlineTimeBody>;

export const OnlineTime = Type.Object({
  today: Type.Integer({ description: 'seconds online today, in the deployment time zone' }),
  total: Type.Integer({ description: 'seconds online in all' }),
});
export type OnlineTime = Static<typeof OnlineTime>;

/** user/isCert: whether operators certified the member. */
export const CertStatus = Type.Object({ certified: Type.Boolean(), certifiedAt: Nullable(DateTime) });
export type CertStatus = Static<typeof CertStatus>;

/** user/work/income: what the member's paid works earned. */
export const WorksIncome = Type.Object({ points: Type.Integer(), count: Type.Integer({ description: 'payments received' }) });
export type WorksIncome = Static<typeof WorksIncome>;

/** One watch as a device keeps it: where the member stopped in a video, and when. */
export const HistoryItem = Type.Object(
  {
    videoId: Id,
    position: Type.Integer({ minimum: 0, maximum: 864000, description: 'seconds watched' }),
    duration: Type.Integer({ minimum: 0, maximum: 864000, description: 'seconds in the video' }),
    finished: Type.Boolean({ description: 'watched to (nearly) the end' }),
    watchedAt: DateTime,
  },
  { additionalProperties: false },
);
export type HistoryItem = Static<typeof HistoryItem>;

/**
 * user/history/sync (ours): the device's watches since it last synced, and when the member last
 * cleared their history on it. The newest watch of each video wins; a clear drops every watch up
 * to its time on all devices.
 */
export const HistorySyncBody = Type.Object(
  {
    items: Type.Array(HistoryItem, { maxItems: HISTORY_SYNC_MAX }),
    clearedAt: Type.Optional(DateTime),
  },
  { additionalProperties: false },
);
export type HistorySyncBody = Static<typeof HistorySyncBody>;

/** A watch with what a history list shows of its video. */
export const HistoryEntry = Type.Object({
  ...HistoryItem.properties,
  title: Type.String(),
  cover: Type.String(),
  coverWidth: Type.Integer(),
  coverHeight: Type.Integer(),
});
export type HistoryEntry = Static<typeof HistoryEntry>;

/** The member's watches after the merge, newest first, and the last clear on any device. */
export const HistorySync = Type.Object({ list: Type.Array(HistoryEntry), clearedAt: Nullable(DateTime) });
export type HistorySync = Static<typeof HistorySync>;

export type CaptchaPurpose = (typeof CAPTCHA_PURPOSES)[number];

const Country = Type.String({ maxLength: 5, description: 'calling code, e.g. +86' });
const Mobile = Type.String({ maxLength: 20, description: 'the national number; spaces and dashes are allowed' });
const Code = Type.String({ maxLength: 10, description: 'the captcha code sent to the phone' });
const Secret = Type.String({ maxLength: 128 });

/** login/before: the phone about to ask for a code. */
export const PhoneBody = Type.Object({ country: Country, mobile: Mobile }, { additionalProperties: false });
export type PhoneBody = Static<typeof PhoneBody>;

/** login/before's answer: the captcha rules, and how long until this phone may ask again. */
export const CaptchaPolicy = Type.Object({
  length: Type.Integer({ description: 'digits in a code' }),
  expiresSeconds: Type.Integer({ description: 'a code works this long' }),
  resendSeconds: Type.Integer({ description: 'the wait between two codes to one phone' }),
  retryAfter: Type.Integer({ description: 'seconds until this phone may ask again; 0 now' }),
});
export type CaptchaPolicy = Static<typeof CaptchaPolicy>;

/** login/captcha: send a code to the phone for one purpose. */
export const CaptchaBody = Type.Object({ country: Country, mobile: Mobile, purpose: Type.Enum([...CAPTCHA_PURPOSES]) }, { additionalProperties: false });
export type CaptchaBody = Static<typeof CaptchaBody>;

/** login/phone, login/bindMobile: the phone and the code it received. */
export const PhoneCodeBody = Type.Object({ country: Country, mobile: Mobile, code: Code }, { additionalProperties: false });
export type PhoneCodeBody = Static<typeof PhoneCodeBody>;

/** user/changeMobile: the new phone, its code, and the password when the account has one. */
export const ChangeMobileBody = Type.Object({ country: Country, mobile: Mobile, code: Code, password: Type.Optional(Secret) }, { additionalProperties: false });
export type ChangeMobileBody = Static<typeof ChangeMobileBody>;

/** login/resetPassword (ours): a new password through the bound phone's code. */
export const ResetPasswordBody = Type.Object(
  { country: Country, mobile: Mobile, code: Code, password: Secret, confirmPassword: Secret },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** user/lockscreencode/set: a new passcode ('' removes it) and, when one is set, the current one. */
export const LockCodeBody = Type.Object(
  { code: Type.String({ maxLength: 6, description: "4 to 6 digits; '' removes the passcode" }), oldCode: Type.Optional(Type.String({ maxLength: 6 })) },
  { additionalProperties: false },
);
export type LockCodeBody = Static<typeof LockCodeBody>;

/**
 * The member's passcode as their devices check it offline: PBKDF2-SHA256 of the digits (UTF-8)
 * with `salt` (hex bytes), `iterations` rounds, 32 bytes, hex. Null fields when none is set.
 */
export const LockCode = Type.Object({
  enabled: Type.Boolean(),
  salt: Nullable(Type.String()),
  hash: Nullable(Type.String()),
  iterations: Type.Integer(),
});
export type LockCode = Static<typeof LockCode>;

/**
 * user/export (ours): everything the account holds, as one JSON file the member keeps. Times are
 * ISO 8601; lists are newest first.
 */
export const AccountExport = Type.Object({
  format: Type.Literal('md-account-export'),
  version: Type.Literal(1),
  exportedAt: DateTime,
  profile: Type.Object({
    id: Id,
    account: Type.String(),
    mobile: Type.String(),
    nickname: Type.String(),
    signature: Type.String(),
    avatar: Type.String({ description: 'path relative to the IMAGE base' }),
    createdAt: DateTime,
    certifiedAt: Nullable(DateTime),
    hasLockCode: Type.Boolean(),
  }),
  favourites: Type.Array(Type.Object({ videoId: Id, title: Type.String(), at: DateTime })),
  follows: Type.Array(Type.Object({ actressId: Id, name: Type.String(), at: DateTime })),
  history: Type.Array(HistoryItem),
  posts: Type.Array(Type.Object({ id: Id, title: Type.String(), content: Type.String(), status: Type.String(), createdAt: DateTime })),
  comments: Type.Array(Type.Object({ id: Id, contentType: Type.Integer(), contentId: Id, content: Type.String(), createdAt: DateTime })),
  points: Type.Object({
    score: Type.Integer(),
    log: Type.Array(Type.Object({ delta: Type.Integer(), reason: Type.String(), detail: Type.String(), balance: Type.Integer(), at: DateTime })),
  }),
  checkins: Type.Array(Day),
  invites: Type.Array(Type.Object({ nickname: Type.String(), points: Type.Integer(), at: DateTime })),
  onlineTime: Type.Array(Type.Object({ day: Day, seconds: Type.Integer() })),
  reviews: Type.Array(
    Type.Object({ id: Id, videoId: Id, title: Type.String(), content: Type.String(), score: Type.Integer(), status: Type.String(), createdAt: DateTime }),
  ),
  works: Type.Array(
    Type.Object({
      id: Id,
      title: Type.String(),
      description: Type.String(),
      state: Type.String(),
      isPublic: Type.Boolean(),
      videoId: Nullable(Id),
      createdAt: DateTime,
    }),
  ),
  feedback: Type.Array(
    Type.Object({
      id: Id,
      content: Type.String(),
      contact: Nullable(Type.String()),
      status: Type.String(),
      createdAt: DateTime,
      answer: Nullable(Type.String({ description: "the operators' answer, null until answered" })),
      answeredAt: Nullable(DateTime),
    }),
  ),
  reports: Type.Array(
    Type.Object({ id: Id, targetType: Type.String(), targetId: Id, reason: Type.String(), detail: Type.String(), status: Type.String(), createdAt: DateTime }),
  ),
  blocked: Type.Array(Type.Object({ userId: Id, nickname: Type.String(), at: DateTime })),
});
export type AccountExport = Static<typeof AccountExport>;

/**
 * user/delete (ours): ends the account. A member with a password confirms with it; a member who
 * signed up by phone (no password) with a code sent to their bound phone (purpose 'delete').
 */
export const DeleteAccountBody = Type.Object({ password: Type.Optional(Secret), code: Type.Optional(Code) }, { additionalProperties: false });
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;
