import { useSnapshot } from 'valtio';
import type { AppConfig, DomainEntry } from '../../protocol/api.ts';
import { persistedProxy } from './persist.ts';

export const CONFIG_STORE_KEY = 'md-config';

export interface ConfigState {
  config: AppConfig | null;
}

export const configStore = persistedProxy<ConfigState>('sessionStorage', CONFIG_STORE_KEY, { config: null });

export function firstUrlOf(domain: readonly DomainEntry[] | undefined, type: DomainEntry['type']): string {
  const url = domain?.find((entry) => entry.type === type)?.urls[0] ?? '';
  return url.replace(/\/+$/, '');
}

/** Base address of masked images, without a trailing slash. */
export function imageBase(): string {
  return firstUrlOf(configStore.config?.domain, 'IMAGE');
}

/** Base address of the DASH streams, without a trailing slash. */
export function videoBase(): string {
  return firstUrlOf(configStore.config?.domain, 'VIDEO');
}

export function useConfig(): AppConfig | null {
  return useSnapshot(configStore).config as AppConfig | null;
}
