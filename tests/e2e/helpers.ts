import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Locator, type Page } from '@playwright/test';

export interface StoredApp {
  token?: string;
  devId?: string;
  uuid?: string;
  userInfo?: { isUser: boolean; account: string; nickname?: string; avatar?: string } | null;
}

/** Reads the persisted valtio app store. */
export async function appStore(page: Page): Promise<StoredApp> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('md-app') ?? '{}'));
}

/** Opens home and waits for the guest session and the first video cards. */
export async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('video-card').first()).toBeVisible();
}

export function uniqueAccount(prefix = 'user'): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

export function isMobile(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) <= 824;
}

/** Opens the login popup the way a user does: 我的 on mobile, the header button on desktop. */
export async function openLogin(page: Page): Promise<Locator> {
  if (isMobile(page))
    await page
      .getByRole('link', { name: '我的' })
      .or(page.getByRole('button', { name: '我的' }))
      .first()
      .click();
  else await page.getByRole('button', { name: /登录/ }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('登录后继续畅享高清视频')).toBeVisible();
  return dialog;
}

/**
 * Signs up a new account through the popup; the guest becomes that member at once. Returns the
 * account name. `alreadyOpen`: the popup is up already (a guest's action asked for a sign-in), as
 * on the phone's watch page, which has no tab bar and so no 我的 to open it from.
 */
export async function signUpAndIn(page: Page, alreadyOpen = false): Promise<string> {
  const name = uniqueAccount();
  const dialog = alreadyOpen ? page.getByRole('dialog') : await openLogin(page);
  await dialog.getByRole('tab', { name: '注册帐号' }).click();
  await dialog.getByLabel('账号').fill(name);
  await dialog.getByLabel('密码', { exact: true }).fill('secret123');
  await dialog.getByLabel('确认密码').fill('secret123');
  await dialog.getByRole('button', { name: /^注册$/ }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await appStore(page)).userInfo?.account).toBe(name);
  return name;
}

/** True when keyboard focus sits on the page behind an open modal dialog (not in a dialog, not on the body or browser chrome). */
export function focusBehindDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active !== null && active !== document.body && !active.closest('dialog');
  });
}

/** Scrolls an infinite list until its 没有更多了 footer shows, the way a reader's wheel would. */
export async function scrollToListEnd(page: Page, tries = 15): Promise<void> {
  const end = page.getByTestId('list-end');
  for (let i = 0; i < tries && !(await end.isVisible()); i++) {
    await page.mouse.wheel(0, 5000);
    await page.waitForTimeout(300);
  }
  await expect(end).toBeVisible();
}

/** Scrolls the window to `y`, lets it settle, and returns where it rests. */
export async function scrollAndSettle(page: Page, y: number): Promise<number> {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
  await page.waitForTimeout(300);
  return page.evaluate(() => window.scrollY);
}

/** A guest's tap on a member-only toggle opens the login popup and leaves the toggle off. */
export async function expectGuestAskedToSignIn(page: Page, toggle: Locator): Promise<void> {
  await toggle.click();
  await expect(page.getByRole('dialog').getByText('登录后继续畅享高清视频')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
}

/** Plays the page's video muted (autoplay rules) until it has run past `seconds`; answers the player. */
export async function playMutedPast(page: Page, seconds: number): Promise<Locator> {
  const video = page.getByTestId('video-player');
  await expect(video).toBeVisible();
  // Not awaited: a play() that never settles (no data coming) must fail below, with what the element held.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play().catch(() => undefined);
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(seconds)
    .catch(async (error: unknown) => {
      const state = await video
        .evaluate((v: HTMLVideoElement) => {
          const buffered = Array.from({ length: v.buffered.length }, (_, i) => `${v.buffered.start(i).toFixed(1)}-${v.buffered.end(i).toFixed(1)}`);
          return {
            t: v.currentTime,
            ready: v.readyState,
            network: v.networkState,
            error: v.error?.code ?? null,
            paused: v.paused,
            buffered,
            online: navigator.onLine,
          };
        })
        .catch(() => null);
      throw new Error(`the video did not play past ${seconds} s; element: ${JSON.stringify(state)}; ${String(error)}`);
    });
  return video;
}

/**
 * Opens the `index`-th video of home, plays it muted until it has run a moment (a watch record is
 * saved) and answers its title.
 */
export async function watchVideo(page: Page, index = 0): Promise<string> {
  await openHome(page);
  const card = page.getByTestId('video-card').nth(index);
  const title = (await card.locator('h3, [class*=title]').first().textContent())?.trim() ?? '';
  expect(title.length).toBeGreaterThan(0);
  await card.click();
  const video = await playMutedPast(page, 0.5);
  // A pause saves the position at once.
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  return title;
}

/** A history row on /mine whose poster has really been drawn (unmasked and decoded). */
export async function expectHistoryWithPoster(page: Page, title: string): Promise<void> {
  const item = page.getByTestId('history-item').filter({ hasText: title });
  await expect(item).toBeVisible();
  // Posters load when near the viewport.
  await item.scrollIntoViewIfNeeded();
  await expect.poll(() => item.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

/**
 * Opens a category of the header menu the way a visitor does: on phones the row on home, on desktop
 * the header's item, or under 更多 when the header's width leaves no room for it.
 */
export async function openCategory(page: Page, name: string): Promise<void> {
  if (isMobile(page)) {
    await page.getByTestId('home-page').getByRole('navigation', { name: '分类' }).getByRole('button', { name }).click();
    return;
  }
  const menu = page.getByRole('banner').getByRole('navigation', { name: '分类' });
  const item = menu.getByRole('button', { name, exact: true });
  if (await item.isVisible()) {
    await item.click();
    return;
  }
  await menu.getByRole('button', { name: /更多/ }).click();
  await menu.getByRole('menuitem', { name, exact: true }).click();
}

/** One signed API call made as the page makes it (the service worker signs it and decrypts the answer); the envelope's data. */
export async function api<T>(page: Page, path: string, body: Record<string, unknown>): Promise<T> {
  const token = (await appStore(page)).token ?? '';
  return page.evaluate(
    async ({ path, body, token }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const envelope = (await response.json()) as { code: number; data: unknown };
      if (envelope.code !== 200) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
      return envelope.data;
    },
    { path, body, token },
  ) as Promise<T>;
}

/** A new member on a page the service worker controls. */
export async function memberUnderControl(page: Page): Promise<void> {
  await openHome(page);
  await signUpAndIn(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

const run = promisify(execFile);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-test-e2e';

/** The operators' tool against the suite's server, as an operator runs it; answers its JSON output. */
export async function md<T>(...argv: string[]): Promise<T> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/cli/md.ts', ...argv, '--json', '--data-dir', DATA_DIR], {
    env: { ...process.env, DATA_DIR },
    timeout: 60_000,
  });
  return JSON.parse(stdout) as T;
}

/** Reads a Dexie store of md_db straight from IndexedDB: every record, or none while the store is missing. */
export function readLocalStore<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('md_db');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction(name, 'readonly').objectStore(name).getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as T[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
    store,
  );
}

/**
 * Makes the page report itself hidden, then visible again, the way switching apps does, as if it had
 * been away `awayMs`. Answers the time the app noted on going away (null when it noted none).
 */
export async function leaveAndComeBack(page: Page, awayMs: number): Promise<number | null> {
  return page.evaluate((away) => {
    const set = (state: string) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    set('hidden');
    const noted = JSON.parse(localStorage.getItem('md-hidden-at') ?? 'null') as number | null;
    // As if the app had been away this long.
    localStorage.setItem('md-hidden-at', JSON.stringify((noted ?? Date.now()) - away));
    set('visible');
    return noted;
  }, awayMs);
}
