import { useSnapshot } from 'valtio';
import { subscribeKey } from 'valtio/vanilla/utils';
import { appStore } from '../stores/app-store.ts';

/** What the visitor may choose: follow the system, or one theme always. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';

/**
 * The browser's bar colour per theme: each theme's --bg (src/styles/tokens.css). The first-paint
 * script in index.html holds the same two values, since it runs before any module.
 */
export const THEME_COLORS: Record<Theme, string> = { dark: '#0f0f14', light: '#ffffff' };

const LIGHT_QUERY = '(prefers-color-scheme: light)';

/** The stored choice ('' in the store is the system's). */
export function themeChoiceOf(stored: string): ThemeChoice {
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** The theme a choice comes to, given whether the system prefers light. */
export function resolveTheme(choice: ThemeChoice, systemPrefersLight: boolean): Theme {
  if (choice !== 'system') return choice;
  return systemPrefersLight ? 'light' : 'dark';
}

const systemPrefersLight = () => typeof matchMedia === 'function' && matchMedia(LIGHT_QUERY).matches;

/** Puts a theme on the page: <html data-theme>, and the bar colour and colour scheme the browser draws. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  if (root.dataset.theme !== theme) root.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', theme);
}

/** The visitor's choice, remembered with the app store in localStorage (md-app). */
export function setThemeChoice(choice: ThemeChoice): void {
  appStore.theme = choice === 'system' ? '' : choice;
}

export function useThemeChoice(): ThemeChoice {
  return themeChoiceOf(useSnapshot(appStore).theme);
}

/**
 * Keeps the page's theme in step with the choice and, while it follows the system, with the
 * system's preference as it changes. index.html set it before the first paint; this takes over.
 */
export function trackTheme(): () => void {
  const apply = () => applyTheme(resolveTheme(themeChoiceOf(appStore.theme), systemPrefersLight()));
  apply();
  const unsubscribe = subscribeKey(appStore, 'theme', apply);
  const query = typeof matchMedia === 'function' ? matchMedia(LIGHT_QUERY) : null;
  query?.addEventListener('change', apply);
  return () => {
    unsubscribe();
    query?.removeEventListener('change', apply);
  };
}
