import { useMutation, useQuery } from '@tanstack/react-query';
import { API, type LoginResult, type UserInfo } from '../../../../protocol/api.ts';
import {
  MEMBER_API,
  type AccountCard,
  type AccountExport,
  type AccountCardInfo,
  type CaptchaPolicy,
  type LockCode,
  type CertStatus,
  type OnlineTime,
  type WorksIncome,
} from '../../../../protocol/member-api.ts';
import { memberKeys } from '../../../lib/member-queries.ts';
import { i18n } from '../../../i18n/index.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { startHistorySync, syncWatchHistory } from '../../../lib/history-sync.ts';
import { keepLock } from '../../../lib/lock-screen.ts';
import { forgetMember } from '../../../lib/session.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { appStore, setSession } from '../../../stores/app-store.ts';

/** Saves the nickname and signature; the header and /mine show the answer at once. */
export function useModifyProfile() {
  return useMutation({
    mutationFn: (profile: { nickname: string; signature: string }) => apiPost<UserInfo>(API.userModify, { ...profile, requestId: crypto.randomUUID() }),
    onSuccess: (info) => {
      appStore.userInfo = info;
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string; confirmPassword: string }) =>
      apiPost<null>(API.changePassword, { ...body, requestId: crypto.randomUUID() }),
  });
}

/** Issues a new account card; the previous one stops working. */
export function useIssueCard() {
  return useMutation({
    mutationFn: () => apiPost<AccountCard>(MEMBER_API.userQrcode, { requestId: crypto.randomUUID() }),
  });
}

/** Whose account a card restores (the guest on this device asks). */
export function useCardInfo(code: string) {
  return useQuery({
    queryKey: ['account-card', code],
    queryFn: () => apiPost<AccountCardInfo>(MEMBER_API.userQrcodeInfo, { code }, { quiet: true }),
    enabled: code !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** Signs in on this device with a card: the member's session replaces whoever was here. */
export function useRestoreWithCard() {
  return useMutation({
    mutationFn: (code: string) => apiPost<LoginResult>(MEMBER_API.loginCard, { code, requestId: crypto.randomUUID() }),
    onSuccess: async (result) => {
      setSession(result.token, result.userInfo);
      startHistorySync(result.userInfo.id, false);
      void syncWatchHistory();
      await queryClient.invalidateQueries();
    },
  });
}

export interface AccountStatus {
  cert: CertStatus;
  online: OnlineTime;
  income: WorksIncome;
}

/** The account's status on /account: certification, time online and what works earned. */
export function useAccountStatus(userId: number) {
  return useQuery({
    queryKey: memberKeys.status(userId),
    queryFn: async (): Promise<AccountStatus> => {
      const [cert, online, income] = await Promise.all([
        apiPost<CertStatus>(MEMBER_API.isCert, {}),
        apiPost<OnlineTime>(MEMBER_API.onlineTime, {}),
        apiPost<WorksIncome>(MEMBER_API.workIncome, {}),
      ]);
      return { cert, online, income };
    },
  });
}

/** Sends a code to the phone being bound; answers the seconds until another may be asked for. */
/** Everything the account holds, as the server exports it. */
export function useExportAccount() {
  return useMutation({ mutationFn: () => apiPost<AccountExport>(MEMBER_API.accountExport, {}) });
}

/** Sends the code that confirms deleting an account without a password to its bound phone. */
export async function sendDeleteCode(phone: { country: string; mobile: string }): Promise<number> {
  return (await apiPost<CaptchaPolicy>(MEMBER_API.loginCaptcha, { ...phone, purpose: 'delete' })).retryAfter;
}

/** Deletes the account; this device then forgets the member and continues as a new guest. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: { password?: string; code?: string }) => apiPost<null>(MEMBER_API.accountDelete, { ...body, requestId: crypto.randomUUID() }),
    // Said here, not by the page: forgetting the member unmounts the member's page, and with it the
    // callbacks a page passes to mutate.
    onSuccess: () => {
      toast(i18n.t('data.deleted'));
      return forgetMember();
    },
  });
}

export async function sendBindCode(phone: { country: string; mobile: string }): Promise<number> {
  return (await apiPost<CaptchaPolicy>(MEMBER_API.loginCaptcha, { ...phone, purpose: 'bind' })).retryAfter;
}

/** Binds a first phone or moves to a new one; the header and /account show the answer at once. */
export function useSavePhone() {
  return useMutation({
    mutationFn: ({ change, ...body }: { change: boolean; country: string; mobile: string; code: string; password?: string }) =>
      apiPost<UserInfo>(change ? MEMBER_API.changeMobile : MEMBER_API.bindMobile, { ...body, requestId: crypto.randomUUID() }),
    onSuccess: (info) => {
      appStore.userInfo = info;
    },
  });
}

/** The member's lock-screen passcode as the account keeps it. */
export function useLockCode(userId: number) {
  // Quiet: the lock gate asks on every start, offline too, where a toast would only be noise.
  return useQuery({ queryKey: memberKeys.lock(userId), queryFn: () => apiPost<LockCode>(MEMBER_API.lockCodeInfo, {}, { quiet: true }), staleTime: 60_000 });
}

/** Sets, changes or removes the passcode; this device keeps the new one at once. */
export function useSetLockCode(userId: number) {
  return useMutation({
    mutationFn: (body: { code: string; oldCode?: string }) => apiPost<LockCode>(MEMBER_API.lockCodeSet, { ...body, requestId: crypto.randomUUID() }),
    onSuccess: (code) => {
      keepLock(userId, code);
      queryClient.setQueryData(memberKeys.lock(userId), code);
    },
  });
}
