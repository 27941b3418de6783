import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { CAPTCHA_LENGTH } from '../../protocol/account.ts';
import type { CaptchaPurpose } from '../../protocol/contracts/member.ts';
import { CODES } from '../../protocol/envelope.ts';
import type { Schema } from '../db/schema.ts';
import { ApiError, badRequest } from '../plugins/api-error.ts';
import type { Counter } from '../plugins/stores.ts';

/** A code works this long. */
export const CAPTCHA_TTL_SECONDS = 300;
/** The wait between two codes to one phone for one purpose. */
export const CAPTCHA_RESEND_SECONDS = 60;
/** Wrong tries one code takes before it stops working. */
export const CAPTCHA_MAX_TRIES = 5;
/** Codes one phone is sent in a day, and one address asks for in an hour. */
export const CAPTCHAS_PER_PHONE_PER_DAY = 10;
export const CAPTCHAS_PER_ADDRESS_PER_HOUR = 20;

const TEXT_OF: Record<CaptchaPurpose, string> = {
  login: '登录',
  bind: '绑定手机号',
  reset: '重置密码',
  delete: '注销账号',
};

const hashOf = (mobile: string, purpose: string, code: string) => createHash('sha256').update(`${purpose}\u0000${mobile}\u0000${code}`).digest('hex');

export function newCaptchaCode(): string {
  return String(randomInt(0, 10 ** CAPTCHA_LENGTH)).padStart(CAPTCHA_LENGTH, '0');
}

export function captchaText(code: string, purpose: CaptchaPurpose): string {
  return `【MD视频】验证码 ${code}，用于${TEXT_OF[purpose]}，${CAPTCHA_TTL_SECONDS / 60} 分钟内有效。请勿告诉他人。`;
}

/**
 * Captcha codes in the database (so every instance sees the same ones), each step one statement:
 * issuing refuses within the resend wait by the upsert's own condition, a try is counted by the
 * update that reads the hash, and a right code is used up by the delete that only one caller wins.
 */
export function captchasRepository(db: Kysely<Schema>) {
  return {
    /** Stores a new code for the phone; answers 0, or the seconds to wait when the last one is too recent. */
    async issue(mobile: string, purpose: CaptchaPurpose, code: string): Promise<number> {
      const { rows } = await sql<{ issued: number }>`
        INSERT INTO captchas (mobile, purpose, code_hash, sent_at, expires_at, tries)
        VALUES (${mobile}, ${purpose}, ${hashOf(mobile, purpose, code)}, now(), now() + make_interval(secs => ${CAPTCHA_TTL_SECONDS}), 0)
        ON CONFLICT (mobile, purpose) DO UPDATE
          SET code_hash = EXCLUDED.code_hash, sent_at = EXCLUDED.sent_at, expires_at = EXCLUDED.expires_at, tries = 0
          WHERE captchas.sent_at <= now() - make_interval(secs => ${CAPTCHA_RESEND_SECONDS})
        RETURNING 1 AS issued`.execute(db);
      if (rows.length > 0) return 0;
      return Math.max(1, await this.retryAfter(mobile, purpose));
    },

    /** Seconds until the phone may be sent another code for `purpose` (any purpose when none is named). */
    async retryAfter(mobile: string, purpose?: CaptchaPurpose): Promise<number> {
      const { rows } = await sql<{ wait: string | number | null }>`
        SELECT ceil(extract(epoch FROM max(sent_at) + make_interval(secs => ${CAPTCHA_RESEND_SECONDS}) - now())) AS wait
        FROM captchas WHERE mobile = ${mobile} AND (CAST(${purpose ?? null} AS text) IS NULL OR purpose = ${purpose ?? null})`.execute(db);
      return Math.max(0, Number(rows[0]?.wait ?? 0));
    },

    /** Spends one try of the phone's code: 'ok' uses the code up (for this caller only), else why not. */
    async consume(mobile: string, purpose: CaptchaPurpose, code: string): Promise<'ok' | 'wrong' | 'expired'> {
      const tried = await db
        .updateTable('captchas')
        .set({ tries: sql<number>`tries + 1` })
        .where('mobile', '=', mobile)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', sql<Date>`now()`)
        .where('tries', '<', CAPTCHA_MAX_TRIES)
        .returning('code_hash')
        .executeTakeFirst();
      if (!tried) return 'expired';
      const expected = Buffer.from(tried.code_hash, 'hex');
      const given = Buffer.from(hashOf(mobile, purpose, code), 'hex');
      if (!timingSafeEqual(expected, given)) return 'wrong';
      const used = await db
        .deleteFrom('captchas')
        .where('mobile', '=', mobile)
        .where('purpose', '=', purpose)
        .where('code_hash', '=', tried.code_hash)
        .returning('mobile')
        .executeTakeFirst();
      return used ? 'ok' : 'expired';
    },
  };
}

export type CaptchasRepository = ReturnType<typeof captchasRepository>;

/** Counts a code request against the address's hourly and the phone's daily allowance, or throws 1008. */
export async function admitCaptcha(counter: Counter, mobile: string, address: string): Promise<void> {
  if ((await counter.hit(`captcha:ip:${address}`, 3_600_000)) > CAPTCHAS_PER_ADDRESS_PER_HOUR)
    throw new ApiError(CODES.TOO_MANY, '获取验证码过于频繁，请稍后再试');
  if ((await counter.hit(`captcha:phone:${mobile}`, 86_400_000)) > CAPTCHAS_PER_PHONE_PER_DAY)
    throw new ApiError(CODES.TOO_MANY, '该手机号今日获取验证码次数已达上限');
}

/** Checks the code the caller typed and uses it up, or throws the reason. */
export async function useCaptcha(captchas: CaptchasRepository, mobile: string, purpose: CaptchaPurpose, code: string): Promise<void> {
  if (!new RegExp(`^\\d{${CAPTCHA_LENGTH}}$`).test(code.trim())) throw badRequest(`请输入${CAPTCHA_LENGTH}位验证码`);
  const outcome = await captchas.consume(mobile, purpose, code.trim());
  if (outcome === 'wrong') throw new ApiError(CODES.AUTH_FAILED, '验证码错误');
  if (outcome === 'expired') throw new ApiError(CODES.AUTH_FAILED, '验证码已失效，请重新获取');
}
