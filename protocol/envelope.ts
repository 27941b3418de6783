/** The response envelope of every /api/ call (PROTOCOL.md, "Response envelope"). */
export interface Envelope<T = unknown> {
  code: number;
  tip: string;
  data: T | string | null;
  hash: boolean;
}

export const CODES = {
  OK: 200,
  LOGIN_INVALID: 1000,
  BAD_SIGNATURE: 1002,
  EXPIRED: 1003,
  REPLAYED: 1004,
  /** Bad input: malformed JSON, wrong types, unknown ids, oversized bodies, fake uploads. */
  BAD_REQUEST: 1005,
  NOT_FOUND: 1006,
  FORBIDDEN: 1007,
  TOO_MANY: 1008,
  /** Account name or password wrong, or account taken. */
  AUTH_FAILED: 1009,
  /** Done once already and not to be done again: a second check-in on one day, a prize claimed twice. */
  ALREADY_DONE: 1010,
  /** The account was suspended by an operator: signing in is refused (its sessions answer 1000). */
  SUSPENDED: 1011,
  SERVER_ERROR: 1500,
  /** The client rejects with the whole response and no message (SPEC §8). */
  SILENT: 7016,
} as const;

export const TIPS = {
  OK: 'success',
  LOGIN_INVALID: '您的登录状态已失效',
  BAD_SIGNATURE: '签名无效',
  EXPIRED: '请求已过期',
  REPLAYED: '重复的请求',
  SUSPENDED: '账号已被停用',
} as const;

export function ok<T>(data: T): Envelope<T> {
  return { code: CODES.OK, tip: TIPS.OK, data, hash: false };
}

export function fail(code: number, tip: string): Envelope<null> {
  return { code, tip, data: null, hash: false };
}

export function isEnvelope(value: unknown): value is Envelope {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'number' && typeof v.hash === 'boolean' && 'data' in v;
}
