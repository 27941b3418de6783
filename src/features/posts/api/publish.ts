import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type UploadResult } from '../../../../protocol/api.ts';
import { CONTENT_API, type MyPost } from '../../../../protocol/content-api.ts';
import { apiPost, apiUpload } from '../../../lib/api-client.ts';
import { memberKeys } from '../../../lib/member-queries.ts';
import { postKeys } from './post-keys.ts';

/** Uploads one image for a post (upload/img, purpose post); the page shows each upload's own state. */
export function uploadPostImage(file: Blob, filename: string): Promise<UploadResult> {
  return apiUpload<UploadResult>(`${API.uploadImg}?purpose=post&requestId=${crypto.randomUUID()}`, [{ blob: file, filename }], { quiet: true });
}

export interface PublishInput {
  title: string;
  content: string;
  images: string[];
  tagIds: number[];
  price: number;
  /** One id per attempt at this draft: a retried request after a dropped answer publishes once. */
  requestId: string;
}

/** post/publish; the feed, the tags' counts and the member's post centre show the new post at once. */
export function usePublishPost(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishInput) => apiPost<MyPost>(CONTENT_API.postPublish, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: postKeys.all });
      void client.invalidateQueries({ queryKey: [...memberKeys.of(userId), 'posts'] });
    },
  });
}
