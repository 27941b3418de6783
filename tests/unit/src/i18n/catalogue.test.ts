import { beforeAll, describe, expect, it } from 'vitest';
import { HTTP_STATUS_MESSAGES, MSG_DEFAULT_ERROR, MSG_INTERCEPTOR, MSG_LOGIN_INVALID, MSG_NO_RESPONSE } from '../../../../protocol/messages.ts';
import { en } from '../../../../src/i18n/en.ts';
import { browserLocale, i18n, withPart } from '../../../../src/i18n/index.ts';
import { zhCN } from '../../../../src/i18n/zh-CN.ts';
import { zhCNPages } from '../../../../src/i18n/zh-CN.pages.ts';
import { formatCount, formatRelativeTime } from '../../../../src/lib/format.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const home = flatten(zhCN);
const pages = flatten(zhCNPages);

describe('the catalogues', () => {
  const zh = new Map([...home, ...pages]);

  it("split Chinese in two without a key in both: what the first script carries and the other pages' words", () => {
    for (const key of pages.keys()) expect(home.has(key), key).toBe(false);
    expect(zh.size).toBe(home.size + pages.size);
  });
  const english = flatten(en);

  it('hold the same keys, none empty, with the same {{variables}} in each language', () => {
    expect([...english.keys()].sort()).toEqual([...zh.keys()].sort());
    for (const [key, text] of zh) {
      expect(text.trim(), `zh-CN ${key}`).not.toBe('');
      expect(english.get(key)!.trim(), `en ${key}`).not.toBe('');
      expect(variables(english.get(key)!), key).toEqual(variables(text));
    }
  });

  it('keep the exact Chinese of the SPEC §8 error catalogue', () => {
    expect(zhCN.errors.default).toBe(MSG_DEFAULT_ERROR);
    expect(zhCN.errors.noResponse).toBe(MSG_NO_RESPONSE);
    expect(zhCN.errors.interceptor).toBe(MSG_INTERCEPTOR);
    expect(zhCN.errors.loginInvalid).toBe(MSG_LOGIN_INVALID);
    for (const [status, message] of Object.entries(HTTP_STATUS_MESSAGES)) expect(zh.get(`errors.http${status}`), status).toBe(message);
  });

  it('English has no Chinese left in it', () => {
    for (const [key, text] of english) if (key !== 'app.logoWord') expect(text, key).not.toMatch(/\p{Script=Han}/u);
  });
});

describe("adding the other pages' Chinese", () => {
  it('makes a new whole: the sections both parts have are merged, neither part is written to', () => {
    const held = { app: { name: 'MD' }, support: { faqTitle: '常见问题', deep: { a: 'A' } } };
    const part = { support: { faqIntro: '说明', deep: { b: 'B' } }, video: { play: '播放' } };
    const before = JSON.stringify([held, part]);
    const whole = withPart(held, part);
    expect(whole).toEqual({
      app: { name: 'MD' },
      support: { faqTitle: '常见问题', faqIntro: '说明', deep: { a: 'A', b: 'B' } },
      video: { play: '播放' },
    });
    expect(JSON.stringify([held, part])).toBe(before);
    expect(whole.support).not.toBe(held.support);
  });

  it('leaves i18next with every word of both parts (the unit tests run with both loaded)', () => {
    for (const [key, text] of [...home, ...pages].filter((_, i) => i % 97 === 0)) expect(i18n.t(key as never, { lng: 'zh-CN' }), key).toBe(text);
  });
});

describe('the language of a new visitor', () => {
  it('follows the first browser language we have', () => {
    expect(browserLocale(['zh-TW', 'en'])).toBe('zh-CN');
    expect(browserLocale(['en-GB', 'zh-CN'])).toBe('en');
    expect(browserLocale(['fr-FR', 'zh-CN'])).toBe('zh-CN');
    expect(browserLocale(['fr-FR'])).toBe('en');
    expect(browserLocale([])).toBe('zh-CN');
  });
});

describe('formats per language', () => {
  beforeAll(() => {
    i18n.addResourceBundle('en', 'translation', en);
  });

  it('counts: W and K in Chinese, K, M and B in English, always rounded down', () => {
    expect(formatCount(12_345, 'zh-CN')).toBe('1.2W');
    expect(formatCount(12_345, 'en')).toBe('12.3K');
    expect(formatCount(999_999, 'en')).toBe('999.9K');
    expect(formatCount(1_990_000, 'en')).toBe('1.9M');
    expect(formatCount(2_500_000_000, 'en')).toBe('2.5B');
    expect(formatCount(999, 'en')).toBe('999');
  });

  it('relative times and dates', () => {
    const now = new Date(2026, 10, 22, 12, 0, 0).getTime();
    expect(formatRelativeTime(now - 5 * 60_000, now, 'en')).toBe('5 min ago');
    expect(formatRelativeTime(now - 3 * 3_600_000, now, 'en')).toBe('3 h ago');
    expect(formatRelativeTime(now - 10_000, now, 'en')).toBe('just now');
    expect(formatRelativeTime(new Date(2026, 8, 2, 9), now, 'en')).toBe('Sep 2, 2026');
    expect(formatRelativeTime(new Date(2026, 8, 2, 9), now, 'zh-CN')).toBe('2026年9月2日');
    expect(formatRelativeTime(now - 5 * 60_000, now, 'zh-CN')).toBe('5分钟前');
  });
});
