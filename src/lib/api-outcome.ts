import { CODES, isEnvelope, type Envelope } from '../../protocol/envelope.ts';
import { HTTP_STATUS_MESSAGES } from '../../protocol/messages.ts';
import { i18n } from '../i18n/index.ts';

// The page's words for SPEC §8 (its catalogue holds the exact Chinese of protocol/messages.ts).
const msg = {
  default: () => i18n.t('errors.default'),
  noResponse: () => i18n.t('errors.noResponse'),
  interceptor: () => i18n.t('errors.interceptor'),
  loginInvalid: () => i18n.t('errors.loginInvalid'),
  http: (status: number) => (status in HTTP_STATUS_MESSAGES ? i18n.t(`errors.http${status}` as 'errors.http400') : i18n.t('errors.default')),
};

/** What came back from one call, whichever path (service worker or crypto worker) carried it. */
export interface RawResult {
  status: number;
  /** Response text; '' when there was none. */
  body: string;
  interceptError: boolean;
  networkError: boolean;
}

export type Outcome =
  | { kind: 'ok'; data: unknown }
  /** 7016: reject with the whole response, no message. */
  | { kind: 'silent'; envelope: Envelope }
  /** 1000: show the message, clear the login, go home after 1 s. */
  | { kind: 'login-invalid'; message: string; envelope: Envelope }
  | { kind: 'error'; message: string; code: number; envelope?: Envelope };

/** Non-envelope failures carry code -1 so callers can tell them from server codes. */
export const NO_ENVELOPE_CODE = -1;

/** The error catalogue of SPEC §8 as a pure decision. */
export function decideOutcome(raw: RawResult): Outcome {
  if (raw.interceptError) return { kind: 'error', message: msg.interceptor(), code: NO_ENVELOPE_CODE };
  if (raw.networkError || raw.status === 0) return { kind: 'error', message: msg.noResponse(), code: NO_ENVELOPE_CODE };
  if (raw.status < 200 || raw.status >= 300) {
    return { kind: 'error', message: msg.http(raw.status), code: NO_ENVELOPE_CODE };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.body);
  } catch {
    return { kind: 'error', message: msg.default(), code: NO_ENVELOPE_CODE };
  }
  if (!isEnvelope(parsed)) return { kind: 'error', message: msg.default(), code: NO_ENVELOPE_CODE };
  const envelope = parsed;
  if (envelope.code === CODES.OK) {
    // A payload still flagged as encrypted means nothing decrypted it: never hand ciphertext to the UI.
    if (envelope.hash) return { kind: 'error', message: msg.interceptor(), code: NO_ENVELOPE_CODE, envelope };
    return { kind: 'ok', data: envelope.data };
  }
  if (envelope.code === CODES.SILENT) return { kind: 'silent', envelope };
  if (envelope.code === CODES.LOGIN_INVALID) return { kind: 'login-invalid', message: msg.loginInvalid(), envelope };
  return { kind: 'error', message: envelope.tip || msg.default(), code: envelope.code, envelope };
}
