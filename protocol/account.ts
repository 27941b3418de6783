/**
 * Account names and passwords, one set of rules for the page and the server (DECISIONS: lengths
 * in code points after NFKC, counted by one function on both sides).
 */
export const ACCOUNT_MIN = 6;
export const ACCOUNT_MAX = 32;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/** A nickname and a signature, in code points after NFKC. */
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 20;
export const SIGNATURE_MAX = 60;

/** Letters (no combining marks: NFKC has composed what it can), digits and _ . @ - */
export const ACCOUNT_PATTERN = /^[\p{L}\p{N}_.@-]+$/u;

/** The form every account name is stored, compared and shown in. */
export function normalizeAccount(account: string): string {
  return account.normalize('NFKC').trim();
}

/** Length in code points after NFKC, so 'ｇｏｏｄ' and '張三' count as people see them. */
export function textLength(text: string): number {
  return [...text.normalize('NFKC')].length;
}

/** The scripts told apart, each with the Unicode property that matches its letters. */
const SCRIPTS: [string, RegExp][] = 'Latin Han Hiragana Katakana Hangul Bopomofo Cyrillic Greek Arabic Hebrew Thai Devanagari'
  .split(' ')
  .map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')]);

/** The scripts of the letters in `text` (digits and punctuation belong to none). */
export function scriptsOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const ch of text) {
    if (!/\p{L}/u.test(ch)) continue;
    found.add(SCRIPTS.find(([, re]) => re.test(ch))?.[0] ?? 'Other');
  }
  return found;
}

// Unicode's "highly restrictive" profile (UTS #39): one script, or Latin with the scripts that
// Chinese, Japanese and Korean writing mixes with it.
const ALLOWED_MIXES = [new Set(['Latin', 'Han', 'Hiragana', 'Katakana']), new Set(['Latin', 'Han', 'Bopomofo']), new Set(['Latin', 'Han', 'Hangul'])];

/** True when the letters mix scripts in a way a reader could be fooled by (Latin with Cyrillic …). */
export function mixesScripts(text: string): boolean {
  const scripts = scriptsOf(text);
  if (scripts.size <= 1) return false;
  return !ALLOWED_MIXES.some((allowed) => [...scripts].every((s) => allowed.has(s)));
}

/** Country calling codes the phone fields offer (SPEC §5's country select). */
export const COUNTRY_CODES = ['+86', '+852', '+853', '+886', '+1', '+60', '+65'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** Digits of a national number per calling code: mainland numbers are 11 digits from 1, others 6 to 12. */
const NATIONAL_NUMBER: Record<CountryCode, RegExp> = {
  '+86': /^1\d{10}$/,
  '+852': /^\d{8}$/,
  '+853': /^\d{8}$/,
  '+886': /^0?9\d{8}$/,
  '+1': /^\d{10}$/,
  '+60': /^0?1\d{8,9}$/,
  '+65': /^\d{8}$/,
};

/**
 * The stored form of a phone number (`+86 13800138000` → `+8613800138000`, spaces and dashes
 * dropped, a trunk 0 removed), or null when it is not a number of that country. Page and server
 * share it, so both refuse the same input with the same words.
 */
export function phoneNumberOf(country: string, mobile: string): string | null {
  if (!(COUNTRY_CODES as readonly string[]).includes(country)) return null;
  const digits = mobile.replace(/[\s-]/g, '');
  if (!NATIONAL_NUMBER[country as CountryCode].test(digits)) return null;
  return `${country}${digits.replace(/^0/, '')}`;
}

/** Digits of a captcha code (login/captcha). */
export const CAPTCHA_LENGTH = 6;

/** A lock-screen passcode: 4 to 6 digits. */
export const LOCK_CODE_PATTERN = /^\d{4,6}$/;
/** PBKDF2-SHA256 rounds of a lock code's hash, the same on the server and the devices. */
export const LOCK_CODE_ITERATIONS = 100_000;
/** The app asks for the passcode when it comes back after being hidden this long. */
export const LOCK_AFTER_HIDDEN_MS = 60_000;
