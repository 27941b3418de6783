/**
 * Paths of the member's own calls (check-in, points, messages); conventions as in api.ts. The
 * wire types are the contracts in contracts/member.ts, re-exported here.
 */
export const MEMBER_API = {
  checkinClick: '/api/app/checkin/click',
  checkinPrize: '/api/app/checkin/prize',
  checkinGave: '/api/app/checkin/gave',
  scoreList: '/api/app/user/score/list',
  scoreRank: '/api/app/user/score/rank',
  userTitle: '/api/app/user/title',
  messageList: '/api/app/message/list',
  messageLatest: '/api/app/message/latest',
  messageHasNew: '/api/app/message/hasnew',
  /** Ours beside the spec's: one announcement, for /noticeDetail. */
  messageDetail: '/api/app/message/detail',
  /** Ours: marks a tab read (message/list reads without side effects, so a prefetch marks nothing). */
  messageRead: '/api/app/message/read',
  /** A new account card (its code for a QR code); the previous one stops working. */
  userQrcode: '/api/app/user/qrcode',
  /** Whose account a card restores. */
  userQrcodeInfo: '/api/app/user/qrcode/info',
  userShareqr: '/api/app/user/shareqr',
  onlineTime: '/api/app/user/online/time',
  isCert: '/api/app/user/isCert',
  workIncome: '/api/app/user/work/income',
  inviteList: '/api/app/user/invite/list',
  inviteIncome: '/api/app/user/invite/income',
  /** Ours beside the spec's: merges a device's watch history with the member's account. */
  historySync: '/api/app/user/history/sync',
  /** The captcha rules and when this phone may ask for a code again. */
  loginBefore: '/api/app/login/before',
  loginCaptcha: '/api/app/login/captcha',
  loginPhone: '/api/app/login/phone',
  bindMobile: '/api/app/login/bindMobile',
  changeMobile: '/api/app/user/changeMobile',
  /** Ours beside the spec's: a forgotten password reset through the bound phone's code. */
  resetPassword: '/api/app/login/resetPassword',
  /** Sets or removes the lock-screen passcode (the current one is needed to change it). */
  lockCodeSet: '/api/app/user/lockscreencode/set',
  /** Ours beside the spec's: the passcode's salt and hash, for a device to check it offline. */
  lockCodeInfo: '/api/app/user/lockscreencode/info',
  /** Ours beside the spec's: signs in with an account card on this device. */
  loginCard: '/api/app/login/card',
  /** Ours beside the spec's: everything the account holds, as one JSON file. */
  accountExport: '/api/app/user/export',
  /** Ours beside the spec's: deletes the account (confirmed by password, or by a code to the bound phone). */
  accountDelete: '/api/app/user/delete',
} as const;

export * from './member-values.ts';
export type {
  AccountCard,
  AccountExport,
  AccountCardInfo,
  CaptchaPolicy,
  CaptchaPurpose,
  CertStatus,
  HistoryEntry,
  HistoryItem,
  HistorySync,
  LockCode,
  OnlineTime,
  WorksIncome,
  InviteIncome,
  Invitee,
  ShareInfo,
  CheckinOverview,
  CheckinPrize,
  CheckinResult,
  MessageHasNew,
  MessageItem,
  MessageLatest,
  MessageListBody,
  MessageTarget,
  MessageType,
  RankEntry,
  ScoreEntry,
  ScoreRank,
  TitleLevel,
  UserTitle,
} from './contracts/member.ts';
