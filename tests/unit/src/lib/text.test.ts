import { describe, expect, it } from 'vitest';
import { paragraphsOf } from '../../../../src/lib/text.ts';

describe('paragraphsOf', () => {
  it('splits plain text on blank lines and drops empty paragraphs', () => {
    expect(paragraphsOf('第一段\n续行\n\n  \n第二段\n\n')).toEqual(['第一段\n续行', '第二段']);
    expect(paragraphsOf('')).toEqual([]);
  });

  it('keeps markup as literal text', () => {
    expect(paragraphsOf('<b>粗体</b>\n\n<script>x</script>')).toEqual(['<b>粗体</b>', '<script>x</script>']);
  });
});
