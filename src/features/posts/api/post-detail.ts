import { CONTENT_API, type PostDetail } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { readQuery } from '../../../lib/queries.ts';
import { postKeys } from './post-keys.ts';

export const usePostDetail = readQuery({ key: postKeys.detail, fetch: (id: number) => apiPost<PostDetail>(CONTENT_API.postDetail, { id }) });
