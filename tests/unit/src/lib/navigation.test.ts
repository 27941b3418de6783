import { describe, expect, it, vi } from 'vitest';
import type { NavItem } from '../../../../protocol/api.ts';
import { bindHref, bindTarget, contentTarget, hrefOf, navigateByBind, openContent, sameLocation } from '../../../../src/lib/navigation.ts';

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

describe('navigateByBind and openContent', () => {
  it('pushes in-app routes with their query', () => {
    const navigate = vi.fn();
    navigateByBind(item({ bindType: 1, bindInt: 103, name: '美食' }), navigate);
    expect(navigate).toHaveBeenCalledWith('/', { id: 103, tit: '美食' });
    navigateByBind(item({ bindType: 5, bindInt: 2001 }), navigate);
    expect(navigate).toHaveBeenLastCalledWith('/actressPage', { id: 2001 });
  });

  it('follows an in-app link (bindType 4, jumpType 1) by its path and query', () => {
    const navigate = vi.fn();
    vi.stubGlobal('location', { origin: 'http://app.local' });
    navigateByBind(item({ bindType: 4, jumpType: 1, bindStr: '/tagDetails?tid=3&sort=1' }), navigate);
    expect(navigate).toHaveBeenCalledWith('/tagDetails', { tid: '3', sort: '1' });
    vi.unstubAllGlobals();
  });

  it('opens an outside link (bindType 4, other jumpType) in a new window and does not navigate', () => {
    const navigate = vi.fn();
    const open = vi.fn();
    vi.stubGlobal('window', { open });
    navigateByBind(item({ bindType: 4, jumpType: 0, bindStr: 'https://example.com/a' }), navigate);
    expect(open).toHaveBeenCalledWith('https://example.com/a', '_blank', 'noopener,noreferrer');
    expect(navigate).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('does nothing for bindType 0', () => {
    const navigate = vi.fn();
    navigateByBind(item({ bindType: 0 }), navigate);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('opens contentType 2 as a video and 8 as a performer, and ignores the rest', () => {
    const navigate = vi.fn();
    openContent({ id: 1001, contentType: 2 }, navigate);
    openContent({ id: 2001, contentType: 8 }, navigate);
    openContent({ id: 5, contentType: 3 }, navigate);
    expect(navigate.mock.calls).toEqual([
      ['/videoDetails', { id: 1001 }],
      ['/actressPage', { id: 2001 }],
    ]);
  });
});

describe('bindHref', () => {
  it('gives each bindType the address its click leads to', () => {
    expect(bindHref(item({ bindType: 0 }))).toBeUndefined();
    expect(bindHref(item({ bindType: 1, bindInt: 103, name: '美食' }))).toBe('/?id=103&tit=%E7%BE%8E%E9%A3%9F');
    expect(bindHref(item({ bindType: 2, bindInt: 501, sort: 1 }))).toBe('/topicsPage?id=501&sort=1');
    expect(bindHref(item({ bindType: 3, bindInt: 401, sort: 0 }))).toBe('/tagDetails?tid=401&sort=0&contentType=2');
    expect(bindHref(item({ bindType: 3, bindInt: 425, contentType: 8 }))).toBe('/actressList?tid=425');
    expect(bindHref(item({ bindType: 4, jumpType: 1, bindStr: '/tagList' }))).toBe('/tagList');
    expect(bindHref(item({ bindType: 4, jumpType: 0, bindStr: 'https://example.com' }))).toBe('https://example.com');
    expect(bindHref(item({ bindType: 5, bindInt: 2001 }))).toBe('/actressPage?id=2001');
    expect(bindHref(item({ bindType: 6, bindInt: 301, sort: 0 }))).toBe('/tagDetails?tagCateId=301&sort=0');
    expect(bindHref(item({ bindType: 6, bindInt: 301, contentType: 8 }))).toBe('/actressList?tagCateId=301');
  });
});
