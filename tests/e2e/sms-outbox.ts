import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the e2e server writes its captcha texts (SMS_OUTBOX: server/accounts/sms-sender.ts). */
export const SMS_OUTBOX = join(tmpdir(), `md-e2e-sms-${process.env.E2E_PORT ?? 8181}.jsonl`);

/** The newest code sent to `phone` (stored form, e.g. +8613900000000) for `purpose`, if any. */
export function lastCode(phone: string, purpose: string): string | undefined {
  let text = '';
  try {
    text = readFileSync(SMS_OUTBOX, 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.trim().split('\n').filter(Boolean);
  for (const line of lines.reverse()) {
    const message = JSON.parse(line) as { to: string; purpose: string; code: string };
    if (message.to === phone && message.purpose === purpose) return message.code;
  }
  return undefined;
}
