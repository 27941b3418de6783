export const postKeys = {
  all: ['post'] as const,
  detail: (id: number) => [...postKeys.all, 'detail', id] as const,
  /** Whether the caller may read a paid post whole, per member (post/isLook). */
  access: (id: number, userId: number) => [...postKeys.all, 'access', id, userId] as const,
  feed: (tagId: number | undefined, sort: 'latest' | 'hot') => [...postKeys.all, 'feed', tagId ?? 0, sort] as const,
  tags: () => [...postKeys.all, 'tags'] as const,
  mayLike: (id: number | undefined) => [...postKeys.all, 'maylike', id ?? 0] as const,
  reviewRank: () => [...postKeys.all, 'reviewrank'] as const,
};
