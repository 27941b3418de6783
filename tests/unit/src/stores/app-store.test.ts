import { describe, expect, it } from 'vitest';
import { flush, freshStorage } from '../memory-storage.ts';

const local = freshStorage('localStorage');

const load = () => import('../../../../src/stores/app-store.ts');

describe('search history (SPEC §4)', () => {
  it('puts a new term first, drops duplicates and keeps 10', async () => {
    const { withSearchTerm } = await load();
    expect(withSearchTerm(['a', 'b', 'c'], 'b')).toEqual(['b', 'a', 'c']);
    expect(withSearchTerm([], '  x  ')).toEqual(['x']);
    expect(withSearchTerm(['a'], '   ')).toEqual(['a']);
    const many = Array.from({ length: 10 }, (_, i) => `t${i}`);
    const next = withSearchTerm(many, 'new');
    expect(next).toHaveLength(10);
    expect(next[0]).toBe('new');
    expect(next).not.toContain('t9');
  });

  it('adds and clears through the store', async () => {
    const { addSearchRecord, appStore, clearSearchRecord } = await load();
    addSearchRecord('one');
    addSearchRecord('two');
    addSearchRecord('one');
    expect(appStore.searchRecord).toEqual(['one', 'two']);
    clearSearchRecord();
    expect(appStore.searchRecord).toEqual([]);
  });
});

describe('app store persistence', () => {
  it('mirrors token, devId, userInfo and searchRecord to localStorage md-app', async () => {
    const { APP_STORE_KEY, appStore, setSession, addSearchRecord } = await load();
    expect(APP_STORE_KEY).toBe('md-app');
    appStore.devId = 'd'.repeat(36);
    setSession('tok', { id: 1, account: 'member1', mobile: '', nickname: '', avatar: '', signature: '', isUser: true });
    addSearchRecord('term');
    await flush();
    const stored = JSON.parse(local.getItem('md-app') ?? '{}');
    expect(stored).toMatchObject({ token: 'tok', devId: 'd'.repeat(36), searchRecord: ['term'], userInfo: { account: 'member1', isUser: true } });
  });

  it('restores a stored session and clears only the login', async () => {
    local.setItem('md-app', JSON.stringify({ token: 't', devId: 'dev', userInfo: { isUser: true }, searchRecord: ['s'] }));
    const { appStore, clearSession, isRegisteredUser } = await load();
    expect(appStore.token).toBe('t');
    expect(isRegisteredUser()).toBe(true);
    clearSession();
    expect(appStore).toMatchObject({ token: '', userInfo: null, devId: 'dev', searchRecord: ['s'] });
    expect(isRegisteredUser()).toBe(false);
  });

  it('ignores a corrupt stored value', async () => {
    local.setItem('md-app', '{not json');
    const { appStore } = await load();
    expect(appStore).toMatchObject({ token: '', devId: '', searchRecord: [], userInfo: null });
  });
});
