import { CONTENT_API, type ActressDetail } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { FRESH, readQuery } from '../../../lib/queries.ts';
import { actressKeys } from './actress-keys.ts';

export const useActressDetail = readQuery({
  key: actressKeys.detail,
  fetch: (id: number) => apiPost<ActressDetail>(CONTENT_API.actressDetail, { id }),
  staleTime: FRESH.list,
});
