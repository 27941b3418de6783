export const supportKeys = {
  all: ['support'] as const,
  faqCategories: () => [...supportKeys.all, 'faq-categories'] as const,
  faqList: (cateId: number | undefined, keyword: string) => [...supportKeys.all, 'faq', cateId ?? 0, keyword] as const,
  feedbackCategories: () => [...supportKeys.all, 'feedback-categories'] as const,
};
