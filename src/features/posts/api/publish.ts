import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type UploadResult } from '../../../../protocol/api.ts';
import type { MyPost } from '../../../../protocol/content-api.ts';
import { apiUpload } from '../../../lib/api-client.ts';
import { memberKeys } from '../../../lib/member-queries.ts';
import { OUTBOX_TARGET, sendOrKeep } from '../../../lib/outbox.ts';
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

/**
 * post/publish; the feed, the tags' counts and the member's post centre show the new post at once.
 * Offline the post is kept in the outbox (answer null), with the draft's requestId, and sent when
 * the connection returns.
 */
export function usePublishPost(userId: number) {
  const client = useQueryClient();
  return useMutation({
    // The outbox decides what offline means: react-query must not hold the call back itself.
    networkMode: 'always',
    mutationFn: async ({ requestId, ...body }: PublishInput): Promise<MyPost | null> => {
      const outcome = await sendOrKeep({ kind: 'post', body, target: OUTBOX_TARGET.posts, requestId });
      return outcome.sent ? outcome.data : null;
    },
    onSuccess: (post) => {
      if (!post) return;
      void client.invalidateQueries({ queryKey: postKeys.all });
      void client.invalidateQueries({ queryKey: [...memberKeys.of(userId), 'posts'] });
    },
  });
}
