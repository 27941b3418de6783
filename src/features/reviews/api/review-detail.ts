import { CONTENT_API, type ReviewDetail } from '../../../../protocol/content-api.ts';
import { apiRead } from '../../../lib/queries.ts';
import { reviewKeys } from './review-keys.ts';

export const useReviewDetail = apiRead<[number], ReviewDetail>(CONTENT_API.reviewDetail, reviewKeys.detail, (id) => ({ id }));
