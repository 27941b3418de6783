import { describe, expect, it } from 'vitest';
import { hidesTabBar, ownSectionOf, SECTION_PATHS, sectionRootOf } from '../../../../src/lib/sections.ts';

describe('sections (the phone tab bar and which pages keep the site header)', () => {
  it('knows each section by its first page only', () => {
    expect(sectionRootOf('/')).toBe('home');
    expect(sectionRootOf('/tagList')).toBe('discover');
    expect(sectionRootOf('/discuss')).toBe('discuss');
    expect(sectionRootOf('/mine')).toBe('mine');
    for (const path of ['/videoDetails', '/actressList', '/account', '/searchPage', '/tagDetails']) expect(sectionRootOf(path)).toBeUndefined();
    expect(Object.values(SECTION_PATHS).map(sectionRootOf)).toEqual(['home', 'discover', 'discuss', 'mine']);
  });

  it("puts the member's own pages under 我的; other sub-pages belong to the section the visit came from", () => {
    expect(ownSectionOf('/account')).toBe('mine');
    expect(ownSectionOf('/sysMsg')).toBe('mine');
    expect(ownSectionOf('/noticeDetail')).toBe('mine');
    expect(ownSectionOf('/tagList')).toBe('discover');
    expect(ownSectionOf('/videoDetails')).toBeUndefined();
    expect(ownSectionOf('/actressPage')).toBeUndefined();
  });

  it('leaves the tab bar out of the watch page and the publishing form only', () => {
    expect(hidesTabBar('/videoDetails')).toBe(true);
    expect(hidesTabBar('/post')).toBe(true);
    for (const path of ['/', '/mine', '/account', '/actressList', '/searchPage', '/postDetail']) expect(hidesTabBar(path)).toBe(false);
  });
});
