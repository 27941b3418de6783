import { useMutation } from '@tanstack/react-query';
import { API, type UploadResult, type UserInfo } from '../../../../protocol/api.ts';
import { apiPost, apiUpload } from '../../../lib/api-client.ts';
import { appStore } from '../../../stores/app-store.ts';

/** Uploads a cropped avatar (purpose avatar) and makes it the member's; the page shows it at once. */
export function useSetAvatar() {
  return useMutation({
    mutationFn: async (blob: Blob) => {
      const type = blob.type === 'image/png' ? 'png' : 'webp';
      const uploaded = await apiUpload<UploadResult>(`${API.uploadImg}?purpose=avatar&requestId=${crypto.randomUUID()}`, [
        { blob, filename: `avatar.${type}` },
      ]);
      return apiPost<UserInfo>(API.userAvatar, { path: uploaded.path, requestId: crypto.randomUUID() });
    },
    onSuccess: (info) => {
      appStore.userInfo = info;
    },
  });
}
