import { CONTENT_API, type ActressDetail } from '../../../../protocol/content-api.ts';
import { apiRead, FRESH } from '../../../lib/queries.ts';
import { actressKeys } from './actress-keys.ts';

export const useActressDetail = apiRead<[number], ActressDetail>(CONTENT_API.actressDetail, actressKeys.detail, (id) => ({ id }), FRESH.list);
