import { useSyncExternalStore } from 'react';

/** Chromium's install offer (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice?: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/**
 * Whether the app can be installed from here: `installed` when it runs as the installed app or was
 * just installed, `available` while the browser offers an install (beforeinstallprompt), `manual`
 * when it offers nothing (another browser, or the offer was used): the visitor installs from the
 * browser's menu.
 */
export type InstallState = 'installed' | 'available' | 'manual';

/** The window's parts the install offer needs; a stand-in in unit tests. */
export interface InstallHost {
  addEventListener(type: string, listener: (event: Event) => void): void;
  matchMedia?(query: string): { matches: boolean; addEventListener?(type: 'change', listener: () => void): void };
}

export interface InstallPrompt {
  state(): InstallState;
  subscribe(listener: () => void): () => void;
  /** Shows the browser's install dialog; resolves true when the visitor accepted. */
  install(): Promise<boolean>;
}

/**
 * Keeps the browser's install offer from the moment it comes (it comes once, often before the
 * footer that uses it is drawn): the event is held, its mini-infobar suppressed, and `install`
 * calls its prompt() once, as the event allows.
 */
export function createInstallPrompt(host: InstallHost): InstallPrompt {
  let offer: BeforeInstallPromptEvent | null = null;
  const standalone = host.matchMedia?.('(display-mode: standalone)');
  let installed = standalone?.matches === true;
  let state: InstallState = installed ? 'installed' : 'manual';
  const listeners = new Set<() => void>();
  const update = () => {
    const next: InstallState = installed || standalone?.matches ? 'installed' : offer ? 'available' : 'manual';
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  host.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    update();
  });
  host.addEventListener('appinstalled', () => {
    installed = true;
    offer = null;
    update();
  });
  standalone?.addEventListener?.('change', update);
  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async install() {
      const current = offer;
      if (!current) return false;
      // An offer prompts once: what follows is the browser's next offer, or the menu.
      offer = null;
      update();
      await current.prompt();
      const choice = await current.userChoice;
      return choice?.outcome === 'accepted';
    },
  };
}

/** The page's one install offer, listened for from the first script. */
export const installPrompt: InstallPrompt =
  typeof window === 'undefined' ? createInstallPrompt({ addEventListener: () => undefined }) : createInstallPrompt(window);

export function useInstallState(prompt: InstallPrompt = installPrompt): InstallState {
  return useSyncExternalStore(prompt.subscribe, prompt.state);
}
