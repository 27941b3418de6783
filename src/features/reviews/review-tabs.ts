import type { SortKey } from '../../../protocol/content-api.ts';

/** The tabs of /nav/reviews (?tab=): the two orders review/list knows, and review/selected. */
export const REVIEW_TABS = [
  { tab: 'latest', label: 'latest' },
  { tab: 'hot', label: 'hot' },
  { tab: 'selected', label: 'selected' },
] as const;

export type ReviewTab = (typeof REVIEW_TABS)[number]['tab'];

export function reviewTabOf(value: unknown): ReviewTab {
  return REVIEW_TABS.find((t) => t.tab === value)?.tab ?? 'latest';
}

/** review/list sorts by latest or hot; 精选 has its own endpoint (most liked first). */
export function listSortOf(tab: ReviewTab): SortKey | null {
  return tab === 'selected' ? null : tab;
}

/** /tagReviews orders (route `sort`): likes rank 最热; the server has no third order for reviews. */
export const TAG_REVIEW_SORT_LABELS = ['latest', 'hot'] as const;

export function tagReviewSortOf(sort: number | undefined): number {
  return sort === 1 ? 1 : 0;
}

/** A score out of 10 as five stars: each star is two points, an odd point is a half star. */
export function starsOf(score: number): { full: number; half: number; empty: number } {
  const points = Math.min(10, Math.max(0, Math.round(Number.isFinite(score) ? score : 0)));
  const full = Math.floor(points / 2);
  const half = points % 2;
  return { full, half, empty: 5 - full - half };
}
