import { describe, expect, it } from 'vitest';
import type { TagCategory, TagDetail } from '../../../../../protocol/content-api.ts';
import { categoryTarget, siblingTarget, splitSections, tagSummaryOf, tagTarget } from '../../../../../src/features/tags/tag-targets.ts';

const category = (id: number, contentType: number): TagCategory => ({ id, name: `c${id}`, contentType, tags: [] });
const emptyPage = (total: number) => ({ list: [], page: 1, pageSize: 12, total, hasMore: false });

describe('tag targets', () => {
  it('opens a video tag in tag details and a performer tag in the performer list', () => {
    expect(tagTarget({ id: 401, contentType: 2 })).toEqual({ to: '/tagDetails', search: { tid: 401, contentType: 2 } });
    expect(tagTarget({ id: 425, contentType: 8 })).toEqual({ to: '/actressList', search: { tid: 425 } });
  });

  it('opens a category title as tag details or as the performer list', () => {
    expect(categoryTarget({ id: 301, contentType: 2 })).toEqual({ to: '/tagDetails', search: { tagCateId: 301 } });
    expect(categoryTarget({ id: 304, contentType: 8 })).toEqual({ to: '/actressList', search: { tagCateId: 304 } });
  });

  it('keeps sibling tags in tag details with their content type and a non-default sort', () => {
    expect(siblingTarget({ id: 426, contentType: 8 }, 1)).toEqual({ to: '/tagDetails', search: { tid: 426, contentType: 8, sort: 1 } });
    expect(siblingTarget({ id: 402, contentType: 2 }, 0)).toEqual({ to: '/tagDetails', search: { tid: 402, contentType: 2, sort: undefined } });
  });

  it('splits categories into video and performer sections, keeping their order', () => {
    const sections = splitSections([category(301, 2), category(304, 8), category(302, 2), category(305, 8)]);
    expect(sections.video.map((c) => c.id)).toEqual([301, 302]);
    expect(sections.actress.map((c) => c.id)).toEqual([304, 305]);
  });
});

describe('tagSummaryOf', () => {
  const tag = { id: 401, name: '日常', categoryId: 301, contentType: 2, count: 9 };

  it('names the tag, counts its videos and links its reviews', () => {
    const detail: TagDetail = { tag, category: category(301, 2), contentType: 2, videos: emptyPage(9), actresses: null };
    expect(tagSummaryOf(detail)).toEqual({ name: '日常', total: 9, contentType: 2, reviews: { to: '/tagReviews', search: { tid: 401 } } });
  });

  it('names a category and counts performers, without reviews', () => {
    const detail: TagDetail = { tag: null, category: category(304, 8), contentType: 8, videos: null, actresses: emptyPage(5) };
    expect(tagSummaryOf(detail)).toEqual({ name: 'c304', total: 5, contentType: 8, reviews: null });
  });

  it('has nothing to show without a tag or category', () => {
    expect(tagSummaryOf({ tag: null, category: null, contentType: 2, videos: null, actresses: null })).toBeNull();
  });
});
