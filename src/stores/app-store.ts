import { useSnapshot } from 'valtio';
import type { UserInfo } from '../../protocol/api.ts';
import { persistedProxy } from './persist.ts';

export const APP_STORE_KEY = 'md-app';
export const SEARCH_RECORD_LIMIT = 10;

export interface AppState {
  token: string;
  devId: string;
  uuid: string;
  searchRecord: string[];
  userInfo: UserInfo | null;
  /** The language the visitor chose ('zh-CN' or 'en'); '' follows the browser. */
  locale: string;
  /** At the end of a video, count down to the next recommendation and play it (the end screen's 自动连播). */
  autoplayNext: boolean;
  /** The caption language the visitor chose in the player's CC menu ('zh', 'en'); '' shows none. */
  captionLanguage: string;
  /** The theme the visitor chose ('light' or 'dark'); '' follows the system (src/lib/theme.ts). */
  theme: string;
}

export const appStore = persistedProxy<AppState>('localStorage', APP_STORE_KEY, {
  token: '',
  devId: '',
  uuid: '',
  searchRecord: [],
  userInfo: null,
  locale: '',
  autoplayNext: true,
  captionLanguage: '',
  theme: '',
});

/** New term first, no duplicates, at most 10 entries (SPEC §4). */
export function withSearchTerm(list: readonly string[], term: string): string[] {
  const trimmed = term.trim();
  if (!trimmed) return [...list];
  return [trimmed, ...list.filter((t) => t !== trimmed)].slice(0, SEARCH_RECORD_LIMIT);
}

export function addSearchRecord(term: string): void {
  appStore.searchRecord = withSearchTerm(appStore.searchRecord, term);
}

export function clearSearchRecord(): void {
  appStore.searchRecord = [];
}

export function setSession(token: string, userInfo: UserInfo): void {
  appStore.token = token;
  appStore.userInfo = userInfo;
}

/** Drops the login but keeps the device identity and search history. */
export function clearSession(): void {
  appStore.token = '';
  appStore.userInfo = null;
}

export function isRegisteredUser(): boolean {
  return appStore.userInfo?.isUser === true;
}

export function useIsLoggedIn(): boolean {
  return useSnapshot(appStore).userInfo?.isUser === true;
}
