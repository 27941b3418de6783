import { API, DEVICE_ID_PATTERN, GUEST_SECRET_PATTERN, type AppConfig, type GuestLoginBody, type LoginResult, type UserInfo } from '../../protocol/api.ts';
import { toBase64, toHex, randomBytes, utf8 } from '../../protocol/bytes.ts';
import { appStore, clearSession, setSession } from '../stores/app-store.ts';
import { configStore } from '../stores/config-store.ts';
import { apiGet, apiPost, onLoginInvalid } from './api-client.ts';
import { CLEAR_PRIVATE } from '../../sw/api-offline.ts';
import { queryClient } from './query-client.ts';
import { forgetLock } from './lock-screen.ts';

export const PROTECTED_PATHS: readonly string[] = ['/mine', '/sysMsg', '/post', '/account'];
export const LOGIN_INVALID_REDIRECT_MS = 1000;

/** base64 of JSON {dc, pc} from the landing query string, or '' when neither is there (SPEC §3). */
export function affCodeFrom(search: string): string {
  const params = new URLSearchParams(search);
  const dc = params.get('dc');
  const pc = params.get('pc');
  if (dc === null && pc === null) return '';
  return toBase64(utf8(JSON.stringify({ dc: dc ?? '', pc: pc ?? '' })));
}

/** 36-character v4 id; randomUUID is missing outside secure contexts. */
export function newDeviceId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = randomBytes(16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const DEVICE_ID = new RegExp(DEVICE_ID_PATTERN);
const GUEST_SECRET = new RegExp(GUEST_SECRET_PATTERN);

/**
 * The guest login body: the device id, and the secret an earlier guest login of this device was
 * given (DECISIONS: guest binding). Without the secret the server makes a new guest.
 */
export function guestLoginBody(devId: string, uuid: string, search: string): GuestLoginBody {
  return { affCode: affCodeFrom(search), devID: devId, ...(GUEST_SECRET.test(uuid) ? { uuid } : {}) };
}

export async function loginAsGuest(): Promise<void> {
  const result = await apiPost<LoginResult>(API.loginGuest, guestLoginBody(appStore.devId, appStore.uuid, location.search));
  if (result.uuid) appStore.uuid = result.uuid;
  setSession(result.token, result.userInfo);
}

/** A device id the server accepts: a stored one that is not (an old or damaged value) is replaced. */
export function usableDeviceId(stored: string): string {
  return DEVICE_ID.test(stored) ? stored : newDeviceId();
}

export async function refreshUserInfo(): Promise<void> {
  appStore.userInfo = await apiPost<UserInfo>(API.userInfo);
}

async function loadConfig(): Promise<void> {
  configStore.config = await apiGet<AppConfig>(API.config);
}

async function bootstrap(): Promise<void> {
  const devId = usableDeviceId(appStore.devId);
  if (devId !== appStore.devId) appStore.devId = devId;
  // The config needs no session, so it travels beside the guest login instead of after it.
  const config = configStore.config ? Promise.resolve() : loadConfig();
  // Offline or a failing server must not block the shell: cached history and pages stay usable.
  try {
    if (!appStore.token) await loginAsGuest();
  } catch {
    await config.catch(() => undefined);
    return;
  }
  await Promise.allSettled([config, appStore.userInfo ? Promise.resolve() : refreshUserInfo()]);
}

let pending: Promise<void> | null = null;

/** Guest login, config and user info as needed (SPEC §4); concurrent callers share one run. */
export function ensureSession(): Promise<void> {
  pending ??= bootstrap().finally(() => {
    pending = null;
  });
  return pending;
}

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PATHS.includes(pathname);
}

/**
 * Envelope 1000: forget the login now, return home after 1 s, where the root guard logs in as a
 * guest again. Several failing calls at once lead to one redirect.
 */
export function installLoginInvalidHandler(goHome: () => Promise<void> | void): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  onLoginInvalid(() => {
    clearSession();
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void goHome();
    }, LOGIN_INVALID_REDIRECT_MS);
  });
}

/** How long sign-out waits for the service worker to confirm the offline copies are gone. */
const CLEAR_PRIVATE_WAIT_MS = 3_000;

/**
 * Asks the controlling service worker to forget its offline copies of API answers (DECISIONS:
 * logout); resolves when it has, or after a short wait. Without a service worker there are none.
 */
export function clearPrivateOfflineData(): Promise<void> {
  const worker = typeof navigator === 'undefined' ? null : navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, CLEAR_PRIVATE_WAIT_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: CLEAR_PRIVATE }, [channel.port2]);
  });
}

/** Forgets the member on this device (the session, the passcode, private offline copies) and continues as a fresh guest. */
export async function forgetMember(): Promise<void> {
  const member = appStore.userInfo?.isUser ? appStore.userInfo.id : 0;
  clearSession();
  if (member) await import('./outbox.ts').then(({ clearOutbox }) => clearOutbox(member)).catch(() => undefined);
  forgetLock();
  await clearPrivateOfflineData();
  await ensureSession();
  await queryClient.invalidateQueries();
}

/** Ends the member session, forgets the member's private local data and continues as a fresh guest. */
export async function signOut(): Promise<void> {
  try {
    await apiPost<unknown>(API.logout);
  } finally {
    await forgetMember();
  }
}
