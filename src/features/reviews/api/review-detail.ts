import { CONTENT_API, type ReviewDetail } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { readQuery } from '../../../lib/queries.ts';
import { reviewKeys } from './review-keys.ts';

export const useReviewDetail = readQuery({ key: reviewKeys.detail, fetch: (id: number) => apiPost<ReviewDetail>(CONTENT_API.reviewDetail, { id }) });
