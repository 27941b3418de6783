import { CONTENT_API, type PostDetail } from '../../../../protocol/content-api.ts';
import { apiRead } from '../../../lib/queries.ts';
import { postKeys } from './post-keys.ts';

export const usePostDetail = apiRead<[number], PostDetail>(CONTENT_API.postDetail, postKeys.detail, (id) => ({ id }));
