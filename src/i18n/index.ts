import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { appStore } from '../stores/app-store.ts';
import { zhCN, type Catalogue } from './zh-CN.ts';

export type Locale = 'zh-CN' | 'en';
export const LOCALES: readonly Locale[] = ['zh-CN', 'en'];
/** Each language named in itself, for the switch. */
export const LOCALE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', en: 'English' };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

/** Shown instead of a string that either catalogue lacks, so tests and people can see it. */
export const MISSING_MARK = '⟦';

export function isLocale(value: unknown): value is Locale {
  return value === 'zh-CN' || value === 'en';
}

/** The first of the browser's languages that we have: any Chinese → zh-CN, any English → en; else English. */
export function browserLocale(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): Locale {
  for (const language of languages) {
    const lower = language.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return languages.length === 0 ? 'zh-CN' : 'en';
}

/** The visitor's own choice if made, else the browser's. */
export function preferredLocale(): Locale {
  return isLocale(appStore.locale) ? appStore.locale : browserLocale();
}

// Chinese: the shell's and home's words ship in the first script (zh-CN.ts), the other pages' words
// load before the first of those pages renders (zh-CN.pages.ts, loadPageStrings). English is one
// chunk, loaded when first needed. i18next holds the object it is given; the pages' words are added
// as a new object (withPart), so the catalogue modules themselves are never written to.
async function catalogueOf(locale: Locale): Promise<typeof zhCN | Catalogue> {
  return locale === 'zh-CN' ? zhCN : (await import('./en.ts')).en;
}

type Strings = { [key: string]: string | Strings };

/**
 * `held` with `part`'s keys added, as a new object: what the two share (a section both have) is
 * copied on the way down, nothing of either is written to, and nothing else is copied.
 */
export function withPart(held: Strings, part: Strings): Strings {
  const out: Strings = { ...held };
  for (const [key, value] of Object.entries(part)) {
    const mine = out[key];
    out[key] = typeof mine === 'object' && typeof value === 'object' ? withPart(mine, value) : value;
  }
  return out;
}

function applyToDocument(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

let ready: Promise<void> | null = null;

/** Starts i18next in the preferred language; the first render waits for it (English is one small chunk). */
export function initI18n(locale: Locale = preferredLocale()): Promise<void> {
  ready ??= (async () => {
    const catalogue = await catalogueOf(locale);
    await i18next.use(initReactI18next).init({
      lng: locale,
      fallbackLng: false,
      resources: { [locale]: { translation: catalogue } },
      interpolation: { escapeValue: false },
      returnNull: false,
      parseMissingKeyHandler: (key: string) => `${MISSING_MARK}${key}⟧`,
    });
    applyToDocument(locale);
  })();
  return ready;
}

let chinesePages: Promise<void> | null = null;

function addChinesePages(): Promise<void> {
  chinesePages ??= import('./zh-CN.pages.ts').then(
    ({ zhCNPages }) => {
      // Not deep: i18next would merge into the object it holds, zh-CN.ts's own. A new whole instead,
      // which i18next need not copy again.
      const held = i18next.getResourceBundle('zh-CN', 'translation') as Strings;
      i18next.addResourceBundle('zh-CN', 'translation', withPart(held, zhCNPages as Strings), false, true, { silent: false, skipCopy: true });
    },
    (error: unknown) => {
      chinesePages = null;
      throw error;
    },
  );
  return chinesePages;
}

/**
 * Makes sure the words of every page are there in the current language: for Chinese, the part of
 * the catalogue the first script leaves out (nothing to fetch once loaded; English is whole). The
 * root route waits for it before any page but home.
 */
export async function loadPageStrings(): Promise<void> {
  await initI18n();
  if (currentLocale() === 'zh-CN') await addChinesePages();
}

/**
 * A lazy part that home can open (the login popup, the lock prompt): its code and the words it
 * shows, which home's first script may not have yet. For React.lazy.
 */
export async function withPageStrings<T>(load: () => Promise<T>): Promise<T> {
  const [module] = await Promise.all([load(), loadPageStrings()]);
  return module;
}

/** Switches the language for this visitor (kept in the app store) without a reload. */
export async function setLocale(locale: Locale): Promise<void> {
  await initI18n();
  if (!i18next.hasResourceBundle(locale, 'translation')) i18next.addResourceBundle(locale, 'translation', await catalogueOf(locale));
  if (locale === 'zh-CN') await addChinesePages();
  appStore.locale = locale;
  await i18next.changeLanguage(locale);
  applyToDocument(locale);
}

export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : 'zh-CN';
}

/** For code outside React (toasts, errors): `i18n.t(key)` reads the current language at call time. */
export { i18next as i18n };

/** The language of the page; re-renders the caller when it changes. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : 'zh-CN';
}

export { useTranslation };
