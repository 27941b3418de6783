import { describe, expect, it } from 'vitest';
import type { TagCategory } from '../../../../../protocol/content-api.ts';
import { tagReviewsBody } from '../../../../../src/features/reviews/api/tag-reviews.ts';
import { listSortOf, reviewTabOf, starsOf, tagReviewSortOf } from '../../../../../src/features/reviews/review-tabs.ts';
import { tagReviewHeading } from '../../../../../src/features/reviews/tag-review-heading.ts';

describe('review list tabs', () => {
  it('reads ?tab= and falls back to latest', () => {
    expect(reviewTabOf('hot')).toBe('hot');
    expect(reviewTabOf('selected')).toBe('selected');
    expect(reviewTabOf('latest')).toBe('latest');
    expect(reviewTabOf('collect')).toBe('latest');
    expect(reviewTabOf(undefined)).toBe('latest');
    expect(reviewTabOf(1)).toBe('latest');
  });

  it('asks review/list for latest and hot, and the selected endpoint (no sort) for 精选', () => {
    expect(listSortOf('latest')).toBe('latest');
    expect(listSortOf('hot')).toBe('hot');
    expect(listSortOf('selected')).toBeNull();
  });

  it('knows two tag-review orders and treats anything else as the first', () => {
    expect(tagReviewSortOf(1)).toBe(1);
    expect(tagReviewSortOf(0)).toBe(0);
    expect(tagReviewSortOf(2)).toBe(0);
    expect(tagReviewSortOf(undefined)).toBe(0);
  });
});

describe('starsOf', () => {
  it('shows a score out of ten as five stars with halves', () => {
    expect(starsOf(10)).toEqual({ full: 5, half: 0, empty: 0 });
    expect(starsOf(7)).toEqual({ full: 3, half: 1, empty: 1 });
    expect(starsOf(6)).toEqual({ full: 3, half: 0, empty: 2 });
    expect(starsOf(0)).toEqual({ full: 0, half: 0, empty: 5 });
  });

  it('clamps out-of-range and non-numeric scores', () => {
    expect(starsOf(14)).toEqual({ full: 5, half: 0, empty: 0 });
    expect(starsOf(-3)).toEqual({ full: 0, half: 0, empty: 5 });
    expect(starsOf(Number.NaN)).toEqual({ full: 0, half: 0, empty: 5 });
  });
});

describe('tagReviewsBody', () => {
  it('sends one of tid and tagCateId, the tag when both are known', () => {
    expect(tagReviewsBody({ tid: 401 }, 'hot', 2)).toEqual({ page: 2, pageSize: 10, sort: 'hot', tid: 401 });
    expect(tagReviewsBody({ tagCateId: 302 }, 'latest', 1)).toEqual({ page: 1, pageSize: 10, sort: 'latest', tagCateId: 302 });
    expect(tagReviewsBody({ tid: 401, tagCateId: 302 }, 'latest', 1)).toEqual({ page: 1, pageSize: 10, sort: 'latest', tid: 401 });
  });
});

describe('tagReviewHeading', () => {
  const tag = (id: number, name: string, categoryId: number) => ({ id, name, categoryId, contentType: 2, count: 0 });
  const categories: TagCategory[] = [
    { id: 301, name: '题材', contentType: 2, tags: [tag(401, '纪实', 301), tag(402, '教程', 301)] },
    { id: 302, name: '风格', contentType: 2, tags: [tag(409, '治愈', 302)] },
  ];

  it('names the tag with its category, or the category alone', () => {
    expect(tagReviewHeading(categories, { tid: 402 })).toEqual({ name: '教程', tag: categories[0]!.tags[1], category: categories[0] });
    expect(tagReviewHeading(categories, { tagCateId: 302 })).toEqual({ name: '风格', tag: null, category: categories[1] });
  });

  it('is null for ids the list does not hold', () => {
    expect(tagReviewHeading(categories, { tid: 999 })).toBeNull();
    expect(tagReviewHeading(categories, { tagCateId: 999 })).toBeNull();
    expect(tagReviewHeading(categories, {})).toBeNull();
  });
});
