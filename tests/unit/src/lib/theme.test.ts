import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { THEME_COLORS, resolveTheme, themeChoiceOf } from '../../../../src/lib/theme.ts';

describe('the theme choice', () => {
  it("reads the stored choice, anything else being the system's", () => {
    expect(themeChoiceOf('light')).toBe('light');
    expect(themeChoiceOf('dark')).toBe('dark');
    for (const other of ['', 'system', 'Light', 'blue']) expect(themeChoiceOf(other)).toBe('system');
  });

  it('follows the system only when asked to', () => {
    expect(resolveTheme('system', true)).toBe('light');
    expect(resolveTheme('system', false)).toBe('dark');
    expect(resolveTheme('light', false)).toBe('light');
    expect(resolveTheme('dark', true)).toBe('dark');
  });
});

/** The first-paint script of index.html, run against a stand-in document: what it sets. */
function runFirstPaintScript(stored: string | null, prefersLight: boolean) {
  const html = readFileSync('index.html', 'utf8');
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('index.html has no inline script');
  const attributes: Record<string, string> = {};
  const metas: Record<string, string> = {};
  const meta = (name: string) => ({ setAttribute: (_: string, value: string) => (metas[name] = value) });
  runInNewContext(script, {
    localStorage: { getItem: (key: string) => (key === 'md-app' ? stored : null) },
    matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: light)' && prefersLight }),
    document: {
      documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
      querySelector: (selector: string) => meta(/name="([^"]+)"/.exec(selector)![1]!),
    },
  });
  return { theme: attributes['data-theme'], bar: metas['theme-color'], scheme: metas['color-scheme'] };
}

describe("index.html's first-paint script", () => {
  it('sets the same theme as the app will, with the same bar colour', () => {
    const cases: [string | null, boolean][] = [
      [null, true],
      [null, false],
      ['{"theme":""}', true],
      ['{"theme":"dark"}', true],
      ['{"theme":"light"}', false],
      ['{"theme":"purple"}', false],
      ['not json', true],
      ['null', true],
    ];
    for (const [stored, prefersLight] of cases) {
      let choice = '';
      try {
        choice = (JSON.parse(stored ?? '{}') as { theme?: string } | null)?.theme ?? '';
      } catch {
        choice = '';
      }
      const expected = resolveTheme(themeChoiceOf(choice), prefersLight);
      expect(runFirstPaintScript(stored, prefersLight), `${stored} ${prefersLight}`).toEqual({
        theme: expected,
        bar: THEME_COLORS[expected],
        scheme: expected,
      });
    }
  });
});
