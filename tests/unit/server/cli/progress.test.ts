import { describe, expect, it } from 'vitest';
import { progressBar } from '../../../../server/cli/progress.ts';

const stream = (isTTY: boolean) => {
  const writes: string[] = [];
  return { writes, isTTY, columns: 80, write: (text: string) => writes.push(text) };
};

describe('progressBar', () => {
  it('redraws one line in place on a terminal, at most every 100 ms, and ends it with a newline', () => {
    let now = 0;
    const out = stream(true);
    const bar = progressBar(4, 'import', out, () => now);
    expect(out.writes).toHaveLength(1);
    expect(out.writes[0]).toMatch(/^\r\x1b\[K\[-+\]   0% 0\/4 import$/);
    bar.tick();
    expect(out.writes).toHaveLength(1); // within 100 ms of the last draw
    now = 1000;
    bar.tick(1, 'clip b');
    expect(out.writes.at(-1)).toMatch(/^\r\x1b\[K\[#+-+\]  50% 2\/4 1s left clip b$/);
    bar.tick(2);
    expect(out.writes.at(-1)).toContain('100% 4/4');
    bar.finish('imported 4 videos');
    expect(out.writes.slice(-2)).toEqual(['\n', 'imported 4 videos\n']);
    bar.tick();
    expect(out.writes.at(-1)).toBe('imported 4 videos\n');
  });

  it('writes a plain line at each tenth when piped', () => {
    const out = stream(false);
    const bar = progressBar(20, 'backup', out);
    for (let i = 0; i < 20; i++) bar.tick();
    bar.finish();
    expect(out.writes).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((p) => `backup: ${p}% (${(p / 100) * 20}/20)\n`));
  });

  it('shows an empty job as done', () => {
    const out = stream(false);
    progressBar(0, 'nothing', out).finish();
    expect(out.writes).toEqual(['nothing: 100% (0/0)\n']);
  });
});
