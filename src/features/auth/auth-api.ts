import { API, type LoginResult } from '../../../protocol/api.ts';
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
