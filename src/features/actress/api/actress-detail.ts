import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTENT_API, type ActressDetail } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { actressKeys } from './actress-keys.ts';

export function getActressDetail(id: number): Promise<ActressDetail> {
  return apiPost<ActressDetail>(CONTENT_API.actressDetail, { id });
}

export function actressDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: actressKeys.detail(id),
    queryFn: () => getActressDetail(id),
    staleTime: 60_000,
  });
}

export function useActressDetail(id: number) {
  return useQuery(actressDetailQueryOptions(id));
}
