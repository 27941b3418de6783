import { useMutation } from '@tanstack/react-query';
import { API, type UserInfo } from '../../../../protocol/api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { appStore } from '../../../stores/app-store.ts';

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
