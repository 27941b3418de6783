import { describe, expect, it } from 'vitest';
import type { TagDetail } from '../../../../../protocol/content-api.ts';
import { TAG_DETAIL_PAGE_SIZE, nextTagDetailPage, tagDetailBody } from '../../../../../src/features/tags/api/tag-detail.ts';
import { tagKeys } from '../../../../../src/features/tags/api/tag-keys.ts';

const page = (n: number, hasMore: boolean) => ({ list: [], page: n, pageSize: TAG_DETAIL_PAGE_SIZE, total: 30, hasMore });
const detail = (videos: TagDetail['videos'], actresses: TagDetail['actresses']): TagDetail => ({
  tag: null,
  category: null,
  contentType: 2,
  videos,
  actresses,
});

describe('tag/detail', () => {
  it('asks by tag (with its content type) or by category', () => {
    expect(tagDetailBody({ tid: 401, contentType: 2 }, 'hot', 2)).toEqual({ page: 2, pageSize: TAG_DETAIL_PAGE_SIZE, sort: 'hot', tid: 401, contentType: 2 });
    expect(tagDetailBody({ tagCateId: 301 }, 'latest', 1)).toEqual({ page: 1, pageSize: TAG_DETAIL_PAGE_SIZE, sort: 'latest', tagCateId: 301 });
    expect(tagDetailBody({ tid: 401, tagCateId: 301 }, 'latest', 1)).not.toHaveProperty('tagCateId');
  });

  it('pages on through whichever list the answer filled', () => {
    expect(nextTagDetailPage(detail(page(1, true), null))).toBe(2);
    expect(nextTagDetailPage(detail(null, page(2, true)))).toBe(3);
    expect(nextTagDetailPage(detail(null, page(3, false)))).toBeUndefined();
    expect(nextTagDetailPage(detail(null, null))).toBeUndefined();
  });

  it('keys tag, category, content type and order apart', () => {
    expect(tagKeys.detail({ tid: 401 }, 'hot')).not.toEqual(tagKeys.detail({ tagCateId: 401 }, 'hot'));
    expect(tagKeys.detail({ tid: 401, contentType: 2 }, 'hot')).not.toEqual(tagKeys.detail({ tid: 401, contentType: 8 }, 'hot'));
  });
});
