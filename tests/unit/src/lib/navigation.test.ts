import { describe, expect, it } from 'vitest';
import type { NavItem } from '../../../../protocol/api.ts';
import { bindTarget, contentTarget, hrefOf, sameLocation } from '../../../../src/lib/navigation.ts';

const item = (over: Partial<NavItem>): NavItem => ({
  id: 1,
  name: '热门',
  bindType: 0,
  bindInt: 42,
  bindStr: '',
  jumpType: 0,
  contentType: 2,
  sort: 3,
  ...over,
});

describe('bindTarget (SPEC §2)', () => {
  it('0 goes nowhere', () => {
    expect(bindTarget(item({ bindType: 0 }))).toEqual({ kind: 'none' });
  });

  it('1 opens home with category id and title', () => {
    expect(bindTarget(item({ bindType: 1 }))).toEqual({ kind: 'route', to: '/', search: { id: 42, tit: '热门' } });
  });

  it('2 opens the topics page with sort', () => {
    expect(bindTarget(item({ bindType: 2 }))).toEqual({ kind: 'route', to: '/topicsPage', search: { id: 42, sort: 3 } });
  });

  it('3 opens tag details, or the actress list for contentType 8', () => {
    expect(bindTarget(item({ bindType: 3 }))).toEqual({
      kind: 'route',
      to: '/tagDetails',
      search: { tid: 42, sort: 3, contentType: 2 },
    });
    expect(bindTarget(item({ bindType: 3, contentType: 8 }))).toEqual({ kind: 'route', to: '/actressList', search: { tid: 42 } });
  });

  it('4 follows a link in-app when jumpType is 1, else in a new window', () => {
    expect(bindTarget(item({ bindType: 4, jumpType: 1, bindStr: '/FAQ' }))).toEqual({ kind: 'href', href: '/FAQ' });
    expect(bindTarget(item({ bindType: 4, jumpType: 2, bindStr: 'https://example.com' }))).toEqual({
      kind: 'external',
      url: 'https://example.com',
    });
    expect(bindTarget(item({ bindType: 4, bindStr: '' }))).toEqual({ kind: 'none' });
  });

  it('5 opens the actress page', () => {
    expect(bindTarget(item({ bindType: 5 }))).toEqual({ kind: 'route', to: '/actressPage', search: { id: 42 } });
  });

  it('6 opens the tag-category view', () => {
    expect(bindTarget(item({ bindType: 6, contentType: 8 }))).toEqual({ kind: 'route', to: '/actressList', search: { tagCateId: 42 } });
    expect(bindTarget(item({ bindType: 6 }))).toEqual({ kind: 'route', to: '/tagDetails', search: { tagCateId: 42, sort: 3 } });
  });

  it('unknown bind types go nowhere', () => {
    expect(bindTarget(item({ bindType: 99 }))).toEqual({ kind: 'none' });
  });
});

describe('contentTarget', () => {
  it('opens videos and actresses by contentType', () => {
    expect(contentTarget({ id: 7, contentType: 2 })).toEqual({ kind: 'route', to: '/videoDetails', search: { id: 7 } });
    expect(contentTarget({ id: 7, contentType: 8 })).toEqual({ kind: 'route', to: '/actressPage', search: { id: 7 } });
    expect(contentTarget({ id: 7, contentType: 5 })).toEqual({ kind: 'none' });
  });
});

describe('hrefOf and sameLocation', () => {
  it('builds a query the router reads back', () => {
    expect(hrefOf('/', { id: 10782, tit: '首页', sort: undefined })).toBe('/?id=10782&tit=%E9%A6%96%E9%A1%B5');
    expect(hrefOf('/FAQ')).toBe('/FAQ');
  });

  it('compares path and parameters regardless of order', () => {
    expect(sameLocation('/tagDetails?tid=1&sort=2', '/tagDetails?sort=2&tid=1')).toBe(true);
    expect(sameLocation('/tagDetails?tid=1', '/tagDetails?tid=2')).toBe(false);
    expect(sameLocation('/mine', '/FAQ')).toBe(false);
  });
});
