import { BRAND_API, type BrandDetail } from '../../../../protocol/brand-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { readQuery } from '../../../lib/queries.ts';
import { groupKeys } from './group-keys.ts';

/** One item of the group area with its whole text (our brand/detail). */
export const useBrandDetail = readQuery({ key: groupKeys.detail, fetch: (id: number) => apiPost<BrandDetail>(BRAND_API.detail, { id }) });
