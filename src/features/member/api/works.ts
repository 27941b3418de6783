import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../../protocol/api.ts';
import {
  WORKS_API,
  type MyWork,
  type UploadTicket,
  type WorkCollection,
  type WorkModifyBody,
  type WorkPostBody,
  type WorkTagChoices,
} from '../../../../protocol/works-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { memberKeys } from '../../../lib/member-queries.ts';
import { FRESH, pagedQuery, readQuery } from '../../../lib/queries.ts';

export const WORKS_PAGE_SIZE = 10;
/** While a work transcodes, its list asks again this often. */
export const WORKS_POLL_MS = 2_000;

const worksKey = (userId: number) => [...memberKeys.of(userId), 'works'] as const;

/** The member's works (works/media), newest first, optionally of one collection. */
export const useMyWorks = pagedQuery({
  key: (userId: number, collectionId: number | undefined) => [...worksKey(userId), 'list', collectionId ?? 'all'] as const,
  fetch: (page: number, _userId: number, collectionId: number | undefined) =>
    apiPost<Page<MyWork>>(WORKS_API.media, { page, pageSize: WORKS_PAGE_SIZE, ...(collectionId === undefined ? {} : { collectionId }) }),
  staleTime: 0,
});

/** The member's collections (works/collect); a member has at most 50, one page holds them. */
export const useWorkCollections = readQuery({
  key: (userId: number) => [...worksKey(userId), 'collections'] as const,
  fetch: (_userId: number) => apiPost<Page<WorkCollection>>(WORKS_API.collect, { page: 1, pageSize: 50 }),
  staleTime: FRESH.list,
});

/** Categories and tags a work may carry (works/select/tags). */
export const useWorkChoices = readQuery({
  key: (userId: number) => [...worksKey(userId), 'choices'] as const,
  fetch: (_userId: number) => apiPost<WorkTagChoices>(WORKS_API.selectTags, {}),
  staleTime: FRESH.catalogue,
});

/** A ticket for one resumable upload (works/upload/media). */
export function requestUploadTicket(size: number): Promise<UploadTicket> {
  return apiPost<UploadTicket>(WORKS_API.uploadMedia, { size, requestId: crypto.randomUUID() }, { quiet: true });
}

/** Every list of the member's works and collections asks again. */
function useRefreshWorks(userId: number) {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: worksKey(userId) });
}

/** works/post: the finished upload becomes a work, transcoding. */
export function usePostWork(userId: number) {
  const refresh = useRefreshWorks(userId);
  return useMutation({
    mutationFn: (body: WorkPostBody & { requestId: string }) => apiPost<MyWork>(WORKS_API.post, body),
    onSuccess: refresh,
  });
}

/** works/modify/media: edits one's own work. */
export function useModifyWork(userId: number) {
  const refresh = useRefreshWorks(userId);
  return useMutation({
    mutationFn: (body: WorkModifyBody) => apiPost<MyWork>(WORKS_API.modifyMedia, { ...body, requestId: crypto.randomUUID() }),
    onSuccess: refresh,
  });
}

/** works/modify/show: public or private. */
export function useShowWork(userId: number) {
  const refresh = useRefreshWorks(userId);
  return useMutation({
    mutationFn: (body: { id: number; isPublic: boolean }) => apiPost<MyWork>(WORKS_API.modifyShow, { ...body, requestId: crypto.randomUUID() }),
    onSuccess: refresh,
  });
}

/** works/collect/create and works/collect/modify (a rename when an id is given). */
export function useSaveCollection(userId: number) {
  const refresh = useRefreshWorks(userId);
  return useMutation({
    mutationFn: ({ id, name }: { id?: number; name: string }) =>
      id === undefined
        ? apiPost<WorkCollection>(WORKS_API.collectCreate, { name, requestId: crypto.randomUUID() })
        : apiPost<WorkCollection>(WORKS_API.collectModify, { id, name, requestId: crypto.randomUUID() }),
    onSuccess: refresh,
  });
}
