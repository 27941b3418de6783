import { useMutation } from '@tanstack/react-query';
import { API, type UploadResult } from '../../../../protocol/api.ts';
import { SUPPORT_API, type FeedbackAddBody, type FeedbackCategory, type FeedbackReceipt } from '../../../../protocol/support-api.ts';
import { apiPost, apiUpload } from '../../../lib/api-client.ts';
import { OUTBOX_TARGET, sendOrKeep } from '../../../lib/outbox.ts';
import { FRESH, readQuery } from '../../../lib/queries.ts';
import { supportKeys } from './support-keys.ts';

/** What a feedback can be about (feedback/category). */
export const useFeedbackCategories = readQuery({
  key: supportKeys.feedbackCategories,
  fetch: () => apiPost<FeedbackCategory[]>(SUPPORT_API.feedbackCategory, {}),
  staleTime: FRESH.catalogue,
});

/** Uploads one screenshot (upload/img, purpose feedback; guests may too); the form shows each upload's own state. */
export function uploadFeedbackImage(file: Blob, filename: string): Promise<UploadResult> {
  return apiUpload<UploadResult>(`${API.uploadImg}?purpose=feedback&requestId=${crypto.randomUUID()}`, [{ blob: file, filename }], { quiet: true });
}

export interface FeedbackInput extends FeedbackAddBody {
  /** One id per attempt: a retry after a lost answer sends the feedback once. */
  requestId: string;
}

/**
 * feedback/add; failures are shown by the form beside its fields, not as a toast. Offline the
 * feedback is kept in the outbox (answer null) and sent when the connection returns.
 */
export function useSendFeedback() {
  return useMutation({
    // The outbox decides what offline means: react-query must not hold the call back itself.
    networkMode: 'always',
    mutationFn: async ({ requestId, ...body }: FeedbackInput): Promise<FeedbackReceipt | null> => {
      const outcome = await sendOrKeep({ kind: 'feedback', body, target: OUTBOX_TARGET.feedback, requestId }, { quiet: true });
      return outcome.sent ? outcome.data : null;
    },
  });
}
