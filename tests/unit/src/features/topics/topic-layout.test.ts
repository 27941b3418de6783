import { describe, expect, it } from 'vitest';
import type { VideoItem } from '../../../../../protocol/api.ts';
import type { TopicDetail } from '../../../../../protocol/content-api.ts';
import { nextTopicPage } from '../../../../../src/features/topics/api/topic-detail.ts';
import { balancedChunks, chunk, mixedBlocks, rankTier, TOPIC_LAYOUTS, topicTypeOf } from '../../../../../src/features/topics/topic-layout.ts';

describe('topic display types', () => {
  it('names a distinct layout for each of the seven types', () => {
    const names = Object.values(TOPIC_LAYOUTS);
    expect(Object.keys(TOPIC_LAYOUTS)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(new Set(names).size).toBe(7);
  });

  it('keeps known types and draws unknown ones as type 1', () => {
    for (const t of [1, 2, 3, 4, 5, 6, 7]) expect(topicTypeOf(t)).toBe(t);
    expect(topicTypeOf(0)).toBe(1);
    expect(topicTypeOf(8)).toBe(1);
    expect(topicTypeOf(2.5)).toBe(1);
    expect(topicTypeOf(Number.NaN)).toBe(1);
  });
});

describe('chunk', () => {
  it('splits in order, the last group shorter', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
    expect(chunk([1, 2], 5)).toEqual([[1, 2]]);
  });

  it('refuses a size below one instead of looping forever', () => {
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });
});

describe('balancedChunks (type 2 rails)', () => {
  it('uses as few groups as the maximum allows and sizes them evenly', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(balancedChunks(items(11), 9).map((g) => g.length)).toEqual([6, 5]);
    expect(balancedChunks(items(16), 9).map((g) => g.length)).toEqual([8, 8]);
    expect(balancedChunks(items(9), 9).map((g) => g.length)).toEqual([9]);
    expect(balancedChunks(items(19), 9).map((g) => g.length)).toEqual([7, 7, 5]);
    expect(balancedChunks(items(11), 9).flat()).toEqual(items(11));
    expect(balancedChunks([], 9)).toEqual([]);
  });
});

describe('mixedBlocks (type 7)', () => {
  it('repeats feature, pair, three rows', () => {
    const blocks = mixedBlocks([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(blocks.map((b) => [b.kind, b.items])).toEqual([
      ['feature', [1]],
      ['pair', [2, 3]],
      ['rows', [4, 5, 6]],
      ['feature', [7]],
      ['pair', [8, 9]],
    ]);
  });

  it('puts every item in exactly one block and a short tail in the block it reaches', () => {
    const items = Array.from({ length: 16 }, (_, i) => i);
    expect(mixedBlocks(items).flatMap((b) => b.items)).toEqual(items);
    expect(mixedBlocks([1, 2])).toEqual([
      { kind: 'feature', items: [1] },
      { kind: 'pair', items: [2] },
    ]);
    expect(mixedBlocks([])).toEqual([]);
  });
});

describe('rankTier (type 3)', () => {
  it('gives the top three medal tiers and the rest a plain number', () => {
    expect([1, 2, 3, 4, 10].map(rankTier)).toEqual(['gold', 'silver', 'bronze', 'plain', 'plain']);
  });
});

describe('nextTopicPage', () => {
  const detail = (page: number, hasMore: boolean) => ({ videos: { list: [] as VideoItem[], page, pageSize: 9, total: 16, hasMore } }) as unknown as TopicDetail;

  it('follows the videos page of the topic answer', () => {
    expect(nextTopicPage(detail(1, true))).toBe(2);
    expect(nextTopicPage(detail(2, false))).toBeUndefined();
  });
});
