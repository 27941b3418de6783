import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highlightSegments } from '../../../../src/lib/highlight.ts';

/** Segments written inline: [brackets] mark the matches. */
const marked = (text: string) =>
  text
    .split(/(\[[^\]]*\])/)
    .filter(Boolean)
    .map((part) => (part.startsWith('[') ? { text: part.slice(1, -1), match: true } : { text: part, match: false }));

describe('highlightSegments', () => {
  it.each([
    ['marks every occurrence of a Chinese keyword inside words', '雨后老街的青石板路，青石', '青石', '雨后老街的[青石]板路，[青石]'],
    ['ignores case for Latin letters and keeps the original text', 'Vlog in the vLOG city', 'vlog', '[Vlog] in the [vLOG] city'],
    ['leaves text alone for a blank keyword', '山谷里的云海', '  ', '山谷里的云海'],
    ['leaves text alone when nothing matches', '山谷里的云海', '沙漠', '山谷里的云海'],
    ['has no segments for no text', '', '云海', ''],
  ])('%s', (_name, text, keyword, expected) => {
    expect(highlightSegments(text, keyword)).toEqual(marked(expected));
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
