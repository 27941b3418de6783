export const postKeys = {
  all: ['post'] as const,
  detail: (id: number) => [...postKeys.all, 'detail', id] as const,
};
