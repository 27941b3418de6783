import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highlightSegments } from '../../../../src/features/search/highlight.ts';

describe('highlightSegments', () => {
  it('marks every occurrence of a Chinese keyword inside words', () => {
    expect(highlightSegments('雨后老街的青石板路，青石', '青石')).toEqual([
      { text: '雨后老街的', match: false },
      { text: '青石', match: true },
      { text: '板路，', match: false },
      { text: '青石', match: true },
    ]);
  });

  it('ignores case for Latin letters and keeps the original text', () => {
    expect(highlightSegments('Vlog in the vLOG city', 'vlog')).toEqual([
      { text: 'Vlog', match: true },
      { text: ' in the ', match: false },
      { text: 'vLOG', match: true },
      { text: ' city', match: false },
    ]);
  });

  it('leaves text alone for an empty keyword or no match', () => {
    expect(highlightSegments('山谷里的云海', '  ')).toEqual([{ text: '山谷里的云海', match: false }]);
    expect(highlightSegments('山谷里的云海', '沙漠')).toEqual([{ text: '山谷里的云海', match: false }]);
    expect(highlightSegments('', '云海')).toEqual([]);
  });

  it('always reassembles the original text', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ maxLength: 4 }), (text, keyword) => {
        const segments = highlightSegments(text, keyword);
        expect(segments.map((s) => s.text).join('')).toBe(text);
        for (const s of segments) expect(s.text.length).toBeGreaterThan(0);
      }),
    );
  });
});
