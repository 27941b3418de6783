import type { SortKey } from '../../../../protocol/content-api.ts';

export const topicKeys = {
  all: ['topic'] as const,
  detail: (id: number, sort: SortKey) => [...topicKeys.all, 'detail', id, sort] as const,
};
