import { API, type LoginResult } from '../../../protocol/api.ts';
import { MEMBER_API, type CaptchaPolicy, type CaptchaPurpose } from '../../../protocol/member-api.ts';
import { apiPost } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { refreshUserInfo } from '../../lib/session.ts';
import { startHistorySync, syncWatchHistory } from '../../lib/history-sync.ts';
import { appStore, setSession } from '../../stores/app-store.ts';

export async function signIn(account: string, password: string): Promise<void> {
  const result = await apiPost<LoginResult>(API.loginOfficial, { account, password });
  setSession(result.token, result.userInfo);
  // The account's watches come to this device; the device's earlier ones stay its own.
  startHistorySync(result.userInfo.id, false);
  void syncWatchHistory();
  await queryClient.invalidateQueries();
}

/**
 * The create response carries no token (SPEC §4): only the user info is refreshed. The server
 * makes the calling guest the member (DECISIONS), so the refreshed info is the member's and
 * nothing else is needed; answers whether that happened.
 */
export async function signUp(account: string, password: string, confirmPassword: string): Promise<boolean> {
  await apiPost<unknown>(API.accountCreate, { account, password, confirmPassword });
  await refreshUserInfo();
  await queryClient.invalidateQueries();
  const member = appStore.userInfo;
  if (!member?.isUser) return false;
  // The guest's history became the member's: it goes to the account with everything else.
  startHistorySync(member.id, true);
  void syncWatchHistory();
  return true;
}

export interface Phone {
  country: string;
  mobile: string;
}

/** Sends a captcha code to the phone; answers the seconds until another may be asked for. */
export async function sendCaptcha(phone: Phone, purpose: CaptchaPurpose): Promise<number> {
  const policy = await apiPost<CaptchaPolicy>(MEMBER_API.loginCaptcha, { country: phone.country, mobile: phone.mobile, purpose });
  return policy.retryAfter;
}

/**
 * Signs in with the phone's code. A phone no account holds makes this device's guest the member
 * (as sign-up does), so the device's history goes with it; an existing member's account brings its own.
 */
export async function signInByPhone(phone: Phone, code: string): Promise<void> {
  const before = appStore.userInfo;
  const result = await apiPost<LoginResult>(MEMBER_API.loginPhone, { country: phone.country, mobile: phone.mobile, code });
  setSession(result.token, result.userInfo);
  startHistorySync(result.userInfo.id, before?.isUser === false && before.id === result.userInfo.id);
  void syncWatchHistory();
  await queryClient.invalidateQueries();
}

/** A new password through the bound phone's code; every session of that account ends. */
export async function resetPassword(phone: Phone, code: string, password: string, confirmPassword: string): Promise<void> {
  await apiPost<null>(MEMBER_API.resetPassword, { country: phone.country, mobile: phone.mobile, code, password, confirmPassword });
}
