import { describe, expect, it } from 'vitest';
import { HISTORY_SUGGESTIONS, suggestionsFor } from '../../../../../src/features/search/suggestions.ts';

const hot = ['云海', '城市夜景', '美食', 'Vlog 日常'].map((keyword, i) => ({ keyword, rank: i + 1 }));

describe('suggestionsFor', () => {
  it('an empty box lists the recent searches first, then every hot search', () => {
    expect(suggestionsFor('  ', ['拉面', '古镇'], hot)).toEqual([
      { kind: 'history', keyword: '拉面' },
      { kind: 'history', keyword: '古镇' },
      { kind: 'hot', keyword: '云海', rank: 1 },
      { kind: 'hot', keyword: '城市夜景', rank: 2 },
      { kind: 'hot', keyword: '美食', rank: 3 },
      { kind: 'hot', keyword: 'Vlog 日常', rank: 4 },
    ]);
  });

  it('what is typed narrows both lists to entries containing it, ignoring case and spaces around it', () => {
    expect(suggestionsFor(' 城市 ', ['城市骑行', '拉面'], hot).map((s) => s.keyword)).toEqual(['城市骑行', '城市夜景']);
    expect(suggestionsFor('vlog', [], hot)).toEqual([{ kind: 'hot', keyword: 'Vlog 日常', rank: 4 }]);
    expect(suggestionsFor('没有的词', ['拉面'], hot)).toEqual([]);
  });

  it('keeps the history short and lists a hot search already searched once, as history', () => {
    const history = ['一', '二', '三', '四', '五', '六', '美食'];
    const result = suggestionsFor('', history, hot);
    expect(result.filter((s) => s.kind === 'history')).toHaveLength(HISTORY_SUGGESTIONS);
    expect(suggestionsFor('美', ['美食'], hot)).toEqual([{ kind: 'history', keyword: '美食' }]);
  });
});
