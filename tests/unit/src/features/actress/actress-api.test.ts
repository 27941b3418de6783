import { describe, expect, it } from 'vitest';
import type { ActressDetail } from '../../../../../protocol/content-api.ts';
import { actressKeys } from '../../../../../src/features/actress/api/actress-keys.ts';
import { ACTRESS_LIST_PAGE_SIZE, actressListBody } from '../../../../../src/features/actress/api/actress-list.ts';
import { withFollowState } from '../../../../../src/features/actress/api/follow-actress.ts';

describe('actress/list body', () => {
  it('asks by tag, by category, or for everyone', () => {
    expect(actressListBody({ tid: 425 }, 'hot', 2)).toEqual({ page: 2, pageSize: ACTRESS_LIST_PAGE_SIZE, sort: 'hot', tid: 425 });
    expect(actressListBody({ tagCateId: 304 }, 'latest', 1)).toEqual({ page: 1, pageSize: ACTRESS_LIST_PAGE_SIZE, sort: 'latest', tagCateId: 304 });
    expect(actressListBody({ tid: 425, tagCateId: 304 }, 'collect', 1)).not.toHaveProperty('tagCateId');
    expect(actressListBody({}, 'latest', 1)).toEqual({ page: 1, pageSize: ACTRESS_LIST_PAGE_SIZE, sort: 'latest' });
  });

  it('keys each filter and order apart, so a kept-alive list comes back from its own cache', () => {
    expect(actressKeys.list({ tid: 425 }, 'hot')).not.toEqual(actressKeys.list({ tagCateId: 425 }, 'hot'));
    expect(actressKeys.list({}, 'hot')).not.toEqual(actressKeys.list({}, 'latest'));
  });
});

describe('withFollowState', () => {
  it('takes the followed flag and the fan count from the server answer', () => {
    const detail = { id: 2001, name: '林夏', isCollect: false, fansCount: 10 } as ActressDetail;
    expect(withFollowState(detail, { isCollect: true, collectCount: 11 })).toMatchObject({ id: 2001, isCollect: true, fansCount: 11 });
    expect(detail.isCollect).toBe(false);
  });
});
