import { describe, expect, it } from 'vitest';
import { actressRecordOf, recentActressOf } from '../../../../src/lib/actress-records.ts';

describe('performer browsing records', () => {
  it('keys the record by the performer id and keeps what /mine shows', () => {
    const now = new Date('2026-03-04T05:06:07.000Z');
    expect(actressRecordOf({ id: 2001, name: '林夏', avatar: 'a/2001.png' }, now)).toEqual({
      name: '林夏',
      refId: '2001',
      actressId: 2001,
      avatar: 'a/2001.png',
      visitedAt: '2026-03-04T05:06:07.000Z',
    });
  });

  it('reads stored records back, falling back to refId and the db timestamps', () => {
    expect(recentActressOf({ id: 3, name: '林夏', refId: '2001', actressId: 2001, avatar: 'a.png', visitedAt: 'v' })).toEqual({
      key: 3,
      actressId: 2001,
      name: '林夏',
      avatar: 'a.png',
      visitedAt: 'v',
    });
    expect(recentActressOf({ id: 4, refId: '2002', createdAt: 'c' })).toEqual({ key: 4, actressId: 2002, name: '', avatar: '', visitedAt: 'c' });
  });

  it('skips records it cannot link to a performer', () => {
    expect(recentActressOf({ id: 5, refId: 'abc' })).toBeNull();
    expect(recentActressOf({ id: 6, actressId: -1 })).toBeNull();
    expect(recentActressOf({ refId: '2001' })).toBeNull();
  });
});
